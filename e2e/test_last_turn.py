"""The others' last turn, shown again on the board (ui/table/last_turn.py): after the computer's
turn, in every game, on a phone and a tablet, what it moved is marked on the board; "Show the last
turn again" goes back to the board before that turn and steps through it (the pieces travel, the
bar says which move), then leaves the table as it stands. With reduced motion it is a pair: the
board before the turn, then after it, and nothing travels."""

from __future__ import annotations

import pytest

from conftest import SHOTS, goto, moves_made, start_saved_game
from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from test_motion_on_screen import animations, count_animations

COMPUTER = {"name": "Bot", "kind": "computer", "level": "easy"}
SIZES = {"phone": (390, 844), "tablet": (1180, 820)}
MIN_MOVES = {"tower-war": 40, "tower-battle": 4, "towers-of-wyoming": 4, "war-of-the-worlds": 8}  # past the opening
LAST_KIND = {"tower-war": "drop"}  # the computer's turn ends on the tower (a draft's or a deck's moves are face down)


def after_the_computers_turn(game: str, seed: int = 5) -> list[dict]:
    """Moves of a seeded random game up to a position where Ana (seat 0) is to move, just after the
    computer's (seat 1's) turn."""
    module = GAMES[game]
    rng, state = Rng(seed), module.new_game(2, {}, seed)
    moves: list[dict] = []
    last_mover = None
    for _ in range(3000):
        legal = module.legal_moves(state)
        if not legal:
            break
        ends_well = game not in LAST_KIND or (moves and moves[-1]["kind"] == LAST_KIND[game])
        if len(moves) >= MIN_MOVES[game] and module.to_act(state) == 0 and last_mover == 1 and ends_well:
            return moves
        last_mover = module.to_act(state)
        move = rng.choice(legal)
        state = module.apply(state, move)
        moves.append(module.move_to_json(move))
    raise AssertionError(f"no position after the computer's turn in {game}")


OPENED = [0]


def open_after_the_computer(page, game: str) -> int:
    moves = after_the_computers_turn(game)
    OPENED[0] += 1
    start_saved_game(page, game, ["Ana", COMPUTER], 5, {}, moves, save_id=f"e2e-last-turn-{OPENED[0]}")
    page.wait_for_function("n => Number(document.querySelector('[data-screen=table]').dataset.moves) === n", arg=len(moves))
    page.wait_for_selector("#last-turn")
    return len(moves)


WATCH_CAPTIONS = """() => {
  window.__captions = [];
  window.__captionWatch?.disconnect();
  window.__captionWatch = new MutationObserver(() => {
    const caption = document.querySelector('.last-turn-caption')?.textContent ?? null;
    const seen = window.__captions;
    if (seen[seen.length - 1] !== caption) seen.push(caption);
  });
  window.__captionWatch.observe(document.getElementById('app'), {childList: true, subtree: true, characterData: true});
}"""


def frames_seen(page) -> list[str]:
    """Every caption the bar showed through a replay, in order (a page observer notes each render,
    however slowly the test polls), once the table is back."""
    page.wait_for_function("() => window.__captions.length > 1 && window.__captions[window.__captions.length - 1] === null")
    return [c for c in page.evaluate("window.__captions") if c is not None]


def show_last_turn(page) -> None:
    page.evaluate(WATCH_CAPTIONS)
    page.click("#last-turn")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["war-of-the-worlds", "tower-war", "tower-battle", "towers-of-wyoming"])
def test_the_computers_turn_is_marked_and_shown_again(app, game, size):
    app.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
    n = open_after_the_computer(app, game)
    assert app.locator(".table-main [data-last-move]").count() >= 1  # what the computer did is marked
    if game == "tower-war":  # this turn the computer lifted Ana's pyramid to adjust it: said to her as hers
        assert "moved your large pyramid" in app.inner_text(".twar-last")
    SHOTS.mkdir(parents=True, exist_ok=True)
    app.screenshot(path=str(SHOTS / f"last-turn-{game}-{size}-after.png"))
    count_animations(app)
    show_last_turn(app)
    app.wait_for_selector(".turn-banner.last-turn")
    app.screenshot(path=str(SHOTS / f"last-turn-{game}-{size}-before.png"))
    seen = frames_seen(app)
    assert seen[0].startswith("Before Bot") and len(seen) >= 2, seen
    assert all(" move " in caption or caption == "Bot's turn" for caption in seen[1:]), seen
    assert [a for a in animations(app) if a["key"]], "nothing travelled during the replay"
    app.wait_for_selector("#last-turn")  # the table as it stands, and the offer again
    assert moves_made(app) == n and app.locator(".table-main [data-last-move]").count() >= 1
    assert app.locator(".table-main [data-move]:not([disabled]), .table-main [data-step]:not([disabled])").count() >= 1


def test_stop_ends_the_replay_and_a_move_is_never_played_from_it(app):
    n = open_after_the_computer(app, "tower-battle")
    app.click("#last-turn")
    app.wait_for_selector("#last-turn-stop")
    assert app.evaluate("document.activeElement.id") == "last-turn-stop"
    assert app.locator(".table-main [data-move]:not([disabled])").count() == 0  # nothing to play in a replay
    app.click("#last-turn-stop")
    app.wait_for_selector("#last-turn")
    assert app.locator(".turn-banner.last-turn").count() == 0 and moves_made(app) == n


def test_with_reduced_motion_the_replay_is_a_before_and_after_pair(app):
    goto(app, "#/settings")
    app.locator("#setting-reduce-motion").check()
    try:
        open_after_the_computer(app, "war-of-the-worlds")
        count_animations(app)
        show_last_turn(app)
        seen = frames_seen(app)
        assert seen == ["Before Bot's turn", "After Bot's turn"], seen
        assert animations(app) == []
    finally:
        goto(app, "#/settings")
        app.locator("#setting-reduce-motion").uncheck()
