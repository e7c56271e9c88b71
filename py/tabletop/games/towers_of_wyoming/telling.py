"""Towers of Wyoming's events in words, with the names the table gives the seats.

``tell(event, names, view)`` says one event (``facts.EVENT_KINDS``) as the log, the hand-over
curtain and the history say it. ``say`` is the same with ``you``, the seat at the screen said as
"You"/"your" (the table's news of what happened since your turn). The engine's own Outcome says
the end with its default names (``end_reason``, ``end_why``); ``play_words`` says a play on offer.

>>> from tabletop.engine.events import Names, event
>>> names, view = Names(("Ann", "Ben")), {"foundations_each": 2}
>>> tell(event("construct", 3, 1, owner=0, foundation=1, suit="H", count=2, size=5, cards=["2H", "2H#1"]), names, view)
"Ben built 2 hearts onto Ann's 3-card heart tower on foundation 2: now 5 hearts."
>>> say(event("construct", 3, 1, owner=1, foundation=0, suit="S", count=1, size=1, cards=["AS"]), names, view, you=1)
'You started a spade tower on your foundation 1 with 1 spade.'
>>> tell(event("end", 9, None, winners=[0], how="tower", size=11, sky=10, exact=False, rivals=[1]), names, view)
'A tower of 11 cards is taller than the Sky of 10 pennies (Ben also qualified; the tallest tower, then turn order, decides).'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.engine.cards import Card, Suit
from tabletop.engine.events import Event, Names
from tabletop.engine.saves import MAX_MOVES
from tabletop.engine.words import agree, count, sentence


def listed(words: Sequence[str]) -> str:
    """ "Ann", "Ann and Ben", "Ann, Ben and Cy"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def cards(n: int, letter: str | None) -> str:
    """ "1 heart", "3 hearts"."""
    suit = Suit(letter)
    return count(n, suit.singular, suit.noun)


def tower_words(size: int, letter: str | None) -> str:
    """ "empty foundation", "2-card spade tower"."""
    return f"{size}-card {Suit(letter).singular} tower" if size and letter else "empty foundation"


@dataclass(frozen=True)
class Voice:
    """Who is who in a sentence: the table's names, and ``you`` (a seat said as "You"), if any."""

    names: Names
    you: int | None = None

    def who(self, seat: int) -> str:
        return "You" if seat == self.you else self.names(seat)

    def whose(self, owner: int, actor: int | None = None) -> str:
        """ "your", "their" (the actor's own), "Ben's"."""
        return "your" if owner == self.you else "their" if owner == actor else self.names.whose(owner)

    def was(self, seat: int) -> str:
        return "were" if seat == self.you else "was"

    def target(self, owner: int, foundation: int, size: int, letter: str | None, foundations: int, actor: int | None = None) -> str:
        """A tower as it stood: "Ben's 5-card heart tower", "your empty foundation 2",
        "their 3-card club tower on foundation 2"."""
        whose, what = self.whose(owner, actor), tower_words(size, letter)
        if foundations == 1:
            return f"{whose} {what}"
        return f"{whose} {what} {foundation + 1}" if not size else f"{whose} {what} on foundation {foundation + 1}"


def foundations_of(view: dict[str, Any]) -> int:
    return int(view.get("foundations_each") or 1)


def tell(event: Event, names: Names, view: dict[str, Any]) -> str:
    """One event in the table's words."""
    return say(event, names, view)


def say(event: Event, names: Names, view: dict[str, Any], you: int | None = None) -> str:
    """One event in words, ``you`` said as "You" (None: everyone by name)."""
    return SAYINGS[event["kind"]](event, Voice(names, you), foundations_of(view))


def dealt(e: Event, v: Voice, foundations: int) -> str:
    sky = count(e["sky"], "penny", "pennies")
    return f"{count(e['players'], 'builder')}, {count(e['foundations'], 'foundation')} each; the Settling Sky holds {sky}. {v.names.says(e['first'], 'go')} first."


def constructed(e: Event, v: Voice, foundations: int) -> str:
    seat, owner, letter, k, size = e["seat"], e["owner"], e["suit"], e["count"], e["size"]
    if size == k:
        place = f"foundation {e['foundation'] + 1}" if foundations > 1 else "foundation"
        return f"{v.who(seat)} started a {Suit(letter).singular} tower on {v.whose(owner, seat)} {place} with {cards(k, letter)}."
    target = v.target(owner, e["foundation"], size - k, letter, foundations, seat)
    return f"{v.who(seat)} built {cards(k, letter)} onto {target}: now {cards(size, letter)}."


def deconstructed(e: Event, v: Voice, foundations: int) -> str:
    seat, before, after = e["seat"], e["before"], e["after"]
    target = v.target(e["owner"], e["foundation"], before["size"], before["suit"], foundations, seat)
    head = f"{v.who(seat)} played {cards(e['count'], e['suit'])} against {target}"
    if not after["size"]:
        return f"{head}: it is knocked down to an empty foundation."
    if after["suit"] == before["suit"]:
        return f"{head}: it drops to {cards(after['size'], after['suit'])}."
    return f"{head}: it turns into a tower of {cards(after['size'], after['suit'])}."


def discarded(e: Event, v: Voice, foundations: int) -> str:
    return f"{v.who(e['seat'])} had no play and discarded the {Card.parse(e['card']).name}."


def drew(e: Event, v: Voice, foundations: int) -> str:
    return f"{v.who(e['seat'])} drew {count(e['count'], 'card')}."


def skipped(e: Event, v: Voice, foundations: int) -> str:
    return f"{v.who(e['seat'])} had no cards and {v.was(e['seat'])} skipped."


def sky_change(e: Event) -> str:
    """ "the Sky goes from 10 to 9 pennies", with the tosses under Tidal Influences."""
    before, after = e["sky_before"], e["sky_after"]
    change = f"the Sky goes from {before} to {count(after, 'penny', 'pennies')}"
    if not e.get("tidal"):
        return change if before else "the Sky is already empty and stays at 0"
    if not e["tosses"]:
        return "the Sky has no pennies to toss and stays empty"
    results = [f"{count(h, 'head')} and {count(t, 'tail')}" for h, t in e["tosses"]]
    told = ", then ".join(r + (" (a tie: toss again)" if i < len(results) - 1 else "") for i, r in enumerate(results))
    return f"the Sky's {count(before, 'penny', 'pennies')} were tossed: {told}, so {change}"


def recycled(e: Event, v: Voice, foundations: int) -> str:
    parts = [f"The draw pile ran out as {v.names(e['seat'])} drew: {sky_change(e)}"]
    lapsed = [v.names(out["seat"]) for out in e["eliminated"]]
    if lapsed:
        parts.append(f"{listed(lapsed)} had no tower and lost the building contract")
    n = e["shuffled"]
    parts.append(f"{agree(count(n, 'discard'), 'be', n != 1)} shuffled into a new draw pile")
    return "; ".join(parts) + "."


CAUSES = {
    "cards-run-out": "The cards have run out",
    "frozen": "No card left can change a tower, and the Sky can never match one",
    "every-card-in-tower": "Every card stands in a tower",
    "move-limit": f"The game reached {MAX_MOVES:,} moves, the most a save can hold",
}


def tower_win(e: Event, names: Names) -> tuple[str, str]:
    """(what decided it, the tie note) for a tower taller than (or as tall as) the Sky."""
    rule = "exactly as tall as" if e["exact"] else "taller than"
    what = (
        f"a tower of {count(e['size'], 'card')} is {rule} the Sky of {count(e['sky'], 'penny', 'pennies')}"
        if e["size"]
        else "an empty foundation matches the empty Sky"
    )
    rivals = [names(p) for p in e["rivals"]]
    tie = f" ({listed(rivals)} also qualified; the tallest tower, then turn order, decides)" if rivals else ""
    return what, tie


def end_words(e: Event, names: Names) -> tuple[str, str]:
    """How the game ended: (not naming the winners, as the table's headline does; naming them, as
    the engine's Outcome.reason does)."""
    winners, how = e["winners"], e["how"]
    if how == "tower":
        what, tie = tower_win(e, names)
        return f"{sentence(what)}{tie}.", f"{names.says(winners[0], 'win')}: {what}{tie}."
    if how == "last-standing":
        if winners:
            return (
                "Every other builder has lost the contract.",
                f"{names.says(winners[0], 'win')} as the last builder still holding a contract.",
            )
        lapsed = "Every remaining builder lost the contract at the same recycling"
        return f"{lapsed}.", f"{lapsed}: nobody wins."
    cause, tallest = CAUSES[e["cause"]], count(e["tallest"], "card")
    if not winners:
        return f"{cause} and no tower stands.", f"{cause} and no tower stands: nobody wins."
    if len(winners) == 1:
        return (
            f"{cause}, and theirs is the tallest tower ({tallest}).",
            f"{cause}: {names.says(winners[0], 'win')} with the tallest tower ({tallest}).",
        )
    return (
        f"{cause}, and their towers of {tallest} are the tallest.",
        f"{cause}: {listed([names(w) for w in winners])} share the win with towers of {tallest}.",
    )


def end_why(e: Event, names: Names) -> str:
    """How the game ended, not naming the winners (the table's headline does)."""
    return end_words(e, names)[0]


def end_reason(e: Event, names: Names) -> str:
    """How the game ended, naming the winners (the engine's Outcome.reason)."""
    return end_words(e, names)[1]


def ended(e: Event, v: Voice, foundations: int) -> str:
    return end_why(e, v.names)


SAYINGS: dict[str, Callable[[Event, Voice, int], str]] = {
    "deal": dealt,
    "construct": constructed,
    "deconstruct": deconstructed,
    "discard": discarded,
    "draw": drew,
    "skip": skipped,
    "recycle": recycled,
    "end": ended,
}


def play_words(play: dict[str, Any], names: Names, viewer: int | None, foundations: int) -> str:
    """A play the view offers (``view["plays"]``), as the seat choosing it reads it:
    "3 hearts onto Ben's 2-card spade tower: it becomes 1 heart"."""
    before, after, letter = play["before"], play["after"], play["suit"]
    target = Voice(names, viewer).target(play["owner"], play["foundation"], before["size"], before["suit"], foundations)
    if play["action"] == "construct":
        result = f"starts a tower of {cards(after['size'], letter)}" if not before["size"] else f"it becomes {cards(after['size'], letter)}"
    elif after["suit"] is None:
        result = "it is knocked down to an empty foundation"
    else:
        result = f"it becomes {cards(after['size'], after['suit'])}"
    return f"{cards(play['count'], letter)} onto {target}: {result}"
