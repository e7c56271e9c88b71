"""Search over whole turns, for games whose turn is several small decisions.

In The War of the Worlds a turn is "place, maybe turn or move the coaster, step,
choose what falls": one decision each. Judging a single decision on its own is
meaningless, so this search follows every way to *finish the turn* (each
decision of the same seat in a row), merges turns that reach the same position
(turning then moving a coaster equals moving then turning), and scores the
position the opponent will face with the game's evaluation.

Wide turns are cut with a beam: after each decision level only the ``beam`` best
partial turns (by the evaluation) are followed further. With ``replies`` > 0 the
best few turns are then checked against the opponent's best answer, found by the
same turn search from the other side (two plies of whole turns, with alpha
pruning: an answer that already refutes a turn below the best one found stops the
search of that turn).

The work is counted in positions evaluated (deterministic); ``best()`` is the first
decision of the best turn found so far.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Any

from tabletop.ai.mcts import Rules
from tabletop.ai.search import Move, Search
from tabletop.engine.rng import Rng

State = Any
EPSILON = 1e-9
YIELD_EVERY = 12  # positions between yields (well under a millisecond each on CPython)


class Turn:
    """One way to play out the rest of a turn: the moves, and the position it leaves."""

    __slots__ = ("moves", "state", "value")

    def __init__(self, moves: tuple[Move, ...], state: State, value: float = 0.0):
        self.moves = moves
        self.state = state
        self.value = value


class TurnSearch(Search):
    def __init__(
        self,
        rules: Rules,
        state: State,
        seat: int,
        rng: Rng,
        evaluate: Callable[[State], list[float]],
        key: Callable[[State], Hashable],
        *,
        budget: int,
        beam: int = 64,
        replies: int = 0,
        reply_beam: int = 24,
        mistakes: float = 0.0,
        mistake_pool: int = 4,
        max_depth: int = 16,
    ):
        self.rules = rules
        self.state = state
        self.seat = seat
        self.rng = rng
        self.evaluate = evaluate
        self.key = key
        self.budget = budget
        self.beam = beam
        self.replies = replies
        self.reply_beam = reply_beam
        self.mistakes = mistakes
        self.mistake_pool = mistake_pool
        self.max_depth = max_depth
        self.iterations = 0
        self.candidates: list[Turn] = []  # own turns, best first (after the one-ply pass)
        self.answered: list[tuple[float, int, Turn]] = []  # (value after the best reply, order, turn)
        self.chosen: Turn | None = None
        self.fallback = rules.legal_moves(state)[0]
        self.pending = 0

    # ------------------------------------------------------------------ helpers
    def score(self, state: State, seat: int) -> float:
        self.iterations += 1
        return self.evaluate(state)[seat]

    def out_of_budget(self) -> bool:
        return self.iterations >= self.budget

    def turns(self, start: State, seat: int, beam: int, stop_below: float | None = None) -> Iterator[list[Turn] | None]:
        """Every finished turn of ``seat`` from ``start`` (beam-cut), scored for ``seat``, best first.

        Yields None while working and finally the list. With ``stop_below`` (used for
        replies: ``seat`` is the opponent, scores are the opponent's) the search stops as
        soon as some turn scores above ``1 - stop_below`` for the opponent, returning
        just that turn (the caller only needs to know the candidate is refuted).
        """
        rules, key = self.rules, self.key
        done: dict[Hashable, Turn] = {}
        frontier = [Turn((), start)]
        depth = 0
        while frontier and depth < self.max_depth:
            depth += 1
            growing: dict[Hashable, Turn] = {}
            for turn in frontier:
                for move in rules.legal_moves(turn.state):
                    after = rules.apply(turn.state, move)
                    moves = turn.moves + (move,)
                    k = key(after)
                    finished = rules.outcome(after) is not None or rules.to_act(after) != seat
                    if finished:
                        if k not in done:
                            t = done[k] = Turn(moves, after, self.score(after, seat))
                            if stop_below is not None and t.value > 1.0 - stop_below:
                                yield [t]
                                return
                    elif k not in growing:
                        growing[k] = Turn(moves, after)
                    self.pending += 1
                    if self.pending >= YIELD_EVERY:
                        self.pending = 0
                        yield None
                    if self.out_of_budget() and (done or growing):
                        break
                if self.out_of_budget() and (done or growing):
                    break
            frontier = list(growing.values())
            if self.out_of_budget():
                for t in frontier:  # no budget left to finish them: judge them as they stand
                    if key(t.state) not in done:
                        done[key(t.state)] = Turn(t.moves, t.state, self.evaluate(t.state)[seat])
                break
            if len(frontier) > beam:
                for t in frontier:
                    t.value = self.score(t.state, seat)
                    self.pending += 1
                    if self.pending >= YIELD_EVERY:
                        self.pending = 0
                        yield None
                frontier.sort(key=lambda t: -t.value)
                frontier = frontier[:beam]
        ranked = sorted(done.values(), key=lambda t: -t.value)
        yield ranked

    # ------------------------------------------------------------------ the work
    def work(self) -> Iterator[None]:
        legal = self.rules.legal_moves(self.state)
        if len(legal) == 1:
            self.chosen = Turn((legal[0],), self.state)
            self.iterations = 1
            yield
            return
        ranked = None
        for step in self.turns(self.state, self.seat, self.beam):
            if step is None:
                yield
            else:
                ranked = step
        self.candidates = self.shuffle_ties(ranked or [])
        if not self.candidates:
            return
        if self.replies <= 0 or self.out_of_budget():
            return
        other = 1 - self.seat
        best_so_far = -1.0
        for order, turn in enumerate(self.candidates[: self.replies]):
            if self.rules.outcome(turn.state) is not None:
                value = turn.value
            else:
                answers = None
                for step in self.turns(turn.state, other, self.reply_beam, stop_below=best_so_far):
                    if step is None:
                        yield
                    else:
                        answers = step
                value = 1.0 - answers[0].value if answers else turn.value
            self.answered.append((value, order, turn))
            best_so_far = max(best_so_far, value)
            yield
            if self.out_of_budget():
                break

    def shuffle_ties(self, ranked: list[Turn]) -> list[Turn]:
        """Equal scores in random order, so that equal choices vary from game to game."""
        out: list[Turn] = []
        i = 0
        while i < len(ranked):
            j = i
            while j < len(ranked) and ranked[j].value > ranked[i].value - EPSILON:
                j += 1
            group = ranked[i:j]
            self.rng.shuffle(group)
            out += group
            i = j
        return out

    # ------------------------------------------------------------------ the answer
    def best_turn(self) -> Turn | None:
        if self.chosen is not None:
            return self.chosen
        if self.answered:
            top = max(self.answered, key=lambda a: (a[0], -a[1]))
            turn = top[2]
        elif self.candidates:
            turn = self.candidates[0]
        else:
            return None
        if self.mistakes > 0 and self.candidates and self.rng.unit() < self.mistakes:
            turn = self.candidates[self.rng.below(min(self.mistake_pool, len(self.candidates)))]
        self.chosen = turn
        return turn

    def best(self) -> Move:
        turn = self.best_turn()
        return turn.moves[0] if turn is not None else self.fallback

    def plan(self) -> tuple[Move, ...]:
        """The chosen turn's moves (the first is ``best()``)."""
        turn = self.best_turn()
        return turn.moves if turn is not None else ()
