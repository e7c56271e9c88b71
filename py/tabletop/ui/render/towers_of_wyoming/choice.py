"""The half-made choice of the person at the screen, checked against the legal moves.

``ctx.ui`` holds ``suit`` (a letter), ``count``, ``target`` ([owner, foundation]) and,
for a forced discard, ``discard`` (a card code). ``Choice`` keeps only what is still
legal, lights up only targets that appear in ``ctx.legal`` and pairs each with the
view's description of that play.
"""

from __future__ import annotations

from typing import Any

SUIT_ORDER = ("C", "D", "H", "S")


class Choice:
    def __init__(self, view: dict[str, Any], legal: list[Any], ui: dict[str, Any]):
        self.view = view
        self.moves: dict[tuple[Any, ...], Any] = {}
        self.discards: dict[str, Any] = {}
        for m in legal:
            if m.kind == "play":
                self.moves[(m.suit.value, m.count, m.owner, m.foundation)] = m
            elif m.kind == "discard":
                self.discards[str(m.card)] = m
        self.plays = {(p["suit"], p["count"], p["owner"], p["foundation"]): p for p in view.get("plays") or []}
        hand = view.get("hand") or []
        self.held = {s: sum(1 for c in hand if c["suit"] == s) for s in SUIT_ORDER}
        self.playable = {s for (s, _c, _o, _f) in self.moves}
        self.counts: dict[str, set[int]] = {}  # suit -> how many of it some offered play takes (every count, at a normal table)
        for s, c, _o, _f in self.moves:
            self.counts.setdefault(s, set()).add(c)
        self.must_discard = bool(self.discards) and not self.moves

        suit = ui.get("suit")
        self.suit = suit if suit in self.playable else None
        count = ui.get("count") or 0
        self.count = min(max(count, 1), self.held[self.suit]) if self.suit else 0
        target = tuple(ui.get("target") or ())
        self.target = target if self.suit and (self.suit, self.count, *target) in self.moves else None
        code = ui.get("discard")
        self.discard = code if code in self.discards else None
        self.blocked = ui.get("blocked") if ui.get("blocked") in SUIT_ORDER and not self.suit else None

    @property
    def acting(self) -> bool:
        return bool(self.moves or self.discards)

    def lit(self) -> list[tuple[int, int]]:
        """Targets the selected cards may go to, in table order."""
        if not self.suit:
            return []
        return sorted((o, f) for (s, c, o, f) in self.moves if s == self.suit and c == self.count)

    def play_at(self, target: tuple[int, int]) -> dict[str, Any] | None:
        return self.plays.get((self.suit, self.count, *target)) if self.suit else None

    def move_at(self, target: tuple[int, int]) -> Any:
        return self.moves.get((self.suit, self.count, *target)) if self.suit else None

    def selected(self, code: str, suit: str, index: int) -> bool:
        """Is this card (``index``-th of its suit in the hand, lowest first) in the selection?
        The engine plays the lowest cards of a suit, so the selection is always the lowest ``count``."""
        if self.must_discard:
            return code == self.discard
        return suit == self.suit and index < self.count
