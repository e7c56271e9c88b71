"""Tower Battle at the table, played by clicking the real page.

Positions come from seeded random play computed here with the engine: a save with a
prefix of those moves opens the table just before the step under test, and the step
itself is clicked (card, then its tower, then the face; battle answers; scoring cards),
passing the hot-seat curtain with #curtain-go.
"""

from __future__ import annotations

import functools
import json
import random

import tabletop.games.tower_battle as tb
from axe import audit
from conftest import SHOTS, moves_made, pass_moment, play_any_move, shot, start_saved_game
from tabletop.engine.cards import ACE
from tabletop.engine.events import Names
from tabletop.games.tower_battle import ChooseScoringCard, DeclareBattle, DeclineBattle, DiscardCard, PlayCard
from tabletop.games.tower_battle.telling import battle_result

GAME = "tower-battle"
NAMES = ["Ana", "Ben"]
SIZES = {"landscape": (1024, 768), "portrait": (768, 1024), "phone": (390, 844)}
HOT_SEAT = {"target": 1, "first": "red"}


# --- seeded random play, computed with the engine --------------------------------------------------


def policy(rng: random.Random, legal: list):
    """Random, but playing cards more often than discarding so towers rise and games end."""
    plays = [m for m in legal if isinstance(m, PlayCard)]
    if plays and rng.random() < 0.75:
        return rng.choice(plays)
    return rng.choice(legal)


def random_match(options: dict, seed: int, stop=None, cap: int = 4000):
    """(states, moves): states[i] is the position before moves[i]."""
    rng = random.Random(seed)
    s = tb.new_game(2, options, seed)
    states, moves = [s], []
    while tb.outcome(s) is None and len(moves) < cap and not (stop and stop(s)):
        move = policy(rng, tb.legal_moves(s))
        s = tb.apply(s, move)
        states.append(s)
        moves.append(move)
    return states, moves


def as_json(moves) -> list:
    return [tb.move_to_json(m) for m in moves]


@functools.cache
def hot_seat_game():
    """A match (to one win) where a battle the mover declines is declared by the other player, an
    Assassin strikes a tower later, and the winning step is a card played."""
    for seed in range(1, 500):
        states, moves = random_match(HOT_SEAT, seed)
        if tb.outcome(states[-1]) is None or not isinstance(moves[-1], PlayCard):
            continue
        offers = [
            i
            for i in range(len(moves) - 2)
            if isinstance(moves[i], PlayCard) and isinstance(moves[i + 1], DeclineBattle) and isinstance(moves[i + 2], DeclareBattle)
        ]
        if not offers:
            continue
        i = offers[0]
        aces = [
            j
            for j, m in enumerate(moves)
            if j > i + 2 and isinstance(m, PlayCard) and m.card.rank == ACE and states[j].towers[tb.facts.FACING[m.card.suit]]
        ]
        if aces:
            return seed, states, moves, i, aces[0]
    raise AssertionError("no seed gives the hot-seat scenario")


@functools.cache
def two_game_match():
    """Advanced scoring: a seed and a target such that game 1 leaves the match open and game 2 ends it."""
    for seed in range(1, 500):
        options = {"scoring": "advanced", "first": "red", "target": 100}
        states, moves = random_match(options, seed, stop=lambda s: len(s.results) >= 2)
        if len(states[-1].results) < 2 or not isinstance(moves[-1], PlayCard):
            continue
        end1 = next(i for i, s in enumerate(states) if len(s.results) == 1)  # states[end1]: game 2 has begun
        first_scores, final = states[end1].scores, states[-1].scores
        target = max(final)
        if target < 2 or max(first_scores) >= target or not isinstance(moves[end1 - 1], PlayCard):
            continue
        options = dict(options, target=target)
        replayed = tb.new_game(2, options, seed)
        for move in moves:
            replayed = tb.apply(replayed, move)
        if tb.outcome(replayed) is not None:
            return seed, options, states, moves, end1
    raise AssertionError("no seed gives a two-game match")


# --- driving the page -------------------------------------------------------------------------------


def secrets(state, seat: int) -> list[str]:
    """What must not be in the DOM before ``seat`` taps through the curtain: their hand, codes and labels."""
    codes = [str(c) for c in state.hands[seat]]
    return codes + [c.label for c in state.hands[seat]]


def pass_curtain(page, state) -> None:
    """The curtain names the next person; nothing of their hand is in the page; then tap through."""
    seat = tb.to_act(state)
    pass_moment(page, expect=True)  # after a move, the mover's moment first (nothing of this hand in it either)
    page.wait_for_selector(".curtain")
    assert NAMES[seat] in page.inner_text(".curtain")
    html = page.inner_html("main#app")
    assert page.locator(".tb").count() == 0
    for secret in secrets(state, seat):
        assert f'data-card="{secret}"' not in html and secret not in html, secret
    page.click("#curtain-go")
    page.wait_for_selector(".tb")


SAVE_IDS = iter(range(1, 1000))


def open_at(page, options: dict, seed: int, moves: list, states: list) -> str:
    """Open a new save (a fresh id: the app keeps a loaded game of the same id) at ``moves``."""
    save_id = f"tb-{next(SAVE_IDS)}"
    start_saved_game(page, GAME, NAMES, seed, options, as_json(moves), save_id=save_id)
    pass_curtain(page, states[len(moves)])
    return save_id


def click_move(page, state, move) -> None:
    """Make ``move`` the way a player does: card, tower, face; or a battle answer; or a scoring card."""
    before = moves_made(page)
    if isinstance(move, (PlayCard, DiscardCard)):
        code = str(move.card)
        page.click(f"#tb-hand-{code}")
        assert page.get_attribute(f"#tb-hand-{code}", "aria-pressed") == "true"
        if isinstance(move, DiscardCard):
            page.click("#tb-discard")
        else:
            entry = next(e for e in tb.view(state, tb.to_act(state))["plays"] if e["card"] == code)
            page.click(f"#tb-slot-{entry['tower']}")
            if entry["free_choice"]:
                page.click("#tb-face-up" if move.face_up else "#tb-face-down")
    elif isinstance(move, DeclareBattle):
        page.click("#tb-declare")
    elif isinstance(move, DeclineBattle):
        page.click("#tb-decline")
    elif isinstance(move, ChooseScoringCard):
        page.click(f"#tb-score-{move.card}")
    page.wait_for_function("n => Number(document.querySelector('[data-screen=table]').dataset.moves) > n", arg=before)
    assert moves_made(page) == before + 1


def assert_accessible(page) -> None:
    # The shared side panel's log (screens/table.py) scrolls without being focusable once it is long:
    # that is the shell's to fix (tabindex=0 on ol.game-log), not this board's.
    problems = [p for p in audit(page) if not (p["id"] == "scrollable-region-focusable" and p["nodes"] == ["ol"])]
    assert problems == [], json.dumps(problems, indent=1, ensure_ascii=False)


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0


def view_shot(page, name: str) -> None:
    """A screenshot of what the screen shows (a full-page capture misplaces the phone's pinned hand)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), animations="disabled")


GHOSTS = """tower => {
    const hit = el => { const r = el.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;
                        const at = document.elementFromPoint(x, y); return Boolean(at && el.contains(at)); };
    const inside = (el, box) => { const r = el.getBoundingClientRect(), b = box.getBoundingClientRect();
                                  return r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5; };
    const slot = document.getElementById('tb-slot-' + tower);
    slot.scrollIntoView({block: 'center'});
    const top = slot.parentElement.querySelector('.tb-top');
    const pile = document.getElementById('tb-discard-pile');
    pile.scrollIntoView({block: 'center'});
    const pileWords = [...pile.children].every(c => inside(c, pile));
    slot.scrollIntoView({block: 'center'});
    return {
        topIndex: [...top.querySelectorAll('.tb-idx, .tb-chip')].filter(e => e.offsetParent).map(hit),
        slotHit: hit(slot),
        pileWords, pileFits: pile.scrollWidth <= pile.clientWidth && pile.scrollHeight <= pile.clientHeight,
    };
}"""

IN_VIEW = """sel => { const el = document.querySelector(sel); const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 20));
    return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth && Boolean(at && el.contains(at)); }"""


# --- the tests -------------------------------------------------------------------------------------


def test_hot_seat_battle_declared_behind_the_curtain_assassin_and_win(app):
    seed, states, moves, i, j = hot_seat_game()
    mover = tb.to_act(states[i])
    other = 1 - mover

    # The mover plays an army card: card, then its lit tower, then the face.
    open_at(app, HOT_SEAT, seed, moves[:i], states)
    assert "play or discard a card" in app.inner_text("#tb-prompt")
    click_move(app, states[i], moves[i])
    # The battle offer goes to the mover first, with no curtain.
    app.wait_for_selector("#tb-declare")
    assert app.locator(".curtain").count() == 0
    assert "If you decline" in app.inner_text(".tb-decide")
    shot(app, "tower_battle-battle-offer-mover")
    click_move(app, states[i + 1], moves[i + 1])

    # The other player answers behind the curtain; their hand is nowhere in the page until they tap.
    pass_curtain(app, states[i + 2])
    assert "did not declare" in app.inner_text(".tb-decide")
    assert NAMES[other] in app.inner_text("#tb-prompt") or "Declare a battle" in app.inner_text("#tb-prompt")
    click_move(app, states[i + 2], moves[i + 2])

    # The battle is revealed with its outcome in words.
    battle = next(e for e in reversed(states[i + 3].event_list()) if e["kind"] == "battle")
    result = battle_result(battle, Names(tuple(NAMES), tb.SEAT_NAMES))
    app.wait_for_selector(".tb-battle")
    assert result in app.inner_text(".tb-battle")
    assert NAMES[other] in app.inner_text(".tb-battle h2")
    app.wait_for_timeout(1000)  # the two cards turn over
    shot(app, "tower_battle-battle-reveal")

    # Later in the same game an Assassin is played (always face up: the tower plays it at once).
    open_at(app, HOT_SEAT, seed, moves[:j], states)
    ace = moves[j]
    app.click(f"#tb-hand-{ace.card}")
    assert "always played face up" in app.inner_text(".tb-reason")
    assert "Sends" in app.inner_text(".tb-effect")
    assert app.get_attribute(f"#tb-slot-{ace.card.suit.value}", "data-move")
    before = moves_made(app)
    app.click(f"#tb-slot-{ace.card.suit.value}")
    app.wait_for_function("n => Number(document.querySelector('[data-screen=table]').dataset.moves) > n", arg=before)
    if app.locator(".curtain, #pass-on").count():
        pass_curtain(app, states[j + 1])
    announced = app.inner_text(".tb-recap")
    assert "ASSASSIN" in announced.upper() and "strikes" in announced

    # The winning card: five on a tower at the end of the turn wins the match (played to one win).
    last = len(moves) - 1
    open_at(app, HOT_SEAT, seed, moves[:last], states)
    click_move(app, states[last], moves[last])
    app.wait_for_selector("[data-end]")
    winner = tb.outcome(states[-1]).winners[0]
    assert NAMES[winner] in app.inner_text("#end-title")
    assert "five cards" in app.inner_text(".end-why")
    assert app.locator(".table-main .tb-tower").count() == 4  # the final towers stay on the board
    shot(app, "tower_battle-match-won")


def test_two_game_match_with_advanced_scoring(app):
    seed, options, states, moves, end1 = two_game_match()

    # Game 1: each player picks a scoring card, the other behind the curtain.
    open_at(app, options, seed, [], states)
    assert "choose your scoring card" in app.inner_text("#tb-prompt")
    shot(app, "tower_battle-scoring-choice")
    click_move(app, states[0], moves[0])
    pass_curtain(app, states[1])
    red_card = str(moves[0].card)
    assert app.locator(f"[data-card='{red_card}']").count() == 0  # Black never sees Red's scoring card
    click_move(app, states[1], moves[1])
    pass_curtain(app, states[2])
    assert app.locator(".tb-scoring [data-card]").get_attribute("data-card") == red_card  # Red sees their own

    # The step that ends game 1; game 2 opens with a scoring-card choice by its starter.
    open_at(app, options, seed, moves[: end1 - 1], states)
    click_move(app, states[end1 - 1], moves[end1 - 1])
    app.wait_for_selector(".tb-game-end")  # the end of game 1 has its moment first
    assert "Game 1:" in app.inner_text(".tb-game-end") and "Scoring cards" in app.inner_text(".tb-game-end")
    app.click("#tb-next-game")
    if app.locator(".curtain").count():
        pass_curtain(app, states[end1])
    app.wait_for_selector(".tb-game-result")
    assert "Game 1:" in app.inner_text(".tb-game-result")
    assert "Scoring cards" in app.inner_text(".tb-game-result")
    assert "Game 2" in app.inner_text(".tb-game-no")
    score = states[end1].scores
    assert app.inner_text(".tb-scores").split() == [NAMES[0], str(score[0]), NAMES[1], str(score[1])]
    assert "Last game your scoring card was" in app.inner_text(".tb-decide")
    shot(app, "tower_battle-game-two-begins")
    click_move(app, states[end1], moves[end1])
    pass_curtain(app, states[end1 + 1])
    click_move(app, states[end1 + 1], moves[end1 + 1])

    # The step that ends game 2 and the match.
    last = len(moves) - 1
    open_at(app, options, seed, moves[:last], states)
    click_move(app, states[last], moves[last])
    app.wait_for_selector("[data-end]")
    assert "decided the match" in app.inner_text(".end-why")
    games = app.inner_text(".tb-match-games")  # under the board: the match, game by game
    assert "Game 1:" in games and "Game 2:" in games and "wins" not in games
    assert games.count("Scoring cards") == 2
    shot(app, "tower_battle-two-games-over")


def rich_position():
    """A mid-game position for the screenshots: towers of several heights, face-down cards on both sides."""
    states, moves = random_match({"tnt": True, "target": 3, "first": "red"}, 77)
    for n, s in enumerate(states):
        heights = [len(t) for t in s.towers.values()]
        downs = [any(not up for _, up in t) for t in s.towers.values()]
        if (
            s.phase == "play"
            and tb.to_act(s) == 0
            and max(heights) >= 3
            and sum(downs) >= 2
            and min(heights) >= 1
            and any(e["free_choice"] for e in tb.view(s, 0)["plays"])
        ):
            return {"tnt": True, "target": 3, "first": "red"}, 77, states, moves[:n]
    raise AssertionError("no rich position")


def test_table_at_three_sizes_keyboard_and_audit(app):
    options, seed, states, prefix = rich_position()
    state = states[len(prefix)]
    save_id = open_at(app, options, seed, prefix, states)
    assert_accessible(app)
    free = next(e for e in tb.view(state, 0)["plays"] if e["free_choice"])
    app.focus(f"#tb-hand-{free['card']}")
    app.keyboard.press("Enter")
    app.wait_for_selector(f"#tb-slot-{free['tower']}")
    assert app.evaluate("document.activeElement.id") == f"tb-hand-{free['card']}"
    app.keyboard.press("Escape")  # puts the card back
    app.wait_for_selector(f"#tb-slot-{free['tower']}", state="detached")
    app.keyboard.press("Enter")
    app.wait_for_selector(f"#tb-slot-{free['tower']}")
    for name, (w, h) in SIZES.items():
        app.set_viewport_size({"width": w, "height": h})
        app.wait_for_timeout(50)
        assert no_sideways_scroll(app), name
        small = app.evaluate("""() => [...document.querySelectorAll('.tb button, .tb summary')]
            .filter(b => b.offsetParent && b.getBoundingClientRect().height < 44)
            .map(b => b.id || b.textContent.trim())""")
        assert small == [], small
        # The lit tower's ghost leaves its top card's rank and suit in view; the discard ghost's words fit inside it.
        ghosts = app.evaluate(GHOSTS, free["tower"])
        assert ghosts["topIndex"] and all(ghosts["topIndex"]), (name, ghosts)
        assert ghosts["slotHit"] and ghosts["pileWords"] and ghosts["pileFits"], (name, ghosts)
        if name == "phone":
            view_shot(app, f"tower_battle-table-{name}")
        else:
            shot(app, f"tower_battle-table-{name}")
    # On a phone the hand stays in view with the board: at the top of the table, and with the lit tower
    # in the middle of a short screen.
    hand_card = f"#tb-hand-{free['card']}"
    app.set_viewport_size({"width": 390, "height": 844})
    app.evaluate("scrollTo(0, 0)")
    assert app.evaluate(IN_VIEW, hand_card)
    app.set_viewport_size({"width": 390, "height": 640})
    app.evaluate("id => document.getElementById(id).scrollIntoView({block: 'center'})", f"tb-slot-{free['tower']}")
    assert app.evaluate(IN_VIEW, f"#tb-slot-{free['tower']}") and app.evaluate(IN_VIEW, hand_card)
    assert no_sideways_scroll(app)
    view_shot(app, "tower_battle-table-small-phone")
    app.set_viewport_size({"width": 1024, "height": 768})
    app.click(".tb-cards-help summary")
    tnt = app.inner_text(".tb-summary-tnt")
    assert "10 TNT" in tnt and "In this match" in tnt
    assert_accessible(app)
    # Keyboard: Tab on to the place button, Enter, then the face choice, Enter.
    for _ in range(12):
        app.keyboard.press("Tab")
        if app.evaluate("document.activeElement.id") == "tb-place":
            break
    assert app.evaluate("document.activeElement.id") == "tb-place"
    app.keyboard.press("Enter")
    app.wait_for_selector("#tb-face-up")
    assert "face up or face down" in app.inner_text("#tb-prompt")
    assert app.evaluate("document.activeElement.id") == "tb-place"  # a pressed toggle now; the faces follow it
    assert app.get_attribute("#tb-place", "aria-pressed") == "true"
    assert_accessible(app)
    app.keyboard.press("Tab")
    assert app.evaluate("document.activeElement.id") == "tb-face-up"
    app.keyboard.press("Tab")
    assert app.evaluate("document.activeElement.id") == "tb-face-down"
    before = moves_made(app)
    app.keyboard.press("Enter")
    app.wait_for_function("n => Number(document.querySelector('[data-screen=table]').dataset.moves) > n", arg=before)
    played = {"kind": "play", "card": free["card"], "face_up": False}
    assert app.evaluate(f"JSON.parse(twSaves.read('tw:save:{save_id}')).moves.slice(-1)[0]") == played


def test_battle_offer_and_scoring_choice_fit_a_phone_and_pass_the_audit(app):
    seed, states, moves, i, _ = hot_seat_game()
    app.set_viewport_size({"width": 390, "height": 844})
    open_at(app, HOT_SEAT, seed, moves[: i + 2], states)
    app.wait_for_selector("#tb-declare")
    assert no_sideways_scroll(app)
    assert_accessible(app)
    shot(app, "tower_battle-battle-offer-phone")
    seed, options, states, moves, _ = two_game_match()
    open_at(app, options, seed, [], states)
    assert no_sideways_scroll(app)
    assert_accessible(app)
    shot(app, "tower_battle-scoring-phone")


def test_any_move_helper_works_at_every_decision(app):
    seed, options, states, moves, _ = two_game_match()
    start_saved_game(app, GAME, NAMES, seed, options, [], save_id="tb-any")
    kinds = set()
    for _ in range(8):
        pass_moment(app)
        if app.locator(".curtain").count():
            app.click("#curtain-go")
        app.wait_for_selector(".tb")
        kinds.add(app.get_attribute(".tb", "data-phase"))
        play_any_move(app)
    assert {"scoring-card", "play"} <= kinds


@functools.cache
def knave_under_offer():
    """A hot-seat match where the mover lets a battle pass and the other player's own top card, facing
    it, is a Knave: declaring would turn it up and lose that whole tower."""
    from tabletop.games.tower_battle.views import declaring_costs

    def stop(s) -> bool:
        return s.phase == "battle" and s.asked == s.player and "Knave" in (declaring_costs(s, 1 - s.player) or "")

    for seed in range(1, 500):
        states, moves = random_match(HOT_SEAT, seed, stop=stop)
        if stop(states[-1]):
            return seed, states, moves
    raise AssertionError("no seed offers a battle against a hidden Knave")


def test_keyboard_focus_lands_on_no_battle_when_declaring_would_lose_a_tower(app):
    """After the hand-over, focus goes to the table's first decision: "No battle", not a declaration that
    turns up the player's own Knave (one reflexive Enter costs nothing); the panel says why."""
    seed, states, moves = knave_under_offer()
    save_id = open_at(app, HOT_SEAT, seed, moves, states)
    click_move(app, states[-1], DeclineBattle())
    pass_moment(app, expect=True)
    app.wait_for_selector(".curtain")
    app.keyboard.press("Enter")  # "I am NAME: show my game"
    app.wait_for_selector("#tb-decline")
    app.wait_for_function("() => document.activeElement && document.activeElement.id === 'tb-decline'")
    assert "Careful: Declaring turns up your Knave" in app.inner_text(".tb-decide-battle")
    assert app.get_attribute("#tb-declare", "data-gives-away") is not None
    shot(app, "tb-knave-under-offer")
    app.keyboard.press("Enter")  # the reflexive Enter: no battle, the tower stands
    app.wait_for_function("n => Number(document.querySelector('[data-screen=table]').dataset.moves) > n", arg=len(moves) + 1)
    saved = json.loads(app.evaluate("k => twSaves.read(k)", f"tw:save:{save_id}"))["moves"]
    assert saved[-2:] == [{"kind": "decline-battle"}, {"kind": "decline-battle"}]
