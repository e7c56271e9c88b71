"""Towers of Wyoming at the table: hot-seat through the curtain, Construct, Deconstruct
with overflow, a reshuffle notice, a forced discard and a win, on the real page.

Positions come from the engine: seeded random play is searched for a prefix of moves
after which the next play is the one wanted; start_saved_game opens it and the key
steps are clicked on the page.
"""

from __future__ import annotations

import json
import random

import tabletop.games.towers_of_wyoming as tw
from axe import audit
from conftest import moves_made, pass_moment, play_any_move, shot, start_saved_game
from tabletop.engine.events import Names
from tabletop.games.towers_of_wyoming.telling import play_words

GAME = "towers-of-wyoming"
NAMES = ["Ana", "Ben", "Cleo", "Dev"]
SIZES = {"landscape": (1024, 768), "portrait": (768, 1024), "phone": (390, 844)}


# ---------------------------------------------------------------- positions from the engine


def games(players: int, options: dict | None = None, seeds=range(1, 60), limit: int = 300):
    """(seed, moves so far as JSON, state) along seeded random games."""
    for seed in seeds:
        rng = random.Random(seed * 7919)
        s = tw.new_game(players, options or {}, seed)
        moves: list = []
        for _ in range(limit):
            yield seed, list(moves), s
            if tw.outcome(s) is not None:
                break
            m = pick(rng, s)
            moves.append(tw.move_to_json(m))
            s = tw.apply(s, m)


def pick(rng: random.Random, s):
    """Random play that keeps building (so games reach tall towers and reshuffles), never winning early by chance."""
    moves = tw.legal_moves(s)
    v = tw.view(s, tw.to_act(s))
    safe = [p for p in v["plays"] if p["wins"] is None] if v["plays"] else []
    if safe:
        return tw.move_from_json(rng.choice(safe)["move"])
    return rng.choice(moves)


def find(players: int, want, options: dict | None = None, min_moves: int = 0):
    for seed, moves, s in games(players, options):
        if len(moves) >= min_moves and tw.outcome(s) is None:
            found = want(s)
            if found is not None:
                return seed, moves, s, found
    raise AssertionError("no such position in the seeded games")


def acting_view(s):
    return tw.view(s, tw.to_act(s))


def through_curtain(page, name: str):
    pass_moment(page, expect=True)  # after a move, the mover's moment first
    page.wait_for_selector(".curtain")
    assert name in page.inner_text(".curtain")
    page.click("#curtain-go")
    page.wait_for_selector(".tow")


OPENED = [0]


def open_game(page, players, seed, moves, options=None):
    OPENED[0] += 1  # a fresh save id: the app keeps a session that is already open under the same id
    start_saved_game(page, GAME, NAMES[:players], seed, options or {}, moves, save_id=f"tow-{OPENED[0]}")
    seat = tw.to_act(replayed(players, seed, moves, options))
    through_curtain(page, NAMES[seat])
    return seat


def replayed(players, seed, moves, options=None):
    s = tw.new_game(players, options or {}, seed)
    for m in moves:
        s = tw.apply(s, tw.move_from_json(m))
    return s


def pick_cards(page, suit: str, count: int):
    """Tap the count-th card of the suit: it and the lower ones are picked."""
    page.locator(f".tow-card[data-suit='{suit}']").nth(count - 1).click()
    page.wait_for_selector(f".tow[data-selected='{suit}{count}']")


def axe_problems(page) -> str:
    """Serious/critical axe findings, less the shared side panel's scrolling log (not this game's to fix)."""
    found = [v for v in audit(page) if not (v["id"] == "scrollable-region-focusable" and v["nodes"] == ["ol"])]
    return json.dumps(found) if found else ""


def no_sideways_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0


# ---------------------------------------------------------------- wanted positions


def plays_of(s, **facts):
    """The acting seat's plays (view descriptions) whose fields match ``facts``."""
    return [p for p in acting_view(s)["plays"] if all(p.get(k) == v for k, v in facts.items())]


def overflow(p) -> bool:
    return p["action"] == "deconstruct" and p["after"]["size"] > 0 and p["after"]["suit"] == p["suit"]


def construct_then_overflow(s):
    """A construct now, after which the next builder can deconstruct some tower with overflow."""
    for c in plays_of(s, action="construct", wins=None):
        s2 = tw.apply(s, tw.move_from_json(c["move"]))
        if tw.outcome(s2) is None and tw.to_act(s2) != tw.to_act(s):
            over = [p for p in acting_view(s2)["plays"] if overflow(p) and p["wins"] is None and p["owner"] != tw.to_act(s2)]
            if over:
                return c, s2, over[0]
    return None


def recycle_next(s):
    """A play after which the next builder's draw recycles the deck, tossing (a tie first) and putting someone out."""
    if acting_view(s)["draw_pile"] > 7:
        return None
    for p in plays_of(s, wins=None):
        s2 = tw.apply(s, tw.move_from_json(p["move"]))
        events = [e for e in s2.events if e["move"] == s.moves and e["kind"] == "recycle"]
        if tw.outcome(s2) is None and events and events[0]["eliminated"] and len(events[0]["tosses"]) > 1:
            return p, s2, events[0]
    return None


def winning_play(s):
    wins = plays_of(s, wins=tw.to_act(s))
    return wins[0] if wins else None


# ---------------------------------------------------------------- tests


def test_three_player_hot_seat_construct_then_deconstruct_with_overflow(app):
    seed, moves, s, (construct, s2, over) = find(3, construct_then_overflow, min_moves=3)
    a, b = tw.to_act(s), tw.to_act(s2)
    assert open_game(app, 3, seed, moves) == a
    assert "Player" not in app.inner_text(".table-main")
    # Construct by tapping: cards of one suit (the others dim), a lit target, then Confirm.
    pick_cards(app, construct["suit"], construct["count"])
    assert (
        app.locator(f".tow-card.tow-dim:not([data-suit='{construct['suit']}'])").count()
        == app.locator(f".tow-card:not([data-suit='{construct['suit']}'])").count()
    )
    target = f"#tow-target-{construct['owner']}-{construct['foundation']}"
    assert "Construct" in app.inner_text(target)
    app.click(target)
    preview = app.inner_text("#tow-preview")
    said = play_words(construct, Names(tuple(NAMES[:3])), a, s.foundations)  # "2 hearts onto your …: it becomes 5 hearts"
    assert "CONSTRUCT" in preview.upper() and said.split(":")[1].strip() in preview
    app.click("#tow-confirm")
    # The curtain hides Ana's hand; Ben taps through and is told what Ana did.
    through_curtain(app, NAMES[b])
    news = app.inner_text(".tow-news")
    assert NAMES[a] in news and "Player" not in news
    size = construct["after"]["size"]
    assert (
        app.get_attribute(f"[data-target='{construct['owner']}-{construct['foundation']}']", "data-tower") == f"{construct['suit']}{size}"
    )
    # Deconstruct with overflow, by keyboard only: Enter on a card, Space on the target, Enter on Confirm.
    card = app.locator(f".tow-card[data-suit='{over['suit']}']").nth(over["count"] - 1)
    card_id = card.get_attribute("id")
    card.focus()
    app.keyboard.press("Enter")
    app.wait_for_selector(f".tow[data-selected='{over['suit']}{over['count']}']")
    assert app.evaluate("document.activeElement.id") == card_id
    target = f"#tow-target-{over['owner']}-{over['foundation']}"
    app.focus(target)
    app.keyboard.press("Space")
    app.wait_for_selector("#tow-confirm")
    preview = app.inner_text("#tow-preview")
    assert "DECONSTRUCT" in preview.upper() and "Overflow" in preview and NAMES[over["owner"]] in preview
    shot(app, "towers_of_wyoming-3p-overflow-preview")
    assert app.evaluate("document.activeElement.id") == "tow-confirm"  # focus moves on to Confirm
    app.keyboard.press("Enter")
    through_curtain(app, NAMES[tw.to_act(tw.apply(s2, tw.move_from_json(over["move"])))])
    after = over["after"]
    assert app.get_attribute(f"[data-target='{over['owner']}-{over['foundation']}']", "data-tower") == f"{after['suit']}{after['size']}"
    assert "turned" in app.inner_text(f"[data-target='{over['owner']}-{over['foundation']}'] .tow-tag")
    assert moves_made(app) == len(moves) + 2


def test_reshuffle_notice_shows_the_toss_the_new_sky_and_who_is_out(app):
    options = {"tidal_influences": True, "contractual_deadlines": True}
    seed, moves, s, (p, s2, event) = find(3, recycle_next, options)
    open_game(app, 3, seed, moves, options)
    pick_cards(app, p["suit"], p["count"])
    app.click(f".tow-option[data-move='{json.dumps(p['move'])}']")
    through_curtain(app, NAMES[tw.to_act(s2)])
    notice = app.inner_text(".tow-recycle")
    before, after = event["sky_before"], event["sky_after"]
    assert f"{before} → {after}" in notice and f"from {before} to {after}" in notice
    (h1, t1), (h2, t2) = event["tosses"][:2]
    assert f"{h1} heads, {t1} tails (a tie: toss again)" in notice and f"then {h2} head" in notice
    out = [NAMES[x["seat"]] for x in event["eliminated"]]
    assert all(name in notice for name in out) and "out of the game" in notice
    assert app.inner_text(".tow-sky-n") == str(after)
    for name in out:
        seat = NAMES.index(name)
        assert "out" in app.inner_text(f".tow-seat[data-seat='{seat}'] .tow-seat-head")
    shot(app, "towers_of_wyoming-3p-reshuffle")
    assert axe_problems(app) == ""


def test_forced_discard_says_why_and_discards_the_chosen_card(app):
    seed, moves, s, _ = find(3, lambda s: 1 if acting_view(s)["must_discard"] else None)
    open_game(app, 3, seed, moves)
    assert "No play is possible" in app.inner_text("#tow-decision")
    assert app.locator("[data-move]").count() == 0
    card = app.locator(".tow-card[data-step='discard']").last
    code = card.get_attribute("data-card")
    card.click()
    app.wait_for_selector("#tow-confirm")
    assert json.loads(app.get_attribute("#tow-confirm", "data-move")) == {"kind": "discard", "card": code}
    shot(app, "towers_of_wyoming-3p-discard")
    app.click("#tow-confirm")
    pass_moment(app, expect=True)
    app.wait_for_selector(".curtain")
    assert moves_made(app) == len(moves) + 1


def test_a_winning_play_is_flagged_and_the_winner_announced(app):
    seed, moves, s, win = find(3, winning_play, min_moves=10)
    seat = open_game(app, 3, seed, moves)
    pick_cards(app, win["suit"], win["count"])
    target = f"#tow-target-{win['owner']}-{win['foundation']}"
    assert "★ wins" in app.inner_text(target)
    app.click(target)
    assert "wins the game for you" in app.inner_text("#tow-preview")
    app.click("#tow-confirm")
    app.wait_for_selector(".end-screen")
    assert app.inner_text("#end-title") == f"{NAMES[seat]} wins"
    why = app.inner_text(".end-why")  # why, once: not the winner again, no "Player 2"
    assert why.startswith("A tower of") and "wins" not in why and "Player" not in why
    assert app.locator(".tow-end").count() == 0  # the table's own end box is gone: the summary says it
    winning = app.locator(f".tow-seat[data-seat='{seat}'] .tow-winning")
    assert winning.count() == 1 and f"{NAMES[seat]}: +{win['count']}" in winning.inner_text()  # the deciding move, where it landed
    assert app.locator("[data-move], [data-step]").count() == 0
    shot(app, "towers_of_wyoming-3p-won")
    assert axe_problems(app) == ""


def test_screens_at_three_sizes_for_two_and_four_players_pass_axe(app):
    for players in (2, 4):
        seed, moves, s, _ = find(
            players, lambda s: 1 if sum(t["size"] for p in acting_view(s)["seats"] for t in p["towers"]) >= 10 else None, min_moves=8
        )
        open_game(app, players, seed, moves)
        suit = acting_view(s)["plays"][0]["suit"]
        for size, (w, h) in SIZES.items():
            app.set_viewport_size({"width": w, "height": h})
            app.wait_for_timeout(100)
            shot(app, f"towers_of_wyoming-{players}p-{size}")
            assert no_sideways_scroll(app), f"sideways scrolling at {size}"
        pick_cards(app, suit, 1)
        for size, (w, h) in SIZES.items():
            app.set_viewport_size({"width": w, "height": h})
            app.wait_for_timeout(100)
            shot(app, f"towers_of_wyoming-{players}p-{size}-choosing")
            assert no_sideways_scroll(app), f"sideways scrolling at {size} while choosing"
        assert axe_problems(app) == ""
        app.locator(".tow-lit").first.click()
        app.wait_for_selector("#tow-confirm")
        shot(app, f"towers_of_wyoming-{players}p-phone-preview")
        assert axe_problems(app) == ""
        app.set_viewport_size({"width": 1024, "height": 768})


def test_play_any_move_works_at_every_decision(app):
    seed, moves, s, _ = find(2, lambda s: 1 if acting_view(s)["must_discard"] else None)
    open_game(app, 2, seed, moves)
    for _ in range(4):
        play_any_move(app)
        pass_moment(app)
        if app.locator(".curtain").count():
            app.click("#curtain-go")
            app.wait_for_selector(".tow")
    assert moves_made(app) == len(moves) + 4


# ---------------------------------------------------------------- warnings before a play


def test_a_play_that_leaves_you_no_build_is_warned_and_still_confirmable(app):
    def locking(s):
        found = [p for p in acting_view(s)["plays"] if p["locks_out"] and p["wins"] is None]
        return found[0] if found else None

    seed, moves, s, p = find(2, locking)
    open_game(app, 2, seed, moves)
    pick_cards(app, p["suit"], p["count"])
    app.click(f"#tow-target-{p['owner']}-{p['foundation']}")
    app.wait_for_selector("#tow-lockout")
    assert app.inner_text("#tow-lockout") == f"⚠ {p['locks_out']}"  # the engine's words (lockout.py)
    assert app.inner_text("#tow-confirm").startswith("Confirm anyway")
    sky = app.locator("[data-part='sky']")  # the Sky and the foundations explain themselves (title, description, long press)
    assert sky.get_attribute("data-tip").startswith("The Settling Sky:") and sky.get_attribute("title") == sky.get_attribute("data-tip")
    foundation = app.locator(f"[data-target='{p['owner']}-{p['foundation']}']")
    assert foundation.get_attribute("data-tip").startswith("A foundation:") and foundation.get_attribute("aria-description")
    shot(app, "towers_of_wyoming-lockout-warning")
    app.click("#tow-confirm")
    app.wait_for_function("n => Number(document.querySelector('[data-screen=table]').dataset.moves) >= n", arg=len(moves) + 1)


def test_constructing_onto_another_builders_tower_looks_and_reads_apart(app):
    def theirs(s):
        found = [p for p in acting_view(s)["plays"] if p["theirs"] and p["action"] == "construct" and p["wins"] is None]
        return found[0] if found else None

    seed, moves, s, p = find(2, theirs)
    open_game(app, 2, seed, moves)
    pick_cards(app, p["suit"], p["count"])
    app.click(f"#tow-target-{p['owner']}-{p['foundation']}")
    app.wait_for_selector("#tow-preview.tow-theirs")
    owner = NAMES[p["owner"]]
    assert app.inner_text("#tow-preview .tow-verb").lower() == f"construct onto {owner}'s tower".lower()  # shown in capitals
    assert f"This tower is {owner}'s, not yours" in app.inner_text("#tow-preview")
    assert app.inner_text("#tow-confirm") == f"Confirm: construct onto {owner}'s tower"
    assert app.evaluate("getComputedStyle(document.getElementById('tow-preview')).borderLeftStyle") == "dashed"
    shot(app, "towers_of_wyoming-construct-theirs")
    mine = [q for q in acting_view(s)["plays"] if not q["theirs"] and q["action"] == "construct" and q["suit"] == p["suit"]]
    if mine:  # the same cards on your own tower or foundation read as a plain construct
        app.click("#tow-untarget")
        app.click(f"#tow-target-{mine[0]['owner']}-{mine[0]['foundation']}")
        app.wait_for_selector("#tow-preview:not(.tow-theirs)")
        assert app.inner_text("#tow-preview .tow-verb").lower() == "construct"
