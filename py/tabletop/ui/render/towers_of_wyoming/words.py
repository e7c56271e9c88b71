"""Plain words for the Towers of Wyoming table, with the seats' real names.

What happened is the game's own telling (games/towers_of_wyoming/telling.py), said here with
the person at the screen as "You"; this module adds the board's words (a foundation, a tower,
whose it is) and the reshuffle notice, all from the view's structured events and the names
the table gives (``Names``), never from text the engine wrote.

>>> cards(3, "H"), cards(1, "S"), symbol("D")
('3 hearts', '1 spade', '♦')
>>> Teller(["Ana", "Ben"], 0, 2).place(1, 1), Teller(["Ana", "Ben"], 0, 2).place(0, 0)
("Ben's foundation 2", 'your foundation 1')
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.cards import Card, Suit
from tabletop.engine.events import Event, Names
from tabletop.engine.words import count
from tabletop.games.towers_of_wyoming.telling import cards as cards
from tabletop.games.towers_of_wyoming.telling import listed, say, tower_words

NEWS = ("construct", "deconstruct", "discard", "skip", "draw")  # what the news box says (the reshuffle has its own)


def symbol(letter: str | None) -> str:
    return Suit(letter).symbol if letter else ""


def card_name(code: str) -> str:
    """``"QH#1"`` -> ``"queen of hearts"``."""
    return Card.parse(code).name


def events_in(view: dict[str, Any], key: str) -> list[Event]:
    """The view's events under ``key`` ("events", "recent", "recycles"). A position code of an
    earlier edition holds events of another shape (no ``kind``): they are left out."""
    return [e for e in view.get(key) or [] if "kind" in e]


class Teller:
    """Sentences about seats, from the point of view of the person at the screen."""

    def __init__(self, names: list[str], viewer: int | None, foundations: int):
        self.names, self.viewer, self.foundations = names, viewer, foundations
        self.people = Names(tuple(names))

    def who(self, seat: int) -> str:
        return "You" if seat == self.viewer else self.names[seat]

    def whose(self, owner: int, actor: int | None = None) -> str:
        if owner == self.viewer:
            return "your"
        if owner == actor:
            return "their own"
        return self.people.whose(owner)

    def place(self, owner: int, foundation: int) -> str:
        """``"Ben's foundation"``, ``"your foundation 2"``."""
        number = f" {foundation + 1}" if self.foundations > 1 else ""
        return f"{self.whose(owner)} foundation{number}"

    def tower(self, size: int, letter: str | None) -> str:
        return tower_words(size, letter)

    def event(self, e: Event, view: dict[str, Any]) -> str | None:
        """One event of the news in words, or None for the ones the table shows elsewhere (the
        others' draws: the hand sizes show them; a reshuffle has its own notice)."""
        if e["kind"] not in NEWS:
            return None
        if e["kind"] == "draw":
            return f"You drew {count(e['count'], 'card')} (marked new in your hand)." if e["seat"] == self.viewer else None
        return say(e, self.people, view, you=self.viewer)

    def recycle(self, e: Event, tidal: bool) -> list[str]:
        """What a reshuffle did: the Sky change (with the tosses) and anyone put out."""
        before, after = e["sky_before"], e["sky_after"]
        lines = [
            f"The draw pile ran out as {self.names[e['seat']]} drew: {count(e.get('shuffled', 0), 'discard')} "
            f"{'was' if e.get('shuffled', 0) == 1 else 'were'} shuffled into a new draw pile."
        ]
        if tidal:
            if not e["tosses"]:
                lines.append("The Sky has no pennies to toss, so it stays empty.")
            else:
                parts = []
                for i, (heads, tails) in enumerate(e["tosses"]):
                    tie = " (a tie: toss again)" if i < len(e["tosses"]) - 1 else ""
                    parts.append(f"{count(heads, 'head')}, {count(tails, 'tail')}{tie}")
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
            people = listed([self.names[p] for p in out])
            verb = "has" if len(out) == 1 else "have"
            lines.append(f"Contractual Deadlines: {people} {verb} no tower and lost the building contract: out of the game.")
        return lines
