"""Player names kept apart from the words around them: each name in a screen's text becomes a
``<bdi>`` element, so a name in a right-to-left script (or any name at all) cannot reorder the
sentence it sits in ("Ana wins", "Pass the device to Ana", "Tallest tower: Ana 10, Bob 6").

The status lines, logs and end reasons are English sentences with the names already in them
(ui/table/wording.py, the renderers): rather than build each with its names apart, a screen's whole
tree is read once before it is shown and every known name found in its text is put in a
``<bdi>``. A word that merely equals a name ("Red" beside a player called Red) is isolated too,
which changes nothing on screen. A text split around names stays one run (a ``<span>``). Text
that cannot hold elements (an ``<option>``, SVG) is left as it is: no name stands inside a
sentence there (an option of "who goes first" is a name alone).

Browser-free: trees in, trees out (``dom.El``).

>>> text_parts("Ana wins; Anabel waits", ["Ana", "Anabel"])
[<bdi {}>, ' wins; ', <bdi {}>, ' waits']
>>> from tabletop.ui.web.dom import text_of
>>> text_of(isolated(h("p", "Pass the device to Bob."), ["Bob"]))
'Pass the device to Bob.'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tabletop.ui.web.dom import El, h

NO_ELEMENTS_INSIDE = frozenset(("bdi", "option", "textarea", "title", "script", "style", "svg"))


def names_pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    """One pattern finding any of ``names`` standing as words (not "Ana" inside "Banana"), the
    longest first (so "Ana Maria" is one name, not "Ana" and more); None for no names."""
    unique = sorted({n for n in names if n and n.strip()}, key=len, reverse=True)
    if not unique:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in unique) + r")(?!\w)")


def text_parts(text: str, names: Iterable[str]) -> list[El | str]:
    """``text`` as strings and ``<bdi>`` elements, one for each name in it."""
    pattern = names_pattern(names)
    return [text] if pattern is None else split_names(text, pattern)


def split_names(text: str, pattern: re.Pattern[str]) -> list[El | str]:
    parts: list[El | str] = []
    at = 0
    for match in pattern.finditer(text):
        if match.start() > at:
            parts.append(text[at : match.start()])
        parts.append(h("bdi", match.group(0)))
        at = match.end()
    if at < len(text):
        parts.append(text[at:])
    return parts


def isolated(tree: El, names: Iterable[str]) -> El:
    """``tree`` with every one of ``names`` in its text isolated in a ``<bdi>`` (elements that
    need no change are the same objects)."""
    pattern = names_pattern(names)
    return tree if pattern is None else isolate_in(tree, pattern)


def one_run(parts: list[El | str]) -> El:
    """The pieces of one text as one element, as the text was one run: in a flex box (a button)
    each child is laid out apart, and "I am", the name and ": show my game" would stand side by side."""
    return parts[0] if len(parts) == 1 and isinstance(parts[0], El) else h("span", parts)


def isolate_in(node: El, pattern: re.Pattern[str]) -> El:
    if node.tag in NO_ELEMENTS_INSIDE:
        return node
    children: list[El | str] = []
    for child in node.children:
        if isinstance(child, str):
            children.append(one_run(split_names(child, pattern)) if pattern.search(child) else child)
        else:
            children.append(isolate_in(child, pattern))
    if len(children) == len(node.children) and all(a is b for a, b in zip(children, node.children)):
        return node
    return El(node.tag, node.attrs, children, node.events)
