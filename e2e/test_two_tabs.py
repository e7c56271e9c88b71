"""One game open in two tabs: a tab learns when the game moved on in the
other, shows it as it stands, and refuses a move made from the old position; nothing is lost."""

import json

from conftest import BOOT_TIMEOUT_MS, READY, moves_made, play_any_move, shot

RECORD = {
    "format": "towers-and-worlds-save",
    "version": 1,
    "game": "war-of-the-worlds",
    "options": {},
    "seats": [{"name": "Ana"}, {"name": "Ben"}],
    "seed": 8,
    "moves": [],
    "saved_at": 1_700_000_000,
}

DEAF = """for (const news of ['storage', 'tw-saves'])
  window.addEventListener(news, e => { if (window.__deaf) e.stopImmediatePropagation(); }, true);"""


def open_tab(context, site, fragment):
    page = context.new_page()
    page.goto(site.url + fragment)
    page.locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    page.locator("[data-screen='table']").wait_for(state="attached")
    return page


def stored(page) -> dict:
    return json.loads(page.evaluate("twSaves.read('tw:save:duo')"))


def test_a_stale_tab_catches_up_and_refuses_a_move_from_the_old_position(browser, site):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    context.add_init_script(DEAF)
    first = context.new_page()
    first.goto(site.url + "#/")
    first.evaluate("r => twSaves.write('tw:save:duo', r)", json.dumps(RECORD))
    fragment = "#/play/war-of-the-worlds/duo"
    a = open_tab(context, site, fragment)
    b = open_tab(context, site, fragment)
    first.close()

    # A plays: B hears of it and shows the game as it stands, saying why.
    play_any_move(a)
    b.wait_for_function("() => document.querySelector(\"[data-screen='table']\").dataset.moves === '1'")
    assert "played on in another tab" in b.inner_text(".notices")
    assert stored(a)["revision"] == 1

    # B plays on from there: A catches up in turn.
    play_any_move(b)
    a.wait_for_function("() => document.querySelector(\"[data-screen='table']\").dataset.moves === '2'")
    assert stored(a)["revision"] == 2 and len(stored(a)["moves"]) == 2

    # B stops hearing (as a tab in the background may): A plays, then B's move from the old
    # position is refused and B shows A's move; the stored game is A's, whole.
    b.evaluate("window.__deaf = true")
    play_any_move(a)
    moves_after_a = stored(a)["moves"]
    assert moves_made(b) == 2
    moves = b.locator("[data-move]:visible:not([disabled])")
    if moves.count() == 0:
        b.locator("[data-step]:visible:not([disabled])").first.click()
    moves.first.click()
    b.wait_for_selector(".notice:has-text('That move was not played')")
    assert "moved on in another tab" in b.inner_text(".notices")
    assert moves_made(b) == 3
    assert stored(b)["moves"] == moves_after_a and stored(b)["revision"] == 3
    context.close()


def test_a_game_deleted_in_another_tab_is_not_saved_again_until_the_player_chooses(browser, site):
    """A deletes the game B has at its table: B says so and offers to keep it as a new save; B's moves
    go on in memory but write nothing; when B stops hearing (a tab in the background), its next move
    finds the record gone and holds the same way; "Keep playing as a new save" stores it under a new id."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    context.add_init_script(DEAF)
    a = context.new_page()
    a.goto(site.url + "#/")
    a.locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    saves = "twSaves.keys().filter(k => k.startsWith('tw:save:')).sort()"
    for deaf in (False, True):
        a.evaluate("r => twSaves.write('tw:save:duo', r)", json.dumps(RECORD))
        b = open_tab(context, site, "#/play/war-of-the-worlds/duo")
        play_any_move(b)
        assert stored(a)["revision"] == 1
        if deaf:
            b.evaluate("window.__deaf = true")
        a.reload()
        a.locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
        a.click("button.danger:has-text('Delete')")
        a.click("#confirm-delete")
        assert a.evaluate("twSaves.read('tw:save:duo')") is None
        if not deaf:
            b.wait_for_selector(".deleted-elsewhere")
        play_any_move(b)
        b.wait_for_selector(".deleted-elsewhere")
        assert "deleted in another tab" in b.inner_text(".deleted-elsewhere")
        assert moves_made(b) == 2
        assert a.evaluate(saves) == [], "written again before the player chose"
        if not deaf:
            shot(b, "deleted-elsewhere")
            b.close()
            continue
        b.click("#keep-as-new")
        b.wait_for_selector(".deleted-elsewhere", state="detached")
        (key,) = a.evaluate(saves)
        assert key != "tw:save:duo" and len(json.loads(a.evaluate("k => twSaves.read(k)", key))["moves"]) == 2
        assert b.url.endswith("#/play/war-of-the-worlds/" + key.removeprefix("tw:save:"))
        play_any_move(b)
        assert len(json.loads(a.evaluate("k => twSaves.read(k)", key))["moves"]) == 3
    context.close()
