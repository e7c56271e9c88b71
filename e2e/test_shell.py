"""The site shell: boots under a subpath, offline-safe requests, routes, home at three sizes."""

from conftest import READY, boot, goto, shot
from serving import SUBPATH

SIZES = {"tablet-landscape": (1024, 768), "tablet-portrait": (768, 1024), "phone": (390, 844)}


def test_ready_under_subpath_with_no_request_leaving_localhost(booted, site):
    page, recorder = booted.ready(), booted.recorder
    assert page.evaluate("document.documentElement.dataset.appReady") == "1"
    assert SUBPATH in page.url
    assert recorder.urls, "no requests recorded"
    # a blob: URL of this origin is bytes the page already holds (the cut standard library, unzipped)
    outside = [u for u in recorder.urls if not u.startswith((site.origin + SUBPATH, f"blob:{site.origin}/"))]
    assert outside == []
    assert recorder.errors == []


def test_shell_paints_game_list_before_python(browser, site):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site.url)
    titles = page.locator(".game-card h2").all_inner_texts()
    assert titles == ["Tower War", "Towers of Wyoming", "Tower Battle", "The War of the Worlds"]
    assert "Loading the game engine" in page.locator("#boot-progress").inner_text()
    context.close()


def test_unknown_route_shows_a_way_home(app):
    goto(app, "#/no/such/place")
    app.wait_for_selector("[data-screen='not-found']")
    assert "no such page" in app.inner_text("h1").lower()
    app.click("text=Back to the games")
    app.wait_for_selector(".home")
    assert app.evaluate("location.hash") == "#/"


def test_unknown_game_is_not_found_too(app):
    goto(app, "#/play/chess")
    app.wait_for_selector("[data-screen='not-found']")


def test_rules_and_settings_screens_render(app):
    goto(app, "#/rules")
    app.wait_for_selector("[data-screen='rules']")
    assert "Using the app" in app.inner_text(".rules-nav")
    goto(app, "#/settings")
    app.wait_for_selector("text=Usual players")


def test_home_at_three_sizes(app):
    for name, (w, h) in SIZES.items():
        app.set_viewport_size({"width": w, "height": h})
        goto(app, "#/")
        app.wait_for_selector(".home")
        overflow = app.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"sideways scrolling at {name}"
        shot(app, f"home-{name}")
    app.set_viewport_size({"width": 360, "height": 640})  # a small phone: the header still fits
    for route in ("#/", "#/rules", "#/settings"):
        goto(app, route)
        assert app.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0, route


def test_ready_marker_is_set_by_python_not_the_shell(browser, site):
    context, page, _ = boot(browser, site, "#/settings")
    assert page.locator(READY).count() == 1
    assert page.locator("text=Usual players").count() == 1
    context.close()
