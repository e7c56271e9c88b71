"""The parts of a moment of choosing, brought into view together once when the moment begins.

A renderer marks what a person must see at once to choose (the lit targets, the news of the last
turn, the decision) with ``data-in-view`` and one value per moment (say, the card chosen). After
the render that first shows a moment, the page scrolls so every marked part is inside the screen
(the lowest at its bottom; the first one's top at its top when they cannot all fit); later
renders of the same moment leave the scroll where the person put it, and once the moment is over
the page goes back to where it was before it. Where the screen shows them all already, nothing
moves (a 640x480 frame, mostly); a tablet may scroll a little to bring the news under the board up.
"""

from __future__ import annotations

from typing import Any

from tabletop.ui.web.dom import El

MARK = "data-in-view"
MARGIN = 6.0  # px kept between the parts and the screen's edges when there is room

_moment: dict[str, Any] = {}  # the moment last brought into view ("key") and the scroll before it ("from")
_listening: list[Any] = []  # the page-wide listeners, installed on first use
_input_at: list[float] = []  # the page's scroll when the person last tapped or pressed a key (before the render it caused)


def mark(tree: El, moment: str, classes: set[str], ids: frozenset[str] | set[str] = frozenset()) -> El:
    """Mark the elements of ``tree`` that have one of ``classes`` (or one of ``ids``) as parts of
    ``moment``; the tree, for drawing.

    >>> from tabletop.ui.web.dom import h
    >>> tree = mark(h("div", h("button.lit", "A"), h("p#news", "B"), h("p.other")), "m1", {"lit"}, {"news"})
    >>> [c.attrs.get(MARK) for c in tree.children]
    ['m1', 'm1', None]
    """
    if classes & set(str(tree.attrs.get("class") or "").split()) or tree.attrs.get("id") in ids:
        tree.attrs[MARK] = moment
    for child in tree.children:
        if isinstance(child, El):
            mark(child, moment, classes, ids)
    return tree


def scroll_needed(top: float, bottom: float, height: float, margin: float = MARGIN) -> float:
    """How far to scroll down (negative: up) so the span ``top``..``bottom`` (in the screen's
    coordinates) lies inside a screen ``height`` tall: its bottom at the screen's bottom (the
    decision is the lowest part, the board it acts on above it), or its top at the screen's top
    when the span is taller than the screen; nothing when it is inside already.

    >>> scroll_needed(100, 500, 844), scroll_needed(604, 1196, 844), scroll_needed(-11, 581, 844)
    (0.0, 358.0, -257.0)
    >>> scroll_needed(200, 1300, 844)  # too tall: its top at the screen's top
    194.0
    """
    if top >= 0 and bottom <= height:
        return 0.0
    if bottom - top + 2 * margin > height:
        return float(top - margin)
    return float(bottom - height + margin)


def span_of(js: Any, el: Any) -> tuple[float, float] | None:
    """Where ``el`` lies on the screen (top, bottom); None when it is not drawn. A part pinned to the
    screen (``position: sticky``) counts where it sits in the page: at the end of its container,
    where it comes last (Tower Battle's hand on a phone), so nothing above it is left covered."""
    box = el.getBoundingClientRect()
    if float(box.height) <= 0:
        return None
    if str(js.window.getComputedStyle(el).position) == "sticky":
        end = float(el.parentElement.getBoundingClientRect().bottom)
        return end - float(box.height), end
    return float(box.top), float(box.bottom)


def bring_into_view() -> None:
    """After a render: scroll the marked parts into view if their moment is new (see the module);
    once the moment is over (the card played or put back), back to where the page was before it."""
    try:
        import js
    except ImportError:  # CPython: no page
        return
    if not _listening:
        from tabletop.ui.web.browser import on

        def note(_event: Any) -> None:
            _input_at[:] = [float(js.window.scrollY)]

        _listening.append(on(js.document, "pointerdown", note))
        _listening.append(on(js.document, "keydown", note))
    marked = list(js.document.querySelectorAll(f"[{MARK}]"))
    if not marked:
        back = _moment.get("from")
        same_page = str(_moment.get("key", "")).endswith(f"|{js.location.hash}")
        _moment.clear()
        if back is not None and same_page and back != float(js.window.scrollY):
            js.window.scrollTo(js.Object.fromEntries([["top", back], ["behavior", "instant"]]))
        return
    key = f"{marked[0].getAttribute(MARK)}|{js.location.hash}"
    if _moment.get("key") == key:
        return
    _moment["key"] = key
    # from where the page was when the person tapped (the control the render refocused may have scrolled it since)
    _moment.setdefault("from", _input_at[0] if _input_at else float(js.window.scrollY))
    spans = [span for span in (span_of(js, el) for el in marked) if span is not None]
    if not spans:
        return
    by = scroll_needed(min(top for top, _ in spans), max(bottom for _, bottom in spans), float(js.window.innerHeight))
    if by:
        js.window.scrollBy(js.Object.fromEntries([["top", by], ["behavior", "instant"]]))
