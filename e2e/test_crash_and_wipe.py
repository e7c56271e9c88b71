"""Nothing lost when the browser is killed or its storage wiped.

- The crash test: Chromium runs as its own process on a profile on disk; after a move it is
  killed (SIGKILL, as a phone's system kills a tab in the background) at a random moment 0 to 1 s
  later, then started again on the same profile. Every game must reopen at its last move, or at
  the one before when the kill came before the move's write had finished; none is ever lost.
- A wipe under an open game (the browser clears the site's data): the plain message, the open
  game saved again at once; a backup restored gives back every game, move by move.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

from conftest import BOOT_TIMEOUT_MS, READY, goto, moves_made, play_any_move, shot, start_saved_game
from serving import CHROMIUM_ARGS, PARTITIONED_STORAGE

GAMES = ["tower-battle", "towers-of-wyoming", "war-of-the-worlds", "tower-war"]
TRIALS = 30


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class KillableChromium:
    """Chromium started by hand on a profile folder, so that it can be killed outright."""

    def __init__(self, playwright, profile: Path):
        self.playwright, self.profile = playwright, profile
        self.process: subprocess.Popen | None = None
        self.browser = None

    def start(self):
        port = free_port()
        chromium = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
        args = [chromium, "--headless", f"--remote-debugging-port={port}", f"--user-data-dir={self.profile}", *CHROMIUM_ARGS]
        self.process = subprocess.Popen([*args, PARTITIONED_STORAGE, "about:blank"], start_new_session=True, stderr=subprocess.DEVNULL)
        for _ in range(200):
            try:
                self.browser = self.playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
                break
            except Exception:
                time.sleep(0.05)
        assert self.browser is not None, "Chromium did not start"
        return self.browser.contexts[0]

    def kill(self) -> None:
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.browser = None


def open_app(context, site, fragment: str = "#/"):
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(site.url + fragment)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    return page


def stored_moves(page, save_id: str) -> int | None:
    text = page.evaluate("k => twSaves.read(k)", f"tw:save:{save_id}")
    return None if text is None else len(json.loads(text)["moves"])


def test_a_killed_browser_keeps_every_game_at_its_last_move(playwright_session, site, tmp_path):
    rng = random.Random(20261128)
    chromium = KillableChromium(playwright_session, tmp_path / "profile")
    context = chromium.start()
    page = open_app(context, site)
    page.evaluate("twSaves.write('tw:settings', JSON.stringify({curtain: false}))")  # hot-seat on one screen: no hand-overs
    reload(page)
    for game in GAMES:
        start_saved_game(page, game, ["Ana", "Ben"], seed=11, save_id=f"crash-{game}")
    shown: dict[str, int] = {game: 0 for game in GAMES}
    outcomes = {"at the last move": 0, "at the move before": 0}
    delays = []
    for trial in range(TRIALS):
        game = GAMES[trial % len(GAMES)]
        goto(page, f"#/play/{game}/crash-{game}")
        page.locator("[data-screen='table']").wait_for(state="attached")
        assert moves_made(page) == shown[game]
        play_any_move(page)
        shown[game] = moves_made(page)
        delay = rng.uniform(0, 1)
        delays.append(delay)
        time.sleep(delay)
        chromium.kill()

        context = chromium.start()
        page = open_app(context, site)
        for other in GAMES:
            moves = stored_moves(page, f"crash-{other}")
            assert moves is not None, f"trial {trial + 1}: {other} was lost"
            assert moves in (shown[other], shown[other] - 1), f"trial {trial + 1}: {other} at move {moves}, shown at {shown[other]}"
            if other == game:
                outcomes["at the last move" if moves == shown[other] else "at the move before"] += 1
            shown[other] = moves
    chromium.kill()
    print(f"\ncrash test: {TRIALS} kills 0-1 s after a move: {outcomes}")
    assert sum(outcomes.values()) == TRIALS


WIPE = """async () => {  // what 'clear site data' does to a page's storage: every store emptied under it
  localStorage.clear();
  await new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase('towers-and-worlds');
    request.onsuccess = resolve;
    request.onerror = () => reject(request.error);
  });
}"""

HIDDEN = {"name": "Bot", "kind": "computer", "level": "easy"}


def play_some(page, game: str, save_id: str, moves: int) -> list:
    start_saved_game(page, game, ["Ana", "Ben"], seed=5, save_id=save_id)
    for _ in range(moves):
        play_any_move(page)
    return json.loads(page.evaluate("k => twSaves.read(k)", f"tw:save:{save_id}"))["moves"]


def reload(page) -> None:
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)


@pytest.fixture()
def curtain_off(app):
    """Hot-seat on one screen: no hand-overs between moves (settings are read at start)."""
    app.evaluate("twSaves.write('tw:settings', JSON.stringify({curtain: false}))")
    reload(app)
    yield app
    app.evaluate("twSaves.remove('tw:settings')")
    reload(app)


def test_a_wipe_is_told_the_open_game_saved_again_and_a_backup_brings_back_every_game(curtain_off, tmp_path):
    app = curtain_off
    played = {game: play_some(app, game, f"wipe-{game}", 3) for game in GAMES}
    goto(app, "#/settings")
    with app.expect_download() as download:
        app.click("#back-up-all")
    backup = tmp_path / "backup.json"
    download.value.save_as(backup)
    assert "Backed up 4 games" in app.inner_text(".notices")

    goto(app, "#/play/tower-battle/wipe-tower-battle")
    app.locator("[data-screen='table']").wait_for(state="attached")
    app.evaluate(WIPE)
    app.wait_for_selector(".notice:has-text('This browser cleared the app')")
    notice = app.inner_text(".notices")
    assert "deleted in another tab" not in notice
    assert app.locator(".notice a.button", has_text="Restore a backup").count() == 1
    app.wait_for_function("() => twSaves.read('tw:save:wipe-tower-battle') !== null")  # saved again at once
    play_any_move(app)
    assert len(json.loads(app.evaluate("twSaves.read('tw:save:wipe-tower-battle')"))["moves"]) == 4
    assert app.evaluate("twSaves.stored('tw:save:wipe-tower-battle')") is not None
    shot(app, "wipe-told-1024")
    for game in GAMES[1:]:
        assert app.evaluate("k => twSaves.read(k)", f"tw:save:wipe-{game}") is None

    goto(app, "#/settings")
    app.set_input_files("#restore-file", str(backup))
    app.wait_for_selector(".notice:has-text('Backup restored')")
    report = app.inner_text(".notices")
    assert "3 games added, 0 updated, 1 already here" in report, report  # Tower Battle is here further on than the backup
    for game in GAMES:
        record = json.loads(app.evaluate("k => twSaves.read(k)", f"tw:save:wipe-{game}"))
        expected = played[game] if game != "tower-battle" else record["moves"]
        assert record["moves"] == expected
        assert record["moves"][:3] == played[game]


def test_a_backup_with_a_hidden_hand_restores_move_by_move_and_a_damaged_one_changes_nothing(app, tmp_path):
    start_saved_game(app, "towers-of-wyoming", ["Ana", HIDDEN], seed=9, save_id="hot-hidden")
    play_any_move(app)
    app.wait_for_function("() => Number(document.querySelector('[data-screen=table]').dataset.moves) >= 2")  # the computer's reply too
    goto(app, "#/settings")
    with app.expect_download() as download:
        app.click("#back-up-all")
    path = tmp_path / "backup.json"
    download.value.save_as(path)
    saved = json.loads(app.evaluate("twSaves.read('tw:save:hot-hidden')"))
    data = json.loads(path.read_text())
    assert [g["id"] for g in data["games"]] == ["hot-hidden"]

    before = app.evaluate("JSON.stringify(twSaves.keys().sort().map(k => [k, twSaves.read(k)]))")
    rng = random.Random(7)
    text = path.read_text()
    for _ in range(6):  # the 2,000 mutations run in tests/ui/saves/test_backup.py; here, the page's own path
        i = rng.choice([i for i, c in enumerate(text) if not c.isspace()])  # (a space less reads the same)
        damaged = tmp_path / "damaged.json"
        damaged.write_text(text[:i] + rng.choice(["", "x", "9", '"', "}"]) + text[i + 1 :])
        app.set_input_files("#restore-file", str(damaged))
        app.wait_for_selector(".notice.error:has-text('Could not restore')")
        assert "Nothing was changed" in app.inner_text(".notice.error")
        assert app.evaluate("JSON.stringify(twSaves.keys().sort().map(k => [k, twSaves.read(k)]))") == before
        app.click(".notice.error button[aria-label='Dismiss']")

    app.evaluate("twSaves.clear()")
    goto(app, "#/")
    goto(app, "#/settings")
    app.set_input_files("#restore-file", str(path))
    app.wait_for_selector(".notice:has-text('Backup restored: 1 game added')")
    restored = json.loads(app.evaluate("twSaves.read('tw:save:hot-hidden')"))
    assert restored["moves"] == saved["moves"] and restored["seed"] == saved["seed"] and restored["seats"] == saved["seats"]
    goto(app, "#/play/towers-of-wyoming/hot-hidden")
    app.locator("[data-screen='table']").wait_for(state="attached")
    assert moves_made(app) == len(saved["moves"])


def test_the_table_says_saved_only_once_the_move_is_on_disk(app):
    start_saved_game(app, "war-of-the-worlds", ["Ana", "Ben"], seed=3, save_id="on-disk")
    said = "getComputedStyle(document.querySelector('.save-state'), '::before').content"
    for _ in range(3):
        play_any_move(app)
        app.wait_for_function("() => !document.documentElement.hasAttribute('data-saving')")
        assert "Saved in this browser" in app.evaluate(said)
        on_disk = json.loads(app.evaluate("twSaves.stored('tw:save:on-disk')"))
        assert len(on_disk["moves"]) == moves_made(app)
    app.evaluate("document.documentElement.setAttribute('data-saving', '1')")  # as while a write is under way
    assert "Saving" in app.evaluate(said)
    app.evaluate("document.documentElement.removeAttribute('data-saving')")


SEED_OLD_VERSION = """([records]) => {  // what the last version left in localStorage, once per context
  if (sessionStorage.getItem('seeded')) return;
  sessionStorage.setItem('seeded', '1');
  for (const [k, v] of Object.entries(records)) localStorage.setItem(k, v);
}"""


def test_saves_an_older_version_left_in_local_storage_move_to_indexeddb_unseen(browser, site):
    old = {
        "format": "towers-and-worlds-save",
        "version": 2,
        "game": "war-of-the-worlds",
        "options": {},
        "seed": 4,
        "saved_at": 1_700_000_000,
    }
    records = {
        "tw:save:from-before": json.dumps(dict(old, seats=[{"name": "Ana"}, {"name": "Ben"}], moves=[], name="From before")),
        "tw:settings": json.dumps({"names": ["Ana", "Ben"]}),
    }
    context = browser.new_context(service_workers="block")
    context.add_init_script(f"({SEED_OLD_VERSION})([{json.dumps(records)}]);")
    page = context.new_page()
    page.goto(site.url + "#/")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert "From before" in page.inner_text(".saved-list")
    assert json.loads(page.evaluate("twSaves.stored('tw:save:from-before')"))["name"] == "From before"
    assert json.loads(page.evaluate("twSaves.stored('tw:settings')"))["names"] == ["Ana", "Ben"]
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tw:'))") == []
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("twSaves.kind") == "indexeddb" and "From before" in page.inner_text(".saved-list")
    context.close()
