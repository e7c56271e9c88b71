"""A batch of bot games that can be played a slice at a time (the in-app balance lab).

``Batch(...).advance(seconds)`` plays on for about ``seconds`` and returns True
when the batch is finished; ``summary()`` is the same statistics as the simulate
CLI (``tabletop.simulate.Tally``). Every computer decision is itself searched a
unit at a time, so no slice runs long even at the hard level.

>>> b = Batch("war-of-the-worlds", 2, ["random", "random"], {}, games=2, seed=1)
>>> while not b.advance(0.05): pass
>>> b.summary()["games"], b.games_done
(2, 2)
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from tabletop.engine.rng import Rng
from tabletop.games import get_game
from tabletop.sim.decisions import budget, think
from tabletop.sim.simulate import MOVE_CAP, GameRecord, Tally, seating


class Batch:
    def __init__(
        self,
        game_id: str,
        players: int,
        levels: list[str],
        options: dict[str, Any] | None,
        games: int,
        seed: int,
        rotate: bool = False,
        tally: Tally | None = None,
        first_index: int = 0,
    ):
        self.module = get_game(game_id)
        self.game_id, self.players, self.levels = game_id, players, list(levels)
        self.options, self.games, self.seed, self.rotate = options, games, seed, rotate
        self.tally = tally or Tally(game_id, players, self.levels)
        self.first_index = first_index
        self.games_done = 0
        self.moves_in_game = 0
        self.done = False
        self.iterations = 0
        self.steps = self._play()

    def _play(self) -> Iterator[None]:
        module = self.module
        for i in range(self.first_index, self.first_index + self.games):
            bots = seating(self.levels, self.players, i, self.rotate)
            state = module.new_game(self.players, self.options, self.seed + i)
            bot_rng = Rng((self.seed + i) ^ 0x5EED)
            rngs = [bot_rng.fork() for _ in range(self.players)]
            memories: list[dict[str, Any]] = [{} for _ in range(self.players)]
            think_time: dict[str, list[float]] = {}
            self.moves_in_game = 0
            while module.outcome(state) is None and self.moves_in_game < MOVE_CAP:
                seat = module.to_act(state)
                if seat is None:  # over, though it had no outcome: never in a game that keeps the contract
                    break
                level = bots[seat]
                legal = module.legal_moves(state)
                if level == "random":
                    move = rngs[seat].choice(legal)
                    spent = 0.0
                else:
                    thinking = think(
                        module,
                        module.view(state, seat),
                        legal,
                        seat,
                        level,
                        rngs[seat].fork(),
                        memories[seat],
                        time_cap=budget(module, level).time_cap,
                    )
                    while not thinking.advance(0.0):
                        yield
                    move, spent = thinking.move, thinking.busy
                entry = think_time.setdefault(level, [0.0, 0, 0.0])
                entry[0] += spent
                entry[1] += 1
                entry[2] = max(entry[2], spent)
                state = module.apply(state, move)
                self.moves_in_game += 1
                if self.moves_in_game % 4 == 0:
                    yield
            result = module.outcome(state)
            self.tally.add(GameRecord(bots, None if result is None else tuple(result.winners), self.moves_in_game, think_time))
            self.games_done += 1
            yield

    def advance(self, seconds: float) -> bool:
        """Play on for about ``seconds`` (at least one small step); True once every game is played."""
        if self.done:
            return True
        deadline = time.perf_counter() + seconds
        try:
            while True:
                next(self.steps)
                self.iterations += 1
                if time.perf_counter() >= deadline:
                    return False
        except StopIteration:
            self.done = True
            return True

    def summary(self) -> dict[str, Any]:
        return self.tally.summary(bots=[self.levels[i % len(self.levels)] for i in range(self.players)])
