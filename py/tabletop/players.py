"""Who makes a seat's decisions when no person does: bots for simulation and play.

A player is a callable ``(module, state, seat) -> move``. The random player
picks uniformly among the legal moves with its own seeded ``Rng``; the computer
levels (easy, normal, hard) register here as each game's ``ai`` module lands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.engine.rng import Rng

Player = Callable[[Any, Any, int], Any]


def random_player(rng: Rng) -> Player:
    def choose(module: Any, state: Any, seat: int) -> Any:
        return rng.choice(module.legal_moves(state))

    return choose


LEVELS: dict[str, Callable[[Rng], Player]] = {"random": random_player}


def make_player(level: str, rng: Rng) -> Player:
    try:
        factory = LEVELS[level]
    except KeyError:
        raise KeyError(f"unknown player level {level!r} (known: {', '.join(LEVELS)})") from None
    return factory(rng)
