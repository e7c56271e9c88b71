"""Records another page of the site, an old version or a damaged disk left in localStorage
before the app starts: the app still gets ready, lists the good saves and says what it set
aside, once."""

import json

from conftest import BOOT_TIMEOUT_MS, READY, goto, shot

GOOD = {
    "format": "towers-and-worlds-save",
    "version": 1,
    "game": "war-of-the-worlds",
    "options": {},
    "seats": [{"name": "Ana"}, {"name": "Ben"}],
    "seed": 5,
    "moves": [],
    "name": "Good game",
    "saved_at": 1_700_000_000,
}
RED = {"style": "position:fixed;inset:0;background:#c00;z-index:99999", "id": "import-file"}
BAD = {
    "iso-date": dict(GOOD, saved_at="2026-05-01T10:00:00Z"),
    "yesterday": dict(GOOD, saved_at="yesterday"),
    "list-date": dict(GOOD, saved_at=[1]),
    "game-list": dict(GOOD, game=[]),
    "game-object": dict(GOOD, game={"a": 1}),
    "object-name": dict(GOOD, name=RED),
}
RAW = {
    "tw:save:nan-date": json.dumps(GOOD).replace("1700000000", "NaN"),
    "tw:save:tiny-date": json.dumps(GOOD).replace("1700000000", "-1e300"),
    "tw:save:deep": '{"format": "towers-and-worlds-save", "moves": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "tw:settings": json.dumps({"names": 5}),
    "tw:aside:list": "[1,2]",
    "tw:aside:null": "null",
}

SEED_ONCE = """([records]) => {
  if (sessionStorage.getItem('seeded')) return;
  sessionStorage.setItem('seeded', '1');
  for (const [k, v] of Object.entries(records)) localStorage.setItem(k, v);  // as an older version left them: moved to IndexedDB at start
}"""

CSP_SPY = """window.__csp = [];
document.addEventListener('securitypolicyviolation',
  e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI), true);"""


def records() -> dict:
    out = {f"tw:save:{k}": json.dumps(v) for k, v in BAD.items()}
    out.update(RAW)
    out["tw:save:good"] = json.dumps(GOOD)
    return out


def boot_seeded(browser, site, path="#/", viewport=(1024, 768)):
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, service_workers="block")
    context.add_init_script(f"({SEED_ONCE})([{json.dumps(records())}]);\n{CSP_SPY}")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site.url + path)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    return context, page, errors


def test_bad_records_before_boot_leave_the_app_working(browser, site):
    context, page, errors = boot_seeded(browser, site)
    page.wait_for_selector(".saved-item")
    assert page.locator(".saved-item").all_inner_texts()[0].startswith("Good game")
    assert page.locator(".saved-item").count() == 1
    notices = page.locator(".notice.error").all_inner_texts()
    assert len(notices) == 2, notices  # the settings (read first), then one line for the 9 saved games
    assert "settings could not be read" in notices[0] and f"{len(BAD) + 3} stored records could not be read" in notices[1]
    reasons = page.locator(".damaged-item small").all_inner_texts()
    assert any("not text" in r for r in reasons) and any("date is unreadable" in r for r in reasons)
    assert any("deep" in r for r in reasons) and any("player names" in r for r in reasons)
    damaged = page.locator(".damaged-item strong").all_inner_texts()
    assert {"tw:aside:list", "tw:aside:null", "tw:aside:object-name", "tw:aside:deep", "tw:aside:settings"} <= set(damaged)
    # The object name never became attributes: no red cover, one #import-file (the real file input).
    assert page.locator("#import-file").count() == 1
    assert page.evaluate("getComputedStyle(document.elementFromPoint(500, 400)).backgroundColor") != "rgb(204, 0, 0)"
    shot(page, "bad-records-home-1024")
    for size in ((768, 1024), (390, 844)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        shot(page, f"bad-records-home-{size[0]}")
    page.set_viewport_size({"width": 1024, "height": 768})

    # Every screen survives; a reload says nothing again (the records are aside now) and still lists the good save.
    for fragment, screen in (
        ("#/settings", "#default-name-3"),
        ("#/new/tower-battle", "[data-screen='new-game']"),
        ("#/play/war-of-the-worlds/good", "[data-screen='table']"),
    ):
        goto(page, fragment)
        page.wait_for_selector(screen, state="attached")
    page.goto(site.url + "#/")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(".saved-item")
    assert page.locator(".notice.error").count() == 0
    assert page.locator(".saved-item").count() == 1
    # A damaged record can be deleted from Home.
    before = page.locator(".damaged-item").count()
    page.click("button[aria-label='Delete tw:aside:null']")
    page.wait_for_function("n => document.querySelectorAll('.damaged-item').length === n", arg=before - 1)
    assert page.evaluate("twSaves.read('tw:aside:null')") is None
    assert page.evaluate("window.__csp") == []
    assert errors == []
    context.close()


def test_bad_settings_before_boot_on_the_settings_screen(browser, site):
    context, page, errors = boot_seeded(browser, site, "#/settings")
    page.wait_for_selector("#default-name-3")
    assert page.input_value("#default-name-0") == ""
    page.fill("#default-name-0", "Zoe")
    page.press("#default-name-0", "Tab")
    page.wait_for_function("() => (twSaves.read('tw:settings') || '').includes('Zoe')")
    assert json.loads(page.evaluate("twSaves.read('tw:settings')"))["names"][0] == "Zoe"
    assert errors == []
    context.close()


def test_every_rejected_import_says_why(app, tmp_path):
    """Each refused file gets a notice naming its trouble, and nothing else changes."""
    cases = [
        (json.dumps(dict(GOOD, game=["war-of-the-worlds"])), "does not say which game"),
        ("[" * 200_000 + "]" * 200_000, "nests lists more than"),
        ('{"format": "towers-and-worlds-save", "moves": ' + "[" * 100_000 + "]" * 100_000 + "}", "nests lists more than"),
        (json.dumps(dict(GOOD, name=RED)), "name is not text"),
        (json.dumps(dict(GOOD, seats=[{"name": "A"}, {"name": ["B"]}])), "name that is not text"),
        (json.dumps(dict(GOOD, options=[])), "options are unreadable"),
        (json.dumps(dict(GOOD, moves=[[{"x": 1}]])), "move 1 of the save is"),
        ("[1, 2]", "not a Towers & Worlds save"),
        ("", "not readable JSON"),
    ]
    goto(app, "#/")
    for i, (text, why) in enumerate(cases):
        path = tmp_path / f"case{i}.json"
        path.write_text(text)
        app.set_input_files("#import-file", str(path))
        app.wait_for_selector(f".notice.error:has-text({json.dumps(why)})")
        assert app.inner_text(".notice.error").startswith("Could not import:")
        app.click(".notice.error button")  # dismissed, so the next case's notice is its own
        app.wait_for_selector(".notice.error", state="detached")
    assert app.evaluate("location.hash") == "#/"
    assert app.locator(".saved-item").count() == 0 and app.locator("#import-file").count() == 1
