"""The War of the Worlds: a refused tap says why, briefly, beside the finger, and the board does not
move (a cell before a size is chosen; the obstacle's banned way straight back)."""

from __future__ import annotations

from conftest import SHOTS
from test_war_of_the_worlds import MODULE, open_game, wotw_game

NEAR = """([cell, bubble]) => { const c = document.querySelector(cell).getBoundingClientRect();
    const b = document.querySelector(bubble).getBoundingClientRect();
    return {dx: Math.abs((b.left + b.right) / 2 - (c.left + c.right) / 2), gap: c.top - b.bottom,
            inView: b.top >= 0 && b.left >= 0 && b.right <= innerWidth}; }"""
BOX = "sel => { const r = document.querySelector(sel).getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }"


def refused(page, cell: str) -> str:
    board = page.evaluate(BOX, ".wotw-board")
    page.click(cell, force=True)  # aria-disabled: Playwright would wait for it to be "enabled"; a finger does not
    page.wait_for_selector("#wotw-refusal")
    near = page.evaluate(NEAR, [cell, "#wotw-refusal"])
    assert near["dx"] < 30 and -10 <= near["gap"] <= 30 and near["inView"], near  # just above the tapped cell
    assert page.evaluate(BOX, ".wotw-board") == board  # the board stays put
    return page.inner_text("#wotw-refusal")


def test_a_cell_tapped_before_a_size_says_choose_a_size(app):
    for w, h in ((1024, 768), (390, 844)):
        app.set_viewport_size({"width": w, "height": h})
        open_game(app, 1, [])
        assert refused(app, "#wotw-C3") == "Choose a size in your supply first."
        app.screenshot(path=str(SHOTS / f"wotw-refusal-size-{w}.png"))


def test_the_banned_way_back_says_no_straight_back(app):
    state, moves = wotw_game(1, stop=lambda s, m: len(m) == 3)
    (ban,) = MODULE.view(state, None)["no_undo"]
    open_game(app, 1, moves)
    if app.get_attribute(f"#wotw-{ban['source']}", "aria-pressed") != "true":
        app.click(f"#wotw-{ban['source']}")
        app.wait_for_selector(f"#wotw-{ban['source']}[aria-pressed='true']")
    text = refused(app, f"#wotw-{ban['target']}")
    assert text.startswith("No straight back") and ban["source"] in text
    app.screenshot(path=str(SHOTS / "wotw-refusal-banned.png"))
