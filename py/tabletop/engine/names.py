"""Player names as plain text: the one cleaning every name gets, wherever it comes from (the
new-game form, settings, a save file, a ``g1.`` link, a position code).

A name is shown inside sentences ("Ana wins", "Pass the device to Ana"), so it must not be able to
change the text around it: characters that steer the direction of text (U+202E turns "Ana wins"
into "Anasniw") and invisible ones (a name ending in U+200D looks exactly like "Ana") are removed.
Stacks of combining marks would draw over the lines above and below: two per letter are kept,
which every language's accents need. Runs of white space become one space, and a name is cut to
the form's limit.

>>> clean_name("  Ana\\u202e  Maria\\u200d ")
'Ana Maria'
>>> len(clean_name("x" + "\\u0301" * 30))
3
>>> len(clean_name("W" * 100))
40
"""

from __future__ import annotations

import re
import unicodedata

MAX_NAME_LENGTH = 40  # the new-game form's and the settings' maxlength
MAX_MARKS = 2  # combining marks kept in a row on one letter
BIDI_CONTROLS = "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u061c"
ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff"
_INVISIBLE = re.compile(f"[{BIDI_CONTROLS}{ZERO_WIDTH}]")


def is_mark(char: str) -> bool:
    """Whether ``char`` is a combining mark, which draws on the letter before it."""
    return unicodedata.category(char) in ("Mn", "Me")


def fewer_marks(text: str, most: int = MAX_MARKS) -> str:
    """``text`` with at most ``most`` combining marks in a row (the rest of a stack dropped)."""
    out, run = [], 0
    for char in text:
        run = run + 1 if is_mark(char) else 0
        if run <= most:
            out.append(char)
    return "".join(out)


def clean_name(name: str, limit: int = MAX_NAME_LENGTH) -> str:
    """``name`` as the app keeps and shows it: no direction controls or invisible characters, at
    most two combining marks in a row, single spaces, at most ``limit`` characters (may be "")."""
    text = unicodedata.normalize("NFC", fewer_marks(_INVISIBLE.sub("", name)))
    return " ".join(text.split())[:limit].rstrip()
