"""The tablet at the games table: Safari on an iPad is told once, outside the Home Screen, how to keep
its games (and never when started from there); the screen is held on while a game is at the table
and let go on Home (a stub stands in for the Screen Wake Lock); Full screen is offered and harmless."""

from __future__ import annotations

from conftest import BOOT_TIMEOUT_MS, READY, SHOTS, goto, start_saved_game

IPAD_SAFARI = (
    "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
)
STANDALONE = "Object.defineProperty(Navigator.prototype, 'standalone', {get: () => true, configurable: true});"
WAKE_LOCK_STUB = """
window.__wake = [];
Object.defineProperty(Navigator.prototype, 'wakeLock', {configurable: true, get: () => ({
  request: async type => {
    window.__wake.push('take ' + type);
    const lock = new EventTarget();
    lock.release = async () => { window.__wake.push('let go'); lock.dispatchEvent(new Event('release')); };
    return lock;
  },
})});
"""


def booted(browser, site, scripts=(), **context_args):
    context = browser.new_context(viewport={"width": 820, "height": 1180}, service_workers="block", **context_args)
    for script in scripts:
        context.add_init_script(script)
    page = context.new_page()
    page.goto(site.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    return context, page


def test_safari_on_an_ipad_is_told_once_how_to_keep_its_games(browser, site):
    context, page = booted(browser, site, user_agent=IPAD_SAFARI)
    note = page.locator(".home-screen-note")
    note.wait_for()
    assert "7 days" in note.inner_text() and "Add to Home Screen" in note.inner_text() and "iPad" in note.inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "tablet-home-screen-note-820x1180.png"))
    page.click("#home-screen-seen")
    page.wait_for_selector(".home-screen-note", state="detached")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(".home .game-grid")
    assert page.locator(".home-screen-note").count() == 0  # once: remembered with the settings
    context.close()


def test_started_from_the_home_screen_the_note_never_shows(browser, site):
    context, page = booted(browser, site, scripts=[STANDALONE], user_agent=IPAD_SAFARI)
    page.wait_for_selector(".home .game-grid")
    assert page.locator(".home-screen-note").count() == 0
    context.close()


def test_other_browsers_are_not_told(app):
    assert app.locator(".home-screen-note").count() == 0  # Chromium on Linux: no Safari clean-up to warn of


def test_the_screen_stays_on_at_the_table_and_is_let_go_on_home(browser, site):
    context, page = booted(browser, site, scripts=[WAKE_LOCK_STUB])
    assert page.evaluate("window.__wake") == []  # Home: nothing held
    start_saved_game(page, "tower-battle", ["Ana", "Ben"], 3, save_id="e2e-awake")
    page.wait_for_function("window.__wake.includes('take screen')")
    goto(page, "#/")
    page.wait_for_function("window.__wake[window.__wake.length - 1] === 'let go'")
    goto(page, "#/play/tower-battle/e2e-awake")
    page.wait_for_function("window.__wake.filter(w => w === 'take screen').length === 2")
    context.close()


def test_full_screen_is_offered_at_the_table_and_does_no_harm(app):
    start_saved_game(app, "war-of-the-worlds", ["Ana", "Ben"], 3, save_id="e2e-full-screen")
    button = app.locator("#full-screen")
    assert button.is_visible() and button.bounding_box()["height"] >= 44
    button.click()
    app.wait_for_timeout(300)
    assert app.locator("#trouble [role='alertdialog']").count() == 0 or not app.locator("#trouble [role='alertdialog']").is_visible()
    app.evaluate("document.fullscreenElement && document.exitFullscreen()")
    assert app.locator("[data-screen='table']").count() == 1


def test_turning_the_tablet_mid_choice_keeps_the_game_the_choice_and_the_focus(app):
    """A tablet turned from portrait to landscape and back in the middle of a two-step choice: the
    same game, the same choice still open (its targets lit) and the same control focused."""
    app.set_viewport_size({"width": 820, "height": 1180})
    for game, seats in (
        ("war-of-the-worlds", ["Ana", "Ben"]),
        ("tower-battle", ["Ana", "Ben"]),
        ("towers-of-wyoming", ["Ana", "Ben", "Cy"]),
    ):
        start_saved_game(app, game, seats, 7, save_id=f"e2e-turning-{game}")
        if app.locator("#curtain-go").count():
            app.click("#curtain-go")
        step = app.locator(".table-main [data-step]:visible:not([disabled])")
        assert step.count(), game
        step.first.focus()
        step.first.press("Enter")
        app.wait_for_selector(".table-main [data-move]:visible")
        before = app.evaluate(
            "() => ({moves: document.querySelector('[data-screen=table]').dataset.moves,"
            " targets: [...document.querySelectorAll('.table-main [data-move]')].map(e => e.dataset.move).join('|'),"
            " focus: document.activeElement && (document.activeElement.id || document.activeElement.dataset.step || document.activeElement.outerHTML.slice(0, 80))})"
        )
        for width, height in ((1180, 820), (820, 1180)):
            app.set_viewport_size({"width": width, "height": height})
            app.wait_for_timeout(300)
            after = app.evaluate(
                "() => ({moves: document.querySelector('[data-screen=table]').dataset.moves,"
                " targets: [...document.querySelectorAll('.table-main [data-move]')].map(e => e.dataset.move).join('|'),"
                " focus: document.activeElement && (document.activeElement.id || document.activeElement.dataset.step || document.activeElement.outerHTML.slice(0, 80))})"
            )
            assert after == before, (game, width, before, after)
