"""What a drawing may ask of the page while it draws, answered off the browser too.

Renderers and screens are tested under CPython, where there is no page: each question here has
the answer a page with nothing in it would give (no element, no media match, no stored setting).
"""

from __future__ import annotations

import json
from typing import Any


def _js() -> Any | None:
    try:
        import js
    except ImportError:  # CPython: no page
        return None
    return js


def element(ident: str) -> Any | None:
    """The page's element with id ``ident``, or None (JavaScript's null too)."""
    js = _js()
    if js is None:
        return None
    from pyodide.ffi import jsnull

    found = js.document.getElementById(ident)
    return None if found is None or found is jsnull else found


def focus(ident: str) -> None:
    """Move keyboard focus (and the scroll) to a control that has just appeared."""
    found = element(ident)
    if found is not None and hasattr(found, "focus"):
        found.focus()


def say(ident: str, text: str) -> None:
    """Put ``text`` in a status line (it may be gone by then)."""
    found = element(ident)
    if found is not None:
        found.textContent = text


def matches(media: str) -> bool:
    """Whether the page matches a CSS media query (``(max-width: 600px)``)."""
    js = _js()
    try:
        return bool(js is not None and js.window.matchMedia(media).matches)
    except Exception:  # a browser without matchMedia: the query does not hold
        return False


def stored_settings() -> dict[str, Any]:
    """The settings as stored (static/js/saves.js), read while drawing; empty when storage is off."""
    js = _js()
    try:
        raw = js.twSaves.read("tw:settings") if js is not None else None
        settings = json.loads(raw) if isinstance(raw, str) else {}
    except Exception:  # storage blocked or a foreign value: nothing stored
        return {}
    return settings if isinstance(settings, dict) else {}
