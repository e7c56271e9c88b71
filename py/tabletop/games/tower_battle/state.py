"""The state of a Tower Battle match: the match score, and the game being played.

Everything is plain data. Lists that moves change are copied by ``State.copy``;
values that are only ever replaced (tuples, the events' pages, the options, the last
battle record, finished-game results) are shared between copies.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.cards import Card, Suit
from tabletop.engine.events import Event
from tabletop.engine.outcome import Outcome
from tabletop.engine.rng import Rng

from .facts import OWNER, TOWER_ORDER

# Phases of play.
CHOOSING = "scoring-card"  # advanced scoring: a player picks a scoring card from the stock
PLAYING = "play"  # the mover plays or discards a card
BATTLE = "battle"  # a battle is on offer to ``asked``
OVER = "over"  # the match is finished

# One card on a tower: (card, face_up).
Layer = tuple[Card, bool]
# The events (facts.EVENT_KINDS): (full pages, the page being written), each a tuple of events. Two
# levels at any length (a chain of (previous, event) pairs nested one level per event, and a match of
# 3,882 moves overflowed Pyodide's stack in deepcopy, repr and pickle); appending copies at most one
# page, plus the tuple of pages when a page fills up, so the events are shared between copies (the
# search copies a state at every step), never copied whole. An event is never changed once recorded.
EVENT_PAGE = 64
Events = tuple[tuple[tuple[Event, ...], ...], tuple[Event, ...]]


@dataclass(frozen=True)
class Settings:
    """The match's options, read once."""

    advanced: bool = False
    target: int = 3
    tnt: bool = False
    first: str = "random"


@dataclass(frozen=True)
class GameResult:
    """How one finished game of the match ended: ``how`` ("five-high", "tnt", "both-tnt",
    "unfinished"), with the ``tower`` that stood five high or the ``loser`` whose 10 was seen;
    ``reason`` and ``why`` say it in the engine's words (the table tells ``how`` with its names)."""

    number: int
    winner: int | None  # None: both lost at once (two 10s seen together), or left unfinished at the move limit
    reason: str
    scorer: int | None
    points: int
    scoring_cards: tuple[Card | None, Card | None] | None  # advanced scoring only, shown at the end
    final_towers: tuple[tuple[str, tuple[str | None, ...]], ...] = ()  # public picture: None = a back
    # The same towers turned face up: once a game is over its bluffs are shown to both players.
    revealed_towers: tuple[tuple[str, tuple[str, ...]], ...] = ()
    why: str = ""  # how it was won, without naming the winner: "five cards on the hearts tower at the end of the turn"
    how: str = ""
    tower: str | None = None
    loser: int | None = None

    def facts(self) -> dict[str, Any]:
        """What ``telling`` says a game's end from: its number, winner, how, tower and loser."""
        return {"game": self.number, "winner": self.winner, "how": self.how, "tower": self.tower, "loser": self.loser}

    def to_json(self) -> dict[str, Any]:
        cards = None if self.scoring_cards is None else [c and str(c) for c in self.scoring_cards]
        return {
            "final_towers": {suit: list(codes) for suit, codes in self.final_towers},
            "revealed_towers": {suit: list(codes) for suit, codes in self.revealed_towers},
            **self.facts(),
            "reason": self.reason,
            "why": self.why,
            "scorer": self.scorer,
            "points": self.points,
            "scoring_cards": cards,
        }


@dataclass(slots=True)
class State:
    settings: Settings
    rng: Rng
    epoch: int = 0
    # The match.
    scores: list[int] = field(default_factory=lambda: [0, 0])
    game_number: int = 0
    results: tuple[GameResult, ...] = ()
    starter: int = 0
    scoring_cards: list[Card | None] = field(default_factory=lambda: [None, None])
    previous_scoring_cards: tuple[Card | None, Card | None] = (None, None)
    outcome: Outcome | None = None
    # The game.
    phase: str = PLAYING
    player: int = 0  # whose turn it is (the mover)
    asked: int | None = None  # CHOOSING/BATTLE: who decides now
    battle_tower: Suit | None = None  # BATTLE: the mover's tower the army card went on
    hands: list[list[Card]] = field(default_factory=lambda: [[], []])
    stocks: list[list[Card]] = field(default_factory=lambda: [[], []])
    discards: list[list[Card]] = field(default_factory=lambda: [[], []])
    towers: dict[Suit, list[Layer]] = field(default_factory=lambda: {s: [] for s in TOWER_ORDER})
    turn: int = 0
    moves: int = 0  # moves of the whole match, as its save lists them (match.py ends the match at the save's limit)
    events: Events = ((), ())

    def copy(self) -> State:
        """An independent copy (far cheaper than deepcopy): fresh lists, shared immutable values."""
        c = object.__new__(State)
        c.settings, c.epoch, c.game_number, c.results = self.settings, self.epoch, self.game_number, self.results
        c.starter, c.previous_scoring_cards, c.outcome = self.starter, self.previous_scoring_cards, self.outcome
        c.phase, c.player, c.asked, c.battle_tower = self.phase, self.player, self.asked, self.battle_tower
        c.turn, c.moves, c.events = self.turn, self.moves, self.events
        c.rng = self.rng.copy()
        c.scores = list(self.scores)
        c.scoring_cards = list(self.scoring_cards)
        c.hands = [list(h) for h in self.hands]
        c.stocks = [list(s) for s in self.stocks]
        c.discards = [list(d) for d in self.discards]
        c.towers = {s: list(t) for s, t in self.towers.items()}
        return c

    def record(self, kind: str, seat: int | None, **facts: Any) -> None:
        """What the move being made did (``facts.EVENT_KINDS``), recorded once the cards it names
        lie where it says; ``telling`` says it in words, ``view`` shows each seat what it may see."""
        pages, page = self.events
        page += ({"kind": kind, "move": self.moves, "seat": seat, **facts},)  # engine.events.event, without its call
        self.events = (pages + (page,), ()) if len(page) == EVENT_PAGE else (pages, page)

    def event_list(self) -> list[Event]:
        pages, page = self.events
        return [e for full in pages for e in full] + list(page)

    def deciding_seat(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase in (CHOOSING, BATTLE):
            return self.asked
        return self.player

    def all_cards(self, seat: int) -> Iterator[Card]:
        """Every non-king card of ``seat``'s colour, wherever it is (for conservation checks)."""
        yield from self.hands[seat]
        yield from self.stocks[seat]
        yield from self.discards[seat]
        for suit, tower in self.towers.items():
            if OWNER[suit] == seat:
                yield from (card for card, _ in tower)
        scoring = self.scoring_cards[seat]
        if scoring is not None:
            yield scoring
