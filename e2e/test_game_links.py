"""Links that carry the game itself: "Open in full app" from a cross-site embed whose storage is
blocked, "Share this game" in the full app, and bad links refused with the reason, losing nothing."""

import json

from conftest import BOOT_TIMEOUT_MS, READY, goto, moves_made, play_any_move, shot, start_saved_game
from serving import SUBPATH
from test_offline_and_embed import BLOCK_STORAGE, wiki_host  # noqa: F401  (a fixture)


def position(page) -> dict:
    """What a player sees of the game: its moves, the log and whose turn it is."""
    return {"moves": moves_made(page), "log": page.inner_text(".game-log"), "turn": page.inner_text(".turn-banner")}


def test_open_in_full_app_carries_the_game_from_a_blocked_cross_site_embed(browser, wiki_host):  # noqa: F811
    context = browser.new_context()
    context.add_init_script(BLOCK_STORAGE)  # storage blocked in the frame and in the new tab
    page = context.new_page()
    page.goto(f"{wiki_host}/wide.html")
    page.frame_locator("#game").locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    inner = page.frames[1]
    inner.select_option("#embed-opponent", "people")  # a frame now defaults to the computer; this test passes the device
    inner.click("#embed-start")
    inner.wait_for_selector("[data-screen='table']")
    play_any_move(inner)
    play_any_move(inner)
    before = position(inner)
    assert before["moves"] == 2
    href = inner.get_attribute("#open-full", "href")  # the game's code is made when pressed, never left in the page
    assert href == SUBPATH + "#/new/war-of-the-worlds", href
    with context.expect_page() as opened:
        inner.click("#open-full")
    full = opened.value
    full.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    full.wait_for_selector("[data-screen='table']")
    assert "#/play/war-of-the-worlds/link-" in full.url
    assert position(full) == before
    text = full.inner_text("body")
    assert "Opened a game of The War of the Worlds from a link (2 moves)" in text
    assert "Saves are off" in text and "not in this browser" not in text
    play_any_move(full)  # and it plays on
    assert moves_made(full) == 3
    context.close()


def test_share_this_game_opens_the_same_position_elsewhere(app, browser, site):
    start_saved_game(app, "war-of-the-worlds", ["Ana", "Ben"], seed=11)
    play_any_move(app)
    play_any_move(app)
    play_any_move(app)
    before = position(app)
    app.click("#share-game")
    link = app.input_value("#share-link")
    assert link.startswith(site.url + "#/open/g1.")
    shot(app, "share-dialog")
    app.click("#share-close")
    assert app.locator("#share-link").count() == 0

    elsewhere = browser.new_context(service_workers="block")  # another browser: nothing stored there
    page = elsewhere.new_page()
    page.goto(link)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector("[data-screen='table']")
    assert position(page) == before
    stored = page.evaluate("twSaves.keys().filter(k => k.startsWith('tw:save:link-'))")
    assert len(stored) == 1, "the opened game is saved in the new browser"
    page.reload()
    page.wait_for_selector("[data-screen='table']", timeout=BOOT_TIMEOUT_MS)
    assert position(page) == before, "a reload finds it saved, not the link again"
    elsewhere.close()


def open_link(page, code: str) -> str:
    page.evaluate("f => { location.hash = f }", "#/open/" + code)
    page.wait_for_selector("[role='alert']")
    return page.inner_text("[role='alert']")


def test_a_tampered_or_oversized_link_says_why_and_loses_nothing(app):
    start_saved_game(app, "war-of-the-worlds", ["Ana", "Ben"], seed=3)
    play_any_move(app)
    app.click("#share-game")
    code = app.input_value("#share-link").split("#/open/")[1]
    app.click("#share-close")
    storage_before = app.evaluate("JSON.stringify(twSaves.keys().map(k => [k, twSaves.read(k)]).sort())")

    flipped = code[:-10] + ("A" if code[-10] != "A" else "B") + code[-9:]
    assert "This link's game could not be opened: the link is damaged or cut short" in open_link(app, flipped)
    assert app.evaluate("location.hash") == "#/"
    goto(app, "#/settings")
    assert "too long to hold a game" in open_link(app, "g1." + "A" * 200_000)
    goto(app, "#/settings")
    assert "does not hold a Towers & Worlds game" in open_link(app, "<img src=x onerror=alert(1)>")
    assert app.evaluate("JSON.stringify(twSaves.keys().map(k => [k, twSaves.read(k)]).sort())") == storage_before

    goto(app, "#/play/war-of-the-worlds/e2e")  # the game that was at the table is as it was
    app.wait_for_selector("[data-screen='table']")
    assert moves_made(app) == 1
    record = json.loads(app.evaluate("twSaves.read('tw:save:e2e')"))
    assert len(record["moves"]) == 1
