"""A play that leaves its player without a legal build (with spade towers on both
foundations and a hand of diamonds, the only play was a forced discard, turn after turn, and
nothing warned that filling both foundations could lock the player out).

``locks_out`` answers for one play, before it is made: after it, would any card the player
keeps have a place, on the table as the play leaves it? The player draws up to seven at the
start of their next turn and the others play in between, so the answer is a warning, not a
certainty; the table shows it with the play's preview and the player still confirms.
"""

from __future__ import annotations

from tabletop.engine.cards import SUITS
from tabletop.engine.words import count as counted
from tabletop.games.towers_of_wyoming.facts import PER_SUIT
from tabletop.games.towers_of_wyoming.moves import Play
from tabletop.games.towers_of_wyoming.rules import after_play, suit_counts
from tabletop.games.towers_of_wyoming.state import State


def has_place(state: State, seat: int, counts: list[int], target: tuple[int, int, int | None, int]) -> bool:
    """Whether cards ``counts`` (per suit) of ``seat`` could be played with the tower at ``target``
    = (owner, foundation, top suit or None, size) as given and every other tower as it stands."""
    if not any(counts):
        return True  # an empty hand is refilled: nothing to keep out
    for owner in range(state.players):
        if not state.in_game[owner]:
            continue
        for f, tower in enumerate(state.towers[owner]):
            if (owner, f) == target[:2]:
                top, size = target[2], target[3]
            else:
                top, size = (tower[0] // PER_SUIT if tower else None), len(tower)
            if not size:
                if owner == seat:
                    return True  # an empty foundation of your own takes any suit
                continue
            if top is not None and (counts[top] or counts[state.attackers[top]]):
                return True
    return False


def locks_out(state: State, move: Play) -> str | None:
    """Words of warning when, after ``move``, none of the cards the player keeps could be played
    anywhere; None otherwise (or when the hand would be empty: it is refilled to seven)."""
    seat = state.current
    suit = SUITS.index(move.suit)
    counts = suit_counts(state.hands[seat])
    counts[suit] -= move.count
    kept = sum(counts)
    if kept == 0 or has_place(state, seat, counts, after_play(state, move)):
        return None
    held = [SUITS[s].noun for s in range(4) if counts[s]]
    which = "the card you keep" if kept == 1 else f"none of the {counted(kept, 'card')} you keep"
    verb = "could not be played" if kept == 1 else "could be played"
    return (
        f"After this play {which} ({' and '.join(held)}) {verb}: "
        "no empty foundation of yours, no tower they build on or knock down. Unless your draw or the others change the table, "
        "your next turn is a forced discard."
    )
