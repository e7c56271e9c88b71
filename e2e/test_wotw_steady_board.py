"""The War of the Worlds: the board stays put between the taps of one move and from move to move
(the decision is a rail of one height; choices that do not fit scroll inside it)."""

from __future__ import annotations

from conftest import SHOTS, moves_made
from test_war_of_the_worlds import MODULE, open_game, wotw_game

SIZES = {"landscape": (1024, 768), "portrait": (768, 1024), "phone": (390, 844)}
TOP = "() => document.querySelector('.wotw-board').getBoundingClientRect().top + scrollY"


def tap_through_one_move(page) -> list[float]:
    """Take one move by taps (a first step where there is one), the board's top after each tap."""
    tops = [page.evaluate(TOP)]
    before = moves_made(page)
    steps = page.locator(".wotw [data-step]:visible:not([disabled])")
    if page.locator(".wotw [data-move]:visible:not([disabled])").count() == 0 and steps.count():
        steps.first.click()
        tops.append(page.evaluate(TOP))
    page.locator(".wotw [data-move]:visible:not([disabled])").first.click()
    page.wait_for_function("n => Number(document.querySelector('[data-screen=table]').dataset.moves) > n", arg=before)
    tops.append(page.evaluate(TOP))
    return tops


def test_the_board_stays_put_through_placing_turning_and_moving(app):
    for name, (w, h) in SIZES.items():
        app.set_viewport_size({"width": w, "height": h})
        open_game(app, 2, [])
        tops = []
        for _ in range(9):  # Aliens place, war machine, move; then the Humans do the same
            tops += tap_through_one_move(app)
        assert max(tops) - min(tops) < 1, (name, tops)
        app.screenshot(path=str(SHOTS / f"wotw-steady-{name}.png"))


def test_tactical_swap_is_one_row_not_a_wall(app):
    state, moves = wotw_game(
        3,
        tactical=True,
        stop=lambda s, m: any(x.kind == "rotate" for x in MODULE.legal_moves(s)) and MODULE.view(s, None)["phase"] == "action",
    )
    app.set_viewport_size({"width": 768, "height": 1024})
    open_game(app, 3, moves, tactical=True)
    top = app.evaluate(TOP)
    app.locator("[id^='wotw-pick-']").first.click()
    app.wait_for_selector("[id^='wotw-pick-'][aria-pressed='true']")
    assert abs(app.evaluate(TOP) - top) < 1
    one_row = app.eval_on_selector_all(
        ".wotw-actions > *",
        """els => { const r = els.map(e => e.getBoundingClientRect());
        const bottom = Math.min(...r.map(b => b.bottom)); return r.length > 1 && r.every(a => a.top < bottom); }""",
    )
    assert one_row
    assert app.evaluate(TOP) < 520  # was ~690 with the seven buttons stacked over the board
    app.screenshot(path=str(SHOTS / "wotw-swap-portrait.png"))
