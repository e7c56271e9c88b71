"""New-game forms and the notice area: Tower Battle's options each on their own line and its name
inputs aligned; Towers of Wyoming offers the 3-player foundations only with 3 players and asks who
goes first; notices float over the page (the table does not move), an error replaces the last, and
Export says it is done."""

from __future__ import annotations

from conftest import boot, goto, shot, start_saved_game

SIZES = {"landscape": (1024, 768), "portrait": (768, 1024), "phone": (390, 844)}
BOX = "sel => { const r = document.querySelector(sel).getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left}; }"


def test_tower_battle_form_has_one_option_a_line_and_aligned_names(app):
    for name, (w, h) in SIZES.items():
        app.set_viewport_size({"width": w, "height": h})
        goto(app, "#/new/tower-battle")
        app.wait_for_selector("#option-tnt")
        target = app.evaluate(BOX, "#option-target")
        tnt = app.evaluate(BOX, "label:has(> #option-tnt)")
        assert tnt["top"] >= target["bottom"] - 1, name  # the TNT checkbox is not on the target's line
        lefts = [app.evaluate(BOX, f"#seat-name-{i}")["left"] for i in (0, 1)]
        assert abs(lefts[0] - lefts[1]) < 1, (name, lefts)
        shot(app, f"form-tower-battle-{name}")


def test_towers_of_wyoming_form_offers_three_player_foundations_only_with_three(app):
    goto(app, "#/new/towers-of-wyoming")
    app.wait_for_selector("#player-count")
    assert app.locator("#option-three_player_two_foundations").count() == 0
    app.select_option("#player-count", "3")
    app.wait_for_selector("#option-three_player_two_foundations")
    app.select_option("#player-count", "4")
    app.wait_for_selector("#option-three_player_two_foundations", state="detached")
    for name, (w, h) in SIZES.items():
        app.set_viewport_size({"width": w, "height": h})
        shot(app, f"form-towers-of-wyoming-{name}")


def test_towers_of_wyoming_form_asks_who_goes_first(app):
    goto(app, "#/new/towers-of-wyoming")
    app.wait_for_selector("#first-seat")
    app.fill("#seat-name-0", "Ana")
    app.fill("#seat-name-1", "Ben")
    app.select_option("#player-count", "3")
    app.fill("#seat-name-2", "Cleo")
    for seat in (1, 2):  # people passing the device (the seats after the first are the computer by default)
        app.select_option(f"#seat-kind-{seat}", "human")
    assert app.inner_text("#first-seat option:checked") == "Ana"
    app.select_option("#first-seat", "1")
    app.click("#start-game")
    app.wait_for_selector(".curtain")
    assert "Pass the device to Ben" in app.inner_text(".curtain")  # Ben goes first, then Cleo, then Ana
    app.click("#curtain-go")
    app.wait_for_selector(".tow")
    order = app.eval_on_selector_all(".seat-list li", "els => els.map(e => e.textContent.replace('▶', '').trim())")
    assert order == ["Ben", "Cleo", "Ana"]


def test_notices_float_errors_replace_each_other_and_export_confirms(app):
    goto(app, "#/new/tower-battle")
    app.wait_for_selector("#game-seed")
    heading = app.evaluate(BOX, "h1")
    for _ in range(3):
        app.fill("#game-seed", "not a number")
        app.click("#start-game")
    app.wait_for_selector(".notice.error")
    assert app.locator(".notice.error").count() == 1  # one error at a time, not a pile
    assert app.evaluate(BOX, "h1") == heading  # and it does not push the page down
    assert app.evaluate("getComputedStyle(document.querySelector('.notices')).position") == "fixed"
    start_saved_game(app, "war-of-the-worlds", ["Ana", "Ben"], 3, {}, save_id="e2e-notice")
    app.wait_for_selector(".wotw-board")
    board = app.evaluate(BOX, ".table-layout")
    with app.expect_download():
        app.click("#export-game")
    app.wait_for_selector(".notice.ok")
    assert "Exported" in app.inner_text(".notice.ok")
    assert app.evaluate(BOX, ".table-layout") == board
    for name, (w, h) in SIZES.items():
        app.set_viewport_size({"width": w, "height": h})
        app.screenshot(path=str(shot(app, f"notice-table-{name}")))


def test_seat_two_is_the_computer_at_normal_until_the_table_chooses_otherwise(browser, site):
    """A newcomer who just presses Start plays the computer; a choice of people is remembered for
    every game's next form, after a reload too. (A page of its own: the shared page keeps each
    form, and the last choice, from earlier tests.)"""
    context, page, _ = boot(browser, site)
    goto(page, "#/new/tower-battle")
    page.wait_for_selector("#seat-kind-1")
    assert (page.input_value("#seat-kind-0"), page.input_value("#seat-kind-1")) == ("human", "normal")
    page.click("#start-game")
    page.wait_for_selector("[data-screen='table']", state="attached")
    assert "computer, normal" in page.inner_text(".seat-list")
    goto(page, "#/new/war-of-the-worlds")
    page.select_option("#seat-kind-1", "human")
    page.click("#start-game")
    page.wait_for_selector("[data-screen='table']", state="attached")
    page.reload()
    page.wait_for_selector("html[data-app-ready='1']", state="attached", timeout=90_000)
    goto(page, "#/new/towers-of-wyoming")
    page.wait_for_selector("#seat-kind-1")
    assert (page.input_value("#seat-kind-0"), page.input_value("#seat-kind-1")) == ("human", "human")
    context.close()
