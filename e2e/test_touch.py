"""Touch: each game played by taps on a phone (390x844, has_touch, is_mobile).

One touch context is booted for this module and reused by the four games. Positions come
from seeded engine play opened with start_saved_game; then real controls are tapped
(Playwright's tap sends touch input, so the page sees pointerType 'touch') and the move
count must rise. Tower War's drop is a touch hold on the aim area, moved a little and
released (raw touch events through the DevTools protocol, as a finger would).
"""

from __future__ import annotations

import json
import random

import pytest

import tabletop.games.tower_battle as tb
import tabletop.games.towers_of_wyoming as tw
import test_tower_war as twar
from conftest import boot, goto, moves_made, pass_moment, start_saved_game
from tabletop.games import GAMES

PHONE = (390, 844)
NAMES = ["Ana", "Ben"]

POINTER_TYPES = """() => {
    window.twTouchTypes = [];
    document.addEventListener('pointerdown', e => window.twTouchTypes.push(e.pointerType), true);
}"""


@pytest.fixture(scope="module")
def touch_page(browser, site):
    """A phone-sized touch page, booted once for the module."""
    context, page, recorder = boot(browser, site, viewport=PHONE, has_touch=True, is_mobile=True)
    page.evaluate(POINTER_TYPES)
    yield page, recorder
    context.close()


@pytest.fixture()
def phone(touch_page):
    page, recorder = touch_page
    page.evaluate("twSaves.clear()")
    goto(page, "#/settings")
    goto(page, "#/")
    page.evaluate("window.twTouchTypes = []")
    yield page
    assert recorder.errors == [], recorder.errors


def open_game(page, game: str, seed: int, moves: list, options: dict | None = None, players: int = 2) -> None:
    start_saved_game(page, game, NAMES[:players], seed, options or {}, moves, save_id=f"touch-{game}")
    assert moves_made(page) == len(moves)
    pass_curtain(page)


def pass_curtain(page) -> None:
    pass_moment(page, tap=True)  # a move that hands over shows the mover its result first
    if page.locator("#curtain-go").count():
        page.tap("#curtain-go")
        page.wait_for_selector("[data-screen='table'] .curtain", state="detached")


def wait_moves(page, n: int) -> None:
    page.wait_for_function("n => Number(document.querySelector('[data-screen=table]').dataset.moves) >= n", arg=n)


def last_saved(page, game: str) -> dict:
    return json.loads(page.evaluate("k => twSaves.read(k)", f"tw:save:touch-{game}"))["moves"][-1]


def assert_touch_only_and_no_sideways_scroll(page) -> None:
    kinds = page.evaluate("window.twTouchTypes")
    assert kinds and set(kinds) == {"touch"}, kinds
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.evaluate("window.scrollX") == 0


def random_prefix(module, seed: int, n: int, players: int = 2, options: dict | None = None, stop=None):
    """(state, moves as JSON) after ``n`` seeded random moves (or earlier, once ``stop(state, moves)``)."""
    rng = random.Random(seed)
    s = module.new_game(players, options or {}, seed)
    moves = []
    while len(moves) < n and module.outcome(s) is None and not (stop and stop(s, moves)):
        m = rng.choice(module.legal_moves(s))
        moves.append(module.move_to_json(m))
        s = module.apply(s, m)
    return s, moves


# --- the four games ------------------------------------------------------------------------------


def test_tower_battle_by_touch(phone):
    s, moves = random_prefix(tb, 11, 200, stop=lambda s, m: len(m) >= 8 and s.phase == "play")
    open_game(phone, "tower-battle", 11, moves)
    seat = tb.to_act(s)
    entry = next(e for e in tb.view(s, seat)["plays"] if e["options"])
    before = moves_made(phone)
    phone.tap(f"#tb-hand-{entry['card']}")
    assert phone.get_attribute(f"#tb-hand-{entry['card']}", "aria-pressed") == "true"
    phone.tap(f"#tb-slot-{entry['tower']}")
    if entry["free_choice"]:
        phone.tap("#tb-face-up")
    wait_moves(phone, before + 1)
    played = last_saved(phone, "tower-battle")
    assert played["kind"] == "play" and played["card"] == entry["card"]
    assert_touch_only_and_no_sideways_scroll(phone)


def test_towers_of_wyoming_by_touch(phone):
    s, moves = random_prefix(tw, 5, 6)
    open_game(phone, "towers-of-wyoming", 5, moves)
    play = next(p for p in tw.view(s, tw.to_act(s))["plays"] if p["wins"] is None)
    before = moves_made(phone)
    phone.locator(f".tow-card[data-suit='{play['suit']}']").nth(play["count"] - 1).tap()
    phone.wait_for_selector(f".tow[data-selected='{play['suit']}{play['count']}']")
    phone.tap(f"#tow-target-{play['owner']}-{play['foundation']}")
    phone.tap("#tow-confirm")
    wait_moves(phone, before + 1)
    assert last_saved(phone, "towers-of-wyoming") == play["move"]
    assert_touch_only_and_no_sideways_scroll(phone)


def test_war_of_the_worlds_by_touch(phone):
    module = GAMES["war-of-the-worlds"]
    s, moves = random_prefix(module, 7, 12)
    open_game(phone, "war-of-the-worlds", 7, moves)
    legal = [module.move_to_json(m) for m in module.legal_moves(s)]
    before = moves_made(phone)
    for _ in range(3):  # a first step (a size, a pyramid, a coaster) when the move needs one
        if phone.locator("[data-move]:visible:not([disabled])").count():
            break
        phone.locator("[data-step]:visible:not([disabled])").first.tap()
    phone.locator("[data-move]:visible:not([disabled])").first.tap()
    wait_moves(phone, before + 1)
    assert last_saved(phone, "war-of-the-worlds") in legal
    assert_touch_only_and_no_sideways_scroll(phone)


def test_tower_war_card_by_tap_and_drop_by_touch_hold(phone):
    seed = 3
    # a card played by a tap
    s, moves = twar.prefix(seed, lambda s: s.phase == "play")
    open_game(phone, "tower-war", seed, moves)
    phone.wait_for_selector(".twar")
    card = json.dumps(twar.g.move_to_json(twar.steady(s)))
    before = moves_made(phone)
    phone.locator(f"[data-move='{card}']").first.tap()
    wait_moves(phone, before + 1)
    assert last_saved(phone, "tower-war") == json.loads(card)

    # a pyramid dropped by a touch hold on the aim area, moved a little, then released
    s, moves = twar.prefix(seed, lambda s: s.phase == "place")
    open_game(phone, "tower-war", seed, moves)
    phone.wait_for_selector(".twar")
    phone.locator("#twar-pick-small").tap()
    phone.wait_for_selector("#twar-ghost")
    phone.locator("#twar-top").scroll_into_view_if_needed()
    aim = twar.TRIPOD[0]
    x, y = twar.mm_to_client(phone, *aim)
    before = moves_made(phone)
    scroll = phone.evaluate("[window.scrollX, window.scrollY]")
    cdp = phone.context.new_cdp_session(phone)
    try:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for i in range(1, 6):  # a finger held ~0.6 s, drifting down-right, then back onto the aim
            phone.wait_for_timeout(120)
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + 2 * i, "y": y + 2 * i}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        assert phone.evaluate("[window.scrollX, window.scrollY]") == scroll  # the drag aims, it does not scroll the page
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()
    wait_moves(phone, before + 1)
    drop = last_saved(phone, "tower-war")
    assert drop["kind"] == "drop" and drop["hold_ms"] >= 500
    assert abs(drop["x"] - aim[0]) <= 0.3 and abs(drop["y"] - aim[1]) <= 0.3  # released where the finger ended
    assert_touch_only_and_no_sideways_scroll(phone)
