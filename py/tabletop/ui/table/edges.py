"""Face to face: the edge of a tablet lying flat where each seat sits.

People at a table do not change places, so each seat keeps its edge all game: the first seat at
the near (bottom) edge, the second across at the far edge, a third and fourth on the left and
right, in turn order going round. CSS turns what belongs to a seat toward its edge
(``html[data-face-to-face] [data-edge=far]`` is turned half round); the views are not touched.
"""

from __future__ import annotations

from typing import Any

EDGES = {
    1: ("near",),
    2: ("near", "far"),
    3: ("near", "left", "far"),
    4: ("near", "left", "far", "right"),
}


def edge(seat: int | None, seats: int) -> str | None:
    """Where ``seat`` of ``seats`` sits (None for nobody, or a table larger than four)."""
    edges = EDGES.get(seats)
    if seat is None or edges is None or not 0 <= seat < len(edges):
        return None
    return edges[seat]


def face_to_face(settings: dict[str, Any]) -> bool:
    """Whether the table is laid out for people facing each other across it."""
    return bool(settings.get("face_to_face"))
