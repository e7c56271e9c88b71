"""The end of a game inside a Tower Battle match has its moment: the final towers stay with every
face-down card turned up, a summary (who won, why, the match score), then "Next game"; only
then the next game's hand-over goes to the player the rules name to start it."""

from __future__ import annotations

import functools

import tabletop.games.tower_battle as tb
from conftest import moves_made, shot, start_saved_game
from test_tower_battle import NAMES, as_json, click_move, pass_curtain, random_match

SIZES = {"landscape": (1024, 768), "portrait": (768, 1024), "phone": (390, 844)}
IN_VIEW = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }"""


@functools.cache
def game_one_ends_with_bluffs():
    """(seed, options, states, moves): Red's move ends game 1 of a match to 2 with face-down cards on the towers."""
    options = {"first": "red", "target": 2}
    for seed in range(1, 800):
        states, moves = random_match(options, seed, stop=lambda s: len(s.results) >= 1)
        end = states[-1]
        if not end.results or tb.outcome(end) is not None or tb.to_act(states[-2]) != 0:
            continue
        hidden = [code for _suit, codes in end.results[0].final_towers for code in codes if code is None]
        if len(hidden) >= 2:
            return seed, options, states, moves
    raise AssertionError("no seed ends game 1 with bluffs on the towers")


def test_a_finished_game_keeps_its_board_turns_up_the_bluffs_then_next_game(app):
    seed, options, states, moves = game_one_ends_with_bluffs()
    start_saved_game(app, "tower-battle", NAMES, seed, options, as_json(moves[:-1]), save_id="e2e-end-hot")
    pass_curtain(app, states[-2])
    click_move(app, states[-2], moves[-1])
    app.wait_for_selector("#tb-next-game")
    assert app.locator(".curtain").count() == 0  # the end first, for everyone, before any hand-over
    result = states[-1].results[0]
    summary = app.inner_text(".tb-game-end")
    winner = result.winner
    colours = ("Red", "Black")
    assert f"Game 1: {NAMES[winner]} ({colours[winner]}) won" in summary
    assert summary.count(f"{NAMES[winner]} ({colours[winner]}) w") == 1  # the winner said once: then how, not "… wins game 1" again
    assert f"Match score: Ana (Red) {states[-1].scores[0]}, Ben (Black) {states[-1].scores[1]}" in summary
    # every face-down card of the final towers is turned up and marked
    revealed = {suit: [str(c) for c in codes] for suit, codes in result.revealed_towers}
    hidden = [revealed[suit][i] for suit, codes in result.final_towers for i, code in enumerate(codes) if code is None]
    marked = app.eval_on_selector_all(".tb-final .tb-revealed", "els => els.map(e => e.dataset.card)")
    assert sorted(marked) == sorted(hidden)
    assert app.locator(".tb-final .tb-back").count() == 0
    # nothing of the next game's hands is on the page yet
    assert app.locator(".tb-hand-cards, [data-step]").count() == 0
    assert app.evaluate("document.activeElement.id") == "tb-next-game"
    for name, (w, h) in SIZES.items():
        app.set_viewport_size({"width": w, "height": h})
        app.focus("#tb-next-game")
        assert app.evaluate(IN_VIEW, "#tb-next-game"), name
        shot(app, f"game-end-{name}")
    app.set_viewport_size({"width": 1024, "height": 768})
    app.click("#tb-next-game")
    # the rules: whoever did not start game 1 starts game 2 (here Ben, Black)
    starter = tb.to_act(states[-1])
    assert starter == 1
    pass_curtain(app, states[-1])
    assert "Game 2" in app.inner_text(".tb-game-no")
    assert app.locator("#tb-next-game").count() == 0


def test_the_computer_waits_for_next_game(app):
    seed, options, states, moves = game_one_ends_with_bluffs()
    seats = ["Ana", {"name": "Bot", "kind": "computer", "level": "easy"}]
    start_saved_game(app, "tower-battle", seats, seed, options, as_json(moves[:-1]), save_id="e2e-end-bot")
    click_move(app, states[-2], moves[-1])
    app.wait_for_selector("#tb-next-game")
    done = moves_made(app)
    app.wait_for_timeout(1500)  # longer than the computer's least thinking time: it does not start game 2 behind the summary
    assert moves_made(app) == done and app.locator("#tb-next-game").count() == 1
    app.click("#tb-next-game")
    app.wait_for_function("n => Number(document.querySelector('[data-screen=table]').dataset.moves) > n", arg=done, timeout=30_000)
