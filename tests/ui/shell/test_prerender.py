"""The HTML build.py writes before Python runs comes from the app's own screens, escaped."""

import pytest

from tabletop.games import REGISTRY
from tabletop.ui.shell import prerender
from tabletop.ui.web.dom import h, text_of, to_html


def test_text_and_attribute_values_are_escaped():
    tree = h("p", {"title": 'say "<hi>" & go', "hidden": True, "data-x": None}, "<b>not bold</b> & more", h("br"))
    assert to_html(tree) == '<p title="say &quot;&lt;hi&gt;&quot; &amp; go" hidden>&lt;b&gt;not bold&lt;/b&gt; &amp; more<br></p>'


def test_style_attributes_are_refused_as_the_csp_would():
    with pytest.raises(ValueError):
        to_html(h("div", {"style": "color: red"}))


def test_every_game_has_its_rules_and_home_links_them():
    pages = prerender.pages()
    assert set(pages) == {"#/", "#/rules", "#/rules/readings", "*"} | {f"#/rules/{game_id}" for game_id in REGISTRY}
    home = prerender.home_html()
    for game_id, info in REGISTRY.items():
        assert f'href="#/rules/{game_id}"' in home and f'href="#/new/{game_id}"' in home
        assert info.title in text_of(pages[f"#/rules/{game_id}"])
    assert "event" not in home and "data-on-" not in prerender.templates()
