"""Who makes a seat's decisions when no person does: bots for simulation and play.

A player is a callable ``(module, state, seat) -> move``. The random player
picks uniformly among the legal moves with its own seeded ``Rng``. The computer
levels (easy, normal, hard) read only what the seat may know, ``module.view(state,
seat)`` and ``module.legal_moves(state)``, and think with ``tabletop.ai`` (a game
without an ``ai`` module is played at random at every level). These bots think to
their full iteration budget and never stop at a level's time cap (the cap guards the
browser), so the same seed always gives the same game, on any machine and load.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.engine.rng import Rng
from tabletop.levels import LEVELS
from tabletop.sim import decisions

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule

Player = Callable[[Any, Any, int], Any]


def random_player(rng: Rng) -> Player:
    def choose(module: GameModule, state: Any, seat: int) -> Any:
        return rng.choice(module.legal_moves(state))

    return choose


def computer_player(level: str, time_cap: float | None | str = None) -> Callable[[Rng], Player]:
    """A factory of ``level`` players; each remembers its own plans between decisions."""

    def factory(rng: Rng) -> Player:
        memory: dict[str, Any] = {}

        def choose(module: GameModule, state: Any, seat: int) -> Any:
            view = module.view(state, seat)
            legal = module.legal_moves(state)
            return decisions.decide(module, view, legal, seat, level, rng.fork(), memory, time_cap)

        return choose

    return factory


BOTS: dict[str, Callable[[Rng], Player]] = {"random": random_player, **{level: computer_player(level) for level in LEVELS}}
"""A factory of players for each level a bot can play at: ``random`` and the computer's levels."""


def make_player(level: str, rng: Rng) -> Player:
    try:
        factory = BOTS[level]
    except KeyError:
        raise KeyError(f"unknown player level {level!r} (known: {', '.join(BOTS)})") from None
    return factory(rng)
