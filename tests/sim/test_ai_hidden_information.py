"""The computer sees only what its seat may see.

Two proofs: (1) its guesses at the hidden part (determinizations) always agree with
the view it was given; (2) replacing the hidden part of the real state by another
deal that the seat cannot tell apart (same view) never changes its decision.
"""

from __future__ import annotations

import pytest

from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.games.tower_battle import ai as tb_ai
from tabletop.games.tower_battle.facts import OWNER
from tabletop.games.towers_of_wyoming import ai as tow_ai
from tabletop.games.war_of_the_worlds import ai as wotw_ai
from tabletop.sim import decisions as ai

TB, TOW, WOTW = GAMES["tower-battle"], GAMES["towers-of-wyoming"], GAMES["war-of-the-worlds"]


def random_positions(module, seeds, players=None, options=None, every=3, cap=300):
    """(state, seat to act) along random games."""
    for seed in seeds:
        opts = options(seed) if callable(options) else options
        s = module.new_game(players(seed) if callable(players) else (players or module.MIN_PLAYERS), opts, seed)
        rng = Rng(seed)
        n = 0
        while module.outcome(s) is None and n < cap:
            if n % every == 0:
                yield s, module.to_act(s)
            s = module.apply(s, rng.choice(module.legal_moves(s)))
            n += 1


def same_view_except(a: dict, b: dict, keys=("log", "events")) -> bool:
    return {k: v for k, v in a.items() if k not in keys} == {k: v for k, v in b.items() if k not in keys}


# --------------------------------------------------------------------------- guesses agree with the view


def tb_options(seed):
    return {"tnt": seed % 2 == 0, "scoring": "advanced" if seed % 3 == 0 else "simple", "target": 2}


def test_tower_battle_deals_agree_with_the_view():
    for n, (s, seat) in enumerate(random_positions(TB, range(12), options=tb_options)):
        view = TB.view(s, seat)
        guess = tb_ai.determinize(view, seat, Rng(n))
        again = TB.view(guess, seat)
        assert same_view_except(view, again, ("events", "match")), n  # the guess has no history
        assert {k: v for k, v in view["match"].items() if k != "results"} == {k: v for k, v in again["match"].items() if k != "results"}
        assert sorted(map(repr, TB.legal_moves(s))) == sorted(map(repr, TB.legal_moves(guess)))
        for p in (0, 1):  # every card of each side is somewhere, once
            assert sorted(map(str, guess.all_cards(p))) == sorted(map(str, s.all_cards(p)))
        for suit, tower in guess.towers.items():
            for card, up in tower:
                assert card.suit == suit and OWNER[suit] in (0, 1) and (up or card.rank not in (1, 12))


def tow_setup(seed):
    return 2 + seed % 3


def tow_options(seed):
    return {
        "sudden_death": seed % 4 == 1,
        "contractual_deadlines": seed % 5 == 2,
        "tidal_influences": seed % 3 == 0,
        "wheel_of_opposition": seed % 2 == 0,
        "finicky_clients": seed % 7 == 3,
    }


def test_towers_of_wyoming_deals_agree_with_the_view():
    ignore = ("events", "recycles", "recent", "drawn")
    for n, (s, seat) in enumerate(random_positions(TOW, range(15), players=tow_setup, options=tow_options)):
        view = TOW.view(s, seat)
        guess = tow_ai.determinize(view, seat, Rng(n))
        assert same_view_except(view, TOW.view(guess, seat), ignore), n
        assert sorted(map(repr, TOW.legal_moves(s))) == sorted(map(repr, TOW.legal_moves(guess)))
        cards = [c for h in guess.hands for c in h] + guess.draw + guess.discard + [c for t in guess.towers for tw in t for c in tw]
        assert sorted(cards) == list(range(100))


@pytest.mark.parametrize("tactical", [False, True])
def test_war_of_the_worlds_position_is_rebuilt_from_the_view(tactical):
    for n, (s, seat) in enumerate(random_positions(WOTW, range(10), options={"tactical": tactical}, every=1)):
        view = WOTW.view(s, seat)
        rebuilt = wotw_ai.state_from_view(view, Rng(n))
        assert same_view_except(view, WOTW.view(rebuilt, seat)), n
        assert WOTW.legal_moves(rebuilt) == WOTW.legal_moves(s)
        assert (rebuilt.obstacle_moves, rebuilt.placed_any) == (s.obstacle_moves, s.placed_any)


# --------------------------------------------------------------------------- another deal, the same decision


def redeal_tower_battle(s, seat: int, rng: Rng):
    """The same view for ``seat``, every hidden card moved: the other side's hand, stock, scoring
    card and face-down tower cards (within their suit, never an A or Q), and ``seat``'s stock order."""
    alt = s.copy()
    other = 1 - seat
    pool = alt.hands[other] + alt.stocks[other] + ([alt.scoring_cards[other]] if alt.scoring_cards[other] else [])
    for suit, tower in alt.towers.items():
        if OWNER[suit] != other:
            continue
        for i, (card, up) in enumerate(tower):
            if not up:
                swaps = [j for j, c in enumerate(pool) if c.suit == suit and c.rank not in (1, 12)]
                if swaps:
                    j = swaps[rng.below(len(swaps))]
                    tower[i], pool[j] = (pool[j], False), card
    rng.shuffle(pool)
    n_hand, n_stock = len(alt.hands[other]), len(alt.stocks[other])
    alt.hands[other], alt.stocks[other] = pool[:n_hand], pool[n_hand : n_hand + n_stock]
    if alt.scoring_cards[other] is not None:
        alt.scoring_cards[other] = pool[n_hand + n_stock]
    rng.shuffle(alt.stocks[seat])
    alt.rng = Rng(rng.next_u64())
    return alt


def redeal_towers_of_wyoming(s, seat: int, rng: Rng):
    """The same view for ``seat``: the other hands, the draw pile and the discards under the top card dealt anew."""
    alt = s.copy()
    others = [p for p in range(alt.players) if p != seat]
    top = alt.discard[-1:]
    pool = [c for p in others for c in alt.hands[p]] + alt.draw + alt.discard[:-1]
    rng.shuffle(pool)
    for p in others:
        n = len(alt.hands[p])
        alt.hands[p], pool = sorted(pool[:n]), pool[n:]
    n = len(alt.draw)
    alt.draw, rest = pool[:n], pool[n:]
    alt.discard = rest + top
    alt.rng = Rng(rng.next_u64())
    return alt


def redeal_war_of_the_worlds(s, seat: int, rng: Rng):
    """Only the dice still to come are hidden: another random generator."""
    alt = s.copy()
    alt.rng = Rng(rng.next_u64())
    return alt


CASES = [
    (TB, redeal_tower_battle, {"target": 2, "tnt": True}, 2, ("easy", "normal")),
    (TOW, redeal_towers_of_wyoming, None, 3, ("easy", "normal")),
    (WOTW, redeal_war_of_the_worlds, {"tactical": True}, 2, ("easy", "normal")),
]


@pytest.mark.parametrize("module,redeal,options,players,levels", CASES, ids=[c[0].ID for c in CASES])
def test_decisions_do_not_depend_on_what_the_seat_cannot_see(module, redeal, options, players, levels):
    checked = 0
    for n, (s, seat) in enumerate(random_positions(module, (101, 102), players=players, options=options, every=7)):
        if len(module.legal_moves(s)) < 2:
            continue
        alt = redeal(s, seat, Rng(1000 + n))
        assert module.view(alt, seat) == module.view(s, seat)  # the seat cannot tell them apart
        level = levels[n % len(levels)]
        decisions = [ai.decide(module, module.view(x, seat), module.legal_moves(x), seat, level, Rng(n), time_cap=None) for x in (s, alt)]
        assert decisions[0] == decisions[1], (n, level)
        checked += 1
        if checked == 6:
            break
    assert checked == 6


def test_the_hard_level_also_ignores_the_hidden_deal():
    s, seat = next((s, p) for s, p in random_positions(TB, (7,), options={"target": 1}, every=5) if len(TB.legal_moves(s)) > 3)
    alt = redeal_tower_battle(s, seat, Rng(5))
    assert TB.view(alt, seat) == TB.view(s, seat)
    a, b = (ai.decide(TB, TB.view(x, seat), TB.legal_moves(x), seat, "hard", Rng(9), time_cap=None) for x in (s, alt))
    assert a == b
