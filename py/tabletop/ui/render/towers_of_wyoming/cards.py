"""Card faces and backs: rank and suit symbol in a four-colour deck (symbol always shown,
so colour is never the only sign of a suit)."""

from __future__ import annotations

from typing import Any

from tabletop.engine.cards import Card, rank_code
from tabletop.ui.web.dom import El, h
from tabletop.ui.web.motion import key

SUIT_CLASS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def face(code: str, extra: str = "", tag: str = "span", attrs: dict[str, Any] | None = None) -> El:
    """A face-up card: rank and symbol in the corner, a big symbol in the middle."""
    card = Card.parse(code)
    suit = card.known_suit  # Towers of Wyoming has no jokers
    rank = rank_code(card.rank)
    return h(
        f"{tag}.tow-face.tow-{SUIT_CLASS[suit.value]}{extra}",
        {"aria-hidden": "true", **(attrs or {})},
        h("span.tow-index", f"{rank}\n{suit.symbol}"),
        h("span.tow-big", suit.symbol),
    )


def back(extra: str = "") -> El:
    return h(f"span.tow-back{extra}", {"aria-hidden": "true"})


def fan_card(code: str, top: bool) -> El:
    """One card of a tower: the ones below show a strip with their index, the top one its face."""
    card = Card.parse(code)
    suit = card.known_suit
    return h(
        f"span.tow-fan-card.tow-{SUIT_CLASS[suit.value]}" + (".tow-top" if top else ""),
        {"aria-hidden": "true", **key("card", code, effect="arrive")},
        h("span.tow-index", f"{rank_code(card.rank)}{chr(10) if top else ''}{suit.symbol}"),
        h("span.tow-big", suit.symbol) if top else None,
    )
