"""axe-core finds no serious or critical violations on the app's screens."""

import pytest

from axe import audit
from conftest import goto
from tabletop.games import GAMES

SCREENS = ["#/", "#/rules", "#/settings"] + [f"#/new/{g}" for g in GAMES] + [f"#/rules/{g}" for g in GAMES]


@pytest.mark.parametrize("fragment", SCREENS)
def test_no_serious_violations(app, fragment):
    goto(app, fragment)
    app.wait_for_selector("main#app > *")
    assert audit(app) == []


def test_keyboard_reaches_the_main_navigation(app):
    goto(app, "#/")
    # start from the top of the page, whatever an earlier test left focused
    app.evaluate("() => { const b = document.body; b.tabIndex = -1; b.focus(); b.removeAttribute('tabindex'); }")
    app.keyboard.press("Tab")
    app.keyboard.press("Tab")
    focused = app.evaluate("document.activeElement.textContent.trim()")
    assert focused in ("Towers & Worlds", "▲ Towers & Worlds", "Games")
    outline = app.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
