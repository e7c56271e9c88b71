"""Drawing one card: a face, a back, a back with its owner's corner peek, a king base.

A card face shows its rank and suit symbol in two corners (whichever edge stays
visible in an overlapping tower), a large suit symbol, and the special role in
words, so colour is never the only signal.
"""

from __future__ import annotations

from typing import Any

from tabletop.ui.web.dom import El, h
from tabletop.ui.web.motion import key as key  # the renderer reads it from here (C.key)
from tabletop.ui.web.motion import last_move

SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
NOUNS = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}
RED_SUITS = frozenset("HD")
ROLES = {"A": "Assassin", "Q": "Diplomat", "J": "Knave", "10": "TNT", "K": "Base"}


def parts(code: str) -> tuple[str, str]:
    """'10H' -> ('10', 'H')."""
    return code[:-1], code[-1]


def label(code: str) -> str:
    """'10H' -> '10♥'."""
    rank, suit = parts(code)
    return rank + SYMBOLS[suit]


def role(code: str) -> str | None:
    """'Assassin', 'Diplomat', 'Knave', 'TNT', 'Base' or None for an army card 2-7."""
    return ROLES.get(parts(code)[0])


def words(code: str) -> str:
    """A card for a screen reader or a button: '5♥', 'A♥ Assassin'."""
    r = role(code)
    return f"{label(code)} {r}" if r else label(code)


def suit_class(suit: str) -> str:
    return "tb-red" if suit in RED_SUITS else "tb-black"


def face(code: str, extra: str = "", aria: str | None = None, attrs: dict[str, Any] | None = None) -> El:
    """A face-up card."""
    rank, suit = parts(code)
    r = role(code)
    sym = SYMBOLS[suit]
    return h(
        f"div.tb-card.tb-face.{suit_class(suit)}{extra}",
        {"role": "img", "aria-label": aria or words(code), "data-card": code, **(attrs or {})},
        h("span.tb-idx.tb-idx-top", {"aria-hidden": "true"}, rank, h("span.tb-sym", sym)),
        h("span.tb-pip", {"aria-hidden": "true"}, sym),
        h("span.tb-role", {"aria-hidden": "true"}, r) if r else None,
        h("span.tb-idx.tb-idx-bottom", {"aria-hidden": "true"}, rank, h("span.tb-sym", sym)),
    )


def back(extra: str = "", aria: str = "a face-down card", content: El | str | None = None, attrs: dict[str, Any] | None = None) -> El:
    """A card back (what the other player sees of a face-down card)."""
    return h(f"div.tb-card.tb-back{extra}", {"role": "img", "aria-label": aria, **(attrs or {})}, content)


def peek(code: str, extra: str = "", aria: str | None = None, attrs: dict[str, Any] | None = None) -> El:
    """The owner's own face-down card: a back with the card's corner turned up for them alone."""
    rank, suit = parts(code)
    chip = [rank, h("span.tb-sym", SYMBOLS[suit])]
    r = role(code)
    return h(
        f"div.tb-card.tb-back.tb-peek{extra}",
        {"role": "img", "aria-label": aria or f"{words(code)}, face down (only you see it)", "data-card": code, **(attrs or {})},
        h(f"span.tb-chip.tb-chip-top.{suit_class(suit)}", {"aria-hidden": "true"}, chip),
        h("span.tb-peek-note", {"aria-hidden": "true"}, r or "face down"),
        h(f"span.tb-chip.tb-chip-bottom.{suit_class(suit)}", {"aria-hidden": "true"}, list(chip)),
    )


def layer(card: dict[str, Any], extra: str = "", place: str | None = None, came_from: str | None = None) -> El:
    """One card of a tower as the view gives it: face up, the viewer's own face-down card, or a back.
    ``place`` (a tower and height) names a card for motion when its face is hidden, ``came_from`` where
    it was drawn before it was played (the other player's hand; motion.py)."""
    code = card["card"]
    mark = last_move(".tb-last" in extra)
    if code is None:
        return back(extra, attrs={**key("place", place, came_from=came_from, effect="arrive"), **mark} if place else None)
    moving = (
        {**key("card", code, came_from=came_from, state="up" if card["face_up"] or card.get("revealed") else "down", effect="flip"), **mark}
        if place
        else None
    )
    if card.get("revealed"):  # a finished game's bluff, turned up for everyone
        return face(code, extra + ".tb-revealed", aria=f"{words(code)}, was face down", attrs=moving)
    if card["face_up"]:
        return face(code, extra, aria=f"{words(code)}, face up", attrs=moving)
    return peek(code, extra, attrs=moving)


def mini(code: str) -> El:
    """A card in running text: its label with the suit symbol, coloured, never colour alone."""
    return h(f"span.tb-mini.{suit_class(parts(code)[1])}", label(code))
