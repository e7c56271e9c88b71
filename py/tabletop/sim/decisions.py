"""A computer seat's decision in any game: the game's own ``ai`` over the shared search library.

The computer is handed ``view(state, seat)`` and the legal moves, never the state
itself; hidden cards are guessed by dealing them anew many times
(``ismcts``), open boards are searched directly (``turns``, ``mcts``).

How a game plugs in: ``tabletop.games.<package>.ai`` may offer

``searcher(view, legal, seat, level, rng, memory) -> Search``
    the whole decision, any algorithm (``memory`` is a dict the same computer
    seat keeps from one decision to the next, e.g. the rest of a planned turn);
``determinize(view, seat, rng) -> State``
    otherwise: a full state consistent with the view. The shared
    information-set tree search then plays every level, helped by the optional
    ``evaluate(state) -> [value per seat in 0..1]`` (cut-off playouts),
    ``rollout_move(state, legal, rng)`` (the playout policy), ``fast_apply``
    (an unchecked ``apply``) and ``TREE`` (level -> TreeSearch options such as
    ``rollout_depth``; ``iterations`` defaults to the level's budget);
``BUDGETS``
    level -> ``levels.Budget`` (iterations and the time cap).

A game with no ``ai`` module (yet) is played at every level by a seeded random
choice among the legal moves, so a new game is always playable against the computer.

>>> from tabletop.games import GAMES
>>> from tabletop.engine.rng import Rng
>>> wotw = GAMES["war-of-the-worlds"]
>>> s = wotw.new_game(2, None, 1)
>>> move = decide(wotw, wotw.view(s, 0), wotw.legal_moves(s), 0, "normal", Rng(7))
>>> move in wotw.legal_moves(s)
True
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import TYPE_CHECKING, Any

from tabletop.ai.levels import BUDGETS, Budget
from tabletop.ai.mcts import Rules
from tabletop.ai.search import Decided, RandomSearch, Search, Thinking
from tabletop.engine.hooks import ai_hook
from tabletop.engine.moves import Move
from tabletop.engine.rng import Rng
from tabletop.games import entry_of
from tabletop.levels import LEVELS

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule

__all__ = ["Budget", "Search", "Thinking", "ai_module", "budget", "canonical", "decide", "level_notes", "searcher", "think"]

_AI_MODULES: dict[str, ModuleType | None] = {}


def ai_module(module: GameModule) -> ModuleType | None:
    """The game's ``ai`` module (its registry entry's), or None when it has none."""
    if module.ID not in _AI_MODULES:
        _AI_MODULES[module.ID] = entry_of(module.ID).ai
    return _AI_MODULES[module.ID]


def budget(module: GameModule, level: str) -> Budget:
    ai = ai_module(module)
    budgets = ai_hook(ai, "BUDGETS") or BUDGETS
    return budgets.get(level, BUDGETS.get(level, BUDGETS["normal"]))


def canonical(module: GameModule, legal: list[Move]) -> list[Move]:
    """The legal moves in an order that depends only on the moves (their JSON), not on
    how the engine happened to list them (e.g. the order cards were drawn)."""
    return sorted(legal, key=lambda m: json.dumps(module.move_to_json(m), sort_keys=True))


def searcher(
    module: GameModule, view: dict[str, Any], legal: list[Move], seat: int, level: str, rng: Rng, memory: dict[str, Any] | None = None
) -> Search:
    """The search that will choose ``seat``'s move at ``level`` (see the module doc)."""
    if not legal:
        raise ValueError("no legal move to choose from")
    legal = canonical(module, legal)
    memory = {} if memory is None else memory
    if len(legal) == 1:
        return Decided(legal[0])
    if level == "random":
        return RandomSearch(legal, rng)
    ai = ai_module(module)
    if ai_hook(ai, "searcher") is not None:
        search: Search = ai_hook(ai, "searcher")(view, legal, seat, level, rng, memory)
        return search
    if ai is not None and ai_hook(ai, "determinize") is not None:
        return tree_searcher(module, ai, view, legal, seat, level, rng)
    return RandomSearch(legal, rng)


def tree_searcher(module: GameModule, ai: ModuleType, view: dict[str, Any], legal: list[Move], seat: int, level: str, rng: Rng) -> Search:
    """The shared information-set tree search, driven by the game's ``determinize``."""
    from tabletop.ai.ismcts import ismcts

    options = dict(ai_hook(ai, "TREE").get(level, {}))
    iterations = options.pop("iterations", budget(module, level).iterations)
    rules = Rules.of(module, seat_count(module, ai, view), apply=ai_hook(ai, "fast_apply"))
    for name in ("evaluate", "rollout_move"):
        if ai_hook(ai, name) is not None:
            options.setdefault(name, ai_hook(ai, name))
    return ismcts(rules, lambda r: ai.determinize(view, seat, r), legal, seat, rng, iterations, **options)


def seat_count(module: GameModule, ai: ModuleType, view: dict[str, Any]) -> int:
    """How many seats the game in ``view`` has (the game's ``ai.seat_count`` knows best)."""
    count = ai_hook(ai, "seat_count")
    if count is not None:
        return int(count(view))
    fixed: int = module.MIN_PLAYERS
    if fixed == module.MAX_PLAYERS:
        return fixed
    players = view.get("players")
    return players if isinstance(players, int) else len(players or view.get("seats") or ()) or module.MIN_PLAYERS


def level_notes(games: dict[str, ModuleType]) -> tuple[str, list[str]]:
    """The help page's section on each game's computer levels, from the games' ``ai.LEVEL_NOTES``
    (level -> a sentence on its strength and think time). Imports the ai modules, so call it
    when the page is shown, not at start-up."""
    paragraphs = []
    for module in games.values():
        notes = ai_hook(ai_module(module), "LEVEL_NOTES")
        if notes:
            paragraphs.append(f"{module.TITLE}. " + " ".join(notes[lv] for lv in LEVELS if lv in notes))
    return ("The computer in each game", paragraphs or ["Every level plays at random in these games for now."])


def think(
    module: GameModule,
    view: dict[str, Any],
    legal: list[Move],
    seat: int,
    level: str,
    rng: Rng,
    memory: dict[str, Any] | None = None,
    time_cap: float | None | str = "level",
) -> Thinking:
    """A ``Thinking`` for one decision; ``time_cap="level"`` takes the level's cap."""
    cap = budget(module, level).time_cap if time_cap == "level" else time_cap
    return Thinking(searcher(module, view, legal, seat, level, rng, memory), cap)  # type: ignore[arg-type]  # not "level" here


def decide(
    module: GameModule,
    view: dict[str, Any],
    legal: list[Move],
    seat: int,
    level: str,
    rng: Rng,
    memory: dict[str, Any] | None = None,
    time_cap: float | None | str = "level",
) -> Any:
    """Think to the end (blocking) and return the move."""
    return think(module, view, legal, seat, level, rng, memory, time_cap).run()


assert set(LEVELS) <= set(BUDGETS)
