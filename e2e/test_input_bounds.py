"""Hostile or odd input from a page's address never hangs or stops the app:

- a crafted position diagram whose view counts a million cards (Tower Battle's hand) or pyramids
  (Tower War's draft pile) is refused in one line in the frame, the game's usual start is shown
  and works: before, the frame froze for two minutes;
- an embed's numbers in other scripts' digits ("²") or 5,000 digits long are named as not understood
  in the one line docs/embedding.md describes and the app boots: before, "Opening the games…" stayed forever;
- a Tower Battle match of 20,000 moves (the longest a save holds) arrives as a link and opens at the
  table: before, 3,882 moves overflowed Python's stack in the browser.
"""

from __future__ import annotations

import json
import random
import time

import pytest

from conftest import BOOT_TIMEOUT_MS, READY, moves_made, shot
from tabletop.engine.position_codes import POSITION_VERSION, seen_code
from tabletop.engine.saves import MAX_MOVES, new_save
from tabletop.engine.share import pack_json, save_to_code, text_from_code
from tabletop.games import GAMES
from tabletop.games.tower_battle import DeclineBattle, DiscardCard
from test_position_diagrams import WIKI_HEAD, framed


def crafted(game_id: str, at_least: int, change) -> str:
    """A real position code of ``game_id`` (Ana's view after some moves) with ``change`` done to its view."""
    module = GAMES[game_id]
    rnd = random.Random(3)
    state, made = module.new_game(2, {}, 5), 0
    while made < at_least or module.to_act(state) != 0:
        state = module.apply(state, rnd.choice(module.legal_moves(state)))
        made += 1
    data = json.loads(text_from_code(seen_code(module, state, 0, ["Ana", "Ben"]), POSITION_VERSION))
    change(data["view"])
    return pack_json(data, POSITION_VERSION)


def million_in_hand(view):
    view["players"][1]["hand_count"] = 1_000_000


def million_pyramids(view):
    view["draft"]["piles"] = [
        {"name": "A", "cards": [], "pyramids": {"small": 1_000_000, "medium": 0, "large": 0}},
        {"name": "B", "cards": [], "pyramids": {"small": 0, "medium": 0, "large": 0}},
    ]


@pytest.mark.parametrize(
    "game_id,change,place",
    [
        ("tower-battle", million_in_hand, "players[1].hand_count is 1000000"),
        ("tower-war", million_pyramids, "draft.piles[0].pyramids.small is 1000000"),
    ],
)
def test_a_crafted_diagram_is_refused_in_one_line_and_the_game_still_starts(browser, site, host, game_id, change, place):
    code = crafted(game_id, 2, change)
    html = f'<iframe class="towers-and-worlds" src="{site.url}?embed={game_id}&amp;position={code}" width="640" height="520"></iframe>'
    context, page, frame, errors = framed(browser, host("crafted.html", WIKI_HEAD + html))
    frame.wait_for_selector("#embed-start")
    said = frame.inner_text("#position-error")
    assert said.startswith("This position could not be shown: ") and place in said and "\n" not in said.strip(), said
    assert frame.evaluate("document.querySelectorAll('.tb-fan-card, .twar-glyph').length") < 200, "nothing was drawn a million times"
    shot(page, f"crafted-position-{game_id}-640x520")
    frame.click("#embed-start")  # the page answers: the usual game starts
    frame.wait_for_selector("[data-screen='table']", state="attached")  # (behind the curtain: people pass the device)
    assert not errors
    context.close()


@pytest.mark.parametrize(
    "query,named",
    [
        ("embed=towers-of-wyoming&players=%C2%B2", "players “²” (2 to 4)"),
        ("embed=tower-battle&vs=computer&seat=%C2%B2", "seat “²” (1 to 2)"),
        ("embed=towers-of-wyoming&players=" + "9" * 5000, "players “" + "9" * 23 + "…” (2 to 4)"),
        ("embed=tower-battle&target=%EF%BC%95", "target “５” (a whole number)"),
    ],
)
def test_an_embed_number_in_other_digits_is_named_and_the_app_boots(browser, site, query, named):
    context = browser.new_context(viewport={"width": 640, "height": 520}, service_workers="block")
    page = context.new_page()
    errors: list = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{site.url}?{query}")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    hint = page.locator(".embed-start p.hint", has_text="Not understood")
    said = hint.inner_text()
    assert said == f"Not understood in this page's link, so left as usual: {named}.", said
    assert hint.evaluate("e => e.getClientRects().length") >= 1 and len(said) < 120
    shot(page, f"embed-odd-number-{query.split('&')[0][6:]}-{len(query)}")
    page.click("#embed-start")
    page.wait_for_selector("[data-screen='table']", state="attached")
    assert not errors, errors
    context.close()


def long_match_link() -> tuple[str, int]:
    """A link holding a Tower Battle match of MAX_MOVES legal moves (to 100 points, mostly discards)."""
    module = GAMES["tower-battle"]
    rnd = random.Random(19)
    options = {"target": 100, "tnt": True}
    state, moves = module.new_game(2, options, 3), []
    while len(moves) < MAX_MOVES:
        legal = module.legal_moves(state)
        slow = [m for m in legal if isinstance(m, (DiscardCard, DeclineBattle))]
        move = rnd.choice(slow if slow and rnd.random() < 0.9 else legal)
        moves.append(module.move_to_json(move))
        state = module.apply(state, move)
    outcome = module.outcome(state)  # the most a save holds ends the match (the rules page, "This edition")
    assert outcome is not None and "20,000 moves" in outcome.why
    return save_to_code(new_save("tower-battle", options, ["Ana", "Ben"], 3, moves)), len(state.event_list())


def test_a_tower_battle_match_of_20000_moves_opens_from_a_link_at_its_end(browser, site):
    code, lines = long_match_link()
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    page = context.new_page()
    errors: list = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    started = time.monotonic()
    page.goto(f"{site.url}#/open/{code}")
    # the link's 20,000 moves are replayed (checked as a file is) before the page is ready: give it time
    page.wait_for_selector(READY, state="attached", timeout=4 * BOOT_TIMEOUT_MS)
    page.wait_for_selector("[data-screen='table']", state="attached", timeout=BOOT_TIMEOUT_MS)
    print(f"\na link of {MAX_MOVES} moves ({len(code) // 1024} KB) opened at the table in {time.monotonic() - started:.1f} s")
    assert moves_made(page) == MAX_MOVES and lines > MAX_MOVES
    # the match ended at its 20,000th move: its end, with no curtain, says so and keeps the last table
    page.wait_for_selector("section.end-screen", timeout=BOOT_TIMEOUT_MS)
    assert "20,000 moves" in page.inner_text("section.end-screen")
    assert page.locator("#curtain-go").count() == 0 and page.locator(".tb .tb-body").count() == 1
    shot(page, "long-match-from-a-link-1024x768")
    assert not errors, errors
    context.close()
