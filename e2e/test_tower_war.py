"""Tower War at the table: draft by taps, deck building with a live count, a battle, and
pyramids dropped by real pointer events and by keyboard, drawn where the engine put them.

Positions are reached with engine-computed move prefixes (``prefix``) opened through
``start_saved_game``; the moves that matter are then made on the page.
"""

from __future__ import annotations

import itertools
import json

from axe import audit
from conftest import goto, moves_made, pass_moment, play_any_move, shot, start_saved_game
from tabletop.games import tower_war as g
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war.hand import tremor
from tabletop.games.tower_war.moves import Drop

GAME = "tower-war"
SEATS = ["Ana", "Ben"]
SIZES = {"tablet-landscape": (1024, 768), "tablet-portrait": (768, 1024), "phone": (390, 844)}
TRIPOD = ((-17.0, -16.0), (17.0, -16.0), (0.0, 32.0))  # centroid at the card's centre: the tower stays upright
IDS = itertools.count()


# --- engine-side helpers -------------------------------------------------------------------------


def steady(s, jitter: float = 0.0):
    """A careful player for prefixes: first legal choices, and drops that land exactly on a
    tripod (compensating the known tremor), optionally nudged by ``jitter`` mm per level."""
    legal = g.legal_moves(s)
    if s.phase == "place":
        adds = [m for m in legal if m.kind != "lift_pyramid"]
        if s.placing == "pyramid":
            return max(adds, key=lambda m: s.stash[s.actor][m.size])
        return adds[0]
    if s.phase == "drop":
        top = s.tower[-1]
        if s.held.piece == "card":
            want = (sum(p.x - top.x for p in top.pyramids) / 3, sum(p.y - top.y for p in top.pyramids) / 3)
        else:
            x, y = TRIPOD[len(top.pyramids) % 3]
            k = len(s.tower)
            want = (x + jitter * ((k * 7) % 5 - 2) / 2, y + jitter * ((k * 3) % 5 - 2) / 2)
        return exact_drop(s, want, 1200)
    return legal[0]


def exact_drop(s, want, hold_ms: int):
    dx, dy = tremor(s.held.amplitude, s.held.phases, hold_ms)
    return Drop(round(want[0] - dx, 3), round(want[1] - dy, 3), hold_ms)


def prefix(seed: int, until, options=None, moves=None, jitter: float = 0.0, cap: int = 2000):
    """(state, moves as JSON) after playing ``steady`` from ``moves`` until ``until(state)``."""
    s = replay(seed, moves or [], options)
    out = list(moves or [])
    while s.result is None and len(out) < cap and not until(s):
        m = steady(s, jitter)
        out.append(g.move_to_json(m))
        s = g.apply(s, m)
    return s, out


def replay(seed: int, moves: list, options=None):
    s = g.new_game(2, options, seed)
    for m in moves:
        s = g.apply(s, g.move_from_json(m))
    return s


# --- page helpers --------------------------------------------------------------------------------------


def open_at(page, seed: int, moves: list, options=None) -> str:
    """Open a saved game (a fresh id each time) and pass the curtain if it is up."""
    sid = f"twar-{next(IDS)}"
    start_saved_game(page, GAME, SEATS, seed, options, moves, save_id=sid)
    pass_curtain(page)
    page.wait_for_selector(".twar")
    return sid


def pass_curtain(page) -> None:
    pass_moment(page)  # a move that hands over shows the mover its result first
    if page.locator("#curtain-go").count():
        page.click("#curtain-go")
        page.wait_for_selector(".twar")


def saved_moves(page, sid: str) -> list:
    return json.loads(page.evaluate("k => twSaves.read(k)", f"tw:save:{sid}"))["moves"]


def wait_moves(page, n: int) -> None:
    page.wait_for_function("n => Number(document.querySelector('[data-screen=table]').dataset.moves) >= n", arg=n)


def click_move(page, move) -> None:
    """Click the control whose data-move is exactly this move."""
    data = json.dumps(g.move_to_json(move))
    before = moves_made(page)
    page.locator(f"[data-move='{data}']").first.click()
    wait_moves(page, before + 1)
    pass_curtain(page)


def mm_to_client(page, x: float, y: float) -> tuple[float, float]:
    """A point of the top card's frame (mm) in page client pixels, through the SVG's own matrix."""
    return tuple(
        page.evaluate(
            """([x, y]) => {
        const svg = document.getElementById('twar-top') || document.getElementById('twar-top-still');
        const pt = svg.createSVGPoint(); pt.x = x; pt.y = -y;
        const p = pt.matrixTransform(svg.getScreenCTM());
        return [p.x, p.y];
    }""",
            [x, y],
        )
    )


def drawn_pyramids(page) -> list[dict]:
    """Every pyramid drawn in the top view: frame mm from its data, and its apex on screen."""
    return page.evaluate("""() => [...document.querySelectorAll('.twar-topview .twar-pyr')].map(el => {
        const r = el.querySelector('.twar-pyr-apex').getBoundingClientRect();
        return {x: Number(el.dataset.x), y: Number(el.dataset.y), size: el.dataset.size,
                cx: r.left + r.width / 2, cy: r.top + r.height / 2};
    })""")


# --- the tests ------------------------------------------------------------------------------------------


def test_draft_by_taps_then_deck_building_with_a_live_count(app):
    seed = 2
    sid = open_at(app, seed, [])
    s = replay(seed, [])
    faceup = [str(c) for c in s.faceup]
    assert app.locator("#twar-split-ok").is_disabled()
    for code in faceup[3:]:
        app.click(f"#twar-split-{code}")
    assert app.locator("#twar-zone-b .twar-pick").count() == 2
    app.click(f"#twar-split-{faceup[4]}")  # tap again: back to pile A
    assert app.locator("#twar-zone-b .twar-pick").count() == 1
    app.click("#twar-split-ok")
    wait_moves(app, 1)
    pass_curtain(app)
    assert "take pile A or pile B" in app.inner_text("#twar-prompt")
    app.click("#twar-take-1")
    wait_moves(app, 2)
    assert saved_moves(app, sid) == [{"kind": "split", "pile": faceup[:3] + faceup[4:]}, {"kind": "take", "pile": 1}]

    # the last round of the draft, then both decks built card by card
    s, moves = prefix(seed, lambda s: s.phase == "take" and len(s.draft_deck) <= 4)
    sid = open_at(app, seed, moves)
    app.click("#twar-take-0")
    wait_moves(app, len(moves) + 1)
    pass_curtain(app)
    app.wait_for_selector(".twar-build")
    s = replay(seed, saved_moves(app, sid))
    for seat in (s.actor, 1 - s.actor):
        target = g.view(s, seat)["mine"]["deck_target"]
        assert app.inner_text("#twar-deck-count") == f"0 of {target} chosen"
        for n in range(1, target + 1):
            before = moves_made(app)
            if n < target:
                app.locator(".twar-pickgrid [data-move]").first.click()
            else:  # the last card only stages the deck for a review
                assert app.locator(".twar-pickgrid [data-move]").count() == 0
                app.locator(".twar-pickgrid [data-step]").first.click()
                app.wait_for_selector("#twar-confirm-deck")
                assert app.inner_text("#twar-deck-count") == f"{target} of {target} chosen" and moves_made(app) == before
                assert app.locator(".twar-review .twar-kept-cards .twar-card").count() == target
                shot(app, f"tower-war-deck-review-{seat}")
                app.click("#twar-change-last")  # changing one's mind costs nothing
                app.locator(".twar-pickgrid [data-step]").last.click()
                app.click("#twar-confirm-deck")
            wait_moves(app, before + 1)
            if n < target:
                assert app.inner_text("#twar-deck-count") == f"{n} of {target} chosen"
                assert app.locator(".twar-kept-cards .twar-card").count() == n
        pass_curtain(app)
        s = replay(seed, saved_moves(app, sid))
    assert s.phase == "play" and s.battle == 1
    app.wait_for_selector(".twar-battle")


def test_a_battle_and_a_pyramid_dropped_by_pointer_lands_where_drawn(app):
    seed = 3
    s, moves = prefix(seed, lambda s: s.phase == "play")
    sid = open_at(app, seed, moves)
    assert "lead skirmish 1 of battle 1" in app.inner_text("#twar-prompt")
    # skirmish 1, played on the page: the leader, then the answer (its hand says what wins)
    click_move(app, steady(s))
    s = replay(seed, saved_moves(app, sid))
    led = s.current[s.leader]
    assert f"answer the {led.card.name}" in app.inner_text("#twar-prompt")
    answer = steady(s)
    note = app.inner_text(f"#twar-play-{answer.card} .twar-hand-note")
    view = g.view(s, s.actor)
    plan = next(p for p in view["battle"]["plays"] if p["move"] == g.move_to_json(answer))
    assert str(plan["value"]) in note and plan["result"] in note
    click_move(app, answer)
    s = replay(seed, saved_moves(app, sid))
    assert s.phase == "place" and s.reason == "skirmish"
    assert "lost the skirmish and adds a pyramid" in app.inner_text(".twar-owes")
    # "Just now" says whose card by name: "Skirmish 1: Ben's 9♣ (9) beats Ana's ..." (never "Ben (Blue)'s")
    labels = ["Ana (Red)", "Ben (Blue)"]
    last = app.inner_text(".twar-last")
    owners = ["Ana's", "Ben's"]
    assert f"{owners[1 - s.actor]} {s.current[1 - s.actor].eff.label}" in last and f"beats {owners[s.actor]}" in last, last
    assert app.inner_text(".twar-result-won .twar-result-words").startswith(labels[1 - s.actor])
    app.click("#twar-pick-small")
    app.wait_for_selector("#twar-ghost")
    shot(app, "tower-war-aiming")

    # the drop: real pointer events over the top card, held for a while
    aim_mm = TRIPOD[0]  # where the careful prefix player would put it, so the rest of the level fits
    x, y = mm_to_client(app, *aim_mm)
    n = moves_made(app)
    app.mouse.move(x, y)
    app.mouse.down()
    app.wait_for_timeout(700)
    ghost_before = app.evaluate("() => [...document.querySelectorAll('#twar-ghost')].map(e => Number(e.dataset.hold))[0]")
    app.mouse.up()
    wait_moves(app, n + 1)
    moves = saved_moves(app, sid)
    drop = moves[-1]
    assert drop["kind"] == "drop" and set(drop) == {"kind", "x", "y", "hold_ms"}
    assert abs(drop["x"] - aim_mm[0]) <= 0.2 and abs(drop["y"] - aim_mm[1]) <= 0.2  # the aim is the pointer's point
    assert ghost_before is not None and drop["hold_ms"] >= ghost_before >= 500
    assert drop["hold_ms"] >= 690  # the grip's clock runs from the press, and the page waited 700 ms before the release
    s = replay(seed, moves)
    top = s.tower[-1]
    placed = top.pyramids[-1]
    engine = (placed.x - top.x, placed.y - top.y)
    assert (round(engine[0], 3), round(engine[1], 3)) == tuple(s.last_drop["landing"])
    assert engine != (drop["x"], drop["y"])  # the hand trembled
    drawn = drawn_pyramids(app)
    assert len(drawn) == 1
    assert abs(drawn[0]["x"] - engine[0]) < 1e-3 and abs(drawn[0]["y"] - engine[1]) < 1e-3
    ex, ey = mm_to_client(app, *engine)
    assert abs(drawn[0]["cx"] - ex) < 1.0 and abs(drawn[0]["cy"] - ey) < 1.0  # on screen too
    assert app.locator(".twar-lastdrop").count() == 1
    frame_ms = app.evaluate("document.documentElement.dataset.twarFrameMs")
    print(f"mean Python frame (ghost, gauges, drop button): {frame_ms} ms")

    # the rest of battle 1: plays on the page, pieces placed exactly from the engine
    while s.battle == 1 and s.result is None:
        if s.phase == "play":
            click_move(app, steady(s))
            s = replay(seed, saved_moves(app, sid))
        else:
            _, more = prefix(seed, lambda t: t.phase == "play" or t.battle > 1, moves=saved_moves(app, sid))
            sid = open_at(app, seed, more)
            s = replay(seed, more)
    assert s.battle == 2 and len(s.tower) == 2
    text = app.inner_text(".twar-battle")
    assert "Battle 2" in text and "Last battle" in text
    assert app.locator(".twar-sideview .twar-side-card").count() == 2


def test_keyboard_aims_and_space_lets_go(app):
    seed = 3
    s, moves = prefix(seed, lambda s: s.phase == "drop")
    sid = open_at(app, seed, moves)
    app.focus("#twar-top")
    for key in ("ArrowRight", "ArrowRight", "Shift+ArrowUp", "ArrowLeft", "ArrowDown"):
        app.keyboard.press(key)
    assert "Aim: 1 mm right, 4 mm up" in app.inner_text("#twar-aim-text")
    assert app.get_attribute("#twar-aim", "data-x") == "1.0"
    app.keyboard.press("Space")
    wait_moves(app, len(moves) + 1)
    drop = saved_moves(app, sid)[-1]
    assert (drop["x"], drop["y"]) == (1.0, 4.0) and 0 < drop["hold_ms"] <= 10_000
    assert app.locator("#twar-ghost").count() == 0


def test_a_hovering_mouse_previews_but_the_button_lets_go_at_the_chosen_aim(app):
    seed = 3
    s, moves = prefix(seed, lambda s: s.phase == "drop")
    sid = open_at(app, seed, moves)
    app.focus("#twar-top")
    app.keyboard.press("ArrowLeft")
    app.mouse.move(*mm_to_client(app, 20.0, 30.0))
    app.wait_for_function("() => document.getElementById('twar-aim').dataset.x === '20.0'")
    app.click("#twar-drop")  # on its way there the mouse left the card: the aim went back to -1, 0
    wait_moves(app, len(moves) + 1)
    drop = saved_moves(app, sid)[-1]
    assert (drop["x"], drop["y"]) == (-1.0, 0.0)


def test_every_decision_can_be_played_by_clicking(app):
    adv = {"advanced_draft": True}
    tall = prefix(9, lambda s: s.phase == "place" and s.placing == "pyramid" and len(s.tower) >= 2 and len(s.tower[-1].pyramids) == 2)[1]
    spots = [
        (2, [], None),  # split: a data-step (move a card), then the confirm
        (2, prefix(2, lambda s: s.phase == "sweeten", adv)[1], adv),
        (2, prefix(2, lambda s: s.phase == "take")[1], None),
        (2, prefix(2, lambda s: s.phase == "build")[1], None),
        (3, prefix(3, lambda s: s.phase == "play")[1], None),
        (3, prefix(3, lambda s: s.phase == "place")[1], None),
        (3, prefix(3, lambda s: s.phase == "drop")[1], None),
        (9, tall, None),  # adjusting is on offer too
        (9, prefix(9, lambda s: s.phase == "place" and s.placing == "card")[1], None),
    ]
    for seed, moves, options in spots:
        open_at(app, seed, moves, options)
        play_any_move(app)
        assert moves_made(app) == len(moves) + 1


def test_joker_copies_a_card_played_earlier(app):
    seed, moves = joker_spot()
    sid = open_at(app, seed, moves)
    s = replay(seed, moves)
    joker = next(c for c in s.hand[s.actor] if c.is_joker)
    app.click(f"#twar-j-{joker}")
    choices = app.locator(".twar-joker-choice")
    assert choices.count() == len({p.eff for p in s.played[s.actor]})
    choices.first.click()
    wait_moves(app, len(moves) + 1)
    played = saved_moves(app, sid)[-1]
    assert played["card"] == str(joker) and played["as_card"]
    # a joker copies a card of its own battle, so its suit repeats: the multiplication is shown
    s = replay(seed, saved_moves(app, sid))
    entry = next(p for q in (0, 1) for p in s.played[q] if p.card == joker)
    pass_curtain(app)
    app.wait_for_selector(".twar-played-card .twar-tag")
    values = app.locator(".twar-value").all_inner_texts()
    assert any("×" in v and v.endswith(f"= {entry.value}") for v in values), values


def joker_spot():
    for seed in range(1, 60):

        def ready(s):  # the leader holds a joker after a first card: playing it resolves nothing yet
            return s.phase == "play" and s.actor == s.leader and s.played[s.actor] and any(c.is_joker for c in s.hand[s.actor])

        s, moves = prefix(seed, ready, cap=400)
        if s.result is None and ready(s):
            return seed, moves
    raise AssertionError("no seed puts a joker in hand after a first card")


def test_screens_at_three_sizes_with_a_tall_tower_and_a_fall(app):
    seed = 3
    _, tall = prefix(seed, lambda s: s.phase == "place" and s.placing == "pyramid" and len(s.tower) >= 8, jitter=3.5)
    s = replay(seed, tall)
    assert len(s.tower) >= 8 and s.result is None
    # a large pyramid at the top card's corner tips it off its tripod
    lean = r.apply(s, next(m for m in g.legal_moves(s) if m.kind == "pick_pyramid"))
    fell = tall + [
        g.move_to_json(next(m for m in g.legal_moves(s) if m.kind == "pick_pyramid")),
        g.move_to_json(exact_drop(lean, (29.0, 41.0), 800)),
    ]
    end = replay(seed, fell)
    assert end.result is not None and end.fall is not None
    for name, (w, h) in SIZES.items():
        app.set_viewport_size({"width": w, "height": h})
        open_at(app, seed, tall)
        assert app.locator(".twar-sideview .twar-side-card").count() == len(s.tower)
        assert app.locator(".twar-wobble").count() >= 1
        assert_fits(app, name)
        assert_side_labels_readable(app, f"{name}, tall")
        shot(app, f"tower-war-tall-{name}")
        open_at(app, seed, fell)
        app.wait_for_selector("[data-end]")
        assert end.fall.words()[1:] in app.inner_text(".end-why")  # said once, in the table's summary
        if name == "tablet-landscape":
            assert app.locator(".twar-falling-card, .twar-falling-pyr").count() >= 1
            assert audit(app, ".twar") == []
            app.wait_for_timeout(2200)  # let the fall play out
        else:
            assert app.locator(".twar-fallen").count() >= 1 and app.locator(".twar-falling-card").count() == 0
        assert_fits(app, name)
        assert_side_labels_readable(app, f"{name}, fall")
        shot(app, f"tower-war-fall-{name}")
        app.emulate_media(reduced_motion="reduce")  # the other sizes show the still version
    app.emulate_media(reduced_motion="no-preference")
    app.set_viewport_size({"width": 1024, "height": 768})


def test_other_screens_at_three_sizes_pass_the_audit(app):
    adv = {"advanced_draft": True}
    screens = {
        "split": (2, [], None),
        "sweeten": (2, prefix(2, lambda s: s.phase == "sweeten", adv)[1], adv),
        "build": (2, prefix(2, lambda s: s.phase == "build" and len(s.kept[s.actor]) == 6)[1], None),
        "battle": (2, prefix(2, lambda s: s.phase == "play" and s.battle == 2 and s.current[1 - s.actor] is not None)[1], None),
        "drop": (2, prefix(2, lambda s: s.phase == "drop" and len(s.tower) >= 3)[1], None),
        # placing after a lost skirmish: the winning card and the card it beat above the sizes
        "skirmish-lost": (
            2,
            prefix(2, lambda s: s.phase == "place" and s.reason == "skirmish" and all(s.current) and len(s.tower) >= 2)[1],
            None,
        ),
    }
    for name, (seed, moves, options) in screens.items():
        for size, (w, h) in SIZES.items():
            app.set_viewport_size({"width": w, "height": h})
            open_at(app, seed, moves, options)
            assert_fits(app, size)
            if name in ("battle", "drop"):
                assert_side_labels_readable(app, f"{name}, {size}")
            shot(app, f"tower-war-{name}-{size}")
        assert audit(app, ".twar") == [], name
    app.set_viewport_size({"width": 1024, "height": 768})


def test_reduce_motion_setting_stills_the_wobble_and_the_fall(app):
    seed = 3
    _, tall = prefix(seed, lambda s: s.phase == "place" and len(s.tower) >= 5, jitter=3.5)
    app.evaluate("twSaves.write('tw:settings', JSON.stringify({reduce_motion: true}))")
    goto(app, "#/")
    open_at(app, seed, tall)
    assert app.locator(".twar.twar-calm").count() == 1
    wobbling = app.locator(".twar-wobble")
    if wobbling.count():
        assert wobbling.first.evaluate("e => getComputedStyle(e).animationName") == "none"
    app.evaluate("twSaves.remove('tw:settings')")


LABEL_MIN_PX = 10  # the side view's height scale and level labels, as rendered


def side_labels(page) -> dict:
    """The side view's labels: the smallest rendered font size (CSS px) of the height scale
    and of the level names, and the worst distance (px) between a label's middle and the
    height it names in the drawing (the SVG's own screen transform)."""
    return page.evaluate("""() => {
        const svg = document.querySelector('.twar-sideview');
        const m = svg.getScreenCTM();
        const marks = sel => [...document.querySelectorAll(sel)];
        const size = sel => Math.min(...marks(sel).map(e => parseFloat(getComputedStyle(e).fontSize)));
        const off = Math.max(...marks('.twar-side-mark').map(e => {
            const r = e.getBoundingClientRect();
            return Math.abs((r.top + r.bottom) / 2 - (m.f + m.d * -parseFloat(e.dataset.z)));
        }));
        return {scale: size('.twar-side-scale .twar-side-mark'), levels: size('.twar-side-levels .twar-side-mark'), off};
    }""")


def assert_side_labels_readable(page, name: str) -> None:
    got = side_labels(page)
    assert min(got["scale"], got["levels"]) >= LABEL_MIN_PX, f"side-view labels too small at {name}: {got}"
    assert got["off"] <= 1.5, f"side-view labels off their heights at {name}: {got}"


def assert_fits(page, name: str) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"sideways scrolling at {name}"


def test_the_face_up_draft_is_played_without_hand_overs(app):
    seed = 2
    open_at(app, seed, [])
    for _ in range(3):  # split, take, split, ...: both players' moves, no curtain between them
        assert app.locator("#curtain-go").count() == 0
        before = moves_made(app)
        if app.locator("#twar-split-ok").count():
            app.locator("[data-step='split']").first.click()
            app.click("#twar-split-ok")
        else:
            app.locator("[data-move]:visible").first.click()
        wait_moves(app, before + 1)
    assert app.locator("#curtain-go").count() == 0 and app.locator(".twar-draft").count() == 1
    # the decks are private: whoever builds first gets the device handed over
    s, moves = prefix(seed, lambda s: s.phase == "take" and len(s.draft_deck) <= 4)
    open_at(app, seed, moves)
    mover = s.actor
    app.click("#twar-take-0")
    wait_moves(app, len(moves) + 1)
    built = replay(seed, moves + [{"kind": "take", "pile": 0}])
    assert built.phase == "build"
    assert (app.locator("#curtain-go").count() == 1) == (built.actor != mover)


# --- before the release: the engine's answer for the aim, sizes that cannot finish a level ---------


def aimed(page) -> tuple[float, float]:
    return float(page.get_attribute("#twar-aim", "data-x")), float(page.get_attribute("#twar-aim", "data-y"))


def test_the_warning_for_an_exact_drop_is_the_engines_and_marks_the_overlap(app):
    from tabletop.games.tower_war.exact_drop import outcome_of_exact_drop

    s, moves = prefix(3, lambda s: s.phase == "drop" and len(s.tower[-1].pyramids) == 1 and s.held.piece == "pyramid")
    open_at(app, 3, moves)
    app.wait_for_selector("#twar-ghost")
    other = s.tower[-1].pyramids[0]
    top = s.tower[-1]
    seen = {}
    app.focus("#twar-top")
    # walk the aim onto the pyramid already there, then off it again, checking the page against the engine each step
    steps = ["Shift+ArrowRight"] * 2 + ["Shift+ArrowLeft"] * 6 + ["Shift+ArrowDown"] * 4
    for key in steps:
        app.keyboard.press(key)
        x, y = aimed(app)
        want = outcome_of_exact_drop(s, x, y)
        app.wait_for_function("w => document.getElementById('twar-exact-wide').textContent === w", arg=want.words())
        assert app.get_attribute("#twar-aim", "data-stands") == ("1" if want.stands else "0")
        assert app.get_attribute("#twar-exact-wide", "data-stands") == ("1" if want.stands else "0")
        overlap = app.get_attribute("#twar-top-pyr-0", "data-overlap")
        assert overlap == ("1" if want.overlaps else "0"), (x, y, want)
        seen[want.stands] = (x, y)
        if want.overlaps:
            seen["overlap"] = want.words()
            assert abs(x - (other.x - top.x)) < 20 and abs(y - (other.y - top.y)) < 20
            shot(app, "tower-war-exact-overlap")
    assert True in seen and False in seen and "overlap" in seen, seen
    assert "overlaps the" in seen["overlap"] and "you would lose the war" in seen["overlap"]


def test_a_size_that_cannot_finish_the_level_is_marked_with_the_engines_reason(app):
    from tabletop.games.tower_war.exact_drop import size_warnings

    s, moves = prefix(7, lambda s: bool(size_warnings(s)))
    warned = size_warnings(s)
    assert warned
    open_at(app, 7, moves)
    for size, reason in warned.items():
        button = app.locator(f"#twar-pick-{size}")
        assert button.get_attribute("data-tip").startswith(f"{size.capitalize()} pyramid: base")  # what a size is, on a long press too
        assert button.get_attribute("data-short") == "1"
        assert button.get_attribute("aria-describedby") == f"twar-short-{size}"
        assert app.inner_text(f"#twar-short-{size}") == f"{size.capitalize()}: {reason}"
    for size in {"small", "medium", "large"} - set(warned):
        if app.locator(f"#twar-pick-{size}").count():
            assert app.locator(f"#twar-pick-{size}").get_attribute("data-short") is None
            assert app.locator(f"#twar-short-{size}").count() == 0
    shot(app, "tower-war-size-warned")


def test_on_a_phone_the_aiming_area_is_in_view_after_tapping_a_size(app):
    _, moves = prefix(3, lambda s: s.phase == "place")
    app.set_viewport_size({"width": 390, "height": 844})
    try:
        open_at(app, 3, moves)
        button = app.locator(".twar-pyr-btn").first
        # a player who scrolled down to the sizes (they sit at the bottom of the screen), then taps one
        app.evaluate("() => { window.scrollTo(0, document.documentElement.scrollHeight); }")
        button.scroll_into_view_if_needed()
        button.click()
        app.wait_for_selector("#twar-ghost")
        app.wait_for_function(
            "() => { const r = document.getElementById('twar-top').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
        )
        box = app.evaluate("() => { const r = document.getElementById('twar-release').getBoundingClientRect(); return [r.top, r.bottom]; }")
        assert box[1] <= 844, box  # the release sits under the card, in the same view
        shot(app, "tower-war-aiming-after-scroll-phone")
    finally:
        app.set_viewport_size({"width": 1024, "height": 768})


def test_the_rules_that_decide_are_shown_where_they_first_matter(app):
    """Suits multiplying, during the draft (not first at deck building); the rank tie-break, at the battle."""
    from tabletop.games.tower_war.scoring import RANK_RULE, suit_example, suit_rule_short

    open_at(app, 2, [])
    rule = app.locator("#twar-suit-rule")
    assert rule.inner_text() == suit_rule_short() and "400" in rule.inner_text()
    assert rule.get_attribute("title") == suit_example()
    assert rule.evaluate("e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }")
    shot(app, "tower-war-suit-rule")
    s, moves = prefix(7, lambda s: bool(s.events) and s.events[-1]["kind"] == "skirmish" and s.events[-1]["rank_rule"])
    open_at(app, 7, moves)
    just_now = app.inner_text("body")
    assert "(10) beats" in just_now and RANK_RULE in just_now


def test_suggested_deck_in_one_tap_then_kept_as_shown(app):
    """Deck building: one press on "Suggested deck" shows the computer's deck for this player's cards
    (nothing kept yet); "Keep these 15 cards" keeps exactly those, one legal keep per card."""
    from tabletop.games.tower_war.ai import suggested_deck

    seed = 2
    s, moves = prefix(seed, lambda s: s.phase == "build")
    sid = open_at(app, seed, moves)
    target = g.view(s, s.actor)["mine"]["deck_target"]
    want = suggested_deck(g.view(s, s.actor))
    app.click("#twar-suggest")
    app.wait_for_selector("#twar-keep-deck:not([disabled])")
    assert moves_made(app) == len(moves)
    pressed = app.eval_on_selector_all(".twar-review [aria-pressed='true']", "els => els.map(e => e.id.replace('twar-deckpick-', ''))")
    assert pressed == want and len(pressed) == target
    assert app.inner_text("#twar-deck-count") == f"{target} of {target} chosen"
    for size in ("tablet-landscape", "phone"):
        app.set_viewport_size(dict(zip(("width", "height"), SIZES[size])))
        shot(app, f"tower-war-suggested-deck-{size}")
        found = audit(app, moderate=True)
        assert found == [], json.dumps(found, indent=1)
    assert app.evaluate("document.documentElement.scrollWidth <= innerWidth")
    app.click("#twar-keep-deck")
    wait_moves(app, len(moves) + target)
    assert saved_moves(app, sid)[len(moves) :] == [{"kind": "keep", "card": c} for c in want]
