"""The wiki's height listener (ui/embed/wiki-listener.js): one source for docs/embedding.md and the snippets the app
writes, and the site it trusts set safely (its ES5 check: test_wiki_listener_es5.py)."""

from __future__ import annotations

import re

from repo import ROOT
from tabletop.ui.embed import snippets as snip

RECIPE = (ROOT / "docs" / "embedding.md").read_text()  # the wiki recipe


def listener_copies(text: str) -> list[str]:
    """Every copy of the listener in ``text``: a ```js block, or a <script> in a Widget page."""
    blocks = re.findall(r"```js\n(.*?)```", text, re.S)
    return blocks + re.findall(r"<script>\n(.*?)</script>", text, re.S)


def test_the_recipe_gives_the_listener_exactly_as_its_source():
    copies = listener_copies(RECIPE)
    assert len(copies) == 3, "MediaWiki:Common.js, the game Widget and the position Widget"
    assert all(copy == snip.listener(snip.README_SITE) for copy in copies)
    assert snip.listener(snip.README_SITE) == snip.LISTENER_FILE.read_text()


def test_the_snippets_follow_the_recipes_routes():
    site = "https://games.example.org/tw/"
    assert snip.listener_script(site) in snip.widget_page(site)
    assert 'var SITE = "https://games.example.org/tw/";' in snip.listener(site)
    raw = snip.raw_html(site, "tower-war", "p1.abc", "Tower War")
    assert raw.startswith("<html><iframe ") and raw.endswith("</iframe></html>") and "<script" not in raw
    assert 'src="https://games.example.org/tw/?embed=tower-war&amp;position=p1.abc"' in raw


def test_a_strange_site_address_cannot_break_out_of_the_script():
    text = snip.listener_script('https://h.example/"</script><script>alert(1)//')
    assert text.count("</script>") == 1 and text.count("<script>") == 1 and "<!--" not in text
    assert r'var SITE = "https://h.example/\"\u003c/script>\u003cscript>alert(1)//";' in text
