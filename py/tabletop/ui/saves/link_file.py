"""A game by link's link sent as a small text file, for links too long for a chat message: the
file's name and text, and the link read back from a chosen file. Browser-free (the panel and
Home do the downloading and reading, ``ui/web/browser.py``).

>>> code_from_link_text("  https://example.org/towers/#/open/l1.eNpLTQ\\n")
'l1.eNpLTQ'
>>> code_from_link_text("#/open/l1.eNpLTQ"), code_from_link_text("l1.eNpLTQ")
('l1.eNpLTQ', 'l1.eNpLTQ')
>>> code_from_link_text("a shopping list")
Traceback (most recent call last):
...
tabletop.ui.saves.link_file.NotALink: it holds no link of a game by link
"""

from __future__ import annotations

from tabletop.ui.saves.storage import oversized_file

LONG_LINK_CHARS = 2000  # longer than this, some chat apps cut the message: the file comes first
MAX_LINK_FILE_BYTES = 512 * 1024  # refused unread beyond this (a link is at most tens of KB)
LINK_PREFIX = "l1."  # a move of a game by link (tabletop/link/codes.py's PREFIX; a test checks they agree)
ROUTE = "#/open/"
CODE_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.")  # base64url, and the prefix's dot
SAFE_NAME = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")


class NotALink(ValueError):
    """A chosen file that holds no link: the message says why, for a player."""


def is_long(url: str) -> bool:
    return len(url) > LONG_LINK_CHARS


def link_file_name(game_id: str, number: int) -> str:
    """``towers-and-worlds-war-of-the-worlds-link-3.txt``: only lower-case letters, digits and dashes."""
    kind = "".join(c for c in game_id.lower() if c in SAFE_NAME).strip("-")[:40] or "game"
    return f"towers-and-worlds-{kind}-link-{max(0, int(number))}.txt"


def link_file_text(url: str) -> str:
    return url + "\n"


def too_large(size: int) -> str | None:
    """Why a file of ``size`` bytes is refused before it is read, or None."""
    error = oversized_file(size, MAX_LINK_FILE_BYTES, "a link")
    return None if error is None else str(error)


def code_from_link_text(text: str) -> str:
    """The code (``l1.…``) a link file holds: the whole address, its ``#/open/l1.…`` part or the
    bare code, with any blank space around it (a link broken over lines is joined again). Raises
    NotALink for anything else; the code itself is checked where every link is (``take_link``)."""
    if len(text) > MAX_LINK_FILE_BYTES:
        raise NotALink(str(oversized_file(len(text), MAX_LINK_FILE_BYTES, "a link")))
    text = text.lstrip("\ufeff")  # a byte-order mark some editors write
    if not text.strip():
        raise NotALink("it is empty")
    joined = "".join(text.split())
    if not joined.isascii() or not joined.isprintable():  # another kind of file: a picture, a document
        raise NotALink("it holds no link of a game by link")
    head, found, code = joined.partition(ROUTE)
    if not found:
        head, code = "", joined
    if head and not head.lower().startswith(("https://", "http://")):
        raise NotALink("it holds no link of a game by link")
    if not code.startswith(LINK_PREFIX) or len(code) == len(LINK_PREFIX) or not set(code) <= CODE_CHARS:
        raise NotALink("it holds no link of a game by link")
    return code
