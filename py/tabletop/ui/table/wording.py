"""The table's words for who is who: the engine names seats by side ("Black plays…") or number
("Player 2"); the table, the history, the position diagrams and the log say the person, with
the side beside the name ("Ben (Black) plays…").

Browser-free. ``seated`` is anything with ``module`` (for ``SEAT_NAMES`` and ``ID``), ``seats``
(``[{"name": …}, …]``) and ``name(seat)``: the session at the table, a history, a position.
The grammar of names and counts is engine/words.py's: a seat still called by its side's plural
name ("Aliens") is plural, any other name one person.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from tabletop.engine.events import Event, Names, of_move
from tabletop.engine.hooks import game_hook
from tabletop.engine.protocol import GameModule
from tabletop.engine.words import agree, possessive, winners_win
from tabletop.ui.render import renderer_for
from tabletop.ui.render.contract import renderer_hook

PLAYER_N = re.compile(r"\bPlayer (\d)\b")
SINGULAR = {"win": " wins", "have": " has", "are": " is"}


def plural_sides(module: GameModule) -> tuple[str, ...]:
    """The game's side names that are said as plurals ("Aliens", "Humans"); none for most games."""
    return tuple(module.SEAT_NAMES or ()) if game_hook(module, "PLURAL_SEAT_NAMES") else ()


def plural_name(seated: Any, seat: int | None) -> bool:
    """Whether the seat's name is said as a plural: the game's plural side name, left as it was."""
    sides = plural_sides(seated.module)
    return bool(seat is not None and sides and seated.name(seat) == sides[seat])


def whose(seated: Any, seat: int | None) -> str:
    """The seat's name as an owner: "Ann's", "Aliens'"."""
    return possessive(str(seated.name(seat)), plural_name(seated, seat))


def says(seated: Any, seat: int | None, word: str) -> str:
    """The seat's name and a verb that agrees: "Ann is", "Humans are"."""
    return agree(str(seated.name(seat)), word, plural_name(seated, seat))


def with_names(text: str, seated: Any, end: bool = False) -> str:
    """The engine's line with each seat said as its person. "The Aliens" (the side itself) stays
    as it is. An end reason (``end``) goes through the renderer's ``names_in_end_reason`` where it
    has one."""
    sides = seated.module.SEAT_NAMES
    if sides:
        labels = [seat_label(seated, i) for i in range(len(seated.seats))]
        put_names = renderer_hook(renderer_for(seated.module.ID), "names_in_end_reason") if end else None
        if put_names:
            return str(put_names(text, labels))
        return name_sides(text, sides, labels)

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        return str(seated.name(seat)) if 0 <= seat < len(seated.seats) else match.group(0)

    return PLAYER_N.sub(name, text)


def name_sides(text: str, sides: Sequence[str], labels: list[str]) -> str:
    """Each side the engine names, said as its player's label; "the Aliens" (the side itself)
    stays, an owner is said by the player's name alone ("Ben's medium", not "Ben (Humans)'s"),
    and a side still called by its own name keeps the engine's words ("Humans win").

    >>> name_sides("Humans' medium was destroyed; the Aliens placed one.", ("Aliens", "Humans"), ["Ana (Aliens)", "Ben (Humans)"])
    "Ben's medium was destroyed; the Aliens placed one."
    >>> name_sides("Humans win with more standing pyramids.", ("Aliens", "Humans"), ["Ana (Aliens)", "Ben (Humans)"])
    'Ben (Humans) wins with more standing pyramids.'
    >>> name_sides("Humans win; Aliens' large fell.", ("Aliens", "Humans"), ["Aliens", "Humans"])
    "Humans win; Aliens' large fell."
    >>> name_sides("Red's diamonds tower grows.", ("Red", "Black"), ["Ann (Red)", "Ben (Black)"])
    "Ann's diamonds tower grows."
    """
    pattern = re.compile(r"(?<![Tt]he )\b(" + "|".join(re.escape(side) for side in sides) + r")\b('s|')?( (?:win|have|are)\b)?")

    def label(m: re.Match[str]) -> str:
        side = m.group(1)
        said = labels[list(sides).index(side)]
        if said == side:  # the side by its own name: the engine's words are already right for it
            return m.group(0)
        if m.group(2):
            return possessive(said.removesuffix(f" ({side})")) + (m.group(3) or "")
        verb = SINGULAR.get((m.group(3) or "").strip(), m.group(3) or "")  # "Humans win" -> "Ben (Humans) wins"
        return said + verb

    return pattern.sub(label, text)


def name_with_side(name: str, side: str) -> str:
    """ "Ana (Red)"; just "Red" for a player named after their side (never "Red (Red)")."""
    return name if name == side else f"{name} ({side})"


def seat_label(seated: Any, seat: int) -> str:
    """ "Ana (Aliens)" where the game has sides, else just the name."""
    sides = seated.module.SEAT_NAMES
    return name_with_side(str(seated.name(seat)), sides[seat]) if sides else str(seated.name(seat))


# ---------------------------------------------------------------- the log, told from the game's events


def names_of(seated: Any) -> Names:
    """The table's names for the seats, for a game's ``tell``."""
    module = seated.module
    people = tuple(str(seated.name(seat)) for seat in range(len(seated.seats)))
    return Names(people, tuple(module.SEAT_NAMES or ()), bool(game_hook(module, "PLURAL_SEAT_NAMES")))


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
    """The whole log as the table says it, oldest first. A view with an English ``log`` (a
    position code written before its game told events) is still said from that log."""
    if hasattr(seated.module, "tell") and "log" not in view:
        return told(seated, view, list(view.get("events") or []))
    return [with_names(line, seated) for line in view.get("log") or []]


def move_lines(seated: Any, view: dict[str, Any], move: int) -> list[str]:
    """The lines the move numbered ``move`` (0-based) wrote, as the table says them."""
    return told(seated, view, of_move(list(view.get("events") or []), move))


def end_why(seated: Any, view: dict[str, Any], why: str) -> str:
    """How the game ended, not naming the winner (the banner's headline does): the words of the
    game's ``end`` event; ``why`` (the outcome's own words) for a game that tells no events yet."""
    if hasattr(seated.module, "tell"):
        ends = [e for e in view.get("events") or [] if e["kind"] == "end"]
        if ends:
            return str(seated.module.tell(ends[-1], names_of(seated), view))
    return with_names(why, seated, end=True)
