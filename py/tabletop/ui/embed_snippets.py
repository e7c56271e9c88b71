"""What "Embed this position…" writes for a wiki editor: the iframe, the MediaWiki Widget page
that holds it, and the ``{{#widget:...}}`` call. Browser-free; the README's "A position
diagram" gives the same Widget page (a unit test keeps them equal), beside the game Widget
whose frame attributes and height listener these share.

>>> print(widget_call("war-of-the-worlds", "g1.abc"))
{{#widget:TowersAndWorldsPosition|game=war-of-the-worlds|position=g1.abc}}
>>> position_src("https://owner.github.io/towers/", "tower-war", "p1.xyz")
'https://owner.github.io/towers/?embed=tower-war&position=p1.xyz'
"""

from __future__ import annotations

WIDGET = "TowersAndWorldsPosition"
SANDBOX = "allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads"
FRAME_STYLE = "border:0;max-width:100%"
WIDTH, HEIGHT = 640, 520
LISTENER = """<script>
addEventListener("message", (event) => {
  const frame = [...document.querySelectorAll("iframe.towers-and-worlds")].find((f) => f.contentWindow === event.source);
  if (frame && event.data?.type === "towers-and-worlds:height") frame.style.height = Math.min(event.data.height, 2000) + "px";
});
</script>"""


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
    return (f'<iframe class="towers-and-worlds" title="{html_text(title)}" src="{src}" width="{WIDTH}" height="{HEIGHT}" '
            f'loading="lazy" style="{FRAME_STYLE}" sandbox="{SANDBOX}" allow="clipboard-write"></iframe>')


def widget_page(site: str) -> str:
    """The text of the page ``Widget:TowersAndWorldsPosition``, made once per wiki."""
    return ("<noinclude>A position of Towers & Worlds, read only, with Play from here where the game allows it. "
            f"Use: {{{{#widget:{WIDGET}|game=GAME|position=CODE}}}} (the app's “Embed this position…” writes it); "
            f"optional width (default {WIDTH}) and height (default {HEIGHT}).</noinclude><includeonly>"
            f'<iframe class="towers-and-worlds" title="Towers &amp; Worlds position" '
            f"src=\"{site}?embed=<!--{{$game|escape:'url'}}-->&amp;position=<!--{{$position|escape:'url'}}-->\" "
            f"width=\"<!--{{$width|default:{WIDTH}|escape:'html'}}-->\" height=\"<!--{{$height|default:{HEIGHT}|escape:'html'}}-->\" "
            f'loading="lazy" style="{FRAME_STYLE}" sandbox="{SANDBOX}" allow="clipboard-write"></iframe>'
            f"{LISTENER}</includeonly>")


def widget_call(game: str, code: str) -> str:
    """What an editor puts in any wiki page once the Widget page exists."""
    return f"{{{{#widget:{WIDGET}|game={game}|position={code}}}}}"


def html_text(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
