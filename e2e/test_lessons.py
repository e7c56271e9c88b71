"""Learn to play (#/learn/<game>): every game's lesson completed by taps on a phone (390x844, touch)
and by the keyboard alone (1024x768), checking at each step that the outlined board part and the
moves the table offers are the script's; then Skip, Leave and resume.

Driven by the lesson data (engine/lesson.py), so a game's lesson is played here as soon as it
exists. A move is made as the lesson screen's docstring says: press the first enabled, unpressed
``data-step`` control of the board until a ``data-move`` control of the step's moves shows, then
press it. A game whose moves are made another way (a drag) adds its own way to ``DRIVERS``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from axe import audit
from conftest import SHOTS, boot, goto
from tabletop.engine.lesson import Lesson, Step, accepted, in_reach
from tabletop.games import GAMES, REGISTRY

LESSONS = {game_id: lesson for game_id in GAMES if (lesson := REGISTRY[game_id].lesson) is not None}
PHONE, DESK = (390, 844), (1024, 768)

STEP_CONTROL = ".lesson-board [data-step]:not([disabled]):not([aria-disabled='true']):not([aria-pressed='true'])"
MOVE_CONTROLS = ".lesson-board [data-move]:not([disabled])"
# A game's own way of making a move the generic presses cannot (a drag): (page, step, press) -> None.
DRIVERS: dict[str, Callable[[Any, Step, Callable[[Any], None]], None]] = {}


def offered(page) -> list[dict]:
    """The moves the board's enabled controls would play."""
    return [json.loads(text) for text in page.eval_on_selector_all(MOVE_CONTROLS, "els => els.map(e => e.dataset.move)")]


def at_step(page, number: int, phase: str) -> None:
    page.wait_for_selector(f"[data-screen=lesson][data-lesson-step='{number}'][data-phase='{phase}']", timeout=30_000)


def check_step(page, lesson: Lesson, number: int) -> None:
    """The coach says which step; the outlined part is the step's; every offered move is one of the step's."""
    step = lesson.steps[number - 1]
    assert page.locator(".lesson-count").inner_text().lower() == f"step {number} of {len(lesson.steps)}"
    spots = page.eval_on_selector_all(".lesson-spot", "els => els.map(e => e.dataset.part.split(' '))")
    if step.part:
        assert spots and all(step.part in names for names in spots), f"step {number}: outlined {spots}, the script says {step.part!r}"
        named = page.eval_on_selector_all(
            "[data-part]", "(els, p) => els.filter(e => e.dataset.part.split(' ').includes(p)).length", step.part
        )
        assert named == len(spots), f"step {number}: {named} elements are {step.part!r}, {len(spots)} outlined"
        assert page.locator(".lesson-spot").first.is_visible()
    else:
        assert spots == []
    for move in offered(page):  # a timed move (a hold to wait out) shows the moment's value until then
        assert in_reach(step, move), f"step {number}: the board offers {move}, not in the script"
    if step.read_only:
        assert offered(page) == [] and page.locator(STEP_CONTROL).count() == 0, f"step {number}: a read-only step offers a move"
    assert page.evaluate("document.getElementById('announcer').textContent").startswith(f"Step {number} of")


def tapper(page) -> Callable[[Any], None]:
    def press(locator: Any) -> None:
        locator.scroll_into_view_if_needed()
        locator.tap()

    press.taps = True  # type: ignore[attr-defined]  # a driver may aim where a finger would
    return press


def keyboard(page) -> Callable[[Any], None]:
    """Only keys: the control to press next must already have focus (the lesson puts it there)."""

    def press(locator: Any) -> None:
        page.wait_for_function("el => document.activeElement === el", arg=locator.element_handle(), timeout=10_000)
        page.keyboard.press("Enter")

    return press


def make_move(page, step: Step, press: Callable[[Any], None]) -> None:
    for _ in range(12):
        for i, move in enumerate(offered(page)):
            if accepted(step, move):
                control = page.locator(MOVE_CONTROLS).nth(i)
                assert control.get_attribute("data-lesson-next") is not None, "the move to make is marked"
                press(control)
                return
        control = page.locator(STEP_CONTROL).first
        assert control.count() == 1, f"nothing leads to {step.moves}"
        assert control.get_attribute("data-lesson-next") is not None, "the control to press next is marked"
        before = page.evaluate("document.querySelector('.lesson-board').innerHTML.length")
        press(control)
        page.wait_for_function("n => document.querySelector('.lesson-board').innerHTML.length !== n", arg=before, timeout=10_000)
    raise AssertionError(f"no control plays {step.moves}")


def tower_war_drop(page, step: Step, press: Callable[[Any], None]) -> None:
    """Tower War's measured drop (``Step.near``): a finger presses the card's centre and lifts
    (the aim is where it pressed, the hold how long it held); keys let go where the aim starts,
    the centre, with the marked Let go button. Then the landing is the engine's, within reach.
    A drop the step takes only while the hand is calm (``Step.timed``) is held until the light says so."""
    if step.timed:
        hold_until_calm(page, press)
    elif step.near and getattr(press, "taps", False):
        card = page.locator("#twar-top")
        card.scroll_into_view_if_needed()
        card.tap()  # the viewBox is centred on the top card's centre
    elif step.near:
        make_move(page, step, space_on_the_aim(page, press))
    else:
        make_move(page, step, press)


CALM_NOW = (
    "document.getElementById('twar-calm-light')?.dataset.calm === '1' && Number(document.getElementById('twar-ghost')?.dataset.hold) > 0"
)


def hold_until_calm(page, press: Callable[[Any], None]) -> None:
    """Press and hold, as the step says: a finger on the card's centre (a touch held through the
    browser's own touch events), or an arrow key and back (the aim where it started); then wait for
    the Calm light and lift the finger, or press Space on the aim."""
    card = page.locator("#twar-top")
    card.scroll_into_view_if_needed()
    assert "Press and hold first" in page.inner_text("#twar-calm-light")
    if getattr(press, "taps", False):
        box = card.bounding_box()
        touch = page.context.new_cdp_session(page)
        point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
        touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        page.wait_for_function(CALM_NOW, timeout=15_000)
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        touch.detach()
    else:
        page.wait_for_function("document.activeElement?.id === 'twar-top'", timeout=10_000)
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowDown")
        page.wait_for_function(CALM_NOW, timeout=15_000)
        page.keyboard.press("Space")


def space_on_the_aim(page, press: Callable[[Any], None]) -> Callable[[Any], None]:
    """After a pick-up the keyboard's focus is on the aiming area (arrows aim at once), whose Space
    lets go as the Let go button would; other controls are pressed as before."""

    def let_go_or_press(locator: Any) -> None:
        if locator.get_attribute("id") == "twar-drop":
            page.wait_for_function("document.activeElement?.id === 'twar-top'", timeout=10_000)
            page.keyboard.press("Space")
        else:
            press(locator)

    return let_go_or_press


DRIVERS["tower-war"] = tower_war_drop


SHOWN = {"tower-war": range(9, 16)}
"""Steps shot besides each lesson's first and last, to look at: Tower War's battles 2 and 3 (the card
laid across the pyramids, Blue's fall)."""


def shoot(page, name: str) -> None:
    """Each lesson's first and last step, to look at (e2e/screenshots/lessons)."""
    (SHOTS / "lessons").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "lessons" / f"{name}.png"))


def open_lesson(page, game_id: str) -> None:
    """The lesson from its first step (one finished earlier on this page is started again)."""
    goto(page, f"#/learn/{game_id}")
    page.wait_for_selector("[data-screen=lesson]")
    if page.locator("[data-screen=lesson][data-phase=done]").count():
        page.click("#lesson-again")


def play_through(page, game_id: str, press: Callable[[Any], None], label: str) -> None:
    lesson = LESSONS[game_id]
    open_lesson(page, game_id)
    for number, step in enumerate(lesson.steps, 1):
        at_step(page, number, "do")
        check_step(page, lesson, number)
        if number in (1, len(lesson.steps)) or number in SHOWN.get(game_id, ()):
            shoot(page, f"{game_id}-{label}-step-{number}")
        if step.read_only:
            press(page.locator("#lesson-next"))
        else:
            DRIVERS.get(game_id, make_move)(page, step, press)
        last = number == len(lesson.steps)
        if step.after:
            at_step(page, number, "after")
            assert step.after in page.locator(".lesson-said").inner_text()
            if last or number in SHOWN.get(game_id, ()):
                shoot(page, f"{game_id}-{label}-step-{number}-after")
            press(page.locator("#lesson-next"))
    page.wait_for_selector("[data-screen=lesson][data-phase=done]")
    shoot(page, f"{game_id}-{label}-done")
    press(page.locator("#lesson-real-game"))
    try:
        page.wait_for_selector(f"[data-screen=table][data-game='{game_id}']", timeout=30_000)
    except Exception:
        page.screenshot(path=str(SHOTS / "lessons" / f"{game_id}-{label}-no-real-game.png"))
        screen = page.evaluate("[location.hash, document.querySelector('[data-screen]')?.dataset.screen, document.activeElement?.id]")
        raise AssertionError(
            f"no table after 'Play a real game': at {screen}, notices {page.locator('.notice').all_inner_texts()}"
        ) from None
    assert "computer, normal" in page.locator(".seat-list").inner_text()


@pytest.fixture(scope="module")
def phone(browser, site):
    context, page, _ = boot(browser, site, viewport=PHONE, has_touch=True, is_mobile=True)
    yield page
    context.close()


@pytest.mark.parametrize("game_id", sorted(LESSONS))
def test_each_lesson_is_finished_by_taps_on_a_phone(phone, game_id):
    phone.evaluate("twSaves.clear()")
    play_through(phone, game_id, tapper(phone), "phone")
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("game_id", sorted(LESSONS))
def test_each_lesson_is_finished_by_keyboard_alone(app, game_id):
    app.set_viewport_size({"width": DESK[0], "height": DESK[1]})
    play_through(app, game_id, keyboard(app), "keyboard")


@pytest.mark.parametrize("game_id", sorted(LESSONS))
def test_learn_to_play_is_on_home_and_the_rules(app, game_id):
    app.click(f".game-card[data-game='{game_id}'] a[href='#/learn/{game_id}']")
    app.wait_for_selector(f"[data-screen=lesson][data-game='{game_id}']")
    goto(app, f"#/rules/{game_id}")
    app.click(f"a[href='#/learn/{game_id}']")
    app.wait_for_selector(f"[data-screen=lesson][data-game='{game_id}']")


def test_a_step_is_skipped_and_the_lesson_resumes_where_it_was_left(app, site):
    game_id = "tower-battle" if "tower-battle" in LESSONS else sorted(LESSONS)[0]
    lesson = LESSONS[game_id]
    first_move = next(n for n, step in enumerate(lesson.steps, 1) if not step.read_only)
    open_lesson(app, game_id)
    for number in range(1, first_move):
        at_step(app, number, "do")
        app.click("#lesson-next")
        if lesson.steps[number - 1].after:
            app.click("#lesson-next")
    at_step(app, first_move, "do")
    app.click("#lesson-skip")  # the coach plays it: no "what happened", the next step at once
    at_step(app, first_move + 1, "do")
    check_step(app, lesson, first_move + 1)
    app.click("#lesson-leave")
    app.wait_for_selector("section.home")
    app.click(f".game-card[data-game='{game_id}'] a[href='#/learn/{game_id}']")
    at_step(app, first_move + 1, "do")
    app.reload()  # a new page: the step comes back from storage
    app.wait_for_selector("html[data-app-ready='1']", state="attached", timeout=90_000)
    at_step(app, first_move + 1, "do")


def test_without_storage_the_lesson_still_runs(browser, site):
    context, page, _ = boot(browser, site, viewport=DESK)
    try:
        page.add_init_script(
            "for (const k of ['localStorage', 'indexedDB']) Object.defineProperty(window, k, {get() { throw new Error('refused'); }})"
        )
        page.reload()
        page.wait_for_selector("html[data-app-ready='1']", state="attached", timeout=90_000)
        game_id = sorted(LESSONS)[0]
        goto(page, f"#/learn/{game_id}")
        at_step(page, 1, "do")
        page.click("#lesson-next" if LESSONS[game_id].steps[0].read_only else "#lesson-skip")
        page.wait_for_selector("[data-screen=lesson]:not([data-lesson-step='1']), [data-screen=lesson][data-phase=after]")
    finally:
        context.close()


@pytest.mark.parametrize("size", [DESK, PHONE], ids=["desk", "phone"])
@pytest.mark.parametrize("game_id", sorted(LESSONS))
def test_the_lesson_screen_passes_axe(app, game_id, size):
    """axe-core, moderate findings included, on a read-only step, the first move step and its "what happened"."""
    app.set_viewport_size({"width": size[0], "height": size[1]})
    open_lesson(app, game_id)
    lesson = LESSONS[game_id]
    number = 1
    while True:
        at_step(app, number, "do")
        clean(app)
        if not lesson.steps[number - 1].read_only:
            break
        app.click("#lesson-next")
        if lesson.steps[number - 1].after:
            app.click("#lesson-next")
        number += 1
    app.click("#lesson-skip")
    at_step(app, number + 1, "do")


def clean(page) -> None:
    found = audit(page, moderate=True)
    assert found == [], json.dumps(found, indent=1, ensure_ascii=False)
