"""Every game's guided first game (engine/lesson.py): the engine accepts each script, every
branch of every choice, and the format refuses a script the engine disagrees with."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest

from recording import RecordingActions
from tabletop.engine.lesson import Lesson, LessonError, Step, accepted, check_lesson, replay
from tabletop.games import FACTS, GAMES, REGISTRY, tower_battle, tower_war
from tabletop.games.tower_battle import lesson as tower_battle_lesson
from tabletop.ui.saves.storage import MemoryBackend, Store
from tabletop.ui.screens import home, new_game, rules
from tabletop.ui.screens import lesson as lesson_screen
from tabletop.ui.screens.lesson import SPOT
from tabletop.ui.shell.context import ScreenContext
from tabletop.ui.shell.notices import Notices
from tabletop.ui.shell.router import Route
from tabletop.ui.table.current_game import CurrentGame
from tabletop.ui.table.lesson_run import AFTER, KEY_PREFIX, LessonRun
from tabletop.ui.web import tower_war_aim
from tabletop.ui.web.dom import El, find_all, text_of

WITH_LESSONS = [game_id for game_id in GAMES if REGISTRY[game_id].lesson is not None]


@pytest.mark.parametrize("game_id", WITH_LESSONS)
def test_every_scripted_move_is_legal_where_the_lesson_plays_it(game_id: str) -> None:
    lesson = REGISTRY[game_id].lesson
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
    assert tower_battle.to_act(after) == 1 and len(tower_battle.view(after, None)["events"]) >= 3


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


def test_a_learner_move_must_be_written_as_the_game_writes_it() -> None:
    """The table's controls carry ``move_to_json``'s form; a script leaving out a field the game
    fills in (Tower War's ``as_card``, None but for a joker) would match none of them."""
    lesson = REGISTRY["tower-war"].lesson
    assert lesson is not None
    number = next(n for n, step in enumerate(lesson.steps, 1) if step.moves and step.moves[0]["kind"] == "play")
    step = lesson.steps[number - 1]
    short = replace(step, moves=tuple({k: v for k, v in m.items() if k != "as_card"} for m in step.moves))
    broken = replace(lesson, steps=lesson.steps[: number - 1] + (short,))
    with pytest.raises(LessonError, match=f"step {number}: the learner's move .* is not written as the game writes it"):
        check_lesson(tower_war, broken)


def test_part_names_are_checked() -> None:
    with pytest.raises(LessonError, match="step 1: 'The hand' is not a part name"):
        check_lesson(tower_battle, toy((Step("Look.", part="The hand"),)))


# ---------------------------------------------------------------- the lesson at the table (ui/table/lesson_run.py, screens/lesson.py)


def run_of(game_id: str, backend: Any = None) -> LessonRun:
    lesson = REGISTRY[game_id].lesson
    assert lesson is not None
    return LessonRun(GAMES[game_id], lesson, backend)


def drawn(run: LessonRun, store: Store | None = None) -> El:
    ctx = ScreenContext.detached(store, route=Route("learn", run.lesson.game))
    form = new_game.default_form(ctx, run.module)
    return lesson_screen.render(ctx, RecordingActions(), run, form)


@pytest.mark.parametrize("game_id", WITH_LESSONS)
def test_each_step_outlines_its_part_and_offers_only_its_moves(game_id: str) -> None:
    """Walked by the first accepted move of each step: the part is on the board, the table offers
    exactly the step's moves, and a control that plays one is marked next (or a first step to it)."""
    run = run_of(game_id)
    while not run.done:
        step = run.step
        tree = drawn(run)
        if step.part:
            assert find_all(tree, lambda el: SPOT in (el.attrs.get("class") or "").split()), f"step {run.number}: no {step.part!r}"
        offered = sorted(json.dumps(run.module.move_to_json(m), sort_keys=True) for m in run.offered())
        if step.near:  # a measured move: whatever the table offers lies within reach of the script's
            assert offered and all(accepted(step, json.loads(m)) for m in offered), f"step {run.number}"
        else:
            assert offered == sorted(json.dumps(dict(m), sort_keys=True) for m in step.moves), f"step {run.number}"
        if step.moves:
            assert find_all(tree, lambda el: "data-lesson-next" in el.attrs), f"step {run.number}: nothing to press"
            run.play(run.offered()[0])
        else:
            run.next()
        if run.phase == AFTER:
            assert text_of(drawn(run)).count(run.said) == 1
            run.next()
    assert "Play a real game" in text_of(drawn(run))


# Tower Battle's coach names cards by label ("your 5♥", "Black's 3♣"): each must be where the words
# put it when they are on screen, the step's words before its move and its "after" once the replies
# are in. "Your" card is in Red's hand or on top of one of Red's towers; "Black's" on top of a Black
# tower or on Black's discard pile.
NAMED_CARD = re.compile(r"\b(your|Your|Black's) ([2-7AJQK][♠♥♦♣])")


def misplaced_cards(text: str, state: Any) -> list[str]:
    view = tower_battle.view(state, tower_battle_lesson.RED)
    label = {str(card): card.label for card in tower_battle_lesson.cards(" ".join(DEALT))}
    tops = {seat: {t["cards"][-1]["label"] for t in view["towers"] if t["owner"] == seat and t["cards"]} for seat in (0, 1)}
    where = {
        "your": tops[0] | {label[c] for c in view["players"][0]["hand"]},
        "Black's": tops[1] | {label[c] for c in view["players"][1]["discard"]},
    }
    return [f"{whose} {card}" for whose, card in NAMED_CARD.findall(text) if card not in where[whose.replace("Your", "your")]]


DEALT = (tower_battle_lesson.RED_HAND, tower_battle_lesson.RED_STOCK, tower_battle_lesson.BLACK_HAND, tower_battle_lesson.BLACK_STOCK)


def test_tower_battle_lesson_names_each_card_where_it_is() -> None:
    run = run_of("tower-battle")
    checked = 0
    while not run.done:
        wrong = misplaced_cards(run.step.say, run.state)
        assert not wrong, f"step {run.number} says {wrong}, not where the board has them"
        checked += len(NAMED_CARD.findall(run.step.say))
        if run.step.moves:
            run.play(run.offered()[0])
        else:
            run.next()
        if run.phase == AFTER:
            wrong = misplaced_cards(run.said, run.state)
            assert not wrong, f"step {run.number}'s after says {wrong}, not where the board has them"
            checked += len(NAMED_CARD.findall(run.said))
            run.next()
    assert checked >= 4  # (the pattern still finds the lesson's cards)


STEP_OF = re.compile(r"\bstep (\d) of (\d)\b", re.IGNORECASE)


def wrong_step_numbers(text: str, run: LessonRun) -> list[str]:
    """Each "step x of n" the coach says that the table's own count (the view's ``step``) does not show then."""
    step = run.module.view(run.state, run.lesson.learner).get("step") or {}
    return [f"step {x} of {n}" for x, n in STEP_OF.findall(text) if (int(x), int(n)) != (step.get("number"), step.get("of"))]


@pytest.mark.parametrize("game_id", WITH_LESSONS)
def test_the_coach_counts_a_turn_s_steps_as_the_table_does(game_id: str) -> None:
    run = run_of(game_id)
    while not run.done:
        assert not wrong_step_numbers(run.step.say, run), f"step {run.number}"
        if run.step.moves:
            run.play(run.offered()[0])
        else:
            run.next()
        if run.phase == AFTER:
            assert not wrong_step_numbers(run.said, run), f"step {run.number}'s after"
            run.next()


def test_a_move_the_step_does_not_ask_for_is_refused() -> None:
    run = run_of("tower-battle")
    run.next()
    wrong = next(m for m in tower_battle.legal_moves(run.state) if m not in run.offered())
    assert run.play(wrong) == f"That is not the move this step asks for. {run.step.hint}"
    assert (run.number, run.phase) == (2, "do")


def test_a_measured_move_is_taken_within_reach_and_refused_beyond_it() -> None:
    """Tower War's drop (Step.near): a release off the mark is refused with the step's hint and the
    hand's hold starts afresh (else a grip that ran out would let go again at once); a release
    within reach is taken as made, its own aim and hold."""
    run = run_of("tower-war")
    while not run.step.near:
        run.skip()
    drawn(run)  # the table's hand takes hold: its clock and aim live in the lesson's table_ui
    assert "twar_t0" in run.table_ui
    tower_war_aim.AIM.set_target(9.0, 0.0)
    tower_war_aim.AIM.release(700)  # let go 9 mm right of the centre: beyond the step's 6 mm
    assert (run.phase, run.chosen[-1]) == ("do", {"kind": "pick_pyramid", "size": "medium"})
    assert "twar_t0" not in run.table_ui
    near = {"kind": "drop", "x": -4.5, "y": 3.0, "hold_ms": 2345}
    assert run.play(tower_war.move_from_json(near)) is None
    assert run.chosen[-1] == near and tower_war.view(run.state, 0)["last_drop"]["target"] == [-4.5, 3.0]


def test_the_lesson_resumes_where_it_was_left_and_skipping_plays_the_step() -> None:
    backend = MemoryBackend()
    run = run_of("tower-battle", backend)
    run.next()  # step 1 is read only
    run.play(run.offered()[0])
    assert (run.number, run.phase) == (2, AFTER)
    again = run_of("tower-battle", backend)
    assert (again.number, again.phase, again.said) == (2, AFTER, run.said)
    again.next()
    again.skip()  # step 3 (declare the battle), played for the learner: no "what happened"
    assert (again.number, again.phase) == (4, "do")
    third = run_of("tower-battle", backend)
    assert third.number == 4 and tower_battle.view(third.state, 0)["towers"][0]["height"] == 1
    third.restart()
    assert run_of("tower-battle", backend).number == 1


def test_without_storage_or_with_a_damaged_record_the_lesson_starts_at_step_one() -> None:
    run = run_of("tower-battle", None)
    run.next()
    assert run.number == 2  # it runs; nothing is kept
    for text in ("{not json", json.dumps({"chosen": [{"kind": "discard", "card": "KH"}], "phase": "do", "said": ""}), "[]"):
        backend = MemoryBackend({KEY_PREFIX + "tower-battle": text})
        assert run_of("tower-battle", backend).number == 1


class RefusingBackend(MemoryBackend):
    def set(self, key: str, value: str) -> None:
        raise RuntimeError("QuotaExceededError")


def test_a_full_storage_does_not_stop_the_lesson() -> None:
    run = run_of("tower-battle", RefusingBackend())
    run.next()
    run.play(run.offered()[0])
    assert (run.number, run.phase) == (2, AFTER)


def test_home_and_the_rules_offer_learn_to_play_for_games_with_a_lesson() -> None:
    for game_id in GAMES:
        assert REGISTRY[game_id].has_lesson == (REGISTRY[game_id].lesson is not None)
    ctx = ScreenContext.detached()
    home_links = [el.attrs["href"] for el in find_all(home.render(ctx, RecordingActions()), lambda el: el.tag == "a")]
    rules_links = [el.attrs.get("href") for el in find_all(rules.render(ctx, "tower-battle"), lambda el: el.tag == "a")]
    assert "#/learn/tower-battle" in home_links and "#/learn/tower-battle" in rules_links
    assert [f"#/learn/{g}" in home_links for g in GAMES] == [REGISTRY[g].has_lesson for g in GAMES]


@pytest.mark.parametrize("game_id", WITH_LESSONS)
def test_the_real_game_after_a_lesson_starts_whatever_the_new_game_form_holds(game_id: str) -> None:
    """ "Play a real game": a fresh deal against the computer, even when the new-game form holds a
    seed that could not start a game (one half-typed there earlier) and people in every seat."""
    module = GAMES[game_id]
    typed = {
        "players": module.MIN_PLAYERS,
        "seats": [{"name": f"P{i}", "kind": "human", "level": "easy"} for i in range(module.MIN_PLAYERS)],
        "options": module.default_options(),
        "seed": "²",
    }
    form = lesson_screen.real_game_form(typed)
    assert form["seed"] == "" and typed["seed"] == "²"
    assert [s["kind"] for s in form["seats"]] == ["human"] + ["computer"] * (module.MIN_PLAYERS - 1)
    game = CurrentGame(Store(MemoryBackend(), FACTS), lambda: GAMES, Notices())
    assert game.start(game_id, form) is None and game.session is not None


def test_a_timed_field_must_be_one_the_step_loosens() -> None:
    """``Step.timed`` names what the learner waits for (Tower War's hold): it must be a ``near`` field."""
    lesson = REGISTRY["tower-war"].lesson
    assert lesson is not None
    number = next(n for n, step in enumerate(lesson.steps, 1) if step.timed)
    step = lesson.steps[number - 1]
    broken = replace(lesson, steps=lesson.steps[: number - 1] + (replace(step, timed=("x", "tremor")),))
    with pytest.raises(LessonError, match=f"step {number}: timed names \\['tremor'\\], which near does not loosen"):
        check_lesson(tower_war, broken)
