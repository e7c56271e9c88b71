"""Building screens from Python: a tiny element tree and one way to put it on the page.

Screens return trees made with ``h``::

    h("button.primary", {"aria-label": "Start"}, "Start game", on_click=start)
    h("ul.game-log", [h("li", line) for line in log])

Text is always a text node and attribute values go through ``setAttribute``, so a
player's name is shown as the characters it contains, never parsed as HTML; there is
no ``innerHTML`` anywhere. Event handlers are kept in a table on the Python side and
reached through a few listeners on the mount point (event delegation), so re-rendering
a screen creates no new JavaScript proxies.

This module is the only one that builds DOM nodes; it imports ``js`` lazily so the
tree itself (``El``, ``h``, ``text_of``) is usable and testable under plain CPython.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

SVG_NS = "http://www.w3.org/2000/svg"
EVENTS = (
    "click",
    "change",
    "input",
    "keydown",
    "submit",
    "pointerdown",
    "pointermove",
    "pointerup",
    "pointercancel",
    "dragover",
    "drop",
    "focusin",
)
Handler = Callable[..., Any]  # called with the browser event (lambdas may bind more, as defaults)


class El:
    """One element: tag, attributes, children and event handlers."""

    __slots__ = ("tag", "attrs", "children", "events")

    def __init__(self, tag: str, attrs: dict[str, Any], children: list[El | str], events: dict[str, Handler]):
        self.tag, self.attrs, self.children, self.events = tag, attrs, children, events

    def __repr__(self) -> str:
        return f"<{self.tag} {self.attrs}>"


def _flatten(items: Iterable[Any]) -> list[El | str]:
    out: list[El | str] = []
    for item in items:
        if item is None or item is False or item is True:
            continue
        if isinstance(item, (list, tuple)):
            out.extend(_flatten(item))
        elif isinstance(item, El):
            out.append(item)
        else:
            out.append(str(item))
    return out


def h(selector: str, *args: Any, **handlers: Handler | None) -> El:
    """Make an element. ``selector`` is a tag with optional ``#id`` and ``.class`` parts.

    The first positional argument may be a dict of attributes; the rest are children
    (strings, numbers, elements, lists, or None to skip). Keyword arguments named
    ``on_<event>`` are event handlers, called with the browser event (None: no handler).

    Only a plain ``dict`` written in the code gives attributes: an object read from a
    file or storage arrives as ``JsonObject`` (see engine/saves.py) and, like any other
    value that is not an element, is shown as text, so a name can never become markup
    or attributes whatever its type.
    """
    tag, classes, ident = _parse_selector(selector)
    attrs: dict[str, Any] = {}
    children = list(args)
    if children and type(children[0]) is dict:
        attrs = dict(children.pop(0))
    for key in attrs:
        if key.lower().startswith("on"):
            raise ValueError(f"use on_{key[2:]}=handler, not an {key!r} attribute")
    if classes:
        extra = attrs.get("class")
        attrs["class"] = " ".join(classes + ([extra] if extra else []))
    if ident:
        attrs.setdefault("id", ident)
    events = {}
    for name, fn in handlers.items():
        if not name.startswith("on_") or name[3:] not in EVENTS:
            raise ValueError(f"unknown event handler {name!r}")
        if fn is not None:
            events[name[3:]] = fn
    return El(tag, attrs, _flatten(children), events)


def _parse_selector(selector: str) -> tuple[str, list[str], str | None]:
    tag, ident, classes = "", None, []
    token, kind = "", "tag"
    for ch in selector + ".":
        if ch in ".#":
            if kind == "tag":
                tag = token
            elif kind == "class" and token:
                classes.append(token)
            elif kind == "id":
                ident = token
            token, kind = "", ("class" if ch == "." else "id")
        else:
            token += ch
    return tag or "div", classes, ident


def text_of(node: El | str) -> str:
    """All the text in a tree (for tests and accessible labels)."""
    if isinstance(node, str):
        return node
    return "".join(text_of(c) for c in node.children)


def find_all(node: El | str, predicate: Callable[[El], bool]) -> list[El]:
    """Every element of a tree meeting ``predicate`` (depth first)."""
    if isinstance(node, str):
        return []
    found = [node] if predicate(node) else []
    for child in node.children:
        found.extend(find_all(child, predicate))
    return found


VOID_TAGS = frozenset(("area", "br", "col", "hr", "img", "input", "link", "meta", "source", "wbr"))


def to_html(node: El | str) -> str:
    """The tree as HTML text, for the pages build.py writes from the same trees before Python
    runs (handlers are left out: that HTML only links). Text and attribute values are escaped."""
    from html import escape

    if isinstance(node, str):
        return escape(node, quote=False)
    attrs = ""
    for key, value in node.attrs.items():
        if value is None or value is False:
            continue
        if key == "style":
            raise ValueError("no style attributes in written HTML (the CSP refuses them)")
        attrs += f" {key}" if value is True else f' {key}="{escape(str(value))}"'
    inner = "".join(to_html(child) for child in node.children)
    return f"<{node.tag}{attrs}>" if node.tag in VOID_TAGS else f"<{node.tag}{attrs}>{inner}</{node.tag}>"


class Mount:
    """A page region that shows one tree at a time and dispatches its events."""

    def __init__(self, element: Any):
        import js
        from pyodide.ffi import create_proxy, jsnull

        self.js = js
        self.null = jsnull
        self.element = element
        self.handlers: dict[str, Handler] = {}
        self.focus_lost = False  # the last ``show`` removed the control that had keyboard focus
        self._proxies = []
        for event in EVENTS:
            proxy = create_proxy(self._dispatch)
            self._proxies.append(proxy)
            element.addEventListener(event, proxy)

    def _dispatch(self, event: Any) -> None:
        attr = f"data-on-{event.type}"
        target = event.target
        node = target.closest(f"[{attr}]") if hasattr(target, "closest") else None
        if node is None or node is self.null:
            return
        handler = self.handlers.get(node.getAttribute(attr))
        if handler is not None:
            handler(event)

    def show(self, tree: El | None) -> None:
        """Replace the region's content with ``tree``, keeping keyboard focus where it was (by id);
        ``focus_lost`` says when the focused control is gone (e.g. the card just played)."""
        document = self.js.document
        active = document.activeElement
        inside = active not in (None, self.null) and bool(self.element.contains(active))
        focus_id = active.id if inside else ""
        self.focus_lost = inside
        self.handlers = {}
        node = self._build(tree, False) if tree is not None else None
        if node is None:
            self.element.replaceChildren()
        else:
            self.element.replaceChildren(node)
        if focus_id:
            again = document.getElementById(focus_id)
            if again not in (None, self.null):
                again.focus()
                self.focus_lost = False

    def _build(self, node: El | str, svg: bool) -> Any:
        document = self.js.document
        if isinstance(node, str):
            return document.createTextNode(node)
        svg = svg or node.tag == "svg"
        el = document.createElementNS(SVG_NS, node.tag) if svg else document.createElement(node.tag)
        for key, value in node.attrs.items():
            if value is None or value is False:
                continue
            if key == "style":  # through CSSOM: the CSP refuses style="" attributes (no 'unsafe-inline')
                el.style.cssText = str(value)
                continue
            el.setAttribute(key, "" if value is True else str(value))
        for event, fn in node.events.items():
            key = str(len(self.handlers))
            self.handlers[key] = fn
            el.setAttribute(f"data-on-{event}", key)
        for child in node.children:
            el.appendChild(self._build(child, svg and node.tag != "foreignObject"))
        return el
