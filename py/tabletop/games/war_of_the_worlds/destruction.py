"""Destruction: when a surrounded pyramid is outgunned, it falls.

A standing pyramid falls when every cell around it that exists on the L is
occupied (standing or lying, any colour) and the attack against it is greater than
its defence. For an Alien or Human pyramid the attack is the pips of standing
enemies around it and the defence the pips of standing friends around it (itself
not included; obstacles help neither). For an obstacle the attack is every
standing coloured pyramid around it and the defence the standing obstacles.
"""

from __future__ import annotations

from tabletop.games.war_of_the_worlds.board import geometry
from tabletop.games.war_of_the_worlds.facts import EMPTY, NEUTRAL
from tabletop.games.war_of_the_worlds.state import State


def strengths(state: State, slot: int) -> tuple[int, int] | None:
    """(attack, defence) on the pyramid at ``slot``, or None while it is not surrounded."""
    side, size, up = state.side, state.size, state.up
    me = side[slot]
    attack = defence = 0
    for n in geometry(state.layout).neighbours[slot]:
        other = side[n]
        if other == EMPTY:
            return None
        if not up[n]:
            continue
        if other == me:
            defence += size[n]  # friends; for an obstacle, the other obstacles
        elif other != NEUTRAL:
            attack += size[n]  # enemies; for an obstacle, every coloured pyramid
    return attack, defence


def doomed(state: State) -> list[int]:
    """Slots of every standing pyramid that meets the rule now, in reading order."""
    geo = geometry(state.layout)
    side, size, up = state.side, state.size, state.up
    occupied = 0
    for slot, who in enumerate(side):
        if who != EMPTY:
            occupied |= 1 << slot
    masks = geo.neighbour_masks
    out = []
    for slot in geo.reading_order:
        if not up[slot] or occupied & masks[slot] != masks[slot]:
            continue
        me = side[slot]
        attack = defence = 0
        for n in geo.neighbours[slot]:
            if up[n]:
                other = side[n]
                if other == me:
                    defence += size[n]
                elif other != NEUTRAL:
                    attack += size[n]
        if attack > defence:
            out.append(slot)
    return out


def topple(state: State, slot: int) -> None:
    """Lay the pyramid at ``slot`` down: it stays on its cell but is out of the war."""
    state.up[slot] = False


def is_full(state: State) -> bool:
    """All 27 cells are occupied (standing or lying)."""
    return EMPTY not in state.side
