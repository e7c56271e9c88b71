"""The balance lab as a player finds it: in the header, in the app's own words (no command line),
one "Game" heading, and what it says of each level's speed is what Help says. Screenshots at
1024x768 and 390x844."""

from __future__ import annotations

from axe import audit
from conftest import goto, shot
from tabletop.ai.levels import ANSWERS

SIZES = {"tablet-landscape": (1024, 768), "phone": (390, 844)}


def test_the_lab_is_in_the_header_speaks_to_players_and_agrees_with_help(app):
    try:
        for name, (w, h) in SIZES.items():
            app.set_viewport_size({"width": w, "height": h})
            goto(app, "#/")
            link = app.locator(".site-header nav a[href='#/lab']")
            assert link.is_visible()
            assert " ".join(link.inner_text().split()) == "Computer vs computer"  # words a newcomer knows, not "Lab"
            box = link.bounding_box()
            assert box["x"] + box["width"] <= w  # the header still fits a phone
            link.click()
            app.wait_for_selector("[data-screen='lab']")
            assert link.get_attribute("aria-current") == "page"
            text = app.inner_text("[data-screen='lab']")
            assert "python" not in text.lower() and "--game" not in text and "simulate" not in text
            words = [t.strip() for t in app.locator("[data-screen='lab'] :is(h1, h2, h3, legend, label)").all_inner_texts()]
            assert [t for t in words if t.split("\n")[0].strip() == "Game"] == ["Game"], words
            assert app.get_attribute("#lab-game", "aria-labelledby") == "lab-game-title"
            assert app.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
            assert audit(app, moderate=True) == []
            shot(app, f"balance-lab-{name}")
        goto(app, "#/rules")
        help_text = " ".join(app.inner_text("main").split())
        goto(app, "#/lab")
        lab_text = " ".join(app.inner_text("[data-screen='lab']").split())
        for level in ("easy", "normal", "hard"):
            assert ANSWERS[level] in lab_text, level
            assert ANSWERS[level] in help_text, level
        assert "within about a second" not in lab_text and "up to about three seconds" not in lab_text
    finally:
        app.set_viewport_size({"width": 1024, "height": 768})
