"""Seeded chance whose whole state is one plain integer.

SplitMix64 (Steele, Lea & Flood 2014): tiny, well mixed, and pure integer
arithmetic masked to 64 bits, so CPython 3.11 and Pyodide's Python produce the
same numbers. Games keep an ``Rng`` inside their state; copying the state copies
the generator, and replaying a save redraws exactly the same cards and dice.

>>> r = Rng(2026)
>>> [r.below(6) + 1 for _ in range(5)]
[2, 6, 3, 1, 4]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, MutableSequence, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, NamedTuple, TypeVar

from tabletop.engine.hidden import Hidden, current_table, is_hidden

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    """A SplitMix64 generator. ``state`` is the only field and is a plain int."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = int(seed) & MASK64

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __deepcopy__(self, memo: dict[int, Any]) -> Rng:
        return Rng(self.state)

    def copy(self) -> Rng:
        return Rng(self.state)

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in ``range(n)``, without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def between(self, lo: int, hi: int) -> int:
        """A uniform int with ``lo <= x <= hi``."""
        return lo + self.below(hi - lo + 1)

    def unit(self) -> float:
        """A float in [0, 1) built from the top 53 bits (exact on every Python)."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def coin(self) -> bool:
        """Heads (True) or tails, one bit of a fresh draw."""
        return bool(self.next_u64() >> 63)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T], owner: int | None = None) -> None:
        """Fisher–Yates shuffle in place. ``owner``: the one seat that draws from this deck (a game
        by link hides its order from everyone and its cards from all but the owner)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def draw(self, pile: list[T], to: int | None = None) -> T:
        """The top card of ``pile`` (its end), taken into a hand (``to``: whose, for a deck several
        players draw from)."""
        return pile.pop()

    def shuffled_face_up(self, items: Sequence[T]) -> list[T]:
        """A deck whose every card is dealt face up to all (Tower War's draft): shuffled now at one
        table; a game by link keeps it as it is and draws each card as it is dealt
        (``deal_face_up``), so that no one knows a card before the move that deals it."""
        return self.shuffled(items)

    def deal_face_up(self, pile: list[T], n: int) -> list[T]:
        """The next ``n`` cards of a deck made by ``shuffled_face_up``, taken from it."""
        dealt = pile[:n]
        del pile[:n]
        return dealt

    def foreseeable(self, seat: int, since: int) -> Rng:
        """The generator for chance that ``seat``, who draws it, may know before the move that
        draws it (Tower War's unsteady hand): this one at one table. By link it is made from
        ``seat``'s share of this move and the other's share of move ``since``, so that it costs no
        round trip (``tabletop/link/chance.py``)."""
        return self

    def conceal(self, items: list[T], owner: int) -> None:
        """Cards every device knows, laid face down where only ``owner`` tells them apart (a
        secret choice among them): nothing to do at one table; a game by link hides them."""

    def fork(self) -> Rng:
        """An independent generator seeded from this one (e.g. one per seat or per bot)."""
        return Rng(self.next_u64())


def deal(rng: Rng, deck: Sequence[T], hands: int, size: int) -> tuple[list[list[T]], list[T]]:
    """Shuffle ``deck`` and deal ``size`` cards to each of ``hands`` hands, one at a time
    round the table as at a real table. Returns (hands, rest of the deck)."""
    pile = rng.shuffled(deck)
    if hands * size > len(pile):
        raise ValueError("not enough cards to deal")
    dealt: list[list[T]] = [[] for _ in range(hands)]
    for _ in range(size):
        for h in dealt:
            h.append(pile.pop(0))
    return dealt, pile


# --- chance drawn jointly (a game by link, tabletop/link/chance.py) ------------------------------


class ChanceAwaited(Exception):
    """A move needs chance this device cannot draw yet: the other players' share of it comes with
    their next link. Raised from inside ``apply``, which changes nothing (it returns new states)."""


Draw = Callable[[], int]  # the next 64-bit number of one move's joint chance, or ChanceAwaited
Foresee = Callable[[int, int], Iterator[int]]  # (seat, since) -> the numbers of chance that seat may foresee
_JOINT: ContextVar[Draw | None] = ContextVar("joint chance", default=None)
_FORESEEN: ContextVar[Foresee | None] = ContextVar("foreseeable chance", default=None)


@contextmanager
def joint_chance(draw: Draw, foresee: Foresee | None = None) -> Iterator[None]:
    """Within this block a game made by ``new_rng`` draws its chance from ``draw``: the link
    layer opens one block per move (and one for the deal), each with that move's own stream, and
    ``foresee`` for the chance its mover may foresee (``Rng.foreseeable``)."""
    token = _JOINT.set(draw)
    foreseen = _FORESEEN.set(foresee)
    try:
        yield
    finally:
        _FORESEEN.reset(foreseen)
        _JOINT.reset(token)


class Foreseen(Rng):
    """Numbers of chance its drawer may foresee, drawn in one move of a game by link."""

    __slots__ = ("numbers",)

    def __init__(self, numbers: Iterator[int]):
        self.state = 0
        self.numbers = numbers

    def next_u64(self) -> int:
        return next(self.numbers)


class JointRng(Rng):
    """The generator of a game by link: chance comes from the stream of the move being applied, so
    no player alone chooses or foresees a roll (tabletop/link/chance.py); a deck is not shuffled
    here but becomes handles (engine/hidden.py), whose faces the owner's device alone works out from
    both players' secrets (tabletop/link/cards.py). ``decks`` is the public record of every deck
    made: (owner, contents, places drawn), the same on every device."""

    __slots__ = ("decks",)

    def __init__(self, seed: int = 0, decks: tuple[Deck, ...] = ()):
        self.state = 0
        self.decks = decks

    def __repr__(self) -> str:
        return f"JointRng(decks={len(self.decks)})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, JointRng) and other.decks == self.decks

    def __deepcopy__(self, memo: dict[int, Any]) -> JointRng:
        return JointRng(0, self.decks)

    def copy(self) -> JointRng:
        return JointRng(0, self.decks)

    def next_u64(self) -> int:
        draw = _JOINT.get()
        if draw is None:
            raise RuntimeError("a game by link drew chance outside one of its moves")
        return draw()

    def shuffle(self, items: MutableSequence[T], owner: int | None = None) -> None:
        """Replace ``items`` (cards every device knows) by the handles of a new deck whose order is
        no one's: drawn by ``owner`` alone (its cards read by the owner alone until the rules turn
        them up), or, with no owner, by every player (each card read by whoever draws it: the
        joint shuffle of tabletop/link/deck.py)."""
        if owner is not None and any(is_hidden(card) and not self.owns(owner, card) for card in items):  # type: ignore[arg-type]
            raise RuntimeError("a deck one player draws from is made of cards every device knows, or of its owner's hidden cards")
        number, contents = len(self.decks), tuple(items)
        self.decks = (*self.decks, Deck(owner, contents, 0))
        table = current_table()
        if table is not None:
            table.shuffled(number, contents, owner)
        items[:] = [Hidden(number, len(contents) - 1 - i) for i in range(len(contents))]  # type: ignore[misc]

    def shuffled_face_up(self, items: Sequence[T]) -> list[T]:
        return list(items)

    def deal_face_up(self, pile: list[T], n: int) -> list[T]:
        """``n`` cards drawn from ``pile`` by this move's joint chance: no one knew them before."""
        return [pile.pop(self.below(len(pile))) for _ in range(min(n, len(pile)))]

    def foreseeable(self, seat: int, since: int) -> Rng:
        foresee = _FORESEEN.get()
        if foresee is None:
            raise RuntimeError("a game by link drew chance outside one of its moves")
        return Foreseen(foresee(seat, since))

    def owns(self, owner: int, card: Hidden) -> bool:
        """``card`` is a hidden card of one of ``owner``'s decks."""
        return 0 <= card.deck < len(self.decks) and self.decks[card.deck].owner == owner

    def conceal(self, items: list[T], owner: int) -> None:
        """A deck of ``items`` whose every place its owner reads at once: the owner alone tells the
        cards apart, so a choice among them names a handle that tells the other nothing."""
        self.shuffle(items, owner)
        number = len(self.decks) - 1
        self.decks = (*self.decks[:number], self.decks[number]._replace(drawn=len(items)))

    def draw(self, pile: list[T], to: int | None = None) -> T:
        """The top card of ``pile``; its place is recorded as drawn (its owner may now read it), and
        for a deck every player draws from, as given to ``to`` (who alone may read it)."""
        card = pile.pop()
        number = getattr(card, "deck", None)
        if number is not None:
            deck = self.decks[number]
            pos: int = card.pos  # type: ignore[attr-defined]
            given = deck.given + ((pos, to),) if deck.owner is None and to is not None else deck.given
            self.decks = (*self.decks[:number], deck._replace(drawn=max(deck.drawn, pos + 1), given=given), *self.decks[number + 1 :])
        return card


class Deck(NamedTuple):
    """A deck of a game by link: who draws from it (None: every player), what it holds, how many
    places are drawn, and for a deck every player draws from, which place went to whom."""

    owner: int | None
    contents: tuple[Any, ...]
    drawn: int
    given: tuple[tuple[int, int], ...] = ()


def new_rng(seed: int) -> Rng:
    """A game's generator: seeded, or joint when the game is dealt inside ``joint_chance``."""
    return JointRng() if _JOINT.get() is not None else Rng(seed)
