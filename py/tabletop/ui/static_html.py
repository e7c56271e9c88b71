"""Element trees (dom.h) written out as HTML text, for pages build.py writes ahead of time (an
embed's preview is drawn by the same renderers the app uses, so nothing is drawn twice).

Text and attribute values are escaped, event handlers are dropped (a static page has none), and
``data-move``/``data-step`` controls are written disabled: a preview is looked at, not played.

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
    attrs = dict(node.attrs)
    if node.tag == "button" or "data-move" in attrs or "data-step" in attrs:
        attrs["disabled"] = True
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        parts.append(f" {key}" if value is True else f' {key}="{escape(str(value), quote=True)}"')
    parts.append(">")
    if node.tag in VOID:
        return "".join(parts)
    parts.extend(html_of(child) for child in node.children)
    parts.append(f"</{node.tag}>")
    return "".join(parts)
