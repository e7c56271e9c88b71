"""Tower War's guided first game (games/tower_war/lesson.py): the learner's drop is accepted over a
range of aims and hold times, so the rest of the script must stand wherever that pyramid lands.
``check_lesson`` (tests/engine/test_lesson_scripts.py) replays the range's ends; these tests replay it finely."""

from __future__ import annotations

import pytest

from tabletop.engine.lesson import accepted, play_step, replay
from tabletop.games import tower_war
from tabletop.games.tower_war.hand import amplitude
from tabletop.games.tower_war.lesson import AIM_REACH_MM, LESSON
from tabletop.games.tower_war.physics import HOLD_MS_MAX
from tabletop.games.tower_war.state import State
from tabletop.games.tower_war.tower import first_fall

from .positions import log

DROP = next(n for n, step in enumerate(LESSON.steps, 1) if step.near)
"""The 1-based number of the learner's drop step."""


def before_the_drop() -> State:
    chosen = [step.moves[0] if step.moves else None for step in LESSON.steps[: DROP - 1]]
    return replay(tower_war, LESSON, chosen)


def rest_of_the_script(state: State) -> State:
    for number in range(DROP + 1, len(LESSON.steps) + 1):
        step = LESSON.steps[number - 1]
        state = play_step(tower_war, LESSON, state, number, step.moves[0] if step.moves else None)
    return state


def test_the_drop_step_accepts_an_aim_near_the_centre_at_any_hold_and_nothing_else() -> None:
    step = LESSON.steps[DROP - 1]
    drop = {"kind": "drop", "x": AIM_REACH_MM, "y": -AIM_REACH_MM, "hold_ms": 0}
    assert accepted(step, drop) and accepted(step, dict(drop, hold_ms=HOLD_MS_MAX))
    assert not accepted(step, dict(drop, x=AIM_REACH_MM + 0.5))
    assert not accepted(step, {"kind": "pick_pyramid", "size": "medium"})


@pytest.mark.parametrize("hold_ms", range(0, HOLD_MS_MAX + 1, 100))
def test_an_aim_at_the_centre_stands_and_the_script_goes_on_whatever_the_hold(hold_ms: int) -> None:
    state = play_step(tower_war, LESSON, before_the_drop(), DROP, {"kind": "drop", "x": 0.0, "y": 0.0, "hold_ms": hold_ms})
    assert state.fall is None
    end = rest_of_the_script(state)
    assert end.result is None and end.battle == 2 and tower_war.to_act(end) == 1
    assert len(end.tower) == 2 and [p.owner for p in end.tower[0].pyramids] == [0, 1, 1]


def test_wherever_the_hand_can_put_the_pyramid_blue_builds_on_it_without_a_fall() -> None:
    """Every landing the step allows lies within aim reach plus the tremor's full sway of the centre:
    move the learner's pyramid over that whole square (2 mm grid) and replay the rest."""
    dropped = play_step(tower_war, LESSON, before_the_drop(), DROP, {"kind": "drop", "x": 0.0, "y": 0.0, "hold_ms": 0})
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
            end = rest_of_the_script(moved)
            assert end.result is None and end.battle == 2, (x, y, log(end)[-1])
