"""Backups (ui/saves/backup.py) and what a store says of a game found missing (wiped or deleted here)."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.engine.errors import SaveError
from tabletop.engine.saves import new_save
from tabletop.games import GAMES, REGISTRY
from tabletop.ui.saves.backup import FORMAT, checksum, make_backup, read_backup, remind, restore
from tabletop.ui.saves.storage import GONE_KEPT_S, GONE_PREFIX, SAVE_PREFIX, MemoryBackend, Store
from tabletop.ui.shell.notices import Notices
from tabletop.ui.table.current_game import STORAGE_FULL, STORAGE_WIPED, CurrentGame

WOTW = GAMES["war-of-the-worlds"]
DAY = 24 * 3600


def played(moves: int, seed: int = 9) -> dict:
    state = WOTW.new_game(2, {}, seed)
    out = []
    for _ in range(moves):
        move = WOTW.legal_moves(state)[0]
        out.append(WOTW.move_to_json(move))
        state = WOTW.apply(state, move)
    return new_save("war-of-the-worlds", {}, [{"name": "Ana"}, {"name": "Ben"}], seed, out)


def store_with(**records: dict) -> Store:
    store = Store(MemoryBackend(), GAMES)
    for save_id, record in records.items():
        store.put(dict(record, id=save_id, saved_at=1_700_000_000))
    return store


def text_of(backup: dict) -> str:
    return json.dumps(backup, indent=1)


def test_a_backup_holds_every_game_and_the_settings_and_reads_back_the_same():
    store = store_with(a=played(3), b=played(0, seed=4), c=dict(played(2), kept=True, name="Kept"))
    data = make_backup(store, {"names": ["Ana", "Ben"], "curtain": False}, now=1_800_000_000)
    assert data["format"] == FORMAT and sorted(g["id"] for g in data["games"]) == ["a", "b", "c"]
    backup = read_backup(text_of(data), GAMES)
    assert {g["id"]: g["moves"] for g in backup.games} == {"a": played(3)["moves"], "b": [], "c": played(2)["moves"]}
    assert backup.settings == {"names": ["Ana", "Ben"], "curtain": False}
    assert [g.get("kept") for g in backup.games if g["id"] == "c"] == [True]


def test_restore_merges_adds_brings_on_and_skips_and_says_so():
    old = store_with(a=played(3), b=played(1, seed=4))
    data = make_backup(old, {"names": ["Zoe"]})
    here = store_with(a=played(1), b=played(2, seed=4), other=dict(played(0, seed=8)))
    settings: dict = {"curtain": False}
    done = restore(here, settings, read_backup(text_of(data), GAMES), lambda: "new-id")
    assert here.get("a")["moves"] == played(3)["moves"]  # the backup had more moves: it wins
    assert here.get("b")["moves"] == played(2, seed=4)["moves"]  # here had more: kept
    assert (done.added, len(done.updated), len(done.skipped)) == ([], 1, 1)
    assert settings == {"curtain": False, "names": ["Zoe"]}
    assert done.report() == "Backup restored: no games added, 1 updated, 1 already here. Settings filled in: player names."
    assert here.get("a")["revision"] == 1  # above the stored one (none): a tab holding the old copy sees it moved on


def test_a_different_game_under_a_used_id_is_added_beside_it():
    data = make_backup(store_with(a=played(2, seed=1)), {})
    here = store_with(a=played(2, seed=2))
    done = restore(here, {}, read_backup(text_of(data), GAMES), lambda: "fresh")
    assert len(done.added) == 1 and here.get("a")["seed"] == 2 and here.get("fresh")["seed"] == 1


def test_a_deleted_game_restored_loses_its_deletion_marker():
    store = store_with(a=played(1))
    data = make_backup(store, {})
    store.delete("a")
    assert store.deleted_here("a")
    restore(store, {}, read_backup(text_of(data), GAMES), lambda: "x")
    assert store.get("a") is not None and not store.deleted_here("a")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format="towers-and-worlds-save"), "not a Towers & Worlds backup"),
        (lambda d: d.update(version=9), "cannot read"),
        (lambda d: d["games"][0].update(seed=10), "checksum"),
        (lambda d: d.update(games="all"), "list of games"),
    ],
)
def test_a_changed_backup_is_refused_whole(change, words):
    data = make_backup(store_with(a=played(2)), {})
    change(data)
    with pytest.raises(SaveError, match=words):
        read_backup(text_of(data), GAMES)


def test_an_illegal_move_is_refused_even_with_a_good_checksum():
    data = make_backup(store_with(a=played(2)), {})
    data["games"][0]["moves"][1] = data["games"][0]["moves"][0]  # the same cell twice
    data["checksum"] = checksum(data)
    with pytest.raises(SaveError, match="game 1 of the backup: move 2"):
        read_backup(text_of(data), GAMES)


def test_two_thousand_mutations_are_each_refused_and_a_respaced_file_reads_the_same():
    """Each of 2,000 damages to a backup's characters (a character dropped, replaced or added; its
    spacing aside) refuses the whole file with a SaveError and nothing else; the same file spaced
    otherwise reads exactly as before."""
    store = store_with(a=played(4), b=dict(played(2, seed=3), name="Zoe's"))
    data = make_backup(store, {"names": ["Ana"]}, now=1_800_000_000)
    text = text_of(data)
    original = read_backup(text, GAMES)
    again = read_backup(json.dumps(data, separators=(",", ":")), GAMES)
    assert (again.games, again.settings, again.made_at) == (original.games, original.settings, original.made_at)
    spots = [i for i, c in enumerate(text) if not c.isspace()]
    rng = random.Random(31)
    refused = 0
    for _ in range(2000):
        i = rng.choice(spots)
        kind = rng.randrange(3)
        piece = rng.choice(['"', "}", "]", ",", "0", "9", "x", "\\", "ÿ", "{", "null"])
        damaged = text[:i] + ("" if kind == 0 else piece) + text[i + (kind != 2) :]
        if damaged == text:
            continue
        with pytest.raises(SaveError):
            read_backup(damaged, GAMES)
        refused += 1
    assert refused > 1900


def test_the_reminder_wants_storage_that_may_be_cleared_games_in_progress_and_no_recent_backup():
    store = store_with(a=played(1))
    now = 1_800_000_000
    assert remind(store, {}, now=now)
    assert not remind(store, {"backed_up_at": now - 3 * DAY}, now=now)
    assert remind(store, {"backed_up_at": now - 15 * DAY}, now=now)
    store.persistent = True
    assert not remind(store, {}, now=now)
    assert not remind(store_with(k=dict(played(1), kept=True)), {}, now=now)


def at_table(store: Store, save_id: str) -> CurrentGame:
    game = CurrentGame(store, lambda: GAMES, Notices())
    assert game.open(save_id) is None
    return game


def test_a_game_missing_without_a_deletion_marker_was_wiped_and_is_saved_again():
    store = store_with(w=played(1))
    game = at_table(store, "w")
    game.play(WOTW.legal_moves(game.session.state)[0])
    store.backend.data.clear()  # the browser cleared the site's storage
    game.play(WOTW.legal_moves(game.session.state)[0])
    assert ("wiped", STORAGE_WIPED) in game.notices.items
    assert game.deleted_elsewhere is None
    assert len(store.get("w")["moves"]) == 3


def test_a_game_deleted_by_another_tab_is_held_not_saved():
    store = store_with(d=played(1))
    game = at_table(store, "d")
    game.play(WOTW.legal_moves(game.session.state)[0])
    Store(store.backend, GAMES).delete("d")  # another tab's store, on the same storage
    game.play(WOTW.legal_moves(game.session.state)[0])
    assert game.deleted_elsewhere == "d" and store.get("d") is None
    assert not any(kind == "wiped" for kind, _ in game.notices.items)


def test_old_deletion_markers_are_forgotten():
    store = store_with()
    store.backend.set(GONE_PREFIX + "old", str(1_000_000))
    store.backend.set(GONE_PREFIX + "new", str(1_000_000 + GONE_KEPT_S - 5))
    store.backend.set(GONE_PREFIX + "junk", "soon")
    store.backend.set(SAVE_PREFIX + "kept", json.dumps(dict(played(0), id="kept")))
    store.forget_old_deletions(now=1_000_000 + GONE_KEPT_S + 1)
    assert sorted(store.backend.keys()) == [GONE_PREFIX + "new", SAVE_PREFIX + "kept"]


def test_the_catalogue_and_the_games_agree_for_backups():
    assert set(REGISTRY) == set(GAMES)


def test_a_refusal_is_said_once_as_a_full_disk_or_in_the_browsers_words():
    game = at_table(store_with(r=played(1)), "r")
    assert game.storage_full("QuotaExceededError") and not game.storage_full("QuotaExceededError")
    assert [text for kind, text in game.notices.items if kind == "error"] == [STORAGE_FULL]
    other = at_table(store_with(r=played(1)), "r")
    assert other.storage_full("UnknownError")
    assert "refused the game (UnknownError)" in other.notices.items[-1][1]
