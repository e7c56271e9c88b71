"""Towers of Wyoming on a phone (390x844) against the computer: the decision, the towers it may go to and
the computers' last moves share the screen at every step of several turns (two, three or four builders), and
nothing scrolls the page."""

from __future__ import annotations

import pytest

from conftest import moves_made, start_saved_game
from test_phone_table import PHONE, view_shot

WHOLLY = """sel => [...document.querySelectorAll(sel)].filter(el => { const r = el.getBoundingClientRect();
    return !(r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 1 && r.left >= 0 && r.right <= innerWidth + 1); }).length"""
UNCOVERED = """sel => [...document.querySelectorAll(sel)].filter(el => { const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + 6); return !(at && el.contains(at)); }).length"""


def out_of_view(page, *selectors: str) -> list[str]:
    """The selectors with an element not wholly on screen, or covered at its top edge (a tower card's rank)."""
    return [s for s in selectors if page.locator(s).count() == 0 or page.evaluate(WHOLLY, s) or page.evaluate(UNCOVERED, s)]


def test_towers_of_wyoming_against_the_computer_fits_a_phone(app):
    app.set_viewport_size(PHONE)
    seats = ["Ana", {"name": "Bot", "kind": "computer", "level": "easy"}]
    start_saved_game(app, "towers-of-wyoming", seats, 7, save_id="e2e-phone-tow-computer")
    marked = 0
    for turn in range(6):
        app.wait_for_selector(".tow-card[data-step='cards']:not([disabled])")
        app.wait_for_timeout(200)
        assert app.evaluate("scrollY") < 5, f"turn {turn}: the page moved to {app.evaluate('scrollY')}px"
        assert app.evaluate("document.documentElement.scrollWidth <= innerWidth"), turn
        # the computer's move stays marked where it landed, beside your decision and both builders' towers
        last = [".tow [data-last-move]"] if turn else []  # Ana moves first
        marked += app.locator(".tow [data-last-move]").count()
        assert not out_of_view(app, ".tow-decision", ".tow-hand", ".tow-seat", ".tow-center", *last), turn
        spills = app.eval_on_selector_all(
            ".tow-empty, .tow-pile-empty", "els => els.filter(e => e.scrollWidth > e.clientWidth + 0.5).length"
        )
        assert spills == 0, f"turn {turn}: an 'empty' label spills out of its place"
        if turn in (0, 3):
            view_shot(app, f"phone-wyoming-turn-{turn}")
        before = moves_made(app)
        app.locator(".tow-card[data-step='cards']").first.click()
        assert app.locator(".tow-lit").count() > 0
        assert not out_of_view(app, ".tow-prompt", ".tow-stepper", ".tow-lit", ".tow-option"), f"choosing, turn {turn}"
        if turn == 3:
            view_shot(app, f"phone-wyoming-turn-{turn}-choosing")
        app.locator(".tow-lit").first.click()
        assert not out_of_view(app, ".tow-preview", "#tow-confirm", "#tow-untarget", ".tow-chosen"), f"confirming, turn {turn}"
        assert app.evaluate("scrollY") < 5, f"turn {turn}: choosing a tower scrolled the page"
        if turn == 3:
            view_shot(app, f"phone-wyoming-turn-{turn}-confirming")
        app.click("#tow-confirm")
        app.wait_for_function(
            "n => Number(document.querySelector('[data-screen=table]').dataset.moves) > n + 1", arg=before, timeout=30_000
        )
    assert marked >= 5, "the computer's moves were marked on the table"


@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_builders_share_a_phone_screen(app, players):
    """The others' seats and yours on one row: after the computers have played, their marked moves, your seat,
    the middle of the table, your hand and the decision are all on screen and the page has not moved."""
    app.set_viewport_size(PHONE)
    seats = ["Ana"] + [{"name": f"Bot{i}", "kind": "computer", "level": "easy"} for i in range(1, players)]
    start_saved_game(app, "towers-of-wyoming", seats, 7, save_id=f"e2e-phone-tow-{players}")
    for turn in range(3):
        app.wait_for_selector(".tow-card[data-step='cards']:not([disabled])")
        app.wait_for_timeout(200)
        assert app.evaluate("scrollY") < 5, f"turn {turn}: the page moved to {app.evaluate('scrollY')}px"
        assert app.evaluate("document.documentElement.scrollWidth <= innerWidth"), turn
        assert app.locator(".tow-others .tow-seat").count() == players - 1
        last = [".tow [data-last-move]"] if turn else []  # Ana moves first
        if turn:
            assert app.locator(".tow-others [data-last-move]").count() >= 1, "the computers' moves are marked"
        assert not out_of_view(app, ".tow-decision", ".tow-hand", ".tow-mine > .tow-seat", ".tow-others .tow-seat", ".tow-center", *last), (
            turn
        )
        if turn == 1:
            view_shot(app, f"phone-wyoming-{players}p-turn-{turn}")
        before = moves_made(app)
        app.locator(".tow-card[data-step='cards']").first.click()
        app.locator(".tow-lit").first.click()
        assert not out_of_view(app, ".tow-preview", "#tow-confirm", "#tow-untarget", ".tow-chosen"), f"confirming, turn {turn}"
        assert app.evaluate("scrollY") < 5, f"turn {turn}: choosing a tower scrolled the page"
        app.click("#tow-confirm")
        app.wait_for_function(
            "([n, k]) => Number(document.querySelector('[data-screen=table]').dataset.moves) > n + k",
            arg=[before, players - 1],
            timeout=60_000,
        )
