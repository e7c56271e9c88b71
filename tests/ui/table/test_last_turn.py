"""The others' last turn shown again (ui/table/last_turn.py, Session.last_turn_offer, CurrentGame):
which moves it shows, the positions it steps through, and that any move or undo ends it."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.ui.saves.storage import MemoryBackend, Store
from tabletop.ui.shell.notices import Notices
from tabletop.ui.table.current_game import CurrentGame
from tabletop.ui.table.last_turn import LastTurn, turn_start
from tabletop.ui.table.session import KEPT_STATES, Session

ANA, BOT = {"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "computer", "level": "easy"}


def played(game: str, seats: list[dict], seed: int, until) -> Session:
    """A session played by seeded random moves until ``until(session)``."""
    session = Session.start(GAMES[game], seats, {}, seed)
    rng = Rng(seed)
    for _ in range(2000):
        if until(session):
            return session
        session.apply(rng.choice(session.module.legal_moves(session.state)))
    raise AssertionError("the position never came")


def after_bot(session: Session) -> bool:
    return len(session.movers) > 2 and session.to_act == 0 and session.movers[-1] == 1


def test_the_turn_is_every_move_since_the_viewers_own_last_one():
    assert turn_start([0, 1, 1, 1], 0) == 1
    assert turn_start([0, 1, 2, 1], 0) == 1  # three others' moves, one turn to show
    assert turn_start([1, 1], 0) == 0  # the viewer has not moved yet: from the deal
    assert turn_start([0, 1, 0], 0) is None  # the viewer moved last: nothing new to them
    assert turn_start([0, 1], None) is None and turn_start([], 0) is None


def test_a_replay_steps_through_each_position_or_shows_a_pair_with_reduced_motion():
    moving = LastTurn.of("g", [0, 1, 1, 1], 0, reduced=False)
    assert moving is not None and moving.frames == [1, 2, 3, 4] and moving.movers == [1]
    steps = [moving.position]
    while moving.advance():
        steps.append(moving.position)
    assert steps == [1, 2, 3, 4] and moving.done and not moving.advance()
    pair = LastTurn.of("g", [0, 1, 1, 1], 0, reduced=True)
    assert pair is not None and pair.frames == [1, 4]
    assert pair.caption(["Ana", "Bot"]) == "Before Bot's turn" and pair.advance() and pair.caption(["Ana", "Bot"]) == "After Bot's turn"
    assert pair.offer_words() == "Last turn: show its 3 moves again"


def test_a_long_turn_is_shown_faster_not_longer():
    long = LastTurn.of("g", [0] + [1] * 12, 0, reduced=False)
    short = LastTurn.of("g", [0, 1], 0, reduced=False)
    longest = LastTurn.of("g", [0] + [1] * 40, 0, reduced=False)
    assert long is not None and short is not None and longest is not None
    assert long.hold_ms() * 12 <= 6000 and long.hold_ms() < short.hold_ms()
    assert longest.hold_ms() == 350  # never so fast that a piece cannot finish its way


def test_offered_after_the_computers_turn_and_not_after_the_persons_own_move():
    session = played("tower-battle", [ANA, BOT], 3, after_bot)
    offer = session.last_turn_offer()
    assert offer is not None and offer.movers == [1] and offer.frames[-1] == len(session.save["moves"])
    assert all(session.movers[i] == 1 for i in range(offer.frames[0], len(session.movers)))
    assert session.movers[offer.frames[0] - 1] == 0  # it starts just after Ana's own move
    session.apply(session.module.legal_moves(session.state)[0])
    assert session.last_turn_offer() is None  # Ana moved last: the computer thinks, or it is Ana's turn again


def test_each_position_of_the_replay_is_the_game_as_it_stood_then():
    session = played("war-of-the-worlds", [ANA, BOT], 7, lambda s: len(s.movers) > 12 and after_bot(s))
    module, save = session.module, session.save
    for moves in range(len(save["moves"]) + 1):
        fresh = Session(module, dict(save, moves=save["moves"][:moves]))
        assert json.dumps(module.view(session.state_at(moves), 0), sort_keys=True) == json.dumps(
            module.view(fresh.state, 0), sort_keys=True
        )
    assert len(session.kept) <= KEPT_STATES


def test_a_move_or_an_undo_ends_the_replay():
    game = CurrentGame(Store(MemoryBackend(), {}), lambda: GAMES, Notices())
    game.set(played("tower-battle", [ANA, BOT], 3, after_bot))
    replay = game.show_last_turn(reduced=False)
    assert replay is not None and game.last_turn is replay and game.motion_scope(route("tower-battle"))[2] == "last-turn"
    session = game.session
    assert session is not None
    game.play(session.module.legal_moves(session.state)[0])
    assert game.last_turn is None
    game.set(played("tower-battle", [ANA, BOT], 3, after_bot))
    assert game.show_last_turn(reduced=True) is not None
    game.stop_last_turn()
    assert game.last_turn is None


def route(game_id: str):
    from tabletop.ui.shell.router import Route

    return Route("play", game_id, "x")


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 2**32))
def test_a_replay_never_shows_a_position_the_game_did_not_have(game, seed):
    """Any game, any seed: the replay's positions run from just after the viewer's own move to now."""
    session = played(game, [ANA, BOT], seed, lambda s: s.module.outcome(s.state) is not None or (len(s.movers) > 3 and after_bot(s)))
    offer = session.last_turn_offer()
    if offer is None:
        return
    assert offer.frames == list(range(offer.frames[0], len(session.movers) + 1))
    assert 0 not in {session.movers[i] for i in range(offer.frames[0], len(session.movers))}
