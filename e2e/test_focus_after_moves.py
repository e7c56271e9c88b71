"""Keyboard: after Start game and after every move, focus is on the table's next decision, never
dropped on the page body. Each game is started from its new-game form by the keyboard,
against the computer (seat 2's default), and moves are chosen by Enter on a focused control; while
the computer thinks, focus waits and then lands on the person's next decision."""

from __future__ import annotations

import pytest

from conftest import boot, goto, moves_made, shot

FOCUS = """() => { const a = document.activeElement;
    if (!a || a === document.body || a === document.documentElement) return 'body';
    const decision = a.closest('.table-main') && (a.matches('[data-move], [data-step], [data-rove]'));
    return decision ? 'decision:' + (a.id || a.tagName) : 'elsewhere:' + (a.id || a.tagName); }"""
GAMES = {"towers-of-wyoming": 6, "tower-battle": 6, "war-of-the-worlds": 6, "tower-war": 3}


def enter_on(page, selector: str) -> None:
    page.locator(selector).first.focus()
    page.keyboard.press("Enter")


# [data-take-focus]: the moment between two games of a match ("Next game"), which a short Tower
# Battle game reaches within these moves on some deals: focus goes to it, and this walk ends there.
DECISION = (
    ".table-main [data-rove][tabindex='0'], .table-main [data-step]:not([disabled]), .table-main [data-move]:not([disabled]), "
    "[data-end], [data-take-focus]"
)
BETWEEN_GAMES = "[data-take-focus]"


def wait_for_decision(page) -> str:
    """Where focus is once the table offers the person a decision (the computer may think first)."""
    page.wait_for_selector(DECISION, state="attached", timeout=60_000)
    return page.evaluate(FOCUS)


@pytest.mark.parametrize("game", GAMES)
def test_focus_stays_on_the_decision_after_start_and_every_move(browser, site, game):
    context, app, _ = boot(browser, site)  # a page of its own: the shared one keeps forms (and choices) from earlier tests
    goto(app, f"#/new/{game}")
    app.wait_for_selector("#start-game")
    assert app.input_value("#seat-kind-1") == "normal"
    enter_on(app, "#start-game")
    app.wait_for_selector("[data-screen='table']", state="attached")
    where = wait_for_decision(app)
    assert where.startswith("decision:"), f"{game}: after Start game focus is on {where}"
    for move in range(GAMES[game]):
        if app.locator("[data-end]").count():
            break
        if app.locator(BETWEEN_GAMES).count():
            assert app.evaluate("s => document.activeElement.matches(s)", BETWEEN_GAMES), (
                f"{game}: a game of the match ended, focus is elsewhere"
            )
            break
        before = moves_made(app)
        if app.locator(".table-main [data-move]:visible:not([disabled])").count() == 0:
            enter_on(app, ".table-main [data-step]:visible:not([disabled])")
            after_step = app.evaluate(FOCUS)
            assert after_step != "body", f"{game}: a first step dropped focus"
        enter_on(app, ".table-main [data-move]:visible:not([disabled])")
        app.wait_for_function("n => Number(document.querySelector('[data-screen=table]').dataset.moves) > n", arg=before)
        where = wait_for_decision(app)
        ended = app.locator("[data-end]").count() or app.locator(BETWEEN_GAMES).count()
        assert ended or where.startswith("decision:"), f"{game}: after move {move + 1} focus is on {where}"
    shot(app, f"focus-after-moves-{game}")
    context.close()
