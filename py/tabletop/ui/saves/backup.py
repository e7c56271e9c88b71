"""Every game in one file, and back: "Back up all games" and "Restore a backup" (Settings).

A browser can wipe a site's storage (Safari after 7 days unused, "clear site data", eviction);
a backup file is how games outlive that. Browser-free, so every path is tested under CPython.

- A backup holds every stored game (in progress, finished, kept copies) with its id, and the
  settings (names, seats, flags). A checksum over that content makes a damaged or edited file a
  refused one as a whole: a backup is restored entirely or not at all.
- Reading is as strict as a save's: size, JSON (no key twice), shape, each game by ``parse_save``
  and then every move replayed by the rules. Any fault refuses the file with one line, before
  anything is stored.
- Restoring merges: a game already here (same id, game, seed and players, one's moves a prefix of
  the other's) keeps the copy with more moves; a game not here is added; a different game under a
  used id is added under a new id. Settings fill in only what is not set here.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.engine.errors import SaveError
from tabletop.engine.rng import ChanceAwaited
from tabletop.engine.saves import EXPORT_WARNING, load_json, parse_save, replay
from tabletop.engine.words import some
from tabletop.ui.saves.storage import FLAG_SETTINGS, SAVE_ID, Store, clean_settings, oversized_file
from tabletop.ui.table.session import joint_chance

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule

FORMAT = "towers-and-worlds-backup"
VERSION = 1
MAX_BACKUP_BYTES = 24 * 1024 * 1024
MAX_BACKUP_GAMES = 2000
REMIND_AFTER_S = 14 * 24 * 3600  # Home's reminder: the newest backup is older than this
KEPT_FIELDS = ("id", "revision", "saved_at", "name", "kept", "played_again")  # a record's own fields beyond the save's


def checksum(content: Mapping[str, Any]) -> str:
    """SHA-256 of the file's content but the checksum itself, as canonical JSON: any change shows."""
    import hashlib  # here: Home reads this module at start, and hashlib is not in the start-up library

    text = json.dumps({k: v for k, v in content.items() if k != "checksum"}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def make_backup(store: Store, settings: Mapping[str, Any], now: float | None = None) -> dict[str, Any]:
    """The file's content: every readable stored game and the settings, with their checksum."""
    games = [dict(record) for record in store.list()]
    made_at = round(time.time() if now is None else now, 3)
    content = {
        "format": FORMAT,
        "version": VERSION,
        "warning": EXPORT_WARNING,
        "made_at": made_at,
        "games": games,
        "settings": dict(settings),
    }
    return {**content, "checksum": checksum(content)}


def backup_filename(now: float | None = None) -> str:
    return time.strftime("towers-and-worlds-backup-%Y%m%d-%H%M.json", time.localtime(time.time() if now is None else now))


@dataclass
class Backup:
    """A backup read and checked: its games (each with its id) and settings."""

    games: list[dict[str, Any]]
    settings: dict[str, Any]
    made_at: float


def read_backup(text: str | bytes, games: Mapping[str, GameModule]) -> Backup:
    """The backup in ``text``, every part checked; SaveError saying what is wrong otherwise."""
    too_large = oversized_file(len(text.encode() if isinstance(text, str) else text), MAX_BACKUP_BYTES, "a backup")
    if too_large is not None:
        raise too_large
    data = load_json(text, "the file")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("foreign", "this file is not a Towers & Worlds backup")
    if data.get("version") != VERSION:
        raise SaveError("corrupt", "this backup was made by a version of the app that this one cannot read")
    records, settings, made_at = data.get("games"), data.get("settings"), data.get("made_at")
    if not isinstance(records, list) or not isinstance(settings, dict) or len(records) > MAX_BACKUP_GAMES:
        raise SaveError("corrupt", "the backup's list of games is unreadable")
    if isinstance(made_at, bool) or not isinstance(made_at, (int, float)):
        raise SaveError("corrupt", "the backup does not say when it was made")
    if data.get("checksum") != checksum(data):
        raise SaveError("corrupt", "the backup was changed or damaged since it was made (its checksum does not match)")
    checked = [checked_game(record, i, games) for i, record in enumerate(records)]
    ids = [record["id"] for record in checked]
    if len(set(ids)) != len(ids):
        raise SaveError("corrupt", "the backup holds two games under one id")
    cleaned, wrong = clean_settings(settings)
    if wrong:
        raise SaveError("corrupt", f"the backup's settings are unreadable ({', '.join(wrong)})")
    return Backup(checked, cleaned, float(made_at))


def checked_game(record: Any, index: int, games: Mapping[str, GameModule]) -> dict[str, Any]:
    """One game of a backup, checked as a save is (shape, then every move by the rules), with its id."""
    where = f"game {index + 1} of the backup"
    if not isinstance(record, dict):
        raise SaveError("corrupt", f"{where} is not a saved game")
    save_id = record.get("id")
    if not isinstance(save_id, str) or not SAVE_ID.fullmatch(save_id):
        raise SaveError("corrupt", f"{where} has no id this app makes")
    try:
        cleaned = parse_save(record, games)
        replay(games[cleaned["game"]], cleaned, chance=joint_chance(cleaned))
    except ChanceAwaited:
        pass  # a game by link whose deal waits for the friend's first link: checked as far as it goes
    except SaveError as exc:
        raise SaveError(exc.problem, f"{where}: {exc}") from None
    except Exception as exc:  # a check that failed refuses the file all the same, never half of it
        raise SaveError("corrupt", f"{where} could not be checked ({type(exc).__name__})") from None
    cleaned["id"] = save_id
    return cleaned


@dataclass
class Restored:
    """What a restore did, for its report."""

    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    settings: list[str] = field(default_factory=list)

    def report(self) -> str:
        parts = [f"{some(len(self.added), 'game')} added", f"{len(self.updated)} updated", f"{len(self.skipped)} already here"]
        said = "Backup restored: " + ", ".join(parts) + "."
        if self.settings:
            said += f" Settings filled in: {', '.join(self.settings)}."
        return said


def same_game(here: Mapping[str, Any], there: Mapping[str, Any]) -> bool:
    """The same game at two moments: same game, deal and number of players, and one's moves
    the start of the other's."""
    if (here["game"], here["seed"], len(here["seats"]), here["options"]) != (
        there["game"],
        there["seed"],
        len(there["seats"]),
        there["options"],
    ):
        return False
    shorter, longer = sorted((list(here["moves"]), list(there["moves"])), key=len)
    return longer[: len(shorter)] == shorter


def restore(store: Store, settings: dict[str, Any], backup: Backup, new_id: Any) -> Restored:
    """Merge ``backup`` into the store and ``settings`` (changed in place); StorageFull may stop it
    part way (what was written stays, each game whole)."""
    done = Restored()
    for record in backup.games:
        title = record.get("name") or record["game"]
        here = store.get(record["id"])
        if here is None:
            store.put(dict(record, revision=record.get("revision", 0)))
            done.added.append(title)
        elif same_game(here, record):
            if len(record["moves"]) > len(here["moves"]):
                store.put(dict(record, revision=max(here.get("revision", 0), record.get("revision", 0)) + 1))
                done.updated.append(title)
            else:
                done.skipped.append(title)
        else:
            store.put(dict(record, id=new_id(), revision=0))
            done.added.append(title)
    for key, label in (("names", "player names"), ("seats", "who plays each seat"), *FLAG_SETTINGS):
        if key in backup.settings and key not in settings:
            settings[key] = backup.settings[key]
            done.settings.append(label)
    return done


def remind(saves: Any, settings: Mapping[str, Any], now: float | None = None) -> bool:
    """Home's quiet reminder: storage the browser may clear, games in progress, and no backup in
    the last 14 days (``saves``: the Store, or a screen's SavesView of it)."""
    if saves.persistent or not saves.available:
        return False
    now = time.time() if now is None else now
    last = settings.get("backed_up_at")
    if isinstance(last, (int, float)) and now - last <= REMIND_AFTER_S:
        return False
    return any(not record.get("finished") and not record.get("kept") for record in saves.list())


def keeping_words(persistent: bool | None) -> str:
    """What the browser's keeping of storage means for the games, in a sentence or two."""
    if persistent:
        return "This browser keeps the app's storage for good: it will not clear your games to make room."
    if persistent is None:
        return "This browser does not say whether it keeps the app's storage. A backup file keeps your games safe."
    return (
        "This browser may clear the app's storage: when it runs short of room, when its data is cleared, or (Safari) "
        "after 7 days without a visit unless the app is on the Home Screen. A backup file keeps your games safe."
    )
