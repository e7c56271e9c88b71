"""Entry point that PyScript runs: start the app (see tabletop.ui.app).

The performance marks let `build.py bench` split start-up into Pyodide's own boot
and the app's share (imports, first screen).
"""

import js

js.performance.mark("tw:python-start")
from pyodide.ffi import create_proxy  # noqa: E402

from tabletop.ui.app import start  # noqa: E402

js.performance.mark("tw:imported")


def begin(_kind: object = None) -> None:
    start()
    js.performance.mark("tw:rendered")


js.twSaves.ready.then(create_proxy(begin))  # the saved games are read from disk first (static/js/saves.js)
