"""Random games: they end, conserve pyramids, replay identically, and the legal moves
agree with an independent reading of the rules from the view alone."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.errors import IllegalMove
from tabletop.engine.pyramids import SIZES, Size
from tabletop.engine.rng import Rng
from tabletop.games.war_of_the_worlds import (
    apply,
    epoch,
    legal_moves,
    move_from_json,
    move_to_json,
    new_game,
    outcome,
    to_act,
    view,
)
from tabletop.games.war_of_the_worlds.moves import (
    DECLINE,
    DONE,
    SKIP,
    Destroy,
    Keep,
    Place,
    Relocate,
    Rotate,
    Step,
    WildAs,
)

TACTICAL = {"tactical": True}
DELTAS = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}


def play(seed, options=None, check=None):
    """Play a random game; return (final state, moves). ``check(state)`` runs before each move."""
    state = new_game(2, options, seed)
    rng = Rng(seed * 7919 + 1)
    moves = []
    while outcome(state) is None:
        if check:
            check(state)
        move = rng.choice(legal_moves(state))
        moves.append(move)
        state = apply(state, move)
        assert len(moves) < 5000, "a game that does not end"
    if check:
        check(state)
    return state, moves


def assert_conserved(state):
    for seat in (0, 1):
        for size in SIZES:
            on_board = sum(1 for s, z in zip(state.side, state.size) if s == seat and z == size)
            assert on_board + state.supply[seat][size] == 5
    assert sum(1 for s in state.side if s == 2) == 3
    assert all(z == 0 for s, z in zip(state.side, state.size) if s == -1)


def replay(moves, seed, options=None):
    state = new_game(2, options, seed)
    for move in moves:
        state = apply(state, move_from_json(json.loads(json.dumps(move_to_json(move)))))
    return state


def test_500_strategic_games_end_full_with_three_pyramids_left_each():
    for seed in range(500):
        state, moves = play(seed)
        assert_conserved(state)
        assert all(s != -1 for s in state.side)
        assert [sum(row) for row in state.supply] == [3, 3]
        assert state.turn == 24 and epoch(state) == 0
        assert legal_moves(state) == [] and to_act(state) is None
        assert outcome(state).details["ended_by"] == "full-board"
        if seed % 5 == 0:
            assert replay(moves, seed) == state


def test_200_tactical_games_end_and_conserve_pyramids():
    endings = set()
    for seed in range(200):
        state, moves = play(seed, TACTICAL)
        assert_conserved(state)
        assert legal_moves(state) == [] and to_act(state) is None
        endings.add(outcome(state).details["ended_by"])
        if seed % 5 == 0:
            assert replay(moves, seed, TACTICAL) == state
    assert "full-board" in endings


# --------------------------------------------------------------------------- an independent oracle


def cells_of(v):
    return {c["cell"]: c for co in v["board"]["coasters"] for c in co["cells"]}


def around(cells, cell, deltas):
    by_pos = {(c["row"], c["col"]): name for name, c in cells.items()}
    r, col = cells[cell]["row"], cells[cell]["col"]
    return [by_pos[(r + dr, col + dc)] for dr, dc in deltas if (r + dr, col + dc) in by_pos]


EIGHT = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


def oracle_doomed(v):
    cells = cells_of(v)
    out = set()
    for name, c in cells.items():
        piece = c["piece"]
        if not piece or not piece["standing"]:
            continue
        nbrs = [cells[n]["piece"] for n in around(cells, name, EIGHT)]
        if any(p is None for p in nbrs):
            continue
        attack = defence = 0
        for p in nbrs:
            if not p["standing"]:
                continue
            if p["side"] == piece["side"]:
                defence += p["pips"]
            elif piece["side"] == "neutral" or p["side"] != "neutral":
                attack += p["pips"]
        if attack > defence:
            out.add(name)
    return out


def oracle_steps(v, movers):
    cells = cells_of(v)
    banned = {(b["source"], b["target"]) for b in v["no_undo"]}
    out = set()
    for name in movers:
        for arrow in cells[name]["arrows"]:
            targets = around(cells, name, [DELTAS[arrow]])
            if targets and cells[targets[0]]["piece"] is None:
                if cells[name]["piece"]["side"] == "neutral" and (name, targets[0]) in banned:
                    continue
                out.add((name, targets[0]))
    return out


def standing_cells(v, pred):
    return [n for n, c in cells_of(v).items() if c["piece"] and c["piece"]["standing"] and pred(c["piece"])]


def check_against_oracle(state):
    v = view(state, None)
    json.dumps(v)
    legal = legal_moves(state)
    me = ("aliens", "humans")[state.player]
    if state.phase == "destroy":
        assert {m.cell for m in legal} == oracle_doomed(v) and len(legal) >= 2
        return
    if state.phase in ("place", "dice", "over"):
        assert oracle_doomed(v) == set()  # the board is always settled between turns
    if state.phase == "place":
        empty = {n for n, c in cells_of(v).items() if c["piece"] is None}
        have = {s for s in SIZES if v["supply"][state.player][str(s)] > 0}
        assert {(m.size, m.cell) for m in legal} == {(s, c) for s in have for c in empty}
    elif state.phase == "move":
        size = str(Size(state.placed_size))
        movers = standing_cells(v, lambda p: p["side"] == "neutral" or (p["side"] == me and p["size"] == size))
        movers = [m for m in movers if m != v["placed"]]
        expected = oracle_steps(v, movers)
        if expected:
            assert {(m.source, m.target) for m in legal} == expected
        else:
            assert legal == [SKIP]
    elif state.phase == "action" and state.action in ("dig", "aim"):
        side = me if state.action == "dig" else "neutral"
        expected = oracle_steps(v, standing_cells(v, lambda p: p["side"] == side))
        assert {(m.source, m.target) for m in legal if isinstance(m, Step)} == expected


def check_every_legal_move_applies(state):
    for move in legal_moves(state):
        apply(state, move)


def test_legal_moves_match_an_oracle_reading_the_view_strategic():
    for seed in range(40):
        play(seed, None, check_against_oracle)


def test_legal_moves_match_an_oracle_reading_the_view_tactical():
    for seed in range(25):
        play(seed, TACTICAL, check_against_oracle)


def test_every_legal_move_applies():
    for seed in range(6):
        play(seed, None, check_every_legal_move_applies)
        play(seed, TACTICAL, check_every_legal_move_applies)


# --------------------------------------------------------------------------- illegal moves, hypothesis

POOL = (
    [Place(size, cell) for size in SIZES for cell in ("A1", "B2", "C3", "D4", "F6", "E2", "B5")]
    + [Step(a, b) for a, b in (("B2", "B1"), ("E2", "E1"), ("A1", "B1"), ("C3", "C2"), ("F6", "F5"), ("B2", "C2"))]
    + [Rotate(c, t) for c in range(3) for t in ("cw", "ccw")]
    + [Relocate(c, q) for c in range(3) for q in ("top-left", "bottom-right")]
    + [DONE, SKIP, DECLINE, Destroy("A1"), Destroy("B2"), Keep("tip", "hop"), Keep("wild", "wild"), WildAs("aim")]
)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), tactical=st.booleans(), picks=st.lists(st.integers(0, len(POOL) - 1), min_size=3, max_size=3))
def test_illegal_moves_raise_and_leave_the_state_untouched(seed, tactical, picks):
    def try_illegal(state):
        legal = legal_moves(state)
        before = state.copy()
        for i in picks:
            move = POOL[i]
            if move in legal:
                continue
            try:
                apply(state, move)
            except IllegalMove as exc:
                assert str(exc)
            else:
                raise AssertionError(f"{move} was accepted in phase {state.phase}")
            assert state == before

    play(seed, TACTICAL if tactical else None, try_illegal)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), tactical=st.booleans())
def test_same_seed_and_moves_give_the_same_state_and_moves_round_trip(seed, tactical):
    options = TACTICAL if tactical else None
    state, moves = play(seed % 100_000, options)
    for move in moves:
        assert move_from_json(move_to_json(move)) == move
    assert replay(moves, seed % 100_000, options) == state
    assert view(replay(moves, seed % 100_000, options), 0) == view(state, 0)
