"""Before the release: what a drop landing EXACTLY at the aim would do, so the tremor is the
only uncertainty left (one placement could lose the whole war with no warning).

``outcome_of_exact_drop`` puts the held piece at the aimed point and runs the same statics a
real drop runs (``rules.tower_after`` then ``tower.first_fall``); it also lists the pyramids
of the level whose bases the held pyramid's base would overlap, for the ghost to show.
Everything it needs is public (the tower and the held piece), so ``exact_drop_from_view``
answers the same from a seat's view: the table asks it as the aim moves and only shows the
answer.

``size_warnings`` marks the pyramid sizes that cannot complete the level, with the reason.

>>> overlap = Fall(0, "pyramid", 1, "overlap", -1.3, 0.0, other=0)
>>> print(ExactDrop(False, overlap, ((0, 1.3),), "pyramid", ("medium", "medium")).words())
If it lands exactly on the aim it overlaps the medium pyramid already there by 1.3 mm and falls: you would lose the war.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tabletop.engine.cards import Card
from tabletop.engine.errors import IllegalMove
from tabletop.engine.pyramids import SIZES, Size
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war.physics import COM_MARGIN_MM, PYRAMIDS_PER_LEVEL, TOLERANCE_MM
from tabletop.games.tower_war.state import State
from tabletop.games.tower_war.tower import Fall, Level, Pyramid, Tower, first_fall, overlap_depth, supports

LEAD = "If it lands exactly on the aim"


class ExactDrop(NamedTuple):
    """The answer for one aim: does the tower stand, the lowest thing that falls (if any), and
    ``overlaps``: (index on the top card, depth in mm) of each base the held pyramid's would overlap."""

    stands: bool
    fall: Fall | None
    overlaps: tuple[tuple[int, float], ...]
    piece: str
    sizes: tuple[str, ...] = ()  # the top level's pyramids' sizes, by index (for the words)
    tightest_mm: float | None = None  # the smallest balance margin left when it stands

    def words(self) -> str:
        """One sentence for the table, said as a condition (it has not happened)."""
        if self.stands:
            if self.tightest_mm is not None and self.tightest_mm < 2 * COM_MARGIN_MM + 3:
                return f"{LEAD} the tower stands, but only just: a balance point is {self.tightest_mm:.1f} mm inside its tripod."
            return f"{LEAD} the tower stands."
        fall = self.fall
        if fall is None:  # pragma: no cover - a tower that does not stand has a lowest fall
            raise ValueError("a fall without a cause")
        other = self.sizes[fall.other] if fall.other is not None and fall.other < len(self.sizes) else "other"
        return f"{LEAD} {fall.words(would=True, other=other)}: you would lose the war."

    def to_json(self) -> dict[str, Any]:
        return {
            "stands": self.stands,
            "fall": self.fall.to_json() if self.fall else None,
            "overlaps": [[i, round(d, 3)] for i, d in self.overlaps],
            "words": self.words(),
        }


def judge(tower: Tower, piece: str) -> ExactDrop:
    """The statics of a tower whose top (pyramid) or top card (card) was just put down."""
    top = tower[-1]
    overlaps: tuple[tuple[int, float], ...] = ()
    if piece == "pyramid" and top.pyramids:
        new = top.pyramids[-1]
        found = ((i, overlap_depth(p, new)) for i, p in enumerate(top.pyramids[:-1]))
        overlaps = tuple((i, d) for i, d in found if d > TOLERANCE_MM)
    fall = first_fall(tower)
    sizes = tuple(str(p.size) for p in top.pyramids)
    tightest = None
    if fall is None:
        margins = [min(s.margin_mm, s.apex_margin_mm + COM_MARGIN_MM) for s in supports(tower)]
        tightest = min(margins) if margins else None
    return ExactDrop(fall is None, fall, overlaps, piece, sizes, tightest)


def outcome_of_exact_drop(s: State, x: float, y: float) -> ExactDrop:
    """The held piece put down exactly at (x, y) of the top card's frame: the engine's own
    ``tower_after`` and statics, with no tremor."""
    if s.phase != "drop" or s.held is None:
        raise IllegalMove("nothing is being held")
    top = s.tower[-1]
    return judge(r.tower_after(s, (top.x + x, top.y + y)), s.held.piece)


def tower_from_view(tower: dict[str, Any]) -> Tower:
    """The modelled tower from a view's public ``tower`` (its numbers are the engine's, unrounded)."""
    return tuple(
        Level(
            Card.parse(level["card"]),
            float(level["x"]),
            float(level["y"]),
            tuple(Pyramid(Size.parse(p["size"]), float(p["x"]), float(p["y"]), int(p["owner"])) for p in level["pyramids"]),
        )
        for level in tower["levels"]
    )


def exact_drop_from_view(view: dict[str, Any], x: float, y: float, tower: Tower | None = None) -> ExactDrop:
    """``outcome_of_exact_drop`` from what a seat sees (``tower``: the view's, already read)."""
    held = view.get("held")
    if not held or view.get("phase") != "drop":
        raise IllegalMove("nothing is being held")
    tower = tower_from_view(view["tower"]) if tower is None else tower
    top = tower[-1]
    at = (top.x + x, top.y + y)
    if held["piece"] == "card":
        return judge(tower + (Level(Card.parse(held["card"]), at[0], at[1], ()),), "card")
    pyramid = Pyramid(Size.parse(held["size"]), at[0], at[1], int(held["owner"]))
    return judge(tower[:-1] + (top._replace(pyramids=top.pyramids + (pyramid,)),), "pyramid")


def size_warnings(s: State) -> dict[str, str]:
    """Sizes the seat picking a pyramid for an EMPTY level should not pick, with the reason
    (a level is three pyramids of one size, and whoever must add one and has none loses):

    * filling after a lost battle, the picker adds every one of them: fewer than that of a
      size in their stash loses the war for certain;
    * otherwise (a skirmish's pyramid), fewer of a size in both stashes than the level needs
      means the level can never be finished; fewer in the picker's own stash means losing the
      battle would leave them unable to finish it.
    """
    if s.phase != "place" or s.placing != "pyramid" or s.tower[-1].pyramids:
        return {}
    seat = r.mover(s)
    needed = PYRAMIDS_PER_LEVEL  # the level is empty
    out: dict[str, str] = {}
    for size in SIZES:
        mine, both = s.stash[seat][size], s.stash[0][size] + s.stash[1][size]
        if not mine:
            continue
        if s.reason == "battle":
            if mine < needed:
                out[str(size)] = f"You have {mine} {size} left and must add {needed} to this level: you would run out and lose the war."
        elif both < needed:
            out[str(size)] = f"Only {both} {size} are left in both stashes and this level needs {needed}: it could never be finished."
        elif mine < needed:
            out[str(size)] = (
                f"You have {mine} {size} left and this level needs {needed}: if you lose this battle you must finish "
                f"it with {size} pyramids and would run out."
            )
    return out
