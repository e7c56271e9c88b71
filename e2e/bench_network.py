"""The start-up as a visitor meets it: over one throttled link, as GitHub Pages serves the site.

    python3 build.py bench --network [--loads N] [--profiles broadband,4g]

``dist/`` is served the way Pages serves it: text, JavaScript, JSON, wasm and SVG gzip-encoded on
the wire; .zip, .gz and other binary files as they are (Pages compresses by type, and
application/zip, application/gzip and application/octet-stream are not among the types it
compresses); ``Cache-Control: max-age=600`` with Last-Modified, as Pages sends. Every response,
the service worker's included, crosses ONE link of fixed bandwidth (a token bucket shared by all
connections in this server: per-page CDP throttling would miss the worker) and waits one extra
round trip. Two profiles (PROFILES): broadband, and a phone on 4G with the page's CPU 4x slower
(CDP; the service worker's thread is not slowed).

Per profile, with loads alternating so drift in the machine's load hits all alike: the app's first
visit (empty caches: ready, bytes until ready, bytes until the offline cache is full), the bare
PyScript page's first visit, and the wiki path (a frame on another origin shows
embed/<game>.html; the reader points at Play, presses it, and a board is ready in the frame).
Prints one JSON object per profile, then one JSON line with all of them and the wall time.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import json
import os
import statistics
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from serving import MIME_TYPES, ROOT, SUBPATH, launch

PROFILES = {
    "broadband": {"mbit_s": 20, "rtt_ms": 40, "cpu": 1},
    "4g": {"mbit_s": 9, "rtt_ms": 170, "cpu": 4},
}
# What Pages gzips on the wire (by Content-Type); everything else goes as it is.
COMPRESSED_TYPES = ("text/", "application/javascript", "application/json", "application/wasm", "application/manifest+json", "image/svg+xml")
CHUNK = 16 * 1024
WIKI_GAME = "tower-war"


class Link:
    """One link of ``rate`` bytes per second shared by every response: each chunk waits its turn
    (first come, first served, chunk by chunk, so parallel responses share the bandwidth)."""

    def __init__(self, mbit_s: float, rtt_ms: float):
        self.rate = mbit_s * 1e6 / 8
        self.rtt = rtt_ms / 1000
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.bytes_sent = 0
        self.cancelled = 0
        self.sent: list[str] = []  # the path of every full (200) response, for files fetched twice

    def send(self, out, data: bytes) -> None:
        for i in range(0, len(data), CHUNK):
            chunk = data[i : i + CHUNK]
            with self.lock:
                start = max(time.monotonic(), self.free_at)
                self.free_at = start + len(chunk) / self.rate
                done = self.free_at
                self.bytes_sent += len(chunk)
            time.sleep(max(0.0, done - time.monotonic()))
            try:
                out.write(chunk)
            except OSError:  # the browser went away (cancelled, or a closed context): the rest is not sent
                with self.lock:
                    self.bytes_sent -= len(chunk)
                    self.cancelled += 1
                return


@functools.lru_cache(maxsize=256)
def encoded(path: str, mtime: float) -> bytes:
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


class PagesHandler(http.server.SimpleHTTPRequestHandler):
    """A file under ``SUBPATH`` as Pages sends it, through ``link`` after one round trip."""

    protocol_version = "HTTP/1.1"
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
        ".gz": "application/gzip",
        ".bin": "application/octet-stream",
    }
    link: Link
    roots: dict[str, Path]

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        time.sleep(self.link.rtt)
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        mount = next((m for m in sorted(self.roots, key=len, reverse=True) if path.startswith(m)), None)
        file = (self.roots[mount] / path[len(mount) :]) if mount else None
        if file is not None and file.is_dir():
            file = file / "index.html"
        if file is None or not file.is_file():
            self.reply(404, b"not found", "text/plain", None)
            return
        stat = file.stat()
        last_modified = self.date_time_string(int(stat.st_mtime))
        if self.headers.get("If-Modified-Since") == last_modified:
            self.reply(304, b"", None, last_modified)
            return
        ctype = self.guess_type(str(file))
        body = file.read_bytes()
        gz = ctype.startswith(COMPRESSED_TYPES) and "gzip" in self.headers.get("Accept-Encoding", "")
        self.link.sent.append(path)
        self.reply(200, encoded(str(file), stat.st_mtime) if gz else body, ctype, last_modified, gz)

    def reply(self, code: int, body: bytes, ctype: str | None, last_modified: str | None, gz: bool = False) -> None:
        self.send_response(code)
        if ctype:
            self.send_header("Content-Type", ctype)
        if gz:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        if last_modified:
            self.send_header("Last-Modified", last_modified)
        self.send_header("Cache-Control", "max-age=600")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.link.send(self.wfile, body)

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        pass


@contextmanager
def pages_site(roots: dict[str, Path], profile: dict):
    """``roots`` (subpath -> folder) served as Pages would, through one link of ``profile``."""
    link = Link(profile["mbit_s"], profile["rtt_ms"])
    handler = type("Handler", (PagesHandler,), {"link": link, "roots": roots})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", link
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def bare_root(dist: Path):
    """bare.html beside the built runtime (it is not deployed), for e2e/bench.py too: the same
    vendored PyScript and Pyodide, but Pyodide's wasm as npm ships it, not as build.py trims it."""
    with tempfile.TemporaryDirectory(prefix="tw-bare-") as tmp:
        root = Path(tmp)
        (root / "static" / "js").mkdir(parents=True)
        (root / "bare.html").write_bytes((ROOT / "bare.html").read_bytes())
        (root / "static" / "js" / "boot.js").write_bytes((dist / "static" / "js" / "boot.js").read_bytes())
        for folder in (dist / "vendor").iterdir():
            (root / "vendor" / folder.name).mkdir(parents=True)
            for path in folder.iterdir():
                shipped = ROOT / "node_modules" / "pyodide" / path.name if path.name == "pyodide.asm.wasm" else path
                (root / "vendor" / folder.name / path.name).symlink_to(shipped)
        yield root


def throttled_page(context, cpu: float):
    page = context.new_page()
    if cpu > 1:
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    return page


def ready_ms(page_or_frame) -> int:
    page_or_frame.wait_for_selector("html[data-ready-ms]", state="attached", timeout=300_000)
    return int(page_or_frame.get_attribute("html", "data-ready-ms"))


def worker_filled(page) -> bool:
    return page.evaluate("""async () => {
        if (!navigator.serviceWorker.controller) return false;
        const names = (await caches.keys()).filter(n => n.startsWith('towers-and-worlds'));
        return names.length === 1 && (await (await caches.open(names[0])).keys()).length > 10;
    }""")


def app_first_visit(browser, origin: str, link: Link, cpu: float) -> dict:
    """Empty caches: ready (ms from navigation), bytes until ready, bytes until the offline cache is full."""
    context = browser.new_context(service_workers="allow")
    page = throttled_page(context, cpu)
    link.bytes_sent, link.sent = 0, []
    page.goto(origin + SUBPATH, timeout=300_000)
    ready = ready_ms(page)
    at_ready = link.bytes_sent
    deadline = time.monotonic() + 300
    while not worker_filled(page) and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    out = {
        "ready_ms": ready,
        "bytes_at_ready": at_ready,
        "bytes": link.bytes_sent,
        "python": page.get_attribute("html", "data-python-start"),
        "fetched_twice": twice(link.sent),
    }
    context.close()
    return out


def twice(paths: list[str]) -> list[str]:
    """Files sent whole more than once in one visit (the page's and the service worker's fetches)."""
    return sorted({p for p in paths if paths.count(p) > 1})


def bare_first_visit(browser, origin: str, link: Link, cpu: float) -> dict:
    context = browser.new_context(service_workers="block")
    page = throttled_page(context, cpu)
    link.bytes_sent = 0
    page.goto(origin + "/bare/bare.html", timeout=300_000)
    ready = ready_ms(page)
    page.wait_for_timeout(500)  # anything still on the wire
    out = {"ready_ms": ready, "bytes": link.bytes_sent}
    context.close()
    return out


WIKI_PAGE = """<!doctype html><meta charset="utf-8"><title>A wiki page</title>
<p>Some words of the wiki above the game.</p>
<iframe id="game" src="{src}" width="640" height="480" style="border:0"></iframe>"""


def wiki_visit(browser, origin: str, wiki_origin: str, link: Link, cpu: float) -> dict:
    """A wiki reader: the preview in a frame, a pointer on Play, Play pressed, a board in the frame."""
    context = browser.new_context(service_workers="allow")
    page = throttled_page(context, cpu)
    link.bytes_sent, link.sent = 0, []
    started = time.monotonic()
    page.goto(f"{wiki_origin}/wiki.html?src={origin}{SUBPATH}embed/{WIKI_GAME}.html", wait_until="load", timeout=300_000)
    preview_ms = round((time.monotonic() - started) * 1000)
    preview_bytes = link.bytes_sent
    frame = page.frames[1]
    page.wait_for_timeout(1000)  # the reader reads the preview: a page view alone must fetch nothing more
    idle_bytes = link.bytes_sent - preview_bytes
    play = frame.locator("#embed-play")
    pressed = time.monotonic()
    play.hover()
    page.wait_for_timeout(300)  # from the pointer on Play to the press
    play.click()
    frame.wait_for_url("**play=1**", timeout=60_000)
    frame.wait_for_selector("html[data-app-ready='1'] [data-screen='table']", state="attached", timeout=300_000)
    board_ms = round((time.monotonic() - pressed) * 1000)
    out = {
        "preview_ms": preview_ms,
        "preview_bytes": preview_bytes,
        "bytes_while_reading": idle_bytes,
        "play_to_board_ms": board_ms,
        "bytes": link.bytes_sent,
        "fetched_twice": twice(link.sent),
    }
    context.close()
    return out


def median(values) -> float | None:
    values = [v for v in values if v is not None]
    return round(statistics.median(values)) if values else None


def run_profile(browser, dist: Path, name: str, profile: dict, loads: int, wiki_origin: str) -> dict:
    with bare_root(dist) as bare, pages_site({SUBPATH: dist, "/bare/": bare}, profile) as (origin, link):
        runs: dict[str, list[dict]] = {"app": [], "bare": [], "wiki": []}
        for i in range(loads):
            runs["app"].append(app_first_visit(browser, origin, link, profile["cpu"]))
            runs["bare"].append(bare_first_visit(browser, origin, link, profile["cpu"]))
            runs["wiki"].append(wiki_visit(browser, origin, wiki_origin, link, profile["cpu"]))
            print(f"[{name}] load {i + 1}: " + json.dumps({k: v[-1] for k, v in runs.items()}), flush=True)
    app, bare = median(r["ready_ms"] for r in runs["app"]), median(r["ready_ms"] for r in runs["bare"])
    wiki = median(r["play_to_board_ms"] for r in runs["wiki"])
    return {
        "profile": name,
        **profile,
        "app_ready_ms": app,
        "bare_ready_ms": bare,
        "ratio": round(app / bare, 3),
        "app_bytes": median(r["bytes"] for r in runs["app"]),
        "app_bytes_at_ready": median(r["bytes_at_ready"] for r in runs["app"]),
        "bare_bytes": median(r["bytes"] for r in runs["bare"]),
        "wiki_preview_ms": median(r["preview_ms"] for r in runs["wiki"]),
        "wiki_preview_bytes": median(r["preview_bytes"] for r in runs["wiki"]),
        "wiki_bytes_while_reading": median(r["bytes_while_reading"] for r in runs["wiki"]),
        "wiki_play_to_board_ms": wiki,
        "wiki_ratio": round(wiki / bare, 3),
        "wiki_bytes": median(r["bytes"] for r in runs["wiki"]),
        "python": sorted({r["python"] for r in runs["app"]}),
        "app_fetched_twice": sorted({p for r in runs["app"] for p in r["fetched_twice"]}),
        "wiki_fetched_twice": sorted({p for r in runs["wiki"] for p in r["fetched_twice"]}),
        "loads": loads,
    }


class WikiHandler(http.server.BaseHTTPRequestHandler):
    """wiki.html?src=URL: a page of another origin framing URL, as a wiki does (not throttled: not ours)."""

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        body = WIKI_PAGE.format(src=self.path.partition("?src=")[2]).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        pass


@contextmanager
def wiki_host():
    server = http.server.ThreadingHTTPServer(("localhost", 0), WikiHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://localhost:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def main(loads: int, profiles: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    dist = Path(os.environ.get("TW_DIST") or ROOT / "dist")
    load_before = os.getloadavg()
    results = {}
    with wiki_host() as wiki, sync_playwright() as p:
        browser = launch(p)
        for name in profiles:
            results[name] = run_profile(browser, dist, name, PROFILES[name], loads, wiki)
            print(json.dumps(results[name]), flush=True)
        browser.close()
    print(
        json.dumps(
            {
                "network": results,
                "wall_s": round(time.monotonic() - started),
                "load_average": [round(x, 2) for x in load_before] + [round(os.getloadavg()[0], 2)],
            }
        ),
        flush=True,
    )
    return 0
