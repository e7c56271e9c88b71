"""A table drawn to be looked at, not played: an embed's preview (build.py writes it with
``dom.to_html`` before any Python runs in the browser, from the renderers the app itself uses).

>>> from tabletop.ui.web.dom import h, to_html
>>> to_html(still(h("div", {"style": "--strip:9px"}, h("button", {"data-move": "{}"}, "Go", on_click=print))))
'<div><button data-move="{}" disabled>Go</button></div>'
"""

from __future__ import annotations

from tabletop.ui.web.dom import El


def still(node: El | str) -> El | str:
    """A copy of ``node`` with every control disabled, no handlers and no inline styles (the
    preview's CSP allows none; the stylesheet's defaults stand in)."""
    if isinstance(node, str):
        return node
    attrs = {k: v for k, v in node.attrs.items() if k != "style"}
    if node.tag == "button" or "data-move" in attrs or "data-step" in attrs:
        attrs["disabled"] = True
    return El(node.tag, attrs, [still(c) for c in node.children], {})
