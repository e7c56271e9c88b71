"""Phones (390x844): the decision, the part of the board it acts on and the opponent's last move are
in view together, without scrolling; the page does not jump after the computer moves."""

from __future__ import annotations

from conftest import SHOTS, goto, moves_made, start_saved_game

PHONE = {"width": 390, "height": 844}
IN_VIEW = """sel => { const el = document.querySelector(sel); if (!el) return false; const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));
    return r.height > 0 && r.top >= 0 && r.top + 12 <= innerHeight && Boolean(at && el.contains(at)); }"""
# uncovered at its top edge: a tower card shows its rank and suit there


def view_shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), animations="disabled")


def test_tower_battle_against_the_computer_keeps_its_move_and_the_hand_in_view(app):
    app.set_viewport_size(PHONE)
    seats = ["Ana", {"name": "Bot", "kind": "computer", "level": "easy"}]
    start_saved_game(app, "tower-battle", seats, 21, {"first": "red"}, save_id="e2e-phone-tb")
    app.wait_for_selector(".tb-hand-cards [data-step]")
    for turn in range(3):
        before = moves_made(app)
        card = app.locator(".tb-hand-cards [data-step]").first
        card.click()
        app.click("#tb-discard")
        app.wait_for_function(
            "n => Number(document.querySelector('[data-screen=table]').dataset.moves) > n + 1", arg=before, timeout=30_000
        )
        app.wait_for_selector(".tb-hand-cards [data-step]")
        app.wait_for_timeout(200)
        scroll = app.evaluate("scrollY")
        assert scroll < 200, f"turn {turn}: the page jumped to {scroll}px after the computer moved"
        assert app.evaluate(IN_VIEW, "#tb-prompt"), turn
        assert app.evaluate(IN_VIEW, ".tb-hand-cards"), turn
        if app.locator(".tb-last").count():  # the computer's card, marked where it landed
            assert app.evaluate(IN_VIEW, ".tb-last"), turn
        # the player's own towers (where the hand's cards go) show their tops above the pinned hand
        for suit in app.eval_on_selector_all(".tb-mine", "els => els.map(e => e.dataset.suit)"):
            assert app.evaluate(IN_VIEW, f".tb-mine[data-suit='{suit}'] .tb-top"), (turn, suit)
        view_shot(app, f"phone-tower-battle-turn-{turn}")


def test_a_page_opens_at_its_top(app):
    app.set_viewport_size(PHONE)
    goto(app, "#/")
    app.wait_for_selector(".game-card")
    app.evaluate("window.scrollTo(0, 600)")
    assert app.evaluate("scrollY") > 300
    app.click(".site-header a[href='#/rules']")
    app.wait_for_function("location.hash === '#/rules'")
    app.wait_for_timeout(100)
    assert app.evaluate("scrollY") == 0


def test_towers_of_wyoming_empty_foundations_hold_their_word(app):
    app.set_viewport_size(PHONE)
    start_saved_game(app, "towers-of-wyoming", ["Ana", "Ben", "Cleo", "Dev"], 8, save_id="e2e-phone-tow")
    app.click("#curtain-go")
    app.wait_for_selector(".tow-empty")
    spills = app.eval_on_selector_all(".tow-empty, .tow-pile-empty", "els => els.filter(e => e.scrollWidth > e.clientWidth + 0.5).length")
    assert spills == 0
    view_shot(app, "phone-towers-of-wyoming-four")
