"""The War of the Worlds on a phone (390x844, not a wiki frame): each turn, the decision with its
buttons, the whole L of coasters (every cell and button the decision may use) and the other side's
last move, marked where it landed, are in view together without scrolling; the page does not jump
when the computer moves, and the board does not move between the taps of a move."""

from __future__ import annotations

import pytest

from conftest import SHOTS, moves_made, pass_moment, start_saved_game

PHONE = {"width": 390, "height": 844}
BOT = {"name": "Bot", "kind": "computer", "level": "easy"}
TOP = "() => document.querySelector('.wotw-board').getBoundingClientRect().top + scrollY"
# What the selector matches and is not wholly in view: inside the viewport, a control in the decision rail
# also inside the rail (not scrolled out of it), and a control's middle not covered (a turn button may sit on a cell).
ALL_IN_VIEW = """sel => [...document.querySelectorAll(sel)].filter(e => {
    const r = e.getBoundingClientRect(); if (r.width === 0 && r.height === 0) return false;
    const rail = e.closest('.wotw-decision'), box = rail ? rail.getBoundingClientRect() : {top: 0, bottom: innerHeight};
    const inside = r.top >= Math.max(0, box.top) - 0.5 && r.bottom <= Math.min(innerHeight, box.bottom) + 0.5
      && r.left >= -0.5 && r.right <= innerWidth + 0.5;
    if (!e.matches('button, [data-move], [data-step]')) return !inside;  // a coaster lies under its cells
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !(inside && at && (e === at || e.contains(at) || at.closest('.wotw-turn')));
  }).map(e => e.id || e.dataset.cell || e.className.baseVal || e.className)"""
SETTLED = "() => document.getAnimations().every(a => a.effect.getTiming().iterations === Infinity)"  # only the pulses run
DECISION = ".wotw-decision, #wotw-prompt, .wotw-decision button, .wotw-tray.is-acting button.wotw-size"
BOARD = ".wotw-coaster, .wotw-board [data-move], .wotw-board [data-step], .wotw-turn, .wotw-ghost"
LAST_MOVE = ".wotw-cell[data-recent]:not([data-recent='from']), .wotw-coaster.is-recent"


def out_of_view(page, selector: str) -> list:
    return page.evaluate(ALL_IN_VIEW, selector)


def check_the_turn(page, turn: int, other_moved: bool) -> None:
    """The decision, the board it acts on and the last move: all in view, the page at its top."""
    page.wait_for_function(SETTLED)  # a coaster sliding or turning has arrived
    assert page.evaluate("scrollY") == 0, (turn, "the page scrolled")
    assert page.locator(".wotw.is-my-turn").count() == 1
    assert out_of_view(page, DECISION) == [], (turn, page.inner_text("#wotw-prompt"))
    assert out_of_view(page, BOARD) == [], (turn, page.inner_text("#wotw-prompt"))
    if other_moved:
        assert page.locator(LAST_MOVE).count() > 0, (turn, "the other side's move is not marked")
    assert out_of_view(page, LAST_MOVE) == [], turn
    board = page.locator(".wotw-board").bounding_box()
    assert board["y"] + board["height"] <= PHONE["height"] and board["width"] >= 340  # cells stay about 48 px


def take_one_move(page, turn: int) -> None:
    """One move by taps, preferring a large pyramid and moving a coaster (so the war machine's
    decision, the longest, is met), checking after each tap that the board stayed put."""
    top = page.evaluate(TOP)
    before = moves_made(page)
    large = page.locator("#wotw-size-large[data-step]")
    relocate = page.locator("[id^='wotw-relocate-']")
    if large.count():
        large.click()
    elif relocate.count():
        relocate.first.click()
    elif page.locator(".wotw [data-move]").count() == 0:
        page.locator(".wotw [data-step]").first.click()
    if moves_made(page) == before and page.locator(".wotw [data-move]").count():
        assert abs(page.evaluate(TOP) - top) < 1, (turn, "the board moved between taps")
        assert out_of_view(page, DECISION) == [] and out_of_view(page, BOARD) == [], turn
        page.locator(".wotw [data-move]").first.click()
    page.wait_for_function("n => Number(document.querySelector('[data-screen=table]').dataset.moves) > n", arg=before)


@pytest.mark.parametrize("tactical", [False, True], ids=["strategic", "tactical"])
def test_against_the_computer_the_decision_board_and_its_move_share_the_phone(app, tactical):
    app.set_viewport_size(PHONE)
    start_saved_game(app, "war-of-the-worlds", ["Ana", BOT], 7, {"tactical": tactical}, save_id=f"e2e-phone-wotw-{tactical}")
    app.wait_for_selector(".wotw.is-my-turn")
    top = app.evaluate(TOP)
    computer_moved, computer_turns = False, 0
    for turn in range(14):
        check_the_turn(app, turn, other_moved=computer_moved)
        assert abs(app.evaluate(TOP) - top) < 1, (turn, "the board moved from turn to turn")
        if turn in (1, 4):
            app.screenshot(path=str(SHOTS / f"wotw-phone-{'tactical' if tactical else 'strategic'}-{turn}.png"))
        take_one_move(app, turn)
        mine = moves_made(app)
        app.wait_for_selector(".wotw.is-my-turn, .wotw-end", timeout=60_000)
        if app.locator(".wotw-end").count():
            break
        app.wait_for_timeout(150)  # a late scroll would show here
        computer_moved = moves_made(app) > mine  # the computer played in between: its move is marked
        computer_turns += computer_moved
    assert computer_turns >= 3


def test_hot_seat_each_player_finds_the_decision_and_the_last_move_in_view(app):
    """Both sides share the phone (the board is public: no curtain between them)."""
    app.set_viewport_size(PHONE)
    start_saved_game(app, "war-of-the-worlds", ["Ana", "Ben"], 9, {}, save_id="e2e-phone-wotw-hot-seat")
    app.wait_for_selector(".wotw.is-my-turn")
    side, handed_over = app.get_attribute(".wotw-tray.is-acting", "class"), 0
    for turn in range(14):
        acting = app.get_attribute(".wotw-tray.is-acting", "class")
        check_the_turn(app, turn, other_moved=acting != side)
        handed_over += acting != side
        side = acting
        take_one_move(app, turn)
        if pass_moment(app):  # were there a hand-over, it would come first
            app.click("#curtain-go")
        app.wait_for_selector(".wotw.is-my-turn")
    assert handed_over >= 3
    app.screenshot(path=str(SHOTS / "wotw-phone-hot-seat.png"))
