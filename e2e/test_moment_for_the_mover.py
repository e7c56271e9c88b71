"""A moment for the mover (hot-seat): after a move that hands the device over, the mover sees the
result from their own seat (nothing of the next person's hand), may undo where undo is allowed, and
one tap on "Pass to NAME" brings up the curtain."""

from __future__ import annotations

import json

import tabletop.games.tower_battle as tb
import tabletop.games.tower_war as g
import tabletop.games.towers_of_wyoming as tw
from axe import audit
from conftest import moves_made, play_any_move, shot, start_saved_game
from tabletop.engine.saves import replay
from tabletop.games.tower_war import rules as tower_war_rules
from test_player_experience import private_strings
from test_tower_battle import HOT_SEAT, NAMES, as_json, click_move, random_match
from test_tower_war import prefix

SIZES = ((1024, 768), (768, 1024), (390, 844))


def hand_over_at():
    """(seed, states, moves, i): moves[i] is a card played that hands the turn to the other person."""
    seed = 4
    states, moves = random_match(HOT_SEAT, seed, cap=60)
    for i, move in enumerate(moves):
        if (
            isinstance(move, tb.PlayCard)
            and tb.to_act(states[i + 1]) not in (None, tb.to_act(states[i]))
            and tb.outcome(states[i + 1]) is None
        ):
            return seed, states, moves, i
    raise AssertionError("no hand-over in this match")


def test_the_mover_sees_the_result_then_passes_with_one_tap(app):
    seed, states, moves, i = hand_over_at()
    mover, following = tb.to_act(states[i]), tb.to_act(states[i + 1])
    start_saved_game(app, "tower-battle", NAMES, seed, HOT_SEAT, as_json(moves[:i]), save_id="moment-tb")
    app.click("#curtain-go")
    click_move(app, states[i], moves[i])
    # the moment: the mover's own view of the position after their move, no curtain yet
    app.wait_for_selector("#pass-on")
    assert app.locator(".curtain").count() == 0
    assert app.inner_text("#pass-on") == f"Pass to {NAMES[following]}"
    assert NAMES[mover] in app.inner_text(".moment-text")
    assert app.evaluate("document.activeElement.id") == "pass-on"  # Enter passes
    assert app.get_attribute(".tb", "data-bottom") == str(mover)
    html = app.inner_html("main#app")
    for card in states[i + 1].hands[following]:
        assert f'data-card="{card}"' not in html and f"tb-hand-{card}" not in html, card
    assert any(f"tb-hand-{card}" in html or f'data-card="{card}"' in html for card in states[i + 1].hands[mover])
    assert app.locator(".table-main [data-move]:not([disabled])").count() == 0  # nothing to play for anyone
    for width, height in SIZES:
        app.set_viewport_size({"width": width, "height": height})
        if width != 768:  # axe-core, moderate findings included, as on every table and curtain
            problems = audit(app, moderate=True)
            assert problems == [], json.dumps(problems, indent=1, ensure_ascii=False)
        box = app.locator("#pass-on").bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height  # in view, no scrolling
        shot(app, f"moment-tower-battle-{width}x{height}")
    app.set_viewport_size({"width": 1024, "height": 768})
    app.keyboard.press("Enter")
    app.wait_for_selector(".curtain")
    assert NAMES[following] in app.inner_text(".curtain")
    assert moves_made(app) == i + 1
    app.keyboard.press("Enter")  # the curtain holds focus: the next person taps through
    app.wait_for_selector(".curtain", state="detached")
    assert app.get_attribute(".tb", "data-bottom") == str(following)


def test_a_misclick_is_taken_back_from_the_moment(app):
    """Tower War: the card that completes the first deck hands over and reveals nothing; its builder
    may take it back from the moment and choose again."""
    seed = 2
    s, moves = prefix(seed, lambda s: s.phase == "build" and len(s.kept[s.actor]) == tower_war_rules.deck_target(s, s.actor) - 1)
    builder = s.actor
    start_saved_game(app, "tower-war", ["Ana", "Ben"], seed, {}, moves, save_id="moment-tw")
    app.click("#curtain-go")
    app.locator(".twar-pickgrid [data-step]").first.click()
    app.click("#twar-confirm-deck")
    app.wait_for_selector("#pass-on")
    assert moves_made(app) == len(moves) + 1
    assert app.inner_text("#pass-on") == f"Pass to {['Ana', 'Ben'][1 - builder]}"
    shot(app, "moment-tower-war-undo")
    app.click("#moment-undo")
    app.wait_for_selector("#pass-on", state="detached")
    assert moves_made(app) == len(moves) and app.locator(".curtain").count() == 0
    target = g.view(s, builder)["mine"]["deck_target"]
    assert app.inner_text("#twar-deck-count") == f"{target - 1} of {target} chosen"
    assert app.locator(".twar-pickgrid [data-step]").count() > 0  # the builder chooses again


def test_with_hands_shown_there_is_no_moment(app):
    """The "hide hands" setting off: no curtain, so nothing to prepare for; the next person plays on."""
    seed, states, moves, i = hand_over_at()
    app.evaluate("localStorage.setItem('tw:settings', JSON.stringify({curtain: false}))")
    app.reload()
    app.wait_for_selector("html[data-app-ready='1']", state="attached", timeout=90_000)
    start_saved_game(app, "tower-battle", NAMES, seed, HOT_SEAT, as_json(moves[:i]), save_id="moment-open")
    click_move(app, states[i], moves[i])
    assert app.locator("#pass-on").count() == 0 and app.locator(".curtain").count() == 0
    assert app.get_attribute(".tb", "data-bottom") == str(tb.to_act(states[i + 1]))
    app.evaluate("localStorage.clear()")
    app.reload()
    app.wait_for_selector("html[data-app-ready='1']", state="attached", timeout=90_000)


def test_towers_of_wyoming_moment_holds_nothing_of_the_next_hand(app):
    """Towers of Wyoming, two people: after Ana's turn her moment shows her hand; of what only Ben
    may see, nothing is in the page (card codes in data-card attributes)."""
    module = tw
    start_saved_game(app, "towers-of-wyoming", ["Ana", "Ben"], 3, {}, save_id="moment-tow")
    app.click("#curtain-go")
    play_any_move(app)
    app.wait_for_selector("#pass-on")
    record = json.loads(app.evaluate("localStorage.getItem('tw:save:moment-tow')"))
    state = replay(module, record)
    mover, following = record_mover(module, record), module.to_act(state)
    only_next = private_strings(module, state, following) - private_strings(module, state, mover)
    assert only_next, "the next person's hand should hold something private"
    cards = set(app.evaluate("[...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)"))
    assert not cards & only_next, cards & only_next
    assert cards & private_strings(module, state, mover), "the mover's own hand is shown"
    shot(app, "moment-towers-of-wyoming")


def record_mover(module, record) -> int:
    """Who made the save's last move."""
    before = replay(module, dict(record, moves=record["moves"][:-1]))
    return module.to_act(before)
