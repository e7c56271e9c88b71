"""The state of a Tower Battle match: the match score, and the game being played.

Everything is plain data. Lists that moves change are copied by ``State.copy``;
values that are only ever replaced (tuples, the log's pages, the options, the last
battle record, finished-game results) are shared between copies.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.cards import Card, Suit
from tabletop.engine.outcome import Outcome
from tabletop.engine.rng import Rng
from tabletop.engine.words import sentence

from .facts import OWNER, TOWER_ORDER

# Phases of play.
CHOOSING = "scoring-card"  # advanced scoring: a player picks a scoring card from the stock
PLAYING = "play"  # the mover plays or discards a card
BATTLE = "battle"  # a battle is on offer to ``asked``
OVER = "over"  # the match is finished

# One card on a tower: (card, face_up).
Layer = tuple[Card, bool]
# The log: (full pages, the page being written), each a tuple of lines. Two levels at any length
# (a chain of (previous, line) pairs nested one level per line, and a match of 3,882 moves overflowed
# Pyodide's stack in deepcopy, repr and pickle); appending copies at most one page of lines, plus the
# tuple of pages when a page fills up, so the log is still shared between copies, never copied whole.
LOG_PAGE = 64
Log = tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]


@dataclass(frozen=True)
class Settings:
    """The match's options, read once."""

    advanced: bool = False
    target: int = 3
    tnt: bool = False
    first: str = "random"


@dataclass(frozen=True)
class GameResult:
    """How one finished game of the match ended."""

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

    def to_json(self) -> dict[str, Any]:
        cards = None if self.scoring_cards is None else [c and str(c) for c in self.scoring_cards]
        return {
            "final_towers": {suit: list(codes) for suit, codes in self.final_towers},
            "revealed_towers": {suit: list(codes) for suit, codes in self.revealed_towers},
            "game": self.number,
            "winner": self.winner,
            "reason": self.reason,
            "why": self.why,
            "scorer": self.scorer,
            "points": self.points,
            "scoring_cards": cards,
        }


@dataclass(frozen=True)
class BattleReport:
    """The last battle, face up for everyone once it is fought."""

    game: int  # the game of the match it was fought in
    towers: tuple[Suit, Suit]  # (mover's tower, facing tower)
    cards: tuple[Card, Card]
    values: tuple[int | None, int | None]
    declared_by: int
    result: str

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "towers": [s.value for s in self.towers],
            "cards": [str(c) for c in self.cards],
            "labels": [c.label for c in self.cards],
            "values": list(self.values),
            "declared_by": self.declared_by,
            "result": self.result,
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
    last_battle: BattleReport | None = None
    turn: int = 0
    moves: int = 0  # moves of the whole match, as its save lists them (match.py ends the match at the save's limit)
    log: Log = ((), ())

    def copy(self) -> State:
        """An independent copy (far cheaper than deepcopy): fresh lists, shared immutable values."""
        c = object.__new__(State)
        c.settings, c.epoch, c.game_number, c.results = self.settings, self.epoch, self.game_number, self.results
        c.starter, c.previous_scoring_cards, c.outcome = self.starter, self.previous_scoring_cards, self.outcome
        c.phase, c.player, c.asked, c.battle_tower = self.phase, self.player, self.asked, self.battle_tower
        c.last_battle, c.turn, c.moves, c.log = self.last_battle, self.turn, self.moves, self.log
        c.rng = self.rng.copy()
        c.scores = list(self.scores)
        c.scoring_cards = list(self.scoring_cards)
        c.hands = [list(h) for h in self.hands]
        c.stocks = [list(s) for s in self.stocks]
        c.discards = [list(d) for d in self.discards]
        c.towers = {s: list(t) for s, t in self.towers.items()}
        return c

    def say(self, line: str) -> None:
        """Add a public line to the log, said as a sentence (a line may open with a card's name,
        'the Assassin A♥ strikes…')."""
        pages, page = self.log
        page += (sentence(line),)
        self.log = (pages + (page,), ()) if len(page) == LOG_PAGE else (pages, page)

    def log_lines(self) -> list[str]:
        pages, page = self.log
        return [line for full in pages for line in full] + list(page)

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
