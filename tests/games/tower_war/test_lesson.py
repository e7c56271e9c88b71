"""Tower War's guided first game (games/tower_war/lesson.py): the learner's drops are accepted over a
range of aims and hold times, so the rest of the script must stand wherever those pieces land, and
the war must end the way the last steps say: Blue's pyramid falls and Blue loses. ``check_lesson``
(tests/engine/test_lesson_scripts.py) replays each range's ends and middle; these tests replay it finely,
and check that the coach names only cards the learner can see at that moment."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tabletop.engine.cards import Card
from tabletop.engine.lesson import accepted, in_reach, play_step, replay
from tabletop.games import tower_war
from tabletop.games.tower_war.hand import amplitude, is_calm
from tabletop.games.tower_war.lesson import AIM_REACH_MM, CARD_AIM, CARD_AIM_REACH_MM, LESSON
from tabletop.games.tower_war.physics import HOLD_MS_MAX
from tabletop.games.tower_war.state import State
from tabletop.games.tower_war.tower import first_fall, supports

from .positions import log

STEPS = LESSON.steps
DROP = next(n for n, step in enumerate(STEPS, 1) if step.near and not step.timed)
"""The 1-based number of the learner's first drop (a pyramid on the base card, any hold)."""
CARD = next(n for n, step in enumerate(STEPS, 1) if step.timed)
"""The learner's card across level 1's pyramids: taken only while the hand is calm."""


def first_moves(upto: int) -> list[Any]:
    return [step.moves[0] if step.moves else None for step in STEPS[: upto - 1]]


def before(number: int) -> State:
    """The position step ``number`` is shown on, every earlier step played by its first move."""
    return replay(tower_war, LESSON, first_moves(number))


def rest_of_the_script(state: State, after: int) -> State:
    for number in range(after + 1, len(STEPS) + 1):
        step = STEPS[number - 1]
        state = play_step(tower_war, LESSON, state, number, step.moves[0] if step.moves else None)
    return state


def ends_as_the_lesson_says(end: State) -> None:
    """Blue's second small pyramid on the learner's card lands on the first one's base and falls:
    only that pyramid, so the war is lost by Blue whatever the cards said."""
    assert end.result is not None and end.result.winners == (0,), log(end)[-3:]
    assert end.result.details["cause"] == "fall" and end.result.details["loser"] == 1
    assert end.fall is not None and (end.fall.level, end.fall.piece, end.fall.cause) == (2, "pyramid", "overlap")
    assert len(end.tower) == 3 and str(end.tower[2].card) == "QH"
    assert [p.owner for p in end.tower[1].pyramids] == [1, 1, 1]


def test_the_drop_step_accepts_an_aim_near_the_centre_at_any_hold_and_nothing_else() -> None:
    step = STEPS[DROP - 1]
    drop = {"kind": "drop", "x": AIM_REACH_MM, "y": -AIM_REACH_MM, "hold_ms": 0}
    assert accepted(step, drop) and accepted(step, dict(drop, hold_ms=HOLD_MS_MAX))
    assert not accepted(step, dict(drop, x=AIM_REACH_MM + 0.5))
    assert not accepted(step, {"kind": "pick_pyramid", "size": "medium"})


@pytest.mark.parametrize("hold_ms", range(0, HOLD_MS_MAX + 1, 250))
def test_an_aim_at_the_centre_stands_and_the_script_goes_on_whatever_the_hold(hold_ms: int) -> None:
    state = play_step(tower_war, LESSON, before(DROP), DROP, {"kind": "drop", "x": 0.0, "y": 0.0, "hold_ms": hold_ms})
    assert state.fall is None
    ends_as_the_lesson_says(rest_of_the_script(state, DROP))


def test_wherever_the_hand_can_put_the_pyramid_the_rest_of_the_lesson_stands_and_ends_alike() -> None:
    """Every landing the step allows lies within aim reach plus the tremor's full sway of the centre:
    move the learner's pyramid over that whole square (2 mm grid) and replay the rest: Blue builds
    level 1 on it, the learner's card stays, and the war ends with the same fall."""
    dropped = play_step(tower_war, LESSON, before(DROP), DROP, {"kind": "drop", "x": 0.0, "y": 0.0, "hold_ms": 0})
    reach = AIM_REACH_MM + amplitude("pyramid", 0)
    assert reach == 12.0
    base = dropped.tower[0]
    mine = base.pyramids[0]
    spots = [v / 2 for v in range(int(-2 * reach), int(2 * reach) + 1, 4)]
    assert spots[0] == -reach and spots[-1] == reach
    for x in spots:
        for y in spots:
            moved = dropped.copy()
            moved.tower = (base._replace(pyramids=(mine._replace(x=x, y=y),)),)
            assert first_fall(moved.tower) is None
            ends_as_the_lesson_says(rest_of_the_script(moved, DROP))


def test_until_blue_s_fall_every_card_of_the_lesson_s_tower_stands_with_room_to_spare() -> None:
    """The words say the card rests "well inside" its tripod: after every step before the fall each
    card's balance point is at least 4 mm inside its triangle and every tip 4 mm inside its card."""
    state = LESSON.start(tower_war)
    for number, step in enumerate(STEPS[:-2], 1):
        state = play_step(tower_war, LESSON, state, number, step.moves[0] if step.moves else None)
        for support in supports(state.tower):
            assert support.margin_mm >= 4 and support.apex_margin_mm >= 4, (number, support)
    assert len(state.tower) == 3


# ---------------------------------------------------------------- the card across the pyramids


def calm_and_taken() -> tuple[list[int], list[int]]:
    """Every hold time (ms) at which the hand holding the card is calm, and those the card step takes."""
    state, step = before(CARD), STEPS[CARD - 1]
    held = state.held
    assert held is not None and held.piece == "card"
    calm = [h for h in range(HOLD_MS_MAX + 1) if is_calm(held.phases, h)]
    aim = {"kind": "drop", "x": CARD_AIM[0], "y": CARD_AIM[1]}
    taken = [h for h in range(HOLD_MS_MAX + 1) if accepted(step, dict(aim, hold_ms=h))]
    return calm, taken


def test_the_card_is_taken_only_while_the_calm_light_is_on_and_in_every_calm_of_the_grip() -> None:
    calm, taken = calm_and_taken()
    assert set(taken) <= set(calm)
    windows = [h for h in calm if h - 1 not in calm]
    assert len(windows) == 4  # a calm every 2.4 s of the 10 s grip
    assert len(set(calm) - set(taken)) <= len(windows)  # at most each calm's last millisecond
    assert 0 not in taken  # a release at once (the hand not yet pressed) is refused: press and hold first


def test_a_release_before_the_calm_is_refused_but_the_let_go_control_is_still_the_one_to_press() -> None:
    step = STEPS[CARD - 1]
    now = {"kind": "drop", "x": CARD_AIM[0], "y": CARD_AIM[1], "hold_ms": 0}
    assert not accepted(step, now) and in_reach(step, now)
    assert not in_reach(step, dict(now, x=CARD_AIM[0] + CARD_AIM_REACH_MM + 0.5))


def test_letting_go_of_the_card_while_the_hand_shakes_could_make_it_fall() -> None:
    """Why the step waits for the calm: at full sway the card misses its tripod at some moment."""
    state = before(CARD)
    falls = []
    for hold in range(0, HOLD_MS_MAX + 1, 50):
        after = tower_war.apply(state, tower_war.move_from_json({"kind": "drop", "x": CARD_AIM[0], "y": CARD_AIM[1], "hold_ms": hold}))
        if after.fall is not None:
            falls.append(hold)
    assert falls and not any(is_calm(state.held.phases, h) for h in falls)  # type: ignore[union-attr]


def test_wherever_a_calm_release_puts_the_card_it_stays_and_the_war_ends_with_blue_s_fall() -> None:
    _calm, taken = calm_and_taken()
    state = before(CARD)
    reach = int(CARD_AIM_REACH_MM)
    for dx in range(-reach, reach + 1):
        for dy in range(-reach, reach + 1):
            for hold in taken[::100]:
                drop = {"kind": "drop", "x": round(CARD_AIM[0] + dx, 1), "y": round(CARD_AIM[1] + dy, 1), "hold_ms": hold}
                laid = play_step(tower_war, LESSON, state, CARD, drop)
                assert laid.fall is None and laid.battle == 3, (drop, log(laid)[-2:])
                ends_as_the_lesson_says(rest_of_the_script(laid, CARD))


def test_blue_adjusts_the_learner_s_pyramid_and_then_every_piece_stands_where_the_script_says() -> None:
    """The adjustment the lesson shows: before adding its first pyramid Blue lifts the learner's one
    (pyramid 1, the learner's) and sets it at the top end of the base card; the tripod is the same
    whatever the learner's drop did."""
    state = before(DROP + 2)  # after the Q♠ step: Blue has adjusted and added
    lifted = [e for e in state.events if e["kind"] == "lifted"]
    assert [(e["seat"], e["owner"], e["level"], e["pyramid"]) for e in lifted] == [(1, 0, 0, 1)]
    mine = next(p for p in state.tower[0].pyramids if p.owner == 0)
    assert abs(mine.x) < 1 and abs(mine.y - 22) < 1


def test_battle_two_is_won_skirmish_by_skirmish_and_lost_on_totals() -> None:
    """What the battle-2 steps say: Red wins all three skirmishes, and Red's total (57) is lower
    than Blue's (58), so Red lays the card."""
    state = before(CARD - 1)  # the pick-up of the card
    assert state.totals == [57, 58] and state.battle_loser == 0 and state.placing == "card"
    skirmishes = [e for e in state.events if e["kind"] == "skirmish" and e["battle"] == 2]
    assert [(e["result"], e["loser"], e["values"]) for e in skirmishes] == [("won", 1, [10, 10]), ("won", 1, [7, 6]), ("won", 1, [50, 48])]


# ---------------------------------------------------------------- the coach's words and the position

LABEL = re.compile(r"\b(10|[2-9AJQK])([♠♥♦♣])")
UNSEEN = ("events", "deck", "plays")  # the log, the order of a deck, the moves offered


def seen_labels(state: State) -> set[str]:
    """The labels of every card Red can see now: hand, table, discards, tower, draft piles."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key not in UNSEEN:
                    walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)
        elif isinstance(value, str) and not value.startswith("JOKER"):
            try:
                found.add(Card.parse(value).label)
            except (ValueError, KeyError, IndexError):
                pass

    walk(tower_war.view(state, LESSON.learner))
    return found


def named(text: str) -> set[str]:
    return {rank + suit for rank, suit in LABEL.findall(text)}


def test_the_coach_names_only_cards_red_can_see_when_the_words_are_shown() -> None:
    state = LESSON.start(tower_war)
    checked = 0
    for number, step in enumerate(STEPS, 1):
        missing = named(step.say) - seen_labels(state)
        assert not missing, f"step {number} names {missing}, which Red cannot see"
        checked += len(named(step.say))
        state = play_step(tower_war, LESSON, state, number, step.moves[0] if step.moves else None)
        missing = named(step.after) - seen_labels(state)
        assert not missing, f"step {number}'s what-happened names {missing}, which Red cannot see"
        checked += len(named(step.after))
    assert checked >= 30  # (the pattern still finds the lesson's cards)


def test_a_card_the_position_lacks_is_caught_by_the_words_check() -> None:
    state = before(CARD)
    assert named("Play the A♠ and the 10♦.") == {"A♠", "10♦"}
    assert "A♠" not in seen_labels(state)  # dealt to nobody's hand or table here
