"""A moment for the mover (hot-seat): after a move that hands the device over, the mover sees the
public result (nothing of the next person's hand, nor of their own hand and face-down cards: at a
table the device is being handed over), may undo where undo is allowed, and one tap on
"Pass to NAME" brings up the curtain."""

from __future__ import annotations

import json

import tabletop.games.tower_battle as tb
import tabletop.games.tower_war as g
import tabletop.games.towers_of_wyoming as tw
from axe import audit
from conftest import moves_made, play_any_move, shot, start_saved_game
from tabletop.engine.saves import replay
from tabletop.games.tower_battle.facts import OWNER
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
    # the moment: the position after the move as anyone may see it, from the mover's side, no curtain yet
    app.wait_for_selector("#pass-on")
    assert app.locator(".curtain").count() == 0
    assert app.inner_text("#pass-on") == f"Pass to {NAMES[following]}"
    assert NAMES[mover] in app.inner_text(".moment-text")
    assert app.evaluate("document.activeElement.id") == "pass-on"  # Enter passes
    assert app.get_attribute(".tb", "data-bottom") == str(mover)
    html = app.inner_html("main#app")
    for card in states[i + 1].hands[following] + states[i + 1].hands[mover]:  # neither hand
        assert f'data-card="{card}"' not in html and f"tb-hand-{card}" not in html, card
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
    app.evaluate("twSaves.write('tw:settings', JSON.stringify({curtain: false}))")
    app.reload()
    app.wait_for_selector("html[data-app-ready='1']", state="attached", timeout=90_000)
    start_saved_game(app, "tower-battle", NAMES, seed, HOT_SEAT, as_json(moves[:i]), save_id="moment-open")
    click_move(app, states[i], moves[i])
    assert app.locator("#pass-on").count() == 0 and app.locator(".curtain").count() == 0
    assert app.get_attribute(".tb", "data-bottom") == str(tb.to_act(states[i + 1]))
    app.evaluate("twSaves.clear()")
    app.reload()
    app.wait_for_selector("html[data-app-ready='1']", state="attached", timeout=90_000)


def test_towers_of_wyoming_moment_holds_nothing_of_the_next_hand(app):
    """Towers of Wyoming, two people: after Ana's turn her moment shows neither her hand nor Ben's
    (card codes in data-card attributes): the device is on its way to him."""
    module = tw
    start_saved_game(app, "towers-of-wyoming", ["Ana", "Ben"], 3, {}, save_id="moment-tow")
    app.click("#curtain-go")
    play_any_move(app)
    app.wait_for_selector("#pass-on")
    record = json.loads(app.evaluate("twSaves.read('tw:save:moment-tow')"))
    state = replay(module, record)
    mover, following = record_mover(module, record), module.to_act(state)
    only_next = private_strings(module, state, following) - private_strings(module, state, mover)
    assert only_next, "the next person's hand should hold something private"
    cards = set(app.evaluate("[...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)"))
    assert not cards & only_next, cards & only_next
    assert not cards & private_strings(module, state, mover), "the mover's own hand stays hidden"
    shot(app, "moment-towers-of-wyoming")


def record_mover(module, record) -> int:
    """Who made the save's last move."""
    before = replay(module, dict(record, moves=record["moves"][:-1]))
    return module.to_act(before)


def declined_battle_hand_over():
    """(moves, i): moves[i] is Ben declining a battle after his own card went face down, so the offer
    goes to Ana: a hand-over whose moment still offers Undo (nothing was drawn or turned up)."""
    import random

    from tabletop.games import GAMES
    from tabletop.ui.table.session import Session

    session = Session.start(GAMES["tower-battle"], [{"name": n, "kind": "human", "level": None} for n in NAMES], HOT_SEAT, seed=1)
    rng = random.Random(1)
    while len(session.save["moves"]) < 60:
        if session.moment is not None:
            facedown = [c for suit, t in session.state.towers.items() for c, up in t if not up and OWNER[suit] == session.moment]
            if session.moment == 1 and session.undo_status().allowed and facedown:
                moves = [tb.move_from_json(m) for m in session.save["moves"]]
                return moves, len(moves) - 1
            session.end_moment()
        if session.curtain is not None:
            session.pass_to(session.curtain)
        session.play(rng.choice(session.legal_moves()))
    raise AssertionError("no such hand-over in 60 moves")


def test_after_bens_move_nothing_of_his_hand_or_face_down_cards_shows_while_undo_is_offered(app):
    moves, i = declined_battle_hand_over()
    states = [tb.new_game(2, HOT_SEAT, 1)]
    for move in moves:
        states.append(tb.apply(states[-1], move))
    before, after = states[i], states[i + 1]
    start_saved_game(app, "tower-battle", NAMES, 1, HOT_SEAT, as_json(moves[:i]), save_id="moment-tb-hidden")
    app.click("#curtain-go")
    secrets = private_strings(tb, before, 1)  # what Ben saw before his move: his hand, his face-down cards
    facedown = {str(c) for suit, t in after.towers.items() for c, up in t if not up and OWNER[suit] == 1}
    assert facedown and facedown <= secrets
    click_move(app, before, moves[i])
    app.wait_for_selector("#pass-on")
    assert app.is_visible("#moment-undo"), "Undo is still offered"
    assert app.inner_text("#pass-on") == "Pass to Ana"
    html, text = app.inner_html("main#app"), app.inner_text("main#app")
    codes = {s for s in secrets if s.isascii()}  # "AS" as a card's code; its label "A♠" is the rest
    shown = [c for c in codes if f'data-card="{c}"' in html or f'-{c}"' in html]
    shown += [label for label in secrets - codes if label in html or label in text]
    assert shown == [], f"Ben's hand or face-down cards on screen during his moment: {shown}"
    assert app.get_attribute(".tb", "data-bottom") == "1"  # his side stays nearest him
    shot(app, "moment-hides-the-movers-cards")
    app.click("#moment-undo")  # and Undo gives him his view back, hand and all
    app.wait_for_selector("#pass-on", state="detached")
    html = app.inner_html("main#app")
    assert any(f'data-card="{c}"' in html or f'-{c}"' in html for c in codes)
