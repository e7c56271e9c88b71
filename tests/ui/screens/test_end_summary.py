"""The shared end-of-game summary (screens/game_over.py) and the link "Play again" leaves on a
finished save, checked under CPython on real finished games: each thing said once (the headline
names the winner, the engine's ``Outcome.why`` says why without naming them again, and no
renderer draws an end box of its own), the turned-up cards in a disclosure that can start folded."""

from __future__ import annotations

import json
import random

import pytest

from recording import RecordingActions
from tabletop.engine.outcome import Outcome
from tabletop.engine.saves import new_save, parse_save
from tabletop.games import GAMES
from tabletop.ui.render import TableContext, renderer_for
from tabletop.ui.render.tower_battle.news import LISTED_GAMES
from tabletop.ui.screens import game_over
from tabletop.ui.web.dom import El, find_all, text_of


def finished_view(game: str, seed: int, options: dict | None = None):
    module = GAMES[game]
    state = module.new_game(2, options or {}, seed)
    rng = random.Random(seed)
    while module.outcome(state) is None:
        state = module.apply(state, rng.choice(module.legal_moves(state)))
    return module.view(state, None), module.outcome(state)


def engine_name(game: str, seat: int) -> str:
    """How the engine names a seat in its sentences: the side, or "Player N"."""
    sides = GAMES[game].SEAT_NAMES
    return sides[seat] if sides else f"Player {seat + 1}"


LABELS = {
    "tower-war": ["Ana (Red)", "Ben (Blue)"],
    "towers-of-wyoming": ["Ana", "Ben"],
    "tower-battle": ["Ana (Red)", "Ben (Black)"],
    "war-of-the-worlds": ["Ana (Aliens)", "Ben (Humans)"],
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_ends_with_winner_reason_score_and_three_ways_on(game):
    view, outcome = finished_view(game, 3)
    labels = LABELS[game]
    tree = game_over.end_summary(RecordingActions(), {}, renderer_for(game), view, outcome, labels, game_over.why_it_ended(outcome))
    text = text_of(tree)
    assert game_over.headline(outcome, labels) in text and outcome.why in text
    score = find_all(tree, lambda el: "end-score" in el.attrs.get("class", ""))
    assert len(score) == 1 and all(label in text_of(score[0]) for label in labels)
    buttons = find_all(tree, lambda el: el.tag in ("button", "a"))
    assert [text_of(b) for b in buttons] == ["Play again", "History", "Home"]
    assert "data-take-focus" in buttons[0].attrs  # focus lands on the first way on


ENDINGS = [
    ("towers-of-wyoming", {}),
    ("tower-war", {}),
    ("war-of-the-worlds", {}),
    ("tower-battle", {"target": 2}),
    ("tower-battle", {"target": 2, "scoring": "advanced", "tnt": True}),
]


@pytest.mark.parametrize("game,options", ENDINGS)
def test_why_says_how_it_ended_without_naming_the_winner_again(game, options):
    """The reason (the log's sentence) names the winner; ``why`` (under the headline) does not
    say they won, and says what decided it in the reason's own terms."""
    forfeits = 0
    for seed in range(8):
        _view, outcome = finished_view(game, seed, options)
        assert outcome.why and outcome.why != outcome.reason and outcome.why.endswith(".")
        assert outcome.to_json()["why"] == outcome.why
        for w in outcome.winners:
            name = engine_name(game, w)
            assert f"{name} win" in outcome.reason or f"{name}'s" in outcome.reason or "forfeit" in outcome.why, outcome.reason
            assert f"{name} win" not in outcome.why, outcome.why
        forfeits += "forfeits" in outcome.why
        if game == "tower-war" and outcome.winners:  # a lost war: the why is the loser's undoing, word for word
            assert outcome.reason == f"{outcome.why} {engine_name(game, outcome.winners[0])} wins the war."
    if options.get("scoring") == "advanced":
        assert forfeits, "no match here was won through the other's forfeit: pick other seeds"


def test_a_draw_says_why_without_saying_draw_twice():
    from tabletop.games.war_of_the_worlds.facts import ALIENS, HUMANS
    from tabletop.games.war_of_the_worlds.scoring import final_outcome

    state = GAMES["war-of-the-worlds"].new_game(2, {}, 1)
    state.side[:4], state.size[:4], state.up[:4] = [ALIENS, HUMANS, ALIENS, HUMANS], [1, 1, 2, 2], [True, True, False, False]
    outcome = final_outcome(state, "stalled")
    assert outcome.is_draw and outcome.reason.endswith(": a draw.")
    assert (
        outcome.why
        == "No pyramid was placed for 10 turns in a row. Both sides have 1 standing pyramids worth 1 pips, and each destroyed 2 enemy pips."
    )
    assert game_over.headline(outcome, ["Ana", "Ben"]) == "A draw"


def classes(el: El) -> list[str]:
    return (el.attrs.get("class") or "").split()


def finished_table(game: str, seed: int, options: dict | None = None) -> tuple[El, object]:
    """A finished game drawn by its own renderer as the table draws it (a spectator's view)."""
    view, outcome = finished_view(game, seed, options)
    names = ["Ana", "Ben"]
    ctx = TableContext(module=GAMES[game], view=view, legal=[], names=names, viewer=None, play=lambda _m: None, refresh=lambda: None)
    return renderer_for(game).render(ctx), outcome


@pytest.mark.parametrize("game,options", ENDINGS)
def test_no_renderer_draws_an_end_box_of_its_own(game, options):
    """The shared summary says who won and why; the final table under it says neither again."""
    for seed in (1, 2):
        tree, outcome = finished_table(game, seed, options)
        text = text_of(tree)
        assert not any(f"{who} win" in text for who in ("Ana", "Ben", "Red", "Blue", "Black", "Aliens", "Humans", "Player 1", "Player 2"))
        assert "Deciding move" not in text and "How the towers stood" not in text and "wins the match" not in text
        if game == "tower-war":
            assert not find_all(tree, lambda el: "twar-fallbox" in classes(el))
        if game == "war-of-the-worlds":  # the tie-break steps come after the final board
            order = [el for el in find_all(tree, lambda el: {"wotw-end", "wotw-board"} & set(classes(el)))]
            assert [set(classes(el)) & {"wotw-end", "wotw-board"} for el in order] == [{"wotw-board"}, {"wotw-end"}]


def test_a_match_of_several_games_lists_them_under_the_board_without_the_winner_twice():
    tree, outcome = finished_table("tower-battle", 3, {"target": 2})
    (games,) = find_all(tree, lambda el: "tb-match-games" in classes(el))
    rows = find_all(games, lambda el: el.tag == "li")
    assert len(rows) == len(outcome.details["games"]) >= 2
    for row, result in zip(rows, outcome.details["games"]):
        line = text_of(row)
        assert line.count(" won") <= 1 and "wins game" not in line, line  # "Game 2: Ben (Black) won…", then how
        assert (result["why"][0].upper() + result["why"][1:]).replace("Red", "Ana (Red)").replace("Black", "Ben (Black)") in line


def test_the_cards_turned_up_are_exactly_those_the_finished_view_makes_public():
    view, outcome = finished_view("towers-of-wyoming", 3)
    tree = game_over.end_summary(RecordingActions(), {}, renderer_for("towers-of-wyoming"), view, outcome, ["Ana", "Ben"], outcome.why)
    shown = sorted(el.attrs["data-card"] for el in find_all(tree, lambda el: "data-card" in el.attrs))
    assert shown == sorted(c["code"] for hand in view["hands_at_end"] for c in hand) and shown
    view, outcome = finished_view("tower-war", 3)
    tree = game_over.end_summary(RecordingActions(), {}, renderer_for("tower-war"), view, outcome, LABELS["tower-war"], outcome.why)
    shown = sorted(el.attrs["data-card"] for el in find_all(tree, lambda el: "data-card" in el.attrs))
    assert shown == sorted(c for p in view["at_end"] for key in ("hand", "deck", "unused") for c in p[key]) and shown


def test_the_turned_up_cards_fold_away_and_say_how_many():
    view, outcome = finished_view("tower-war", 3)
    count = sum(len(p[key]) for p in view["at_end"] for key in ("hand", "deck", "unused"))
    for folded in (True, False):
        tree = game_over.end_summary(
            RecordingActions(), {}, renderer_for("tower-war"), view, outcome, LABELS["tower-war"], outcome.why, folded=folded
        )
        (details,) = find_all(tree, lambda el: el.tag == "details")
        assert ("open" in details.attrs and details.attrs["open"] is not None) is not folded
        assert text_of(details.children[0]) == f"Cards turned up at the end ({count})"
    # the buttons come before the cards: on a phone they stay in view with the table under them
    order = [el.attrs.get("id") or el.tag for el in find_all(tree, lambda el: el.tag in ("details", "button"))]
    assert order == ["end-play-again", "end-history", "details"]


def test_a_person_opening_or_closing_the_cards_is_remembered():
    table_ui: dict = {}
    assert game_over.cards_start_folded(table_ui) is False  # off the browser nothing says it is a phone
    table_ui["end_cards_open"] = False
    assert game_over.cards_start_folded(table_ui) is True
    table_ui["end_cards_open"] = True
    assert game_over.cards_start_folded(table_ui) is False
    view, outcome = finished_view("towers-of-wyoming", 3)
    act = RecordingActions()
    tree = game_over.end_summary(act, table_ui, renderer_for("towers-of-wyoming"), view, outcome, ["Ana", "Ben"], outcome.why, folded=True)
    (summary,) = find_all(tree, lambda el: el.tag == "summary")

    class Details:
        open = True

    class Target:
        def closest(self, _selector):
            return Details()

    class Click:
        target = Target()

    summary.events["click"](Click())  # it was open: the click closes it
    assert table_ui["end_cards_open"] is False
    buttons = {el.attrs.get("id"): el for el in find_all(tree, lambda el: el.tag == "button")}
    buttons["end-play-again"].events["click"](None)
    buttons["end-history"].events["click"](None)
    assert act.names() == ["rematch", "open_history"]


def test_headline_names_a_draw_and_a_shared_win():
    assert game_over.headline(Outcome((), "level"), ["Ana", "Ben"]) == "A draw"
    assert game_over.headline(Outcome((0, 2), "tie"), ["Ana", "Ben", "Cy"]) == "Ana and Cy win"


def test_a_save_keeps_the_game_play_again_started_and_nothing_else_under_that_name():
    save = dict(new_save("war-of-the-worlds", {}, ["Ana", "Ben"], 3), played_again="19a2b3c-0f1e")
    assert parse_save(json.dumps(save), GAMES)["played_again"] == "19a2b3c-0f1e"
    for bad in ("<b>x</b>", 7, "x" * 200, ""):
        assert "played_again" not in parse_save(json.dumps(dict(save, played_again=bad)), GAMES)


def test_a_long_match_lists_its_last_games_and_folds_the_whole_list_away():
    """A match of many games (89 made a list 7,345 px tall) shows the last three under the board and
    every game, numbered, behind 'All N games'."""
    for seed in range(1, 40):
        tree, outcome = finished_table("tower-battle", seed, {"target": 8})
        games = outcome.details["games"]
        if len(games) > LISTED_GAMES:
            break
    else:
        raise AssertionError("no seed made a match of more than six games")
    (section,) = find_all(tree, lambda el: "tb-match-games" in classes(el))
    shown, everything = find_all(section, lambda el: el.tag == "ol")
    assert shown.attrs["start"] == str(len(games) - 2) and len(find_all(shown, lambda el: el.tag == "li")) == 3
    assert text_of(shown).startswith(f"Game {len(games) - 2}:")
    (folded,) = find_all(section, lambda el: el.tag == "details")
    assert text_of(folded).startswith(f"All {len(games)} games")
    assert len(find_all(everything, lambda el: el.tag == "li")) == len(games)
