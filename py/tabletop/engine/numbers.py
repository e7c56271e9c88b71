"""Whole numbers read from text that came from outside (an address, a form, a code), one way.

``str.isdigit`` is true of "²" and "５", which ``int`` then refuses or reads; ``int`` also takes
"+3", " 3" and "1_000", and spends quadratic time on thousands of digits. So a count is plain
ASCII digits, no longer than the largest value allowed (leading zeros included), checked before
``int`` runs.

>>> [parse_count(t, 1, 4) for t in ("3", "03", "²", "５", "+3", "-1", " 3", "9" * 5000, "5", "")]
[3, None, None, None, None, None, None, None, None, None]
"""

from __future__ import annotations

from typing import Any


def parse_count(text: Any, low: int, high: int) -> int | None:
    """``text`` as a whole number from ``low`` to ``high`` (both >= 0), or None if it is not one."""
    if not isinstance(text, str) or not text or len(text) > len(str(high)) or not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if low <= value <= high else None


def quoted(text: str, limit: int = 24) -> str:
    """What someone wrote, cut to ``limit`` characters for a one-line message (5,000 nines are not news)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
