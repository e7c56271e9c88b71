"""Shared helpers for the Tower War computer-player tests: re-dealing what a seat cannot
see, collecting decision points from real games, and quick deck comparisons."""

from __future__ import annotations

import bisect
import copy
import itertools

from tabletop.engine.rng import Rng
from tabletop.games.tower_war import ai
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war.scoring import battle_total
from tabletop.games.tower_war.state import State
from tabletop.games.tower_war.views import view


def redeal(s: State, seat: int, seed: int) -> State:
    """A state ``seat`` cannot tell from ``s``: every card hidden from it dealt anew into
    the same places (same counts), its own deck reordered, and a fresh generator."""
    t = s.copy()
    rng = Rng(seed)
    other = 1 - seat
    slots = [t.hand[other], t.deck[other], t.unused[other], t.drafted[other], t.kept[other], t.set_aside, t.draft_deck]
    if t.base_card is None:  # during the draft a player's own drafted cards are face down too
        slots.append(t.drafted[seat])
    pool = [c for slot in slots for c in slot]
    rng.shuffle(pool)
    for slot in slots:
        n = len(slot)
        slot[:] = pool[:n]
        del pool[:n]
    rng.shuffle(t.deck[seat])
    t.rng = Rng(seed * 31 + 7)
    return t


def decision_points(seed: int, levels: tuple[str, str], per_phase: int, skip: int = 0):
    """(state, that seat's memory) at decisions with a real choice in one game played by
    ``levels``: ``per_phase`` of each phase (split, take, build, play, place, drop),
    after skipping the first ``skip`` of each."""
    s = r.new_game(2, None, seed)
    rng = Rng(seed)
    memories: list[dict] = [{}, {}]
    seen: dict[str, int] = {}
    out = []
    while s.result is None:
        legal = r.legal_moves(s)
        seat = s.actor
        if len(legal) > 1:
            seen[s.phase] = seen.get(s.phase, 0) + 1
            if skip < seen[s.phase] <= skip + per_phase:
                out.append((s, copy.deepcopy(memories[seat])))
        move = ai.choose(view(s, seat), legal, levels[seat], rng.fork(), memories[seat])
        s = r.apply(s, move)
    return out


def hand_totals(deck) -> list[int]:
    """The battle total of every three-card hand of ``deck`` (a joker copies the best
    card for it), sorted."""
    out = []
    for hand in itertools.combinations(deck, 3):
        plain = [c for c in hand if not c.is_joker]
        jokers = len(hand) - len(plain)
        if not plain:
            out.append(0)
            continue
        out.append(max(battle_total(plain + list(copy)) for copy in itertools.product(plain, repeat=jokers)))
    return sorted(out)


def battle_edge(deck_a, deck_b) -> float:
    """Chance that three cards of ``deck_a`` out-total three of ``deck_b`` (ties half)."""
    a, b = hand_totals(deck_a), hand_totals(deck_b)
    wins = sum(bisect.bisect_left(b, x) + 0.5 * (bisect.bisect_right(b, x) - bisect.bisect_left(b, x)) for x in a)
    return wins / (len(a) * len(b))
