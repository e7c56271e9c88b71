"""Docstring examples of the Tower War modules, and the guide (every game's State copy: tests/games/test_game_shape.py)."""

import doctest
import importlib

import pytest

from tabletop.games import GAMES
from tabletop.games.tower_war.guide import GUIDE


@pytest.mark.parametrize("name", ["hand", "tower", "scoring", "physics", "rules", "views"])
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


def test_the_guide_states_the_model_and_this_editions_readings():
    text = " ".join(p if isinstance(p, str) else " ".join(p) for _, ps in GUIDE for p in ps)
    for fact in ["fifteen", "joker", "1 mm", "0.7", "1.1", "leader", "10 seconds", "at most 3 adjustments"]:
        assert fact in text
