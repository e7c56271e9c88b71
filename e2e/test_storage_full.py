"""Where IndexedDB is refused, saves fall back to localStorage (static/js/saves.js); a localStorage
filled to its quota there is full, not blocked: saved games are still listed and
open, the app says what takes the room, and a record too big to set aside is reported
truthfully, once."""

import json

from conftest import BOOT_TIMEOUT_MS, READY, goto, play_any_move, shot

GOOD = {
    "format": "towers-and-worlds-save",
    "version": 1,
    "game": "war-of-the-worlds",
    "options": {},
    "seats": [{"name": "Ana"}, {"name": "Ben"}],
    "seed": 5,
    "moves": [],
    "name": "Kept game",
    "saved_at": 1_700_000_000,
}

FILL = """([key]) => {  // fill the origin's storage up to its quota with one page's junk
  let chunk = 'x'.repeat(1 << 20), i = 0;
  while (chunk.length >= 16) {
    try { localStorage.setItem(key + i, chunk); i += 1; } catch (e) { chunk = chunk.slice(chunk.length / 2); }
  }
  try { localStorage.setItem('tw:probe', '1'); return 'room left'; } catch (e) { return e.name; }
}"""


NO_INDEXEDDB = (
    "Object.defineProperty(window, 'indexedDB', {configurable: true, get() { throw new DOMException('refused', 'SecurityError'); }});"
)


def reload(page):
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)


def test_a_full_store_still_lists_and_opens_saves_and_says_what_to_delete(browser, site):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    context.add_init_script(NO_INDEXEDDB)
    page = context.new_page()
    page.goto(site.url + "#/")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["tw:save:kept", json.dumps(GOOD)])
    # A record too big to be a save, as another page might leave: set aside it cannot be, the store being full.
    page.evaluate("() => localStorage.setItem('tw:save:huge', 'z'.repeat(2000000))")
    assert page.evaluate(FILL, ["other-page:"]) == "QuotaExceededError"

    reload(page)
    assert page.locator(".saves-off").count() == 0
    page.wait_for_selector(".saved-item")
    assert "Kept game" in page.inner_text(".saved-list")
    note = page.inner_text(".storage-full")
    assert "Storage is full" in note and "other pages of this site" in note
    assert "Saved games take 1 KB, damaged records 2.0 MB" in note  # the stuck record counts as damaged
    notices = page.locator(".notice.error").all_inner_texts()
    assert len(notices) == 1 and "too full to set it aside" in notices[0] and "was set aside" not in notices[0], notices
    assert page.locator(".damaged-item", has_text="tw:save:huge").count() == 1
    shot(page, "storage-full-home-1024")

    # Said once: other screens and Home again do not repeat it.
    for fragment in ("#/settings", "#/", "#/rules", "#/"):
        goto(page, fragment)
    page.wait_for_selector(".saved-item")
    assert page.locator(".notice.error").count() == 0
    assert "Storage is full" in page.inner_text(".storage-full")

    # The saved game opens and plays (not saved: the notice says so once).
    page.click(".saved-item >> text=Continue")
    page.wait_for_selector("[data-screen='table']", state="attached")
    assert page.evaluate("location.hash").endswith("/kept")

    # Deleting the stuck record frees room: the next move is saved.
    goto(page, "#/")
    page.click("button[aria-label='Delete tw:save:huge']")
    page.wait_for_function("() => localStorage.getItem('tw:save:huge') === null")
    assert page.locator(".damaged-item").count() == 0 and page.locator(".storage-full").count() == 0
    page.click(".saved-item >> text=Continue")
    page.wait_for_selector("[data-screen='table']", state="attached")
    play_any_move(page)
    assert len(json.loads(page.evaluate("localStorage.getItem('tw:save:kept')"))["moves"]) == 1
    context.close()
