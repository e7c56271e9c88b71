"""Every game package has the same shape (games/__init__.py) and writes its State one way: a
mutable ``@dataclass(slots=True)`` that rule steps change in place on the copy ``apply`` makes,
and a ``copy()`` that keeps every field while sharing no list the rules change (a field added
to the State but forgotten by ``copy`` fails here)."""

import dataclasses
import importlib

import pytest

from tabletop.engine.rng import Rng
from tabletop.games import GAMES


def positions(game_id: str, seed: int, moves: int = 120) -> list:
    """The states of one game played by random legal moves, first to last (or ``moves`` of them)."""
    game = GAMES[game_id]
    rng = Rng(seed)
    state = game.new_game(game.MIN_PLAYERS, None, seed)
    seen = [state]
    for _ in range(moves):
        legal = game.legal_moves(state)
        if not legal:
            break
        state = game.apply(state, legal[rng.below(len(legal))])
        seen.append(state)
    return seen


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_state_is_a_mutable_dataclass_with_slots(game_id):
    state_class = type(GAMES[game_id].new_game(GAMES[game_id].MIN_PLAYERS, None, 1))
    assert dataclasses.is_dataclass(state_class)
    assert not state_class.__dataclass_params__.frozen, "rule steps change the copy apply makes"
    assert "__slots__" in vars(state_class) and not hasattr(object.__new__(state_class), "__dict__")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_copy_keeps_every_field_and_shares_no_list(game_id):
    for seed in (1, 2):
        for state in positions(game_id, seed)[::3]:
            twin = state.copy()
            for f in dataclasses.fields(state):
                if not f.compare:
                    continue  # a cache (The War of the Worlds' legal moves), dropped by copy
                a, b = getattr(state, f.name), getattr(twin, f.name)
                assert a == b, f.name
                if isinstance(a, list):
                    assert a is not b, f.name
                    for x, y in zip(a, b):
                        assert not isinstance(x, list) or x is not y, f.name


SHAPE = ("facts", "state", "moves", "rules", "views", "guide", "lesson", "ai", "game")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_package_has_the_same_modules_and_its_facts_in_facts(game_id):
    """The games' one shape (games/__init__.py): the same modules in every package, and the
    contract's facts (id, title, seats, options) defined in ``facts``, gathered with the rest of the
    contract in ``game`` and offered by the package."""
    package = GAMES[game_id]
    for name in SHAPE:
        importlib.import_module(f"{package.__name__}.{name}")
    facts = importlib.import_module(f"{package.__name__}.facts")
    for name in ("ID", "TITLE", "BLURB", "MIN_PLAYERS", "MAX_PLAYERS", "HIDDEN_INFORMATION", "SEAT_NAMES", "OPTION_LABELS"):
        assert getattr(package, name) is getattr(facts, name), name
    assert package.default_options is facts.default_options
    assert package.ID == game_id
