"""The table's words for who is who and what they did, said from a game's events.

The engine names no person: its events say seats, and its ``tell`` says an event with the names
the table gives (``engine/events.py``'s ``Names``): "Ben (Black) plays…", "Ann's", "Humans win".
No sentence of a game is rewritten here.

Browser-free. ``seated`` is anything with ``module`` (the game), ``seats`` (``[{"name": …}, …]``)
and ``name(seat)``: the session at the table, a history, a position diagram.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop.engine.events import Event, Names
from tabletop.engine.hooks import game_hook
from tabletop.engine.words import agree, winners_win

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule


def plural_sides(module: GameModule) -> tuple[str, ...]:
    """The game's side names that are said as plurals ("Aliens", "Humans"); none for most games."""
    return tuple(module.SEAT_NAMES or ()) if game_hook(module, "PLURAL_SEAT_NAMES") else ()


def names_for(module: GameModule, people: Sequence[str]) -> Names:
    """``Names`` for a game's seats called ``people``; a seat past them (a table that names fewer)
    is called as the game's own pages call it, by its side or "Player N"."""
    sides = tuple(module.SEAT_NAMES or ())
    default = Names.default(max(len(sides), len(people)), sides).people
    called = tuple(people[seat] if seat < len(people) else default[seat] for seat in range(len(default)))
    return Names(called, sides, bool(game_hook(module, "PLURAL_SEAT_NAMES")))


def names_of(seated: Any) -> Names:
    """The table's names for the seats, for a game's ``tell`` and the table's own lines."""
    return names_for(seated.module, [str(seated.name(seat)) for seat in range(len(seated.seats))])


def whose(seated: Any, seat: int | None) -> str:
    """The seat's name as an owner: "Ann's", "Aliens'"."""
    return names_of(seated).whose(seat) if seat is not None else "Nobody's"


def says(seated: Any, seat: int | None, word: str) -> str:
    """The seat's name alone and a verb that agrees: "Ann is", "Humans are"."""
    return agree(str(seated.name(seat)), word, names_of(seated).plural(seat))


def seat_label(seated: Any, seat: int) -> str:
    """ "Ana (Aliens)" where the game has sides, else just the name."""
    return names_of(seated)(seat)


def told(seated: Any, view: dict[str, Any], events: list[Event]) -> list[str]:
    """The events in the table's words: the game's ``tell`` with the table's names; an end is
    said with who won first ("Ann wins. Blue made the tower fall."). An event a game does not
    say (Tower Battle's draw from the stock: the hand shows it) has empty words and no line."""
    names = names_of(seated)
    return [words for e in events if (words := said(seated.module, names, view, e))]


def said(module: GameModule, names: Names, view: dict[str, Any], e: Event) -> str:
    """One event's line ("" for none)."""
    words = str(module.tell(e, names, view))
    if e["kind"] == "end" and e.get("winners") is not None:
        winners = [names(seat) for seat in e["winners"]]
        head = f"{winners_win(winners, names.sides if names.plural_sides else ())}." if winners else "A draw."
        words = f"{head} {words}".strip()
    return words


def log_lines(seated: Any, view: dict[str, Any], last: int | None = None) -> list[str]:
    """The log as the table says it, oldest first: the whole of it, or its ``last`` lines, told
    from the newest events back (a long match holds thousands; the panel shows a few dozen). A
    position code written before its game told events carries an English ``log``: it is shown as
    that edition wrote it."""
    if "log" in view:
        lines = [str(line) for line in view["log"]]
        return lines if last is None else lines[-last:]
    events = list(view.get("events") or [])
    if last is None:
        return told(seated, view, events)
    names, newest = names_of(seated), list[str]()
    for e in reversed(events):
        if len(newest) >= last:
            break
        if words := said(seated.module, names, view, e):
            newest.append(words)
    return newest[::-1]


def end_why(seated: Any, view: dict[str, Any], why: str) -> str:
    """How the game ended, not naming the winner (the banner's headline does): the words of the
    game's ``end`` event; ``why`` (the outcome's own words) where the view holds no end event
    (a position code of an earlier edition)."""
    ends = [e for e in view.get("events") or [] if e["kind"] == "end"]
    return str(seated.module.tell(ends[-1], names_of(seated), view)) if ends else why
