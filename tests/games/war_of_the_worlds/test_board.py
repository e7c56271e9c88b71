"""Board geometry: cells, neighbours and arrows derived from a layout; turning and
moving coasters (everything on them travels along)."""

from __future__ import annotations

import itertools

import pytest

import tabletop.games.war_of_the_worlds as WOTW
from tabletop.engine.errors import IllegalMove
from tabletop.engine.pyramids import Size
from tabletop.games.war_of_the_worlds import apply, legal_moves, new_game, position
from tabletop.games.war_of_the_worlds.board import (
    CANONICAL_ARROWS,
    INITIAL_LAYOUT,
    QUADRANTS,
    geometry,
    relocated,
    relocation_targets,
    rotate_local,
    rotated,
    turn_arrows,
)
from tabletop.games.war_of_the_worlds.moves import DONE, Place, Relocate, Rotate
from tabletop.games.war_of_the_worlds.views import view
from telling import told


def names(geo, slots):
    return {geo.names[s] for s in slots}


def neighbours_of(layout, cell):
    geo = geometry(layout)
    return names(geo, geo.neighbours[geo.slot_named[cell]])


def arrows_at(layout, cell):
    geo = geometry(layout)
    return geo.arrows[geo.slot_named[cell]]


# --------------------------------------------------------------------------- the starting L


def test_initial_layout_has_three_dots_meeting_at_the_centre():
    v = view(new_game(2, None, 1), None)
    coasters = {c["quadrant"]: c for c in v["board"]["coasters"]}
    assert set(coasters) == {"top-left", "top-right", "bottom-left"}
    assert v["board"]["empty_quadrant"] == "bottom-right"
    assert coasters["top-right"]["rotation"] == 0 and coasters["top-right"]["dot_corner"] == "bottom-left"
    assert coasters["top-left"]["rotation"] == 3 and coasters["top-left"]["dot_corner"] == "bottom-right"
    assert coasters["bottom-left"]["rotation"] == 2 and coasters["bottom-left"]["dot_corner"] == "top-right"


def test_obstacles_stand_on_each_coaster_centre():
    v = view(new_game(2, None, 1), None)
    for coaster in v["board"]["coasters"]:
        centre = coaster["cells"][4]
        assert centre["piece"] == {
            "side": "neutral",
            "size": "large",
            "pips": 3,
            "standing": True,
            "surrounded": False,
            "attack": None,
            "defence": None,
        }
        assert sum(1 for c in coaster["cells"] if c["piece"]) == 1
    assert {c["cells"][4]["cell"] for c in v["board"]["coasters"]} == {"B2", "E2", "B5"}


def test_cells_are_the_27_cells_of_the_l_named_a_to_f_and_1_to_6():
    geo = geometry(INITIAL_LAYOUT)
    assert len(set(geo.names)) == 27
    assert {"A1", "C3", "D1", "F3", "A6", "C6"} <= set(geo.names)
    assert not {"D4", "F6", "E5"} & set(geo.names)
    assert geo.cell_of[geo.slot_named["B5"]] == 4 * 6 + 1  # row 5 is the fifth from the top


def test_arrows_follow_each_coasters_rotation():
    layout = INITIAL_LAYOUT
    # top-right coaster lies as printed: D1 is the printed top-left square "ULD".
    assert arrows_at(layout, "D1") == "UDL"
    assert arrows_at(layout, "F2") == "URDL"
    assert arrows_at(layout, "F3") == "URD"
    # top-left coaster is turned a quarter counter-clockwise: printed top-left (ULD) lies at A3,
    # its arrows turned U->L, L->D, D->R.
    assert arrows_at(layout, "A3") == "RDL"
    assert arrows_at(layout, "B1") == "URDL"  # printed (1, 2), the four-arrow square
    # bottom-left coaster is turned half round: printed top-left lies at C6 with arrows D, R, U.
    assert arrows_at(layout, "C6") == "URD"


def test_rotation_helpers_agree_with_the_board_data_rule():
    assert rotate_local(0, 0, 1) == (0, 2) and rotate_local(2, 0, 1) == (0, 0)
    assert turn_arrows("ULD", 1) == "URL"  # U->R, L->U, D->L
    for r, c in itertools.product(range(3), range(3)):
        assert rotate_local(*rotate_local(r, c, 1), 3) == (r, c)
        assert turn_arrows(CANONICAL_ARROWS[r][c], 4) == turn_arrows(CANONICAL_ARROWS[r][c], 0)


def test_steps_follow_arrows_across_seams_and_stop_at_the_edge():
    geo = geometry(INITIAL_LAYOUT)
    # D1 (top-right coaster) points up (off the board), left (onto the top-left coaster), down.
    assert names(geo, geo.steps[geo.slot_named["D1"]]) == {"C1", "D2"}
    # C3 points down onto the bottom-left coaster.
    assert arrows_at(INITIAL_LAYOUT, "C3") == "UDL"
    assert names(geo, geo.steps[geo.slot_named["C3"]]) == {"C2", "C4", "B3"}
    # F3 points down into the empty quadrant: no such step.
    assert names(geo, geo.steps[geo.slot_named["F3"]]) == {"F2"}


# --------------------------------------------------------------------------- neighbours


@pytest.mark.parametrize(
    "cell, expected",
    [
        ("A1", {"B1", "A2", "B2"}),  # outer corner of the L
        ("F3", {"E2", "F2", "E3"}),  # outer corner at the end of a leg
        ("C6", {"B5", "C5", "B6"}),  # outer corner at the end of the other leg
        ("B1", {"A1", "C1", "A2", "B2", "C2"}),  # along an edge
        ("E3", {"D2", "E2", "F2", "D3", "F3"}),  # along the edge of the missing quadrant
        ("C3", {"B2", "C2", "D2", "B3", "D3", "B4", "C4"}),  # the L's inner corner: 7
        ("D3", {"C2", "D2", "E2", "C3", "E3", "C4"}),  # beside the inner corner, across two seams: 6
        ("C4", {"B3", "C3", "D3", "B4", "B5", "C5"}),  # the same below the corner: 6
        ("C2", {"B1", "C1", "D1", "B2", "D2", "B3", "C3", "D3"}),  # across a seam: 8
        ("B2", {"A1", "B1", "C1", "A2", "C2", "A3", "B3", "C3"}),  # a centre: 8
    ],
)
def test_neighbours_on_the_starting_l(cell, expected):
    assert neighbours_of(INITIAL_LAYOUT, cell) == expected


def test_neighbour_counts_take_only_the_values_the_rulebook_warns_of():
    geo = geometry(INITIAL_LAYOUT)
    counts = sorted(len(n) for n in geo.neighbours)
    assert set(counts) == {3, 5, 6, 7, 8}
    assert counts.count(3) == 5 and counts.count(7) == 1
    for slot, around in enumerate(geo.neighbours):  # neighbourhood is symmetric
        assert all(slot in geo.neighbours[n] for n in around)


# --------------------------------------------------------------------------- moving coasters


def all_layouts_with_each_empty_quadrant():
    seen = {}
    for quadrants in itertools.permutations(range(4), 3):
        layout = tuple((q, 0) for q in quadrants)
        seen.setdefault(geometry(layout).empty_quadrant, layout)
    return seen


def physical_l_targets(layout, coaster):
    """By brute force on an open table: every spot (in the old frame's quadrant units) where
    ``coaster`` can be put down so the three make three quadrants of some 2x2 block, the
    other two not moving; each with the layout that results once the frame is laid round it."""
    others = {i: divmod(q, 2) for i, (q, _) in enumerate(layout) if i != coaster}
    here = divmod(layout[coaster][0], 2)
    out = {}
    for spot in itertools.product(range(-1, 3), repeat=2):
        if spot == here or spot in others.values():
            continue
        cells = [spot, *others.values()]
        top, left = min(r for r, _ in cells), min(c for _, c in cells)
        if max(r for r, _ in cells) - top > 1 or max(c for _, c in cells) - left > 1:
            continue  # not inside one 2x2 block
        where = {i: (r - top) * 2 + c - left for i, (r, c) in others.items()} | {coaster: (spot[0] - top) * 2 + spot[1] - left}
        out[QUADRANTS[where[coaster]]] = tuple((where[i], t) for i, (_, t) in enumerate(layout))
    return out


def every_layout():
    for quadrants in itertools.permutations(range(4), 3):
        for turns in itertools.product(range(4), repeat=3):
            yield tuple(zip(quadrants, turns))


def test_every_l_position_is_offered_and_nothing_else():
    """This edition's reading (rules page, "A turn"): any place that again makes an L of some 2x2 block, the other two coasters
    staying put; a leg's end has three such places, the L's corner coaster one."""
    for layout in every_layout():
        for coaster in range(3):
            expected = physical_l_targets(layout, coaster)
            assert set(relocation_targets(layout, coaster)) == set(expected)
            for quadrant, new in expected.items():
                assert relocated(layout, coaster, quadrant) == new
            corner = any(len(n) == 7 for n in geometry(layout).neighbours[coaster * 9 : coaster * 9 + 9])  # the inner corner
            assert len(expected) == (1 if corner else 3)


def test_moving_a_leg_outside_the_frame_keeps_every_piece_on_its_coaster():
    """The top-right coaster is put down left of the top-left one: in the new frame it is
    the top-left coaster and the other two are named one place to the right, but every
    pyramid keeps its neighbours on its own coaster and across the seams that remain."""
    state = apply(position({"B2": "X", "E2": "X", "B5": "X", "A1": "H1", "C3": "A2", "F1": "A3"}), Place(Size.LARGE, "D1"))
    assert state.phase == "coaster"
    assert legal_moves(state) == [
        Rotate(1, "cw"),
        Rotate(1, "ccw"),
        Relocate(1, "top-left"),
        Relocate(1, "bottom-left"),
        Relocate(1, "bottom-right"),
        DONE,
    ]
    moved = apply(state, Relocate(1, "top-left"))
    assert moved.layout == ((1, 3), (0, 0), (3, 2))
    # the log names the coaster by its colour and where by its neighbour, and the large by where it is NOW
    assert told(WOTW, moved)[-2:] == ["Aliens placed a large at A1.", "Aliens moved the red coaster left of the blue coaster."]
    v = {c["cell"]: c["piece"] for co in view(moved, None)["board"]["coasters"] for c in co["cells"]}
    assert v["A1"]["size"] == "large" and v["C1"]["side"] == "aliens"  # D1, F1 rode along to A1, C1
    assert v["D1"]["side"] == "humans" and v["F3"]["side"] == "aliens"  # A1, C3 kept their coaster, renamed
    assert v["E5"]["side"] == "neutral"  # the bottom-left obstacle is now at E5
    # the old inner corner C3 (now F3) has lost its top-right neighbours and gained the seam to A1-A3
    assert neighbours_of(moved.layout, "F3") == {"E2", "F2", "E3", "E4", "F4"}
    assert neighbours_of(moved.layout, "D2") == {"C1", "C2", "C3", "D1", "E1", "D3", "E2", "E3"}


@pytest.mark.parametrize("coaster", [0, 1, 2])
def test_every_relocation_gives_an_l_with_the_vacated_quadrant_empty(coaster):
    for layout in all_layouts_with_each_empty_quadrant().values():
        old_quadrant = QUADRANTS[layout[coaster][0]]
        for target in relocation_targets(layout, coaster):
            moved = relocated(layout, coaster, target)
            geo = geometry(moved)
            if target == geometry(layout).empty_quadrant:
                assert geo.empty_quadrant == old_quadrant
            assert len(set(geo.cell_of)) == 27
            assert moved[coaster][1] == layout[coaster][1]  # moving does not turn it
            counts = sorted(len(n) for n in geo.neighbours)
            assert counts.count(3) == 5 and counts.count(7) == 1  # still an L


def large_on_top_left():
    """Aliens place a large on A1 (top-left coaster) with a human small on C1 of the same coaster."""
    state = position({"B2": "X", "E2": "X", "B5": "X", "C1": "H1"})
    return apply(state, Place(Size.LARGE, "A1"))


def test_after_a_large_the_options_are_turn_either_way_move_or_finish():
    state = large_on_top_left()
    assert state.phase == "coaster"
    assert legal_moves(state) == [Rotate(0, "cw"), Rotate(0, "ccw"), Relocate(0, "bottom-right"), DONE]


def test_turning_a_coaster_carries_its_pieces_and_arrows():
    state = large_on_top_left()
    before = arrows_at(state.layout, "A1")
    turned = apply(state, Rotate(0, "cw"))
    v = {c["cell"]: c for co in view(turned, None)["board"]["coasters"] for c in co["cells"]}
    # a quarter turn clockwise takes the corner A1 to C1 and C1 to C3; the centre stays
    assert v["C1"]["piece"]["side"] == "aliens" and v["C1"]["piece"]["size"] == "large"
    assert v["C3"]["piece"]["side"] == "humans"
    assert v["B2"]["piece"]["side"] == "neutral"
    assert v["A1"]["piece"] is None
    assert v["C1"]["arrows"] == turn_arrows(before, 1)
    assert turned.layout[0] == (0, 0)
    assert "Aliens turned the blue coaster clockwise." in told(WOTW, turned)
    # the other coasters did not move
    assert v["E2"]["piece"]["side"] == "neutral" and v["B5"]["piece"]["side"] == "neutral"


def test_counter_clockwise_undoes_clockwise_geometry():
    assert rotated(rotated(INITIAL_LAYOUT, 1, True), 1, False) == INITIAL_LAYOUT
    four = INITIAL_LAYOUT
    for _ in range(4):
        four = rotated(four, 2, True)
    assert four == INITIAL_LAYOUT


def test_moving_a_coaster_carries_its_pieces_and_keeps_its_turn():
    state = large_on_top_left()
    moved = apply(state, Relocate(0, "bottom-right"))
    geo = geometry(moved.layout)
    assert geo.empty_quadrant == "top-left"
    v = {c["cell"]: c for co in view(moved, None)["board"]["coasters"] for c in co["cells"]}
    assert v["D4"]["piece"]["size"] == "large" and v["D4"]["piece"]["side"] == "aliens"
    assert v["F4"]["piece"]["side"] == "humans"
    assert v["E5"]["piece"]["side"] == "neutral"
    assert v["D4"]["arrows"] == arrows_at(INITIAL_LAYOUT, "A1")
    assert "Aliens moved the blue coaster right of the purple coaster." in told(WOTW, moved)
    # the bottom-right coaster is now the corner of the L: its inner corner D4 has 7
    # neighbours, across both seams, and D3 lost the vanished top-left cells.
    assert neighbours_of(moved.layout, "D4") == {"D3", "E3", "C4", "E4", "C5", "D5", "E5"}
    assert neighbours_of(moved.layout, "D3") == {"D2", "E2", "E3", "C4", "D4", "E4"}


def test_turn_and_move_both_in_either_order_then_the_move_step_starts():
    state = large_on_top_left()
    a = apply(apply(state, Rotate(0, "ccw")), Relocate(0, "bottom-right"))
    b = apply(apply(state, Relocate(0, "bottom-right")), Rotate(0, "ccw"))
    assert a.layout == b.layout == ((3, 2), (1, 0), (2, 2))
    assert a.phase == b.phase == "move"
    assert a.side == b.side


def test_each_coaster_change_only_once_per_war_machine():
    state = apply(large_on_top_left(), Rotate(0, "cw"))
    assert legal_moves(state) == [Relocate(0, "bottom-right"), DONE]
    with pytest.raises(IllegalMove):
        apply(state, Rotate(0, "cw"))
    with pytest.raises(IllegalMove):
        apply(state, Relocate(0, "top-right"))  # the L's corner coaster can only go to the empty corner
    with pytest.raises(IllegalMove):
        apply(state, Rotate(1, "cw"))  # not the war machine's coaster
    assert apply(state, DONE).phase == "move"


def test_only_a_large_placement_lets_the_coaster_change():
    state = position({"B2": "X", "E2": "X", "B5": "X"})
    after = apply(state, Place(Size.MEDIUM, "A1"))
    assert after.phase == "move"
    assert not any(isinstance(m, (Rotate, Relocate)) for m in legal_moves(after))
