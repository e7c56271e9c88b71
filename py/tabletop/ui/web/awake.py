"""The screen stays on while a game is at the table (the Screen Wake Lock, where the browser has it).

The browser lets go of the lock by itself whenever the page is hidden, so it is asked for again
when the page is back in view; the app lets go of it on any other screen and after
``AWAKE_IDLE_MS`` without a touch or a key (a game left on the table is not to drain the battery).
``keep_screen_on`` (ui/shell/device.py) decides; this only asks and lets go.
"""

from __future__ import annotations

import time
from typing import Any

import js
from pyodide.ffi import create_proxy

from tabletop.ui.shell.device import keep_screen_on
from tabletop.ui.web.browser import absent, on

CHECK_MS = 30_000  # how often an idle page is looked at


class Awake:
    def __init__(self) -> None:
        self.at_table = False
        self.lock: Any = None  # the WakeLockSentinel held, if any
        self.asking = False
        self.touched = time.monotonic()
        self.available = not absent(getattr(js.navigator, "wakeLock", None))
        if not self.available:
            return
        on(js.document, "visibilitychange", lambda _e: self.update())
        for event in ("pointerdown", "keydown"):
            on(js.document, event, lambda _e: self.touch())
        js.setInterval(create_proxy(lambda *_a: self.update()), CHECK_MS)

    def want(self, at_table: bool) -> None:
        """After every render: whether a game is at the table now."""
        self.at_table = at_table
        self.update()

    def touch(self) -> None:
        self.touched = time.monotonic()
        self.update()

    def update(self) -> None:
        if not self.available:
            return
        idle_ms = (time.monotonic() - self.touched) * 1000
        wanted = keep_screen_on(self.at_table, str(js.document.visibilityState) == "visible", idle_ms)
        if wanted and self.lock is None and not self.asking:
            self.asking = True
            js.navigator.wakeLock.request("screen").then(create_proxy(self._held), create_proxy(self._refused))
        elif not wanted and self.lock is not None:
            lock, self.lock = self.lock, None
            lock.release()

    def _held(self, lock: Any) -> None:
        self.asking = False
        self.lock = lock
        lock.addEventListener("release", create_proxy(lambda _e: self._released(lock)))
        self.update()  # the table may have gone while the browser answered

    def _released(self, lock: Any) -> None:
        if self.lock is lock:
            self.lock = None  # the browser let go (the page was hidden): asked for again when it is back

    def _refused(self, _reason: Any) -> None:
        self.asking = False  # e.g. low battery: the screen sleeps as the system says
