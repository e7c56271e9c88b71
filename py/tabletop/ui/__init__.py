"""The browser side: router, screens, one renderer per game, hot-seat curtain, storage.

Only ``dom.py`` (DOM building) and ``browser.py`` (other browser APIs) import ``js``;
``session.py``, ``storage.py`` and ``router.py`` are plain Python and tested under CPython.
"""
