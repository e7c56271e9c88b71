"""The shared end-of-game summary (screens/game_over.py) and the link "Play again" leaves on a
finished save, checked under CPython on real finished games."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.engine.outcome import Outcome
from tabletop.engine.saves import new_save, parse_save
from tabletop.games import GAMES
from tabletop.ui.dom import find_all, text_of
from tabletop.ui.render import renderer_for
from tabletop.ui.screens import game_over


class FakeApp:
    def rematch(self) -> None: ...

    def open_history(self) -> None: ...


def finished_view(game: str, seed: int):
    module = GAMES[game]
    state = module.new_game(2, {}, seed)
    rng = random.Random(seed)
    while module.outcome(state) is None:
        state = module.apply(state, rng.choice(module.legal_moves(state)))
    return module.view(state, None), module.outcome(state)


LABELS = {"tower-war": ["Ana (Red)", "Ben (Blue)"], "towers-of-wyoming": ["Ana", "Ben"],
          "tower-battle": ["Ana (Red)", "Ben (Black)"], "war-of-the-worlds": ["Ana (Aliens)", "Ben (Humans)"]}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_ends_with_winner_reason_score_and_three_ways_on(game):
    view, outcome = finished_view(game, 3)
    labels = LABELS[game]
    tree = game_over.end_summary(FakeApp(), renderer_for(game), view, outcome, labels, outcome.reason)
    text = text_of(tree)
    assert game_over.headline(outcome, labels) in text and outcome.reason in text
    score = find_all(tree, lambda el: "end-score" in el.attrs.get("class", ""))
    assert len(score) == 1 and all(label in text_of(score[0]) for label in labels)
    buttons = find_all(tree, lambda el: el.tag in ("button", "a"))
    assert [text_of(b) for b in buttons] == ["Play again", "History", "Home"]
    assert "data-take-focus" in buttons[0].attrs  # focus lands on the first way on


def test_the_cards_turned_up_are_exactly_those_the_finished_view_makes_public():
    view, outcome = finished_view("towers-of-wyoming", 3)
    tree = game_over.end_summary(FakeApp(), renderer_for("towers-of-wyoming"), view, outcome, ["Ana", "Ben"], outcome.reason)
    shown = sorted(el.attrs["data-card"] for el in find_all(tree, lambda el: "data-card" in el.attrs))
    assert shown == sorted(c["code"] for hand in view["hands_at_end"] for c in hand) and shown
    view, outcome = finished_view("tower-war", 3)
    tree = game_over.end_summary(FakeApp(), renderer_for("tower-war"), view, outcome, LABELS["tower-war"], outcome.reason)
    shown = sorted(el.attrs["data-card"] for el in find_all(tree, lambda el: "data-card" in el.attrs))
    assert shown == sorted(c for p in view["at_end"] for key in ("hand", "deck", "unused") for c in p[key]) and shown


def test_headline_names_a_draw_and_a_shared_win():
    assert game_over.headline(Outcome((), "level"), ["Ana", "Ben"]) == "A draw"
    assert game_over.headline(Outcome((0, 2), "tie"), ["Ana", "Ben", "Cy"]) == "Ana and Cy win"


def test_a_save_keeps_the_game_play_again_started_and_nothing_else_under_that_name():
    save = dict(new_save("war-of-the-worlds", {}, ["Ana", "Ben"], 3), played_again="19a2b3c-0f1e")
    assert parse_save(json.dumps(save), GAMES)["played_again"] == "19a2b3c-0f1e"
    for bad in ("<b>x</b>", 7, "x" * 200, ""):
        assert "played_again" not in parse_save(json.dumps(dict(save, played_again=bad)), GAMES)
