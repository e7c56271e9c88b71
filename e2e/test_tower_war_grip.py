"""Tower War's grip at the table: picking a piece up never scrolls the page, and the aim,
the ghost and the release stay in one view at three screen sizes; the grip's last seconds
are warned, and a grip that runs out says so; a Space meant as "let go" that comes just after
the grip gave out plays nothing, and a reload mid-grip resumes the grip rather than starting afresh.

The positions come from ``test_tower_war``'s engine-computed prefixes.
"""

from __future__ import annotations

import json
import re

from conftest import SHOTS, boot, goto, moves_made, shot, start_saved_game
from tabletop.games import tower_war as g
from tabletop.games.tower_war import hand
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war.hand import tremor
from tabletop.games.tower_war.physics import TREMOR_CALM_FLOOR
from test_tower_war import SIZES, exact_drop, open_at, pass_curtain, prefix, replay, saved_moves, wait_moves

SEED = 3

IN_VIEW = """sel => {
    const e = document.querySelector(sel);
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
            inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth};
}"""


def where(page, selector: str) -> dict:
    box = page.evaluate(IN_VIEW, selector)
    assert box is not None, f"{selector} is not on the page"
    return box


def first_press(page) -> None:
    """The grip's clock starts at the first press: one arrow key on the aiming card."""
    page.focus("#twar-top")
    page.keyboard.press("ArrowUp")
    page.wait_for_function("document.getElementById('twar-grip-text').textContent.includes('s of grip left')")


def scroll_y(page) -> float:
    return page.evaluate("scrollY")


def test_picking_up_keeps_the_aim_the_ghost_and_the_release_in_one_view(app):
    _, moves = prefix(SEED, lambda s: s.phase == "place")
    for size, (w, h) in SIZES.items():
        app.set_viewport_size({"width": w, "height": h})
        open_at(app, SEED, moves)
        app.evaluate("window.scrollTo(0, 0)")
        buttons = app.locator(".twar-pyr-btn")
        assert buttons.count() == 3
        for i in range(3):  # the decision the prompt asks for is in view without scrolling
            assert buttons.nth(i).evaluate("e => { const r = e.getBoundingClientRect(); return r.bottom <= innerHeight && r.top >= 0; }"), (
                size
            )
        assert where(app, "#twar-top-still")["top"] >= 0
        shot(app, f"tower-war-pickup-{size}")
        before = scroll_y(app)
        buttons.first.click()
        app.wait_for_selector("#twar-ghost")
        app.wait_for_timeout(200)
        assert scroll_y(app) == before == 0, f"picking up scrolled the page at {size}"
        for sel in ("#twar-aim", "#twar-ghost", "#twar-drop", "#twar-grip-text"):
            assert where(app, sel)["inside"], f"{sel} is out of view at {size}: {where(app, sel)}"
        assert where(app, "#twar-top")["top"] >= 0
        assert app.get_attribute("#twar-release", "data-low") == "0"
        app.wait_for_function("document.activeElement && document.activeElement.id === 'twar-top'")  # keys aim at once
        assert scroll_y(app) == 0
        assert app.inner_text("#twar-grip-text") == "Grip: starts at your first press"  # time to read and look first
        assert app.get_attribute("#twar-ghost", "data-hold") == "0"
        exact = "#twar-exact" if w <= 560 else "#twar-exact-wide"  # the engine's answer for a landing exactly on the aim
        assert where(app, exact)["inside"], f"{exact} is out of view at {size}: {where(app, exact)}"
        assert app.inner_text(exact).startswith("If it lands exactly on the aim")
        app.keyboard.press("ArrowLeft")  # the first press starts the clock
        app.wait_for_function("document.getElementById('twar-grip-text').textContent.includes('s of grip left')")
        shot(app, f"tower-war-aiming-{size}")
    app.set_viewport_size({"width": 1024, "height": 768})


def test_the_grip_warns_before_it_gives_out_and_the_drop_says_so(app):
    _, moves = prefix(SEED, lambda s: s.phase == "drop")
    app.set_viewport_size({"width": 390, "height": 844})
    sid = open_at(app, SEED, moves)
    first_press(app)
    app.wait_for_selector("#twar-release[data-low='1']", timeout=15_000)
    assert "or the hand lets go for you" in app.inner_text("#twar-grip-text")
    assert app.inner_text("#twar-grip-alert") == "3 seconds of grip left."
    assert where(app, "#twar-release")["inside"] and scroll_y(app) == 0
    shot(app, "tower-war-grip-low-phone")
    wait_moves(app, len(moves) + 1)
    assert saved_moves(app, sid)[-1]["hold_ms"] == 10_000
    assert moves_made(app) == len(moves) + 1
    app.wait_for_selector(".twar-gripout")
    assert "The grip gave out" in app.inner_text(".twar-gripout")
    assert where(app, ".twar-gripout")["inside"]
    shot(app, "tower-war-grip-out-phone")
    app.set_viewport_size({"width": 1024, "height": 768})


def test_letting_go_when_the_calm_light_comes_on_lands_on_the_aim(app):
    """The calm a person can reach: wait for the light, tap 'Let go here', land within the calm's sway."""
    s, moves = prefix(SEED, lambda s: s.phase == "drop")
    sid = open_at(app, SEED, moves)
    first_press(app)
    # a calm that begins while we watch (not one already lit at the pick-up), then the button at once
    app.evaluate("""() => new Promise(done => {
        const light = () => document.getElementById('twar-calm-light');
        let seenShaking = false;
        const look = () => {
            const calm = light().dataset.calm === '1';
            seenShaking = seenShaking || !calm;
            if (calm && seenShaking) { done(); } else { requestAnimationFrame(look); }
        };
        look();
    })""")
    assert app.inner_text("#twar-calm-light") == "Calm: let go now"
    assert app.get_attribute("#twar-ghost", "data-calm") == "1"
    SHOTS.mkdir(parents=True, exist_ok=True)
    app.locator(".twar-maincol").screenshot(path=str(SHOTS / "tower-war-calm-light.png"))  # quicker than a whole page
    app.evaluate("""() => new Promise(done => requestAnimationFrame(() => {
        if (document.getElementById('twar-calm-light').dataset.calm === '1') document.getElementById('twar-drop').click();
        done();
    }))""")
    wait_moves(app, len(moves) + 1)
    drop = saved_moves(app, sid)[-1]
    dx, dy = tremor(s.held.amplitude, s.held.phases, drop["hold_ms"])
    assert hand.is_calm(s.held.phases, drop["hold_ms"]), drop  # a click is quick enough for the calm
    assert max(abs(dx), abs(dy)) <= TREMOR_CALM_FLOOR * s.held.amplitude + 1e-9


def test_the_hand_is_in_view_when_you_lead_and_when_you_answer(app):
    lead = prefix(SEED, lambda s: s.phase == "play" and s.battle == 2 and not any(s.played))[1]
    answer = prefix(SEED, lambda s: s.phase == "play" and s.battle == 2 and s.current[1 - s.actor] is not None)[1]
    for size, (w, h) in SIZES.items():
        app.set_viewport_size({"width": w, "height": h})
        for name, moves in (("lead", lead), ("answer", answer)):
            open_at(app, SEED, moves)
            app.evaluate("window.scrollTo(0, 0)")
            cards = app.locator(".twar-hand [data-move]")
            assert cards.count() >= 1
            for i in range(cards.count()):
                box = cards.nth(i).evaluate("e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; }")
                assert box[0] >= 0 and box[1] <= h, f"a hand card is out of view when you {name} at {size}: {box}"
            shot(app, f"tower-war-{name}-{size}")
    app.set_viewport_size({"width": 1024, "height": 768})


def test_the_computers_shaking_hand_is_drawn_before_it_lets_go(app):
    s, moves = prefix(SEED, lambda s: s.phase == "place" and s.actor == 1)
    sid = "twar-bot-hand"
    start_saved_game(app, "tower-war", ["Ana", {"name": "Bot", "kind": "computer", "level": "normal"}], SEED, None, moves, save_id=sid)
    app.wait_for_selector(".twar-ghost-watch", state="attached", timeout=30_000)  # between its pick-up and its drop
    assert app.locator("#twar-drop").count() == 0
    assert "the ghost shows their hand shaking" in app.inner_text(".twar-watching")
    wait_moves(app, len(moves) + 2)  # pick-up and drop: the input never froze waiting for it
    assert app.locator(".twar-ghost-watch").count() == 0 or moves_made(app) > len(moves) + 2


def test_a_save_from_before_the_calm_replays_with_its_old_hand_and_play_again_gets_the_new_one(app):
    old = {"hand": 1}
    s, moves = prefix(SEED, lambda s: s.phase == "place" and s.placing == "pyramid" and len(s.tower) >= 2, options=old)
    lean = r.apply(s, next(m for m in g.legal_moves(s) if m.kind == "pick_pyramid"))
    moves = moves + [
        g.move_to_json(next(m for m in g.legal_moves(s) if m.kind == "pick_pyramid")),
        g.move_to_json(exact_drop(lean, (29.0, 41.0), 800)),
    ]
    end = replay(SEED, moves, old)
    assert end.result is not None and end.fall is not None  # with the old hand this drop topples the tower
    record = {
        "format": "towers-and-worlds-save",
        "version": 1,
        "game": "tower-war",
        "options": {},
        "seats": [{"name": "Ana"}, {"name": "Ben"}],
        "seed": SEED,
        "moves": moves,
        "id": "twar-old",
        "saved_at": 1,
    }
    app.evaluate("([k, v]) => twSaves.write(k, v)", ["tw:save:twar-old", json.dumps(record)])
    goto(app, "#/")
    goto(app, "#/play/tower-war/twar-old")
    app.wait_for_selector("[data-end]")  # replayed exactly: the same fall ends the same war
    assert end.fall.words()[1:] in app.inner_text(".end-why")
    app.click("[data-end] button.primary")  # Play again
    app.wait_for_selector(".twar-draft")
    fresh = [
        json.loads(v)
        for v in app.evaluate(
            "() => twSaves.keys().filter(k => k.startsWith('tw:save:') && k !== 'tw:save:twar-old').map(k => twSaves.read(k))"
        )
    ]
    assert fresh and all("hand" not in rec["options"] for rec in fresh)


WATCH_THE_DROP = """() => {
    window.twarDropAt = null;
    window.twarKeyAt = null;
    const n = Number(document.querySelector('[data-screen=table]').dataset.moves);
    const look = () => {
        const table = document.querySelector('[data-screen=table]');
        if (table && Number(table.dataset.moves) > n) { window.twarDropAt = performance.now(); } else { requestAnimationFrame(look); }
    };
    look();
    window.addEventListener('keydown', e => { if (e.key === ' ' && window.twarKeyAt === null) window.twarKeyAt = e.timeStamp; }, true);
}"""


def test_a_space_just_after_the_grip_gave_out_plays_no_card_and_the_page_says_so(app):
    """The grip runs out while the player means to let go: their Space, 150-600 ms late, lands on
    the table redrawn for their next move (cards to play). It plays nothing, and the page says why."""
    _, moves = prefix(SEED, lambda s: s.phase == "drop")
    sid = open_at(app, SEED, moves)
    first_press(app)
    app.evaluate(WATCH_THE_DROP)
    app.wait_for_function("window.twarDropAt !== null", timeout=15_000)
    app.wait_for_timeout(250)
    app.keyboard.press("Space")
    late = app.evaluate("window.twarKeyAt - window.twarDropAt")
    assert 150 <= late <= 600, f"the Space came {late:.0f} ms after the release"
    app.wait_for_timeout(500)  # time for a card to be played, were it going to be
    assert len(saved_moves(app, sid)) == len(moves) + 1 and moves_made(app) == len(moves) + 1, "the late Space played a card"
    assert app.locator(".twar-hand [data-move]").count() >= 1, "the table offers cards to play: the Space could have played one"
    assert saved_moves(app, sid)[-1] == {**saved_moves(app, sid)[-1], "kind": "drop", "hold_ms": 10_000}
    said = app.inner_text(".twar-gripout")
    assert "The grip gave out" in said and "That press of Space came just after the hand let go, so it did nothing." in said
    assert app.evaluate("document.activeElement.classList.contains('twar-gripout')"), "the focus is on what happened, not a card"
    shot(app, "tower-war-grip-late-space")
    app.keyboard.press("Space")  # a Space well after the release is a Space again: on the words it does nothing either
    app.wait_for_timeout(300)
    assert moves_made(app) == len(moves) + 1


GRIP_LEFT = re.compile(r"(\d+\.\d) s")


def grip_left_s(page) -> float:
    """The grip's time left as the page says it ("7.2 s of grip left", "Let go within 2.4 s ...")."""
    said = page.inner_text("#twar-grip-text")
    found = GRIP_LEFT.search(said)
    assert found, f"no time left in {said!r}"
    return float(found.group(1))


def test_a_reload_mid_grip_resumes_the_grip_and_the_hand_still_lets_go_at_the_limit(browser, site):
    """Press, hold on 7 s, reload: the grip goes on with what was left (no fresh 10 s), and
    holding on past it lets go at the limit. (A page of its own: it reloads.)"""
    context, page, _ = boot(browser, site)
    try:
        _, moves = prefix(SEED, lambda s: s.phase == "drop")
        sid = open_at(page, SEED, moves)
        first_press(page)
        page.wait_for_timeout(7_000)
        page.reload()
        page.wait_for_selector("html[data-app-ready='1']", state="attached", timeout=90_000)
        pass_curtain(page)
        page.wait_for_selector("#twar-grip-text")
        left = grip_left_s(page)
        assert left <= 4.0, f"{left} s of grip left after 7 s held: a reload gave grip back"
        assert json.loads(page.evaluate("k => twSaves.read(k)", f"tw:save:{sid}"))["grip"]["held_ms"] >= 6_000
        shot(page, "tower-war-grip-resumed-1024")
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(50)
        shot(page, "tower-war-grip-resumed-390")
        wait_moves(page, len(moves) + 1)  # nothing pressed since the reload: only the grip running out drops it
        assert saved_moves(page, sid)[-1]["hold_ms"] == 10_000
        page.wait_for_selector(".twar-gripout")
        assert "grip" not in json.loads(page.evaluate("k => twSaves.read(k)", f"tw:save:{sid}"))
    finally:
        context.close()
