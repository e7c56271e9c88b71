"""What just happened: the opponent's last turn and this turn so far, read from the log.

The engine's log is plain words ("Humans placed a medium at B5.", "Aliens' small at
A2 was destroyed."). A turn is the run of lines whose actor (first word) is the same
side; destruction and end-of-game lines belong to the line before them. Cells named
in a line are where things were at that moment, so a later turn or move of their
coaster within the same window is applied to them (this is drawing, not a rule: a
coaster carries what stands on it).

>>> r = recent(["The Aliens have landed; they play first.", "Aliens placed a large at A1.",
...             "Aliens turned the top-left coaster clockwise.", "Aliens moved an obstacle from B2 to B3."], 1)
>>> r.last_lines[-1], sorted(r.marks.items())
('Aliens moved an obstacle from B2 to B3.', [('B2', {'from'}), ('B3', {'moved'}), ('C1', {'placed'})])
>>> r.coasters
{'top-left': ['turned clockwise']}
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

SIDES = ("Aliens", "Humans")
QUADRANTS = ("top-left", "top-right", "bottom-left", "bottom-right")
CELL = r"([A-F][1-6])"
QUAD = r"(top-left|top-right|bottom-left|bottom-right)"

PLACED = re.compile(rf"^\w+ placed an? (\w+) at {CELL}\.")
MOVED = re.compile(rf"^\w+ moved an? (\w+) from {CELL} to {CELL}\.")
TURNED = re.compile(rf"^\w+ turned the {QUAD} coaster (clockwise|counter-clockwise)\.")
RELOCATED = re.compile(
    rf"^\w+ moved the {QUAD} coaster (?:to the {QUAD}\.|.*: it is now the {QUAD} coaster, "
    r"and the other two shift one place (to the right|to the left|up|down)\.)"
)
SLIDES = {None: (0, 0), "to the right": (0, 1), "to the left": (0, -1), "up": (-1, 0), "down": (1, 0)}
DESTROYED = re.compile(rf"at {CELL} was destroyed\.")


def actor(line: str) -> int | None:
    """0 / 1 when the line starts with a side acting ("Humans placed..."), else None."""
    word = line.split(" ", 1)[0]
    return SIDES.index(word) if word in SIDES else None


def turns(log: list[str]) -> list[tuple[int, list[str]]]:
    """The log cut into turns: (side, lines), oldest first (lines before any actor are dropped)."""
    out: list[tuple[int, list[str]]] = []
    for line in log:
        side = actor(line)
        if side is None:
            if out:
                out[-1][1].append(line)
        elif out and out[-1][0] == side:
            out[-1][1].append(line)
        else:
            out.append((side, [line]))
    return out


def quadrant_of(cell: str) -> int:
    col, row = "ABCDEF".index(cell[0]), int(cell[1]) - 1
    return (row // 3) * 2 + col // 3


def turn_cell(cell: str, clockwise: bool) -> str:
    """Where ``cell`` lies after a quarter turn of its coaster."""
    col, row = "ABCDEF".index(cell[0]), int(cell[1]) - 1
    top, left, r, c = row - row % 3, col - col % 3, row % 3, col % 3
    r, c = (c, 2 - r) if clockwise else (2 - c, r)
    return f"{'ABCDEF'[left + c]}{top + r + 1}"


def carry_cell(cell: str, to: int) -> str:
    """Where ``cell`` lies after its coaster is lifted into quadrant ``to``."""
    col, row = "ABCDEF".index(cell[0]), int(cell[1]) - 1
    top, left = 3 * (to // 2), 3 * (to % 2)
    return f"{'ABCDEF'[left + col % 3]}{top + row % 3 + 1}"


@dataclass
class Recent:
    last_side: int | None = None  # who played the turn before this one
    last_lines: list[str] = field(default_factory=list)
    now_lines: list[str] = field(default_factory=list)
    marks: dict[str, set[str]] = field(default_factory=dict)  # cell -> {"placed", "moved", "from", "destroyed"}
    coasters: dict[str, list[str]] = field(default_factory=dict)  # quadrant now -> what happened to it

    def add(self, cell: str, kind: str) -> None:
        self.marks.setdefault(cell, set()).add(kind)

    def move_marks(self, remap: Callable[[str], str]) -> None:
        self.marks = _merge((remap(cell), kinds) for cell, kinds in self.marks.items())


def _merge(pairs: Iterable[tuple[str, set[str]]]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for cell, kinds in pairs:
        out.setdefault(cell, set()).update(kinds)
    return out


def recent(log: list[str], to_act: int | None) -> Recent:
    """The last finished turn (the opponent's, or the final one) and the turn in progress."""
    cut = turns(log)
    now: list[str] = []
    if to_act is not None and cut and cut[-1][0] == to_act:
        now = cut.pop()[1]
    out = Recent()
    if cut:
        out.last_side, out.last_lines = cut[-1][0], cut[-1][1]
    out.now_lines = now
    for line in out.last_lines + now:
        _read(out, line)
    return out


def _read(out: Recent, line: str) -> None:
    if m := PLACED.match(line):
        out.add(m.group(2), "placed")
    elif m := RELOCATED.match(line):
        source, target = QUADRANTS.index(m.group(1)), QUADRANTS.index(m.group(2) or m.group(3))
        dr, dc = SLIDES[m.group(4)]  # the other two coasters' names shift when the L leaves the old frame

        def slid(q: int) -> int:
            return target if q == source else q + 2 * dr + dc

        out.move_marks(lambda cell: carry_cell(cell, slid(quadrant_of(cell))))
        moved = out.coasters.pop(m.group(1), [])
        out.coasters = {QUADRANTS[slid(QUADRANTS.index(q))]: what for q, what in out.coasters.items()}
        out.coasters[QUADRANTS[target]] = moved + [f"moved here from the {m.group(1)}"]
    elif m := MOVED.match(line):
        source, target = m.group(2), m.group(3)
        kinds = out.marks.pop(source, set())
        out.marks[source] = {"from"} | (kinds & {"from"})
        out.marks.setdefault(target, set()).update((kinds - {"from"}) | {"moved"})
    elif m := TURNED.match(line):
        quadrant, clockwise = QUADRANTS.index(m.group(1)), m.group(2) == "clockwise"
        out.move_marks(lambda cell: turn_cell(cell, clockwise) if quadrant_of(cell) == quadrant else cell)
        out.coasters.setdefault(m.group(1), []).append(f"turned {m.group(2)}")
    elif m := DESTROYED.search(line):
        out.add(m.group(1), "destroyed")
