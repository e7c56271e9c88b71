"""History: stepping through a game's moves, read-only, from the table and at #/replay/GAME/ID
(the route a list of finished games links to), in all four games, with nothing secret shown."""

from __future__ import annotations

import json
import re
import time

import pytest

from axe import audit
from conftest import goto, moves_made, play_any_move, random_game, shot, start_saved_game
from tabletop.engine.saves import VERSION
from tabletop.games import GAMES

SIZES = ((1024, 768), (768, 1024), (390, 844))


def random_moves(game_id: str, players: int, seed: int, limit: int = 10_000) -> list[dict]:
    """Random legal moves from the start (to the end of the game, or ``limit``)."""
    module = GAMES[game_id]
    return random_game(game_id, seed, lambda state, _moves: module.outcome(state) is not None, players, limit=limit)[1]


def store(page, game: str, seats: list, seed: int, moves: list, save_id: str) -> None:
    record = {
        "format": "towers-and-worlds-save",
        "version": VERSION,
        "game": game,
        "options": {},
        "seats": [s if isinstance(s, dict) else {"name": s} for s in seats],
        "seed": seed,
        "moves": moves,
        "id": save_id,
        "saved_at": 1,
        "finished": True,
    }
    page.evaluate("([k, v]) => twSaves.write(k, v)", [f"tw:save:{save_id}", json.dumps(record)])


def position(page) -> tuple[int, int]:
    screen = page.locator("[data-screen='replay']")
    return int(screen.get_attribute("data-position")), int(screen.get_attribute("data-total"))


def wait_position(page, k: int) -> None:
    page.wait_for_selector(f"[data-screen='replay'][data-position='{k}']")


def test_history_from_the_table_steps_back_and_forth_and_returns(app):
    moves = random_moves("tower-battle", 2, seed=21, limit=12)
    start_saved_game(app, "tower-battle", ["Ana", "Ben"], seed=21, moves=moves)
    app.click("#curtain-go")  # two people share the device: the curtain first
    app.click("#history")
    wait_position(app, 12)
    assert position(app) == (12, 12)
    assert app.evaluate("location.hash").startswith("#/replay/tower-battle/e2e")
    # focus is on the step controls: the arrow keys step at once
    app.keyboard.press("ArrowLeft")
    wait_position(app, 11)
    app.keyboard.press("ArrowLeft")  # focus stays on the controls after each step
    wait_position(app, 10)
    assert app.inner_text("#history-line").startswith("Move 10 of 12 · ")
    app.click("#history-first")
    wait_position(app, 0)
    assert app.inner_text("#history-line").startswith("The start")
    assert app.get_attribute("#history-prev", "aria-disabled") == "true"
    app.click("#history-prev", force=True)  # at the start: stays, focus stays on the button
    assert position(app) == (0, 12) and app.evaluate("document.activeElement.id") == "history-prev"
    app.keyboard.press("ArrowRight")
    wait_position(app, 1)
    app.click("#history-next")
    wait_position(app, 2)
    app.keyboard.press("End")
    wait_position(app, 12)
    app.keyboard.press("Home")
    wait_position(app, 0)
    # hot-seat with two people: a spectator's eyes, no card face in any hand
    for _ in range(6):
        app.keyboard.press("ArrowRight")
    wait_position(app, 6)
    assert app.locator(".replay-board .tb-hand").count() == 0
    assert app.evaluate("document.querySelector('.replay-board').inert") is True
    assert app.locator(".replay-board [data-move], .replay-board [data-step]").count() == 0 or app.evaluate(
        "[...document.querySelectorAll('.replay-board [data-move]')].every(b => b.closest('[inert]'))"
    )
    app.click("#history-back")
    app.wait_for_selector("[data-screen='table']")
    assert app.evaluate("location.hash") == "#/play/tower-battle/e2e"
    assert int(app.get_attribute("[data-screen='table']", "data-moves")) == 12


def test_history_of_one_person_against_the_computer_shows_their_own_hand(app):
    bot = {"name": "Bot", "kind": "computer", "level": "easy"}
    moves = random_moves("towers-of-wyoming", 2, seed=5, limit=6)
    start_saved_game(app, "towers-of-wyoming", ["Ana", bot], seed=5, moves=moves)
    goto(app, "#/replay/towers-of-wyoming/e2e")
    wait_position(app, 6)
    assert "as Ana saw it" in app.inner_text(".replay-whose")
    app.click("#history-first")
    wait_position(app, 0)
    assert app.locator(".replay-board .tow-hand, .replay-board [class*='hand']").count() > 0


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_finished_game_replays_at_its_route_in_every_game(app, game_id):
    """#/replay/GAME/ID for a finished game not at the table: first, steps, last; three sizes."""
    seed = 31
    moves = random_moves(game_id, 2, seed)
    store(app, game_id, ["Ana", "Ben"], seed, moves, f"done-{game_id}")
    goto(app, "#/")
    goto(app, f"#/replay/{game_id}/done-{game_id}")
    n = len(moves)
    wait_position(app, n)
    assert app.inner_text("#history-line").startswith(f"Move {n} of {n} · ")
    # the step says what the log beside it says, word for word, and names the player with the side
    said = app.inner_text("#history-line").split(" · ", 1)[1]
    newest = app.locator(".replay-screen .game-log li").first.inner_text()
    assert said.endswith(newest) and ("Ana" in said or "Ben" in said or "Player" not in said)
    if game_id in ("war-of-the-worlds", "towers-of-wyoming"):  # their logs tell what was done
        app.keyboard.press("ArrowLeft")
        wait_position(app, n - 1)
        earlier = app.inner_text("#history-line").split(" · ", 1)[1]
        assert re.search(r"\b(placed|moved|turned|was|played|drew|built|started|discarded|had)\b", earlier), earlier
        assert not re.search(r"\b(places|moves|plays|draws|builds|discards)\b", earlier + said)
        app.keyboard.press("ArrowRight")
        wait_position(app, n)
    assert app.inner_text("#history-back") == "Back to the games"
    assert app.evaluate("document.querySelector('.replay-board').inert") is True
    for width, height in SIZES:
        app.set_viewport_size({"width": width, "height": height})
        app.keyboard.press("Home") if width != 1024 else None
        shot(app, f"history-{game_id}-{width}x{height}")
        # the step controls are on screen without scrolling
        box = app.locator("#history-next").bounding_box()
        assert box is not None and box["y"] + box["height"] <= height
        if width == 1024:
            app.click("#history-prev")
            wait_position(app, n - 1)
            app.click("#history-last")
            wait_position(app, n)
    app.click("#history-back")
    app.wait_for_selector(".home")


def test_an_unknown_history_says_so_and_goes_home(app):
    goto(app, "#/replay/tower-war/not-here")
    app.wait_for_selector(".home")
    assert "not in this browser" in app.inner_text(".notices")


def test_stepping_through_tower_war_is_quick(app):
    """Every state is built once: measure the ms per step in the page (reported)."""
    seed = 44
    moves = random_moves("tower-war", 2, seed)
    store(app, "tower-war", ["Ana", "Ben"], seed, moves, "tw-steps")
    goto(app, "#/")
    started = time.perf_counter()
    goto(app, "#/replay/tower-war/tw-steps")
    n = len(moves)
    wait_position(app, n)
    opened = time.perf_counter() - started
    app.click("#history-first")
    wait_position(app, 0)
    built = []  # ms the page took to build each state (one apply, when the history opened)
    started = time.perf_counter()
    for k in range(1, n + 1):
        app.keyboard.press("ArrowRight")
        wait_position(app, k)
        built.append(float(app.get_attribute("[data-screen='replay']", "data-step-ms")))
    forward = (time.perf_counter() - started) / n
    print(
        f"\nTower War history: {n} moves, opened at the last in {opened * 1000:.0f} ms; each state built once in "
        f"{sum(built) / n:.1f} ms on average (max {max(built):.1f}); a step forward over cached states, key press to "
        f"drawn: {forward * 1000:.1f} ms"
    )
    assert len(built) == n and sum(built) > 0
    assert position(app) == (n, n)


def test_history_in_an_embed_opens_in_place(app):
    """An embed's address names only the game: the history shows in place, and Back returns to the table."""
    goto(app, "#/embed/war-of-the-worlds")
    app.click("#embed-start")
    app.wait_for_selector("[data-screen='table']")
    play_any_move(app)
    app.click("#history")
    app.wait_for_selector("[data-screen='replay']")
    assert app.evaluate("location.hash") == "#/embed/war-of-the-worlds"
    _, n = position(app)
    assert n >= 1
    app.keyboard.press("Home")
    wait_position(app, 0)
    app.keyboard.press("Escape")
    app.wait_for_selector("[data-screen='table']")
    assert moves_made(app) >= n


@pytest.mark.parametrize("game_id", ["tower-battle", "towers-of-wyoming"])
def test_the_history_screen_passes_axe_at_two_sizes(app, game_id):
    """axe-core, moderate findings included, on the replay screen mid-game (the board inert)."""
    seed = 12
    moves = random_moves(game_id, 2, seed, limit=20)
    store(app, game_id, ["Ana", "Ben"], seed, moves, f"axe-{game_id}")
    goto(app, "#/")
    goto(app, f"#/replay/{game_id}/axe-{game_id}")
    wait_position(app, 20)
    app.keyboard.press("ArrowLeft")
    wait_position(app, 19)
    for width, height in ((1024, 768), (390, 844)):
        app.set_viewport_size({"width": width, "height": height})
        problems = audit(app, moderate=True)
        assert problems == [], json.dumps(problems, indent=1, ensure_ascii=False)
