"""Each lesson step outlines a board part that is on the table at that step: the table is drawn
under CPython as the lesson screen draws it (only the step's moves offered) and must carry an
element with that ``data-part`` (engine/lesson.py, "Board parts")."""

from __future__ import annotations

import pytest

from tabletop.engine.lesson import PART_ATTRIBUTE, lesson_of, play_step
from tabletop.games import GAMES
from tabletop.ui.dom import find_all
from tabletop.ui.render import TableContext, renderer_for

WITH_LESSONS = [game_id for game_id in GAMES if lesson_of(game_id) is not None]


def parts_drawn(module, state, seat: int, moves) -> set[str]:
    ctx = TableContext(
        module=module,
        view=module.view(state, seat),
        legal=[module.move_from_json(dict(m)) for m in moves],
        names=["Ana", "Ben"],
        viewer=seat,
        play=lambda _m: None,
        refresh=lambda: None,
        ui={},
    )
    tree = renderer_for(module.ID).render(ctx)
    return {e.attrs[PART_ATTRIBUTE] for e in find_all(tree, lambda e: e.attrs.get(PART_ATTRIBUTE))}


@pytest.mark.parametrize("game_id", WITH_LESSONS)
def test_every_step_outlines_a_part_the_table_draws_then(game_id: str) -> None:
    module, lesson = GAMES[game_id], lesson_of(game_id)
    assert lesson is not None
    state = lesson.start(module)
    for number, step in enumerate(lesson.steps, 1):
        if step.part:
            drawn = parts_drawn(module, state, lesson.learner, step.moves)
            assert step.part in drawn, f"step {number} outlines {step.part!r}; the table draws {sorted(drawn)}"
        state = play_step(module, lesson, state, number, step.moves[0] if step.moves else None)
