"""The State of a game of Tower War: the draft, the decks, the battle and the tower, as plain data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from tabletop.engine.cards import Card
from tabletop.engine.events import Event
from tabletop.engine.outcome import Outcome
from tabletop.engine.pyramids import Size
from tabletop.engine.rng import Rng
from tabletop.games.tower_war import hand as unsteady
from tabletop.games.tower_war.facts import STASH_PER_SIZE
from tabletop.games.tower_war.physics import HAND_EDITION
from tabletop.games.tower_war.tower import Fall, Pyramid, Tower


class Played(NamedTuple):
    """A card played this battle: the physical card, what it counts as (a joker's
    copy), its value when played and whether it was a double."""

    card: Card
    eff: Card
    value: int
    double: bool


class Held(NamedTuple):
    """The piece in the unsteady hand between a pick-up and its drop."""

    piece: str  # "pyramid" or "card"
    size: Size | None
    card: Card | None
    owner: int
    lifted: Pyramid | None  # an adjusted pyramid's old pose
    level: int  # the level it joins
    amplitude: float
    phases: unsteady.Phases
    pyramid: int = 0  # a held pyramid's number (``Pyramid.id``); 0 for a card

    @property
    def pyramid_size(self) -> Size:
        """The size of a held pyramid (``pick_up`` gives every pyramid one; a card has none)."""
        if self.size is None:
            raise ValueError(f"a held {self.piece} has no pyramid size")
        return self.size


@dataclass(slots=True, eq=False)
class State:
    advanced: bool
    rng: Rng
    epoch: int = 0
    phase: str = "split"
    actor: int | None = 0
    events: list[Event] = field(default_factory=list)  # what every move did (``telling``)
    result: Outcome | None = None
    # draft
    draft_deck: list[Card] = field(default_factory=list)
    round: int = 0
    faceup: list[Card] = field(default_factory=list)
    piles: list[list[Card]] | None = None
    pile_pyramids: list[list[int]] = field(default_factory=lambda: [[0] * 4, [0] * 4])
    sweetened: int | None = None
    middle: list[int] = field(default_factory=lambda: [0] * 4)
    drafted: list[list[Card]] = field(default_factory=lambda: [[], []])
    drafted_total: list[int] = field(default_factory=lambda: [0, 0])
    base_card: Card | None = None
    set_aside: list[Card] = field(default_factory=list)
    # deck building
    kept: list[list[Card]] = field(default_factory=lambda: [[], []])
    unused: list[list[Card]] = field(default_factory=lambda: [[], []])
    # war
    deck: list[list[Card]] = field(default_factory=lambda: [[], []])
    hand: list[list[Card]] = field(default_factory=lambda: [[], []])
    discard: list[list[Card]] = field(default_factory=lambda: [[], []])
    stash: list[list[int]] = field(default_factory=lambda: [[0] + [STASH_PER_SIZE] * 3, [0] + [STASH_PER_SIZE] * 3])
    battle: int = 0
    leader: int = 0
    skirmish: int = 0
    played: list[list[Played]] = field(default_factory=lambda: [[], []])
    current: list[Played | None] = field(default_factory=lambda: [None, None])
    totals: list[int] | None = None  # the last finished battle's totals
    battle_loser: int | None = None
    # the tower
    tower: Tower = ()
    placing: str = ""  # "pyramid" or "card"
    reason: str = ""  # "skirmish" or "battle"
    adjustments_left: int = 0
    held: Held | None = None
    last_drop: dict[str, Any] | None = None
    fall: Fall | None = None
    returned: list[tuple[int, Size]] = field(default_factory=list)
    hand_edition: int = HAND_EDITION  # which unsteady hand (``physics.HAND_EDITIONS``); old saves keep theirs
    moves: int = 0  # moves applied so far: the number the next move's events carry
    pyramids_made: int = 0  # pyramids taken from a stash so far: the next one is numbered one more
    moved: list[int] = field(default_factory=lambda: [-1, -1])  # each seat's last move (by link, the hand's chance reads the other's)

    def copy(self) -> State:
        """A copy sharing only immutable parts (cards, tower tuples, the held piece, each event: an
        event is never changed once recorded)."""
        return State(
            self.advanced, self.rng.copy(), self.epoch, self.phase, self.actor, list(self.events), self.result,
            list(self.draft_deck), self.round, list(self.faceup),
            None if self.piles is None else [list(p) for p in self.piles],
            [list(p) for p in self.pile_pyramids], self.sweetened, list(self.middle),
            [list(d) for d in self.drafted], list(self.drafted_total), self.base_card, list(self.set_aside),
            [list(k) for k in self.kept], [list(u) for u in self.unused],
            [list(d) for d in self.deck], [list(h) for h in self.hand], [list(d) for d in self.discard],
            [list(s) for s in self.stash], self.battle, self.leader, self.skirmish,
            [list(p) for p in self.played], list(self.current),
            None if self.totals is None else list(self.totals), self.battle_loser,
            self.tower, self.placing, self.reason, self.adjustments_left, self.held,
            self.last_drop, self.fall, list(self.returned), self.hand_edition, self.moves, self.pyramids_made,
            list(self.moved),
        )  # fmt: skip
