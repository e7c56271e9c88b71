"""Every game's guided first game (engine/lesson.py): the engine accepts each script, every
branch of every choice, and the format refuses a script the engine disagrees with."""

from __future__ import annotations

import pytest

from tabletop.engine.lesson import Lesson, LessonError, Step, check_lesson, lesson_of, replay
from tabletop.games import GAMES, tower_battle

WITH_LESSONS = [game_id for game_id in GAMES if lesson_of(game_id) is not None]


@pytest.mark.parametrize("game_id", WITH_LESSONS)
def test_every_scripted_move_is_legal_where_the_lesson_plays_it(game_id: str) -> None:
    lesson = lesson_of(game_id)
    assert lesson is not None
    assert check_lesson(GAMES[game_id], lesson) >= 1


def first_moves(seed: int) -> tuple[dict, dict]:
    """Black's first legal move and, after it, Red's first (Black starts with this seed)."""
    state = tower_battle.new_game(2, {"first": "black"}, seed)
    black = tower_battle.move_to_json(tower_battle.legal_moves(state)[0])
    state = tower_battle.apply(state, tower_battle.move_from_json(black))
    red = tower_battle.move_to_json(tower_battle.legal_moves(state)[-1])
    return black, red


def toy(steps: tuple[Step, ...], learner: int = 1) -> Lesson:
    return Lesson("tower-battle", "Raise a tower five cards high.", steps, seed=5, learner=learner, options={"first": "black"})


def test_a_script_the_engine_accepts_passes_and_resumes_at_any_step() -> None:
    black, red = first_moves(5)
    lesson = toy((Step("Look at your hand.", part="hand"), Step("Play.", moves=(black,), replies=(red,))))
    assert check_lesson(tower_battle, lesson) == 1
    after = replay(tower_battle, lesson, [None, black])
    assert tower_battle.to_act(after) == 1 and len(tower_battle.view(after, None)["log"]) >= 3


def test_an_illegal_move_is_refused_with_its_step_number() -> None:
    black, _red = first_moves(5)
    lesson = toy((Step("Read."), Step("Play.", moves=({"kind": "discard", "card": "KH"},))))
    with pytest.raises(LessonError, match="step 2: the learner's move .* is not legal") as caught:
        check_lesson(tower_battle, lesson)
    assert caught.value.step == 2


def test_a_move_out_of_turn_is_refused() -> None:
    black, red = first_moves(5)
    with pytest.raises(LessonError, match="step 1: .* it is seat 1's turn"):
        check_lesson(tower_battle, toy((Step("Play.", moves=(black,)),), learner=0))
    with pytest.raises(LessonError, match="step 1: the computer's reply .* learner's turn"):
        check_lesson(tower_battle, toy((Step("Watch.", replies=(black,)),)))


def test_a_choice_whose_other_branch_breaks_the_script_is_refused() -> None:
    black, red = first_moves(5)
    state = tower_battle.new_game(2, {"first": "black"}, 5)
    other = next(m for m in map(tower_battle.move_to_json, tower_battle.legal_moves(state)) if m["card"] != black["card"])
    fine = toy((Step("Pick.", moves=(black, other)),))
    assert check_lesson(tower_battle, fine) == 2
    # Playing ``other``'s card later works after ``black`` only: in the other branch that card is gone.
    broken = toy((Step("Pick.", moves=(black, other), replies=(red,)), Step("Now this one.", moves=(other,))))
    with pytest.raises(LessonError, match="step 2: the learner's move .* is not legal"):
        check_lesson(tower_battle, broken)
    assert check_lesson(tower_battle, toy(broken.steps[:1])) == 2


def test_part_names_are_checked() -> None:
    with pytest.raises(LessonError, match="step 1: 'The hand' is not a part name"):
        check_lesson(tower_battle, toy((Step("Look.", part="The hand"),)))
