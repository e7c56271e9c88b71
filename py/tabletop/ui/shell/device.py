"""What the device and its browser are, as far as the screens need to know: read once at start
(ui/web/browser.py ``device``), a plain value here so screens stay browser-free and tests can draw
any device."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Device:
    apple: str | None = None  # "iPad" or "iPhone" in Safari: it clears a site's storage after 7 days unused
    standalone: bool = False  # started from the Home Screen (or as an installed app)
    full_screen: bool = False  # the page may ask to fill the screen (the Fullscreen API is on)

    @property
    def home_screen_helps(self) -> bool:
        """Safari on an iPad or iPhone, not started from the Home Screen: adding it there keeps the games."""
        return self.apple is not None and not self.standalone


AWAKE_IDLE_MS = 10 * 60 * 1000  # the screen may sleep after this long without a touch or a key


def keep_screen_on(at_table: bool, visible: bool, idle_ms: float) -> bool:
    """Whether to hold the screen on: a game at the table, the page in view, someone touched it lately.

    >>> keep_screen_on(True, True, 1000), keep_screen_on(False, True, 0), keep_screen_on(True, False, 0), keep_screen_on(True, True, AWAKE_IDLE_MS + 1)
    (True, False, False, False)
    """
    return at_table and visible and idle_ms <= AWAKE_IDLE_MS
