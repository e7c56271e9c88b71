"""Serving a built site under a subpath on 127.0.0.1 and launching Debian's Chromium.

Shared by the e2e fixtures and the benchmark (e2e/bench.py).
"""

from __future__ import annotations

import functools
import http.server
import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from make.serve import MIME_TYPES  # noqa: E402  (the types the dev server sends, as Pages does)

SUBPATH = "/towers-and-worlds/"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# Playwright (1.65) starts Chromium with --disable-features=<its list>, ThirdPartyStoragePartitioning among
# them; Chromium 156 then refuses a cross-site frame its storage outright (a Playwright context blocks
# third-party cookies, and unpartitioned third-party storage with them). Browsers as shipped partition
# it instead: the frame's storage works, kept under the top site. Chromium honours the last
# --disable-features given, so launch(partitioned=True) passes Playwright's list again without that one.
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
)
PARTITIONED_STORAGE = "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES)


class SubpathHandler(http.server.SimpleHTTPRequestHandler):
    """Serves each directory of ``mounts`` (subpath -> directory) at its subpath only, as GitHub Pages
    serves every project site of one owner at /<repo>/ on one origin; a missing file under a subpath
    gets that site's 404.html with status 404, as Pages does."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    mounts: dict[str, Path] = {}

    def mount_of(self, path: str) -> str | None:
        return next((m for m in sorted(self.mounts, key=len, reverse=True) if path.startswith(m)), None)

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        mount = self.mount_of(path)
        if mount is None:
            return "/nonexistent/"
        self.directory = str(self.mounts[mount])
        return super().translate_path("/" + path[len(mount) :])

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        mount = self.mount_of(self.path)
        page = self.mounts[mount] / "404.html" if mount else None
        if code != 404 or page is None or not page.exists():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        pass


class Site:
    """A threaded static server for one directory at ``SUBPATH`` (``url`` ends with it); more
    sites may share its origin under other subpaths (``also``: subpath -> directory)."""

    def __init__(self, directory: Path, host: str = "127.0.0.1", port: int = 0, also: dict[str, Path] | None = None):
        mounts = {SUBPATH: Path(directory), **{k: Path(v) for k, v in (also or {}).items()}}
        handler = type("Handler", (SubpathHandler,), {"mounts": mounts})
        self.server = http.server.ThreadingHTTPServer((host, port), functools.partial(handler, directory=str(directory)))
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.directory = directory

    @property
    def origin(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def url(self) -> str:
        return self.origin + SUBPATH

    def __enter__(self) -> Site:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()


def launch(playwright, partitioned: bool = True, **kwargs):
    """Chromium as browsers ship it: a cross-site frame's storage partitioned under the top site
    (``partitioned=False``: Playwright's own start, where such a frame's storage is refused)."""
    chromium = os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    args = CHROMIUM_ARGS + ([PARTITIONED_STORAGE] if partitioned else [])
    return playwright.chromium.launch(executable_path=chromium, args=args, headless=True, **kwargs)
