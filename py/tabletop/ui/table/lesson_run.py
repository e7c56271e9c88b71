"""A guided first game in progress: which step the learner is on, the position it is shown on,
and where it is remembered. Browser-free; the lesson screen (screens/lesson.py) draws it and
asks it to move on.

The script is the lesson's (engine/lesson.py): this only walks it. A move the learner makes
is taken only when it is one the step accepts, and the engine plays it; every step is
remembered (the learner's choices and whether the step's "what happened" is showing) under
``tw:lesson:<game>``, so reopening the lesson resumes there. Storage refused or full: the
lesson still runs, it is only not remembered.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from tabletop.engine.lesson import Lesson, LessonError, MoveJson, accepted, play_step, replay
from tabletop.ui.saves.storage import Backend

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule

KEY_PREFIX = "tw:lesson:"
DO, AFTER, DONE = "do", "after", "done"  # the step's instruction, its "what happened", the end


class LessonRun:
    def __init__(self, module: GameModule, lesson: Lesson, backend: Backend | None) -> None:
        self.module = module
        self.lesson = lesson
        self.backend = backend
        self.chosen: list[MoveJson | None] = []  # the learner's move (None: read-only) for each step done
        self.phase = DO
        self.table_ui: dict[str, Any] = {}  # the renderer's half-made choice (a selected card)
        self.state: Any = lesson.start(module)
        self.said: str = ""  # what the last step's move did, as the coach says it
        self._resume()

    # ---------------------------------------------------------------- reading
    @property
    def key(self) -> str:
        return KEY_PREFIX + self.lesson.game

    @property
    def number(self) -> int:
        """The step shown, 1-based (the last one once the lesson is done)."""
        return min(len(self.chosen) + (1 if self.phase == DO else 0), len(self.lesson.steps))

    @property
    def total(self) -> int:
        return len(self.lesson.steps)

    @property
    def step(self) -> Any:
        return self.lesson.steps[self.number - 1]

    @property
    def done(self) -> bool:
        return self.phase == DONE

    def names(self) -> list[str]:
        if self.lesson.names:
            return list(self.lesson.names)
        seat_names = self.module.SEAT_NAMES
        return [seat_names[i] if seat_names else f"Player {i + 1}" for i in range(self.lesson.seats)]

    def offered(self) -> list[Any]:
        """The moves the table offers now: the engine's legal moves the step accepts (none while
        the step is read-only or its "what happened" shows)."""
        if self.phase != DO or self.step.read_only:
            return []
        step = self.step
        listed = [m for m in self.module.legal_moves(self.state) if accepted(step, self.module.move_to_json(m))]
        if listed:
            return listed
        return [self.module.move_from_json(dict(w)) for w in step.moves]  # placements the engine does not list (Tower War)

    # ---------------------------------------------------------------- moving on
    def play(self, move: Any) -> str | None:
        """The learner's move; None when taken, else why not (a move the step does not ask for)."""
        data = self.module.move_to_json(move)
        if self.phase != DO or not accepted(self.step, data):
            return " ".join(filter(None, ["That is not the move this step asks for.", self.step.hint if self.phase == DO else ""]))
        self._finish_step(data, show_after=True)
        return None

    def next(self) -> None:
        """Next: past a read-only step, or past a step's "what happened"."""
        if self.phase == DO and self.step.read_only:
            self._finish_step(None, show_after=True)
        elif self.phase == AFTER:
            self.phase = DONE if len(self.chosen) == self.total else DO
            self.table_ui.clear()  # what the table kept while "what happened" showed (a hand's clock) starts afresh
            self._remember()

    def skip(self) -> None:
        """Skip the step: its first accepted move is played for the learner (the script goes on)."""
        if self.phase == AFTER:
            self.next()
        elif self.phase == DO:
            self._finish_step(self.step.moves[0] if self.step.moves else None, show_after=False)

    def restart(self) -> None:
        self.chosen, self.phase, self.said = [], DO, ""
        self.state = self.lesson.start(self.module)
        self.table_ui.clear()
        self._remember()

    def _finish_step(self, move: MoveJson | None, show_after: bool) -> None:
        step = self.step
        self.state = play_step(self.module, self.lesson, self.state, self.number, move)
        self.chosen.append(None if move is None else dict(move))
        self.table_ui.clear()
        self.said = step.after if show_after else ""
        last = len(self.chosen) == self.total
        self.phase = AFTER if show_after and step.after else DONE if last else DO
        self._remember()

    # ---------------------------------------------------------------- remembering
    def _remember(self) -> None:
        if self.backend is None:
            return
        try:
            self.backend.set(self.key, json.dumps({"chosen": self.chosen, "phase": self.phase, "said": self.said}))
        except Exception:  # storage full or refused: the lesson goes on, unremembered
            pass

    def _resume(self) -> None:
        """Back where the learner left off, when what is stored still fits the script (else step 1)."""
        if self.backend is None:
            return
        try:
            text = self.backend.get(self.key)
            data = json.loads(text) if text else None
        except Exception:
            return
        if not isinstance(data, dict):
            return
        chosen, phase, said = data.get("chosen"), data.get("phase"), data.get("said")
        if not isinstance(chosen, list) or phase not in (DO, AFTER, DONE) or not isinstance(said, str) or len(chosen) > self.total:
            return
        for step, move in zip(self.lesson.steps, chosen):
            fits = move is None if step.read_only else isinstance(move, dict) and accepted(step, move)
            if not fits:
                return
        consistent = {DO: len(chosen) < self.total, AFTER: len(chosen) >= 1, DONE: len(chosen) == self.total}
        if not consistent[phase]:
            return
        try:
            state = replay(self.module, self.lesson, chosen)
        except LessonError:
            return
        self.chosen, self.phase, self.said, self.state = chosen, phase, said, state
