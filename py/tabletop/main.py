"""Entry point that PyScript runs: start the app (see tabletop.ui.shell.app).

The performance marks let `build.py bench` split start-up into Pyodide's own boot
and the app's share (imports, first screen).
"""

import js

js.performance.mark("tw:python-start")
from tabletop.ui.shell.app import start  # noqa: E402

js.performance.mark("tw:imported")
await js.twSaves.ready  # type: ignore[top-level-await]  # noqa: F704 -- the saved games read from disk first (static/js/saves.js)
start()
js.performance.mark("tw:rendered")
