"""The computer never declares a battle that can only wreck its own tower: its own top
card face down is its Knave (turned up, its whole tower goes to the discard pile and the facing
card stays) or its 10 (TNT: it loses at once). The one battle such a Knave may be worth: with TNT,
a face-down facing card may be the other side's 10."""

from __future__ import annotations

import pytest

import tabletop.games.tower_battle as tb
from tabletop.engine.cards import JACK, Suit
from tabletop.engine.rng import Rng
from tabletop.games.tower_battle import DeclareBattle, DeclineBattle
from tabletop.games.tower_battle.ai import sensible_moves
from tabletop.games.tower_battle.facts import FACING, OWNER, TNT
from tabletop.games.tower_battle.state import BATTLE
from tabletop.sim.decisions import decide

from .positions import position

LEVELS = ("easy", "normal", "hard")


def offered(tnt: bool = False, hearts: str = "5H JH?", clubs: str = "3C", **kwargs):
    """Red (seat 0) has just put a card on its hearts tower and is asked whether to declare a battle
    against Black's clubs tower."""
    s = position(hands=("4H 6D 3D", "5C 4S 7S"), towers={"H": hearts, "C": clubs, "D": "2D?", "S": "6S"}, tnt=tnt, **kwargs)
    s.phase, s.battle_tower, s.asked = BATTLE, Suit.HEARTS, 0
    return s


def computer_move(s, level: str, seed: int):
    seat = tb.to_act(s)
    return decide(tb, tb.view(s, seat), tb.legal_moves(s), seat, level, Rng(seed), time_cap=None)


@pytest.mark.parametrize("level", LEVELS)
def test_the_computer_keeps_its_face_down_knave_out_of_a_battle(level):
    """Before: easy declared this battle 4 times in 20 deals and normal 6 times, wiping out its hearts tower."""
    for seed in range(12):
        s = offered()
        assert computer_move(s, level, seed) == DeclineBattle(), (level, seed)
    after = tb.apply(s, DeclineBattle())
    assert after.towers[Suit.HEARTS] == s.towers[Suit.HEARTS], "the Knave stays hidden and the tower stands"


@pytest.mark.parametrize("level", LEVELS)
def test_asked_second_it_declines_too(level):
    """Black played on clubs and declined; Red, asked next, has its Knave face down on hearts."""
    s = offered()
    s.battle_tower, s.player, s.asked = Suit.CLUBS, 1, 0
    assert computer_move(s, level, 3) == DeclineBattle()


def test_nor_does_it_turn_up_its_own_ten():
    s = offered(tnt=True, hearts="5H 10H?")
    for level in LEVELS:
        assert computer_move(s, level, 1) == DeclineBattle(), level


def test_with_tnt_a_face_down_facing_card_may_be_their_ten_so_the_battle_stays_a_choice():
    legal = [DeclareBattle(), DeclineBattle()]
    s = offered(tnt=True, clubs="3C?")
    assert sensible_moves(tb.view(s, 0), legal, 0) == legal
    face_up = offered(tnt=True, clubs="3C")  # a face-up card is no 10
    assert sensible_moves(tb.view(face_up, 0), legal, 0) == [DeclineBattle()]
    no_tnt = offered(clubs="3C?")
    assert sensible_moves(tb.view(no_tnt, 0), legal, 0) == [DeclineBattle()]
    own_ten_below = offered(tnt=True, hearts="10H? JH?", clubs="3C?")  # the Knave would throw Red's own 10 away, seen
    assert sensible_moves(tb.view(own_ten_below, 0), legal, 0) == [DeclineBattle()]


def self_wrecking(s) -> bool:
    """The battle on offer turns up the asker's own face-down Knave or 10, and (for a Knave) the
    facing card cannot be the other side's 10."""
    asked = s.asked
    mine = s.battle_tower if OWNER[s.battle_tower] == asked else FACING[s.battle_tower]
    card, up = s.towers[mine][-1]
    if up or card.rank not in (JACK, TNT):
        return False
    _theirs, their_up = s.towers[FACING[mine]][-1]
    may_be_their_ten = s.settings.tnt and not their_up and all(c.rank != TNT for c, _ in s.towers[mine])
    return card.rank == TNT or not may_be_their_ten


@pytest.mark.parametrize("options", [{"target": 3}, {"tnt": True, "target": 3}], ids=["plain", "tnt"])
def test_over_random_games_no_computer_declares_a_battle_that_wrecks_its_own_tower(options):
    """Random play reaches many battles offered over a face-down Knave (or 10); at each, the computer
    at every level is asked, and none declares one that can only wreck its own tower."""
    asked = 0
    for game in range(40):
        s = tb.new_game(2, options, 1000 + game)
        rng = Rng(game)
        while tb.outcome(s) is None and asked < 60:
            legal = tb.legal_moves(s)
            if s.phase == BATTLE and self_wrecking(s):
                level = LEVELS[asked % 3]
                move = computer_move(s, level, asked)
                assert not isinstance(move, DeclareBattle), (options, game, level, tb.view(s, s.asked))
                asked += 1
            else:
                move = rng.choice(legal)
            s = tb.apply(s, move)
    assert asked >= 30, f"only {asked} such battles were reached"
