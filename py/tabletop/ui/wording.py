"""The table's words for who is who: the engine names seats by side ("Black plays…") or number
("Player 2"); the table, the history, the position diagrams and the log say the person, with
the side beside the name ("Ben (Black) plays…").

Browser-free. ``seated`` is anything with ``module`` (for ``SEAT_NAMES`` and ``ID``), ``seats``
(``[{"name": …}, …]``) and ``name(seat)``: the session at the table, a history, a position.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from tabletop.engine.hooks import renderer_hook
from tabletop.ui.render import renderer_for

PLAYER_N = re.compile(r"\bPlayer (\d)\b")
SINGULAR = {"win": " wins", "have": " has", "are": " is"}


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
    stays, and a possessive keeps its "'s".

    >>> name_sides("Humans' medium was destroyed; the Aliens placed one.", ("Aliens", "Humans"), ["Ana (Aliens)", "Ben (Humans)"])
    "Ben (Humans)'s medium was destroyed; the Aliens placed one."
    >>> name_sides("Humans win with more standing pyramids.", ("Aliens", "Humans"), ["Ana (Aliens)", "Ben (Humans)"])
    'Ben (Humans) wins with more standing pyramids.'
    """
    pattern = re.compile(r"(?<![Tt]he )\b(" + "|".join(re.escape(side) for side in sides) + r")\b('s|')?( (?:win|have|are)\b)?")

    def label(m: re.Match[str]) -> str:
        verb = SINGULAR.get((m.group(3) or "").strip(), m.group(3) or "")  # "Humans win" -> "Ben (Humans) wins"
        return labels[list(sides).index(m.group(1))] + ("'s" if m.group(2) else "") + verb

    return pattern.sub(label, text)


def seat_label(seated: Any, seat: int) -> str:
    """ "Ana (Aliens)" where the game has sides, else just the name."""
    sides = seated.module.SEAT_NAMES
    side = f" ({sides[seat]})" if sides and sides[seat] != seated.name(seat) else ""
    return str(seated.name(seat)) + side
