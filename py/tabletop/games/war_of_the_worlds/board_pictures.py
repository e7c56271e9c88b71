"""Explicit positions: build a game state from a picture of the board, and back.

Used by the scenario tests and meant for importing a position (e.g. an end-to-end
test that starts mid-game). A board picture has six rows of six tokens, top row
first, columns A-F (a header row of letters and leading row numbers are allowed):

* ``.`` an empty cell, ``-`` no cell (the empty quadrant of the layout);
* ``A1`` ``A2`` ``A3``: a standing Alien small / medium / large; ``H1``-``H3`` Humans;
* ``X``: a standing obstacle; lower case (``a2``, ``h3``, ``x``) means lying (destroyed).

>>> s = position('''
...     A  B  C  D  E  F
...  1  .  .  .  .  .  .
...  2  .  X  .  .  X  .
...  3  .  .  A3 .  .  .
...  4  .  .  .  -  -  -
...  5  .  X  h1 -  -  -
...  6  .  .  .  -  -  -
... ''')
>>> s.phase, s.supply[0][3], s.supply[1][1]
('place', 4, 4)
>>> to_text(s).splitlines()[3]
'3  .  .  A3 .  .  .'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tabletop.engine.rng import Rng
from tabletop.games.war_of_the_worlds.board import (
    CELL_INDEX,
    CELL_NAMES,
    COLUMNS,
    INITIAL_LAYOUT,
    QUADRANTS,
    SIZE,
    Layout,
    check_layout,
    geometry,
    quadrant_index,
)
from tabletop.games.war_of_the_worlds.facts import ALIENS, EMPTY, HUMANS, NEUTRAL, PER_SIZE
from tabletop.games.war_of_the_worlds.moves import FACES
from tabletop.games.war_of_the_worlds.rules import roll_dice
from tabletop.games.war_of_the_worlds.state import DICE, PLACE, State, empty_board

SIDE_LETTERS = {"A": ALIENS, "H": HUMANS}
LETTER_OF_SIDE = {ALIENS: "A", HUMANS: "H"}


def parse_token(token: str) -> tuple[int, int, bool] | None:
    """``"A3"`` -> (ALIENS, 3, True); ``"x"`` -> (NEUTRAL, 3, False); ``"."`` -> None."""
    if token in (".", "-"):
        return None
    if token in ("X", "x"):
        return NEUTRAL, 3, token == "X"
    letter, pips = token[:1], token[1:]
    if letter.upper() not in SIDE_LETTERS or pips not in ("1", "2", "3"):
        raise ValueError(f"not a piece: {token!r} (use A1-A3, H1-H3, X, lower case for lying, . or -)")
    return SIDE_LETTERS[letter.upper()], int(pips), letter.isupper()


def token_of(state: State, slot: int) -> str:
    side = state.side[slot]
    if side == EMPTY:
        return "."
    token = "X" if side == NEUTRAL else f"{LETTER_OF_SIDE[side]}{state.size[slot]}"
    return token if state.up[slot] else token.lower()


def read_picture(text: str) -> dict[str, str]:
    """Cell name -> token for every cell of a six-by-six picture (see the module doc)."""
    rows = []
    for line in text.strip().splitlines():
        tokens = line.split()
        if not tokens or tokens == list(COLUMNS):
            continue
        if tokens[0].isdigit():
            tokens = tokens[1:]
        rows.append(tokens)
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise ValueError("a board picture has 6 rows of 6 tokens")
    return {CELL_NAMES[r * SIZE + c]: tok for r, row in enumerate(rows) for c, tok in enumerate(row)}


def normal_layout(layout: Iterable[tuple[int | str, int]]) -> Layout:
    out = tuple((quadrant_index(q), int(t) % 4) for q, t in layout)
    check_layout(out)
    return out


def position(
    board: str | Mapping[str, str] = "",
    *,
    layout: Iterable[tuple[int | str, int]] = INITIAL_LAYOUT,
    to_act: int = ALIENS,
    tactical: bool = False,
    supply: Mapping[int, Mapping[int, int]] | None = None,
    opponent_obstacle_moves: Iterable[tuple[str, str]] = (),
    dice: Iterable[str] | None = None,
    seed: int = 0,
    turn: int = 1,
    idle_turns: int = 0,
    epoch: int = 0,
) -> State:
    """A state at the start of ``to_act``'s turn with exactly the given pieces.

    ``board`` is a picture (string) or a mapping ``{"B5": "A2", ...}`` (cells not
    named are empty; no obstacles are added for you). ``layout`` lists one
    (quadrant, quarter turns clockwise) per coaster. ``supply`` defaults to what is
    left of 5 per size after the pieces on the board; give ``{seat: {pips: n}}`` to
    override. ``opponent_obstacle_moves`` lists (from, to) cell names of obstacle moves
    made on the opponent's last turn (the no-undo rule). Tactical positions begin by
    choosing dice: ``dice`` fixes the roll, otherwise it is rolled from ``seed``.
    ``seed`` is the state of the game's random generator; ``turn``, ``idle_turns``
    (tactical) and ``epoch`` let an exported position come back exactly.
    Nothing is destroyed when the position is set up.
    """
    if to_act not in (ALIENS, HUMANS):
        raise ValueError("to_act is 0 (Aliens) or 1 (Humans)")
    lay = normal_layout(layout)
    geo = geometry(lay)
    if isinstance(board, str):
        cells = read_picture(board) if board.strip() else {}  # a blank picture is an empty board
    else:
        cells = dict(board)
    side, size, up = empty_board()
    for name, token in cells.items():
        if name not in CELL_INDEX:
            raise ValueError(f"no cell named {name!r}")
        slot = geo.slot_named.get(name)
        if slot is None:
            if token != "-":
                raise ValueError(f"{name} is in the empty {geo.empty_quadrant} quadrant: mark it '-'")
            continue
        if token == "-":
            raise ValueError(f"{name} is on a coaster: mark it '.' when empty")
        piece = parse_token(token)
        if piece is not None:
            side[slot], size[slot], up[slot] = piece
    left = [[0] + [PER_SIZE - sum(1 for s in range(27) if side[s] == seat and size[s] == p) for p in (1, 2, 3)] for seat in (0, 1)]
    for seat, sizes in (supply or {}).items():
        for pips, n in sizes.items():
            left[seat][int(pips)] = n
    if any(n < 0 for row in left for n in row):
        raise ValueError("a side has more than 5 pyramids of one size")
    state = State(
        tactical=tactical,
        layout=lay,
        side=side,
        size=size,
        up=up,
        supply=left,
        player=to_act,
        phase=PLACE,
        turn=turn,
        idle_turns=idle_turns,
        epoch=epoch,
        rng=Rng(seed),
    )
    state.forbidden = tuple((geo.slot_named[b], geo.slot_named[a]) for a, b in opponent_obstacle_moves)
    if tactical:
        if dice is None:
            roll_dice(state)
        else:
            state.dice = tuple(dice)
            if len(state.dice) != 3 or not all(f in FACES for f in state.dice):
                raise ValueError(f"three dice faces from {FACES}")
            state.phase = DICE
    return state


def to_text(state: State) -> str:
    """The board as a picture that ``position`` reads back."""
    geo = geometry(state.layout)
    lines = ["   " + "  ".join(COLUMNS)]
    for r in range(SIZE):
        tokens = []
        for c in range(SIZE):
            slot = geo.slot_at[r * SIZE + c]
            tokens.append("-" if slot < 0 else token_of(state, slot))
        lines.append(f"{r + 1}  " + " ".join(f"{t:<2}" for t in tokens).rstrip())
    return "\n".join(lines)


def position_to_json(state: State) -> dict[str, Any]:
    """A start-of-turn position as plain JSON (what ``position_from_json`` reads back).

    The board is the picture of ``to_text``, so a person can read or edit it.
    """
    if state.phase not in (PLACE, DICE) or state.plan:
        raise ValueError("a position can only be taken at the start of a turn")
    names = geometry(state.layout).names
    return {
        "board": to_text(state),
        "layout": [[QUADRANTS[q], t] for q, t in state.layout],
        "to_act": state.player,
        "tactical": state.tactical,
        "supply": {str(seat): {str(p): state.supply[seat][p] for p in (1, 2, 3)} for seat in (ALIENS, HUMANS)},
        "opponent_obstacle_moves": [[names[to], names[frm]] for frm, to in state.forbidden],
        "dice": list(state.dice) if state.tactical else None,
        "seed": state.rng.state,
        "turn": state.turn,
        "idle_turns": state.idle_turns,
        "epoch": state.epoch,
    }


def position_from_json(data: Mapping[str, Any]) -> State:
    """Rebuild a position written by ``position_to_json`` (or by hand: only ``board`` is required)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("board"), str):
        raise ValueError("a position needs a board picture")
    supply = data.get("supply")
    return position(
        data["board"],
        layout=[tuple(x) for x in data.get("layout", INITIAL_LAYOUT)],
        to_act=int(data.get("to_act", ALIENS)),
        tactical=bool(data.get("tactical", False)),
        supply={int(k): {int(p): int(n) for p, n in v.items()} for k, v in supply.items()} if supply else None,
        opponent_obstacle_moves=[tuple(m) for m in data.get("opponent_obstacle_moves", ())],
        dice=data.get("dice"),
        seed=int(data.get("seed", 0)),
        turn=int(data.get("turn", 1)),
        idle_turns=int(data.get("idle_turns", 0)),
        epoch=int(data.get("epoch", 0)),
    )
