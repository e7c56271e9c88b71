"""What every game shares: new game, safe names, hot-seat curtain, undo, saves, import, storage trouble."""

import json

from conftest import goto, moves_made, pass_moment, play_any_move, start_saved_game
from tabletop.games import GAMES

EVIL_NAME = "<img src=x onerror=alert(1)>"


def fill_new_game(page, game: str, names: list[str], seed: int | None = None):
    goto(page, f"#/new/{game}")
    page.wait_for_selector("[data-screen='new-game']")
    if page.locator("#player-count").count():
        page.select_option("#player-count", str(len(names)))
    for i, name in enumerate(names):
        page.fill(f"#seat-name-{i}", name)
        page.select_option(f"#seat-kind-{i}", "human")  # people passing the device (seat 2 is the computer by default)
    if seed is not None:
        page.fill("#game-seed", str(seed))
    page.click("#start-game")
    page.wait_for_selector("[data-screen='table']", state="attached")


def test_names_are_text_never_markup(app):
    dialogs = []
    app.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    fill_new_game(app, "war-of-the-worlds", [EVIL_NAME, "Ben"], seed=3)
    assert EVIL_NAME in app.inner_text(".seat-list")
    assert app.locator("img[src='x']").count() == 0
    app.wait_for_timeout(200)
    assert dialogs == []


def private_strings(module, state, seat) -> set[str]:
    """Card codes (and their labels) in ``seat``'s view that a spectator's view does not hold."""
    from tabletop.engine.cards import Card

    def strings(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for v in value.values():
                yield from strings(v)
        elif isinstance(value, list):
            for v in value:
                yield from strings(v)

    public = set(strings(module.view(state, None)))
    found = set()
    for text in set(strings(module.view(state, seat))) - public:
        try:
            card = Card.parse(text)
        except ValueError:
            continue
        found |= {text, card.label}
    return found


def test_curtain_hides_the_hand_until_the_right_person_taps(app):
    module = GAMES["tower-battle"]
    fill_new_game(app, "tower-battle", ["Ana", "Ben"], seed=11)
    state = module.new_game(2, None, 11)
    first = module.to_act(state)
    app.wait_for_selector(".curtain")
    assert ["Ana", "Ben"][first] in app.inner_text(".curtain")
    secrets = private_strings(module, state, first)
    assert len(secrets) >= 6, "the first player's hand should be private"
    html = app.inner_html("main#app")
    assert app.locator("[data-screen='table'] > *").count() == 1
    assert [s for s in secrets if s in html] == []
    app.click("#curtain-go")
    app.wait_for_selector(".table-main")
    assert app.locator(".curtain").count() == 0
    html = app.inner_html("main#app")
    assert any(s in html for s in secrets), "after tapping through, the hand is shown"


def test_undo_takes_back_a_move_without_hidden_information(app):
    start_saved_game(app, "war-of-the-worlds", ["Ana", "Ben"], seed=4)
    play_any_move(app)
    assert moves_made(app) == 1
    assert app.locator("#undo").is_enabled()
    app.click("#undo")
    app.wait_for_function("() => document.querySelector('[data-screen=table]').dataset.moves === '0'")
    assert app.locator("#undo").is_disabled()
    assert "Nothing to undo" in app.inner_text("#undo-why")


def test_games_autosave_and_continue_from_home(app):
    fill_new_game(app, "war-of-the-worlds", ["Ana", "Ben"], seed=8)
    play_any_move(app)
    goto(app, "#/")
    app.wait_for_selector(".saved-item")
    assert "The War of the Worlds" in app.inner_text(".saved-item")
    assert "move 1" in app.inner_text(".saved-item")
    app.click(".saved-item >> text=Continue")
    app.wait_for_selector("[data-screen='table']")
    assert moves_made(app) == 1


def test_delete_asks_first(app):
    start_saved_game(app, "war-of-the-worlds", ["Ana", "Ben"], seed=4)
    goto(app, "#/")
    app.click(".saved-item >> text=Delete")
    app.click("#confirm-cancel")
    assert app.locator(".saved-item").count() == 1
    app.click(".saved-item >> text=Delete")
    app.click("#confirm-delete")
    app.wait_for_selector("text=No saved games yet")


def test_corrupt_save_is_set_aside_and_others_survive(app):
    start_saved_game(app, "war-of-the-worlds", ["Ana", "Ben"], seed=4, save_id="good")
    app.evaluate('twSaves.write(\'tw:save:bad\', \'{"format": "towers-and-worlds-save", "vers\')')
    goto(app, "#/")
    app.wait_for_selector(".notice.error")
    assert "damaged or cut short" in app.inner_text(".notices")
    assert app.locator(".saved-item").count() == 1
    assert app.evaluate("twSaves.read('tw:save:bad')") is None
    assert app.evaluate("twSaves.read('tw:aside:bad')") is not None


def test_a_tampered_save_opened_from_home_is_set_aside_with_one_message(app):
    module = GAMES["war-of-the-worlds"]
    move = module.move_to_json(module.legal_moves(module.new_game(2, None, 5))[0])
    record = {
        "format": "towers-and-worlds-save",
        "version": 1,
        "game": "war-of-the-worlds",
        "options": {},
        "seats": [{"name": "Ana"}, {"name": "Ben"}],
        "seed": 5,
        "moves": [move, move],
        "id": "tampered",
        "saved_at": 1,
    }
    app.evaluate("v => twSaves.write('tw:save:tampered', v)", json.dumps(record))
    goto(app, "#/settings")
    goto(app, "#/")  # a fresh home lists it
    app.click(".saved-item >> text=Continue")
    app.wait_for_selector(".notice.error")
    assert app.locator(".notice").count() == 1
    assert "move 2" in app.inner_text(".notices") and "set aside" in app.inner_text(".notices")
    assert app.locator("[data-screen='table']").count() == 0 and app.locator(".saved-item").count() == 0
    assert app.evaluate("twSaves.read('tw:aside:tampered')") is not None


def test_undo_is_off_after_a_tower_battle_move_that_drew_a_card(app):
    module = GAMES["tower-battle"]
    start_saved_game(app, "tower-battle", ["Ana", "Ben"], seed=11)
    app.click("#curtain-go")
    play_any_move(app)
    moves = json.loads(app.evaluate("twSaves.read('tw:save:e2e')"))["moves"]
    start = module.new_game(2, None, 11)
    after = module.apply(start, module.move_from_json(moves[0]))
    assert module.epoch(after) != module.epoch(start), "the move played should have drawn a card"
    pass_moment(app, expect=True)  # Ana sees her move's result (undo already off), then passes
    app.click("#curtain-go")  # the other player takes the device: the table (and its undo) shows again
    app.wait_for_selector("#undo")
    assert app.locator("#undo").is_disabled()
    assert app.inner_text("#undo-why").startswith("Undo is off: new information was revealed")


def test_import_refuses_a_tampered_save_and_accepts_a_good_one(app, tmp_path):
    module = GAMES["war-of-the-worlds"]
    state = module.new_game(2, None, 5)
    move = module.legal_moves(state)[0]
    good = {
        "format": "towers-and-worlds-save",
        "version": 1,
        "game": "war-of-the-worlds",
        "options": {},
        "seats": [{"name": "Ana"}, {"name": "Ben"}],
        "seed": 5,
        "moves": [module.move_to_json(move)],
    }
    bad = dict(good, moves=[module.move_to_json(move), module.move_to_json(move)])
    for name, data in (("bad.json", bad), ("good.json", good)):
        (tmp_path / name).write_text(json.dumps(data))
    goto(app, "#/")
    app.set_input_files("#import-file", str(tmp_path / "bad.json"))
    app.wait_for_selector(".notice.error:has-text('move 2')")
    assert "not allowed by the rules" in app.inner_text(".notices")
    app.set_input_files("#import-file", str(tmp_path / "good.json"))
    app.wait_for_selector("[data-screen='table']")
    assert moves_made(app) == 1


def test_seed_in_the_url_fills_the_new_game_form(browser, site):
    from conftest import boot

    context, page, _ = boot(browser, site, "?seed=4242#/new/war-of-the-worlds")
    page.wait_for_selector("[data-screen='new-game']")
    assert page.input_value("#game-seed") == "4242"
    context.close()


def test_blocked_storage_says_saves_are_off_and_still_plays(browser, site):
    from conftest import READY

    context = browser.new_context(service_workers="block")
    context.add_init_script("""for (const k of ['localStorage', 'sessionStorage', 'indexedDB'])
        Object.defineProperty(window, k, {configurable: true, get() { throw new DOMException('blocked', 'SecurityError'); }});""")
    page = context.new_page()
    page.goto(site.url + "#/")
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert page.inner_text("main#app").count("Saves are off") == 1, "said once, not as a notice and a note"
    goto(page, "#/new/war-of-the-worlds")
    page.click("#start-game")
    page.wait_for_selector("[data-screen='table']", state="attached")
    play_any_move(page)
    assert moves_made(page) >= 1  # (seat 2 is the computer by default: it may have answered)
    assert page.inner_text("main#app").count("Saves are off") == 1
    context.close()


def test_a_kept_copy_stays_at_its_move_while_the_game_goes_on(app):
    start_saved_game(app, "war-of-the-worlds", ["Ana", "Ben"], seed=4)
    play_any_move(app)
    app.click("#keep-copy")
    app.fill("#save-name", "Friday <b>night</b>")
    app.click("#save-confirm")
    app.wait_for_selector(".notice.ok")
    play_any_move(app)  # the game on the table goes on (and autosaves); the copy does not move
    goto(app, "#/")
    items = app.locator(".saved-item")
    assert items.count() == 2
    kept = items.filter(has_text="Friday <b>night</b>")
    assert "kept at move 1" in kept.inner_text() and app.locator(".saved-item b").count() == 0
    assert "move 2" in items.filter(has_not_text="Friday").inner_text()
    kept.locator("text=Play from here").click()
    app.wait_for_selector("[data-screen='table']")
    assert moves_made(app) == 1
    play_any_move(app)  # playing on from the copy is a new game: the copy itself stays at move 1
    goto(app, "#/")
    assert app.locator(".saved-item").count() == 3
    assert "kept at move 1" in app.locator(".saved-item").filter(has_text="kept at").inner_text()


def test_manifest_makes_the_app_installable(app, site):
    manifest = app.evaluate("fetch('./manifest.webmanifest').then(r => r.json())")
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        assert app.evaluate("u => fetch(u).then(r => r.ok)", icon["src"])
