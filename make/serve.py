"""The dev server: dist/ on http://localhost:8000, with the types the page needs (wasm must be
application/wasm for the browser to compile it while it downloads) and nothing cached."""

from __future__ import annotations

import functools
import http.server
import os
from pathlib import Path

from make.common import DIST, log

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".zip": "application/zip",
    ".toml": "text/plain",
    ".svg": "image/svg+xml",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right types and `Cache-Control: no-cache`, so a rebuild shows at once;
    quiet when TW_QUIET_SERVER is set."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - stdlib's name
        if os.environ.get("TW_QUIET_SERVER"):
            return
        super().log_message(format, *args)


def serve(dist: Path = DIST, port: int = 8000, host: str = "localhost") -> None:
    handler = functools.partial(SiteHandler, directory=str(dist))
    with http.server.ThreadingHTTPServer((host, port), handler) as server:
        log(f"serving {dist} on http://{host}:{port}/  (Ctrl+C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
