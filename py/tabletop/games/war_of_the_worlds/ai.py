"""The computer player of The War of the Worlds: whole-turn search with an evaluation.

Nothing is hidden here except the dice still to be rolled, so the computer rebuilds
the exact position from the view (``state_from_view``) with a random generator of
its own for the dice it cannot know, and searches whole turns
(``tabletop.ai.turns``): every way to place, turn or move the war machine's
coaster, step and choose what falls, scored by ``evaluate``.

The evaluation counts standing pyramids (the first scoring step), each weighed by
the chance that it survives: a pyramid whose surrounding cells are all filled is
safe or doomed by the destruction rule; one with empty cells left around it is at
risk according to how many are left, who fills the next one and its margin
(friendly pips around it minus enemy pips). The board always fills up, so every
pyramid is judged in the end. Fewer standing pips and more enemy pips destroyed
(the later scoring steps) break ties.

Levels:

- easy: one whole turn deep with the pyramid count and immediate threats only, and
  one turn in four a lesser plan among the best few (overlooked dangers);
- normal: one whole turn deep, full evaluation;
- hard: the best twelve turns are checked against the opponent's best answer
  (two whole turns deep).

A planned turn is remembered (``memory``), so its later decisions are instant.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator
from typing import Any

from tabletop.ai.levels import Budget
from tabletop.ai.mcts import Rules
from tabletop.ai.search import Decided, Search
from tabletop.ai.turns import TurnSearch
from tabletop.engine.moves import Move
from tabletop.engine.rng import Rng
from tabletop.games.war_of_the_worlds import rules as wr
from tabletop.games.war_of_the_worlds.board import QUADRANTS, geometry
from tabletop.games.war_of_the_worlds.facts import EMPTY, NEUTRAL, SIDE_KEYS
from tabletop.games.war_of_the_worlds.state import COASTER, OVER, State

LEVEL_NOTES = {
    "easy": "Easy judges each way to finish its turn by the pyramids left standing and the threats it can see at once, and "
    "one turn in four settles for a lesser plan; it answers at once.",
    "normal": "Normal weighs every way to finish its turn (placement, coaster, step, what falls) with the full threat "
    "count; it answers in a fraction of a second.",
    "hard": "Hard also checks its twelve best turns against your best answer and keeps the one that holds up; it takes "
    "about half a second, rarely a second.",
}

BUDGETS = {
    "easy": Budget(1_500, 0.6),
    "normal": Budget(6_000, 1.2),
    "hard": Budget(24_000, 3.0),
}
SETTINGS: dict[str, dict[str, Any]] = {
    "easy": {"beam": 32, "replies": 0, "mistakes": 0.25, "simple": True},
    "normal": {"beam": 64, "replies": 0, "mistakes": 0.0, "simple": False},
    "hard": {"beam": 64, "replies": 12, "reply_beam": 20, "mistakes": 0.0, "simple": False},
}
SIZE_OF = {"small": 1, "medium": 2, "large": 3}


# --------------------------------------------------------------------------- the position from the view


def state_from_view(view: dict[str, Any], rng: Rng) -> State:
    """The position the view shows, as a game state (the dice to come from ``rng``).

    Everything that decides the game is in the view; this turn's obstacle moves (which
    the opponent may not undo next turn) and whether a pyramid was placed this turn
    (tactical) are read back from the public events.
    """
    layout = tuple((QUADRANTS.index(c["quadrant"]), int(c["rotation"])) for c in view["board"]["coasters"])
    side, size, up = [EMPTY] * 27, [0] * 27, [False] * 27
    for c in view["board"]["coasters"]:
        for square, cell in enumerate(c["cells"]):
            piece = cell["piece"]
            if piece is not None:
                slot = c["id"] * 9 + square
                side[slot] = SIDE_KEYS.index(piece["side"])
                size[slot] = int(piece["pips"])
                up[slot] = bool(piece["standing"])
    geo = geometry(layout)
    player = view["to_act"] if view["to_act"] is not None else 0
    placed = geo.slot_named[view["placed"]] if view.get("placed") else -1
    step = view.get("coaster_step") or {}
    obstacle_moves, placed_any = this_turn(view["events"], player)
    tactical = view["mode"] == "tactical"
    state = State(
        tactical=tactical,
        layout=layout,
        side=side,
        size=size,
        up=up,
        supply=[[0] + [int(view["supply"][s][k]) for k in ("small", "medium", "large")] for s in (0, 1)],
        player=player,
        phase=view["phase"],
        turn=int(view["turn"]),
        placed=placed,
        placed_size=size[placed] if placed >= 0 else 0,
        rotated=bool(step.get("rotated")) if view["phase"] == COASTER else False,
        relocated=bool(step.get("moved")) if view["phase"] == COASTER else False,
        forbidden=tuple((geo.slot_named[m["source"]], geo.slot_named[m["target"]]) for m in view["no_undo"]),
        obstacle_moves=obstacle_moves,
        dice=tuple(view["dice"]),
        plan=tuple(view["plan"]),
        action=view["action"] or "",
        placed_any=placed_any and tactical,
        idle_turns=int(view["idle_turns"]),
        rng=Rng(rng.next_u64()),
        epoch=int(view["epoch"]),
    )
    return state


def this_turn(events: list[dict[str, Any]], player: int) -> tuple[tuple[tuple[int, int], ...], bool]:
    """(obstacle moves made so far this turn as slot pairs, whether a pyramid was placed), read
    back from the public events: this turn's run of ``player``'s events, back to their roll, the
    other side's last event or the landing."""
    moves: tuple[tuple[int, int], ...] = ()
    placed_any = False
    turn = []
    for e in reversed(events):
        if e["kind"] == "landed" or e["seat"] not in (None, player) or (e["kind"] == "rolled" and e["seat"] == player):
            break
        turn.append(e)
    for e in reversed(turn):
        if e["kind"] == "stepped" and e["owner"] is None and e["seat"] == player:
            moves = tuple(m for m in moves if m[1] != e["from"]) + ((e["from"], e["to"]),)
        elif e["kind"] == "placed":
            placed_any = True
    return moves, placed_any


# --------------------------------------------------------------------------- playing inside the search


def fast_apply(state: State, move: Move) -> State:
    """``apply`` without the legality check (the search only plays moves the rules listed)."""
    new = state.copy()
    wr._HANDLERS[type(move)](new, move)
    return new


def key(state: State) -> Hashable:
    """Everything that decides the rest of the game (for merging equal positions)."""
    return (
        state.layout,
        tuple(state.side),
        tuple(state.size),
        tuple(state.up),
        tuple(state.supply[0]),
        tuple(state.supply[1]),
        state.player,
        state.phase,
        state.placed,
        state.rotated,
        state.relocated,
        state.forbidden,
        state.obstacle_moves,
        state.dice,
        state.plan,
        state.action,
        state.idle_turns,
        state.placed_any,
    )


def to_act(state: State) -> int | None:
    return None if state.phase == OVER else state.player


def outcome(state: State) -> Any:
    return state.result


RULES = Rules(wr.find_legal_moves, fast_apply, to_act, outcome, 2)


# --------------------------------------------------------------------------- the evaluation

# Chance that a standing pyramid falls, by (empty cells around it, its owner fills next?),
# for margins (friendly minus enemy pips) below 0, from 0 to 2, and 3 or more.
FALL_CHANCE = {
    (1, False): (0.9, 0.8, 0.15),
    (2, False): (0.55, 0.35, 0.12),
    (1, True): (0.5, 0.15, 0.05),
    (2, True): (0.4, 0.25, 0.1),
}
FAR_CHANCE = (0.3, 0.18, 0.1)  # three or more empty cells around it
SCALE = 1.1  # logistic slope: value of one standing pyramid more


def survival(state: State, simple: bool = False) -> tuple[float, float]:
    """Expected standing pyramids per side (the threat analysis described in the module doc)."""
    geo = geometry(state.layout)
    side, size, up = state.side, state.size, state.up
    neighbours = geo.neighbours
    mover = state.player
    expect = [0.0, 0.0]
    for slot in range(27):
        me = side[slot]
        if me > 1 or me < 0 or not up[slot]:
            continue
        attack = defence = empty = 0
        for n in neighbours[slot]:
            other = side[n]
            if other == EMPTY:
                empty += 1
            elif up[n]:
                if other == me:
                    defence += size[n]
                elif other != NEUTRAL:
                    attack += size[n]
        margin = defence - attack
        if empty == 0:
            fall = 1.0 if margin < 0 else 0.0
        elif simple:
            fall = 0.7 if empty == 1 and margin < 0 and mover != me else 0.0
        else:
            row = FALL_CHANCE.get((empty, mover == me), FAR_CHANCE)
            fall = row[0] if margin < 0 else row[1] if margin < 3 else row[2]
        expect[me] += 1.0 - fall
    return expect[0], expect[1]


def evaluate(state: State, simple: bool = False) -> list[float]:
    """[Aliens, Humans]: a win chance estimate in 0..1 (exact once the game is over)."""
    result = state.result
    if result is not None:
        if not result.winners:
            return [0.5, 0.5]
        return [1.0, 0.0] if result.winners[0] == 0 else [0.0, 1.0]
    aliens, humans = survival(state, simple)
    pips = [0, 0]
    lying = [0, 0]
    for s, n, u in zip(state.side, state.size, state.up):
        if s == 0 or s == 1:
            if u:
                pips[s] += n
            else:
                lying[s] += n
    diff = aliens - humans - 0.02 * (pips[0] - pips[1]) + 0.01 * (lying[1] - lying[0])
    x = 1.0 / (1.0 + math.exp(-SCALE * diff))
    return [x, 1.0 - x]


def simple_evaluate(state: State) -> list[float]:
    return evaluate(state, simple=True)


# --------------------------------------------------------------------------- the decision


class PlannedTurn(Search):
    """A turn search that remembers the rest of its chosen turn for the next decisions."""

    def __init__(self, search: TurnSearch, memory: dict[str, Any]):
        self.search = search
        self.memory = memory

    @property
    def iterations(self) -> int:  # type: ignore[override]
        return self.search.iterations

    def work(self) -> Iterator[None]:
        return self.search.work()

    def best(self) -> Move:
        move: Move = self.search.best()
        plan = self.search.plan()
        state = self.search.state
        remembered = {}
        for i, m in enumerate(plan[:-1]):
            state = fast_apply(state, m)
            remembered[key(state)] = plan[i + 1]
        self.memory["plan"] = remembered
        return move


def searcher(view: dict[str, Any], legal: list[Any], seat: int, level: str, rng: Rng, memory: dict[str, Any]) -> Search:
    state = state_from_view(view, rng)
    planned = memory.get("plan", {}).get(key(state))
    if planned is not None and planned in legal:
        return Decided(planned)
    settings = dict(SETTINGS.get(level, SETTINGS["normal"]))
    evaluation = simple_evaluate if settings.pop("simple") else evaluate
    search = TurnSearch(RULES, state, seat, rng, evaluation, key, budget=BUDGETS.get(level, BUDGETS["normal"]).iterations, **settings)
    return PlannedTurn(search, memory)
