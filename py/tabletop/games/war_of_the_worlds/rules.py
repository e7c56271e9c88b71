"""The turn, one small decision at a time.

Strategic turn (the standard game):

1. ``place_pyramid`` — any size from your supply on any empty cell (mandatory);
2. ``war_machine_coaster_step`` — only after a large: turn that coaster a quarter
   turn and/or move it (to any place that keeps the L), each at most once, in either order,
   then ``Done`` (the step ends by itself once both were used);
3. ``move_step`` — step one of your other standing pyramids of the placed size, or
   any standing obstacle, one cell along an arrow onto an empty cell; never an
   obstacle straight back where the opponent just moved it from. Compulsory when
   possible; ``Skip`` is offered only when nothing can move;
4. ``review_destruction`` — doomed pyramids fall. When one alone meets the rule it
   falls at once; when several do, the player to act picks the next one (``Destroy``)
   and the rule is checked again, since each fall changes the strengths.

Tactical turn (option ``tactical``): three dice are rolled, the player keeps two in
the order they will be used, then performs or declines each die's action;
destruction is reviewed after every action.

``apply`` accepts exactly the moves ``legal_moves`` lists (so the two never
disagree); anything else raises ``IllegalMove`` saying why, in a player's words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tabletop.engine.events import event
from tabletop.engine.moves import Move, require_listed
from tabletop.engine.options import resolve_options
from tabletop.engine.outcome import Outcome
from tabletop.engine.pyramids import SIZES, Size
from tabletop.games.war_of_the_worlds import board
from tabletop.games.war_of_the_worlds.board import CELL_NAMES, QUADRANTS, coaster_of, geometry
from tabletop.games.war_of_the_worlds.destruction import doomed, is_full, topple
from tabletop.games.war_of_the_worlds.facts import EMPTY, NEUTRAL, SEAT_NAMES, TITLE, default_options
from tabletop.games.war_of_the_worlds.moves import (
    ACTIONS,
    CODEC,
    DECLINE,
    DONE,
    FACES,
    SKIP,
    Decline,
    Destroy,
    Done,
    Keep,
    Place,
    Relocate,
    Rotate,
    Skip,
    Step,
    WildAs,
)
from tabletop.games.war_of_the_worlds.scoring import final_outcome
from tabletop.games.war_of_the_worlds.state import ACTION, COASTER, DESTROY, DICE, IDLE_TURNS_LIMIT, MOVE, OVER, PLACE, WILD, State, setup
from tabletop.games.war_of_the_worlds.telling import layout_json

# Interned moves: legal move lists are rebuilt often (bots, validation), so reuse objects.
_PLACES = {(size, name): Place(size, name) for size in SIZES for name in CELL_NAMES}
_STEPS: dict[tuple[str, str], Step] = {}
_ROTATES = {(c, t): Rotate(c, t) for c in range(3) for t in ("cw", "ccw")}
_RELOCATES = {(c, q): Relocate(c, q) for c in range(3) for q in QUADRANTS}
_WILDS = [WildAs(face) for face in ACTIONS]
SMALL_OR_MEDIUM = (Size.SMALL, Size.MEDIUM)
LARGE_ONLY = (Size.LARGE,)


def step_move(source: str, target: str) -> Step:
    move = _STEPS.get((source, target))
    if move is None:
        move = _STEPS[source, target] = Step(source, target)
    return move


# --------------------------------------------------------------------------- legal moves


def legal_moves(state: State) -> list[Move]:
    """Every decision open to the player to act, in a stable order; [] once the game is over."""
    cached = state.legal_cache
    if cached is None:
        cached = state.legal_cache = find_legal_moves(state)
    return list(cached)


def find_legal_moves(state: State) -> list[Move]:
    phase = state.phase
    if phase == PLACE:
        return placements(state, SIZES)
    if phase == COASTER:
        return war_machine_options(state)
    if phase == MOVE:
        return steps(state, strategic_movers(state)) or [SKIP]
    if phase == DESTROY:
        names = geometry(state.layout).names
        return [Destroy(names[slot]) for slot in doomed(state)]
    if phase == DICE:
        return dice_choices(state.dice)
    if phase == WILD:
        return list(_WILDS)
    if phase == ACTION:
        return action_options(state) + [DECLINE]
    return []


def placements(state: State, sizes: Iterable[Size]) -> list[Move]:
    """Place moves: each size the player still has, on each empty cell (reading order)."""
    supply = state.supply[state.player]
    sizes = [s for s in sizes if supply[s] > 0]
    geo = geometry(state.layout)
    side = state.side
    empty = [geo.names[slot] for slot in geo.reading_order if side[slot] == EMPTY]
    return [_PLACES[size, name] for size in sizes for name in empty]


def war_machine_options(state: State) -> list[Move]:
    """After a large: turn its coaster (once), move it (once), or finish."""
    coaster = coaster_of(state.placed)
    out: list[Move] = []
    if not state.rotated:
        out += [_ROTATES[coaster, "cw"], _ROTATES[coaster, "ccw"]]
    if not state.relocated:
        out += [_RELOCATES[coaster, q] for q in board.relocation_targets(state.layout, coaster)]
    out.append(DONE)
    return out


def strategic_movers(state: State) -> list[int]:
    """Slots that may step in step 3: your standing pyramids of the placed size (not the
    one just placed) and every standing obstacle."""
    side, size, up, me, wanted, placed = state.side, state.size, state.up, state.player, state.placed_size, state.placed
    return [
        s
        for s in geometry(state.layout).reading_order
        if up[s] and (side[s] == NEUTRAL or (side[s] == me and size[s] == wanted and s != placed))
    ]


def steps(state: State, movers: Iterable[int]) -> list[Move]:
    """One-cell moves along an arrow onto an empty cell, minus undoing the opponent's obstacle moves."""
    geo = geometry(state.layout)
    side, forbidden, names = state.side, state.forbidden, geo.names
    out: list[Move] = []
    for slot in movers:
        for target in geo.steps[slot]:
            if side[target] != EMPTY:
                continue
            if forbidden and side[slot] == NEUTRAL and (slot, target) in forbidden:
                continue
            out.append(step_move(names[slot], names[target]))
    return out


def swaps(state: State) -> list[Move]:
    """Tactical Swap: a quarter turn either way, or a move, of any one coaster."""
    out: list[Move] = []
    for coaster in range(3):
        out += [_ROTATES[coaster, "cw"], _ROTATES[coaster, "ccw"]]
        out += [_RELOCATES[coaster, q] for q in board.relocation_targets(state.layout, coaster)]
    return out


_DICE_CHOICES: dict[tuple[str, ...], list[Move]] = {}


def dice_choices(dice: tuple[str, ...]) -> list[Move]:
    """Every ordered pair of two different dice of the roll (equal faces listed once)."""
    out = _DICE_CHOICES.get(dice)
    if out is None:
        out = []
        for i, first in enumerate(dice):
            for j, second in enumerate(dice):
                if i != j and Keep(first, second) not in out:
                    out.append(Keep(first, second))
        _DICE_CHOICES[dice] = out
    return list(out)


def action_options(state: State) -> list[Move]:
    """What the current die's action allows (``Decline`` is added by the caller)."""
    action = state.action
    if action == "tip":
        return placements(state, SMALL_OR_MEDIUM)
    if action == "hop":
        return placements(state, LARGE_ONLY)
    if action == "swap":
        return swaps(state)
    side, up = state.side, state.up
    wanted = state.player if action == "dig" else NEUTRAL
    movers = [s for s in geometry(state.layout).reading_order if up[s] and side[s] == wanted]
    return steps(state, movers)


# --------------------------------------------------------------------------- apply


def apply(state: State, move: Move) -> State:
    """A new state after ``move``; raises IllegalMove (state untouched) unless it is legal."""
    CODEC.check(move)
    legal = state.legal_cache or legal_moves(state)
    move = require_listed(move, legal, lambda m: why_illegal(state, m))
    new = state.copy()
    _HANDLERS[type(move)](new, move)
    new.moves += 1
    return new


def place_pyramid(state: State, move: Place) -> None:
    """Put a pyramid from the supply on an empty cell."""
    geo = geometry(state.layout)
    slot = geo.slot_named[move.cell]
    me = state.player
    state.side[slot], state.size[slot], state.up[slot] = me, int(move.size), True
    state.supply[me][move.size] -= 1
    say(state, "placed", owner=me, size=str(move.size), slot=slot)
    if state.tactical:
        state.placed_any = True
        review_destruction(state)
        return
    state.placed, state.placed_size = slot, int(move.size)
    if move.size == Size.LARGE:
        state.phase, state.rotated, state.relocated = COASTER, False, False
    else:
        state.phase = MOVE


def rotate_coaster(state: State, move: Rotate) -> None:
    """A quarter turn: everything on the coaster, arrows included, turns with it."""
    before = state.layout
    state.layout = board.rotated(before, move.coaster, move.turn == "cw")
    say(state, "coaster-turned", coaster=move.coaster, turn=move.turn, before=layout_json(before), after=layout_json(state.layout))
    state.rotated = True
    after_coaster_change(state)


def relocate_coaster(state: State, move: Relocate) -> None:
    """Lift a coaster to another place that keeps the L; its pyramids ride along."""
    before = state.layout
    state.layout = board.relocated(before, move.coaster, move.to)
    say(state, "coaster-moved", coaster=move.coaster, before=layout_json(before), after=layout_json(state.layout))
    state.relocated = True
    after_coaster_change(state)


def after_coaster_change(state: State) -> None:
    if state.tactical:
        review_destruction(state)
    elif state.rotated and state.relocated:
        state.phase = MOVE  # nothing left to do with the coaster


def finish_coaster_step(state: State, move: Done) -> None:
    say(state, "done", coaster=coaster_of(state.placed))
    state.phase = MOVE


def step_pyramid(state: State, move: Step) -> None:
    """Slide a standing pyramid one cell along an arrow; obstacle moves are remembered
    so that the opponent cannot undo them next turn."""
    geo = geometry(state.layout)
    a, b = geo.slot_named[move.source], geo.slot_named[move.target]
    side, size = state.side, state.size
    side[b], size[b], state.up[b] = side[a], size[a], True
    side[a], size[a], state.up[a] = EMPTY, 0, False
    if side[b] == NEUTRAL:
        state.obstacle_moves = tuple(m for m in state.obstacle_moves if m[1] != a) + ((a, b),)
    say(state, "stepped", owner=owner_of(side[b]), size=str(Size(size[b])), **{"from": a, "to": b})
    review_destruction(state)


def skip_move_step(state: State, move: Skip) -> None:
    say(state, "no-move")
    review_destruction(state)


def destroy_pyramid(state: State, move: Destroy) -> None:
    fall(state, geometry(state.layout).slot_named[move.cell])
    review_destruction(state)


def review_destruction(state: State) -> None:
    """Topple doomed pyramids: a lone candidate falls at once, a choice of several is
    put to the player to act (phase DESTROY). Then the turn (or action) goes on."""
    while True:
        candidates = doomed(state)
        if not candidates:
            break
        if len(candidates) > 1:
            state.phase = DESTROY
            return
        fall(state, candidates[0])
    if state.tactical:
        next_action(state)
    else:
        end_turn(state)


def fall(state: State, slot: int) -> None:
    topple(state, slot)
    rules_say(state, "destroyed", owner=owner_of(state.side[slot]), size=str(Size(state.size[slot])), slot=slot)


def end_turn(state: State) -> None:
    """Check for the end of the game, then hand over to the opponent."""
    if is_full(state):
        return finish(state, "full-board")
    if state.tactical:
        state.idle_turns = 0 if state.placed_any else state.idle_turns + 1
        if state.idle_turns >= IDLE_TURNS_LIMIT:
            return finish(state, "stalled")
        if not any(any(s[1:]) for s in state.supply):
            return finish(state, "supplies")
    state.forbidden = tuple((b, a) for a, b in state.obstacle_moves)
    state.obstacle_moves = ()
    state.player ^= 1
    state.turn += 1
    state.placed, state.placed_size, state.placed_any = -1, 0, False
    state.rotated = state.relocated = False
    if state.tactical:
        roll_dice(state)
    else:
        state.phase = PLACE


def finish(state: State, ended_by: str) -> None:
    state.phase = OVER
    result = state.result = final_outcome(state, ended_by)
    facts = {key: result.details[key] for key in ("ended_by", "step", "standing", "standing_pips", "destroyed_enemy_pips")}
    rules_say(state, "end", winners=list(result.winners), **facts)


# --------------------------------------------------------------------------- tactical game


def roll_dice(state: State) -> None:
    """Chance: three Treehouse dice from the game's own generator."""
    state.dice = tuple(FACES[state.rng.below(6)] for _ in range(3))
    state.epoch += 1
    state.phase, state.plan, state.action = DICE, (), ""
    say(state, "rolled", dice=list(state.dice))


def keep_dice(state: State, move: Keep) -> None:
    say(state, "kept", first=move.first, second=move.second)
    state.plan = (move.first, move.second)
    next_action(state)


def next_action(state: State) -> None:
    """Start the next kept die's action, or end the turn when both are used."""
    if not state.plan:
        state.action = ""
        return end_turn(state)
    face, state.plan = state.plan[0], state.plan[1:]
    if face == "wild":
        state.phase, state.action = WILD, ""
    else:
        state.phase, state.action = ACTION, face


def choose_wild(state: State, move: WildAs) -> None:
    say(state, "wild", face=move.face)
    state.phase, state.action = ACTION, move.face


def decline_action(state: State, move: Decline) -> None:
    say(state, "declined", action=state.action)
    next_action(state)


_HANDLERS: dict[type[Move], Callable[[State, Any], object]] = {
    Place: place_pyramid,
    Rotate: rotate_coaster,
    Relocate: relocate_coaster,
    Done: finish_coaster_step,
    Step: step_pyramid,
    Skip: skip_move_step,
    Destroy: destroy_pyramid,
    Keep: keep_dice,
    WildAs: choose_wild,
    Decline: decline_action,
}


def say(state: State, kind: str, **facts: Any) -> None:
    """Record what the player to act just did (``telling`` lists the kinds and says them)."""
    state.events.append(event(kind, state.moves, state.player, **facts))


def rules_say(state: State, kind: str, **facts: Any) -> None:
    """Record what the rules themselves did (a setup, a destruction, the end): no seat did it."""
    state.events.append(event(kind, state.moves, None, **facts))


def owner_of(side: int) -> int | None:
    """A piece's owner as events say it: a seat, or None for an obstacle."""
    return None if side == NEUTRAL else side


# --------------------------------------------------------------------------- explaining refusals

PROMPTS = {
    PLACE: "place a pyramid from their supply",
    COASTER: "turn or move the war machine's coaster, or finish that step",
    MOVE: "move a pyramid along an arrow",
    DESTROY: "choose which pyramid falls next",
    DICE: "choose two of the dice",
    WILD: "choose what the Wild stands for",
    ACTION: "perform or decline the die's action",
}


def prompt(state: State) -> str:
    """What the player to act must decide now, in words."""
    if state.phase == OVER:
        return "The game is over."
    who = SEAT_NAMES[state.player]
    if state.phase == MOVE:
        return f"{who} must move one of their other {Size(state.placed_size)}s or an obstacle along an arrow"
    if state.phase == ACTION:
        return f"{who} may use the {state.action.capitalize()}: {ACTION_WORDS[state.action]}, or decline it"
    return f"{who} must {PROMPTS[state.phase]}"


ACTION_WORDS = {
    "tip": "place a small or medium",
    "hop": "place a large",
    "swap": "turn or move one coaster",
    "dig": "move one of their pyramids along an arrow",
    "aim": "move an obstacle along an arrow",
}


def why_illegal(state: State, move: Move) -> str:
    """A player's explanation of why ``move`` is refused here."""
    if state.phase == OVER:
        return "The game is over."
    expected = {type(m) for m in legal_moves(state)}
    if type(move) not in expected:
        return f"Not now: {prompt(state)}."
    geo = geometry(state.layout)
    if isinstance(move, Place):
        slot = geo.slot_named.get(move.cell)
        if slot is None:
            return f"There is no cell {move.cell} on the board."
        if state.side[slot] != EMPTY:
            return f"{move.cell} is already taken."
        if state.supply[state.player][move.size] == 0:
            return f"{SEAT_NAMES[state.player]} have no {move.size} pyramids left."
        return f"The {state.action.capitalize()} does not place a {move.size}."
    if isinstance(move, Step):
        a, b = geo.slot_named.get(move.source), geo.slot_named.get(move.target)
        if a is not None and (a, b) in state.forbidden and state.side[a] == NEUTRAL:
            return "That would undo the obstacle move your opponent just made."
        if b is not None and state.side[b] != EMPTY:
            return f"{move.target} is not empty."
        if a is None or b not in geo.steps[a]:
            return f"No arrow leads from {move.source} to {move.target}."
        return f"The pyramid on {move.source} may not move now."
    if isinstance(move, Destroy):
        return f"The pyramid on {move.cell} does not meet the rule for falling now."
    if isinstance(move, (Rotate, Relocate)):
        return "That coaster cannot be turned or moved like that now."
    if isinstance(move, Keep):
        return "Keep two of the dice you rolled."
    return f"Not now: {prompt(state)}."


def new_game(seats: int = 2, options: dict[str, Any] | None = None, seed: int = 0) -> State:
    """Set up the L with its three obstacles; Aliens to play (after their roll, if tactical)."""
    if seats != 2:
        raise ValueError(f"{TITLE} is for 2 players, not {seats}")
    opts = resolve_options(default_options(), options)
    state = setup(opts["tactical"], seed)
    rules_say(state, "landed")
    if state.tactical:
        roll_dice(state)
    return state


def to_act(state: State) -> int | None:
    return None if state.phase == OVER else state.player


def outcome(state: State) -> Outcome | None:
    return state.result


def epoch(state: State) -> int:
    return state.epoch
