"""The board stays in view while choosing: on a 390x844 phone and in a 640x480 wiki frame, against the
computer, at the moment a card or a move is being chosen (the computer has just moved), every lit
target, the box that says what the computer just did and the player's own area lie inside the
screen, uncovered, as the app left the page (it may have scrolled it; the test does not).

What must be in view, game by game (``MOMENTS``):

- Tower Battle: a card chosen from the hand, each lit place it can go (``.tb-slot``: a tower of
  the player's own and the discard pile), the news of the last turn (``.tb-news``) and the tops of
  the player's towers.
- Towers of Wyoming: a card chosen, each lit tower or foundation (``.tow-lit``), the news
  (``.tow-news``) and the player's seat.
- The War of the Worlds: a pyramid size chosen from the supply, each lit empty cell
  (``.wotw-cell.is-target``: every empty cell of the board may light, so this is the whole board),
  the last turn (``.wotw-recent``) and the player's supply.
- Tower War: answering or leading a skirmish after the computer moved, each card of the hand that
  may be played (``.twar-hand [data-move]``: the hand is what is lit) and the "Just now" line
  (``.twar-last``).

Three moments a game (the towers grow, the news changes); Tower War one, as a skirmish is followed
by many moves of placing pyramids.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from conftest import BOOT_TIMEOUT_MS, SHOTS, moves_made, play_any_move, start_saved_game
from test_wiki_embed import open_card_game

PHONE = (390, 844)
FRAME = (640, 480)
BOT = {"name": "Bot", "kind": "computer", "level": "easy"}
DECISION = "[data-move]:visible:not([disabled]), [data-step]:visible:not([disabled])"


@dataclass(frozen=True)
class Moment:
    ready: str  # present when the moment of choosing has come
    choose: str | None  # tapped to light the targets (None: they are lit already)
    lit: str  # every target that must be in view
    news: str  # what the computer just did
    mine: str  # the player's own area
    turns: int = 3  # moments checked, each after the computer's move


MOMENTS = {
    "tower-battle": Moment(
        ".tb-hand-cards [data-step]:not([disabled])",
        ".tb-hand-cards [data-step]:not([disabled])",
        ".tb-slot",
        ".tb-news",
        ".tb-mine .tb-top",
    ),
    "towers-of-wyoming": Moment(
        ".tow-card[data-step='cards']", ".tow-card[data-step='cards']", ".tow-lit", ".tow-news", ".tow-mine > .tow-seat"
    ),
    "war-of-the-worlds": Moment(
        ".wotw-tray.is-acting [data-step]",
        ".wotw-tray.is-acting [data-step]",
        ".wotw-cell.is-target",
        ".wotw-recent",
        ".wotw-tray.is-acting",
    ),
    # one: after a skirmish come the pyramids, placed by the loser with a steady hand, for many moves
    "tower-war": Moment(".twar-hand [data-move]", None, ".twar-hand [data-move]", ".twar-last", ".twar-hand", turns=1),
}

# Each element of a selector: its box inside the viewport, and the point at its centre (the top of
# a tall box) showing the element itself, not a panel pinned over it.
SEEN = """sel => [...document.querySelectorAll(sel)].map(el => {
    const r = el.getBoundingClientRect();
    const y = r.top + Math.min(r.height / 2, 16), at = document.elementFromPoint(r.left + r.width / 2, y);
    const inside = r.height > 0 && r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;
    return {ok: inside && Boolean(at && (el.contains(at) || at.contains(el))), box: [r.left, r.top, r.right, r.bottom].map(Math.round),
            covered_by: at && !el.contains(at) ? at.className || at.tagName : null};
})"""


def play_a_move(where) -> None:
    """Some move, by taps: Towers of Wyoming's cards, a lit place (a wiki frame lists no plays to tap)
    and Confirm; any other game's first control (conftest.play_any_move)."""
    if where.locator("#tow-decision").count() == 0:
        play_any_move(where)
        return
    before = moves_made(where)
    cards = where.locator(".tow-card[data-step='cards']:not([disabled])")
    if cards.count():
        cards.first.click()
        where.locator(".tow-lit").first.click()
    else:  # no play: a card goes to the discard pile
        where.locator(".tow-card[data-step='discard']").first.click()
    where.click("#tow-confirm")
    where.wait_for_function("n => Number(document.querySelector('[data-screen=table]').dataset.moves) > n", arg=before)


def reach_the_moment(where, moment: Moment, mine: int = -1, limit: int = 80) -> None:
    """Play any moves until it is the person's turn to choose, right after the computer moved
    (``mine``: the moves made when the person last moved, -1 before they have)."""
    for _ in range(limit):
        where.wait_for_selector(DECISION, timeout=BOOT_TIMEOUT_MS)
        where.wait_for_timeout(150)
        if moves_made(where) > mine and mine >= 0 or moves_made(where) > 0 and mine < 0:
            if where.locator(moment.ready).count() and where.locator(moment.news).count():
                return
        play_a_move(where)
        mine = moves_made(where)
    raise AssertionError(f"no moment of choosing {moment.ready} after the computer moved in {limit} moves")


def check(where, game: str, shoot, size: tuple[int, int]) -> None:
    """Moments of choosing (``Moment.turns``), each right after the computer moved: the lit targets, the news and
    the player's own area in view as the app left the page; then the move is made."""
    moment = MOMENTS[game]
    w, h = size
    mine = -1
    for turn in range(moment.turns):
        reach_the_moment(where, moment, mine)
        if moment.choose:
            where.locator(moment.choose).first.click()
        where.wait_for_selector(moment.lit)
        where.wait_for_timeout(300)  # a card's lift, the arrows lighting
        if turn in (0, moment.turns - 1):
            shoot(f"in-view-{game}-{w}x{h}-{turn}")
        for sel in (moment.lit, moment.news, moment.mine):
            seen = where.evaluate(SEEN, sel)
            assert seen, f"{sel} is not on the page (turn {turn})"
            out = [s for s in seen if not s["ok"]]
            assert not out, f"{sel} out of view at {w}x{h}, turn {turn} (scrollY {where.evaluate('scrollY')}): {out}"
        if turn == moment.turns - 1:
            return
        before = moves_made(where)
        if where.locator(".tow-lit").count():  # the cards chosen go to a lit place
            where.locator(".tow-lit").first.click()
            where.click("#tow-confirm")
        else:
            play_any_move(where)
        where.wait_for_function("n => Number(document.querySelector('[data-screen=table]').dataset.moves) > n", arg=before)
        mine = moves_made(where)


@pytest.mark.parametrize("game", sorted(MOMENTS))
def test_a_phone_keeps_the_lit_targets_and_the_news_in_view(app, game):
    app.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    try:
        start_saved_game(app, game, ["Ana", BOT], 7, save_id=f"e2e-in-view-{game}")

        def shoot(name: str) -> None:
            SHOTS.mkdir(parents=True, exist_ok=True)
            app.screenshot(path=str(SHOTS / f"{name}.png"), animations="disabled")

        check(app, game, shoot, PHONE)
    finally:
        app.keyboard.press("Escape")  # the choice put back: a card left chosen shifts a later test's page
        app.set_viewport_size({"width": 1024, "height": 768})


@pytest.mark.parametrize("game", sorted(MOMENTS))
def test_a_wiki_frame_keeps_the_lit_targets_and_the_news_in_view(browser, site, host, game):
    context, page, inner = open_card_game(browser, site, host, game, FRAME)
    try:

        def shoot(name: str) -> None:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{name}.png"), clip={"x": 0, "y": 0, "width": FRAME[0], "height": FRAME[1]})

        check(inner, game, shoot, FRAME)
    finally:
        context.close()
