"""Properties over many games: they end, nothing is lost, replays are exact (every
drop included), moves round-trip through JSON, illegal moves change nothing."""

import json
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.cards import Card
from tabletop.engine.errors import IllegalMove
from tabletop.engine.rng import Rng
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war.moves import (
    Drop,
    Keep,
    LiftPyramid,
    PickCard,
    PickPyramid,
    Play,
    Split,
    Sweeten,
    Take,
    move_from_json,
    move_to_json,
)
from tabletop.games.tower_war.state import State
from tabletop.games.tower_war.views import view

from .positions import FaceUp, assert_conserved, no_secret_shows, play_game, random_bot, skilled_bot

RANDOM_GAMES = 300


DEEP_EVERY = 3  # one game in three is also replayed and has its views searched for secrets
VIEW_EVERY = 8  # ... at the first state of each phase and every eighth state besides


def test_three_hundred_random_games_end_with_everything_accounted_for():
    """Random-but-legal bots that hold every drop for a random 0-10 s. One game in three
    also checks that no view shows a drafted or hidden card it should not (at each phase's
    first state and every eighth state: a leak is a rule of the view, so it shows again
    and again), and that replaying its recorded moves through JSON gives the same state."""
    endings, deep_games, views_checked = set(), 0, 0
    for seed in range(RANDOM_GAMES):
        options = {"advanced_draft": seed % 3 == 0}
        deep = seed % DEEP_EVERY == seed // DEEP_EVERY % DEEP_EVERY  # rotates, so both drafts are deep
        trail, phases, face_up = [], set(), FaceUp()

        def on_state(s, deep=deep, trail=trail, phases=phases, face_up=face_up):
            nonlocal views_checked
            assert_conserved(s)
            if deep:
                face_up(s)
                if len(trail) % VIEW_EVERY == 0 or s.phase not in phases:
                    no_secret_shows(s, face_up.seen)
                    views_checked += 1
                phases.add(s.phase)
                trail.append((s.epoch, s.phase, s.actor, s.rng.state))

        s, moves = play_game(seed, random_bot, options=options, on_state=on_state)
        assert s.result is not None, f"seed {seed} did not end"
        assert r.legal_moves(s) == [] and r.to_act(s) is None
        endings.add(s.result.details["cause"])
        if deep:
            again = replay(seed, options, moves)
            assert [(a.epoch, a.phase, a.actor, a.rng.state) for a in again] == trail, f"seed {seed}: the replay strays"
            assert same_state(s, again[-1]), f"seed {seed}: the replay ends elsewhere"
            deep_games += 1
    assert "fall" in endings and deep_games == RANDOM_GAMES // DEEP_EVERY and views_checked > 1200


def test_skilled_games_reach_the_late_game_and_end():
    endings, tallest = set(), 0
    for seed in range(40):
        s, _ = play_game(seed, skilled_bot, options={"advanced_draft": seed % 2 == 0}, on_state=assert_conserved)
        assert s.result is not None
        endings.add(s.result.details["cause"])
        tallest = max(tallest, len(s.tower))
    assert {"fall", "no-pyramid"} <= endings and tallest >= 8


def replay(seed, options, moves):
    s = r.new_game(2, options, seed)
    states = [s]
    for data in moves:
        s = r.apply(s, move_from_json(json.loads(json.dumps(data))))
        states.append(s)
    return states


def same_state(a: State, b: State) -> bool:
    """Every field of the game's state, the generator and the events included."""
    return all(getattr(a, f.name) == getattr(b, f.name) for f in fields(State))


def test_replays_are_exact_including_every_drop():
    for seed in range(12):
        options = {"advanced_draft": seed % 2 == 1}
        trail = []
        s, moves = play_game(seed, skilled_bot if seed % 3 else random_bot, options=options, on_state=trail.append)
        again = replay(seed, options, moves)
        assert len(again) == len(trail)
        for a, b in zip(trail, again):
            assert a.tower == b.tower and a.epoch == b.epoch and a.rng == b.rng
            assert view(a, 0) == view(b, 0) and view(a, None) == view(b, None)
        drops = [m for m in moves if m["kind"] == "drop"]
        assert drops and s.result == again[-1].result


def test_epoch_grows_on_every_pick_up_and_drop_and_never_falls():
    trail = []
    play_game(5, skilled_bot, on_state=trail.append)
    for before, after in zip(trail, trail[1:]):
        assert after.epoch >= before.epoch
        if before.phase == "drop" or after.phase == "drop":
            assert after.epoch > before.epoch


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), advanced=st.booleans(), skilled=st.booleans())
def test_every_legal_move_applies_and_round_trips(seed, advanced, skilled):
    rng = Rng(seed)
    checked = 0

    def check(s):
        nonlocal checked
        moves = r.legal_moves(s)
        if s.result is not None:
            assert moves == []
            return
        assert moves and r.to_act(s) in (0, 1)
        sample = moves if len(moves) <= 40 else [rng.choice(moves) for _ in range(12)]
        for m in sample:
            data = move_to_json(m)
            assert move_from_json(json.loads(json.dumps(data))) == m
            r.apply(s, m)
            checked += 1

    play_game(seed, skilled_bot if skilled else random_bot, options={"advanced_draft": advanced}, on_state=check)
    assert checked > 20


JUNK = [
    Split(()),
    Sweeten(2, r.Size.LARGE),
    Take(2),
    Keep(Card.parse("JOKER2")),
    Play(Card.parse("AS")),
    Play(Card.parse("JOKER1"), Card.parse("AS")),
    PickPyramid(r.Size.SMALL),
    LiftPyramid(5),
    PickCard(Card.parse("KH")),
    Drop(500.0, 0.0, 100),
    Drop(0.0, 0.0, 20_000),
]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_illegal_moves_raise_and_leave_the_state_untouched(seed):
    def check(s):
        legal = r.legal_moves(s)
        before = (view(s, 0), s.rng.state, s.epoch)
        for m in JUNK:
            if m in legal:
                continue
            with pytest.raises(IllegalMove):
                r.apply(s, m)
            assert (view(s, 0), s.rng.state, s.epoch) == before

    play_game(seed, random_bot, on_state=check)


def test_bad_json_moves_are_refused_plainly():
    for data in [
        None,
        {},
        {"kind": "fly"},
        {"kind": "drop", "x": "a", "y": 0, "hold_ms": 1},
        {"kind": "take"},
        {"kind": "play", "card": "ZZ"},
    ]:
        try:
            move_from_json(data)
        except IllegalMove as exc:
            assert str(exc)
        else:
            raise AssertionError(f"accepted {data!r}")
