"""The table's shared log panel: after moves, the newest line is in view, whole, at the top.

A seeded War of the Worlds game (no hidden information, so no hot-seat curtain) with a log
long enough to scroll is opened; moves are clicked on the real page; after each one the
newest line the engine wrote must be the log's first line, inside the list's visible box,
not covered, and not clipped at the top.
"""

from __future__ import annotations

import json

from conftest import moves_made, play_any_move, random_game, start_saved_game
from tabletop.games import GAMES
from tabletop.ui.table.wording import name_sides

GAME = "war-of-the-worlds"
MODULE = GAMES[GAME]
SEATS = ["Ana", "Ben"]
SEED = 5
SAVE_ID = "e2e-log"

LOG_BOX = """newest => {
    const ol = document.querySelector('ol.game-log');
    const box = ol.getBoundingClientRect();
    const view = {top: box.top + ol.clientTop, left: box.left + ol.clientLeft};
    view.bottom = view.top + ol.clientHeight;
    view.right = view.left + ol.clientWidth;
    const items = [...ol.querySelectorAll(':scope > li')];
    const rect = el => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
    // the newest line, found by its words wherever it sits in the list
    const line = items.find(li => li.textContent.trim() === newest);
    const at = line ? rect(line) : null;
    const hit = at && document.elementFromPoint((at.left + at.right) / 2, Math.min((at.top + at.bottom) / 2, at.top + 8));
    // the line that is highest on screen among those reaching into the visible box
    const shown = items.map(rect).filter(r => r.bottom > view.top + 0.5 && r.top < view.bottom - 0.5);
    const topLine = shown.reduce((a, r) => (a === null || r.top < a.top ? r : a), null);
    return {
        texts: items.map(li => li.textContent.trim()),
        view, newest: at, topLine,
        scrollable: ol.scrollHeight > ol.clientHeight + 1,
        scrollTop: ol.scrollTop,
        newestHit: Boolean(hit && line.contains(hit)),
    };
}"""


def random_prefix(n: int) -> list[dict]:
    return random_game(GAME, SEED, limit=n)[1]


def engine_log(page) -> list[str]:
    """The log the engine writes for the moves the page saved (replayed here under CPython), with the
    players' names beside their sides as the table shows it."""
    record = json.loads(page.evaluate("k => twSaves.read(k)", f"tw:save:{SAVE_ID}"))
    state = MODULE.new_game(2, record["options"], record["seed"])
    for data in record["moves"]:
        state = MODULE.apply(state, MODULE.move_from_json(data))
    labels = [f"{name} ({side})" for name, side in zip(SEATS, MODULE.SEAT_NAMES)]
    return [name_sides(line, MODULE.SEAT_NAMES, labels) for line in MODULE.view(state, None)["log"]]  # the table says the people


def check_newest_in_view(page) -> dict:
    page.locator("ol.game-log").scroll_into_view_if_needed()
    log = engine_log(page)
    seen = page.evaluate(LOG_BOX, log[-1])
    view, line = seen["view"], seen["newest"]
    assert line is not None, f"the newest line is not in the log: {log[-1]!r}"
    # the newest line lies wholly inside the list's visible box, and nothing covers it
    assert view["top"] - 0.5 <= line["top"] and line["bottom"] <= view["bottom"] + 0.5, seen
    assert view["left"] - 0.5 <= line["left"] and line["right"] <= view["right"] + 0.5, seen
    assert seen["newestHit"], "the newest log line is covered"
    # the line at the top of the visible box is whole, not cut off
    assert seen["topLine"]["top"] >= view["top"] - 0.5, seen
    # and it reads newest first, for eyes and screen readers alike: the list's order is the engine's, reversed
    assert seen["texts"][:3] == log[::-1][:3], (seen["texts"][:3], log[-3:])
    return seen


def test_newest_log_line_is_in_view_and_whole_after_moves(app):
    prefix = random_prefix(40)
    start_saved_game(app, GAME, SEATS, SEED, {}, prefix, save_id=SAVE_ID)
    app.wait_for_selector(".wotw-board")
    assert moves_made(app) == len(prefix)

    # The log is a named, focusable scrolling region.
    log = app.get_by_role("list", name="Log · newest first")
    assert log.count() == 1
    assert log.get_attribute("tabindex") == "0"

    for w, h in ((1024, 768), (390, 844)):
        app.set_viewport_size({"width": w, "height": h})
        for _ in range(3):
            before = moves_made(app)
            play_any_move(app)
            assert moves_made(app) > before
            seen = check_newest_in_view(app)
        assert seen["scrollable"], "the log should be long enough to scroll here"

    # Older lines are a keyboard scroll away, and the newest is back with Home.
    app.focus("ol.game-log")
    app.keyboard.press("End")
    app.wait_for_function("document.querySelector('ol.game-log').scrollTop > 0")
    app.keyboard.press("Home")
    app.wait_for_function("document.querySelector('ol.game-log').scrollTop === 0")
