"""Saves leaving and entering the app (export, drag-and-drop import, a full store, what the
new-game form records) and input that must stay text (markup in addresses and save files),
under a Content-Security-Policy that blocks nothing the app does."""

import json
from urllib.parse import quote

from conftest import BOOT_TIMEOUT_MS, READY, goto, moves_made, pass_moment, play_any_move, start_saved_game
from tabletop.engine.saves import MAX_SAVE_BYTES
from tabletop.games import GAMES

PWN = '<img src=x onerror="window.__pwned=1">'

FULL_STORE = """(() => {  // the disk refuses every saved game, as a full one does
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (value, key) {
    if (String(key).startsWith('tw:save:')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return put.call(this, value, key);
  };
})();"""

CSP_SPY = """window.__csp = [];
document.addEventListener('securitypolicyviolation',
  e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI), true);"""

DROP = """([selector, text, kind]) => {
  const transfer = new DataTransfer();
  if (kind === 'file') transfer.items.add(new File([text], 'save.json', {type: 'application/json'}));
  else transfer.setData('text/plain', text);
  const target = document.querySelector(selector);
  return ['dragenter', 'dragover', 'drop'].map(type => {
    const event = new DragEvent(type, {bubbles: true, cancelable: true, dataTransfer: transfer});
    target.dispatchEvent(event);
    return event.defaultPrevented;
  });
}"""


def boot_with(browser, site, script: str, path: str = "#/"):
    """A fresh page with ``script`` run before any of the page's own (storage faults, spies)."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(script)
    page = context.new_page()
    page.goto(site.url + path)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    return context, page


def start_from_form(page, game: str = "war-of-the-worlds"):
    goto(page, f"#/new/{game}")
    page.select_option("#seat-kind-1", "human")  # people passing the device (seat 2 is the computer by default)
    page.click("#start-game")
    page.wait_for_selector("[data-screen='table']", state="attached")


def stored(page, save_id: str) -> dict:
    return json.loads(page.evaluate("k => twSaves.read(k)", f"tw:save:{save_id}"))


def test_a_full_store_says_so_once_and_the_game_goes_on(browser, site):
    context, page = boot_with(browser, site, FULL_STORE)
    start_from_form(page)
    for _ in range(3):
        play_any_move(page)
    assert moves_made(page) == 3
    assert page.locator(".notice", has_text="Storage is full").count() == 1
    assert page.locator(".notice").count() == 1
    assert page.evaluate("twSaves.keys().filter(k => k.startsWith('tw:save:'))") == []
    context.close()


def test_a_disk_out_of_room_refuses_the_game_says_so_once_and_saves_it_when_room_is_back(browser, site):
    """A real quota (Chromium's, made tiny by DevTools' override): every write refused, said once,
    nothing shown as stored; once there is room, the next move stores the whole game."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    devtools = context.new_cdp_session(page)
    page.goto(site.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    devtools.send("Storage.overrideQuotaForOrigin", {"origin": site.origin, "quotaSize": 1})
    start_from_form(page)
    for _ in range(2):
        play_any_move(page)
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-saving')")
    assert page.locator(".notice", has_text="Storage is full").count() == 1
    assert page.evaluate("twSaves.keys().filter(k => k.startsWith('tw:save:'))") == []
    devtools.send("Storage.overrideQuotaForOrigin", {"origin": site.origin})  # room again
    play_any_move(page)
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-saving')")
    save_id = page.evaluate("location.hash").rsplit("/", 1)[1]
    assert len(json.loads(page.evaluate("k => twSaves.stored(k)", f"tw:save:{save_id}"))["moves"]) == moves_made(page) == 3
    context.close()


def test_export_then_drop_the_file_on_the_import_panel(app, tmp_path):
    start_saved_game(app, "war-of-the-worlds", ["Ana", "Ben"], seed=6)
    for _ in range(3):
        play_any_move(app)
    goto(app, "#/")
    with app.expect_download() as download:
        app.click(".saved-item >> text=Export")
    path = tmp_path / "export.json"
    download.value.save_as(path)
    assert download.value.suggested_filename.endswith(".json")
    data = json.loads(path.read_text())
    assert {"format", "version", "game", "options", "seats", "seed", "moves"} <= set(data)
    assert (data["game"], data["seed"], len(data["moves"])) == ("war-of-the-worlds", 6, 3)
    assert [s["name"] for s in data["seats"]] == ["Ana", "Ben"]

    app.evaluate("twSaves.clear()")
    goto(app, "#/settings")
    goto(app, "#/")
    assert app.evaluate(DROP, ["[data-drop=save]", path.read_text(), "file"]) == [True, True, True]
    app.wait_for_function("() => location.hash.includes('/import-')")
    app.wait_for_selector("[data-screen='table']", state="attached")
    assert moves_made(app) == 3
    assert "Imported a game of The War of the Worlds (3 moves)" in app.inner_text(".notices")
    save_id = app.evaluate("location.hash").rsplit("/", 1)[1]
    assert stored(app, save_id)["moves"] == data["moves"]


def test_a_file_dropped_outside_the_import_panel_is_refused(app):
    goto(app, "#/")
    assert app.evaluate(DROP, ["h1.home-title", "{}", "file"]) == [True, True, True]
    assert app.locator("[data-screen='table']").count() == 0 and app.locator(".notice").count() == 0
    assert app.evaluate("location.hash") == "#/"
    # Dragged text is left to the browser (a text field still takes it).
    assert app.evaluate(DROP, ["h1.home-title", "words", "text"]) == [False, False, False]


def test_an_oversized_file_is_refused_without_being_read(app, tmp_path):
    big, small = tmp_path / "big.json", tmp_path / "small.json"
    big.write_text(" " * (MAX_SAVE_BYTES + 1))
    small.write_text("not a save")
    app.evaluate("""() => {
      window.__reads = 0;
      window.__blobText = Blob.prototype.text;
      Blob.prototype.text = function () { window.__reads += 1; return window.__blobText.call(this); };
    }""")
    try:
        goto(app, "#/")
        app.set_input_files("#import-file", str(big))
        app.wait_for_selector(".notice.error:has-text('too large to be a save')")
        assert app.evaluate("window.__reads") == 0
        app.set_input_files("#import-file", str(small))  # a small file is read: the counter counts
        app.wait_for_selector(".notice.error:has-text('not readable JSON')")
        assert app.evaluate("window.__reads") == 1
    finally:
        app.evaluate("() => { Blob.prototype.text = window.__blobText; }")


def test_the_new_game_form_is_what_the_save_records(app):
    module = GAMES["towers-of-wyoming"]
    goto(app, "#/new/towers-of-wyoming")
    app.wait_for_selector("[data-screen='new-game']")
    app.select_option("#player-count", "3")
    for i, (name, kind) in enumerate((("Ana", "human"), ("Bot", "hard"), ("Cy", "human"))):
        app.fill(f"#seat-name-{i}", name)
        app.select_option(f"#seat-kind-{i}", kind)
    for key in module.default_options():
        app.set_checked(f"#option-{key}", key == "sudden_death")
    app.fill("#game-seed", "77")
    app.click("#start-game")
    app.wait_for_selector("[data-screen='table']", state="attached")
    record = stored(app, app.evaluate("location.hash").rsplit("/", 1)[1])
    assert [s["name"] for s in record["seats"]] == ["Ana", "Bot", "Cy"]
    assert [s["kind"] for s in record["seats"]] == ["human", "computer", "human"]
    assert record["seats"][1]["level"] == "hard"
    assert record["options"] == dict(module.default_options(), sudden_death=True)
    assert record["seed"] == 77 and record["game"] == "towers-of-wyoming"


def assert_nothing_ran(page):
    assert page.evaluate("window.__pwned") is None
    assert page.locator("main#app img").count() == 0


def test_markup_in_the_embed_parameter_is_shown_as_text(browser, site):
    context, page = boot_with(browser, site, CSP_SPY, "?embed=" + quote(PWN))
    page.wait_for_selector("[data-screen='not-found']")
    assert f"#/embed/{PWN}" in page.inner_text("main#app")
    assert page.get_attribute("html", "data-embed") == PWN
    page.wait_for_timeout(300)
    assert_nothing_ran(page)
    assert page.evaluate("window.__csp") == []
    context.close()


def test_markup_in_a_route_is_shown_as_text(app):
    app.evaluate("f => { location.hash = f }", f"#/play/{PWN}")
    app.wait_for_selector("[data-screen='not-found']")
    assert f"#/play/{PWN}" in app.inner_text("main#app")
    app.wait_for_timeout(300)
    assert_nothing_ran(app)


def test_markup_as_a_name_in_an_imported_save_is_shown_as_text(app, tmp_path):
    save = {
        "format": "towers-and-worlds-save",
        "version": 1,
        "game": "war-of-the-worlds",
        "options": {},
        "seats": [{"name": PWN}, {"name": "Ben"}],
        "seed": 3,
        "moves": [],
    }
    path = tmp_path / "named.json"
    path.write_text(json.dumps(save))
    goto(app, "#/")
    app.set_input_files("#import-file", str(path))
    app.wait_for_selector("[data-screen='table'] .seat-list")
    assert PWN in app.inner_text(".seat-list")
    goto(app, "#/")
    assert PWN in app.inner_text(".saved-item")
    app.wait_for_timeout(300)
    assert_nothing_ran(app)


def test_the_csp_forbids_inline_script_and_blocks_nothing_the_app_does(browser, site):
    context, page = boot_with(browser, site, CSP_SPY)
    policy = page.get_attribute("meta[http-equiv='Content-Security-Policy']", "content")
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    assert "'wasm-unsafe-eval'" in directives["script-src"]
    assert "'unsafe-inline'" not in directives["script-src"] + directives["default-src"] + directives["style-src"]
    # Every screen, and a few moves of every game (their boards set inline styles, through CSSOM).
    for fragment in ("#/settings", "#/rules", "#/rules/tower-war", "#/no-such-page"):
        goto(page, fragment)
        page.wait_for_timeout(100)
    styled = 0
    for game in GAMES:
        start_from_form(page, game)
        for _ in range(3):
            pass_moment(page)
            if page.locator("#curtain-go").count():
                page.click("#curtain-go")
                page.wait_for_selector("[data-move], [data-step]", state="attached")
            play_any_move(page)
        pass_moment(page)
        if page.locator("#curtain-go").count():
            page.click("#curtain-go")
            page.wait_for_selector("[data-move], [data-step]", state="attached")
        # Each inline style the board sets is applied (a style the CSP refused would leave el.style empty).
        counts = page.evaluate("""() => { const all = [...document.querySelectorAll('main [style]')];
                                          return [all.length, all.filter(e => e.style.length > 0).length]; }""")
        assert counts[0] == counts[1]
        styled += counts[0]
    assert styled > 0
    goto(page, "#/")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__csp") == []
    # The spy hears a violation when there is one: an inline script, and a style attribute, are refused.
    page.evaluate("""() => { const s = document.createElement('script');
                             s.textContent = 'window.__inline = 1'; document.body.append(s); }""")
    page.wait_for_function("() => window.__csp.length > 0")
    assert page.evaluate("window.__inline") is None
    assert any(v.startswith("script-src") for v in page.evaluate("window.__csp"))
    page.evaluate("""() => { const d = document.createElement('div'); d.id = 'styled';
                             d.setAttribute('style', 'width: 123px'); document.body.append(d); }""")
    page.wait_for_function("() => window.__csp.some(v => v.startsWith('style-src'))")
    assert page.evaluate("getComputedStyle(document.getElementById('styled')).width") != "123px"
    context.close()
