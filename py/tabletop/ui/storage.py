"""Saved games and settings in the browser's localStorage, and what happens when it fails.

Browser-free: the store talks to a backend with ``get/set/remove/keys`` (a dict in
tests, ``localStorage`` in the page), so every failure path is tested under CPython.

- Every record is one key (``tw:save:<id>``); a bad record never touches the others.
- A record that cannot be read is set aside under ``tw:aside:<id>`` with the reason,
  and the app says so; nothing is deleted silently.
- A full store raises ``StorageFull`` for the caller to report; the game goes on in memory.
- A backend that throws on access (private modes, blocked third-party storage) turns
  saves off: ``Store.available`` is False and the UI says so once.
"""

from __future__ import annotations

import builtins
import json
import time
from collections.abc import Mapping
from typing import Any, Protocol

from tabletop.engine.errors import SaveError
from tabletop.engine.saves import MAX_SAVE_BYTES, parse_save

SAVE_PREFIX = "tw:save:"
ASIDE_PREFIX = "tw:aside:"
SETTINGS_KEY = "tw:settings"


class StorageFull(Exception):
    """The browser refused to store more."""


def oversized_file(size: int) -> SaveError | None:
    """The error for a file too large to be a save, judged by its size alone, so a huge
    file is refused before the browser reads (and Python copies) its contents."""
    if size <= MAX_SAVE_BYTES:
        return None
    return SaveError("too-large", f"the file is too large to be a save ({size // 1024} KB; the limit is {MAX_SAVE_BYTES // 1024} KB)")


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
    """Saved games and settings on top of a backend."""

    def __init__(self, backend: Backend | None, games: Mapping[str, Any]):
        self.games = games
        self.available = backend is not None
        self.backend: Backend = backend if backend is not None else MemoryBackend()
        self.problems: list[str] = []  # messages about records set aside, for the UI to show

    # -- settings
    def settings(self) -> dict[str, Any]:
        try:
            data = json.loads(self.backend.get(SETTINGS_KEY) or "{}")
            return data if isinstance(data, dict) else {}
        except ValueError:
            return {}

    def save_settings(self, settings: dict[str, Any]) -> None:
        self.backend.set(SETTINGS_KEY, json.dumps(settings))

    # -- saved games
    def put(self, record: dict[str, Any]) -> None:
        """Write one game's record (autosave or named slot). May raise StorageFull."""
        record = dict(record, saved_at=record.get("saved_at") or time.time())
        try:
            self.backend.set(SAVE_PREFIX + record["id"], json.dumps(record))
        except StorageFull:
            raise
        except Exception as exc:  # browsers raise QuotaExceededError as a JS exception
            raise StorageFull(str(exc)) from None

    def delete(self, save_id: str) -> None:
        self.backend.remove(SAVE_PREFIX + save_id)

    def get(self, save_id: str) -> dict[str, Any] | None:
        text = self.backend.get(SAVE_PREFIX + save_id)
        if text is None:
            return None
        try:
            return self._checked(save_id, text)
        except SaveError as exc:
            self.set_aside(save_id, text, exc)
            return None

    def _checked(self, save_id: str, text: str) -> dict[str, Any]:
        record = parse_save(text, self.games)
        record["id"] = save_id
        return record

    def list(self) -> list[dict[str, Any]]:
        """Every readable saved game, newest first; unreadable ones are set aside."""
        records = []
        for key in sorted(self.backend.keys()):
            if not key.startswith(SAVE_PREFIX):
                continue
            save_id = key[len(SAVE_PREFIX):]
            text = self.backend.get(key)
            if text is None:
                continue
            try:
                records.append(self._checked(save_id, text))
            except SaveError as exc:
                self.set_aside(save_id, text, exc)
        records.sort(key=lambda r: -float(r.get("saved_at") or 0))
        return records

    def set_aside(self, save_id: str, text: str, error: SaveError) -> None:
        """Move a bad record out of the way, keeping its text and the reason."""
        aside = {"reason": str(error), "problem": error.problem, "text": text, "at": time.time()}
        try:
            self.backend.set(f"{ASIDE_PREFIX}{save_id}", json.dumps(aside))
            self.backend.remove(SAVE_PREFIX + save_id)
        except Exception:  # if even that fails, leave the record where it is
            pass
        self.problems.append(f"A saved game could not be read and was set aside: {error}")

    def set_aside_records(self) -> builtins.list[dict[str, Any]]:  # `list` here is Store.list
        out = []
        for key in self.backend.keys():
            if key.startswith(ASIDE_PREFIX):
                try:
                    out.append(dict(json.loads(self.backend.get(key) or "{}"), key=key))
                except ValueError:
                    out.append({"key": key, "reason": "unreadable"})
        return out
