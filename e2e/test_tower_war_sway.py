"""Tower War's swaying tower keeps swaying through a re-render: the table is drawn anew after each
move, and the sway used to jump back to its start every time."""

from __future__ import annotations

from conftest import moves_made, start_saved_game
from test_tower_war import prefix, wait_moves

SEED = 3
# where the first swaying level is in its sway: ms since the sway's start on the page's clock
# (the animation's start plus its delay), and the sway's cycle (there and back)
SWAY = """async () => { const el = document.querySelector('.twar-wobble'); const a = el && el.getAnimations()[0];
    if (!a) return null; await a.ready; const t = a.effect.getTiming();
    return {origin: a.startTime + t.delay, cycle: 2 * t.duration, level: el.dataset.level, name: a.animationName}; }"""


def wrapped(ms: float, cycle: float) -> float:
    """``ms`` brought into (-cycle/2, cycle/2]: how far apart two points of a repeating sway are."""
    return (ms + cycle / 2) % cycle - cycle / 2


def test_the_sway_carries_on_through_re_renders(app):
    _, moves = prefix(SEED, lambda s: s.phase == "play" and len(s.tower) >= 5 and not any(s.current), jitter=3.5)
    app.evaluate("twSaves.write('tw:settings', JSON.stringify({curtain: false}))")  # one screen, no hand-overs
    reboot(app)
    try:
        start_saved_game(app, "tower-war", ["Ana", "Ben"], SEED, {}, moves, save_id="e2e-twar-sway")
        app.wait_for_selector(".twar-wobble", state="attached")
        before = app.evaluate(SWAY)
        assert before and before["name"] == "twar-sway"
        for _ in range(2):  # the lead and the answer: two re-renders, the tower unchanged
            app.wait_for_timeout(700)
            n = moves_made(app)
            app.locator(".twar-hand [data-move]").first.click()
            wait_moves(app, n + 1)
            after = app.evaluate(SWAY)
            assert after and after["level"] == before["level"] and after["cycle"] == before["cycle"]
            drift = wrapped(after["origin"] - before["origin"], before["cycle"])
            assert abs(drift) <= 20, f"the sway restarted: {drift:.0f} ms off where it was"
    finally:
        app.evaluate("twSaves.remove('tw:settings')")
        reboot(app)


def reboot(page) -> None:
    """Settings are read at boot."""
    page.reload()
    page.wait_for_selector("html[data-app-ready='1']", state="attached", timeout=90_000)
