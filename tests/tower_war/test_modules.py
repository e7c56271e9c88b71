"""Docstring examples of the Tower War modules, the state copy, and the guide."""

import dataclasses
import doctest
import importlib

import pytest

from tabletop.games import GAMES
from tabletop.games.tower_war.guide import GUIDE
from tabletop.games.tower_war.state import State

from .positions import play_game, skilled_bot


@pytest.mark.parametrize("name", ["hand", "tower", "scoring", "physics", "rules", "view"])
def test_docstring_examples(name):
    module = importlib.import_module(f"tabletop.games.tower_war.{name}")
    failures, _ = doctest.testmod(module)
    assert failures == 0


def test_the_game_is_registered_with_its_contract():
    game = GAMES["tower-war"]
    assert game.ID == "tower-war" and game.HIDDEN_INFORMATION and (game.MIN_PLAYERS, game.MAX_PLAYERS) == (2, 2)
    assert game.default_options() == {"advanced_draft": False} and set(game.OPTION_LABELS) == {"advanced_draft"}
    with pytest.raises(ValueError):
        game.new_game(3, None, 1)
    with pytest.raises(ValueError):
        game.new_game(2, {"advanced_draft": "yes"}, 1)


def test_copy_keeps_every_field_and_shares_no_mutable_list():
    trail = []
    play_game(3, skilled_bot, on_state=trail.append)
    for s in trail[:: max(1, len(trail) // 25)]:
        c = s.copy()
        for f in dataclasses.fields(State):
            a, b = getattr(s, f.name), getattr(c, f.name)
            assert a == b, f.name
            if isinstance(a, list):
                assert a is not b, f.name
                for x, y in zip(a, b):
                    assert not isinstance(x, list) or x is not y, f.name


def test_the_guide_states_the_model_and_this_editions_readings():
    text = " ".join(p if isinstance(p, str) else " ".join(p) for _, ps in GUIDE for p in ps)
    for fact in ["fifteen", "joker", "1 mm", "0.7", "1.1", "leader", "10 seconds", "at most 3 adjustments"]:
        assert fact in text
