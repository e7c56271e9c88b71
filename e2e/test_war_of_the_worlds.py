"""The War of the Worlds at the table, driven by clicks on the real page.

Positions come from the engine: a seeded random game is played in Python up to the
point a test needs, and the page opens that save (start_saved_game replays the moves).
"""

from __future__ import annotations

import json

from axe import audit
from conftest import moves_made, play_any_move, random_game, shot, start_saved_game
from tabletop.games import GAMES
from tabletop.ui.table.wording import name_sides

GAME = "war-of-the-worlds"
MODULE = GAMES[GAME]
SIZES = {"tablet-landscape": (1024, 768), "tablet-portrait": (768, 1024), "phone": (390, 844)}
SEATS = ["Ana", "Ben"]


def wotw_game(seed: int, tactical: bool = False, stop=lambda state, moves: False, limit: int = 3000):
    """(state, moves as JSON) of a seeded random game, up to the first state ``stop`` accepts."""
    return random_game(GAME, seed, stop, options={"tactical": tactical}, limit=limit)


OPENED = [0]


def open_game(page, seed: int, moves: list[dict], tactical: bool = False):
    """Open a fresh save (a new id each time: the app keeps a game that is already open)."""
    OPENED[0] += 1
    start_saved_game(page, GAME, SEATS, seed, {"tactical": tactical}, moves, save_id=f"e2e-wotw-{OPENED[0]}")
    page.wait_for_selector(".wotw-board")
    assert moves_made(page) == len(moves)


def wait_moves(page, n: int):
    page.wait_for_function("n => Number(document.querySelector('[data-screen=table]').dataset.moves) >= n", arg=n)


def no_sideways_scroll(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def audit_table(page) -> list[dict]:
    """axe on the whole table page. One finding belongs to the shared side panel, not this game:
    the log (ol.game-log) scrolls once it is long but is not focusable (the lead is told)."""
    return [v for v in audit(page) if not (v["id"] == "scrollable-region-focusable" and v["nodes"] == ["ol"])]


def same(a: dict, b: dict) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


FIRST_STEP = {
    "place": lambda m: f"#wotw-size-{m['size']}",
    "step": lambda m: f".wotw-cell[data-cell='{m['source']}']",
    "rotate": lambda m: f"#wotw-pick-{m['coaster']}",
    "relocate": lambda m: f"#wotw-pick-{m['coaster']}",
    "keep": lambda m: f".wotw-die[data-step][data-face='{m['first']}']",
}


def control_for(page, move: dict):
    """The visible control whose data-move is ``move``, or None."""
    controls = page.locator("[data-move]:visible")
    for i in range(controls.count()):
        if same(json.loads(controls.nth(i).get_attribute("data-move")), move):
            return controls.nth(i)
    return None


def click_move(page, move: dict):
    """Play ``move`` the way a person would: its control, after the first step of the choice if needed."""
    before = moves_made(page)
    control = control_for(page, move)
    if control is None:
        page.locator(FIRST_STEP[move["kind"]](move)).first.click()
        control = control_for(page, move)
    assert control is not None, f"no control for {move}"
    control.click()
    wait_moves(page, before + 1)


def saved_moves(page) -> list[dict]:
    return json.loads(page.evaluate("k => twSaves.read(k)", f"tw:save:e2e-wotw-{OPENED[0]}"))["moves"]


def test_screens_at_three_sizes(app):
    _, moves = wotw_game(21, stop=lambda s, m: len(m) > 40 and s.phase == "move")
    open_game(app, 21, moves)
    for name, (w, h) in SIZES.items():
        app.set_viewport_size({"width": w, "height": h})
        app.wait_for_timeout(100)
        assert no_sideways_scroll(app) <= 0, f"sideways scrolling at {name}"
        shot(app, f"war_of_the_worlds-move-{name}")
    app.locator(".wotw-cell[data-step]").first.click()
    app.wait_for_selector(".wotw-cell.is-selected")
    shot(app, "war_of_the_worlds-move-picked-phone")
    assert audit_table(app) == []


def test_war_machine_turn_place_large_turn_and_move_coaster_then_step(app):
    """Place a large, turn its coaster, move it to the empty corner, then step a pyramid."""
    seed = 3
    state, moves = wotw_game(seed, stop=lambda s, m: len(m) >= 12 and s.phase == "place" and s.supply[s.player][3] > 0)
    cell = next(m.cell for m in MODULE.legal_moves(state) if m.kind == "place" and str(m.size) == "large")
    open_game(app, seed, moves)
    assert "Choose a size" in app.inner_text("#wotw-prompt")
    app.click("#wotw-size-large")
    app.wait_for_selector("#wotw-size-large[aria-pressed='true']")
    target = app.locator(f".wotw-cell[data-cell='{cell}']")
    assert same(json.loads(target.get_attribute("data-move")), {"kind": "place", "size": "large", "cell": cell})
    target.click()
    wait_moves(app, len(moves) + 1)
    app.wait_for_selector(".wotw-coaster.is-active .wotw-turn-cw")
    app.wait_for_selector("#wotw-relocate")
    shot(app, "war_of_the_worlds-coaster-tablet-landscape")
    assert audit_table(app) == []
    app.click("#wotw-turn-cw")
    wait_moves(app, len(moves) + 2)
    assert app.locator("#wotw-turn-cw").count() == 0, "a coaster turns once per war machine"
    app.click("#wotw-relocate")
    wait_moves(app, len(moves) + 3)
    app.wait_for_selector("[data-phase='move']")
    played = saved_moves(app)[len(moves) :]
    assert [m["kind"] for m in played] == ["place", "rotate", "relocate"]
    state = MODULE.apply(state, MODULE.move_from_json(played[0]))
    for m in played[1:]:
        state = MODULE.apply(state, MODULE.move_from_json(m))
    step = next(m for m in MODULE.legal_moves(state) if m.kind == "step")
    source = app.locator(f".wotw-cell[data-cell='{step.source}']")
    if source.get_attribute("aria-pressed") != "true":
        source.click()
    app.wait_for_selector(f".wotw-cell.is-selected[data-cell='{step.source}']")
    app.locator(f".wotw-cell[data-cell='{step.target}'][data-move]").click()
    wait_moves(app, len(moves) + 4)
    assert saved_moves(app)[-1] == MODULE.move_to_json(step)
    assert app.locator(f".wotw-cell[data-cell='{step.target}'][data-recent]").count() == 1 or MODULE.to_act(state) == state.player


def test_a_coaster_at_the_end_of_a_leg_moves_beyond_the_old_frame(app):
    """Aliens open with a large on D1: the top-right coaster ends a leg, so three places keep the
    L. Moving it left of the top-left coaster redraws the L round it; its large is then at A1."""
    open_game(app, 1, [{"kind": "place", "size": "large", "cell": "D1"}])
    buttons = app.locator(".wotw-relocate")
    assert buttons.count() == 3
    assert [buttons.nth(i).inner_text() for i in range(3)] == [
        "Move it left of the top-left coaster",
        "Move it left of the bottom-left coaster",
        "Move it into the empty bottom-right corner",
    ]
    assert app.locator(".wotw-relocate .wotw-mini.is-landing").count() == 3  # each shows where it lands
    app.click("#wotw-relocate-top-left")
    wait_moves(app, 2)
    assert saved_moves(app)[-1] == {"kind": "relocate", "coaster": 1, "to": "top-left"}
    large = app.locator(".wotw-cell[data-cell='A1']")
    assert "large" in large.get_attribute("aria-label").lower() and "alien" in large.get_attribute("aria-label").lower()
    log = app.inner_text(".game-log")  # names that stay true: the large where it is now, the coaster by its colour
    assert "placed a large at A1" in log and "placed a large at D1" not in log
    assert "moved the red coaster left of the blue coaster" in log
    assert app.locator(".wotw-empty").get_attribute("class").count("wotw-q-bottom-left") == 1


def test_choosing_the_order_of_destruction(app):
    seed = 5
    state, moves = wotw_game(seed, stop=lambda s, m: s.phase == "destroy")
    assert state.phase == "destroy"
    before, last = moves[:-1], moves[-1]
    open_game(app, seed, before)
    click_move(app, last)
    app.wait_for_selector("[data-phase='destroy']")
    doomed = app.locator(".wotw-cell.is-doomed[data-move]")
    assert doomed.count() >= 2
    assert "Choose which falls first" in app.inner_text("#wotw-prompt")
    for name, size in SIZES.items():
        if name != "tablet-portrait":
            app.set_viewport_size({"width": size[0], "height": size[1]})
            shot(app, f"war_of_the_worlds-destroy-{name}")
    app.set_viewport_size({"width": 1024, "height": 768})
    assert audit_table(app) == []
    first = doomed.first.get_attribute("data-cell")
    doomed.first.click()
    wait_moves(app, len(moves) + 1)
    assert saved_moves(app)[-1] == {"kind": "destroy", "cell": first}
    label = app.get_attribute(f".wotw-cell[data-cell='{first}']", "aria-label")
    assert "destroyed" in label
    assert "was destroyed" in app.inner_text(".wotw-recent")


def test_last_moves_to_the_end_screen(app):
    seed = 4
    state, moves = wotw_game(seed)
    assert MODULE.outcome(state) is not None
    start = len(moves) - 4
    open_game(app, seed, moves[:start])
    for move in moves[start:]:
        if move["kind"] != "skip":  # (a skip plays itself: nothing can move)
            click_move(app, move)
    app.wait_for_selector("[data-end]")
    labels = [f"{name} ({side})" for name, side in zip(SEATS, MODULE.SEAT_NAMES)]
    why = name_sides(MODULE.outcome(state).why, MODULE.SEAT_NAMES, labels)  # the people, with their sides
    assert app.inner_text(".end-why") == why and " wins" not in why  # the headline says who won
    end = app.inner_text(".wotw-end")
    assert "decided here" in end and "Standing pyramids" in end
    for name, (w, h) in SIZES.items():
        app.set_viewport_size({"width": w, "height": h})
        shot(app, f"war_of_the_worlds-end-{name}")
        assert no_sideways_scroll(app) <= 0, name
    assert audit_table(app) == []


def test_tactical_dice_wild_and_decline(app):
    seed = 9
    state, moves = wotw_game(
        seed, tactical=True, stop=lambda s, m: len(m) > 20 and s.phase == "dice" and "wild" in s.dice and len(set(s.dice)) == 3
    )
    open_game(app, seed, moves, tactical=True)
    assert app.locator(".wotw-die[data-step]").count() == 3
    shot(app, "war_of_the_worlds-dice-tablet-landscape")
    assert audit_table(app) == []
    wild = app.locator(".wotw-die[data-face='wild']")
    wild.click()
    app.wait_for_selector(".wotw-die.is-first[data-face='wild']")
    second = app.locator(".wotw-die[data-move]").first
    face = second.get_attribute("data-face")
    second.click()
    wait_moves(app, len(moves) + 1)
    assert saved_moves(app)[-1] == {"kind": "keep", "first": "wild", "second": face}
    app.wait_for_selector("#wotw-wild-swap")
    for name, (w, h) in SIZES.items():
        app.set_viewport_size({"width": w, "height": h})
        assert no_sideways_scroll(app) <= 0
        shot(app, f"war_of_the_worlds-wild-{name}")
    app.set_viewport_size({"width": 1024, "height": 768})
    assert audit_table(app) == []
    app.click("#wotw-wild-swap")
    wait_moves(app, len(moves) + 2)
    app.click("#wotw-pick-1")
    app.wait_for_selector(".wotw-coaster.wotw-c1.is-active .wotw-turn-ccw")
    shot(app, "war_of_the_worlds-swap-tablet-landscape")
    assert audit_table(app) == []
    app.click("#wotw-turn-ccw")
    wait_moves(app, len(moves) + 3)
    assert saved_moves(app)[-1] == {"kind": "rotate", "coaster": 1, "turn": "ccw"}
    if app.locator("#wotw-decline").count():
        app.click("#wotw-decline")
        wait_moves(app, len(moves) + 4)
        assert saved_moves(app)[-1] == {"kind": "decline"}


def test_any_move_by_the_shared_helper_at_every_decision(app):
    for tactical, seed in ((False, 12), (True, 13)):
        open_game(app, seed, [], tactical=tactical)
        phases = set()
        for _ in range(16):
            phases.add(app.get_attribute(".wotw", "data-phase"))
            play_any_move(app)
        assert len(phases) >= 2


def tab_until(page, selector: str, limit: int = 60) -> bool:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return True
    return False


def test_keyboard_only_placement_with_visible_focus(app):
    seed = 2
    _, moves = wotw_game(seed, stop=lambda s, m: len(m) >= 6 and s.phase == "place")
    open_game(app, seed, moves)
    app.focus("h1")
    assert tab_until(app, "#wotw-size-medium")
    app.keyboard.press("Space")
    app.wait_for_selector("#wotw-size-medium[aria-pressed='true']")
    assert tab_until(app, ".wotw-cell[data-move]")
    cell = app.evaluate("document.activeElement.dataset.cell")
    assert app.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    app.keyboard.press("Enter")
    wait_moves(app, len(moves) + 1)
    assert saved_moves(app)[-1] == {"kind": "place", "size": "medium", "cell": cell}
    label = app.get_attribute(f".wotw-cell[data-cell='{cell}']", "aria-label")
    assert label.startswith(f"{cell}, ") and "medium pyramid, standing" in label


# --- a table that explains itself --------------------------------------------------------------------

LONG_PRESS = """([sel, ms]) => new Promise(done => {
    const el = document.querySelector(sel);
    const r = el.getBoundingClientRect();
    const at = {bubbles: true, cancelable: true, pointerType: 'touch', isPrimary: true, pointerId: 7,
                clientX: r.left + r.width / 2, clientY: r.top + r.height / 2};
    el.dispatchEvent(new PointerEvent('pointerdown', at));
    setTimeout(() => {
        el.dispatchEvent(new PointerEvent('pointerup', at));
        el.dispatchEvent(new MouseEvent('click', at));
        done();
    }, ms);
})"""


def test_each_step_of_a_turn_says_step_x_of_3_and_a_long_press_explains_a_cell(app):
    open_game(app, 1, [])
    assert app.inner_text("#wotw-step").lower() == "step 1 of 3: place a pyramid"
    open_game(app, 1, [{"kind": "place", "size": "large", "cell": "D1"}])
    assert app.inner_text("#wotw-step").lower() == "step 2 of 3: turn or move the war machine's coaster"
    cell = app.locator("#wotw-A1")
    words = cell.get_attribute("data-tip")
    assert words.startswith("Cell A1. Its arrows (") and "step 3 of a turn" in words
    assert cell.get_attribute("title") == words == cell.get_attribute("aria-description")
    plate = app.locator(".wotw-coaster.wotw-c1")
    assert "The red coaster" in plate.get_attribute("data-tip")
    # a long press by touch shows the same words, and is not a tap on the cell
    before = moves_made(app)
    app.evaluate(LONG_PRESS, ["#wotw-D2", 700])
    bubble = app.locator("#tip-bubble")
    assert bubble.is_visible() and bubble.inner_text() == app.get_attribute("#wotw-D2", "data-tip")
    assert bubble.get_attribute("role") == "tooltip"
    app.wait_for_timeout(300)
    assert moves_made(app) == before
    shot(app, "wotw-long-press-tip")
    # a short touch is an ordinary tap: no bubble
    app.evaluate(LONG_PRESS, ["#wotw-D2", 80])
    assert not bubble.is_visible()


def test_when_nothing_can_move_the_step_passes_by_itself_and_says_why(app):
    """Nobody presses "Skip the move": the rules leave Skip the only move, the table plays it for the
    person, says why (a notice, and the log), and the next player's turn is on the table."""
    state, moves = wotw_game(1, stop=lambda s, ms: [m.kind for m in MODULE.legal_moves(s)] == ["skip"])
    assert [m.kind for m in MODULE.legal_moves(state)] == ["skip"]
    mover = MODULE.to_act(state)
    open_game(app, 1, moves[:-1])
    click_move(app, moves[-1])
    wait_moves(app, len(moves) + 1)
    assert saved_moves(app)[-1] == {"kind": "skip"}
    assert app.locator("#wotw-skip").count() == 0
    name = f"{SEATS[mover]} ({MODULE.SEAT_NAMES[mover]})"
    assert f"{name} had nothing that could move, so the move step passed by itself." in app.inner_text(".notices")
    assert f"{name} had nothing that could move." in app.inner_text(".game-log")  # the game's own line, with the person in it
    shot(app, "wotw-passed-by-itself")
