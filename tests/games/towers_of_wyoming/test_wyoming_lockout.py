"""A play that leaves its player without a legal build is warned before it is confirmed (issue
22), and a play on another builder's tower is marked as such (rulebook: construct onto a tower of
your suit or your own empty foundation, deconstruct with the opposing suit)."""

from __future__ import annotations

from tabletop.engine.events import Names
from tabletop.games.towers_of_wyoming import apply, legal_moves, view
from tabletop.games.towers_of_wyoming.lockout import locks_out
from tabletop.games.towers_of_wyoming.moves import Play
from tabletop.games.towers_of_wyoming.telling import play_words

from .wyoming_helpers import D, H, S, position


def spades_and_diamonds():
    """Player 1 holds a spade and three diamonds; a 2-spade tower on foundation 1, foundation 2
    empty; Player 2 has a heart tower (diamonds cannot touch hearts)."""
    return position(hands={0: "S DDD", 1: "CCCCCCC"}, towers={(0, 0): "SS", (1, 0): "HH"}, sky=10)


def test_filling_the_last_empty_foundation_with_a_hand_that_fits_nothing_is_warned():
    s = spades_and_diamonds()
    assert s.foundations == 2
    fill = Play(S, 1, 0, 1)  # the spade onto the empty foundation 2: both foundations hold spades
    warned = locks_out(s, fill)
    assert warned is not None and warned.startswith("After this play none of the 3 cards you keep (diamonds) could be played")
    assert "forced discard" in warned
    assert locks_out(s, Play(S, 1, 0, 0)) is None  # onto the spade tower: foundation 2 stays empty
    assert locks_out(s, Play(D, 3, 0, 1)) is None  # the diamonds start foundation 2: the spade still has its tower
    # what it warned of happens: after the play, with the table unchanged, the kept diamonds have no place
    after = apply(s, fill)
    after.current, after.hands[0] = 0, [c for c in after.hands[0] if c // 25 == 1]
    assert all(m.kind == "discard" for m in legal_moves(after))


def test_a_kept_suit_that_can_knock_something_down_is_not_locked_out():
    s = position(hands={0: "S DDD", 1: "CCCCCCC"}, towers={(0, 0): "SS", (1, 0): "CC"}, sky=10)
    assert locks_out(s, Play(S, 1, 0, 1)) is None  # diamonds may deconstruct Player 2's clubs


def test_playing_the_whole_hand_is_never_locked_out():
    s = position(hands={0: "SSS", 1: "CCCCCCC"}, towers={(0, 0): "SS", (1, 0): "HH"}, sky=10)
    assert locks_out(s, Play(S, 3, 0, 1)) is None  # an empty hand is refilled to seven


def test_knocking_a_tower_down_to_an_empty_foundation_counts_as_a_place():
    # hearts knock down your own 1-spade tower: foundation 1 becomes empty, so the diamonds kept have a place
    s = position(hands={0: "H DD", 1: "CCCCCCC"}, towers={(0, 0): "S", (0, 1): "SS", (1, 0): "HH"}, sky=10)
    assert locks_out(s, Play(H, 1, 0, 0)) is None
    assert locks_out(s, Play(H, 1, 0, 1)) is not None  # 2 spades - 1 heart: still a spade tower, no place


def test_the_view_marks_plays_on_another_builders_tower_and_carries_the_warning():
    s = position(hands={0: "S DDD H", 1: "CCCCCCC"}, towers={(0, 0): "SS", (1, 0): "SSS"}, sky=10)
    plays = {(p["owner"], p["foundation"], p["suit"], p["count"]): p for p in view(s, 0)["plays"]}
    mine = plays[(0, 0, "S", 1)]
    theirs = plays[(1, 0, "S", 1)]
    assert mine["theirs"] is False and theirs["theirs"] is True
    assert theirs["action"] == "construct" and "Player 2's 3-card spade tower" in play_words(theirs, Names.default(2, None), 0, 2)
    assert plays[(1, 0, "H", 1)]["theirs"] is True and plays[(1, 0, "H", 1)]["action"] == "deconstruct"
    assert plays[(0, 1, "S", 1)]["locks_out"] is None  # the heart kept may still knock down a spade tower
    s = spades_and_diamonds()
    plays = {(p["owner"], p["foundation"], p["suit"], p["count"]): p for p in view(s, 0)["plays"]}
    assert plays[(0, 1, "S", 1)]["locks_out"] == locks_out(s, Play(S, 1, 0, 1))
    assert all(p["locks_out"] is None for p in view(s, 1)["plays"])  # only the seat to act is offered plays


def test_over_random_games_the_warning_holds_when_nothing_else_changes():
    """Whenever a play is warned, the same seat with the cards it keeps and the table the play left has
    no play but a discard; whenever it is not warned (and cards are kept), it has one."""
    from tabletop.engine.rng import Rng
    from tabletop.games.towers_of_wyoming import new_game

    rng = Rng(22)
    warned = checked = 0
    for seed in range(12):
        s = new_game(2, None, seed)
        while s.result is None and s.moves < 150:
            moves = legal_moves(s)
            for m in moves:
                if m.kind != "play":
                    continue
                words = locks_out(s, m)
                after = apply(s, m)
                if after.result is not None:
                    continue
                seat, kept = s.current, [c for c in after.hands[s.current]]
                if not kept or len(kept) != len(s.hands[seat]) - m.count:
                    continue  # the mover's hand changed in the move's own end of turn (a toss, a recycling)
                probe = after.copy()
                probe.current, probe.hands[seat] = seat, kept
                stuck = all(x.kind == "discard" for x in legal_moves(probe))
                assert (words is not None) == stuck, (seed, m, words)
                warned += words is not None
                checked += 1
            s = apply(s, rng.choice(moves))
    assert checked > 2000 and warned > 20, (checked, warned)
