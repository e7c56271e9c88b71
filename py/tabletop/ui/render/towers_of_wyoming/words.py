"""Plain words for the Towers of Wyoming table, with the seats' real names.

The engine writes "Player 2" because it does not know who sits where; the table
knows (``ctx.names``). ``named`` swaps the engine's seat words for names; the
event sentences are built from the view's structured events, so a name is never
parsed out of text the engine did not write.

>>> named("Player 2 wins: a tower of 11 cards.", ["Ana", "Ben"])
'Ben wins: a tower of 11 cards.'
>>> cards(3, "H"), cards(1, "S"), symbol("D")
('3 hearts', '1 spade', '♦')
"""

from __future__ import annotations

import re
from typing import Any

from tabletop.engine.cards import Card, Suit

SEAT_WORD = re.compile(r"\bPlayer ([1-4])\b")


def named(text: str, names: list[str]) -> str:
    """The engine's "Player N" replaced by the name of seat N-1 (in one pass: names are never re-read)."""

    def swap(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        return names[seat] if 0 <= seat < len(names) else match.group(0)

    return SEAT_WORD.sub(swap, text)


def suit(letter: str) -> Suit:
    return Suit(letter)


def symbol(letter: str | None) -> str:
    return Suit(letter).symbol if letter else ""


def noun(letter: str, n: int) -> str:
    s = Suit(letter)
    return s.singular if n == 1 else s.noun


def cards(n: int, letter: str) -> str:
    """``"3 hearts"``, ``"1 spade"``."""
    return f"{n} {noun(letter, n)}"


def card_label(code: str) -> str:
    """``"QH#1"`` -> ``"Q♥"``."""
    return Card.parse(code).label


def card_name(code: str) -> str:
    """``"QH#1"`` -> ``"queen of hearts"``."""
    return Card.parse(code).name


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def name_list(words: list[str]) -> str:
    if not words:
        return ""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


class Teller:
    """Sentences about seats, from the point of view of the person at the screen."""

    def __init__(self, names: list[str], viewer: int | None, foundations: int):
        self.names, self.viewer, self.foundations = names, viewer, foundations

    def who(self, seat: int) -> str:
        return "You" if seat == self.viewer else self.names[seat]

    def whose(self, owner: int, actor: int | None = None) -> str:
        if owner == self.viewer:
            return "your"
        if owner == actor:
            return "their own"
        return f"{self.names[owner]}'s"

    def place(self, owner: int, foundation: int) -> str:
        """``"Ben's foundation"``, ``"your foundation 2"``."""
        number = f" {foundation + 1}" if self.foundations > 1 else ""
        return f"{self.whose(owner)} foundation{number}"

    def tower(self, size: int, letter: str | None) -> str:
        return f"{size}-card {Suit(letter).singular} tower" if size and letter else "empty foundation"

    def event(self, e: dict[str, Any]) -> str | None:
        """One public event in words, or None for the ones the table shows elsewhere."""
        kind = e["type"]
        if kind == "construct":
            actor, owner = e["seat"], e["owner"]
            number = f" {e['foundation'] + 1}" if self.foundations > 1 else ""
            if e["size"] == e["count"]:
                where = "your" if owner == self.viewer else "their"
                return f"{self.who(actor)} started a {Suit(e['suit']).singular} tower on {where} foundation{number} with {cards(e['count'], e['suit'])}."
            on = f" on foundation {e['foundation'] + 1}" if self.foundations > 1 else ""
            return (
                f"{self.who(actor)} built {cards(e['count'], e['suit'])} onto {self.whose(owner, actor)} "
                f"{Suit(e['suit']).singular} tower{on}: now {cards(e['size'], e['suit'])}."
            )
        if kind == "deconstruct":
            actor, owner = e["seat"], e["owner"]
            before, after = e["before"], e["after"]
            number = f" (foundation {e['foundation'] + 1})" if self.foundations > 1 else ""
            head = (
                f"{self.who(actor)} played {cards(e['count'], e['suit'])} against {self.whose(owner, actor)} "
                f"{self.tower(before['size'], before['suit'])}{number}"
            )
            if after["size"] == 0:
                return f"{head}: knocked down to an empty foundation."
            if after["suit"] == before["suit"]:
                return f"{head}: it drops to {cards(after['size'], after['suit'])}."
            return f"{head}: it turns into a tower of {cards(after['size'], after['suit'])}."
        if kind == "discard":
            card = e.get("name") or card_name(e["card"])
            return f"{self.who(e['seat'])} had no play and discarded the {card}."
        if kind == "skip":
            return f"{self.who(e['seat'])} had no cards and was skipped."
        if kind == "draw":
            if e["seat"] == self.viewer:
                return f"You drew {plural(e['count'], 'card')} (marked new in your hand)."
            return None
        return None

    def recycle(self, e: dict[str, Any], tidal: bool) -> list[str]:
        """What a reshuffle did: the Sky change (with the tosses) and anyone put out."""
        before, after = e["sky_before"], e["sky_after"]
        lines = [
            f"The draw pile ran out as {self.names[e['seat']]} drew: {e.get('shuffled', 0)} discards were shuffled into a new draw pile."
        ]
        if tidal:
            if not e["tosses"]:
                lines.append("The Sky has no pennies to toss, so it stays empty.")
            else:
                parts = []
                for i, (heads, tails) in enumerate(e["tosses"]):
                    tie = " (a tie: toss again)" if i < len(e["tosses"]) - 1 else ""
                    parts.append(f"{plural(heads, 'head')}, {plural(tails, 'tail')}{tie}")
                way = "more heads: a penny is added" if after > before else "more tails: a penny is taken away"
                lines.append(
                    f"Tidal Influences: the Sky's {before} pennies were tossed: {'; then '.join(parts)}. "
                    f"{way[0].upper()}{way[1:]}, so the Sky goes from {before} to {after}."
                )
        elif before == after:
            lines.append("The Sky is already empty and stays at 0.")
        else:
            lines.append(f"A penny leaves the Settling Sky: {before} → {after}.")
        out = [x["seat"] for x in e.get("eliminated", [])]
        if out:
            people = name_list([self.names[p] for p in out])
            verb = "has" if len(out) == 1 else "have"
            lines.append(f"Contractual Deadlines: {people} {verb} no tower and lost the building contract: out of the game.")
        return lines
