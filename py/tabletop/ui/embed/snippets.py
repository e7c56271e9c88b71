"""What "Embed this position…" writes for a wiki editor: the iframe, the MediaWiki Widget page
that holds it, the ``{{#widget:...}}`` call, the frame for a wiki with ``$wgRawHtml``, and the height
listener for ``MediaWiki:Common.js``. Browser-free; the README's "Embed in a wiki" gives the same Widget
page and listener (unit tests keep them equal), beside the game Widget whose frame attributes and
height listener these share. The listener's one source is ``wiki-listener.js`` beside this module
(ES5: MediaWiki refuses newer site scripts; a test parses it as ES5); build.py ships it in the
package archive.

>>> print(widget_call("war-of-the-worlds", "g1.abc"))
{{#widget:TowersAndWorldsPosition|game=war-of-the-worlds|position=g1.abc}}
>>> position_src("https://owner.github.io/towers/", "tower-war", "p1.xyz")
'https://owner.github.io/towers/?embed=tower-war&position=p1.xyz'
>>> 'var SITE = "https://h.example/t/";' in listener("https://h.example/t/")
True
"""

from __future__ import annotations

import json
from pathlib import Path

WIDGET = "TowersAndWorldsPosition"
SANDBOX = "allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads"
FRAME_STYLE = "border:0;max-width:100%"
WIDTH, HEIGHT = 640, 520
LISTENER_FILE = Path(__file__).with_name("wiki-listener.js")
README_SITE = "https://owner.github.io/towers/"  # the site the listener's source names, replaced by the real one


def listener(site: str) -> str:
    """The height listener (ES5) for frames of ``site``: for MediaWiki:Common.js or a Gadget as it is,
    inside ``<script>`` in a Widget page."""
    quoted = json.dumps(site).replace("<", "\\u003c")  # a string literal with no "<": it cannot end the <script> around it
    return LISTENER_FILE.read_text().replace(f'var SITE = "{README_SITE}";', f"var SITE = {quoted};")


def listener_script(site: str) -> str:
    """The listener as a Widget page holds it."""
    return f"<script>\n{listener(site)}</script>"


def site_of(page_url: str) -> str:
    """The site's address from the app page's own (``…/towers/index.html?x#/y`` -> ``…/towers/``)."""
    base = page_url.split("#", 1)[0].split("?", 1)[0]
    return base[: base.rfind("/") + 1]


def position_src(site: str, game: str, code: str) -> str:
    """The address of a position diagram (the code is base64url: nothing in it needs escaping)."""
    return f"{site}?embed={game}&position={code}"


def iframe_snippet(site: str, game: str, code: str, title: str) -> str:
    """A plain iframe (for IframeTag, or any page that takes HTML)."""
    src = position_src(site, game, code).replace("&", "&amp;")
    return (
        f'<iframe class="towers-and-worlds" title="{html_text(title)}" src="{src}" width="{WIDTH}" height="{HEIGHT}" '
        f'loading="lazy" style="{FRAME_STYLE}" sandbox="{SANDBOX}" allow="clipboard-write"></iframe>'
    )


def widget_page(site: str) -> str:
    """The text of the page ``Widget:TowersAndWorldsPosition``, made once per wiki."""
    return (
        "<noinclude>A position of Towers & Worlds, read only, with Play from here where the game allows it. "
        f"Use: {{{{#widget:{WIDGET}|game=GAME|position=CODE}}}} (the app's “Embed this position…” writes it); "
        f"optional width (default {WIDTH}) and height (default {HEIGHT}).</noinclude><includeonly>"
        f'<iframe class="towers-and-worlds" title="Towers &amp; Worlds position" '
        f"src=\"{site}?embed=<!--{{$game|escape:'url'}}-->&amp;position=<!--{{$position|escape:'url'}}-->\" "
        f"width=\"<!--{{$width|default:{WIDTH}|escape:'html'}}-->\" height=\"<!--{{$height|default:{HEIGHT}|escape:'html'}}-->\" "
        f'loading="lazy" style="{FRAME_STYLE}" sandbox="{SANDBOX}" allow="clipboard-write"></iframe>'
        f"{listener_script(site)}</includeonly>"
    )


def raw_html(site: str, game: str, code: str, title: str) -> str:
    """The frame for a wiki with ``$wgRawHtml`` (its editors all trusted), in the ``<html>`` tag; the
    listener goes once into MediaWiki:Common.js, not into every page."""
    return f"<html>{iframe_snippet(site, game, code, title)}</html>"


def widget_call(game: str, code: str) -> str:
    """What an editor puts in any wiki page once the Widget page exists."""
    return f"{{{{#widget:{WIDGET}|game={game}|position={code}}}}}"


def html_text(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
