"""The browser side, by job: ``shell`` (the app's frame and routes), ``table`` (the game at the
table, browser-free), ``saves`` (the store, backups, files), ``embed`` (a game in a wiki's
frame), ``screens`` (one module per screen), ``render`` (one renderer per game), and ``web``,
the only package that imports ``js``."""
