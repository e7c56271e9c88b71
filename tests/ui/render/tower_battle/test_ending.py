"""The end of a game inside a match (renderer under CPython): the final towers with every bluff
turned up, the summary with names and colours, "Next game", and nothing of the next game's hands."""

from __future__ import annotations

import tabletop.games.tower_battle as tb
from games.tower_battle.positions import position  # tests/ is on the path
from tabletop.engine.cards import Card
from tabletop.engine.saves import MAX_MOVES
from tabletop.games.tower_battle import PlayCard
from tabletop.ui.render import TableContext
from tabletop.ui.render.tower_battle import game_end, render
from tabletop.ui.web.dom import find_all, text_of

NAMES = ["Ana", "Ben"]


def ended_game_one():
    s = position(hands=("6H 2D 3D", "7S 4S 6S"), towers={"H": "2H 3H 4H 5H", "S": "2S? JS?", "D": "5D?"}, target=2)
    return tb.apply(s, PlayCard(Card.parse("6H"), True))


def ctx_for(state, viewer=None):
    return TableContext(
        module=tb, view=tb.view(state, viewer), legal=[], names=NAMES, viewer=viewer, play=lambda m: None, refresh=lambda: None, ui={}
    )


def test_game_end_turns_up_every_bluff_and_offers_next_game():
    s = ended_game_one()
    assert tb.finished_games(tb.view(s, None)) == 1 and tb.outcome(s) is None  # the game counts them
    pressed = []
    tree = game_end(ctx_for(s), lambda: pressed.append(True))
    text = text_of(tree)
    assert "Game 1: Ana (Red) won and scored 1 point." in text
    assert "Match score: Ana (Red) 1, Ben (Black) 0, first to 2 points." in text
    assert "3 face-down cards turned up" in text
    revealed = sorted(e.attrs["data-card"] for e in find_all(tree, lambda e: "tb-revealed" in e.attrs.get("class", "")))
    assert revealed == ["2S", "5D", "JS"]
    assert not find_all(tree, lambda e: "tb-back" in e.attrs.get("class", ""))
    # nothing of game 2's hands is drawn, and nothing plays a move
    hands = {str(c) for hand in s.hands for c in hand}
    assert not hands & {e.attrs["data-card"] for e in find_all(tree, lambda e: "data-card" in e.attrs)} - {
        "2S",
        "5D",
        "JS",
        "2H",
        "3H",
        "4H",
        "5H",
        "6H",
    }
    assert not find_all(tree, lambda e: "data-move" in e.attrs or "data-step" in e.attrs)
    (button,) = find_all(tree, lambda e: e.attrs.get("id") == "tb-next-game")
    button.events["click"](None)
    assert pressed == [True]


def test_the_match_end_board_shows_the_last_games_bluffs():
    s = position(hands=("6H 2D 3D", "7S 4S 6S"), towers={"H": "2H 3H 4H 5H", "S": "2S? JS?"}, target=1)
    s = tb.apply(s, PlayCard(Card.parse("6H"), True))
    assert tb.outcome(s) is not None
    tree = render(ctx_for(s))
    revealed = sorted(e.attrs["data-card"] for e in find_all(tree, lambda e: "tb-revealed" in e.attrs.get("class", "")))
    assert revealed == ["2S", "JS"]
    assert "wins the match" not in text_of(tree) and "wins game" not in text_of(tree)  # the table's end summary says it, once


def test_a_match_ended_at_the_move_limit_shows_the_unfinished_game_turned_up():
    """The move that fills a save ends the match (engine: match.end_at_move_limit): the board shows
    the game in progress as it stood, every bluff turned up, and says it was left unfinished."""
    s = position(hands=("6H 2D 3D", "7S 4S 6S"), towers={"S": "2S? JS?", "D": "5D?"}, target=100)
    s.moves, s.scores = MAX_MOVES - 1, [4, 2]
    s = tb.apply(s, tb.DiscardCard(Card.parse("2D")))
    assert tb.outcome(s).winners == (0,)
    text = text_of(render(ctx_for(s, 0)))
    assert f"The match has reached {MAX_MOVES:,} moves, the most a save can hold: game 1 is left unfinished." in text
    tree = render(ctx_for(s, 1))
    revealed = sorted(e.attrs["data-card"] for e in find_all(tree, lambda e: "tb-revealed" in e.attrs.get("class", "")))
    assert revealed == ["2S", "5D", "JS"]
