"""A guided first game ("Learn to play") as data, and the check that the engine agrees with it.

A game offers a lesson by having a module ``tabletop.games.<package>.lesson`` with one
name, ``LESSON: Lesson``; the registry's ``entry.lesson`` finds it (None when the game has none),
``tests/engine/test_lesson_scripts.py`` runs ``check_lesson`` on every one, and ``e2e/test_lessons.py``
plays every one in the browser by taps and by keyboard.

How a lesson runs
-----------------
The game starts from ``new_game(lesson.seats, lesson.options, lesson.seed)``, then
``lesson.arrange(state)`` if given (to stack the deck or order a hand: a position the game
could have dealt). The learner sits at ``lesson.learner``; every other seat is the computer,
whose moves are SCRIPTED too, so the whole lesson is the same every time. ``names`` are the
seats' names at the table (say them in the steps: "you are Red"). Then the steps, in order.
Each step:

1. shows ``say`` (what to look at and what to do) and outlines the board part ``part``;
2. waits for the learner: on a read-only step (``moves == ()``) for Next; otherwise for one of
   ``moves`` (the only moves the table offers: nothing else is lit or enabled). ``hint`` is
   shown with it (use it when ``moves`` holds a choice, or to say how to make the move);
3. applies the learner's move, then ``replies`` (the computer's moves, in order);
4. shows ``after``: what just happened and why (keep it true for every move in ``moves``).

Moves are written in the game's ``move_to_json`` form, e.g. Tower Battle's
``{"kind": "play", "card": "5H", "face_up": True}``. A step with moves is only valid when it
is the learner's turn; each reply only when it is another seat's. Several accepted moves make
a choice; the script after it must then work after each of them (the check replays every
branch, so keep choices few). A lesson may stop before the game ends: its last screen offers a
real game against the computer.

Measured moves
--------------
Some moves carry numbers a person cannot hit exactly: Tower War's drop has an aim in
millimetres and a hold time, and the unsteady hand moves the landing. ``near`` loosens a
step's scripted moves: ``{"x": 6, "y": 6, "hold_ms": 5000}`` accepts any move equal to a
scripted one in every other field and within that distance of it in each field named
(``accepted`` is the one judge, for the table and the tests). ``check_lesson`` replays each
loosened field at both ends and the middle of its range, in every combination; a game whose
outcome can turn inside the range must also test it finely (Tower War's own lesson test does).

A loosened field may also be ``timed``: one the learner sets by waiting, as Tower War's hold time
(the step accepts a drop only while the hand is calm). The control that makes the move shows it
with the value of the moment, so until the moment comes no control plays an accepted move;
``in_reach`` says which control is still the one to press (the coach marks it, the browser test
presses it when the moment comes). Several scripted moves that differ only in a timed field
accept several moments (every calm of the hand's grip).

Board parts
-----------
``part`` names what to outline: the renderer puts ``data-part="<name>"`` on that element (see
``PART_ATTRIBUTE``; several names separated by spaces, as in ``class``, when an element is part of a
group too: ``data-part="tower:H towers:0"``) and the coach outlines every element carrying it. A name is lowercase
words joined by ``-``, optionally followed by ``:``-separated details that pick one of many:
``hand``, ``draw-pile``, ``sky``, ``tower:1:spades`` (seat 1's spades tower),
``foundation:0:1`` (seat 0's second foundation). Each renderer documents the parts it names;
the unit test checks each step's part is drawn at that step. ``""`` outlines nothing.

At the table
------------
The lesson screen (``tabletop.ui.screens.lesson``) hands the renderer only the step's moves as
``ctx.legal``, so a renderer that lights what ``ctx.legal`` allows needs nothing more. Its
controls follow the renderers' convention: one that plays a move at once carries
``data-move`` (the move's JSON); a first step toward a move (a card to pick) carries
``data-step`` and is disabled (or ``aria-disabled="true"``) when no move of ``ctx.legal``
goes through it. The coach puts focus on the next control; ``e2e/test_lessons.py`` plays
every lesson by pressing the first enabled, unpressed ``data-step`` until the step's
``data-move`` shows (a game whose moves are made another way gives that test a driver).

>>> step = Step("Your hand is at the bottom.", part="hand")
>>> step.read_only
True
>>> part_is_well_formed("tower:1:spades"), part_is_well_formed("Tower 1")
(True, False)
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.engine.errors import IllegalMove

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule

PART_ATTRIBUTE = "data-part"
"""The attribute a renderer sets on a board part a lesson may outline."""

_PART = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*(:[A-Za-z0-9_-]+)*$")

State = Any
MoveJson = Mapping[str, Any]


@dataclass(frozen=True)
class Step:
    """One step of a lesson (see the module's docstring for how it runs)."""

    say: str
    part: str = ""
    moves: tuple[MoveJson, ...] = ()
    hint: str = ""
    after: str = ""
    replies: tuple[MoveJson, ...] = ()
    near: Mapping[str, float] = field(default_factory=dict)
    timed: tuple[str, ...] = ()  # fields of ``near`` the learner reaches by waiting (see the module)

    @property
    def read_only(self) -> bool:
        """Nothing to play here: the learner reads and presses Next."""
        return not self.moves


@dataclass(frozen=True)
class Lesson:
    """A scripted first game: the game, its set-up, who learns, and the steps."""

    game: str
    goal: str  # one sentence: what wins the game
    steps: tuple[Step, ...]
    seed: int
    learner: int = 0
    seats: int = 2
    options: Mapping[str, Any] = field(default_factory=dict)
    arrange: Callable[[State], State] | None = None  # orders the deal; returns a NEW state
    names: tuple[str, ...] = ()  # the seats' names at the table (default: the game's, else "Player 1"...)

    def start(self, module: GameModule) -> State:
        """The position the first step is shown on."""
        state = module.new_game(self.seats, dict(self.options), self.seed)
        return self.arrange(state) if self.arrange is not None else state


def accepted(step: Step, move: MoveJson) -> bool:
    """True when ``move`` (JSON) is one of ``step.moves``, or within ``step.near`` of one.

    >>> drop = Step("Let go over the centre.", moves=({"kind": "drop", "x": 0.0, "y": 0.0, "hold_ms": 5000},),
    ...             near={"x": 6, "y": 6, "hold_ms": 5000})
    >>> accepted(drop, {"kind": "drop", "x": -5.5, "y": 2.0, "hold_ms": 812})
    True
    >>> accepted(drop, {"kind": "drop", "x": 7.0, "y": 0.0, "hold_ms": 812})
    False
    """
    return any(_close(dict(scripted), dict(move), step.near) for scripted in step.moves)


def in_reach(step: Step, move: MoveJson) -> bool:
    """True when ``move`` is accepted, or would be once its ``timed`` fields reach a scripted value:
    the control showing it is the one to press, at the right moment.

    >>> calm = Step("Let go while calm.", moves=({"kind": "drop", "x": 0.0, "y": 0.0, "hold_ms": 1000},),
    ...             near={"x": 6, "y": 6, "hold_ms": 300}, timed=("hold_ms",))
    >>> accepted(calm, {"kind": "drop", "x": 1.0, "y": 0.0, "hold_ms": 0}), in_reach(calm, {"kind": "drop", "x": 1.0, "y": 0.0, "hold_ms": 0})
    (False, True)
    >>> in_reach(calm, {"kind": "drop", "x": 9.0, "y": 0.0, "hold_ms": 1000})
    False
    """
    if not step.timed:
        return accepted(step, move)
    loose = {**step.near, **{key: math.inf for key in step.timed}}
    return any(_close(dict(scripted), dict(move), loose) for scripted in step.moves)


def _close(scripted: dict[str, Any], move: dict[str, Any], near: Mapping[str, float]) -> bool:
    if scripted.keys() != move.keys():
        return False
    for key, want in scripted.items():
        got = move[key]
        if key not in near:
            if got != want:
                return False
        elif isinstance(got, bool) or not isinstance(got, (int, float)) or abs(got - want) > near[key] + 1e-9:
            return False
    return True


def variants(step: Step, move: MoveJson) -> list[MoveJson]:
    """``move`` with each loosened field at its two ends and its middle (every combination):
    what ``check_lesson`` replays for a step with ``near``."""
    out: list[MoveJson] = [dict(move)]
    for key, reach in step.near.items():
        want = move[key]
        ends = [want - reach, want, want + reach]
        if isinstance(want, int):
            ends = [int(round(v)) for v in ends]
        out = [dict(m, **{key: v}) for m in out for v in ends]
    return out


class LessonError(ValueError):
    """A script the engine disagrees with; ``step`` is its 1-based number (0: the set-up)."""

    def __init__(self, game: str, step: int, problem: str):
        super().__init__(f"{game} lesson, step {step}: {problem}")
        self.step = step


def part_is_well_formed(part: str) -> bool:
    return part == "" or _PART.match(part) is not None


def play_step(module: GameModule, lesson: Lesson, state: State, number: int, move: MoveJson | None) -> State:
    """The position after step ``number`` (1-based) when the learner plays ``move`` (None on a
    read-only step) and the computer its replies; LessonError says what the engine refused."""
    step = lesson.steps[number - 1]
    if move is not None:
        state = _apply(module, lesson, state, number, move, lesson.learner, "the learner's move")
    for reply in step.replies:
        state = _apply(module, lesson, state, number, reply, None, "the computer's reply")
    return state


def _apply(module: GameModule, lesson: Lesson, state: State, number: int, data: MoveJson, seat: int | None, who: str) -> State:
    to_act = module.to_act(state)
    if to_act is None:
        raise LessonError(lesson.game, number, f"{who} {dict(data)} comes after the game has ended")
    if seat is not None and to_act != seat:
        raise LessonError(lesson.game, number, f"{who} {dict(data)} is scripted, but it is seat {to_act}'s turn")
    if seat is None and to_act == lesson.learner:
        raise LessonError(lesson.game, number, f"{who} {dict(data)} is scripted, but it is the learner's turn")
    try:
        move = module.move_from_json(dict(data))
        if seat is not None and module.move_to_json(move) != dict(data):  # the table's controls carry that form
            raise LessonError(lesson.game, number, f"{who} {dict(data)} is not written as the game writes it: {module.move_to_json(move)}")
        return module.apply(state, move)  # apply is the judge (Tower War's placements are not all listed)
    except IllegalMove as exc:
        raise LessonError(lesson.game, number, f"{who} {dict(data)} is not legal here: {exc}") from None


def check_lesson(module: GameModule, lesson: Lesson) -> int:
    """Replay ``lesson`` through ``module``'s engine, every branch of every choice; raise
    LessonError (with the step's number) at the first thing the engine refuses. Returns the
    number of branches replayed."""
    if lesson.game != module.ID:
        raise LessonError(lesson.game, 0, f"the lesson is for {lesson.game!r}, the module is {module.ID!r}")
    if not lesson.steps:
        raise LessonError(lesson.game, 0, "a lesson needs at least one step")
    if not 0 <= lesson.learner < lesson.seats:
        raise LessonError(lesson.game, 0, f"the learner's seat {lesson.learner} is not one of {lesson.seats}")
    for number, step in enumerate(lesson.steps, 1):
        if not part_is_well_formed(step.part):
            raise LessonError(lesson.game, number, f"{step.part!r} is not a part name (lowercase-words[:detail...])")
        if not step.say.strip():
            raise LessonError(lesson.game, number, "the step says nothing")
        for move in step.moves:
            loose = [key for key in step.near if isinstance(move.get(key), bool) or not isinstance(move.get(key), (int, float))]
            if loose:
                raise LessonError(lesson.game, number, f"near loosens {loose}, which {dict(move)} has no number for")
        if set(step.timed) - set(step.near):
            raise LessonError(lesson.game, number, f"timed names {sorted(set(step.timed) - set(step.near))}, which near does not loosen")
    return sum(1 for _ in _branches(module, lesson, lesson.start(module), 1))


def _branches(module: GameModule, lesson: Lesson, state: State, number: int) -> Iterator[State]:
    if number > len(lesson.steps):
        yield state
        return
    step = lesson.steps[number - 1]
    for scripted in step.moves or (None,):
        for move in (None,) if scripted is None else variants(step, scripted):
            yield from _branches(module, lesson, play_step(module, lesson, state, number, move), number + 1)


def replay(module: GameModule, lesson: Lesson, chosen: list[MoveJson | None]) -> State:
    """The position before step ``len(chosen) + 1``, the learner having played ``chosen`` (None for
    read-only steps): how a lesson resumes where the learner left off."""
    state = lesson.start(module)
    for number, move in enumerate(chosen, 1):
        state = play_step(module, lesson, state, number, move)
    return state
