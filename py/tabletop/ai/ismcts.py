"""Information-set Monte Carlo tree search for the card games.

The computer is handed only ``view(state, seat)``: its own cards, the table, the
counts of the others' hands and stocks. Each iteration deals the unseen cards
anew at random (a *determinization* consistent with the view: the right number
of cards in each hand and pile, each face-down card of a suit it may have) and
runs one iteration of the shared tree (``tabletop.ai.mcts.TreeSearch``) in that
deal. Statistics are pooled over deals per move sequence, so the tree answers
"which move is best against every deal I cannot tell apart", not "against this
particular deal" (the strategy-fusion trap of solving each deal separately).

A game supplies ``determinize(view, rng) -> State``; ``Deal`` helps write it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tabletop.ai.mcts import Rules, TreeSearch
from tabletop.ai.search import Move
from tabletop.engine.rng import GOLDEN_GAMMA, MASK64, Rng

State = Any


def ismcts(
    rules: Rules, determinize: Callable[[Rng], State], legal: Sequence[Move], seat: int, rng: Rng, iterations: int, **options: Any
) -> TreeSearch:
    """A tree search whose every iteration plays in a fresh deal ``determinize(rng)``."""
    return TreeSearch(rules, determinize, legal, seat, rng, iterations, **options)


class Deal:
    """The unseen cards of one determinization, handed out to the places that hide them.

    >>> d = Deal(["a", "b", "c", "d"], Rng(3))
    >>> fixed = d.take_where(lambda c: c in "cd")
    >>> rest = d.take(2)
    >>> sorted([fixed] + rest), d.left()
    (['a', 'b', 'd'], ['c'])
    """

    def __init__(self, unseen: Sequence[Any], rng: Rng):
        self.pool = list(unseen)
        self.rng = rng
        quick_shuffle(self.pool, rng)

    def take(self, n: int) -> list[Any]:
        """``n`` unseen cards (already in random order)."""
        if n > len(self.pool):
            raise ValueError(f"the view hides {len(self.pool)} cards, not {n}")
        out = self.pool[len(self.pool) - n :] if n else []
        del self.pool[len(self.pool) - n :]
        return out

    def take_where(self, allowed: Callable[[Any], bool]) -> Any:
        """One random unseen card that ``allowed`` accepts (a face-down card of a given suit)."""
        for i in range(len(self.pool) - 1, -1, -1):
            if allowed(self.pool[i]):
                return self.pool.pop(i)
        raise ValueError("no unseen card fits this place: the view is inconsistent")

    def left(self) -> list[Any]:
        return list(self.pool)


def quick_shuffle(items: list[Any], rng: Rng) -> None:
    """Fisher-Yates driven by ``rng``'s SplitMix64 outputs, inlined (a search deals thousands
    of times); ``% n`` of a 64-bit number is fair to within n / 2**64."""
    state = rng.state
    for i in range(len(items) - 1, 0, -1):
        state = (state + GOLDEN_GAMMA) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        j = (z ^ (z >> 31)) % (i + 1)
        items[i], items[j] = items[j], items[i]
    rng.state = state
