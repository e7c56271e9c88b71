"""Touch everywhere on a tablet: every control on every screen is at least 44x44 px at 820x1180,
1180x820 and 1366x1024 (Home, the rules and readings, settings, the lab, every new-game form, each
game's table in the middle of a choice, the hand-over curtain, the history, a lesson, the dialogs),
and nothing on them is told only on a mouse's hover: a tooltip's words are on screen or come up on
a long press too (ui/web/tips.py).

A checkbox or radio button is measured by its label, which takes the tap. The exceptions, each for
its reason, are ``EXEMPT``."""

from __future__ import annotations

import pytest

from conftest import goto, random_game, start_saved_game
from tabletop.games import GAMES

SIZES = {"portrait": (820, 1180), "landscape": (1180, 820), "large": (1366, 1024)}
HOT_SEAT = {
    "tower-war": ["Ana", "Ben"],
    "towers-of-wyoming": ["Ana", "Ben", "Cy"],
    "tower-battle": ["Ana", "Ben"],
    "war-of-the-worlds": ["Ana", "Ben"],
}
SCREENS = ["#/", "#/rules", "#/rules/readings", "#/settings", "#/lab"] + [f"#/rules/{g}" for g in GAMES] + [f"#/new/{g}" for g in GAMES]
EXEMPT = {
    "inline link": "a link inside a sentence, which WCAG 2.5.8 leaves at the size of its words",
    "scroll region": "the game log: focusable so a keyboard can scroll it, not a thing to tap",
}
SMALL_TARGETS = """() => {
  const wanted = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex="0"], label.button';
  const small = [];
  for (const el of document.querySelectorAll(wanted)) {
    if (el.closest('[inert], [hidden]') || el.matches('.visually-hidden')) continue;
    const target = el.matches('input[type=checkbox], input[type=radio]') && el.closest('label') ? el.closest('label') : el;
    const box = target.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
    if (box.width >= 44 && box.height >= 44) continue;
    const around = el.parentElement ? el.parentElement.textContent.trim().length : 0;
    const why = el.tagName === 'A' && getComputedStyle(el).display === 'inline' && around > el.textContent.trim().length + 10 ? 'inline link'
      : el.matches('ol.game-log') ? 'scroll region' : null;
    if (why === null) small.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className} "${(el.getAttribute('aria-label') || el.textContent).trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
  }
  return small;
}"""


HOVER_ONLY = """() => {
  const hidden = [];
  for (const el of document.querySelectorAll('[title]')) {
    if (el.closest('[inert], [hidden]') || el.hasAttribute('data-tip')) continue;
    const words = el.getAttribute('title').trim();
    if (!words || el.innerText.includes(words)) continue;
    hidden.push(`hover only: ${el.tagName.toLowerCase()}#${el.id}.${el.className} "${words.slice(0, 40)}"`);
  }
  return hidden;
}"""


def small_targets(page, where: str) -> list[str]:
    """Controls under 44x44 px, and words only a mouse's hover shows (a ``title`` with no long press)."""
    return [f"{where}: {found}" for found in page.evaluate(SMALL_TARGETS) + page.evaluate(HOVER_ONLY)]


def mid_choice(page) -> None:
    """Start a two-step choice where the table has one (a card or a size chosen, its targets lit)."""
    step = page.locator(".table-main [data-step]:visible:not([disabled])")
    if step.count():
        step.first.click()


@pytest.mark.parametrize("size", SIZES)
def test_every_control_on_every_screen_is_44_px_square_at_least(app, size):
    app.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
    small: list[str] = []
    for screen in SCREENS:
        goto(app, screen)
        app.wait_for_selector("#app > *")
        small += small_targets(app, screen)
    for game, seats in HOT_SEAT.items():
        start_saved_game(app, game, seats, 5, save_id=f"e2e-touch-{game}-{size}")
        app.wait_for_selector("[data-screen='table'] .table-main > *, #curtain-go")
        if app.locator("#curtain-go").count():
            small += small_targets(app, f"{game} curtain")
            app.click("#curtain-go")
        app.wait_for_selector("[data-screen='table'] .table-main > *")
        small += small_targets(app, f"{game} table")
        mid_choice(app)
        small += small_targets(app, f"{game} mid-choice")
        app.click("#share-game")
        app.wait_for_selector("#overlay-root [role='dialog']")
        small += small_targets(app, f"{game} share dialog")
        app.keyboard.press("Escape")
        app.wait_for_selector("#overlay-root [role='dialog']", state="detached")
    assert small == [], "\n".join(small)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_lesson_and_the_history_have_no_small_control_either(app, game):
    app.set_viewport_size({"width": 820, "height": 1180})
    goto(app, f"#/learn/{game}")
    app.wait_for_selector(".lesson-screen")
    small = small_targets(app, f"lesson {game}")
    _state, moves = random_game(game, 5, lambda _s, made: len(made) >= 6, len(HOT_SEAT[game]))
    start_saved_game(app, game, HOT_SEAT[game], 5, moves=moves, save_id=f"e2e-touch-history-{game}")
    goto(app, f"#/replay/{game}/e2e-touch-history-{game}")
    app.wait_for_selector("[data-screen='replay']")
    small += small_targets(app, f"history {game}")
    assert small == [], "\n".join(small)
