"""Home lists games in progress first, each saying whose turn it is, and finished games apart,
with winner, score and date, to replay or delete; "Play again" adds one new game and leaves
the finished one where it belongs."""

import json
import random

from conftest import goto, shot
from tabletop.engine.saves import new_save
from tabletop.games import GAMES
from tabletop.ui.table.session import Session


def played(game: str, seed: int, moves: int | None) -> dict:
    """The record the app stores for a game played at random: ``moves`` moves, or to its end."""
    module = GAMES[game]
    session = Session(module, dict(new_save(game, {}, ["Ana", "Ben"], seed), id=f"{game}-{seed}", saved_at=1_700_000_000))
    rng = random.Random(seed)
    while session.outcome is None and (moves is None or len(session.save["moves"]) < moves):
        session.play(rng.choice(module.legal_moves(session.state)))
    return dict(session.record(), saved_at=1_700_000_000 + seed)


def test_home_keeps_finished_games_apart_and_play_again_adds_one_game(app):
    finished = played("war-of-the-worlds", 3, None)
    going = played("towers-of-wyoming", 4, 3)
    assert finished["finished"] and not going["finished"]
    for record in (finished, going):
        app.evaluate("([k, v]) => twSaves.write(k, v)", [f"tw:save:{record['id']}", json.dumps(record)])
    goto(app, "#/settings")
    goto(app, "#/")

    in_progress = app.locator(".saved-list:not(.finished-list) .saved-item")
    assert in_progress.count() == 1
    to_act = GAMES["towers-of-wyoming"].to_act(Session(GAMES["towers-of-wyoming"], going).state)
    assert f"{['Ana', 'Ben'][to_act]} to play" in in_progress.inner_text()
    done = app.locator(".finished-list .saved-item")
    assert done.count() == 1
    text = done.inner_text()
    result = finished["result"]
    said = f"{['Ana', 'Ben'][result['winners'][0]]} wins · " + " to ".join(f"{x:g}" for x in result["scores"])
    assert said in text and "14 Nov 2023" in text and "27 cells" in text
    assert done.locator("a", has_text="Replay").get_attribute("href") == "#/replay/war-of-the-worlds/war-of-the-worlds-3"
    assert done.locator("text=Continue").count() == 0
    # In progress comes before Finished on the page.
    assert app.evaluate("""() => { const h = [...document.querySelectorAll('.home h2')].map(e => e.textContent);
                                   return h.indexOf('Games in progress') < h.indexOf('Finished'); }""")
    for size, name in (((1024, 768), "1024"), ((768, 1024), "768"), ((390, 844), "390")):
        app.set_viewport_size({"width": size[0], "height": size[1]})
        shot(app, f"home-lists-{name}")
    app.set_viewport_size({"width": 1024, "height": 768})

    # Replay opens the finished game's history.
    done.locator("a", has_text="Replay").click()
    app.wait_for_function("() => location.hash.startsWith('#/replay/war-of-the-worlds/')")

    # Play again from the finished game: one new game in progress, the finished one still finished.
    goto(app, "#/play/war-of-the-worlds/war-of-the-worlds-3")
    app.click("text=Play again")
    app.wait_for_function("() => location.hash.startsWith('#/play/') && !location.hash.endsWith('war-of-the-worlds-3')")
    goto(app, "#/")
    assert app.locator(".saved-list:not(.finished-list) .saved-item").count() == 2
    assert app.locator(".finished-list .saved-item").count() == 1

    # Delete the finished game: the Finished list goes.
    app.click(".finished-list .saved-item >> text=Delete")
    app.click("#confirm-delete")
    app.wait_for_function("() => !document.querySelector('.finished-list')")
    assert app.evaluate("twSaves.read('tw:save:war-of-the-worlds-3')") is None
