"""``apply`` accepts exactly the moves ``legal_moves`` lists, in every game.

Random games are played through the public contract; at random points moves are
fabricated (mutations of listed moves: reordered or mirrored piles, other cards,
sizes and cells, out-of-range numbers, wrong types, None, dicts, other games'
moves, JSON round trips) and each one is tried. A move is legal iff it equals a
listed move - or, the one exception (Tower War's ``rules.apply``: drops aim anywhere
in continuous bounds), it is a Tower War drop of the kind listed with its target
inside the top card's bounds plus 20 mm and a hold time of 0..10 000 ms. Anything
else must raise ``IllegalMove`` and leave the state as it was.
"""

from __future__ import annotations

import dataclasses
import json
import math
from enum import Enum

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.cards import Card, Suit
from tabletop.engine.errors import IllegalMove
from tabletop.engine.moves import Move
from tabletop.engine.pyramids import Size
from tabletop.engine.rng import Rng
from tabletop.games import GAMES

GAME_IDS = list(GAMES)
MAX_STEPS = 3000

# The bounds of a Tower War drop (physics.py; the rules page, "Adding a piece"): a card
# is 63 x 88 mm (the modelled tower's card), a target may lie 20 mm beyond its edges.
DROP_HALF_X = 63 / 2 + 20
DROP_HALF_Y = 88 / 2 + 20
HOLD_MS_MAX = 10_000


# --- what the contract allows ------------------------------------------------------------------


def is_real(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def ruled_drop(module, legal: list, move) -> bool:
    """Tower War's continuous placements: any drop of the listed kind within the ruled bounds."""
    if module.ID != "tower-war" or not legal or any(m.kind != "drop" for m in legal):
        return False
    if type(move) is not type(legal[0]):
        return False
    x, y, hold = move.x, move.y, move.hold_ms
    return (
        is_real(x) and is_real(y) and abs(x) <= DROP_HALF_X and abs(y) <= DROP_HALF_Y
        and isinstance(hold, int) and not isinstance(hold, bool) and 0 <= hold <= HOLD_MS_MAX
    )  # fmt: skip


def same(a, b) -> bool:
    """Equal all the way down, types included: ``3`` is not ``Size.LARGE``, ``1`` not ``True``,
    ``"H"`` not ``Suit.HEARTS`` (look-alikes the JSON form would never produce)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if dataclasses.is_dataclass(a):
        return all(same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    return a == b


def listed_equal(legal: list, move):
    """The listed move ``move`` is, or None."""
    return next((m for m in legal if same(m, move)), None)


def fingerprint(module, state, players: int) -> str:
    """Everything the public contract shows of a state, every seat's view included."""
    return json.dumps(
        {
            "views": [module.view(state, seat) for seat in [None, *range(players)]],
            "legal": [module.move_to_json(m) for m in module.legal_moves(state)],
            "to_act": module.to_act(state),
            "epoch": module.epoch(state),
        },
        sort_keys=True,
    )


# --- fabricating moves ---------------------------------------------------------------------------


ODD_VALUES = [None, {}, [], "", "x", -1, 10**12, True, False, 1.5, float("nan"), float("inf")]


def pool_of(moves: list) -> dict[str, list]:
    """Field name -> values that field takes in ``moves`` (tuples flattened to their items too)."""
    pool: dict[str, list] = {}
    for m in moves:
        for f in dataclasses.fields(m):
            value = getattr(m, f.name)
            items = list(value) if isinstance(value, tuple) else [value]
            for v in items:
                if v not in pool.setdefault(f.name, []):
                    pool[f.name].append(v)
    return pool


def value_variants(value, others: list) -> tuple[list, list]:
    """Other values for one field: (its neighbours and peers from other listed moves,
    wrong types and odd values)."""
    near = [v for v in others if v != value][:12]
    odd = list(ODD_VALUES)
    if isinstance(value, Card):
        near += [Card(value.rank, value.suit, value.copy + 1)] + [Card(r, s) for r in (1, 7, 13) for s in Suit]
        near += [Card(0, None, 1), Card(0, None, 2)]
        odd += [str(value), Card(14, value.suit), Card(value.rank, None), Card(0, Suit.HEARTS), Card(float(value.rank), value.suit)]
        odd += [Card(value.rank, value.suit.value if value.suit else None)]
    elif isinstance(value, bool):
        near += [not value]
        odd += [int(value), str(value).lower()]
    elif isinstance(value, Size):
        near += list(Size)
        odd += [int(value), 0, 4, str(value)]
    elif isinstance(value, Enum):
        near += list(type(value))
        odd += [value.value, value.value.lower()]
    elif isinstance(value, int):
        near += [value - 1, value + 1, -value - 1]
        odd += [float(value), str(value), 2**63]
    elif isinstance(value, float):
        near += [value + 0.25, -value, DROP_HALF_X, -DROP_HALF_X, DROP_HALF_X + 0.01, DROP_HALF_Y, DROP_HALF_Y + 0.01, -DROP_HALF_Y - 0.01]
        odd += [value + 1e6, -math.inf, str(value), int(value)]
    elif isinstance(value, str):
        near += [value.lower(), value.upper(), value[:-1], value * 2]
        odd += [value + " ", " " + value]
    return near, odd


def tuple_variants(value: tuple, peers: list) -> tuple[list, list]:
    """Reordered, mirrored, shortened and padded versions of a tuple field (``peers``: every
    item the field holds in the listed moves, in listed order), and retyped ones."""
    mirrored = tuple(v for v in peers if v not in value)
    near = [
        tuple(reversed(value)), value[1:] + value[:1], tuple(sorted(value, key=str)),
        value[:-1], value + value[:1], (), mirrored, tuple(reversed(mirrored)), value + mirrored,
    ]  # fmt: skip
    odd = [list(value), (None,) + value, tuple(str(v) for v in value), *ODD_VALUES]
    return [v for v in near if v != value], odd


def fabrications(module, move: Move, legal: list, foreign: list) -> tuple[list, list]:
    """Moves made up around the listed ``move``: (near misses of each field, odd values,
    wrong types, round trips and other games' moves)."""
    as_json = module.move_to_json(move)
    odd: list = [None, {}, [], "", move.kind, object(), Move(), as_json, json.dumps(as_json), *foreign]
    near: list = [module.move_from_json(json.loads(json.dumps(as_json)))]
    pool = pool_of([m for m in legal if type(m) is type(move)])
    for f in dataclasses.fields(move):
        value = getattr(move, f.name)
        if isinstance(value, tuple):
            close, strange = tuple_variants(value, pool.get(f.name, []))
        else:
            close, strange = value_variants(value, pool.get(f.name, []))
        near += [dataclasses.replace(move, **{f.name: v}) for v in close]
        odd += [dataclasses.replace(move, **{f.name: v}) for v in strange]
    return near, odd


def moves_seen(module, seeds=(3, 4), every: int = 7) -> list:
    """A sample of listed moves of ``module`` from a few random games (of every kind it has)."""
    found: list = []
    for seed in seeds:
        state, rng = module.new_game(module.MIN_PLAYERS, None, seed), Rng(seed)
        for step in range(MAX_STEPS):
            legal = module.legal_moves(state)
            if not legal:
                break
            if step % every == 0 or len({m.kind for m in legal}) > 1:
                found += [m for m in legal[:3] if m not in found]
            state = module.apply(state, rng.choice(legal))
    return found


FOREIGN = {game_id: moves_seen(GAMES[game_id]) for game_id in GAME_IDS}


def random_options(module, data) -> dict:
    """Each switch drawn: booleans either way, offered choices from their list."""
    options = {}
    for key, default in module.default_options().items():
        if key in module.OPTION_CHOICES:
            options[key] = data.draw(st.sampled_from(module.OPTION_CHOICES[key]))
        elif isinstance(default, bool):
            options[key] = data.draw(st.booleans())
    return options


# --- the property ---------------------------------------------------------------------------------


def try_move(module, state, legal: list, move, players: int) -> bool:
    """Apply a fabricated move; check it is accepted exactly when the contract says so.
    Returns whether it was accepted."""
    drop = ruled_drop(module, legal, move)
    listed = None if drop else listed_equal(legal, move)
    allowed = drop or listed is not None
    try:
        after = module.apply(state, move)
    except IllegalMove as exc:
        assert not allowed, f"{module.ID}: the listed move {move!r} was refused: {exc}"
        assert str(exc), "an IllegalMove says why"
        return False
    assert allowed, f"{module.ID}: apply accepted {move!r}, which legal_moves does not list"
    if listed is not None:
        expected = module.apply(state, listed)
        assert fingerprint(module, after, players) == fingerprint(module, expected, players), (
            f"{module.ID}: {move!r} equals the listed {listed!r} but played differently"
        )
    return True


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_apply_accepts_exactly_the_listed_moves(game_id, seed, data):
    module = GAMES[game_id]
    players = data.draw(st.integers(module.MIN_PLAYERS, module.MAX_PLAYERS), label="players")
    options = random_options(module, data)
    stops = data.draw(st.sets(st.integers(0, 160), min_size=2, max_size=6), label="fabricate at steps")
    foreign = [m for other, moves in FOREIGN.items() if other != game_id for m in moves[:8]] + FOREIGN[game_id]
    state, rng = module.new_game(players, options, seed), Rng(seed)
    played = []
    for step in range(MAX_STEPS):
        legal = module.legal_moves(state)
        if not legal:
            break
        if step in stops:
            before = fingerprint(module, state, players)
            for base in data.draw(st.lists(st.sampled_from(legal), min_size=1, max_size=3), label="around"):
                near, odd = fabrications(module, base, legal, foreign)
                for move in near + data.draw(st.lists(st.sampled_from(odd), min_size=5, max_size=15), label="odd ones"):
                    try_move(module, state, legal, move, players)
            assert fingerprint(module, state, players) == before, "a refused or accepted move changed the state it was given"
        move = rng.choice(legal)
        played.append(move)
        state = module.apply(state, move)
    assert module.legal_moves(state) == [] and module.outcome(state) is not None
    # Nothing hidden moved either (deck order, the generator): a replay of the same moves
    # without the fabricated attempts ends in the same state.
    again = module.new_game(players, options, seed)
    for move in played:
        again = module.apply(again, move)
    assert fingerprint(module, again, players) == fingerprint(module, state, players)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("bad", [None, {}, [], "", "place", 3, object(), Move()])
def test_no_move_at_all_is_refused_with_illegal_move(game_id, bad):
    module = GAMES[game_id]
    state = module.new_game(module.MIN_PLAYERS, None, 9)
    before = fingerprint(module, state, module.MIN_PLAYERS)
    with pytest.raises(IllegalMove):
        module.apply(state, bad)
    assert fingerprint(module, state, module.MIN_PLAYERS) == before


def drop_states(per_piece: int = 6):
    """States of random Tower War games where a piece is held (every listed move a drop):
    ``per_piece`` with a pyramid in hand and as many with a card."""
    module = GAMES["tower-war"]
    seen = {"pyramid": 0, "card": 0}
    for seed in range(1, 200):
        state, rng = module.new_game(2, None, seed), Rng(seed)
        while module.outcome(state) is None:
            legal = module.legal_moves(state)
            if all(m.kind == "drop" for m in legal):
                piece = module.view(state, None)["held"]["piece"]
                if seen[piece] < per_piece:
                    seen[piece] += 1
                    yield state, legal
                if min(seen.values()) >= per_piece:
                    return
            state = module.apply(state, rng.choice(legal))


def test_tower_war_drops_are_legal_exactly_within_the_ruled_bounds():
    """The ruled exception to "exactly what legal_moves lists": any target up to 20 mm beyond
    the top card's edges and any hold from 0 to 10 000 ms, for pyramids and cards alike."""
    module = GAMES["tower-war"]
    pieces = []
    for state, legal in drop_states():
        pieces.append(module.view(state, None)["held"]["piece"])
        drop = type(legal[0])
        inside = [(DROP_HALF_X, 0.0, 0), (-DROP_HALF_X, DROP_HALF_Y, HOLD_MS_MAX), (0.123, -DROP_HALF_Y, 4321), (3, -7, 1)]
        outside = [
            (DROP_HALF_X + 1e-6, 0.0, 0),
            (0.0, -DROP_HALF_Y - 1e-6, 0),
            (0.0, 0.0, -1),
            (0.0, 0.0, HOLD_MS_MAX + 1),
            (math.nan, 0.0, 0),
            (0.0, math.inf, 0),
            (True, 0.0, 0),
            (0.0, 0.0, 1.0),
            (0.0, 0.0, True),
            ("0", 0.0, 0),
        ]
        before = fingerprint(module, state, 2)
        for x, y, hold in inside:
            after = module.apply(state, drop(x, y, hold))
            assert module.epoch(after) > module.epoch(state)
        for x, y, hold in outside:
            with pytest.raises(IllegalMove):
                module.apply(state, drop(x, y, hold))
        assert fingerprint(module, state, 2) == before
    assert sorted(pieces) == ["card"] * 6 + ["pyramid"] * 6
