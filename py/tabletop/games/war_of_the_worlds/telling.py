"""What happened, as events, and how the table says them: names that stay true after the board moves.

A cell's name (``B5``) belongs to the frame, not to the square: when a coaster turns or is
moved, its squares take other names, and "the medium at F6 was destroyed" would point at a cell
that no longer exists, or at the wrong one. So an event names a square by its SLOT (``coaster *
9 + square``, ``board``), which travels with its coaster, and ``tell`` says it with the name the
square has on the board of the view it is told with: a line about a destroyed medium always
names the cell where it lies now.

Coasters are named by their colour, which travels with them too (the board draws coaster 0
blue, 1 red, 2 purple): "Aliens turned the red coaster clockwise" stays true wherever the red
coaster goes next.

The kinds of event (``EVENT_KINDS``), each with ``kind``, ``move`` and ``seat`` (engine/events.py)
and these facts; an ``owner`` is a seat, or None for an obstacle; a ``size`` is "small",
"medium" or "large"; a layout is three ``{"quadrant", "rotation"}``, one per coaster, as the
view's board says them:

- ``landed``: the setup (seat None);
- ``placed``: ``owner``, ``size``, ``slot``;
- ``coaster-turned``: ``coaster`` (0-2), ``turn`` ("cw"/"ccw"), the layout ``before`` and ``after``;
- ``coaster-moved``: ``coaster``, the layout ``before`` and ``after``;
- ``done``: ``coaster``: the war machine's coaster step finished early;
- ``stepped``: ``owner``, ``size``, ``from`` and ``to`` (slots);
- ``no-move``: nothing could step, so the move step passed;
- ``destroyed`` (seat None: the rule destroys): ``owner``, ``size``, ``slot`` (it lies there now);
- ``rolled``: ``dice`` (three faces); the seat is the player who will use them;
- ``kept``: ``first``, ``second`` (faces, in the order they will be used);
- ``wild``: ``face`` the Wild stands for; ``declined``: ``action`` not used;
- ``end`` (seat None): ``winners``, ``ended_by``, the deciding ``step`` and the tally
  (``standing``, ``standing_pips``, ``destroyed_enemy_pips``, one number per side).

>>> from tabletop.engine.events import Names
>>> from tabletop.games.war_of_the_worlds import apply, new_game, view
>>> from tabletop.games.war_of_the_worlds.moves import Place, Rotate
>>> from tabletop.engine.pyramids import Size
>>> s = apply(new_game(2, None, 1), Place(Size.LARGE, "C3"))
>>> names = Names(("Ann", "Humans"), ("Aliens", "Humans"), plural_sides=True)
>>> placed = s.events[-1]
>>> tell(placed, names, view(s))
'Ann (Aliens) placed a large at C3.'
>>> s = apply(s, Rotate(0, "cw"))
>>> tell(placed, names, view(s)), tell(s.events[-1], names, view(s))
('Ann (Aliens) placed a large at A3.', 'Ann (Aliens) turned the blue coaster clockwise.')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.engine.events import Event, Names
from tabletop.engine.words import sentence
from tabletop.games.war_of_the_worlds.board import QUADRANTS, Layout
from tabletop.games.war_of_the_worlds.scoring import END_REASONS

COASTER_COLOURS: tuple[str, str, str] = ("blue", "red", "purple")
"""Coaster 0, 1, 2 as the board draws them (static/css/games/war_of_the_worlds.css, ``.wotw-c0``...)."""

EVENT_KINDS: tuple[str, ...] = (
    "landed",
    "placed",
    "coaster-turned",
    "coaster-moved",
    "done",
    "stepped",
    "no-move",
    "destroyed",
    "rolled",
    "kept",
    "wild",
    "declined",
    "end",
)


def coaster_called(coaster: int) -> str:
    """``"the red coaster"``: a name that moves with the coaster."""
    return f"the {COASTER_COLOURS[coaster]} coaster"


def layout_json(layout: Layout) -> list[dict[str, Any]]:
    """A layout as events and the view's board say it: one ``{"quadrant", "rotation"}`` per coaster."""
    return [{"quadrant": QUADRANTS[q], "rotation": turns} for q, turns in layout]


def layout_of(said: list[dict[str, Any]]) -> Layout:
    """The layout an event's ``before``/``after`` says."""
    return tuple((QUADRANTS.index(c["quadrant"]), int(c["rotation"])) for c in said)


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


def cell_now(view: dict[str, Any], slot: int) -> str:
    """The name a square has on the view's board: its coaster's cells are listed square by square."""
    name: str = view["board"]["coasters"][slot // 9]["cells"][slot % 9]["cell"]
    return name


def piece_words(e: Event) -> str:
    """ "an obstacle", "a medium"."""
    return "an obstacle" if e["owner"] is None else f"a {e['size']}"


def tell(e: Event, names: Names, view: dict[str, Any]) -> str:
    """The event in a sentence, each seat said as the table calls it and each square as it is
    called on the view's board."""
    return TELLERS[e["kind"]](e, names, view)


def tell_landed(e: Event, names: Names, view: dict[str, Any]) -> str:
    first = "they play first" if names.plural(0) else f"{names.says(0, 'play')} first"
    return f"The Aliens have landed; {first}."


def tell_end(e: Event, names: Names, view: dict[str, Any]) -> str:
    """How the war ended, the winner not named (the table says who won before it)."""
    ending = sentence(END_REASONS[e["ended_by"]])
    standing, pips, destroyed = e["standing"], e["standing_pips"], e["destroyed_enemy_pips"]

    def each(numbers: list[int]) -> str:
        return f"{names(0)} {numbers[0]}, {names(1)} {numbers[1]}"

    step = e["step"]
    if step == "standing":
        return f"{ending}, and more of their pyramids stand ({each(standing)})."
    tied = f"Both sides have {standing[0]} standing pyramids"
    if step == "standing-pips":
        return f"{ending}. {tied}; theirs have fewer pips standing ({each(pips)})."
    tied += f" worth {pips[0]} pips"
    if step == "destroyed-pips":
        return f"{ending}. {tied}; they destroyed more enemy pips ({each(destroyed)})."
    return f"{ending}. {tied}, and each destroyed {destroyed[0]} enemy pips."


def tell_destroyed(e: Event, names: Names, view: dict[str, Any]) -> str:
    what = "The obstacle" if e["owner"] is None else f"{names.whose(e['owner'])} {e['size']}"
    return f"{what} at {cell_now(view, e['slot'])} was destroyed."


TELLERS: dict[str, Callable[[Event, Names, dict[str, Any]], str]] = {
    "landed": tell_landed,
    "placed": lambda e, names, view: f"{names(e['seat'])} placed a {e['size']} at {cell_now(view, e['slot'])}.",
    "coaster-turned": lambda e, names, view: (
        f"{names(e['seat'])} turned {coaster_called(e['coaster'])} {'clockwise' if e['turn'] == 'cw' else 'counter-clockwise'}."
    ),
    "coaster-moved": lambda e, names, view: (
        f"{names(e['seat'])} moved {coaster_called(e['coaster'])} {beside_words(layout_of(e['after']), e['coaster'])}."
    ),
    "done": lambda e, names, view: f"{names(e['seat'])} finished with the war machine's coaster.",
    "stepped": lambda e, names, view: (
        f"{names(e['seat'])} moved {piece_words(e)} from {cell_now(view, e['from'])} to {cell_now(view, e['to'])}."
    ),
    "no-move": lambda e, names, view: f"{names(e['seat'])} had nothing that could move.",
    "destroyed": tell_destroyed,
    "rolled": lambda e, names, view: f"{names(e['seat'])} rolled {', '.join(face.capitalize() for face in e['dice'])}.",
    "kept": lambda e, names, view: f"{names(e['seat'])} kept {e['first'].capitalize()} then {e['second'].capitalize()}.",
    "wild": lambda e, names, view: f"{names(e['seat'])} used the Wild as {e['face'].capitalize()}.",
    "declined": lambda e, names, view: f"{names(e['seat'])} did not use the {e['action'].capitalize()}.",
    "end": tell_end,
}
