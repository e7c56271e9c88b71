"""The cross-engine smoke: the built site in WebKit (WebKitGTK, the iPad's engine) and Firefox, beside
the Chromium e2e suite. `python3 build.py test` runs it after the Chromium tests; alone:

    PYTHONPATH=py .venv/bin/python e2e/engines/smoke.py [--engine webkit|firefox] [--dist DIR]

In each engine, at 768x1024 (an iPad held upright): boot; every game started by the new-game form
against the computer and two turns played by clicks; a hot-seat hand-over at 820x1180 and 1180x820
(the move, the mover's moment, the curtain, the next person's hand) and face to face; no sideways scrolling on the way; save, reload
and resume each game; offline (the local server stopped) reload and play on; a boot with the start-up
snapshot missing (the normal boot); console errors collected throughout. A step an engine cannot do
here is skipped and said. Exit status 1 when any step fails (the app not booting fails at once).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
import traceback
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from drivers import ENGINES, EngineMissing  # noqa: E402

from serving import ROOT, Site  # noqa: E402

BOOT_TIMEOUT_S = 240  # a loaded 2-core machine boots WebKit's fallback path slowly
VIEWPORT = (768, 1024)
TABLET_SIZES = ((820, 1180), (1180, 820))  # an iPad Air upright, then lying flat
SHOTS = ROOT / "e2e" / "screenshots"
SEED = 20261125


def game_ids() -> list[str]:
    sys.path.insert(0, str(ROOT / "py"))
    from tabletop.games import GAMES

    return list(GAMES)


# ---------------------------------------------------------------- what the smoke asks of the page

READY = "return document.documentElement.dataset.appReady === '1'"
BOOT_STATE = """const root = document.documentElement;
return {ready: root.dataset.appReady === '1', python: root.dataset.pythonStart || null,
        step: (document.getElementById('boot-step') || {}).textContent || null,
        crash: root.hasAttribute('data-trouble') ? String(window.twTroubleDetails ? window.twTroubleDetails() : 'the error screen').slice(-900)
               : [...document.querySelectorAll('.py-error')].map((e) => e.textContent.trim().slice(-600)).join(' / ') || null}"""
SIDEWAYS = """const root = document.documentElement;
return {scroll: root.scrollWidth, width: root.clientWidth,
        wide: [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > root.clientWidth + 1
                && getComputedStyle(e).position !== 'fixed').slice(0, 3).map((e) => e.tagName.toLowerCase() + '.' + e.className)}"""
TABLE = """const table = document.querySelector('[data-screen=table]');
const visible = (e) => e.getClientRects().length > 0 && !e.disabled && !e.closest('[hidden], [inert]');
return {table: !!table, moves: table ? Number(table.dataset.moves) : -1, end: !!document.querySelector('[data-end]'),
        thinking: !!document.querySelector('.turn-banner.thinking'), curtain: !!document.querySelector('#curtain-go'),
        moment: !!document.querySelector('#pass-on'),
        mine: [...document.querySelectorAll('[data-move], [data-step]')].some(visible)}"""
# The element to click: a visible [data-move] control, else the first step of a two-step choice.
NEXT_CONTROL = """const visible = (e) => e.getClientRects().length > 0 && !e.disabled && !e.closest('[hidden], [inert]');
const pick = [...document.querySelectorAll('[data-move]')].find(visible) || [...document.querySelectorAll('[data-step]')].find(visible);
if (pick) pick.scrollIntoView({block: 'center'});
return pick || null;"""
BY_SELECTOR = "const e = document.querySelector(arguments[0]); if (e) e.scrollIntoView({block: 'center'}); return e;"
CHOOSE = """const select = document.querySelector(arguments[0]);
select.value = arguments[1];
select.dispatchEvent(new Event('change', {bubbles: true}));
return select.value === arguments[1];"""
FILL = """const input = document.querySelector(arguments[0]);
input.value = arguments[1];
input.dispatchEvent(new Event('input', {bubbles: true}));
return true;"""
# How far each Tower Battle seat's strip is turned on the screen (its and its ancestors' transforms)
SEAT_TURNS = """return [...document.querySelectorAll('.tb-seat')].map((seat) => {
  let turn = 0;
  for (let e = seat; e; e = e.parentElement) {
    const t = getComputedStyle(e).transform;
    if (t && t !== 'none') { const [a, b] = t.slice(7, -1).split(',').map(Number); turn += Math.atan2(b, a) * 180 / Math.PI; }
  }
  return Math.abs(((Math.round(turn) % 360) + 360) % 360);
});"""
WORKER_READY = """if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return false;
const names = (await caches.keys()).filter((n) => n.startsWith('towers-and-worlds'));
return names.length === 1 && (await (await caches.open(names[0])).keys()).length > 10;"""
MARKS = "return Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)]))"


class StepFailed(AssertionError):
    pass


class Skip(Exception):
    """This engine cannot do the step here: said in the output, not failed."""


def check(condition, message: str) -> None:
    if not condition:
        raise StepFailed(message)


def boot(driver, url: str | None, expect_python: str | None = None) -> dict:
    """Open ``url`` (None: reload) and wait for the app; fails clearly when it never becomes ready."""
    driver.goto(url) if url else driver.reload()
    deadline = time.monotonic() + BOOT_TIMEOUT_S
    state: dict = {}
    while time.monotonic() < deadline:
        state = driver.js(BOOT_STATE) or {}
        if state.get("ready") or state.get("crash"):
            break
        time.sleep(0.2)
    if not state.get("ready"):
        errors = "; ".join(driver.console_errors()) or "none collected"
        waited = "Python stopped with an error" if state.get("crash") else f"not ready within {BOOT_TIMEOUT_S} s"
        raise StepFailed(
            f"the app did not boot in {driver.name}: {waited} (progress line: {state.get('step')!r}; "
            f"error shown: {state.get('crash')!r}; console errors: {errors})"
        )
    if expect_python:
        check(state.get("python") == expect_python, f"Python started by {state.get('python')!r}, expected {expect_python!r}")
    return state


def hash_route(driver, fragment: str, ready_selector: str) -> None:
    driver.js("location.hash = arguments[0]; return true", fragment)
    driver.wait(f"return !!document.querySelector({ready_selector!r})", timeout=30)


def no_sideways_scroll(driver, where: str) -> None:
    found = driver.js(SIDEWAYS)
    check(found["scroll"] <= found["width"], f"{where} scrolls sideways at {found['width']} px: {found}")


def table_state(driver) -> dict:
    return driver.js(TABLE)


def settle(driver, timeout: float = 90) -> dict:
    """Until the person has something to do (or the game ended), tapping through curtains and moments."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = table_state(driver)
        if state["curtain"]:
            driver.click(BY_SELECTOR, "#curtain-go")
        elif state["moment"]:
            driver.click(BY_SELECTOR, "#pass-on")
        elif state["end"] or (state["mine"] and not state["thinking"]):
            return state
        time.sleep(0.15)
    raise StepFailed(f"the table never came back to the person: {table_state(driver)}")


def play_a_turn(driver) -> None:
    """One move of the person's, by clicks (a first step, then the move, where the game asks for two)."""
    before = settle(driver)
    check(not before["end"], "the game ended before two turns")
    driver.click(NEXT_CONTROL)
    driver.wait(
        "return Number(document.querySelector('[data-screen=table]').dataset.moves) > arguments[0] || "
        "[...document.querySelectorAll('[data-move]')].some((e) => e.getClientRects().length && !e.disabled)",
        before["moves"],
        timeout=20,
    )
    if table_state(driver)["moves"] == before["moves"]:  # the first of two steps: now the move itself
        driver.click(NEXT_CONTROL)
    driver.wait("return Number(document.querySelector('[data-screen=table]').dataset.moves) > arguments[0]", before["moves"], timeout=20)


def start_against_the_computer(driver, game: str) -> None:
    hash_route(driver, f"#/new/{game}", "[data-screen=new-game]")
    no_sideways_scroll(driver, f"the new-game form of {game}")
    check(driver.js(CHOOSE, "#seat-kind-1", "easy"), "the second seat could not be given to the computer")
    driver.js(FILL, "#game-seed", str(SEED))
    driver.click(BY_SELECTOR, "#start-game")
    driver.wait("return !!document.querySelector('[data-screen=table]')", timeout=30)


# ---------------------------------------------------------------- the steps


class Smoke:
    def __init__(self, driver, site: Site, dist: Path):
        self.driver, self.site, self.dist = driver, site, dist
        self.games = game_ids()
        self.moves: dict[str, int] = {}
        self.addresses: dict[str, str] = {}  # each game's own address (#/play/GAME/ID), to resume that one
        self.expected_errors = 0

    def step_boot(self) -> str:
        self.driver.set_viewport(*VIEWPORT)
        state = boot(self.driver, self.site.url, expect_python="snapshot")
        width = self.driver.js("return innerWidth")
        check(width == VIEWPORT[0], f"the page is {width} px wide, not {VIEWPORT[0]}")
        no_sideways_scroll(self.driver, "home")
        marks = self.driver.js(MARKS)
        return (
            f"ready in {self.driver.js('return document.documentElement.dataset.readyMs')} ms from the {state['python']}, "
            f"snapshot-restored -> python-start {marks.get('tw:python-start', 0) - marks.get('tw:snapshot-restored', 0)} ms"
        )

    def step_play(self) -> str:
        said = []
        for game in self.games:
            start_against_the_computer(self.driver, game)
            for _ in range(2):
                play_a_turn(self.driver)
            state = settle(self.driver)  # the computer has answered the second turn
            no_sideways_scroll(self.driver, f"the table of {game}")
            check(state["moves"] >= 3 or state["end"], f"{game}: only {state['moves']} moves after two turns each")
            self.moves[game] = state["moves"]
            self.addresses[game] = self.driver.js("return location.hash")
            if game == self.games[0]:
                self.driver.screenshot(shot(self.driver, f"{game}-table"))
            said.append(f"{game} {state['moves']} moves")
        return ", ".join(said)

    def step_tablet(self) -> str:
        """A hot-seat hand-over at both tablet sizes: a move, the mover's moment, the curtain, the next hand."""
        said = []
        for width, height in TABLET_SIZES:
            self.driver.set_viewport(width, height)
            hash_route(self.driver, "#/new/tower-battle", "[data-screen=new-game]")
            check(self.driver.js(CHOOSE, "#seat-kind-1", "human"), "the second seat could not be given to a person")
            self.driver.js(FILL, "#game-seed", str(SEED))
            self.driver.click(BY_SELECTOR, "#start-game")
            self.driver.wait("return !!document.querySelector('[data-screen=table]')", timeout=30)
            play_a_turn(self.driver)  # the first person's (settle taps their curtain first)
            self.driver.wait("return !!document.querySelector('#pass-on, #curtain-go')", timeout=20)
            if table_state(self.driver)["moment"]:
                self.driver.click(BY_SELECTOR, "#pass-on")
            self.driver.wait("return !!document.querySelector('#curtain-go')", timeout=20)
            no_sideways_scroll(self.driver, f"the curtain at {width}x{height}")
            name = self.driver.js("return document.querySelector('.curtain-name').textContent")
            self.driver.js(SEEN_POINTER)
            given = self.driver.tap(BY_SELECTOR, "#curtain-go")  # the next person takes the device: a finger where the driver has one
            self.driver.wait(
                "return !document.querySelector('#curtain-go') && document.querySelector('.table-main').textContent.includes(arguments[0])",
                name,
                timeout=20,
            )
            check(table_state(self.driver)["mine"], f"{name} has nothing to do after the hand-over at {width}x{height}")
            no_sideways_scroll(self.driver, f"{name}'s table at {width}x{height}")
            self.driver.screenshot(shot(self.driver, f"hand-over-{width}x{height}"))
            seen = self.driver.js("return window.__twPointer")  # WebKitGTK's driver takes touch actions, and the page sees a mouse
            said.append(f"{width}x{height} (the curtain lifted by a {given} action the page saw as {seen or 'no pointer'})")
        said.append(self.face_to_face())
        self.driver.set_viewport(*VIEWPORT)
        return "a hot-seat hand-over in Tower Battle at " + " and ".join(said[:-1]) + "; " + said[-1]

    def face_to_face(self) -> str:
        """Face to face at the table (1180x820): the far seat's side turned half round, the near one not."""
        self.driver.click(BY_SELECTOR, "#table-face-to-face")
        self.driver.wait("return document.documentElement.hasAttribute('data-face-to-face')", timeout=20)
        turns = self.driver.js(SEAT_TURNS)
        no_sideways_scroll(self.driver, "the face-to-face table")
        self.driver.screenshot(shot(self.driver, "face-to-face-1180x820"))
        self.driver.click(BY_SELECTOR, "#table-face-to-face")
        self.driver.wait("return !document.documentElement.hasAttribute('data-face-to-face')", timeout=20)
        check(sorted(turns) == [0, 180], f"face to face, the two seats' sides are turned {turns}, not 0 and 180 degrees")
        return "face to face: the far seat's side turned half round"

    def resume_every_game(self) -> None:
        for game, moves in self.moves.items():
            hash_route(self.driver, "#/", ".saved-item")
            self.driver.click(BY_SELECTOR, f".saved-item a[href='{self.addresses[game]}']")
            self.driver.wait("return !!document.querySelector('[data-screen=table]')", timeout=30)
            found = table_state(self.driver)["moves"]
            check(found == moves, f"{game} resumed at move {found}, saved at {moves}")

    def step_save_reload_resume(self) -> str:
        check(self.moves, "no game was played")
        hash_route(self.driver, "#/", ".saved-item")
        listed = self.driver.js("return document.querySelectorAll('.saved-item').length")
        check(listed >= len(self.moves), f"home lists {listed} saved games, {len(self.moves)} were played")
        boot(self.driver, None)
        self.resume_every_game()
        return f"{len(self.moves)} games resumed at their moves after a reload"

    def step_offline(self) -> str:
        if not self.driver.js("return 'serviceWorker' in navigator"):
            raise Skip(f"{self.driver.name} offers no service worker here")
        self.driver.wait(WORKER_READY, timeout=180, every=0.5)
        self.site.__exit__(None, None, None)  # the server is gone: every request the worker does not answer fails
        self.site = None
        state = boot(self.driver, None)
        self.resume_every_game()
        game = self.games[-1]
        play_a_turn(self.driver)
        return f"local server stopped; booted from the {state['python']} out of the worker's cache, resumed {len(self.moves)} games and played {game} on"

    def step_no_snapshot(self) -> str:
        before = len(self.driver.console_errors())
        with without_snapshot(self.dist) as site:
            boot(self.driver, site.url, expect_python="boot")
            start_against_the_computer(self.driver, self.games[-1])
            play_a_turn(self.driver)
        self.expected_errors += len(self.driver.console_errors()) - before  # the worker cannot precache a missing file
        return "a site without the snapshot file booted the normal way and took a move"

    def step_console(self) -> str:
        errors = self.driver.console_errors()
        unexpected = [e for e in errors if "snapshot" not in e and "precache" not in e]
        check(not unexpected, f"console errors in {self.driver.name}: {unexpected}")
        return (
            f"no console errors ({self.driver.console}; {len(errors)} from the snapshot-missing site, as expected)"
            if errors
            else f"no console errors ({self.driver.console})"
        )


def shot(driver, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS / f"engine-{driver.name}-{name}.png"


@contextmanager
def without_snapshot(dist: Path):
    """A copy of ``dist`` (links, not bytes) without the start-up snapshot, served on its own origin."""
    with tempfile.TemporaryDirectory(prefix="tw-nosnap-") as tmp:
        copy = Path(tmp) / "dist"
        shutil.copytree(
            dist,
            copy,
            copy_function=os.link if same_device(dist, Path(tmp)) else shutil.copy2,
            ignore=shutil.ignore_patterns("snapshot-*.bin.*"),
        )
        with Site(copy) as site:
            yield site


def same_device(a: Path, b: Path) -> bool:
    return a.stat().st_dev == b.stat().st_dev


STEPS = [
    ("boot", "step_boot"),
    ("two turns of every game vs the computer", "step_play"),
    ("a hand-over at two tablet sizes", "step_tablet"),
    ("save, reload, resume", "step_save_reload_resume"),
    ("offline reload", "step_offline"),
    ("snapshot missing", "step_no_snapshot"),
    ("console errors", "step_console"),
]


def run_engine(name: str, dist: Path) -> dict[str, int]:
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    started = time.monotonic()
    try:
        driver = ENGINES[name]()
    except EngineMissing as why:
        print(f"[{name}] FAILED to start: {why} (python3 build.py test installs it)", flush=True)
        counts["failed"] += 1
        return counts
    site = Site(dist).__enter__()
    smoke = None
    try:
        print(f"[{name}] {driver.name} {driver.version}, {VIEWPORT[0]}x{VIEWPORT[1]}", flush=True)
        smoke = Smoke(driver, site, dist)
        for title, method in STEPS:
            t0 = time.monotonic()
            try:
                said = getattr(smoke, method)()
            except Skip as why:
                counts["skipped"] += 1
                print(f"[{name}] SKIP {title}: {why}", flush=True)
                continue
            except Exception as error:  # noqa: BLE001 - every failure is reported, then the engine stops
                counts["failed"] += 1
                print(f"[{name}] FAIL {title} ({time.monotonic() - t0:.1f} s): {error}", flush=True)
                if not isinstance(error, StepFailed):
                    traceback.print_exc()
                try:
                    driver.screenshot(shot(driver, "failed"))
                    print(f"[{name}]      screenshot: {shot(driver, 'failed').relative_to(ROOT)}", flush=True)
                except Exception:  # noqa: BLE001 - the browser may be gone
                    pass
                break  # later steps build on this one
            counts["passed"] += 1
            print(f"[{name}] ok   {title} ({time.monotonic() - t0:.1f} s): {said}", flush=True)
    finally:
        site = smoke.site if smoke else site
        if site is not None:
            site.__exit__(None, None, None)
        driver.close()
    print(f"[{name}] {time.monotonic() - started:.0f} s", flush=True)
    return counts


SEEN_POINTER = """window.__twPointer = null;
document.addEventListener('pointerdown', (e) => { window.__twPointer = e.pointerType; }, {capture: true, once: true});"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", action="append", choices=sorted(ENGINES), help="only this engine (repeatable); default both")
    parser.add_argument("--dist", type=Path, default=Path(os.environ.get("TW_DIST") or ROOT / "dist"))
    args = parser.parse_args(argv)
    if not (args.dist / "index.html").exists():
        print(f"{args.dist} is not built: run `python3 build.py build`", file=sys.stderr)
        return 1
    started = time.monotonic()
    total = {"passed": 0, "failed": 0, "skipped": 0}
    for name in args.engine or ["webkit", "firefox"]:
        for key, value in run_engine(name, args.dist.resolve()).items():
            total[key] += value
    print(
        f"engines smoke ({time.monotonic() - started:.0f} s): {total['passed']} passed, {total['failed']} failed, "
        f"{total['skipped']} skipped",
        flush=True,
    )
    return 1 if total["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
