"""Monte Carlo tree search (UCT), with room for hidden information.

The tree is keyed by moves. Each iteration takes a *sample* of the position
(``sample(rng)``): for a game of perfect information that is the position itself
(with a fresh random generator where chance is hidden, such as dice not yet
rolled); for hidden information it is one determinization, a full deal consistent
with what the searching seat sees (``tabletop.ai.ismcts``). Moves not legal in a
sample are simply not considered in that iteration, and each child counts how
often it *was* available, which is the single-observer information-set MCTS of
Cowling, Powley & Whitehouse (2012). With one fixed sample it is plain UCT.

Iteration: descend by UCB1 (``mean + c * sqrt(ln(available) / visits)``), expand
one untried move, play out with ``rollout_move`` for at most ``rollout_depth``
moves, score the end (``outcome``) or the cut-off position (``evaluate``: one
value in [0, 1] per seat) and back the scores up, each node taking the score of
the seat that moved into it. Several seats are handled alike (max^n).

The decision is the most visited root move, or, at a positive ``temperature``,
a move drawn with weight ``visits ** (1 / temperature)`` (the "human mistakes"
of the easy level).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.ai.search import Move, Search
from tabletop.engine.rng import Rng

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule

State = Any


@dataclass(frozen=True)
class Rules:
    """The engine functions a search calls (``apply`` may be a faster unchecked version)."""

    legal_moves: Callable[[State], list[Move]]
    apply: Callable[[State, Move], State]
    to_act: Callable[[State], int | None]
    outcome: Callable[[State], Any]
    players: int

    @classmethod
    def of(
        cls,
        module: GameModule,
        players: int,
        apply: Callable[[State, Move], State] | None = None,
        legal_moves: Callable[[State], list[Move]] | None = None,
    ) -> Rules:
        return cls(legal_moves or module.legal_moves, apply or module.apply, module.to_act, module.outcome, players)


def outcome_scores(outcome: Any, players: int) -> list[float]:
    """1 for each winner and 0 for the others; a draw scores 1/players for everyone."""
    if not outcome.winners:
        return [1.0 / players] * players
    return [1.0 if p in outcome.winners else 0.0 for p in range(players)]


def random_move(state: State, legal: Sequence[Move], rng: Rng) -> Move:
    return legal[rng.below(len(legal))]


class Node:
    __slots__ = ("move", "mover", "visits", "total", "avail", "children")

    def __init__(self, move: Move, mover: int | None):
        self.move = move
        self.mover = mover
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.children: dict[Move, Node] = {}


class TreeSearch(Search):
    """UCT / SO-ISMCTS over ``rules`` from samples of the root position (see the module doc)."""

    def __init__(
        self,
        rules: Rules,
        sample: Callable[[Rng], State],
        legal: Sequence[Move],
        seat: int,
        rng: Rng,
        iterations: int,
        *,
        exploration: float = 0.7,
        rollout_depth: int | None = None,
        evaluate: Callable[[State], list[float]] | None = None,
        rollout_move: Callable[[State, Sequence[Move], Rng], Move] = random_move,
        temperature: float = 0.0,
        prior: Move | None = None,
    ):
        self.rules = rules
        self.sample = sample
        self.legal = list(legal)
        self.seat = seat
        self.rng = rng
        self.budget = iterations
        self.c = exploration
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate
        self.rollout_move = rollout_move
        self.temperature = temperature
        self.prior = prior if prior is not None else self.legal[0]
        self.root = Node(None, None)
        self.iterations = 0
        self.chosen: Move | None = None

    # ------------------------------------------------------------------ the work
    def work(self) -> Iterator[None]:
        if len(self.legal) == 1:
            self.iterations = 1
            yield
            return
        while self.iterations < self.budget:
            self.iterate()
            self.iterations += 1
            yield

    def iterate(self) -> None:
        rules, rng = self.rules, self.rng
        state = self.sample(rng)
        node = self.root
        path = []
        legal: Sequence[Move] | None = self.legal  # the root's moves do not depend on the hidden part
        while True:
            if rules.outcome(state) is not None:
                break
            if legal is None:
                legal = rules.legal_moves(state)
            children = node.children
            untried = []
            for m in legal:
                child = children.get(m)
                if child is None:
                    untried.append(m)
                else:
                    child.avail += 1
            if untried:
                move = untried[rng.below(len(untried))]
                child = children[move] = Node(move, rules.to_act(state))
                state = rules.apply(state, move)
                path.append(child)
                break
            node = self.select(node, legal)
            state = rules.apply(state, node.move)
            path.append(node)
            legal = None
        scores = self.playout(state)
        for n in path:
            n.visits += 1
            n.total += scores[n.mover]  # type: ignore[index]  # every node below the root was moved into by a seat

    def select(self, node: Node, legal: Sequence[Move]) -> Node:
        best, best_value = None, -1.0
        c = self.c
        children = node.children
        for m in legal:
            child = children[m]
            value = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if value > best_value:
                best, best_value = child, value
        return best  # type: ignore[return-value]  # legal is never empty here

    def playout(self, state: State) -> list[float]:
        rules, rng, players = self.rules, self.rng, self.rules.players
        depth = self.rollout_depth
        steps = 0
        while True:
            result = rules.outcome(state)
            if result is not None:
                return outcome_scores(result, players)
            if depth is not None and steps >= depth:
                return self.evaluate(state) if self.evaluate else [1.0 / players] * players
            legal = rules.legal_moves(state)
            state = rules.apply(state, self.rollout_move(state, legal, rng))
            steps += 1

    # ------------------------------------------------------------------ the answer
    def ranking(self) -> list[tuple[Move, int, float]]:
        """Root moves as (move, visits, mean score), most visited first."""
        out = []
        for m in self.legal:
            child = self.root.children.get(m)
            if child is not None and child.visits:
                out.append((m, child.visits, child.total / child.visits))
        out.sort(key=lambda r: (-r[1], -r[2]))
        return out

    def best(self) -> Move:
        if self.chosen is not None:
            return self.chosen
        ranked = self.ranking()
        if not ranked:
            return self.prior
        if self.temperature > 0 and len(ranked) > 1:
            weights = [v ** (1.0 / self.temperature) for _, v, _ in ranked]
            x = self.rng.unit() * sum(weights)
            for (m, _, _), w in zip(ranked, weights):
                x -= w
                if x < 0:
                    self.chosen = m
                    return m
        self.chosen = ranked[0][0]
        return self.chosen


def mcts(
    rules: Rules,
    state: State,
    legal: Sequence[Move],
    seat: int,
    rng: Rng,
    iterations: int,
    resample: Callable[[State, Rng], State] | None = None,
    **options: Any,
) -> TreeSearch:
    """UCT from a fully known ``state``; ``resample`` (optional) re-draws hidden chance such as the
    game's random generator for each iteration."""
    if resample is None:
        return TreeSearch(rules, lambda _rng: state, legal, seat, rng, iterations, **options)
    return TreeSearch(rules, lambda r: resample(state, r), legal, seat, rng, iterations, **options)
