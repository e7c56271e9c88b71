"""Entry point that PyScript runs: start the app (see tabletop.ui.app)."""

from tabletop.ui.app import start

start()
