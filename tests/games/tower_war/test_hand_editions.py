"""The retuned hand (edition 2, save format 2) and the old one (edition 1): a Tower War
save made before the retune keeps its hand, so it replays to the very same tower."""

from __future__ import annotations

import functools
import json

import pytest

from tabletop.engine.saves import VERSION, new_save, parse_save, replay
from tabletop.games import GAMES
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war.moves import move_from_json
from tabletop.games.tower_war.physics import HAND_EDITION
from tabletop.games.tower_war.state import State

from .positions import careful_bot, play_game

TW = GAMES["tower-war"]


def towers_of(s: State) -> list:
    return [(lv.card, lv.x, lv.y, lv.pyramids) for lv in s.tower]


@functools.cache
def old_game(seed: int = 4):
    """A game played with the old hand, far enough to hold a few drops."""
    s, moves = play_game(seed, careful_bot, options={"hand": 1}, cap=260)
    assert sum(m["kind"] == "drop" for m in moves) >= 3 and s.hand_edition == 1
    return s, moves


def test_the_hand_is_no_variant_of_the_new_game_form():
    assert "hand" not in TW.default_options()
    assert r.new_game(2, None, 1).hand_edition == HAND_EDITION == 2
    assert r.new_game(2, {"hand": 1, "advanced_draft": True}, 1).hand_edition == 1
    for bad in (0, 3, True, "2"):
        with pytest.raises(ValueError):
            r.new_game(2, {"hand": bad}, 1)


def test_a_save_from_before_the_retune_replays_exactly_with_its_old_hand():
    s, moves = old_game()
    record = dict(new_save("tower-war", {}, ["Ana", "Ben"], 4, moves), version=1)
    loaded = parse_save(json.dumps(record), GAMES)
    assert loaded["version"] == VERSION == 2 and loaded["options"] == {"hand": 1}
    again = replay(TW, loaded)
    assert towers_of(again) == towers_of(s) and again.events == s.events and again.rng == s.rng
    # the same moves in today's hand land elsewhere: without the upgrade the save would not replay
    today = r.new_game(2, None, 4)
    for m in moves:
        try:
            today = r.apply(today, move_from_json(m))
        except Exception:
            break
        if today.result is not None:
            break
    assert towers_of(today) != towers_of(s)


def test_new_saves_and_other_games_are_left_as_they_are():
    fresh = parse_save(json.dumps(new_save("tower-war", {}, ["Ana", "Ben"], 4, [])), GAMES)
    assert fresh["options"] == {} and replay(TW, fresh).hand_edition == HAND_EDITION
    other = dict(new_save("tower-battle", {}, ["Ana", "Ben"], 4, []), version=1)
    assert parse_save(json.dumps(other), GAMES)["options"] == {}


def test_old_hand_pick_ups_show_two_phases_and_new_ones_three():
    _, moves = old_game()
    s = r.new_game(2, {"hand": 1}, 4)
    t = r.new_game(2, None, 4)
    for m in moves:
        if s.phase == "drop":
            break
        s = r.apply(s, move_from_json(m))
        t = r.apply(t, move_from_json(m))
    assert s.phase == t.phase == "drop"
    assert len(s.held.phases) == 2 and len(t.held.phases) == 3 and t.held.phases[:2] == s.held.phases
