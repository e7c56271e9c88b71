"""Tower War on a phone (390x844) against the computer: in every phase the decision, the part of
the table it acts on and the computer's last move are in view together without scrolling, and the
page does not jump when the computer moves.

The positions come from ``test_tower_war``'s engine-computed prefixes; the computer then moves live.
"""

from __future__ import annotations

from conftest import SHOTS, moves_made, start_saved_game
from test_tower_war import SIZES, prefix

PHONE = {"width": 390, "height": 844}
SEED = 3
BOT = {"name": "Bot", "kind": "computer", "level": "easy"}
WHOLLY_IN_VIEW = """sel => { const el = document.querySelector(sel); if (!el) return null; const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && Boolean(at && el.contains(at)); }"""


def in_view(page, *selectors: str) -> None:
    """Each selector's element is on the page and wholly inside the viewport, not covered."""
    for sel in selectors:
        seen = page.evaluate(WHOLLY_IN_VIEW, sel)
        assert seen is not None, f"{sel} is not on the page"
        box = page.eval_on_selector(sel, "e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; }")
        assert seen, f"{sel} is not wholly in view at scrollY {page.evaluate('scrollY')}: {box}"


def open_against_the_computer(page, moves: list, save_id: str) -> None:
    page.set_viewport_size(PHONE)
    start_saved_game(page, "tower-war", ["Ana", BOT], SEED, {}, moves, save_id=save_id)
    page.wait_for_selector(".twar")


def wait_for_the_computer(page, after: int) -> None:
    """The computer has moved (at least once after ``after`` moves) and it is Ana's turn again."""
    page.wait_for_function("n => Number(document.querySelector('[data-screen=table]').dataset.moves) > n", arg=after, timeout=30_000)
    page.wait_for_function("() => (document.getElementById('twar-prompt') || {}).textContent?.startsWith('Ana:')", timeout=30_000)
    page.wait_for_timeout(200)  # a late scroll would show by now


def still_at_the_top(page, when: str) -> None:
    assert page.evaluate("scrollY") == 0, f"{when}: the page jumped to {page.evaluate('scrollY')} px"


def shots(page, name: str) -> None:
    """The screen as a player sees it (the viewport, not the full page), at the three sizes."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / f"tower-war-phone-{name}-{size}.png"), animations="disabled")
    page.set_viewport_size(PHONE)


def test_the_draft_keeps_the_piles_their_buttons_and_the_drafted_row_in_view(app):
    open_against_the_computer(app, [], "e2e-twar-phone-draft")
    app.wait_for_selector("#twar-split-ok")
    in_view(app, "#twar-prompt", ".twar-last", "#twar-zone-a", "#twar-zone-b", "#twar-split-ok", ".twar-drafted-row")
    app.locator("#twar-zone-a .twar-pick").first.click()
    in_view(app, "#twar-zone-b .twar-pick", "#twar-split-ok")
    app.click("#twar-split-ok")
    wait_for_the_computer(app, 1)  # the computer took a pile, then split the next five cards
    app.wait_for_selector("#twar-take-1")
    still_at_the_top(app, "after the computer split")
    assert "splits them into pile A" in app.inner_text(".twar-last")  # its move, said where the prompt is
    in_view(
        app,
        "#twar-prompt",
        ".twar-last",
        ".twar-pile:nth-child(1)",
        ".twar-pile:nth-child(2)",
        "#twar-take-0",
        "#twar-take-1",
        ".twar-drafted-row",
    )
    shots(app, "take")


def test_the_war_keeps_the_card_to_beat_the_hand_and_the_computers_last_move_in_view(app):
    _, moves = prefix(SEED, lambda s: s.phase == "play" and s.actor == 1 and not any(s.current))
    open_against_the_computer(app, moves, "e2e-twar-phone-war")
    wait_for_the_computer(app, len(moves))  # the computer leads
    still_at_the_top(app, "after the computer led")
    # the card to beat is the computer's last move, marked where it landed, above the hand
    in_view(app, "#twar-prompt", ".twar-last", ".twar-line[data-seat='1'] [data-last-move]", ".twar-hand")
    assert "answer the" in app.inner_text("#twar-prompt")
    shots(app, "answer")

    _, moves = prefix(SEED, lambda s: s.phase == "play" and s.actor == 0 and s.battle == 1 and not any(s.current))
    open_against_the_computer(app, moves, "e2e-twar-phone-lead")
    n = moves_made(app)
    app.locator(".twar-hand [data-move]").first.click()  # Ana leads; the computer answers, loses and adds a pyramid
    wait_for_the_computer(app, n + 1)
    still_at_the_top(app, "after the computer answered and placed")
    assert "lead skirmish" in app.inner_text("#twar-prompt")
    # the pyramid it dropped is marked on the tower's top card, in view with the hand
    in_view(app, "#twar-prompt", ".twar-last", ".twar-hand", ".twar-topview [data-last-move]")
    shots(app, "lead")


def test_placing_keeps_the_aim_the_ghost_and_the_release_in_view(app):
    _, moves = prefix(SEED, lambda s: s.phase == "place" and s.actor == 0)
    open_against_the_computer(app, moves, "e2e-twar-phone-place")
    app.wait_for_selector(".twar-pyr-btn")
    # the computer's winning card is named where the prompt is, each card by its owner's name
    last = app.inner_text(".twar-last")
    assert "Bot's" in last and "beats Ana's" in last, last
    # and shown: the card that won (the one marked in the battle panel, a screen further down) and
    # the card it beat, beside the sizes to pick up and the top card they go on
    won = app.get_attribute(".twar-result-won [role=img]", "aria-label")
    in_battle = app.get_attribute(".twar-line[data-seat='1'] .twar-current [role=img]", "aria-label")
    assert won.split(",")[0] == in_battle.split(",")[0] and "Bot (Blue)" in app.inner_text(".twar-result-won")
    assert "Ana (Red)" in app.inner_text(".twar-result-lost")
    in_view(app, "#twar-prompt", ".twar-last", "#twar-top-still", ".twar-result-won", ".twar-result-lost", ".twar-pickup")
    print(
        "placing on a phone, top/bottom px:",
        {
            sel: app.eval_on_selector(sel, "e => [e.getBoundingClientRect().top, e.getBoundingClientRect().bottom].map(Math.round)")
            for sel in (".twar-result", ".twar-pickup", ".twar-line[data-seat='1'] .twar-current")
        },
    )
    shots(app, "place")
    app.locator(".twar-pyr-btn").first.click()
    app.wait_for_selector("#twar-ghost")
    app.wait_for_timeout(200)
    still_at_the_top(app, "after picking up")
    in_view(app, "#twar-prompt", "#twar-top", "#twar-release", "#twar-drop")
    for sel in ("#twar-ghost", "#twar-aim"):  # SVG groups: their boxes lie inside the view
        box = app.eval_on_selector(sel, "e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; }")
        assert 0 <= box[0] and box[1] <= PHONE["height"], (sel, box)


def test_crowning_keeps_the_tower_and_the_cards_to_crown_it_with_in_view(app):
    _, moves = prefix(SEED, lambda s: s.phase == "place" and s.placing == "card" and s.actor == 0)
    open_against_the_computer(app, moves, "e2e-twar-phone-crown")
    app.wait_for_selector(".twar-card-btn")
    in_view(app, "#twar-prompt", ".twar-last", "#twar-top-still", ".twar-pickup")
    shots(app, "crown")
