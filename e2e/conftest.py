"""Fixtures: the built dist/ served under a subpath on 127.0.0.1, one Chromium, and one
booted page reused across tests (Pyodide takes seconds to start)."""

from __future__ import annotations

import functools
import http.server
import json
import os
import sys
import threading
import warnings
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).parent))
from serving import ROOT, Site, launch  # noqa: E402
from tabletop.engine.rng import Rng  # noqa: E402
from tabletop.engine.saves import VERSION as SAVE_VERSION  # noqa: E402
from tabletop.games import GAMES  # noqa: E402

SHOTS = ROOT / "e2e" / "screenshots"
READY = "html[data-app-ready='1']"
BOOT_TIMEOUT_MS = 90_000


@pytest.fixture(scope="session")
def site():
    dist = Path(os.environ.get("TW_DIST") or ROOT / "dist")
    if not (dist / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py test` (it builds first)")
    with Site(dist) as running:
        yield running


@pytest.fixture(scope="session")
def playwright_session():
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_session):
    """Chromium as shipped: a cross-site frame's storage works, partitioned under the top site."""
    chromium = launch(playwright_session)
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def blocking_browser(playwright_session):
    """Chromium as Playwright starts it: a cross-site frame's storage is refused (the blocked case)."""
    chromium = launch(playwright_session, partitioned=False)
    yield chromium
    chromium.close()


class Recorder:
    """Every request a context makes, to prove none leaves 127.0.0.1."""

    def __init__(self):
        self.urls: list[str] = []
        self.errors: list[str] = []

    def attach(self, page):
        page.on("request", lambda r: self.urls.append(r.url))
        page.on("pageerror", lambda e: self.errors.append(str(e)))


def boot(browser, site, path: str = "", viewport=(1024, 768), **context_args):
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, service_workers="block", **context_args)
    page = context.new_page()
    recorder = Recorder()
    recorder.attach(page)
    page.goto(site.url + path)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    return context, page, recorder


class SharedPage:
    """The one booted app page most tests share. Chromium has been seen to stop drawing a page that
    lived through ~1,500 tests (scripts still ran; clicks and screenshots waited for a frame that
    never came), so the page is booted afresh every RECYCLE_AFTER tests and whenever it draws no frame."""

    RECYCLE_AFTER = 120

    def __init__(self, browser, site):
        self.browser, self.site = browser, site
        self.uses = 0
        self.context, self.page, self.recorder = boot(browser, site)

    def ready(self):
        """The page, brought to the front and known to draw, booted afresh when due."""
        self.uses += 1
        stalled = not draws_a_frame(self.page)
        if stalled or self.uses > self.RECYCLE_AFTER:
            if stalled:
                warnings.warn(f"the shared page drew no frame after {self.uses - 1} tests; booted a fresh one", stacklevel=1)
            self.context.close()
            self.context, self.page, self.recorder = boot(self.browser, self.site)
            self.uses = 1
        return self.page

    def close(self):
        self.context.close()


def draws_a_frame(page, within_ms: int = 5000) -> bool:
    """Whether the page paints again (timers run in a page Chromium no longer draws; frames do not)."""
    page.bring_to_front()
    script = "ms => new Promise(done => { requestAnimationFrame(() => done(true)); setTimeout(() => done(false), ms); })"
    return bool(page.evaluate(script, within_ms))


@pytest.fixture(scope="session")
def booted(browser, site):
    """The shared app page (SharedPage), booted once and again only when it must be."""
    shared = SharedPage(browser, site)
    yield shared
    shared.close()


@pytest.fixture()
def app(booted, site):
    """The shared booted page, sent home with storage cleared and a clean viewport."""
    page = booted.ready()
    page.set_viewport_size({"width": 1024, "height": 768})
    page.evaluate("twSaves.clear()")
    goto(page, "#/settings")  # a real navigation, so last test's notices are gone
    goto(page, "#/")
    return page


def goto(page, fragment: str):
    page.evaluate("f => { location.hash = f === '#/' ? '#/' : f }", fragment)
    page.wait_for_function("f => location.hash === f || (f === '#/' && location.hash === '#/')", arg=fragment)
    page.wait_for_timeout(50)


def shot(page, name: str):
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def start_saved_game(
    page, game: str, seats: list, seed: int, options: dict | None = None, moves: list | None = None, save_id: str = "e2e"
) -> None:
    """Put a save record in storage and open it at the table (replaying ``moves``).

    ``seats`` are names (people) or dicts like {"name": "Bot", "kind": "computer", "level": "normal"}.
    """
    record = {
        "format": "towers-and-worlds-save",
        "version": SAVE_VERSION,
        "game": game,
        "options": options or {},
        "seats": [s if isinstance(s, dict) else {"name": s} for s in seats],
        "seed": seed,
        "moves": moves or [],
        "id": save_id,
        "saved_at": 1,
    }
    page.evaluate("([k, v]) => twSaves.write(k, v)", [f"tw:save:{save_id}", json.dumps(record)])
    goto(page, "#/")
    goto(page, f"#/play/{game}/{save_id}")
    page.locator("[data-screen='table']").wait_for(state="attached")  # a locator: no element handle pins the table


def play_any_move(page, or_until: str = "false") -> None:
    """Play some legal move by clicking the page: a [data-move] control, or a [data-step] first.

    Renderers mark controls that play a move at once with data-move (the move's JSON) and
    the first step of a two-step choice with data-step. Waits until the table has one more move,
    or ``or_until`` (a page expression) holds: a move that does not join the table at once.
    """
    before = moves_made(page)
    moves = page.locator("[data-move]:visible:not([disabled])")
    if moves.count() == 0:
        page.locator("[data-step]:visible:not([disabled])").first.click()
        moves = page.locator("[data-move]:visible:not([disabled])")
    moves.first.click()
    page.wait_for_function(f"n => Number(document.querySelector('[data-screen=table]').dataset.moves) > n || ({or_until})", arg=before)


def moves_made(page) -> int:
    """How many moves the game at the table has (the table screen's data-moves)."""
    return int(page.get_attribute("[data-screen='table']", "data-moves"))


def wait_until(page, expression: str, arg=None, timeout_ms: int = 60_000, every_ms: int = 100):
    """Poll an (async) page expression until it is truthy.

    Playwright's wait_for_function treats a returned Promise as truthy at once, so
    anything asynchronous (caches, service workers) is polled here instead.
    """
    waited = 0
    while waited <= timeout_ms:
        value = page.evaluate(expression, arg)
        if value:
            return value
        page.wait_for_timeout(every_ms)
        waited += every_ms
    raise TimeoutError(f"not true after {timeout_ms} ms: {expression[:80]}")


def pass_moment(page, tap: bool = False, expect: bool = False) -> bool:
    """Hot-seat: a move that hands the device to another person first shows the mover how it turned
    out (screens/moment.py); tap "Pass to NAME" so the curtain comes up. ``expect``: a hand-over is
    due, so wait for the moment or the curtain first. False when there was no moment."""
    if expect:
        page.wait_for_selector(".curtain, #pass-on")
    if page.locator("#pass-on").count() == 0:
        return False
    if tap:
        page.tap("#pass-on")
    else:
        page.click("#pass-on")
    page.wait_for_selector(".curtain")
    return True


@pytest.fixture()
def host(tmp_path):
    """Another origin, as a wiki is (localhost; the app is on 127.0.0.1): ``host(name, html)``
    writes a page and returns its address."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("localhost", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def page(name: str, html: str) -> str:
        (tmp_path / name).write_text(html)
        return f"http://localhost:{server.server_address[1]}/{name}"

    yield page
    server.shutdown()
    server.server_close()


def random_game(
    game: str, seed: int, stop=lambda state, moves: False, players: int = 2, options: dict | None = None, limit: int = 3000
) -> tuple[object, list[dict]]:
    """(state, moves as JSON) of a seeded random game (``Rng(seed)`` picks each legal move), up to the
    first state ``stop(state, moves so far)`` accepts, the game's end, or ``limit`` moves."""
    module = GAMES[game]
    rng = Rng(seed)
    state = module.new_game(players, options or {}, seed)
    moves: list[dict] = []
    for _ in range(limit):
        if stop(state, moves) or not module.legal_moves(state):
            break
        move = rng.choice(module.legal_moves(state))
        state = module.apply(state, move)
        moves.append(module.move_to_json(move))
    return state, moves
