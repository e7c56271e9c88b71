"""The table's words for who is who and what they did, said from a game's events.

The engine names no person: its events say seats, and its ``tell`` says an event with the names
the table gives (``engine/events.py``'s ``Names``): "Ben (Black) plays…", "Ann's", "Humans win".
No sentence of a game is rewritten here.

Browser-free. ``seated`` is anything with ``module`` (the game), ``seats`` (``[{"name": …}, …]``)
and ``name(seat)``: the session at the table, a history, a position diagram.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine.events import Event, Names, of_move
from tabletop.engine.hooks import game_hook
from tabletop.engine.words import agree, winners_win

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule


def plural_sides(module: GameModule) -> tuple[str, ...]:
    """The game's side names that are said as plurals ("Aliens", "Humans"); none for most games."""
    return tuple(module.SEAT_NAMES or ()) if game_hook(module, "PLURAL_SEAT_NAMES") else ()


def names_of(seated: Any) -> Names:
    """The table's names for the seats, for a game's ``tell`` and the table's own lines."""
    module = seated.module
    people = tuple(str(seated.name(seat)) for seat in range(len(seated.seats)))
    return Names(people, tuple(module.SEAT_NAMES or ()), bool(game_hook(module, "PLURAL_SEAT_NAMES")))


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
    tell = seated.module.tell
    lines = []
    for e in events:
        words = str(tell(e, names, view))
        if e["kind"] == "end" and e.get("winners") is not None:
            winners = [names(seat) for seat in e["winners"]]
            head = f"{winners_win(winners, names.sides if names.plural_sides else ())}." if winners else "A draw."
            words = f"{head} {words}".strip()
        if words:
            lines.append(words)
    return lines


def log_lines(seated: Any, view: dict[str, Any]) -> list[str]:
    """The whole log as the table says it, oldest first. A position code written before its game
    told events carries an English ``log``: it is shown as that edition wrote it."""
    if "log" in view:
        return [str(line) for line in view["log"]]
    return told(seated, view, list(view.get("events") or []))


def move_lines(seated: Any, view: dict[str, Any], move: int) -> list[str]:
    """The lines the move numbered ``move`` (0-based) wrote, as the table says them."""
    return told(seated, view, of_move(list(view.get("events") or []), move))


def end_why(seated: Any, view: dict[str, Any], why: str) -> str:
    """How the game ended, not naming the winner (the banner's headline does): the words of the
    game's ``end`` event; ``why`` (the outcome's own words) where the view holds no end event
    (a position code of an earlier edition)."""
    ends = [e for e in view.get("events") or [] if e["kind"] == "end"]
    return str(seated.module.tell(ends[-1], names_of(seated), view)) if ends else why
