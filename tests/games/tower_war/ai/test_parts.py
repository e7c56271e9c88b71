"""The computer player's parts, each on an explicit position: the pyramid economy, the
calm moments, the tower planner, the battle search, the draft and the deck, the
memory of the draft, and the levels' documentation."""

import random

import pytest

from tabletop.engine.cards import Card, Suit
from tabletop.engine.pyramids import Size
from tabletop.engine.rng import Rng
from tabletop.games import get_game
from tabletop.games.tower_war import ai, hand
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war.ai import cards as ac
from tabletop.games.tower_war.ai import economy as ae
from tabletop.games.tower_war.ai import placement as ap
from tabletop.games.tower_war.moves import PickPyramid, Play, Split
from tabletop.games.tower_war.state import Played, State
from tabletop.games.tower_war.tower import Level, Pyramid, first_fall, supports
from tabletop.games.tower_war.views import view
from tabletop.sim import decisions as framework

H, C, S, D = Suit.HEARTS, Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


# --- the pyramid economy -------------------------------------------------------------------------


def test_the_shipped_economy_table_matches_the_model():
    states = ae.canonical_states()
    rng = random.Random(4)
    for a, b in (states[0], states[-1], *rng.sample(states, 12)):
        assert abs(ae._war(a, b) - ae._solve_war(a, b)) <= 1.0 / ae.SCALE + 1e-9


def test_economy_values_are_fair_and_punish_a_short_size():
    assert ae.war_value((5, 5, 5), (5, 5, 5)) == pytest.approx(0.5, abs=1e-3)
    for a, b in (((5, 4, 2), (3, 5, 5)), ((1, 2, 3), (3, 2, 1)), ((0, 5, 5), (2, 2, 2))):
        assert ae.war_value(a, b) + ae.war_value(b, a) == pytest.approx(1.0, abs=2e-3)
    assert ae.war_value((5, 5, 5), (5, 5, 0)) > ae.war_value((5, 5, 5), (5, 5, 2)) > 0.6
    assert ae.war_value((5, 5, 9), (5, 5, 5)) == ae.war_value((5, 5, 5), (5, 5, 5))  # more than 5 counts as 5


# --- the hand --------------------------------------------------------------------------------------


@pytest.mark.parametrize("phases", [(0.3, 2.0), (4.0, 1.1), (6.0, 5.5)])
def test_calm_moments_refine_the_engines_calm_holds(phases):
    coarse = hand.calm_holds(phases, 6000, 10)
    fine = ap.calm_moments(phases, 6000)
    assert len(fine) == len(coarse)
    for t, u in zip(coarse, fine):
        assert abs(t - u) <= 9
        assert (
            abs(hand.tremor(1.0, phases, u)[0]) ** 2 + hand.tremor(1.0, phases, u)[1] ** 2
            <= sum(x * x for x in hand.tremor(1.0, phases, t)) + 1e-12
        )


def test_release_errors_follow_the_skill():
    rng = Rng(3)
    steady, shaky = ai.TUNING["hard"].skill, ai.TUNING["easy"].skill
    small = [abs(ap.release_error(rng, steady)) for _ in range(400)]
    large = [abs(ap.release_error(rng, shaky)) for _ in range(400)]
    assert max(small) <= 3.5 * steady.release_sigma_ms
    assert sum(small) / 400 == pytest.approx(0.8 * steady.release_sigma_ms, rel=0.2)
    assert sum(large) / 400 > 4 * sum(small) / 400


# --- the tower planner ---------------------------------------------------------------------------------


def build_exactly(levels: int, size: Size) -> tuple:
    """Build ``levels`` levels with the planner, every piece landing exactly on its
    planned spot (lifting parked pyramids onto their slots as the computer does)."""
    tower = (Level(Card(5, C), 0.0, 0.0, ()),)
    lifts = 0
    for k in range(levels):
        while len(tower[-1].pyramids) < 3 or ap.relocation(tower, 0, 2.0) is not None:
            i = ap.relocation(tower, 0, 2.0)
            if i is not None:
                top = tower[-1]
                tower = tower[:-1] + (top._replace(pyramids=top.pyramids[:i] + top.pyramids[i + 1 :]),)
                lifts += 1
            plan = ap.plan_pyramid(tower, size, 0, 4.0, adjusting=i is not None)
            tower = ap.with_pyramid(tower, Pyramid(size, *plan.spot, 0))
            assert first_fall(tower) is None, f"pyramid on level {k}"
        plan = ap.plan_card(tower)
        assert plan.score >= 8.0, f"the card of level {k + 1} would have only {plan.score:.1f} mm"
        tower = tower + (Level(Card(k + 1, H), *plan.spot, ()),)
        assert first_fall(tower) is None, f"card {k + 1}"
    return tower, lifts


@pytest.mark.parametrize("size", [Size.SMALL, Size.LARGE])
def test_the_planner_builds_broad_balanced_tripods(size):
    tower, lifts = build_exactly(5, size)
    assert min(s.margin_mm for s in supports(tower)) >= 4.0
    if size == Size.LARGE:
        assert lifts >= 1  # a heavy first pyramid is parked near the middle, then moved


def test_a_lone_heavy_pyramid_is_parked_where_it_balances_the_card():
    tower, _ = build_exactly(1, Size.MEDIUM)  # card 1 on a tripod, level 1 empty
    plan = ap.plan_pyramid(tower, Size.LARGE, 0, 4.0)
    assert plan.parked
    parked = supports(ap.with_pyramid(tower, Pyramid(Size.LARGE, *plan.spot, 0)))[-1].margin_mm
    for corner in ap.level_template(tower, Size.LARGE):
        at_corner = supports(ap.with_pyramid(tower, Pyramid(Size.LARGE, *corner, 0)))[-1].margin_mm
        assert at_corner < 2.5 and parked >= at_corner + 2.0


# --- battles ---------------------------------------------------------------------------------------------


def battle_state(hands, played=("", ""), leader=0, skirmish=0, stash=None):
    s = State(advanced=False, rng=Rng(1))
    s.tower = (Level(Card(5, C), 0.0, 0.0, ()),)
    s.base_card = s.tower[0].card
    s.hand = [cards(h) for h in hands]
    for seat in (0, 1):
        earlier = []
        for c in cards(played[seat]):
            s.played[seat].append(Played(c, c, r.skirmish_value(c, earlier), r.is_double(c, earlier)))
            earlier.append(c)
    if stash:
        s.stash = [[0, *stash[0]], [0, *stash[1]]]
    s.battle, s.leader, s.skirmish = 1, leader, skirmish
    r.begin_skirmish(s)
    return s


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_last_card_wins_the_skirmish_and_the_battle(level):
    # Blue leads the 3 of spades (worth 30 after the 10); Red's 8 of hearts (72) wins both
    s = battle_state(("8H 2C", "3S"), played=("9H 4C", "10S 2D"), leader=1, skirmish=2)
    s = r.apply(s, Play(Card(3, S)))
    assert s.actor == 0
    assert ai.choose(view(s, 0), r.legal_moves(s), level, Rng(2)) == Play(Card(8, H))


def test_a_joker_copies_the_card_that_makes_it_worth_most():
    s = battle_state(("JOKER1 2D", "4S 5S"), played=("10C 3H", "9S 8S"), leader=0, skirmish=2)
    move = ai.choose(view(s, 0), r.legal_moves(s), "hard", Rng(2))
    assert move == Play(Card(0, None, 1), Card(10, C))  # 100, and a double


def test_a_seat_short_of_a_size_fights_to_avoid_adding_one():
    # the level is medium; Red has no medium left, so losing this skirmish loses the war
    s = battle_state(("KD 2C", "9S"), played=("", ""), leader=1, skirmish=0, stash=((5, 0, 5), (5, 5, 5)))
    s.tower = (s.tower[0]._replace(pyramids=(Pyramid(Size.MEDIUM, 0.0, -20.0, 1),)),)
    s = r.apply(s, Play(Card(9, S)))
    assert ai.choose(view(s, 0), r.legal_moves(s), "normal", Rng(2)) == Play(Card(13, D))


def test_the_other_hand_is_dealt_only_from_cards_out_of_sight():
    s = r.new_game(2, None, 5)
    module = get_game("tower-war")
    rng = Rng(5)
    while s.phase != "play":
        s = r.apply(s, framework.decide(module, view(s, s.actor), r.legal_moves(s), s.actor, "normal", rng.fork(), {}, None))
    v = view(s, s.actor)
    pool = {str(c) for c in ac.unseen_cards(v)}
    visible = set(v["mine"]["hand"]) | set(v["mine"]["deck"]) | set(v["mine"]["unused"]) | {lv["card"] for lv in v["tower"]["levels"]}
    assert not pool & visible
    other = 1 - s.actor
    assert {str(c) for c in s.hand[other]} <= pool


# --- the draft and the deck ---------------------------------------------------------------------------------


def test_the_splitter_evens_the_piles_and_the_chooser_takes_the_better():
    faceup = cards("AS KH 2C 3D 4H")
    pile = ac.split_choice(faceup)
    rest = [c for c in faceup if c not in pile]
    assert pile and rest
    assert abs(ac.pile_value(pile) - ac.pile_value(rest)) <= 3.0
    assert ac.sharp_draft_value(Card(0, None, 1)) > ac.sharp_draft_value(Card(1, S)) > 2 * ac.sharp_draft_value(Card(7, S))


def test_the_deck_keeps_jokers_high_cards_and_shared_suits():
    drafted = cards("JOKER1 AC KC QC 10C 9C 8C 2H 3H 4D 5D 6S 7S 8S 9H 10H JH QH KS AS 2C 3C 5H 6H 7H")
    deck = ac.best_deck((), tuple(sorted(drafted)))
    assert len(deck) == 15 and Card(0, None, 1) in deck
    assert {Card(1, C), Card(13, C), Card(12, C)} <= set(deck)
    assert Card(4, D) not in deck and Card(5, D) not in deck
    first = ac.keep_choice([], drafted)
    assert first in deck


def test_the_crowning_card_is_the_one_the_deck_misses_least():
    deck = cards("AC KC QC 10C 9H 8H 7S 6S 5D")
    assert ac.crown_choice(cards("5D AC 9H"), deck) == Card(5, D)


def test_memory_of_the_draft_knows_where_every_card_went():
    s = r.new_game(2, None, 9)
    memories = [{}, {}]
    rng = Rng(9)
    while s.phase in ("split", "take"):
        seat = s.actor
        s = r.apply(s, ai.choose(view(s, seat), r.legal_moves(s), "hard", rng.fork(), memories[seat]))
    for seat in (0, 1):
        mine, theirs, complete = ai.drafted_known(view(s, seat), memories[seat])
        held = lambda q: sorted(map(str, s.kept[q] + s.drafted[q]))  # noqa: E731
        assert complete and sorted(map(str, mine)) == held(seat) and sorted(map(str, theirs)) == held(1 - seat)


def test_advanced_drafting_sweetens_the_poorer_pile():
    s = r.new_game(2, {"advanced_draft": True}, 4)
    s = r.apply(s, Split(tuple(s.faceup[:1])))
    assert s.phase == "sweeten"
    move = ai.choose(view(s, 0), r.legal_moves(s), "normal", Rng(1))
    values = [ac.pile_value(p) for p in s.piles]
    if abs(values[0] - values[1]) > ac.PYRAMID_CARD_VALUE:
        assert move.kind == "sweeten" and move.pile == (0 if values[0] < values[1] else 1)
    r.apply(s, move)


# --- the levels -----------------------------------------------------------------------------------------


def test_every_level_is_documented_with_its_skill():
    assert set(ai.LEVEL_NOTES) == set(ai.TUNING) == set(ai.BUDGETS) == {"easy", "normal", "hard"}
    for level, spec in ai.TUNING.items():
        assert f"{spec.skill.release_sigma_ms:g} ms" in ai.LEVEL_NOTES[level]
        assert f"{spec.skill.release_sigma_ms:g} ms" in ai.__doc__
    sigmas = [ai.TUNING[x].skill.release_sigma_ms for x in ("easy", "normal", "hard")]
    assert sigmas == sorted(sigmas, reverse=True)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_shared_hook_plays_a_whole_game(level):
    module = get_game("tower-war")
    s = r.new_game(2, None, 17)
    rng = Rng(17)
    memory = [{}, {}]
    moves = 0
    while s.result is None and moves < 400:
        seat = s.actor
        if seat == 0:
            move = framework.decide(module, view(s, 0), r.legal_moves(s), 0, level, rng.fork(), memory[0], None)
        else:
            move = rng.choice(r.legal_moves(s))
        s = r.apply(s, move)
        moves += 1
    assert s.result is not None


def test_thinking_cut_short_still_gives_a_move_the_rules_accept():
    module = get_game("tower-war")
    for s, _ in [(p, None) for p in (tall_drop(), battle_state(("8H 2C 5D", "3S 4S 9C")))]:
        thinking = framework.think(module, view(s, s.actor), r.legal_moves(s), s.actor, "hard", Rng(1), {}, time_cap=0.0)
        move = thinking.run()
        assert thinking.capped
        r.apply(s, move)


def tall_drop() -> State:
    s = State(advanced=False, rng=Rng(2))
    tower, _ = build_exactly(2, Size.SMALL)
    s.tower = tower
    s.phase, s.actor, s.reason, s.placing, s.battle_loser = "place", 0, "battle", "pyramid", 0
    return r.apply(s, PickPyramid(Size.LARGE))
