"""axe-core, moderate findings included, on every game's table, each hand-over curtain, the
new-game forms and the embed, at 1024x768 and on a phone (390x844)."""

from __future__ import annotations

import json

import pytest

from axe import audit
from conftest import goto, start_saved_game
from tabletop.games import GAMES

SIZES = {"landscape": (1024, 768), "phone": (390, 844)}
HOT_SEAT = {
    "tower-war": ["Ana", "Ben"],
    "towers-of-wyoming": ["Ana", "Ben", "Cleo"],
    "tower-battle": ["Ana", "Ben"],
    "war-of-the-worlds": ["Ana", "Ben"],
}
CURTAINED = ["tower-battle", "towers-of-wyoming"]  # a curtain from the first move (Tower War's public draft has none); the
# curtain is the same screen in every game (screens/table.py)


def clean(page) -> None:
    found = audit(page, moderate=True)
    assert found == [], json.dumps(found, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", list(GAMES))
def test_new_game_form(app, game, size):
    app.set_viewport_size(dict(zip(("width", "height"), SIZES[size])))
    goto(app, f"#/new/{game}")
    app.wait_for_selector("#start-game")
    clean(app)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", CURTAINED)
def test_curtain(app, game, size):
    app.set_viewport_size(dict(zip(("width", "height"), SIZES[size])))
    start_saved_game(app, game, HOT_SEAT[game], 5, save_id=f"e2e-axe-curtain-{game}-{size}")
    app.wait_for_selector("#curtain-go")
    clean(app)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", list(GAMES))
def test_table(app, game, size):
    app.set_viewport_size(dict(zip(("width", "height"), SIZES[size])))
    start_saved_game(app, game, HOT_SEAT[game], 5, save_id=f"e2e-axe-table-{game}-{size}")
    if app.locator("#curtain-go").count():
        app.click("#curtain-go")
    app.wait_for_selector("[data-screen='table'] .table-main > *")
    clean(app)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["tower-battle", "war-of-the-worlds"])  # with a curtain and without (each boots a page)
def test_embed(browser, site, game, size):
    context = browser.new_context(viewport=dict(zip(("width", "height"), SIZES[size])), service_workers="block")
    page = context.new_page()
    try:
        page.goto(f"{site.url}?embed={game}&vs=people")  # people: Tower Battle's curtain shows
        page.wait_for_selector("html[data-app-ready='1']", state="attached", timeout=90_000)
        page.wait_for_selector("#embed-start")
        clean(page)
        page.click("#embed-start")
        page.wait_for_selector("[data-screen='table']", state="attached")
        if page.locator("#curtain-go").count():
            clean(page)
            page.click("#curtain-go")
        page.wait_for_selector("[data-screen='table'] .table-main > *")
        clean(page)
    finally:
        context.close()
