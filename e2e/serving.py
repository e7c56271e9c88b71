"""Serving a built site under a subpath on 127.0.0.1 and launching Debian's Chromium.

Shared by the e2e fixtures and the benchmark (e2e/bench.py).
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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
MIME_TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
              ".webmanifest": "application/manifest+json", ".zip": "application/zip", ".toml": "text/plain", ".json": "application/json"}


class SubpathHandler(http.server.SimpleHTTPRequestHandler):
    """Serves ``directory`` at ``SUBPATH`` only, as GitHub Pages serves /<repo>/."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def translate_path(self, path: str) -> str:
        if not path.startswith(SUBPATH):
            return "/nonexistent/"
        return super().translate_path("/" + path[len(SUBPATH):])

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        pass


class Site:
    """A threaded static server for one directory; ``url`` ends with the subpath."""

    def __init__(self, directory: Path, host: str = "127.0.0.1", port: int = 0):
        handler = functools.partial(SubpathHandler, directory=str(directory))
        self.server = http.server.ThreadingHTTPServer((host, port), handler)
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


def launch(playwright, **kwargs):
    chromium = os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    return playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True, **kwargs)
