"""What just happened: the opponent's last turn and this turn so far, read from the log.

The engine's log is plain words ("Humans placed a medium at B5.", "Aliens' small at
A2 was destroyed."). A turn is the run of lines whose actor (first word) is the same
side; destruction and end-of-game lines belong to the line before them. The engine says
every cell by the name it has NOW (``games/war_of_the_worlds/telling.py``) and a coaster by
its colour, so a mark lands where the line says, however the coasters moved since.

>>> r = recent(["The Aliens have landed; they play first.", "Aliens placed a large at C1.",
...             "Aliens turned the blue coaster clockwise.", "Aliens moved an obstacle from B2 to B3."], 1)
>>> r.last_lines[-1], sorted(r.marks.items())
('Aliens moved an obstacle from B2 to B3.', [('B2', {'from'}), ('B3', {'moved'}), ('C1', {'placed'})])
>>> r.coasters
{'blue': ['turned clockwise']}
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tabletop.games.war_of_the_worlds.telling import COASTER_COLOURS

SIDES = ("Aliens", "Humans")
CELL = r"([A-F][1-6])"
COLOUR = "(" + "|".join(COASTER_COLOURS) + ")"  # the log names a coaster by its colour

PLACED = re.compile(rf"^\w+ placed an? (\w+) at {CELL}\.")
MOVED = re.compile(rf"^\w+ moved an? (\w+) from {CELL} to {CELL}\.")
TURNED = re.compile(rf"^\w+ turned the {COLOUR} coaster (clockwise|counter-clockwise)\.")
RELOCATED = re.compile(rf"^\w+ moved the {COLOUR} coaster (.+)\.")
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


@dataclass
class Recent:
    last_side: int | None = None  # who played the turn before this one
    last_lines: list[str] = field(default_factory=list)
    now_lines: list[str] = field(default_factory=list)
    marks: dict[str, set[str]] = field(default_factory=dict)  # cell -> {"placed", "moved", "from", "destroyed"}
    coasters: dict[str, list[str]] = field(default_factory=dict)  # coaster's colour -> what happened to it

    def add(self, cell: str, kind: str) -> None:
        self.marks.setdefault(cell, set()).add(kind)


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
    elif m := MOVED.match(line):
        source, target = m.group(2), m.group(3)
        kinds = out.marks.pop(source, set())
        out.marks[source] = {"from"} | (kinds & {"from"})
        out.marks.setdefault(target, set()).update((kinds - {"from"}) | {"moved"})
    elif m := TURNED.match(line):
        out.coasters.setdefault(m.group(1), []).append(f"turned {m.group(2)}")
    elif m := RELOCATED.match(line):
        out.coasters.setdefault(m.group(1), []).append(f"moved {m.group(2)}")
    elif m := DESTROYED.search(line):
        out.add(m.group(1), "destroyed")
