"""One explanation per component, three ways: a tooltip for a mouse (``title``), an accessible
description for a screen reader (``aria-description``), and on a touch screen the same words
on a long press (tap and hold ``LONG_PRESS_MS``) in a bubble by the finger (the
table explains itself, as Board Game Arena's tooltips do).

``tip(words)`` gives the attributes; ``install()`` (idempotent, called by the renderers that
use tips) adds one page-wide listener for the long press. A long press never also taps: the
click that follows it is eaten, so holding a size button to read it does not pick it up.

Everything that needs the browser imports ``js`` lazily, so trees stay testable under CPython.
"""

from __future__ import annotations

from typing import Any

LONG_PRESS_MS = 500
MOVE_SLOP_PX = 10  # a finger that moves more than this is scrolling, not holding
BUBBLE_ID = "tip-bubble"


def tip(words: str) -> dict[str, str]:
    """The attributes that explain a component: tooltip, accessible description, long press."""
    return {"title": words, "aria-description": words, "data-tip": words}


def tip_shown(words: str) -> dict[str, str]:
    """A tooltip and the same words on a long press, for a component whose label or text already
    says them to a screen reader: nothing only a mouse can reveal."""
    return {"title": words, "data-tip": words}


class LongPress:
    """The page's one long-press listener (module singleton ``LONG_PRESS``)."""

    def __init__(self) -> None:
        self.installed = False
        self.timer: Any = None
        self.start: tuple[float, float] = (0.0, 0.0)
        self.target: Any = None
        self.shown = False
        self.proxies: list[Any] = []

    def install(self) -> None:
        if self.installed:
            return
        try:
            import js
            from pyodide.ffi import create_proxy
        except ImportError:  # CPython tests: nothing to listen to
            return
        doc = js.document
        if not hasattr(doc, "addEventListener"):  # a stand-in document (tests): nothing to listen to
            return
        self.installed = True
        for event, handler in (
            ("pointerdown", self.on_down),
            ("pointermove", self.on_move),
            ("pointerup", self.on_up),
            ("pointercancel", self.on_up),
            ("click", self.on_click),
            ("contextmenu", self.on_contextmenu),
        ):
            proxy = create_proxy(handler)
            self.proxies.append(proxy)
            doc.addEventListener(event, proxy, True)  # capture: before the table's own handlers

    def on_down(self, event: Any) -> None:
        self.hide()
        self.shown = False  # a new press: only the click ending a long press is eaten
        if getattr(event, "pointerType", "") != "touch":
            return
        target = event.target.closest("[data-tip]") if hasattr(event.target, "closest") else None
        if target is None or not hasattr(target, "getAttribute"):
            return
        import js
        from pyodide.ffi import create_proxy

        self.cancel()
        self.target = target
        self.start = (float(event.clientX), float(event.clientY))
        proxy = create_proxy(self.fire)
        self.proxies.append(proxy)
        self.timer = js.setTimeout(proxy, LONG_PRESS_MS)

    def on_move(self, event: Any) -> None:
        if self.timer is None:
            return
        dx, dy = float(event.clientX) - self.start[0], float(event.clientY) - self.start[1]
        if dx * dx + dy * dy > MOVE_SLOP_PX * MOVE_SLOP_PX:
            self.cancel()

    def on_up(self, _event: Any) -> None:
        self.cancel()

    def on_click(self, event: Any) -> None:
        """The tap that ends a long press is not a tap on the component."""
        if self.shown:
            self.shown = False
            event.stopPropagation()
            event.preventDefault()

    def on_contextmenu(self, event: Any) -> None:
        if self.shown or self.timer is not None:
            event.preventDefault()  # the phone's own long-press menu would cover the words

    def cancel(self) -> None:
        if self.timer is not None:
            import js

            js.clearTimeout(self.timer)
            self.timer = None

    def fire(self, *_args: Any) -> None:
        self.timer = None
        target = self.target
        if target is None or not target.isConnected:
            return
        self.show(target, str(target.getAttribute("data-tip") or ""))

    def show(self, target: Any, words: str) -> None:
        import js

        doc = js.document
        bubble = doc.getElementById(BUBBLE_ID)
        if bubble is None or not hasattr(bubble, "style"):  # None or the page's null: not made yet
            bubble = doc.createElement("div")
            bubble.id = BUBBLE_ID
            bubble.className = "tip-bubble"
            bubble.setAttribute("role", "tooltip")
            doc.body.appendChild(bubble)
        bubble.textContent = words
        box = target.getBoundingClientRect()
        width = float(js.window.innerWidth)
        left = max(8.0, min(float(box.left), width - 8.0 - min(320.0, width - 16.0)))
        below = float(box.bottom) + 8.0
        bubble.style.left = f"{left:.0f}px"
        bubble.style.top = f"{below:.0f}px"
        bubble.hidden = False
        self.shown = True

    def hide(self) -> None:
        try:
            import js
        except ImportError:
            return
        bubble = js.document.getElementById(BUBBLE_ID)
        if bubble is not None and hasattr(bubble, "style"):
            bubble.hidden = True


LONG_PRESS = LongPress()


def install() -> None:
    LONG_PRESS.install()
