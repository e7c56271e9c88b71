"""Position diagrams in a wiki page: the table's "Embed this position…" writes the snippets, and a host
page of another site (storage blocked in the frame) pastes exactly those and shows the diagram:
The War of the Worlds exact and playable from there, a card game as its sharer saw it, without
Play from here and saying why; a damaged code says what is wrong and the game's start still works."""

import re

import pytest

from axe import audit
from conftest import BOOT_TIMEOUT_MS, READY, moves_made, play_any_move, shot, start_saved_game
from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.ui.embed import snippets as snip
from test_offline_and_embed import BLOCK_STORAGE
from test_wiki_embed import transclude

SEATS = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "computer", "level": "easy"}]


def moves_to_anas_turn(game_id: str, at_least: int) -> list:
    """Random legal moves (a fixed seed) until at least ``at_least`` are made and Ana is to act."""
    module = GAMES[game_id]
    state, rng, moves = module.new_game(2, module.default_options(), 11), Rng(4), []
    while len(moves) < at_least or module.to_act(state) != 0:
        legal = module.legal_moves(state)
        move = legal[rng.next_u64() % len(legal)]
        moves.append(module.move_to_json(move))
        state = module.apply(state, move)
        assert module.outcome(state) is None
    return moves


def snippets(page, game_id: str, moves: list) -> dict:
    """Open the saved game at the table, press "Embed this position…" and read what it wrote."""
    start_saved_game(page, game_id, SEATS, 11, moves=moves)
    page.click("#embed-position")
    dialog = page.locator(".embed-dialog")
    dialog.wait_for()
    written = {k: page.input_value(f"#embed-{k}") for k in ("widget-call", "widget-page", "iframe", "raw-html", "listener")}
    assert audit(page, ".embed-dialog", moderate=True) == []
    for w, h in ((1024, 768), (768, 1024), (390, 844)):
        page.set_viewport_size({"width": w, "height": h})
        shot(page, f"position-dialog-{game_id}-{w}x{h}")
    page.set_viewport_size({"width": 1024, "height": 768})
    page.click("#embed-close")
    return written


WIKI_HEAD = "<!doctype html><meta charset=utf-8><title>Wiki</title><h1>A position</h1>"


def framed(browser, url: str):
    """The host page open with the frame's storage blocked; returns (context, page, frame, errors)."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.add_init_script(BLOCK_STORAGE)
    page = context.new_page()
    errors: list = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.frame_locator("iframe.towers-and-worlds").locator(READY).wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    return context, page, page.frames[1], errors


def sized(html: str, width: int, height: int) -> str:
    return re.sub(r'width="\d+" height="\d+"', f'width="{width}" height="{height}"', html)


def widget_in_page(written: dict, site_url: str, width: int, height: int) -> str:
    """The Widget page's text transcluded for the call the app wrote, as Extension:Widgets would."""
    params = dict(re.findall(r"\|(\w+)=([^|}]+)", written["widget-call"]), width=str(width), height=str(height))
    return transclude(written["widget-page"], site_url, **params)


@pytest.mark.parametrize("size", [(640, 480), (360, 600)], ids=["640x480", "360x600"])
def test_war_of_the_worlds_diagram_from_the_widget_plays_on_from_there(browser, app, site, host, size):
    moves = moves_to_anas_turn("war-of-the-worlds", 8)
    written = snippets(app, "war-of-the-worlds", moves)
    assert written["widget-call"].startswith("{{#widget:TowersAndWorldsPosition|game=war-of-the-worlds|position=g1.")
    assert site.url in written["widget-page"] and site.url + "?embed=war-of-the-worlds&amp;position=g1." in written["iframe"]
    assert written["raw-html"] == f"<html>{written['iframe']}</html>", "the $wgRawHtml route: the same frame"
    assert written["listener"] == snip.listener(site.url) and f"<script>\n{written['listener']}</script>" in written["widget-page"]
    url = host("wotw.html", WIKI_HEAD + widget_in_page(written, site.url, *size))
    context, page, frame, errors = framed(browser, url)
    frame.wait_for_selector("[data-screen='position'] .wotw-board")
    assert frame.get_attribute("[data-screen='position']", "data-exact") == "1"
    assert "exact position" in frame.inner_text("#position-whose") and "Ana (" in frame.inner_text("#position-whose")
    assert frame.locator(".replay-board[inert]").count() == 1, "the board is looked at, not played"
    assert frame.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"), "no sideways scroll"
    shot(page, f"position-wotw-{size[0]}x{size[1]}")
    assert audit(frame, moderate=True) == []
    if size == (640, 480):  # Open in full app carries the position itself to a tab of its own
        with context.expect_page() as opened:
            frame.click("#open-full")
        full = opened.value
        full.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        full.wait_for_selector("[data-screen='table']")
        assert moves_made(full) == len(moves)
        full.close()
    frame.click("#play-from-here")
    frame.wait_for_selector("[data-screen='table']")
    assert moves_made(frame) == len(moves), "Play from here starts where the diagram stood"
    assert "Saves are off" in frame.inner_text("body")
    play_any_move(frame)
    assert moves_made(frame) == len(moves) + 1
    assert not errors
    context.close()


@pytest.mark.parametrize("game_id", ["tower-battle", "towers-of-wyoming", "tower-war"])
def test_a_card_game_diagram_says_whose_view_and_why_it_cannot_be_played_on(browser, app, site, host, game_id):
    moves = moves_to_anas_turn(game_id, 4)
    written = snippets(app, game_id, moves)
    assert "position=p1." in written["widget-call"]
    url = host("card.html", WIKI_HEAD + sized(written["iframe"], 640, 480))
    context, page, frame, errors = framed(browser, url)
    frame.wait_for_selector("[data-screen='position']")
    assert frame.get_attribute("[data-screen='position']", "data-exact") == "0"
    assert "as Ana saw it" in frame.inner_text("#position-whose")
    reason = frame.inner_text("#play-refusal")
    assert "Play from here" in reason and "Ana" in reason and "\n" not in reason.strip()
    assert frame.locator("#play-from-here").count() == 0
    assert frame.locator(".replay-board[inert]").count() == 1, "the board is looked at, not played"
    shot(page, f"position-{game_id}-640x480")
    assert audit(frame, moderate=True) == []
    page.goto(host("card-narrow.html", WIKI_HEAD + sized(written["iframe"], 360, 600)))
    frame = page.frames[1]
    frame.wait_for_selector("[data-screen='position'] #play-refusal", timeout=BOOT_TIMEOUT_MS)
    assert frame.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"), "no sideways scroll"
    shot(page, f"position-{game_id}-360x600")
    assert not errors
    context.close()


def test_a_damaged_code_says_so_and_the_game_still_starts(browser, site, host):
    html = (
        f'<iframe class="towers-and-worlds" src="{site.url}?embed=tower-war&amp;position=p1.AAAAtampered" '
        'width="640" height="480"></iframe>'
    )
    context, page, frame, errors = framed(browser, host("bad.html", WIKI_HEAD + html))
    frame.wait_for_selector("#embed-start")
    assert "This position could not be shown: the link is damaged" in frame.inner_text("#position-error")
    frame.click("#embed-start")
    frame.wait_for_selector("[data-screen='table']")
    assert not errors
    context.close()
