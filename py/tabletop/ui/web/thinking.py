"""Long work on the page's main thread, in slices that hand the page back in between.

The computer's search (``tabletop.ai.search.Thinking``) and the balance lab's
batches both offer ``advance(seconds) -> done``. ``Sliced`` calls it for at most
``SLICE_SECONDS`` at a time and schedules the next slice with ``setTimeout``
(through one ``create_proxy`` kept for the whole job), so taps, scrolling and
repaints are served between slices and no task runs much past the slice length.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy

SLICE_SECONDS = 0.030
"""Work per slice: one search unit may run past it by a few milliseconds."""


class Sliced:
    """Runs ``job.advance`` slice by slice until it reports done, then calls ``finished(job)``.

    ``cancel()`` stops it between slices (the table was left, or a new game started).
    """

    def __init__(
        self, job: Any, finished: Callable[[Any], None], slice_seconds: float = SLICE_SECONDS, progress: Callable[[Any], None] | None = None
    ):
        self.job = job
        self.finished = finished
        self.progress = progress
        self.slice_seconds = slice_seconds
        self.cancelled = False
        self.running = False
        self.started = 0.0
        self.slices = 0
        self.longest_ms = 0.0
        self._proxy = None
        self.page_start = self.page_end = 0.0  # performance.now() of the first and last slice

    def start(self) -> Sliced:
        self.started = time.perf_counter()
        self.page_start = float(js.performance.now())
        self.running = True
        self._proxy = create_proxy(self._slice)
        self._schedule()
        return self

    def cancel(self) -> None:
        self.cancelled = True
        self._release()

    def _schedule(self) -> None:
        js.setTimeout(self._proxy, 0)

    def _slice(self, *_args: Any) -> None:
        if self.cancelled:
            return
        begin = time.perf_counter()
        try:
            done = self.job.advance(self.slice_seconds)
        except Exception:
            self._release()
            raise
        self.slices += 1
        self.longest_ms = max(self.longest_ms, 1000 * (time.perf_counter() - begin))
        if done:
            self.page_end = float(js.performance.now())
            self._release()
            self.finished(self.job)
            return
        if self.progress is not None:
            self.progress(self.job)
        if not self.cancelled:
            self._schedule()

    def _release(self) -> None:
        self.running = False
        if self._proxy is not None:
            proxy, self._proxy = self._proxy, None
            proxy.destroy()

    @property
    def elapsed_ms(self) -> float:
        return 1000 * (time.perf_counter() - self.started)


def record(job: Any, sliced: Sliced) -> None:
    """Leave the last computer decision's timings on <html> (data-think-*) and in
    ``window.twThinkLog`` for end-to-end tests and curious players."""
    root = js.document.documentElement
    entry = {
        "ms": round(sliced.elapsed_ms),
        "slices": sliced.slices,
        "longest_slice_ms": round(sliced.longest_ms, 1),
        "iterations": getattr(job, "iterations", 0),
        "capped": bool(getattr(job, "capped", False)),
        "start": sliced.page_start,
        "end": sliced.page_end,
    }
    root.setAttribute("data-think-ms", str(entry["ms"]))
    root.setAttribute("data-think-slices", str(entry["slices"]))
    if not hasattr(js.window, "twThinkLog"):
        js.window.twThinkLog = js.Array.new()
    js.window.twThinkLog.push(json.dumps(entry))


def think_benchmark(game_id: str, level: str, decisions: int = 12, seed: int = 1) -> str:
    """JSON think-time figures measured in this page (see ``tabletop.sim.timing``)."""
    from tabletop.sim.timing import think_times

    return json.dumps(think_times(str(game_id), str(level), int(decisions), int(seed)))


def expose() -> None:
    """``window.twThink(game, level, decisions)`` for the benchmark (``build.py bench``)."""
    js.window.twThink = create_proxy(think_benchmark)
