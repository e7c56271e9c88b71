"""Every registered game honours the engine contract (engine/protocol.py), checked by
playing seeded random games through the public functions only."""

import copy
import json

import pytest

from tabletop.engine.errors import IllegalMove
from tabletop.engine.protocol import missing_parts
from tabletop.engine.rng import Rng
from tabletop.engine.saves import new_save, replay
from tabletop.games import GAMES, PACKAGES

GAME_IDS = list(GAMES)
MAX_STEPS = 3000


def test_registry_ids_are_the_fixed_ones():
    assert list(GAMES) == ["tower-war", "towers-of-wyoming", "tower-battle", "war-of-the-worlds"]
    assert [module.__name__.rpartition(".")[2] for module in GAMES.values()] == list(PACKAGES)
    for game_id, module in GAMES.items():
        assert module.ID == game_id


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_module_offers_the_whole_contract(game_id):
    module = GAMES[game_id]
    assert missing_parts(module) == []
    assert 1 <= module.MIN_PLAYERS <= module.MAX_PLAYERS
    options = module.default_options()
    assert json.loads(json.dumps(options)) == options
    assert set(module.OPTION_LABELS) >= set(options)


def random_game(module, seed, players):
    """Yield (state, move) along one random game, checking the contract at each step."""
    state = module.new_game(players, None, seed)
    rng = Rng(seed)
    for _ in range(MAX_STEPS):
        if module.outcome(state) is not None:
            assert module.legal_moves(state) == []
            assert module.to_act(state) is None
            return state
        legal = module.legal_moves(state)
        assert legal, "a running game must offer a move"
        move = rng.choice(legal)
        yield state, move
        state = module.apply(state, move)
    return state


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_keeps_the_contract(game_id, seed):
    module = GAMES[game_id]
    players = module.MAX_PLAYERS if seed % 2 == 0 else module.MIN_PLAYERS
    moves = []
    for state, move in random_game(module, seed, players):
        data = module.move_to_json(move)
        assert json.loads(json.dumps(data)) == data
        assert module.move_from_json(data) == move
        for seat in [None, *range(players)]:
            view = module.view(state, seat)
            assert json.loads(json.dumps(view)) == view
            assert {"to_act", "outcome", "epoch", "events"} <= set(view) and "log" not in view  # events, told by the table
        before = copy.deepcopy(module.view(state, None))
        module.apply(state, move)
        assert module.view(state, None) == before, "apply must not change the state it was given"
        moves.append(data)
    save = new_save(game_id, {}, [f"P{i}" for i in range(players)], seed, moves)
    a, b = replay(module, save), replay(module, save)
    for seat in [None, *range(players)]:
        assert module.view(a, seat) == module.view(b, seat)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_garbage_moves_are_refused_with_illegal_move(game_id):
    module = GAMES[game_id]
    state = module.new_game(module.MIN_PLAYERS, None, 5)
    for bad in [None, {}, {"kind": "no-such-move"}, "place"]:
        with pytest.raises(IllegalMove):
            module.apply(state, module.move_from_json(bad))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_player_counts_and_options_are_refused(game_id):
    module = GAMES[game_id]
    with pytest.raises(ValueError):
        module.new_game(module.MAX_PLAYERS + 1, None, 1)
    with pytest.raises(ValueError):
        module.new_game(module.MIN_PLAYERS, {"no_such_option": True}, 1)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_view_refuses_a_seat_that_is_not_one_of_the_game(game_id):
    """-1 (which Python would count from the end), True (which counts as 1), the player count and
    a seat number as text are no seats: a clear ValueError, never someone's hand; None is a spectator."""
    module = GAMES[game_id]
    for players in {module.MIN_PLAYERS, module.MAX_PLAYERS}:
        state = module.new_game(players, None, 5)
        for bad in (-1, True, False, players, players + 1, "0", 0.0, [0]):
            with pytest.raises(ValueError, match="is not a seat of this"):
                module.view(state, bad)
        assert module.view(state, None)["seat"] is None
        for seat in range(players):
            assert module.view(state, seat)["seat"] == seat
