"""Element trees (dom.h) written out as HTML text, for the pages build.py writes before any Python
runs in the browser: the home screen and rules (ui/prerender.py) and the embed previews (ui/preview.py
makes a table still first). Text and attribute values are escaped; handlers are left out.

>>> from tabletop.ui.dom import h
>>> html_of(h("p.note", {"title": 'a "b"'}, "1 < 2 & <b>", h("br"), on_click=print))
'<p title="a &quot;b&quot;" class="note">1 &lt; 2 &amp; &lt;b&gt;<br></p>'
"""

from __future__ import annotations

from html import escape

from tabletop.ui.dom import El

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})


def html_of(node: El | str) -> str:
    if isinstance(node, str):
        return escape(node, quote=False)
    parts = [f"<{node.tag}"]
    for key, value in node.attrs.items():
        if value is None or value is False:
            continue
        parts.append(f" {key}" if value is True else f' {key}="{escape(str(value), quote=True)}"')
    parts.append(">")
    if node.tag in VOID:
        return "".join(parts)
    parts.extend(html_of(child) for child in node.children)
    parts.append(f"</{node.tag}>")
    return "".join(parts)
