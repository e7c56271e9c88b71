"""The Earth: three Martian Coasters laid out as an L, and everything derived from that.

The table has a fixed 2x2 frame of quadrants (top-left, top-right, bottom-left,
bottom-right). Three coasters sit in three of them; the fourth is empty. Each
coaster is a 3x3 grid with a turn of 0-3 quarter turns clockwise from its printed
(canonical) orientation, in which the small dot is at its bottom-left corner.

Nothing about a particular layout is written down by hand: a ``Layout`` (one
``(quadrant, rotation)`` per coaster) is all the data, and ``geometry(layout)``
derives where each cell lies, its neighbours and its arrows.

Cells are addressed two ways:

* a **slot** ``coaster * 9 + r * 3 + c`` names a printed square of a coaster in
  its canonical orientation. Pieces are stored by slot, so turning or moving a
  coaster carries its pyramids (and arrows) along without touching them.
* a **cell name** such as ``"B5"`` names a place on the 6x6 grid the frame spans:
  columns A-F left to right, rows 1-6 top to bottom. The UI and the log use names.

>>> g = geometry(INITIAL_LAYOUT)
>>> g.empty_quadrant, g.names[4], g.names[13], g.names[22]
('bottom-right', 'B2', 'E2', 'B5')
>>> len(g.neighbours[g.slot_named['A1']]), len(g.neighbours[g.slot_named['C3']])
(3, 7)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

CANONICAL_ARROWS: tuple[tuple[str, ...], ...] = (
    ("ULD", "ULR", "ULD"),
    ("URD", "ULR", "ULRD"),
    ("ULR", "ULD", "URD"),
)
"""Arrows printed on one coaster, dot at bottom-left (from martian-coaster.json).
A letter is an arrow on that edge of the cell pointing out: U up, D down, L left, R right."""

QUADRANTS: tuple[str, ...] = ("top-left", "top-right", "bottom-left", "bottom-right")
DOT_CORNERS: tuple[str, ...] = ("bottom-left", "top-left", "top-right", "bottom-right")
"""Corner of the dot after 0, 1, 2, 3 clockwise quarter turns."""

COLUMNS = "ABCDEF"
SIZE = 6  # the frame is a 6x6 grid of cells
COASTERS = 3
SLOTS = 27
CENTRE = 4  # canonical index of a coaster's centre square

ARROW_ORDER = "URDL"  # clockwise; a quarter turn clockwise maps each letter to the next
DELTAS = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}

Layout = tuple[tuple[int, int], ...]
"""One ``(quadrant index, clockwise quarter turns)`` per coaster, in coaster order."""

INITIAL_LAYOUT: Layout = ((0, 3), (1, 0), (2, 2))
"""The setup: top-left turned a quarter counter-clockwise (dot bottom-right), top-right
as printed (dot bottom-left), bottom-left turned half round (dot top-right), so the
three dots meet at the centre of the frame; bottom-right is empty."""


def cell_name(row: int, col: int) -> str:
    """``cell_name(4, 1) == "B5"`` (rows and columns counted from 0 at the top-left)."""
    return f"{COLUMNS[col]}{row + 1}"


CELL_NAMES: tuple[str, ...] = tuple(cell_name(r, c) for r in range(SIZE) for c in range(SIZE))
CELL_INDEX: dict[str, int] = {name: i for i, name in enumerate(CELL_NAMES)}


def quadrant_index(quadrant: int | str) -> int:
    if isinstance(quadrant, str):
        return QUADRANTS.index(quadrant)
    if quadrant not in range(4):
        raise ValueError(f"not a quadrant: {quadrant!r}")
    return quadrant


def rotate_local(row: int, col: int, turns: int) -> tuple[int, int]:
    """Where the canonical square (row, col) lies after ``turns`` clockwise quarter turns."""
    for _ in range(turns % 4):
        row, col = col, 2 - row
    return row, col


def turn_arrows(arrows: str, turns: int) -> str:
    """Arrows after ``turns`` clockwise quarter turns, in U R D L order."""
    turned = {ARROW_ORDER[(ARROW_ORDER.index(a) + turns) % 4] for a in arrows}
    return "".join(a for a in ARROW_ORDER if a in turned)


class Geometry(NamedTuple):
    """Everything a layout implies, indexed by slot (see the module docstring)."""

    layout: Layout
    empty_quadrant: str
    cell_of: tuple[int, ...]  # slot -> index into CELL_NAMES
    slot_at: tuple[int, ...]  # CELL_NAMES index -> slot, or -1 off the L
    names: tuple[str, ...]  # slot -> cell name
    slot_named: dict[str, int]  # cell name -> slot (cells on the L only)
    arrows: tuple[str, ...]  # slot -> arrows as they point now
    steps: tuple[tuple[int, ...], ...]  # slot -> slots its arrows lead to
    neighbours: tuple[tuple[int, ...], ...]  # slot -> the up to 8 surrounding slots
    neighbour_masks: tuple[int, ...]  # slot -> bit mask of its neighbours (bit n = slot n)
    reading_order: tuple[int, ...]  # slots sorted top-to-bottom, left-to-right


_CACHE: dict[Layout, Geometry] = {}


def geometry(layout: Layout) -> Geometry:
    """The (cached) geometry of ``layout``."""
    geo = _CACHE.get(layout)
    if geo is None:
        geo = _CACHE[layout] = _derive(layout)
    return geo


def check_layout(layout: Layout) -> None:
    """Three coasters in three different quadrants, rotations 0-3: always an L."""
    if len(layout) != COASTERS:
        raise ValueError("the board needs exactly three coasters")
    quadrants = [q for q, _ in layout]
    if len(set(quadrants)) != COASTERS or not all(q in range(4) for q in quadrants):
        raise ValueError("the coasters must lie in three different quadrants")
    if not all(t in range(4) for _, t in layout):
        raise ValueError("a coaster's rotation is 0-3 quarter turns")


def _grid_neighbours(cell: int, deltas: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    row, col = divmod(cell, SIZE)
    return tuple((row + dr) * SIZE + col + dc for dr, dc in deltas if 0 <= row + dr < SIZE and 0 <= col + dc < SIZE)


_AROUND = tuple(_grid_neighbours(c, [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]) for c in range(SIZE * SIZE))
_TOWARDS = tuple({a: _grid_neighbours(c, [d]) for a, d in DELTAS.items()} for c in range(SIZE * SIZE))
"""Per grid cell: the cells around it, and the cell (if any) each arrow letter points to."""


def _placement(quadrant: int, turns: int) -> tuple[tuple[int, str], ...]:
    """Per printed square: (grid cell, arrows) for a coaster at ``quadrant`` turned ``turns``."""
    top, left = 3 * (quadrant // 2), 3 * (quadrant % 2)
    out = []
    for r in range(3):
        for c in range(3):
            rr, cc = rotate_local(r, c, turns)
            out.append(((top + rr) * SIZE + left + cc, turn_arrows(CANONICAL_ARROWS[r][c], turns)))
    return tuple(out)


_PLACEMENTS = {(q, t): _placement(q, t) for q in range(4) for t in range(4)}


def _derive(layout: Layout) -> Geometry:
    check_layout(layout)
    cell_of: list[int] = []
    arrows: list[str] = []
    slot_at = [-1] * (SIZE * SIZE)
    for coaster, where in enumerate(layout):
        for square, (cell, pointing) in enumerate(_PLACEMENTS[where]):
            cell_of.append(cell)
            arrows.append(pointing)
            slot_at[cell] = coaster * 9 + square
    steps = tuple(tuple(slot_at[t] for a in arrows[s] for t in _TOWARDS[cell_of[s]][a] if slot_at[t] >= 0) for s in range(SLOTS))
    neighbours = tuple(tuple(slot_at[n] for n in _AROUND[cell] if slot_at[n] >= 0) for cell in cell_of)
    used = {q for q, _ in layout}
    empty = next(q for q in range(4) if q not in used)
    names = tuple(CELL_NAMES[c] for c in cell_of)
    return Geometry(
        layout=layout,
        empty_quadrant=QUADRANTS[empty],
        cell_of=tuple(cell_of),
        slot_at=tuple(slot_at),
        names=names,
        slot_named={n: s for s, n in enumerate(names)},
        arrows=tuple(arrows),
        steps=steps,
        neighbours=neighbours,
        neighbour_masks=tuple(sum(1 << n for n in around) for around in neighbours),
        reading_order=tuple(sorted(range(SLOTS), key=cell_of.__getitem__)),
    )


def coaster_of(slot: int) -> int:
    return slot // 9


def rotated(layout: Layout, coaster: int, clockwise: bool) -> Layout:
    """The layout after turning ``coaster`` a quarter turn (its quadrant stays)."""
    quadrant, turns = layout[coaster]
    turned = (quadrant, (turns + (1 if clockwise else 3)) % 4)
    return layout[:coaster] + (turned,) + layout[coaster + 1 :]


def _spot(quadrant: int) -> tuple[int, int]:
    return divmod(quadrant, 2)


def _slide(layout: Layout, coaster: int, target: int) -> tuple[int, int] | None:
    """How far (in quadrants) the other two coasters' frame shifts when ``coaster`` comes
    to rest in ``target``, or None when no L puts it there.

    The other two stay where they are on the table; only the frame that names the
    quadrants is laid anew round the new L. A pair side by side fits a 2x2 block in two
    ways, and exactly one of them leaves ``target`` free; a diagonal pair fits one way.
    """
    others = [_spot(q) for i, (q, _) in enumerate(layout) if i != coaster]
    fits = [
        (dr, dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if all(0 <= r + dr < 2 and 0 <= c + dc < 2 and (r + dr) * 2 + c + dc != target for r, c in others)
    ]
    return fits[0] if fits else None


def relocation_targets(layout: Layout, coaster: int) -> tuple[str, ...]:
    """Quadrants ``coaster`` may come to rest in, with the other two not moving on the table.

    Any position that again makes an L of three quadrants of some 2x2 block is allowed
    (this edition's reading on the rules page, ``guide.py``, "A turn"). A coaster at the end of a leg has three: the empty corner, and the two
    places on the far side of the other leg; the corner coaster of the L has one, the
    empty corner. When the new L lies partly outside the old frame, the frame is laid
    round it again, so the target is named in the new frame (``relocated``).

    >>> relocation_targets(INITIAL_LAYOUT, 0), relocation_targets(INITIAL_LAYOUT, 1)
    (('bottom-right',), ('top-left', 'bottom-left', 'bottom-right'))
    """
    here = layout[coaster][0]
    return tuple(QUADRANTS[q] for q in range(4) if q != here and _slide(layout, coaster, q) is not None)


def relocated(layout: Layout, coaster: int, quadrant: str) -> Layout:
    """The layout after lifting ``coaster`` into ``quadrant`` (keeping its rotation); the
    other two keep their places on the table, so in the frame they slide by ``slide``."""
    target = quadrant_index(quadrant)
    dr, dc = _slide(layout, coaster, target) or (0, 0)
    out = []
    for i, (q, turns) in enumerate(layout):
        r, c = _spot(q)
        out.append((target, turns) if i == coaster else ((r + dr) * 2 + c + dc, turns))
    return tuple(out)


SLIDE_WORDS = {(0, 1): "to the right", (0, -1): "to the left", (1, 0): "down", (-1, 0): "up"}


def slide(layout: Layout, coaster: int, quadrant: str) -> tuple[int, int]:
    """``(rows, columns)`` of quadrants by which the other two coasters' names shift when
    ``coaster`` is lifted into ``quadrant``: (0, 0) for the empty corner.

    >>> slide(INITIAL_LAYOUT, 1, "top-left"), slide(INITIAL_LAYOUT, 1, "bottom-right")
    ((0, 1), (0, 0))
    """
    found = _slide(layout, coaster, quadrant_index(quadrant))
    if found is None:
        raise ValueError(f"no L puts coaster {coaster} in the {quadrant}")
    return found


def relocation_words(layout: Layout, coaster: int, quadrant: str) -> str:
    """Where the coaster goes, said from the table: ``"into the empty bottom-right corner"``,
    ``"left of the top-left coaster"``.

    >>> relocation_words(INITIAL_LAYOUT, 1, "bottom-left")
    'left of the bottom-left coaster'
    """
    dr, dc = slide(layout, coaster, quadrant)
    if (dr, dc) == (0, 0):
        return f"into the empty {quadrant} corner"
    r, c = _spot(quadrant_index(quadrant))
    r, c = r - dr, c - dc  # where it lands, in the old frame's quadrants (one row or column outside it)
    if r < 0 or r > 1:
        beside, side = (0 if r < 0 else 1, c), ("above" if r < 0 else "below")
    else:
        beside, side = (r, 0 if c < 0 else 1), ("left of" if c < 0 else "right of")
    return f"{side} the {QUADRANTS[beside[0] * 2 + beside[1]]} coaster"


_PLACES: dict[tuple[Layout, int], tuple[tuple[str, str, tuple[int, int]], ...]] = {}


def relocation_places(layout: Layout, coaster: int) -> tuple[tuple[str, str, tuple[int, int]], ...]:
    """``(quadrant, words, slide)`` for each place ``coaster`` may be moved to (cached per layout:
    every view shows them).

    >>> relocation_places(INITIAL_LAYOUT, 0)
    (('bottom-right', 'into the empty bottom-right corner', (0, 0)),)
    """
    key = (layout, coaster)
    found = _PLACES.get(key)
    if found is None:
        found = _PLACES[key] = tuple(
            (to, relocation_words(layout, coaster, to), slide(layout, coaster, to)) for to in relocation_targets(layout, coaster)
        )
    return found
