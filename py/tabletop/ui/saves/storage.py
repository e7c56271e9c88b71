"""Saved games and settings in the browser (IndexedDB through static/js/saves.js, else localStorage), and what happens when it fails.

Browser-free: the store talks to a backend with ``get/set/remove/keys`` (a dict in
tests, ``localStorage`` in the page), so every failure path is tested under CPython.

- Every record is one key (``tw:save:<id>``); a bad record never touches the others.
- Every record read is checked field by field (parse_save, clean_settings): anything
  another page of the same site, an old version or a damaged disk left there is only data.
- A record that cannot be read is set aside under ``tw:aside:<id>`` with the reason,
  and the app says so, once; nothing is deleted silently. When storage is too full even
  for that, the record stays in place and the message says so.
- A full store raises ``StorageFull`` for the caller to report; the game goes on in memory.
- A backend that throws on access (private modes, blocked third-party storage) turns
  saves off: ``Store.available`` is False and the UI says so once.
- A game this app deletes leaves a small marker (``tw:gone:<id>``, its time), so a record found
  missing tells apart "a tab of this app deleted it" from "the browser wiped storage".
"""

from __future__ import annotations

import builtins
import json
import re
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from tabletop.engine.errors import SaveError
from tabletop.engine.names import clean_name
from tabletop.engine.saves import MAX_SAVE_BYTES, check_time, load_json, parse_save
from tabletop.levels import LEVELS

if TYPE_CHECKING:
    from tabletop.engine.protocol import Facts

SAVE_PREFIX = "tw:save:"
ASIDE_PREFIX = "tw:aside:"
GONE_PREFIX = "tw:gone:"
GONE_KEPT_S = 90 * 24 * 3600  # how long a deletion's marker is kept (a tab left open longer is rare)
SETTINGS_KEY = "tw:settings"
FLAG_SETTINGS = (  # on/off settings, with their names for people
    ("reduce_motion", "reduce motion"),
    ("curtain", "hide hands"),
    ("face_to_face", "face to face"),
    ("home_screen_note_seen", "the Home Screen note was read"),
)
SAVE_ID = re.compile(r"[A-Za-z0-9_-]{1,80}")  # what new_id makes (the id shows in the address bar)


class StorageFull(Exception):
    """The browser refused to store more."""


def oversized_file(size: int, limit: int = MAX_SAVE_BYTES, what: str = "a save") -> SaveError | None:
    """The error for a file too large to be ``what`` (a save, a backup), judged by its size alone,
    so a huge file is refused before the browser reads (and Python copies) its contents."""
    if size <= limit:
        return None
    return SaveError("too-large", f"the file is too large to be {what} ({size // 1024} KB; the limit is {limit // 1024} KB)")


class Backend(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...
    def keys(self) -> list[str]: ...


class MemoryBackend:
    """A dict standing in for localStorage (tests, and the page when storage is blocked)."""

    def __init__(self, data: dict[str, Any] | None = None, quota: int | None = None):
        self.data = dict(data or {})
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFull("quota exceeded")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


class Store:
    """Saved games and settings on top of a backend.

    ``available`` is False when the browser refuses storage (saves off); ``full`` is True
    when it reads but refuses more (saves still listed and opened, new ones not kept)."""

    def __init__(self, backend: Backend | None, games: Mapping[str, Facts], full: bool = False):
        self.games = games
        self.available = backend is not None
        self.full = full
        self.backend: Backend = backend if backend is not None else MemoryBackend()
        self.persistent: bool | None = None  # the browser promised to keep this storage (None: it does not say)
        self.problems: list[str] = []  # messages about records set aside, for the UI to show (once)
        self.stuck: dict[str, str] = {}  # key -> why: unreadable records that could not be moved aside
        self._told: dict[str, int] = {}  # key -> hash of the text already reported, so each is reported once

    # -- settings
    def settings(self) -> dict[str, Any]:
        """The saved settings, each checked; an unreadable one is set aside and the rest kept."""
        text = self.backend.get(SETTINGS_KEY)
        if text is None:
            return {}
        try:
            data = load_json(text, "the settings record")
            if not isinstance(data, dict):
                raise SaveError("corrupt", "the settings record is not a set of settings")
        except SaveError as exc:
            self._set_aside(SETTINGS_KEY, "settings", text, exc, "Your settings could not be read and were set aside")
            return {}
        settings, wrong = clean_settings(data)
        if wrong:
            error = SaveError("corrupt", f"unreadable {', '.join(wrong)}")
            self._set_aside(SETTINGS_KEY, "settings", text, error, "Some settings could not be read and were set aside", keep=True)
            if SETTINGS_KEY not in self.stuck:
                try:
                    self.save_settings(settings)
                except StorageFull:
                    pass
        return settings

    def save_settings(self, settings: dict[str, Any]) -> None:
        try:
            self.backend.set(SETTINGS_KEY, json.dumps(settings))
        except StorageFull:
            self.full = True
            raise

    # -- saved games
    def put(self, record: dict[str, Any]) -> None:
        """Write one game's record (autosave or named slot). May raise StorageFull."""
        record = dict(record, saved_at=record.get("saved_at") or time.time())
        try:
            self.backend.set(SAVE_PREFIX + record["id"], json.dumps(record))
        except Exception as exc:  # browsers raise QuotaExceededError as a JS exception
            self.full = True
            raise StorageFull(str(exc)) from None
        if not getattr(self.backend, "refuses_later", False):  # (a refusal that comes later is told later: App._saves_news)
            self.full = False
        if self.backend.get(GONE_PREFIX + record["id"]) is not None:  # a deleted game back (a backup restored)
            self.backend.remove(GONE_PREFIX + record["id"])

    def revision(self, save_id: str) -> int:
        """The stored revision of a saved game (0 if none): another tab that stored the game
        since this one read it has raised it."""
        text = self.backend.get(SAVE_PREFIX + save_id)
        if text is None:
            return 0
        try:
            data = load_json(text, "the save")
        except SaveError:
            return 0
        value = data.get("revision") if isinstance(data, dict) else None
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def delete(self, save_id: str) -> None:
        """Delete a saved game, leaving the marker that says this app deleted it."""
        self.backend.remove(SAVE_PREFIX + save_id)
        self.stuck.pop(SAVE_PREFIX + save_id, None)
        self.recheck_room()
        try:
            self.backend.set(GONE_PREFIX + save_id, str(round(time.time())))
        except Exception:  # no room even for the marker: a later save of it would be taken for a wipe
            pass

    def deleted_here(self, save_id: str) -> bool:
        """Whether a tab of this app deleted the game (its marker is there): a record gone without
        one was wiped by the browser."""
        return self.backend.get(GONE_PREFIX + save_id) is not None

    def forget_old_deletions(self, now: float | None = None) -> None:
        """Drop deletion markers older than GONE_KEPT_S (each is a few bytes, but they add up)."""
        now = time.time() if now is None else now
        for key in self.backend.keys():
            if key.startswith(GONE_PREFIX):
                text = self.backend.get(key) or ""
                if not text.isdigit() or now - int(text) > GONE_KEPT_S:
                    self.backend.remove(key)

    def get(self, save_id: str) -> dict[str, Any] | None:
        text = self.backend.get(SAVE_PREFIX + save_id)
        if text is None or SAVE_PREFIX + save_id in self.stuck:
            return None
        return self._read(save_id, text)

    def _read(self, save_id: str, text: str) -> dict[str, Any] | None:
        """One record checked field by field, or None (and set aside) when anything is wrong."""
        try:
            if not SAVE_ID.fullmatch(save_id):
                raise SaveError("corrupt", "it is stored under a name this app does not use")
            record = parse_save(text, self.games)
        except SaveError as exc:
            self.set_aside(save_id, text, exc)
            return None
        except Exception as exc:  # a check that itself failed: the record is still unreadable, not the app
            self.set_aside(save_id, text, SaveError("corrupt", f"it could not be checked ({type(exc).__name__})"))
            return None
        record["id"] = save_id
        return record

    def list(self) -> list[dict[str, Any]]:
        """Every readable saved game, newest first; unreadable ones are set aside."""
        records = []
        for key in sorted(self.backend.keys()):
            if not key.startswith(SAVE_PREFIX) or key in self.stuck:
                continue
            text = self.backend.get(key)
            record = None if text is None else self._read(key[len(SAVE_PREFIX) :], text)
            if record is not None:
                records.append(record)
        records.sort(key=lambda r: -r.get("saved_at", 0.0))
        return records

    def set_aside(self, save_id: str, text: str, error: SaveError) -> None:
        """Move a bad saved game out of the way, keeping its text and the reason."""
        self._set_aside(SAVE_PREFIX + save_id, save_id, text, error, "A saved game could not be read and was set aside")

    def _set_aside(self, key: str, aside_id: str, text: str, error: SaveError, told: str, keep: bool = False) -> None:
        """Copy ``text`` to ``tw:aside:<aside_id>`` with the reason and remove ``key`` (unless
        ``keep``: the caller rewrites it). If storage is too full for the copy, the record stays
        where it is and the message says so; each record's trouble is reported once."""
        aside = {"reason": str(error), "problem": error.problem, "text": text, "at": time.time()}
        try:
            self.backend.set(ASIDE_PREFIX + aside_id, json.dumps(aside))
        except Exception:
            self.full = True
            self.stuck[key] = str(error)
            message = (
                f"{told.split(' and ')[0]}: {error}. Storage is too full to set it aside, so it stays where it is "
                f"({size_text(len(text))}); delete it below to make room."
            )
        else:
            if not keep:
                self.backend.remove(key)
            message = f"{told}: {error}"
        if self._told.get(key) != hash(text):
            self._told[key] = hash(text)
            self.problems.append(message)

    def forget(self, key: str) -> None:
        """Delete a set-aside (or stuck) record for good."""
        self.backend.remove(key)
        self.stuck.pop(key, None)
        self.recheck_room()

    def recheck_room(self) -> None:
        """After a deletion, whether there is room again (the probe the page starts with)."""
        if not self.full:
            return
        try:
            self.backend.set("tw:probe", "1")
            self.backend.remove("tw:probe")
        except Exception:
            return
        self.full = False

    def set_aside_records(self) -> builtins.list[dict[str, Any]]:  # `list` here is Store.list
        """What was set aside, each as {key, reason, size}, and stuck records too (their key
        is a save's): the text itself is never shown, only offered for download."""
        out = [{"key": key, "reason": reason, "size": len(self.backend.get(key) or "")} for key, reason in self.stuck.items()]
        for key in sorted(self.backend.keys()):
            if not key.startswith(ASIDE_PREFIX):
                continue
            text = self.backend.get(key) or ""
            try:
                data = load_json(text, "the record")
                reason = data.get("reason") if isinstance(data, dict) else None
            except SaveError:
                reason = None
            reason = reason[:200] if isinstance(reason, str) else "a record of unknown content"
            out.append({"key": key, "reason": reason, "size": len(text)})
        return out

    def record_text(self, key: str) -> str:
        """A damaged record's own text: for a set-aside one, the text it was set aside with."""
        text = self.backend.get(key) or ""
        if key.startswith(ASIDE_PREFIX):
            try:
                data = load_json(text, "the record")
            except SaveError:
                return text
            if isinstance(data, dict) and isinstance(data.get("text"), str):
                return str(data["text"])
        return text

    def usage(self) -> dict[str, int]:
        """Characters stored, split into saved games, set-aside records and everything else
        (other pages of the same site share this storage)."""
        used = {"saves": 0, "aside": 0, "other": 0}
        for key in self.backend.keys():
            size = len(key) + len(self.backend.get(key) or "")
            damaged = key.startswith(ASIDE_PREFIX) or key in self.stuck
            kind = "aside" if damaged else "saves" if key.startswith(SAVE_PREFIX) else "other"
            used[kind] += size
        return used


def clean_settings(data: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The settings the app knows, each of the right type, and the names of those that were not."""
    settings: dict[str, Any] = {}
    wrong = []
    names = data.get("names")
    if names is not None:
        if isinstance(names, list) and len(names) <= 8 and all(isinstance(n, str) for n in names):
            settings["names"] = [clean_name(n) for n in names]
        else:
            wrong.append("player names")
    seats = data.get("seats")  # who played each seat of the last game started: "human" or a computer level
    if seats is not None:
        if isinstance(seats, list) and len(seats) <= 8 and all(s in ("human", *LEVELS) for s in seats):
            settings["seats"] = list(seats)
        else:
            wrong.append("who plays each seat")
    if "backed_up_at" in data:  # when "Back up all games" last made a file (Home's reminder)
        try:
            settings["backed_up_at"] = check_time(data["backed_up_at"])
        except SaveError:
            wrong.append("the time of the last backup")
    for key, label in FLAG_SETTINGS:
        if key in data:
            if isinstance(data[key], bool):
                settings[key] = data[key]
            else:
                wrong.append(f"“{label}”")
    return settings, wrong


def size_text(chars: int) -> str:
    """A record's size for people (localStorage counts characters; near enough to bytes)."""
    if chars >= 1_000_000:
        return f"{chars / 1_000_000:.1f} MB"
    return f"{max(1, round(chars / 1000)) if chars else 0} KB"
