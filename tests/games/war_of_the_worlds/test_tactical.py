"""The tactical variant: three seeded Treehouse dice, keep two in order, each action
declinable, Wild as any other face, destruction after every action, and the end."""

from __future__ import annotations

import pytest

import tabletop.games.war_of_the_worlds as WOTW
from tabletop.engine.errors import IllegalMove
from tabletop.engine.pyramids import Size
from tabletop.engine.rng import Rng
from tabletop.games.war_of_the_worlds import apply, epoch, legal_moves, new_game, outcome, position, to_act
from tabletop.games.war_of_the_worlds.board import geometry
from tabletop.games.war_of_the_worlds.moves import DECLINE, FACES, Destroy, Keep, Place, Relocate, Rotate, Step, WildAs
from telling import told

OBSTACLES = {"B2": "X", "E2": "X", "B5": "X"}


def tactical(pieces=None, dice=("tip", "swap", "hop"), **kw):
    return position({**OBSTACLES, **(pieces or {})}, tactical=True, dice=dice, **kw)


def standing(state, cell):
    return state.up[geometry(state.layout).slot_named[cell]]


def test_the_dice_come_from_the_games_seeded_generator():
    for seed in (1, 2, 99):
        state = new_game(2, {"tactical": True}, seed)
        rng = Rng(seed)
        assert state.dice == tuple(FACES[rng.below(6)] for _ in range(3))
        assert state.phase == "dice" and epoch(state) == 1
        assert told(WOTW, state)[-1].startswith("Aliens rolled ")
    assert new_game(2, {"tactical": True}, 7).dice == new_game(2, {"tactical": True}, 7).dice
    assert len({new_game(2, {"tactical": True}, s).dice for s in range(30)}) > 10


def test_every_face_turns_up_about_one_time_in_six():
    rng = Rng(5)
    counts = {f: 0 for f in FACES}
    for _ in range(6000):
        counts[FACES[rng.below(6)]] += 1
    assert all(900 < n < 1100 for n in counts.values())


def test_keep_two_dice_in_either_order():
    state = tactical(dice=("tip", "tip", "hop"))
    assert legal_moves(state) == [Keep("tip", "tip"), Keep("tip", "hop"), Keep("hop", "tip")]
    with pytest.raises(IllegalMove, match="Keep two of the dice"):
        apply(state, Keep("hop", "hop"))  # only one Hop was rolled
    with pytest.raises(IllegalMove):
        apply(state, Keep("dig", "tip"))


def test_tip_places_a_small_or_medium_and_hop_a_large():
    state = apply(tactical(), Keep("tip", "hop"))
    assert state.phase == "action" and state.action == "tip"
    tips = legal_moves(state)
    assert tips[-1] == DECLINE
    assert {m.size for m in tips[:-1]} == {Size.SMALL, Size.MEDIUM}
    with pytest.raises(IllegalMove, match="does not place a large"):
        apply(state, Place(Size.LARGE, "A1"))
    hop = apply(state, Place(Size.SMALL, "A1"))
    assert hop.action == "hop"
    assert {m.size for m in legal_moves(hop)[:-1]} == {Size.LARGE}
    end = apply(hop, Place(Size.LARGE, "F3"))
    assert to_act(end) == 1 and end.phase == "dice"  # no war machine step in the tactical game
    assert end.supply[0] == [0, 4, 5, 4]


def test_the_chosen_order_is_the_order_of_the_actions():
    state = apply(tactical(), Keep("hop", "tip"))
    assert state.action == "hop" and state.plan == ("tip",)


def test_swap_turns_or_moves_any_one_coaster():
    state = apply(tactical(), Keep("swap", "tip"))
    options = legal_moves(state)
    places = {0: ["bottom-right"], 1: ["top-left", "bottom-left", "bottom-right"], 2: ["top-left", "top-right", "bottom-right"]}
    expected = []
    for c in range(3):  # the corner coaster has one place to go, each leg's end three
        expected += [Rotate(c, "cw"), Rotate(c, "ccw")] + [Relocate(c, q) for q in places[c]]
    assert options == expected + [DECLINE]
    after = apply(state, Rotate(2, "cw"))
    assert after.action == "tip" and after.layout[2] == (2, 3)  # one swap only, then the Tip


def test_dig_moves_any_of_your_standing_pyramids_along_an_arrow():
    state = apply(tactical({"D1": "A3", "A1": "a1", "F1": "H1"}, dice=("dig", "aim", "aim")), Keep("dig", "aim"))
    steps = {(m.source, m.target) for m in legal_moves(state) if isinstance(m, Step)}
    assert steps == {("D1", "C1"), ("D1", "D2")}  # not the lying A1, not the Humans' F1, no obstacle


def test_aim_moves_obstacles_and_honours_the_no_undo_rule():
    state = tactical({"E2": ".", "D2": "X"}, dice=("aim", "dig", "dig"), opponent_obstacle_moves=[("E2", "D2")])
    aiming = apply(state, Keep("aim", "dig"))
    steps = {(m.source, m.target) for m in legal_moves(aiming) if isinstance(m, Step)}
    assert ("D2", "E2") not in steps and ("D2", "D1") in steps
    assert {s for s, _ in steps} == {"B2", "D2", "B5"}
    with pytest.raises(IllegalMove, match="undo"):
        apply(aiming, Step("D2", "E2"))


def test_wild_stands_for_any_one_of_the_other_five():
    state = apply(tactical(dice=("wild", "dig", "dig")), Keep("wild", "dig"))
    assert state.phase == "wild"
    assert legal_moves(state) == [WildAs(f) for f in ("tip", "swap", "hop", "dig", "aim")]
    with pytest.raises(IllegalMove):
        apply(state, WildAs("wild"))
    hop = apply(state, WildAs("hop"))
    assert hop.phase == "action" and hop.action == "hop"
    assert {m.size for m in legal_moves(hop)[:-1]} == {Size.LARGE}
    assert "Aliens used the Wild as Hop." in told(WOTW, hop)


def test_every_action_may_be_declined():
    state = apply(tactical(), Keep("tip", "swap"))
    after = apply(apply(state, DECLINE), DECLINE)
    assert to_act(after) == 1 and after.phase == "dice"
    assert after.idle_turns == 1 and epoch(after) == epoch(state) + 1
    assert after.side == state.side


def test_destruction_is_reviewed_after_each_action():
    state = apply(tactical({"A1": "H1", "A2": "A2"}, dice=("tip", "dig", "swap")), Keep("tip", "dig"))
    after_tip = apply(state, Place(Size.SMALL, "B1"))
    assert not standing(after_tip, "A1")  # fell before the Dig
    assert after_tip.action == "dig" and to_act(after_tip) == 0


def test_a_swap_can_destroy_at_once():
    state = apply(tactical({"C1": "H1", "B1": "A1", "C2": "A1"}, dice=("swap", "dig", "dig")), Keep("swap", "dig"))
    after = apply(state, Rotate(0, "ccw"))
    assert not standing(after, "A1") and after.action == "dig"


def test_a_choice_of_destruction_comes_before_the_next_action():
    pieces = {"A1": "H1", "A2": "A1", "A3": "A1", "B1": "a1"}
    state = apply(tactical(pieces, dice=("tip", "aim", "aim"), to_act=1), Keep("tip", "aim"))
    choosing = apply(state, Place(Size.SMALL, "B3"))
    assert choosing.phase == "destroy" and legal_moves(choosing) == [Destroy("A1"), Destroy("A2")]
    after = apply(choosing, Destroy("A2"))
    assert after.phase == "action" and after.action == "aim" and standing(after, "A1")


def test_ten_turns_in_a_row_without_a_placement_end_the_game():
    state = tactical({"A1": "A1", "F1": "H2"}, dice=("dig", "dig", "dig"), idle_turns=9)
    over = apply(apply(apply(state, Keep("dig", "dig")), DECLINE), DECLINE)
    result = outcome(over)
    assert result is not None and result.details["ended_by"] == "stalled"
    assert result.winners == (0,) and result.details["step"] == "standing-pips"  # 1 pip beats 2
    assert "no pyramid was placed for 10 turns in a row" in result.reason


def test_a_placement_resets_the_idle_count():
    state = tactical(idle_turns=9)
    after = apply(apply(apply(state, Keep("tip", "swap")), Place(Size.SMALL, "A1")), DECLINE)
    assert outcome(after) is None and after.idle_turns == 0


def test_both_supplies_exhausted_end_the_game():
    empty = {0: {1: 0, 2: 0, 3: 0}, 1: {1: 0, 2: 0, 3: 0}}
    state = tactical({"A1": "A1"}, dice=("tip", "swap", "hop"), supply=empty)
    assert legal_moves(apply(state, Keep("tip", "hop"))) == [DECLINE]
    over = apply(apply(apply(state, Keep("tip", "hop")), DECLINE), DECLINE)
    assert outcome(over).details["ended_by"] == "supplies" and outcome(over).winners == (0,)


def test_a_full_board_ends_the_tactical_game():
    cells = {name: "x" for name in geometry(((0, 3), (1, 0), (2, 2))).names}
    cells.update({"A1": "A1", "C6": "."})
    state = position(cells, tactical=True, dice=("tip", "aim", "aim"))
    over = apply(apply(apply(state, Keep("tip", "aim")), Place(Size.MEDIUM, "C6")), DECLINE)
    assert outcome(over).details["ended_by"] == "full-board"
