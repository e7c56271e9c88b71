#!/usr/bin/env python3
"""Build, serve, test and benchmark Towers & Worlds: the one entry for people and CI.

    python3 build.py serve   # install what is needed, build dist/, serve on http://localhost:8000
    python3 build.py test    # install test tools (.venv, Chromium), build, ruff, mypy, pytest tests (two workers), e2e,
                             # the cross-engine smoke (WebKit, Firefox), then tests again under Python 3.14 (Pyodide in Node)
    python3 build.py build   # only build dist/
    python3 build.py bench   # start-up of the app vs a bare PyScript page, per-move timings
    python3 build.py readings  # write docs/rules-edition.md from the games' guides

Only the standard library is used here, so it runs on a fresh machine with
Python 3.11+, Node/npm and git. The work itself is in make/, one module per job.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from make.benches import bench
from make.common import DIST
from make.readings import write_readings
from make.serve import serve
from make.site import build
from make.suite import test


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Towers & Worlds: build, serve, test, bench")
    parser.add_argument("command", choices=["build", "serve", "test", "bench", "readings"])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dist", type=Path, default=DIST, help="where to build (default dist/)")
    parser.add_argument(
        "--no-snapshot", dest="snapshot", action="store_false", help="ship no start-up snapshot: Python boots the usual way (slower)"
    )
    args, rest = parser.parse_known_args(argv)  # the rest goes to pytest / the benchmark
    dist = args.dist.resolve()
    if args.command == "build":
        build(dist, args.snapshot)
    elif args.command == "serve":
        build(dist, args.snapshot)
        serve(dist, port=args.port)
    elif args.command == "test":
        return test(rest, args.snapshot)
    elif args.command == "bench":
        return bench(rest, args.snapshot)
    elif args.command == "readings":
        write_readings()
    return 0


if __name__ == "__main__":
    sys.exit(main())
