"""The rules pages in the browser: each rule once, with this edition's reading right under it,
readable at tablet and phone sizes (screenshots in e2e/screenshots/rules-*)."""

import pytest

from conftest import goto, shot
from tabletop.games import GAMES

SIZES = [(1024, 768), (768, 1024), (390, 844)]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_rules_page_shows_each_reading_under_its_rule(app, game_id):
    for width, height in SIZES:
        app.set_viewport_size({"width": width, "height": height})
        goto(app, f"#/rules/{game_id}")
        app.wait_for_selector("[data-screen='rules'] .edition-note")
        headings = app.locator("[data-screen='rules'] h2").all_inner_texts()
        assert headings and not any("How this edition reads" in t for t in headings)
        notes = app.locator(".edition-note")
        assert notes.count() >= 5
        assert all(t.startswith("This edition:") for t in notes.all_inner_texts())
        # each note sits right under a rule paragraph, and looks different from it
        assert app.evaluate("""() => [...document.querySelectorAll('.edition-note')].every(n => {
            const rule = n.previousElementSibling;
            return rule && rule.tagName === 'P' && !rule.classList.contains('edition-note')
                && getComputedStyle(n).borderLeftStyle === 'solid' && getComputedStyle(rule).borderLeftStyle === 'none';
        })""")
        assert app.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        shot(app, f"rules-{game_id}-{width}x{height}")
