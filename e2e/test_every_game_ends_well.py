"""The end of a game has its moment in every game: the final table stays,
what the engine makes public at the end is turned up and marked, a summary says who won (name
with side), why (without naming the winner again) and the score, and "Play again", "History",
"Home" follow on one row, focus on the first; the table under it draws no end box of its own.
At 1024x768, 768x1024 and 390x844 the buttons and the top of the final board are in view
together without scrolling (on a phone the turned-up cards start folded), with no hand-over
curtain over them. "Play again" does not pile up copies. The last move is made on the page where
the game's own helpers can."""

from __future__ import annotations

import json
import random

import test_tower_battle as tbt
import test_towers_of_wyoming as towt
import test_war_of_the_worlds as wotwt
from axe import audit
from conftest import SHOTS, goto, start_saved_game
from tabletop.games import GAMES
from tabletop.games import towers_of_wyoming as tow
from tabletop.ui.table.wording import with_names

SIZES = {"landscape": (1024, 768), "portrait": (768, 1024), "phone": (390, 844)}
IN_VIEW = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }"""
# The top of the final board in view: its first 150 px (all of it if shorter) inside the window.
TOP_IN_VIEW = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
    return r.top >= 0 && r.top + Math.min(150, r.height) <= innerHeight; }"""
BOARD = {
    "war-of-the-worlds": ".table-main .wotw-board",
    "towers-of-wyoming": ".table-main .tow-seat",
    "tower-war": ".table-main .twar-tower",
    "tower-battle": ".table-main .tb-board",
}
OLD_END_BOXES = ".tow-end, .tow-deciding, .twar-fallbox, .tb-summary"
NAMES = ["Ana", "Ben"]


def labels(game: str) -> list[str]:
    sides = GAMES[game].SEAT_NAMES
    return [f"{n} ({s})" for n, s in zip(NAMES, sides)] if sides else list(NAMES)


class Seated:
    """Just enough of a session for the table's naming of an end reason."""

    def __init__(self, module):
        self.module = module
        self.seats = [{"name": n, "kind": "human"} for n in NAMES]

    def name(self, seat: int) -> str:
        return NAMES[seat]


def played_out(game: str, seed: int) -> tuple[object, list[dict]]:
    """(final state, moves as JSON) of a seeded random game played to its end by the engine."""
    module = GAMES[game]
    state, rng, moves = module.new_game(2, {}, seed), random.Random(seed), []
    while module.outcome(state) is None:
        move = rng.choice(module.legal_moves(state))
        moves.append(module.move_to_json(move))
        state = module.apply(state, move)
    return state, moves


def look(page, name: str) -> None:
    """What a person sees without scrolling (the viewport), and the whole page."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    page.screenshot(path=str(SHOTS / f"{name}-full.png"), full_page=True)


def the_end_has_its_moment(page, game: str, final, table: str, turned_up: list[str]) -> None:
    """Everything the end of ``game`` must show, checked on the page as it is now."""
    module = GAMES[game]
    outcome = module.outcome(final)
    page.wait_for_selector("[data-end]")
    assert page.locator(".curtain").count() == 0 and page.locator("#pass-on").count() == 0
    assert page.locator(f".table-main {table}").count() >= 1  # the final table stays
    assert page.locator(".table-main [data-move]:not([disabled]), .table-main [data-step]:not([disabled])").count() == 0
    who = labels(game)
    headline = page.inner_text("#end-title")
    assert headline == " and ".join(who[w] for w in outcome.winners) + (" win" if len(outcome.winners) > 1 else " wins")
    why = page.inner_text(".end-why")
    assert why == with_names(outcome.why, Seated(module), end=True)  # why, with the people's names
    winning = [f"{who[w]} win" for w in outcome.winners]
    assert not any(said in why for said in winning), why  # the headline says who won; the why does not again
    assert page.locator(OLD_END_BOXES).count() == 0  # and the table under it draws no end box of its own
    assert not any(said in page.inner_text(".table-main") for said in winning)
    score = page.inner_text(".end-score")
    assert all(label in score for label in who), score
    marked = sorted(page.eval_on_selector_all(".end-revealed [data-card]", "els => els.map(e => e.dataset.card)"))
    assert marked == sorted(turned_up)
    if turned_up:
        assert page.inner_text(".end-revealed summary") == f"Cards turned up at the end ({len(turned_up)})"
    buttons = page.eval_on_selector_all(".end-actions button, .end-actions a", "els => els.map(e => e.textContent)")
    assert buttons == ["Play again", "History", "Home"]
    assert page.evaluate("document.activeElement.id") == "end-play-again"
    here = page.evaluate("location.hash")
    for name, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        goto(page, "#/")  # the table drawn afresh at this size, as a person opening it there sees it
        goto(page, here)
        page.wait_for_selector("[data-end]")
        page.evaluate("window.scrollTo(0, 0)")
        assert page.evaluate(IN_VIEW, "#end-play-again") and page.evaluate(IN_VIEW, "#end-home"), f"the buttons out of view at {name}"
        tops = page.eval_on_selector_all(".end-actions > *", "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
        assert len(set(tops)) == 1, f"the buttons not on one row at {name}: {tops}"
        assert page.evaluate(TOP_IN_VIEW, BOARD[game]), f"the final board out of view at {name}"
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"), name
        if turned_up:  # folded on a phone (the board shows), open where there is room
            assert page.evaluate("document.querySelector('.end-revealed').open") == (name != "phone"), name
        look(page, f"end-{game}-{name}")
    if turned_up:  # on the phone: one tap opens them, and they stay open through a re-render (a notice)
        page.click(".end-revealed summary")
        assert page.evaluate(IN_VIEW, ".end-revealed [data-card]")
        with page.expect_download():
            page.click("#export-game")
        page.wait_for_selector(".notice.ok")
        assert page.evaluate("document.querySelector('.end-revealed').open")
    page.set_viewport_size({"width": 1024, "height": 768})
    assert [v for v in audit(page, moderate=True) if v["id"] != "scrollable-region-focusable"] == []


def test_war_of_the_worlds_last_move_on_the_page(app):
    seed = 4
    final, moves = wotwt.wotw_game(seed)
    wotwt.open_game(app, seed, moves[:-1])
    wotwt.click_move(app, moves[-1])
    the_end_has_its_moment(app, "war-of-the-worlds", final, ".wotw-board", [])
    assert "Standing pyramids" in app.inner_text(".end-score")
    # the tie-break steps stay, under the final board
    assert app.evaluate("document.querySelector('.wotw-board').compareDocumentPosition(document.querySelector('.wotw-end')) & 4")


def test_towers_of_wyoming_winning_play_turns_every_hand_up(app):
    seed, moves, state, win = towt.find(2, towt.winning_play, min_moves=10)
    towt.OPENED[0] += 1
    start_saved_game(app, "towers-of-wyoming", NAMES, seed, {}, moves, save_id=f"tow-end-{towt.OPENED[0]}")
    towt.through_curtain(app, NAMES[tow.to_act(state)])
    towt.pick_cards(app, win["suit"], win["count"])
    app.click(f"#tow-target-{win['owner']}-{win['foundation']}")
    app.click("#tow-confirm")
    final = tow.apply(state, tow.move_from_json(win["move"]))
    hands = tow.view(final, None)["hands_at_end"]
    assert any(hands)
    the_end_has_its_moment(app, "towers-of-wyoming", final, ".tow", [c["code"] for hand in hands for c in hand])
    assert "Tallest tower" in app.inner_text(".end-score")


def test_tower_war_turns_up_the_cards_left_but_not_the_set_aside_ones(app):
    final, moves = played_out("tower-war", 3)
    start_saved_game(app, "tower-war", NAMES, 3, {}, moves, save_id="twar-end")
    left = GAMES["tower-war"].view(final, None)["at_end"]
    codes = [c for p in left for key in ("hand", "deck", "unused") for c in p[key]]
    assert codes
    the_end_has_its_moment(app, "tower-war", final, ".twar", codes)
    html = app.inner_html("main#app")
    assert not any(f'data-card="{c}"' in html for c in map(str, final.set_aside))
    assert "Pyramids left" in app.inner_text(".end-score")


def test_tower_battle_end_of_the_match_keeps_the_towers_with_every_bluff_up(app):
    seed, states, moves, _offer, _ace = tbt.hot_seat_game()
    last = len(moves) - 1
    tbt.open_at(app, tbt.HOT_SEAT, seed, moves[:last], states)
    tbt.click_move(app, states[last], moves[last])
    final = states[-1]
    the_end_has_its_moment(app, "tower-battle", final, ".tb-board", [])
    result = final.results[-1]
    revealed = {suit: [str(c) for c in codes] for suit, codes in result.revealed_towers}
    bluffs = [revealed[suit][i] for suit, codes in result.final_towers for i, code in enumerate(codes) if code is None]
    marked = app.eval_on_selector_all(".table-main .tb-revealed", "els => els.map(e => e.dataset.card)")
    assert sorted(marked) == sorted(bluffs)
    assert app.locator(".table-main .tb-tower .tb-back").count() == 0  # the towers: hands and stock stay private
    assert "Match score" in app.inner_text(".end-score")
    assert "decided the match" in app.inner_text(".end-why")
    assert "wins the match" not in app.inner_text(".table-main")  # the recap beside the board does not say it again


def test_play_again_history_and_home_without_piling_up_copies(app):
    final, moves = played_out("war-of-the-worlds", 5)
    start_saved_game(app, "war-of-the-worlds", NAMES, 5, {}, moves, save_id="wotw-done")
    app.wait_for_selector("[data-end]")
    app.click("#end-history")
    app.wait_for_function("() => location.hash === '#/replay/war-of-the-worlds/wotw-done'")
    goto(app, "#/play/war-of-the-worlds/wotw-done")
    app.wait_for_selector("[data-end]")
    app.click("#end-play-again")
    app.wait_for_function("() => location.hash.startsWith('#/play/') && !location.hash.endsWith('wotw-done')")
    first = app.evaluate("location.hash")
    # back to the finished game and "Play again" once more: the same new game, not a second copy
    goto(app, "#/play/war-of-the-worlds/wotw-done")
    app.wait_for_selector("[data-end]")
    app.click("#end-play-again")
    app.wait_for_function("h => location.hash === h", arg=first)
    app.click(".site-header a[href='#/']")
    goto(app, "#/play/war-of-the-worlds/wotw-done")
    app.wait_for_selector("[data-end]")
    app.click("#end-home")
    app.wait_for_selector(".home")
    assert app.evaluate("location.hash") == "#/"
    assert app.locator(".saved-list:not(.finished-list) .saved-item").count() == 1
    assert app.locator(".finished-list .saved-item").count() == 1
    stored = json.loads(app.evaluate("twSaves.read('tw:save:wotw-done')"))
    assert "#/play/war-of-the-worlds/" + stored["played_again"] == first


def test_against_the_computer_its_hand_turns_up_and_it_waits(app):
    final, moves = played_out("towers-of-wyoming", 6)
    seats = ["Ana", {"name": "Bot", "kind": "computer", "level": "easy"}]
    start_saved_game(app, "towers-of-wyoming", seats, 6, {}, moves, save_id="tow-end-bot")
    app.wait_for_selector("[data-end]")
    hands = tow.view(final, 0)["hands_at_end"]
    marked = sorted(app.eval_on_selector_all(".end-revealed [data-card]", "els => els.map(e => e.dataset.card)"))
    assert marked == sorted(c["code"] for hand in hands for c in hand) and hands[1]  # the computer's hand too
    assert "Bot" in app.inner_text(".end-revealed")
    app.wait_for_timeout(1500)  # longer than the computer's least thinking time: nothing moves after the end
    assert app.locator(".thinking").count() == 0
    assert int(app.get_attribute("[data-screen='table']", "data-moves")) == len(moves)


def test_focus_is_taken_once_and_then_left_where_the_person_puts_it(app):
    final, moves = played_out("war-of-the-worlds", 5)
    start_saved_game(app, "war-of-the-worlds", NAMES, 5, {}, moves, save_id="wotw-focus")
    app.wait_for_selector("[data-end]")
    assert app.evaluate("document.activeElement.id") == "end-play-again"
    with app.expect_download():
        app.click("#export-game")  # a notice re-renders the table
    app.wait_for_selector(".notice.ok")
    assert app.evaluate("document.activeElement.id") == "export-game"
    app.keyboard.press("Tab")  # and Tab goes on from there
    assert app.evaluate("document.activeElement.id") == "share-game"
