"""The unsteady hand on screen: the aim, the trembling ghost, the release.

While a piece is held, one requestAnimationFrame loop (a single proxy made once)
moves the ghost to ``hand.landing(target, A, phases, hold_ms)`` - the engine's own
pure function, so the ghost is drawn exactly where a release now would land. The
loop touches a handful of attributes by id and stops by itself when the ghost is
no longer on the page.

Before the release the engine says what a landing exactly on the aim would do
(``games/tower_war/exact_drop.py``): the words under the card, the outline at the aim
(``data-stands``) and the pyramids it would overlap (``data-overlap``), redrawn whenever the
aim moves; the tremor is then the only uncertainty.

The grip's clock starts at the first press (on the card, an arrow key, Space, or Let go), not
at the pick-up: a player may read and look first. Until then the hand rests: the ghost sits
where a release at once would land and the grip stays full.

Input: pointerdown picks the target (and captures the pointer), moving adjusts it,
pointerup releases with ``hold_ms`` = time since the first press;
a mouse also aims by hovering. Keyboard: arrows move the aim (Shift: 5 mm), Space or
Enter releases; the "Drop here" button does the same and always carries the move
JSON of a release now (kept current every frame). The hand cannot hold on forever:
at the view's ``hold_ms_max`` the piece is let go where it is aimed (a pick-up
commits you: the rules page, ``games/tower_war/guide.py``, "Adding a piece").

The grip survives a reload: on the first press and every ``GRIP_KEEP_EVERY_MS`` while held (and
when the page is hidden or the table left) the time held so far goes to the save through
``ctx.keep_grip``; a table drawn again at the same drop resumes from ``ctx.grip_ms``, so the sway
and the countdown carry on where they were, and a grip already spent lets go at once.

A key or click meant for the hand but arriving after it let go is never read as another action.
When the grip runs out, for ``LATE_PRESS_MS`` a Space, Enter or a click on a move is eaten before
the table sees it (with every repeat of that key until it is released), the page says so, and the focus
goes to the words saying the grip gave out (``grip_gave_out``), not to a control that plays a move.
When Space or Enter lets go, that key's repeats and its release are eaten (they would land on
whatever the table shows next); the next press is the player's own, however quick.

Everything here that needs the browser imports ``js`` lazily, so the tree-building
code stays testable under CPython.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

from tabletop.games.tower_war.exact_drop import ExactDrop, exact_drop_from_view, tower_from_view
from tabletop.games.tower_war.hand import is_calm, landing, tremor
from tabletop.games.tower_war.tower import Tower
from tabletop.ui.render import TableContext

GHOST_ID = "twar-ghost"
AIM_ID = "twar-aim"
TOP_ID = "twar-top"
DROP_ID = "twar-drop"
GRIP_ID = "twar-grip-fill"
GRIP_TEXT_ID = "twar-grip-text"
STEADY_ID = "twar-steady-fill"
AIM_TEXT_ID = "twar-aim-text"
RELEASE_ID = "twar-release"
CALM_ID = "twar-calm-light"
EXACT_ID = "twar-exact"  # under the card (phones)
EXACT_WIDE_ID = "twar-exact-wide"  # beside the card (wider screens)
GRIP_ALERT_ID = "twar-grip-alert"
GRIP_WARN_MS = 3000  # the grip's last seconds are shown loud (and said once to a screen reader)
KEY_STEP_MM = 1.0
TAP_AFTER_DROP_MS = 700  # a browser's click follows the finger's lift within a frame or two
LATE_PRESS_MS = 700  # a Space meant as "let go" that comes this late after the hand let go by itself is still that
GRIP_KEEP_EVERY_MS = 1000  # how often the grip so far is stored while held
LATE_ID = "twar-late"  # in the grip-out words: what a late press did (nothing)
ACTIVATION_KEYS = {" ": "press of Space", "Spacebar": "press of Space", "Enter": "press of Enter"}
KEY_STEP_BIG_MM = 5.0


def now_ms() -> float:
    try:
        import js

        return float(js.performance.now())
    except Exception:  # CPython tests
        return time.perf_counter() * 1000.0


def clamp(v: float, lo: float, hi: float) -> float:
    return lo if v < lo else hi if v > hi else v


def ghost_at(held: dict[str, Any], target: tuple[float, float], hold_ms: int) -> tuple[float, float]:
    """Where the held piece lands if let go now (top card's frame, mm): the engine's formula."""
    return landing(target, held["amplitude_mm"], tuple(held["phases"]), int(hold_ms))


def default_target(view: dict[str, Any]) -> tuple[float, float]:
    """Where the aim starts: an adjusted pyramid's old spot, the tripod's centre for a
    card, else the card's centre."""
    held = view["held"]
    if held.get("from"):
        return (round(held["from"][0], 1), round(held["from"][1], 1))
    if held["piece"] == "card":
        tower = view["tower"]
        top = tower["levels"][-1]
        ox, oy = tower["top_card_origin"]
        ps = top["pyramids"]
        if ps:
            return (round(sum(p["x"] - ox for p in ps) / len(ps), 1), round(sum(p["y"] - oy for p in ps) / len(ps), 1))
    return (0.0, 0.0)


def drop_json(target: tuple[float, float], hold_ms: int) -> dict[str, Any]:
    return {"kind": "drop", "x": round(target[0], 1), "y": round(target[1], 1), "hold_ms": int(hold_ms)}


def grip_words(left_ms: int) -> str:
    """The grip's countdown, louder in its last seconds (``GRIP_WARN_MS``).

    >>> grip_words(7250), grip_words(2400)
    ('7.2 s of grip left', 'Let go within 2.4 s or the hand lets go for you')
    """
    if left_ms <= 0:
        return "The hand lets go now"
    if left_ms <= GRIP_WARN_MS:
        return f"Let go within {left_ms / 1000:.1f} s or the hand lets go for you"
    return f"{left_ms / 1000:.1f} s of grip left"


GRIP_WAITING = "Grip: starts at your first press"


def late_words(what: str) -> str:
    """Said when a press meant for the hand came after it let go.

    >>> late_words("press of Space")
    'That press of Space came just after the hand let go, so it did nothing.'
    """
    return f"That {what} came just after the hand let go, so it did nothing."


def grip_start(now: float, held_ms: int | None) -> float:
    """When the grip began on this page's clock: now, less the time a saved grip was already held
    (a reload resumes it; nothing saved: it begins at the first press, set then).

    >>> grip_start(50_000.0, 7_000), grip_start(50_000.0, None)
    (43000.0, 50000.0)
    """
    return now - (held_ms or 0)


def grip_due(hold: int, kept: int) -> bool:
    """Whether the grip so far is due to be stored again (every ``GRIP_KEEP_EVERY_MS`` while held).

    >>> grip_due(1999, 1000), grip_due(2000, 1000)
    (False, True)
    """
    return hold - kept >= GRIP_KEEP_EVERY_MS


def calm_words(calm: bool, started: bool = True) -> str:
    """What the Calm light says. It shows the hand as a release now would find it; before the first
    press the hand rests at its first moment, so a light reading "Shaking" would read it until the
    press, and a player waiting for it to change would wait for ever: it says to press and hold first.

    >>> calm_words(True), calm_words(False), calm_words(False, started=False)
    ('Calm: let go now', 'Shaking', 'Press and hold first')
    """
    if calm:
        return "Calm: let go now"
    return "Shaking" if started else "Press and hold first"


def aim_words(target: tuple[float, float]) -> str:
    x, y = target
    lr = "centre" if abs(x) < 0.05 else f"{abs(x):.0f} mm {'right' if x > 0 else 'left'}"
    ud = "centre" if abs(y) < 0.05 else f"{abs(y):.0f} mm {'up' if y > 0 else 'down'}"
    return f"Aim: {lr}, {ud} of the top card's centre"


class Aim:
    """The one live aiming controller (module singleton ``AIM``)."""

    def __init__(self) -> None:
        self.ctx: TableContext | None = None
        self.held: dict[str, Any] | None = None
        self.key = None
        self.target = (0.0, 0.0)
        self.t0 = 0.0
        self.pressed = False
        self.dropping = False
        self.running = False
        self.proxy = None
        self.frames = 0
        self.frame_ms = 0.0
        self.watching = False
        self.focused_key = None
        self.tap_guard = None  # the page-wide listener that eats the tap ending a touch drop
        self.eat_taps_until = 0.0
        self.eat_move_clicks_until = 0.0
        self.key_guard = None  # the page-wide listener that eats a Space or Enter meant for a hand already let go
        self.eat_keys_until = 0.0
        self.eaten_keys: set[str] = set()  # keys eaten and still down: their repeats and release are eaten too
        self.hide_proxy = None  # stores the grip when the page is hidden or left
        self.kept_ms = 0  # the grip last stored
        self.gave_out = False  # the last hold here ended by the grip running out (the focus goes to the words)
        self.view: dict[str, Any] | None = None
        self.tower: Tower | None = None  # the view's tower, read once per hold for the exact-drop answer
        self.started = False  # the grip's clock runs from the first press
        self.answer: tuple[tuple[float, float], ExactDrop] | None = None  # the last exact-drop answer and its aim

    # -- set up from a render -------------------------------------------------------------------
    def configure(self, ctx: TableContext, view: dict[str, Any], watch: bool = False) -> tuple[tuple[float, float], int]:
        """Called by every render of a drop; returns the target and the hold time to draw
        the first frame with. ``watch``: someone else (the computer) holds the piece: its
        hand is drawn shaking around where it would start to aim, and nothing here lets go."""
        held = view["held"]
        self.ctx, self.held, self.view = ctx, held, view
        self.watching = watch
        key = view["epoch"]
        ui = ctx.ui
        if "twar_t0" not in ui or ui.get("twar_key") != key:
            saved = None if watch else ctx.grip_ms  # a grip held before a reload goes on
            ui["twar_key"] = key
            ui["twar_t0"] = grip_start(now_ms(), saved)
            ui["twar_started"] = watch or saved is not None  # a person's clock waits for their first press; a computer's runs
            ui["twar_target"] = default_target(view)
            self.kept_ms = saved or 0
            self.gave_out = False
            self.pressed = False
            self.focused_key = None  # a new hold (epochs repeat across games): the aim takes the focus once
            self.tower = None
        if self.tower is None or self.key != key:
            self.tower = tower_from_view(view["tower"])
        self.key = key
        self.t0 = ui["twar_t0"]
        self.started = bool(ui.get("twar_started"))
        self.target = tuple(ui["twar_target"])
        self.dropping = False
        self.answer = None  # a new view: ask again
        return self.target, self.hold_now()

    def first_press(self) -> None:
        """The hand closes now: the grip's clock and the sway start from this moment."""
        if self.started or self.ctx is None:
            return
        self.started = True
        self.t0 = now_ms()
        self.ctx.ui["twar_started"] = True
        self.ctx.ui["twar_t0"] = self.t0
        self.keep_grip(0)

    def keep_grip(self, hold: int) -> None:
        """Store the grip so far (the save's ``grip``), so a reload resumes it: only a person's
        grip that has begun and is not yet let go."""
        ctx = self.ctx
        if ctx is None or ctx.keep_grip is None or self.held is None or self.watching or self.dropping or not self.started:
            return
        self.kept_ms = hold
        ctx.keep_grip(hold)

    def on_page_hidden(self, _event: Any) -> None:
        """The page is hidden, left or reloaded: store the grip as it is this moment, so a reload
        gains no time at all."""
        if self.held is not None and self.started:
            self.keep_grip(self.hold_now())

    def exact(self) -> ExactDrop | None:
        """The engine's answer for a landing exactly on the aim, or None when nothing is held; asked
        once per aim (a render reads it for the outline and both places its words are drawn)."""
        if self.view is None or self.held is None or self.watching:
            return None
        if self.answer is None or self.answer[0] != self.target:
            x, y = self.target
            self.answer = (self.target, exact_drop_from_view(self.view, x, y, self.tower))
        return self.answer[1]

    def hold_now(self, at: float | None = None) -> int:
        if not self.started:
            return 0
        t = (now_ms() if at is None else at) - self.t0
        return int(clamp(t, 0, self.held["hold_ms_max"] if self.held else 0))

    def start(self) -> None:
        """Start the frame loop (once; it stops when the ghost leaves the page)."""
        if self.running:
            return
        try:
            import js
            from pyodide.ffi import create_proxy
        except Exception:
            return
        if self.proxy is None:
            self.proxy = create_proxy(self.frame)
        if self.hide_proxy is None:
            self.hide_proxy = create_proxy(self.on_page_hidden)
            js.window.addEventListener("pagehide", self.hide_proxy)
            js.document.addEventListener("visibilitychange", self.hide_proxy)
        self.running = True
        js.requestAnimationFrame(self.proxy)

    # -- per frame ---------------------------------------------------------------------------------
    def frame(self, stamp: float) -> None:
        import js

        began = js.performance.now()
        doc = js.document
        ghost = doc.getElementById(GHOST_ID)
        if ghost is None or not hasattr(ghost, "setAttribute") or self.held is None:
            self.running = False
            self.on_page_hidden(None)  # the table was left mid-grip: what was held so far is kept
            return
        held = self.held
        hold = self.hold_now(stamp)
        if hold >= held["hold_ms_max"] and not self.dropping and not self.watching:
            self.running = False
            self.let_go_by_itself(held["hold_ms_max"])
            return
        if self.started and grip_due(hold, self.kept_ms):
            self.keep_grip(hold)
        self.paint(doc, ghost, held, hold)
        if not self.watching and self.focused_key != self.key:
            self.focused_key = self.key
            self.take_focus(doc)
            self.keep_in_view(doc)
        self.frames += 1
        self.frame_ms += float(js.performance.now()) - float(began)
        if self.frames % 30 == 0:
            doc.documentElement.setAttribute("data-twar-frame-ms", f"{self.frame_ms / self.frames:.3f}")
        js.requestAnimationFrame(self.proxy)

    def take_focus(self, doc: Any) -> None:
        """After a pick-up the focus (on the pick-up button, now gone) falls to the page: give it
        to the aiming card, without scrolling, so the arrow keys and Space work at once."""
        active = getattr(doc, "activeElement", None)
        moved_on = getattr(active, "id", "") == DROP_ID  # the table's focus put it on Let go, the first move it found
        if active is not None and getattr(active, "tagName", "BODY") not in ("BODY", "HTML") and not moved_on:
            return
        top = doc.getElementById(TOP_ID)
        if top is None or not hasattr(top, "focus"):
            return
        try:
            import js
            from pyodide.ffi import to_js

            top.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))
        except Exception:  # an old engine without focus options: no focus rather than a jump
            pass

    def keep_in_view(self, doc: Any) -> None:
        """After a size is tapped the page is redrawn for aiming: on a phone the aiming card could
        lie below the fold. Bring the whole aiming area (card, warning, release) into view once."""
        area = doc.getElementById(TOP_ID)
        if area is None or not hasattr(area, "getBoundingClientRect"):
            return
        try:
            import js
            from pyodide.ffi import to_js

            box = area.getBoundingClientRect()
            if box.top >= 0 and box.bottom <= float(js.window.innerHeight):
                return
            # the card's top a little below the screen's: the release bar right under it stays in view too
            js.window.scrollBy(to_js({"top": float(box.top) - 8, "behavior": "instant"}, dict_converter=js.Object.fromEntries))
        except Exception:  # an engine without scroll options: leave the page where it is
            pass

    def show_exact(self, doc: Any) -> None:
        """The engine's answer for the aim as it is now: the words, the outline at the aim, the overlapped bases."""
        answer = self.exact()
        if answer is None:
            return
        stands, said = ("1" if answer.stands else "0"), answer.words()
        for ident in (EXACT_ID, EXACT_WIDE_ID):
            words = doc.getElementById(ident)
            if words is not None and hasattr(words, "setAttribute") and words.textContent != said:
                words.textContent = said
                words.setAttribute("data-stands", stands)
        aim = doc.getElementById(AIM_ID)
        if aim is not None and hasattr(aim, "setAttribute"):
            aim.setAttribute("data-stands", stands)
        hit = {i for i, _ in answer.overlaps}
        for i in range(3):
            pyr = doc.getElementById(f"twar-top-pyr-{i}")
            if pyr is not None and hasattr(pyr, "setAttribute"):
                pyr.setAttribute("data-overlap", "1" if i in hit else "0")

    def paint(self, doc: Any, ghost: Any, held: dict[str, Any], hold: int) -> None:
        """Draw the ghost of ``held`` (the view's held piece) where the hand is after ``hold`` ms."""
        gx, gy = ghost_at(held, self.target, hold)
        ghost.setAttribute("transform", f"translate({gx:.2f} {-gy:.2f})")
        ghost.setAttribute("data-x", f"{gx:.3f}")
        ghost.setAttribute("data-y", f"{gy:.3f}")
        ghost.setAttribute("data-hold", str(hold))
        left = max(0, held["hold_ms_max"] - hold)
        fill = doc.getElementById(GRIP_ID)
        if fill is not None and hasattr(fill, "style"):
            fill.style.width = f"{100 * left / held['hold_ms_max']:.1f}%"
        text = doc.getElementById(GRIP_TEXT_ID)
        if text is not None and hasattr(text, "textContent"):
            text.textContent = grip_words(left) if self.started or self.watching else GRIP_WAITING
        self.warn(doc, left)
        phases = tuple(held["phases"])
        dx, dy = tremor(held["amplitude_mm"], phases, hold)
        calm = "1" if is_calm(phases, hold) else "0"
        ghost.setAttribute("data-calm", calm)
        steady = doc.getElementById(STEADY_ID)
        if steady is not None and hasattr(steady, "style"):
            off = math.hypot(dx, dy) / (held["amplitude_mm"] * math.sqrt(2))
            steady.style.width = f"{100 * off:.1f}%"
            steady.setAttribute("data-calm", calm)
        light = doc.getElementById(CALM_ID)
        said = calm_words(calm == "1", self.started or self.watching)
        if light is not None and hasattr(light, "setAttribute") and (light.getAttribute("data-calm") != calm or light.textContent != said):
            light.setAttribute("data-calm", calm)
            light.textContent = said
        button = doc.getElementById(DROP_ID)
        if button is not None and hasattr(button, "setAttribute"):
            button.setAttribute("data-move", json.dumps(drop_json(self.target, hold)))

    def warn(self, doc: Any, left: int) -> None:
        """The grip's last seconds: the release bar turns loud, and a screen reader hears it once."""
        bar = doc.getElementById(RELEASE_ID)
        if bar is None or not hasattr(bar, "setAttribute"):
            return
        low = "1" if left <= GRIP_WARN_MS else "0"
        if bar.getAttribute("data-low") != low:
            bar.setAttribute("data-low", low)
            alert = doc.getElementById(GRIP_ALERT_ID)
            if low == "1" and alert is not None and hasattr(alert, "textContent"):
                alert.textContent = f"{GRIP_WARN_MS // 1000} seconds of grip left."

    # -- input ---------------------------------------------------------------------------------------
    def point_mm(self, event: Any) -> tuple[float, float] | None:
        import js

        svg = js.document.getElementById(TOP_ID)
        if svg is None or not hasattr(svg, "getScreenCTM"):
            return None
        pt = svg.createSVGPoint()
        pt.x, pt.y = event.clientX, event.clientY
        p = pt.matrixTransform(svg.getScreenCTM().inverse())
        return (float(p.x), -float(p.y))

    def set_target(self, x: float, y: float, announce: bool = False, commit: bool = True) -> None:
        """Move the aim; a committed aim (pressed, dragged, keyed) is kept across renders
        and comes back when a hovering mouse leaves the card."""
        held = self.held
        if held is None:  # nothing in the hand: nothing to aim
            return
        bounds = held["target_bounds"]
        x = round(clamp(x, bounds["x"][0], bounds["x"][1]), 1)
        y = round(clamp(y, bounds["y"][0], bounds["y"][1]), 1)
        self.target = (x, y)
        if commit and self.ctx is not None:
            self.ctx.ui["twar_target"] = self.target
        try:
            import js
        except Exception:
            return
        doc = js.document
        aim = doc.getElementById(AIM_ID)
        if aim is not None and hasattr(aim, "setAttribute"):
            aim.setAttribute("transform", f"translate({x:.2f} {-y:.2f})")
            aim.setAttribute("data-x", f"{x:.1f}")
            aim.setAttribute("data-y", f"{y:.1f}")
        ghost = doc.getElementById(GHOST_ID)
        if ghost is not None and hasattr(ghost, "setAttribute"):
            self.paint(doc, ghost, held, self.hold_now())
        self.show_exact(doc)
        if announce:
            words = doc.getElementById(AIM_TEXT_ID)
            if words is not None and hasattr(words, "textContent"):
                words.textContent = aim_words(self.target)

    def on_pointerdown(self, event: Any) -> None:
        if self.held is None or (event.pointerType == "mouse" and event.button != 0):
            return
        p = self.point_mm(event)
        if p is None:
            return
        event.preventDefault()
        self.pressed = True
        self.first_press()
        try:
            import js

            js.document.getElementById(TOP_ID).setPointerCapture(event.pointerId)
        except Exception:
            pass
        self.set_target(*p)

    def on_pointermove(self, event: Any) -> None:
        if self.held is None or not (self.pressed or event.pointerType == "mouse"):
            return
        p = self.point_mm(event)
        if p is not None:
            self.set_target(*p, commit=self.pressed)  # a hovering mouse previews, a press commits

    def on_outside_move(self, _event: Any) -> None:
        """The pointer moved off the card (say, to the Let go button): back to the committed aim."""
        if self.held is None or self.pressed or self.ctx is None:
            return
        committed = tuple(self.ctx.ui.get("twar_target", self.target))
        if committed != self.target:
            self.set_target(*committed)

    def on_pointerup(self, event: Any) -> None:
        if not self.pressed:
            return
        self.pressed = False
        if event.pointerType == "touch":
            self.eat_the_tap_that_ends_a_touch()
        p = self.point_mm(event)
        if p is not None:
            self.set_target(*p)
        self.release()

    def eat_the_tap_that_ends_a_touch(self) -> None:
        """A finger lifted after a hold is also a tap: the browser sends a click at that point
        after the table has been redrawn for the drop, where a hand card may now sit. That click
        would play the card (it did, on a phone), so the next click within TAP_AFTER_DROP_MS
        is eaten before it reaches the table."""
        self.guard_clicks()
        self.eat_taps_until = now_ms() + TAP_AFTER_DROP_MS

    def guard_clicks(self) -> None:
        """The page-wide click listener that eats a click meant for a hand already let go (once)."""
        import js
        from pyodide.ffi import create_proxy

        if self.tap_guard is None:
            self.tap_guard = create_proxy(self.on_click_after_drop)
            js.document.addEventListener("click", self.tap_guard, True)  # capture: before the table sees it

    def on_click_after_drop(self, event: Any) -> None:
        """The tap ending a touch drop, whatever it lands on; after the grip ran out, a click on a
        control that plays a move (where "Let go here" was a moment ago a card may be now)."""
        now = now_ms()
        if now < self.eat_taps_until:
            self.eat_taps_until = 0.0
        elif now < self.eat_move_clicks_until and self.on_a_move(event):
            self.eat_move_clicks_until = 0.0
            self.say_late("tap" if str(getattr(event, "pointerType", "") or "") == "touch" else "click")
        else:
            return
        event.stopPropagation()
        event.preventDefault()

    @staticmethod
    def on_a_move(event: Any) -> bool:
        """Whether a click landed on a control that plays a move (JavaScript's null has no attributes)."""
        target: Any = getattr(event, "target", None)
        found = target.closest("[data-move]") if hasattr(target, "closest") else None
        return hasattr(found, "getAttribute")

    def on_pointercancel(self, _event: Any) -> None:
        self.pressed = False

    def on_keydown(self, event: Any) -> None:
        if self.held is None:
            return
        key = event.key
        step = KEY_STEP_BIG_MM if event.shiftKey else KEY_STEP_MM
        moves = {"ArrowLeft": (-step, 0), "ArrowRight": (step, 0), "ArrowUp": (0, step), "ArrowDown": (0, -step)}
        if key in moves:
            event.preventDefault()
            self.first_press()
            dx, dy = moves[key]
            self.set_target(self.target[0] + dx, self.target[1] + dy, announce=True)
        elif key in ACTIVATION_KEYS:
            event.preventDefault()
            self.eat_late_presses(held_key=key)  # its auto-repeats and its release land on whatever the table shows next
            self.release()

    def eat_late_presses(self, held_key: str | None = None) -> None:
        """Eat, before the table sees it, a press meant for the hand that has just let go, so it plays
        no card the focus or the pointer now happens to be on: ``held_key``, the key that let go, until
        it is released; without one (the grip ran out), any Space or Enter for ``LATE_PRESS_MS``."""
        import js
        from pyodide.ffi import create_proxy

        if self.key_guard is None:
            self.key_guard = create_proxy(self.on_key_after_drop)
            for kind in ("keydown", "keyup"):
                js.document.addEventListener(kind, self.key_guard, True)  # capture: before the table sees it
        if held_key is None:
            self.eat_keys_until = now_ms() + LATE_PRESS_MS
        else:
            self.eaten_keys.add(held_key)

    def on_key_after_drop(self, event: Any) -> None:
        key = str(event.key)
        if key not in ACTIVATION_KEYS:
            return
        if event.type == "keyup":
            if key not in self.eaten_keys:
                return
            self.eaten_keys.discard(key)
        elif key not in self.eaten_keys:
            if now_ms() >= self.eat_keys_until:
                return
            self.eaten_keys.add(key)
            self.say_late(ACTIVATION_KEYS[key])
        event.stopPropagation()
        event.preventDefault()

    def say_late(self, what: str) -> None:
        """What a late press did (nothing), in the words saying the grip gave out, when they are shown."""
        import js

        words = js.document.getElementById(LATE_ID)
        if words is not None and hasattr(words, "textContent"):
            words.textContent = " " + late_words(what)

    def on_drop_click(self, _event: Any) -> None:
        self.release()

    # -- the release -----------------------------------------------------------------------------------
    def let_go_by_itself(self, hold: int) -> None:
        """The grip ran out: the piece drops where it is aimed. A Space, Enter or click meant as
        "let go" may be on its way: it is eaten, not read as the next move (``eat_late_presses``)."""
        if self.dropping or self.watching or self.ctx is None or self.held is None:
            return
        self.gave_out = True
        self.eat_late_presses()
        self.guard_clicks()
        self.eat_move_clicks_until = now_ms() + LATE_PRESS_MS
        self.release(hold)

    def release(self, hold: int | None = None) -> None:
        if self.dropping or self.watching or self.ctx is None or self.held is None:
            return
        self.dropping = True
        hold = self.hold_now() if hold is None else hold
        ctx = self.ctx
        move = ctx.module.move_from_json(drop_json(self.target, hold))
        self.held = None
        ctx.play(move)


AIM = Aim()
