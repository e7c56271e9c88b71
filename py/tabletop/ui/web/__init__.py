"""Everything that touches the browser: the only package (with ``tabletop.main``) that imports
``js`` or ``pyodide``. The element tree and its mounting (``dom``), browser APIs (``browser``),
focus, motion, tips, keyboard groups, long work in slices (``thinking``), the saved-games store's
news, and Tower War's live aim and sway, which follow a finger frame by frame."""
