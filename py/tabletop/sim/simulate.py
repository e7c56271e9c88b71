"""Play many games between bots and print one JSON line of statistics.

    PYTHONPATH=py python3 -m tabletop.simulate --game tower-battle --games 500 --seed 1
    PYTHONPATH=py python3 -m tabletop.simulate --game war-of-the-worlds --games 200 --bots hard,normal --rotate --jobs 2

Keys: game, games, players, bots, mean_moves, wins (per seat), draws,
first_seat_win_rate, unfinished (games stopped by the move cap), ms_per_game,
games_per_second; and for balance work: win_rates (per seat), draw_rate,
first_seat_advantage (the first seat's win rate minus a fair share of the decided
games), level_wins / level_win_rates (per bot level: wins over the games each
level played, counting every seat it held) and think_ms (per level: mean and
largest time for one decision).

``--bots`` lists one level per seat (cycled): random, easy, normal, hard.
``--rotate`` turns the seating round by one seat every game, so each level plays
every seat equally often (use it to compare levels). Game ``i`` uses seed
``seed + i``, so any single game can be replayed from its number, whatever
``--jobs`` (worker processes) is.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.engine.rng import Rng
from tabletop.games import get_game
from tabletop.sim.players import make_player

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule

MOVE_CAP = 100_000


def seating(levels: list[str], players: int, index: int, rotate: bool) -> list[str]:
    """The level of each seat in game ``index``."""
    base = [levels[seat % len(levels)] for seat in range(players)]
    shift = index % players if rotate else 0
    return [base[(seat - shift) % players] for seat in range(players)]


@dataclass
class GameRecord:
    """What one finished (or capped) game contributes to the statistics."""

    bots: list[str]
    winners: tuple[int, ...] | None  # None: stopped by the move cap
    moves: int
    think: dict[str, list[float]] = field(default_factory=dict)  # level -> [seconds spent, decisions, largest]


def play_game(module: GameModule, players: int, options: dict[str, Any] | None, seed: int, bots: list[str]) -> tuple[GameRecord, object]:
    """Play one game with one bot level per seat; the record and the final state."""
    state = module.new_game(players, options, seed)
    bot_rng = Rng(seed ^ 0x5EED)
    seats = [make_player(bots[i], bot_rng.fork()) for i in range(players)]
    think: dict[str, list[float]] = {}
    moves = 0
    clock = time.perf_counter
    while module.outcome(state) is None and moves < MOVE_CAP:
        seat = module.to_act(state)
        if seat is None:  # over, though it had no outcome: never in a game that keeps the contract
            break
        start = clock()
        move = seats[seat](module, state, seat)
        spent = clock() - start
        entry = think.setdefault(bots[seat], [0.0, 0, 0.0])
        entry[0] += spent
        entry[1] += 1
        entry[2] = max(entry[2], spent)
        state = module.apply(state, move)
        moves += 1
    result = module.outcome(state)
    return GameRecord(bots, None if result is None else tuple(result.winners), moves, think), state


class Tally:
    """Adds game records up into the statistics the CLI prints (and the balance lab draws)."""

    def __init__(self, game: str, players: int, levels: list[str]):
        self.game, self.players, self.levels = game, players, levels
        self.games = self.draws = self.unfinished = self.total_moves = 0
        self.wins = [0] * players
        self.level_wins: dict[str, int] = {}
        self.level_seats: dict[str, int] = {}
        self.think: dict[str, list[float]] = {}

    def add(self, record: GameRecord) -> None:
        self.games += 1
        self.total_moves += record.moves
        for level in record.bots:
            self.level_seats[level] = self.level_seats.get(level, 0) + 1
            self.level_wins.setdefault(level, 0)
        if record.winners is None:
            self.unfinished += 1
        elif not record.winners:
            self.draws += 1
        else:
            for w in record.winners:
                self.wins[w] += 1
                self.level_wins[record.bots[w]] += 1
        for level, (spent, count, largest) in record.think.items():
            entry = self.think.setdefault(level, [0.0, 0, 0.0])
            entry[0] += spent
            entry[1] += count
            entry[2] = max(entry[2], largest)

    def summary(self, elapsed: float | None = None, bots: list[str] | None = None) -> dict[str, Any]:
        games, players = self.games, self.players
        rate = (lambda n: round(n / games, 4)) if games else (lambda n: 0)
        decided = games - self.draws - self.unfinished
        out = {
            "game": self.game,
            "games": games,
            "players": players,
            "bots": bots or [self.levels[i % len(self.levels)] for i in range(players)],
            "mean_moves": round(self.total_moves / games, 2) if games else 0,
            "wins": list(self.wins),
            "draws": self.draws,
            "first_seat_win_rate": rate(self.wins[0]),
            "unfinished": self.unfinished,
        }
        if elapsed is not None:
            out["ms_per_game"] = round(1000 * elapsed / games, 3) if games else 0
            out["games_per_second"] = round(games / elapsed, 2) if elapsed > 0 else None
        out["win_rates"] = [rate(w) for w in self.wins]
        out["draw_rate"] = rate(self.draws)
        out["first_seat_advantage"] = round(rate(self.wins[0]) - (decided / games / players if games else 0), 4)
        out["level_wins"] = dict(self.level_wins)
        out["level_win_rates"] = {lv: round(w / (self.level_seats[lv] or 1), 4) for lv, w in self.level_wins.items()}
        out["think_ms"] = {
            lv: {"mean": round(1000 * s / n, 2) if n else 0, "max": round(1000 * m, 1), "decisions": n}
            for lv, (s, n, m) in sorted(self.think.items())
        }
        return out


def _play_range(args: tuple[Any, ...]) -> list[GameRecord]:
    game, players, options, seed, levels, rotate, indices = args
    module = get_game(game)
    return [play_game(module, players, options, seed + i, seating(levels, players, i, rotate))[0] for i in indices]


def simulate(
    game: str,
    games: int,
    seed: int,
    players: int | None = None,
    levels: list[str] | None = None,
    options: dict[str, Any] | None = None,
    rotate: bool = False,
    jobs: int = 1,
) -> dict[str, Any]:
    module = get_game(game)
    players = players or module.MIN_PLAYERS
    if not module.MIN_PLAYERS <= players <= module.MAX_PLAYERS:
        raise ValueError(f"{module.TITLE} is for {module.MIN_PLAYERS}-{module.MAX_PLAYERS} players, not {players}")
    levels = levels or ["random"]
    for level in levels:
        make_player(level, Rng(0))  # unknown levels fail before any game is played
    tally = Tally(game, players, levels)
    start = time.perf_counter()
    if jobs > 1 and games > 1:
        import multiprocessing

        chunks = [(game, players, options, seed, levels, rotate, range(j, games, jobs)) for j in range(jobs)]
        with multiprocessing.Pool(jobs) as pool:
            records = [r for part in pool.map(_play_range, chunks) for r in part]
        for record in records:
            tally.add(record)
    else:
        for record in _play_range((game, players, options, seed, levels, rotate, range(games))):
            tally.add(record)
    elapsed = time.perf_counter() - start
    return tally.summary(elapsed, [levels[i % len(levels)] for i in range(players)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m tabletop.simulate", description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, help="game id, e.g. war-of-the-worlds")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--bots", default="random", help="comma-separated levels, one per seat (cycled): random, easy, normal, hard")
    parser.add_argument("--rotate", action="store_true", help="turn the seating round by one seat every game")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (results do not depend on it)")
    parser.add_argument("--options", default=None, help="variant switches as JSON, e.g. '{\"tactical\": true}'")
    args = parser.parse_args(argv)
    try:
        options = json.loads(args.options) if args.options else None
        result = simulate(args.game, args.games, args.seed, args.players, args.bots.split(","), options, args.rotate, max(1, args.jobs))
    except (KeyError, ValueError) as exc:
        message = exc.args[0] if exc.args else str(exc)
        print(f"simulate: {message}", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0
