"""Entry point that PyScript runs: start the app (see tabletop.ui.app).

The performance marks let `build.py bench` split start-up into Pyodide's own boot
and the app's share (imports, first screen). The package is imported from its archive
(zipimport): unpacking its files took WebKit longer than the rest of start-up after a restore.
"""

import os
import sys

import js

js.performance.mark("tw:python-start")
ARCHIVE = os.path.abspath("tabletop.zip")  # written by PyScript (pyscript.toml), imported from as it is
if ARCHIVE not in sys.path:  # a restored snapshot has it there already
    sys.path.insert(0, ARCHIVE)
from tabletop.ui.app import start  # noqa: E402

js.performance.mark("tw:imported")
start()
js.performance.mark("tw:rendered")
