"""Learn to play (``#/learn/<game>``): a guided first game against a scripted computer.

The coach (goal, step x of n, what to look at and do, what just happened) sits beside the
board, or above it on a narrow screen. The board is the game's own renderer, handed only the
moves the step accepts (``LessonRun.offered``: the engine's legal moves the script names), so
nothing else lights up. The step's board part is outlined (every element whose ``data-part``
is the step's), the next control to press is marked and takes focus, and the coach's words
are announced (``data-announce``, read by ui/web/focus.py into one lasting live region).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tabletop.engine.lesson import PART_ATTRIBUTE, Step, in_reach
from tabletop.ui.render import TableContext, renderer_for
from tabletop.ui.screens.common import notices
from tabletop.ui.shell.actions import Actions
from tabletop.ui.shell.context import ScreenContext
from tabletop.ui.table.lesson_run import AFTER, LessonRun
from tabletop.ui.web.dom import El, find_all, h

SPOT = "lesson-spot"  # the class outlining the step's board part
NEXT = "lesson-next"  # the class (and data-lesson-next) marking the control to press next


def add_class(el: El, name: str) -> None:
    el.attrs["class"] = " ".join(filter(None, [el.attrs.get("class"), name]))


def spotlight(tree: El, part: str) -> int:
    """Outline every element naming ``part``; how many there are."""
    if not part:
        return 0
    found = find_all(tree, lambda el: part in str(el.attrs.get(PART_ATTRIBUTE) or "").split())
    for el in found:
        add_class(el, SPOT)
    return len(found)


def enabled(el: El) -> bool:
    return not el.attrs.get("disabled") and el.attrs.get("aria-disabled") != "true"


def plays(el: El, step: Step) -> bool:
    """Whether ``el`` makes the step's move (now, or once the learner has waited: ``Step.timed``)."""
    try:
        data = json.loads(el.attrs.get("data-move") or "null")
    except ValueError:
        return False
    return isinstance(data, dict) and in_reach(step, data)


def next_control(tree: El, step: Step) -> El | None:
    """The control the learner presses next: the step's move if the table shows it, else the
    first step toward it (an enabled ``data-step`` not already pressed)."""
    if not step.moves:
        return None
    for el in find_all(tree, lambda el: "data-move" in el.attrs and enabled(el)):
        if plays(el, step):
            return el
    steps = find_all(tree, lambda el: "data-step" in el.attrs and enabled(el) and el.attrs.get("aria-pressed") != "true")
    return steps[0] if steps else None


def mark_next(tree: El, run: LessonRun) -> El | None:
    el = next_control(tree, run.step)
    if el is not None:
        add_class(el, NEXT)
        el.attrs["data-lesson-next"] = ""
        ident = el.attrs.get("id") or el.attrs.get("data-move") or el.attrs.get("data-card") or ""
        el.attrs["data-take-focus"] = f"lesson-{run.number}-{len(run.chosen)}-{ident}-{sorted(run.table_ui.items())}"
    return el


def table(ctx: ScreenContext, act: Actions, run: LessonRun) -> El:
    """The game's own board at the lesson's position, offering only the step's moves."""
    module, seat = run.module, run.lesson.learner

    def play(move: Any) -> None:
        refused = run.play(move)
        if refused is None:
            act.refresh()
        else:
            run.table_ui.clear()  # the choice starts afresh (a hand let go off the mark holds anew)
            act.notify(refused, "error")  # (draws the page again)

    view = module.view(run.state, seat)
    table_ctx = TableContext(module, view, run.offered(), run.names(), seat, play, act.refresh, run.table_ui, act.notify, ctx.settings)
    board: El = renderer_for(module.ID).render(table_ctx)
    return board


def then(act: Actions, change: Callable[[], None]) -> Callable[[Any], None]:
    """A handler: move the lesson on, then draw the page again."""

    def handler(_event: Any) -> None:
        change()
        act.refresh()

    return handler


def coach(act: Actions, run: LessonRun, restart_form: dict[str, Any]) -> El:
    lesson, step = run.lesson, run.step
    title = run.module.TITLE
    buttons: list[El | None]
    words: list[El | None]
    leave = h("a.button.quiet#lesson-leave", {"href": "#/"}, "Leave lesson")
    if run.done:
        words = [
            h("h2#lesson-step", "Lesson complete"),
            h("p", f"You have seen every rule that decides a game of {title}. Now play one against the computer."),
        ]
        buttons = [
            h(
                "button.primary#lesson-real-game",
                {"data-take-focus": f"lesson-done-{lesson.game}"},
                "Play a real game",
                on_click=lambda _e: act.start_game(lesson.game, restart_form),
            ),
            h("button#lesson-again", "Start the lesson again", on_click=then(act, run.restart)),
            h("a.button.quiet#lesson-leave", {"href": "#/"}, "Back to the games"),
        ]
        announce = f"Lesson complete. You have seen every rule of {title}."
    elif run.phase == AFTER:
        words = [
            h("p.lesson-count", f"Step {run.number} of {run.total}"),
            h("h2#lesson-step", "What happened"),
            h("p.lesson-said", run.said),
        ]
        buttons = [
            h(
                "button.primary#lesson-next",
                {"data-take-focus": f"lesson-{run.number}-after"},
                "Next",
                on_click=then(act, run.next),
            ),
            leave,
        ]
        announce = f"What happened: {run.said}"
    else:
        words = [
            h("p.lesson-count", f"Step {run.number} of {run.total}"),
            h("h2#lesson-step", step.say),
            h("p.lesson-hint", step.hint) if step.hint else None,
        ]
        next_button = (
            h(
                "button.primary#lesson-next",
                {"data-take-focus": f"lesson-{run.number}-read"},
                "Next",
                on_click=then(act, run.next),
            )
            if step.read_only
            else None
        )
        buttons = [
            next_button,
            h("button#lesson-skip", "Skip step", on_click=then(act, run.skip)) if not step.read_only else None,
            leave,
        ]
        announce = f"Step {run.number} of {run.total}. {step.say} {step.hint}".strip()
    progress = h(
        "div.lesson-progress",
        {"role": "progressbar", "aria-label": "Lesson progress", "aria-valuemin": "0", "aria-valuemax": str(run.total)},
        h("span.lesson-progress-bar", {"style": f"width: {100 * len(run.chosen) // run.total}%"}),
    )
    progress.attrs["aria-valuenow"] = str(len(run.chosen))
    return h(
        "aside.lesson-coach.panel" + (".lesson-later" if run.number > 1 else ""),
        {"aria-labelledby": "lesson-step", "data-announce": announce, "data-step-number": str(run.number), "data-phase": run.phase},
        h("p.lesson-goal", h("strong", "Goal: "), lesson.goal),
        progress,
        h("div.lesson-words", words),  # on a phone this scrolls, and the buttons under it stay in view
        h("div.button-row.lesson-buttons", buttons),
    )


def real_game_form(default_form: dict[str, Any]) -> dict[str, Any]:
    """A normal game after the lesson: the learner's seat a person, every other the computer (normal),
    on a fresh deal (not a seed half-typed into the new-game form, which could refuse to start)."""
    form = {**default_form, "seats": [dict(s) for s in default_form["seats"]], "seed": ""}
    for i, seat in enumerate(form["seats"]):
        if i != 0:
            seat.update(kind="computer", level="normal")
    return form


def render(ctx: ScreenContext, act: Actions, run: LessonRun, restart_form: dict[str, Any]) -> El:
    board = table(ctx, act, run)
    if not run.done and run.phase != AFTER:
        spotlight(board, run.step.part)
        mark_next(board, run)
    title = run.module.TITLE
    return h(
        "section.lesson-screen",
        {"data-screen": "lesson", "data-game": run.lesson.game, "data-lesson-step": str(run.number), "data-phase": run.phase},
        notices(ctx, act),
        h("div.table-bar", h("h1", f"Learn to play {title}")),
        h(
            "div.lesson-layout",
            coach(act, run, real_game_form(restart_form)),
            h("div.table-main.lesson-board", board),
        ),
    )
