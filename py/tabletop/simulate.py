"""Play many games between bots and print one JSON line of statistics.

    PYTHONPATH=py python3 -m tabletop.simulate --game tower-battle --games 500 --seed 1

Keys: game, games, players, bots, mean_moves, wins (per seat), draws,
first_seat_win_rate, unfinished (games stopped by the move cap), ms_per_game,
games_per_second. Game ``i`` uses seed ``seed + i``, so any single game can be
replayed from its number.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from tabletop.engine.rng import Rng
from tabletop.games import get_game
from tabletop.players import make_player

MOVE_CAP = 100_000


def play_one(module, players: int, options: dict | None, seed: int, levels: list[str]) -> tuple[object, int]:
    """Play one game to its end (or the move cap); return (outcome or None, moves made)."""
    state = module.new_game(players, options, seed)
    bot_rng = Rng(seed ^ 0x5EED)
    bots = [make_player(levels[i % len(levels)], bot_rng.fork()) for i in range(players)]
    moves = 0
    while module.outcome(state) is None and moves < MOVE_CAP:
        seat = module.to_act(state)
        state = module.apply(state, bots[seat](module, state, seat))
        moves += 1
    return module.outcome(state), moves


def simulate(game: str, games: int, seed: int, players: int | None = None, levels: list[str] | None = None, options: dict | None = None) -> dict:
    module = get_game(game)
    players = players or module.MIN_PLAYERS
    if not module.MIN_PLAYERS <= players <= module.MAX_PLAYERS:
        raise ValueError(f"{module.TITLE} is for {module.MIN_PLAYERS}-{module.MAX_PLAYERS} players, not {players}")
    levels = levels or ["random"]
    wins = [0] * players
    draws = unfinished = total_moves = 0
    start = time.perf_counter()
    for i in range(games):
        result, moves = play_one(module, players, options, seed + i, levels)
        total_moves += moves
        if result is None:
            unfinished += 1
        elif result.is_draw:
            draws += 1
        else:
            for w in result.winners:
                wins[w] += 1
    elapsed = time.perf_counter() - start
    return {
        "game": game,
        "games": games,
        "players": players,
        "bots": [levels[i % len(levels)] for i in range(players)],
        "mean_moves": round(total_moves / games, 2) if games else 0,
        "wins": wins,
        "draws": draws,
        "first_seat_win_rate": round(wins[0] / games, 4) if games else 0,
        "unfinished": unfinished,
        "ms_per_game": round(1000 * elapsed / games, 3) if games else 0,
        "games_per_second": round(games / elapsed, 2) if elapsed > 0 else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m tabletop.simulate", description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, help="game id, e.g. war-of-the-worlds")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--bots", default="random", help="comma-separated levels, one per seat (cycled)")
    parser.add_argument("--options", default=None, help='variant switches as JSON, e.g. \'{"tactical": true}\'')
    args = parser.parse_args(argv)
    try:
        options = json.loads(args.options) if args.options else None
        result = simulate(args.game, args.games, args.seed, args.players, args.bots.split(","), options)
    except (KeyError, ValueError) as exc:
        message = exc.args[0] if exc.args else str(exc)
        print(f"simulate: {message}", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
