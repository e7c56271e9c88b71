"""How the log names places, so that a line stays true after the board moves.

A cell's name (``B5``) belongs to the frame, not to the square: when a coaster turns or
is moved, its squares take other names, and "the medium at F6 was destroyed" would point
at a cell that no longer exists, or at the wrong one. So the log stores a square as its
slot (``at(13)``, a token) and says every line (``told``) with the names the squares have
NOW: a line about a destroyed medium always names the cell where it lies.

Coasters are named by their colour, which travels with them (the board draws coaster 0
blue, 1 red, 2 purple): "Aliens turned the red coaster clockwise" stays true wherever the
red coaster goes next.

>>> from tabletop.games.war_of_the_worlds.board import INITIAL_LAYOUT, rotated
>>> line = f"Humans' medium at {at(0)} was destroyed."
>>> told([line], INITIAL_LAYOUT), told([line], rotated(INITIAL_LAYOUT, 0, True))
(["Humans' medium at A3 was destroyed."], ["Humans' medium at A1 was destroyed."])
"""

from __future__ import annotations

import re

from tabletop.games.war_of_the_worlds.board import Layout, geometry

COASTER_COLOURS: tuple[str, str, str] = ("blue", "red", "purple")
"""Coaster 0, 1, 2 as the board draws them (static/css/games/war_of_the_worlds.css, ``.wotw-c0``...)."""

TOKEN = re.compile(r"\[square (\d+)\]")


def at(slot: int) -> str:
    """A square in a log line, said later with the name it has then."""
    return f"[square {slot}]"


def coaster_called(coaster: int) -> str:
    """``"the red coaster"``: a name that moves with the coaster."""
    return f"the {COASTER_COLOURS[coaster]} coaster"


def told(lines: list[str], layout: Layout) -> list[str]:
    """The log in today's words: every square named as it is called on ``layout``."""
    names = geometry(layout).names
    return [TOKEN.sub(lambda m: names[int(m.group(1))], line) if "[square " in line else line for line in lines]


def beside_words(layout: Layout, coaster: int) -> str:
    """Where a coaster now lies, said by a neighbouring coaster (true as long as the line is
    read as what happened): ``"left of the purple coaster"``, ``"below the blue coaster"``.

    >>> from tabletop.games.war_of_the_worlds.board import INITIAL_LAYOUT
    >>> beside_words(INITIAL_LAYOUT, 1), beside_words(INITIAL_LAYOUT, 2)
    ('right of the blue coaster', 'below the blue coaster')
    """
    row, col = divmod(layout[coaster][0], 2)
    spots = {divmod(q, 2): i for i, (q, _) in enumerate(layout) if i != coaster}
    for (dr, dc), words in (((0, -1), "right of"), ((0, 1), "left of"), ((-1, 0), "below"), ((1, 0), "above")):
        other = spots.get((row + dr, col + dc))
        if other is not None:
            return f"{words} {coaster_called(other)}"
    raise ValueError("a coaster of an L always touches another")  # pragma: no cover - an L is connected
