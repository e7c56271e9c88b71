"""Motion at the table (ui/web/motion.py): what is animated after a move, decided without a browser,
and the keys every game's renderer gives the things that move (the same thing keeps its key
from one position to the next, and no two things on one table share a key)."""

from __future__ import annotations

import doctest
from collections import Counter

import pytest

from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.ui.render import TableContext, renderer_for
from tabletop.ui.web import motion
from tabletop.ui.web.dom import El, find_all
from tabletop.ui.web.motion import FROM, KEY, LAST, Seen, Spot, Step, plan


def test_docstring_examples():
    failed, _ = doctest.testmod(motion)
    assert failed == 0


def test_a_thing_that_moved_slides_from_where_it_was():
    steps = plan(
        {"card:QS": Spot(10.0, 300.0), "card:2H": Spot(50.0, 300.0)},
        [Seen("card:2H", Spot(51.0, 299.0)), Seen("card:QS", Spot(200.0, 40.0))],
    )
    assert steps == [Step(1, "slide", -190.0, 260.0)]  # 2H shifted a pixel: a re-layout, left still


def test_an_ambiguous_key_is_left_still():
    assert plan({"card:QS": Spot(0.0, 0.0)}, [Seen("card:QS", Spot(90.0, 0.0)), Seen("card:QS", Spot(0.0, 90.0))]) == []


def test_what_a_moving_thing_carries_is_not_moved_twice():
    before = {"tile:0-1": Spot(0.0, 0.0, "0"), "piece:0-1": Spot(10.0, 10.0, "up")}
    now = [Seen("tile:0-1", Spot(100.0, 0.0, "1"), effect="turn"), Seen("piece:0-1", Spot(110.0, 10.0, "up"), effect="tip", parent=0)]
    assert plan(before, now) == [Step(0, "turn", -100.0, 0.0, 1)]
    # but a carried thing that changes state still shows it (a pyramid knocked over on a turning coaster)
    now[1] = Seen("piece:0-1", Spot(110.0, 10.0, "down"), effect="tip", parent=0)
    assert [s.effect for s in plan(before, now)] == ["turn", "tip"]


def test_every_animation_is_short_and_ends_in_place():
    for step in (
        Step(0, "slide", 5.0, 5.0),
        Step(0, "turn", 0.0, 0.0, -1),
        Step(0, "tip"),
        Step(0, "flip"),
        Step(0, "roll"),
        Step(0, "arrive"),
        Step(0, "land"),
    ):
        frames, ms = motion.keyframes(step)
        assert 0 < ms <= motion.LONGEST_MS
        assert frames[-1]["transform"] == "none"


def test_unknown_effects_are_refused():
    with pytest.raises(ValueError):
        motion.key("card", "QS", effect="spin")


# -- the keys each game's renderer gives -----------------------------------------------------------


def tree(module, state, viewer) -> El:
    legal = module.legal_moves(state) if viewer is not None and module.to_act(state) == viewer else []
    ctx = TableContext(
        module=module,
        view=module.view(state, viewer),
        legal=legal,
        names=["Ana", "Ben"],
        viewer=viewer,
        play=lambda _m: None,
        refresh=lambda: None,
        ui={},
    )
    return renderer_for(module.ID).render(ctx)


def keys(node: El) -> list[str]:
    return [e.attrs[KEY] for e in find_all(node, lambda e: KEY in e.attrs)]


def games(game: str, seeds: range, moves: int):
    """(before, move, after) along seeded random games."""
    module = GAMES[game]
    for seed in seeds:
        rng = Rng(seed)
        state = module.new_game(2, {}, seed)
        for _ in range(moves):
            legal = module.legal_moves(state)
            if not legal:
                break
            move = rng.choice(legal)
            after = module.apply(state, move)
            yield state, move, after
            state = after


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_two_things_on_a_table_share_a_key(game):
    module = GAMES[game]
    for state, _move, _after in games(game, range(2), 120):
        seat = module.to_act(state)
        found = Counter(keys(tree(module, state, seat)))
        assert not [k for k, n in found.items() if n > 1], found


@pytest.mark.parametrize("game", ["tower-battle", "towers-of-wyoming", "tower-war"])
def test_a_card_played_from_the_hand_keeps_its_key(game):
    """The card leaves the hand and lies on the table under the same key: it is drawn travelling."""
    module = GAMES[game]
    checked = 0
    for state, _move, after in games(game, range(3), 150):
        seat = module.to_act(state)
        if seat is None or module.outcome(after) is not None:
            continue
        before_keys = set(keys(tree(module, state, seat)))
        after_keys = set(keys(tree(module, after, seat)))
        for code in hand_codes(module, state, seat) - hand_codes(module, after, seat):
            if f"card:{code}" in before_keys and on_the_table(module, state, after, code):
                checked += 1
                assert f"card:{code}" in after_keys, code
    assert checked > 5


def hand_codes(module, state, seat) -> set[str]:
    view = module.view(state, seat)
    if module.ID == "tower-battle":
        return set(view["players"][seat]["hand"] or [])
    if module.ID == "towers-of-wyoming":
        return {c["code"] for c in view.get("hand") or []}
    return set((view.get("mine") or {}).get("hand") or [])


def on_the_table(module, state, after, code: str) -> bool:
    """Whether the card is still to be seen after the move: not when the move also ended a game of
    a match (a new deal) or a battle of Tower War (its cards leave the table), nor under another card."""
    view, was = module.view(after, None), module.view(state, None)
    if module.ID == "tower-battle":  # on a tower or on top of a discard pile (an Assassin goes under its victim)
        shown = {c["card"] for t in view["towers"] for c in t["cards"]} | {p["discard"][-1] for p in view["players"] if p["discard"]}
        return view["match"]["game_number"] == was["match"]["game_number"] and code in shown
    if module.ID == "tower-war":
        return any(e["card"] == code for row in ((view.get("battle") or {}).get("played") or []) for e in row)
    shown = {code for seat in view["seats"] for t in seat["towers"] for code in t["cards"]}  # Towers of Wyoming
    return code in shown | ({view["discard_top"]["code"]} if view.get("discard_top") else set())


def test_a_moved_pyramid_says_where_it_came_from_and_the_move_is_marked():
    module = GAMES["war-of-the-worlds"]
    checked = 0
    for state, _move, after in games("war-of-the-worlds", range(3), 200):
        before_keys = set(keys(tree(module, state, module.to_act(state))))
        now = tree(module, after, module.to_act(after))
        came = [e.attrs[FROM] for e in find_all(now, lambda e: FROM in e.attrs)]
        if module.outcome(after) is None:
            assert find_all(now, lambda e: LAST in e.attrs), "the last move is marked on the board"
        for source in came:
            checked += 1
            assert source in before_keys
    assert checked > 3


def test_came_from_counts_only_for_a_thing_new_under_its_key():
    before = {"hand:1": Spot(300.0, 0.0), "card:5C": Spot(20.0, 20.0)}
    assert plan(before, [Seen("card:5C", Spot(20.0, 20.0), came_from="hand:1")]) == []  # already there: not again
    assert plan(before, [Seen("card:7C", Spot(20.0, 200.0), came_from="hand:1")]) == [Step(0, "slide", 280.0, -200.0)]


def test_the_other_players_card_travels_from_their_hand_in_tower_battle():
    module = GAMES["tower-battle"]
    checked = 0
    for state, move, after in games("tower-battle", range(2), 120):
        if module.to_act(state) != 1 or move.kind != "play" or module.view(after, None)["match"]["game_number"] != 1:
            continue
        before_keys = set(keys(tree(module, state, 0)))
        marked = find_all(tree(module, after, 0), lambda e: LAST in e.attrs and FROM in e.attrs)
        if marked:
            checked += 1
            assert marked[0].attrs[FROM] == "hand:1" and "hand:1" in before_keys
    assert checked > 3
