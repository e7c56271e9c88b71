"""The HTML build.py writes before Python runs comes from the app's own screens, escaped."""

from tabletop.catalog import CATALOG
from tabletop.ui import prerender
from tabletop.ui.dom import text_of


def test_every_game_has_its_rules_and_home_links_them():
    pages = prerender.pages()
    assert set(pages) == {"#/", "#/rules", "*"} | {f"#/rules/{game_id}" for game_id in CATALOG}
    home = prerender.home_html()
    for game_id, info in CATALOG.items():
        assert f'href="#/rules/{game_id}"' in home and f'href="#/new/{game_id}"' in home
        assert info.TITLE in text_of(pages[f"#/rules/{game_id}"])
    written = prerender.templates()
    assert "data-on-" not in written and " style=" not in written  # no handlers; no inline style (the CSP refuses it)
