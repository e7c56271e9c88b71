"""Save files: ``{format, version, game, options, seats, seed, moves[]}``.

A save holds no game state, only what is needed to replay it: loading replays
every move through the rules, so a tampered file is caught by the rules
themselves. ``seats`` lists who sits where (name, and "human" or "computer" with a
level); the game itself only needs their number.

>>> s = new_save("tower-battle", {}, [{"name": "Ana"}, {"name": "Ben"}], seed=7)
>>> s["format"], s["version"], s["seats"][1]
('towers-and-worlds-save', 1, {'name': 'Ben', 'kind': 'human', 'level': None})
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from tabletop.engine.errors import IllegalMove, SaveError

FORMAT = "towers-and-worlds-save"
VERSION = 1
MAX_SAVE_BYTES = 512 * 1024
MAX_NAME_LENGTH = 40
SEAT_KINDS = ("human", "computer")

# version -> function upgrading a save of that version to version + 1.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def clean_seat(seat: Any, index: int) -> dict[str, Any]:
    """A seat record with a plain-text name (trimmed, length-capped) and a kind."""
    if isinstance(seat, str):
        seat = {"name": seat}
    if not isinstance(seat, Mapping):
        raise SaveError("corrupt", f"seat {index + 1} is not a player record")
    name = seat.get("name", "")
    if not isinstance(name, str):
        raise SaveError("corrupt", f"seat {index + 1} has a name that is not text")
    name = " ".join(name.split())[:MAX_NAME_LENGTH] or f"Player {index + 1}"
    kind = seat.get("kind", "human")
    if kind not in SEAT_KINDS:
        raise SaveError("corrupt", f"seat {index + 1} is neither a person nor the computer")
    level = seat.get("level")
    if level is not None and not isinstance(level, str):
        raise SaveError("corrupt", f"seat {index + 1} has an unreadable computer level")
    return {"name": name, "kind": kind, "level": level}


def new_save(game: str, options: dict[str, Any], seats: list[Any], seed: int, moves: list[Any] | None = None) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "options": dict(options),
        "seats": [clean_seat(s, i) for i, s in enumerate(seats)],
        "seed": int(seed),
        "moves": list(moves or []),
    }


def migrate(save: dict[str, Any]) -> dict[str, Any]:
    """Bring an older save up to ``VERSION`` one step at a time."""
    version = save.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveError("corrupt", "the save has no readable version number")
    if version > VERSION:
        raise SaveError("version", f"this save was made by a newer version of the app (save format {version})")
    while version < VERSION:
        save = MIGRATIONS[version](save)
        version = save["version"]
    return save


def parse_save(text: str | bytes | dict[str, Any], games: Mapping[str, Any]) -> dict[str, Any]:
    """Check a save's shape (not yet its moves) and return it migrated and cleaned.

    Raises SaveError naming the problem: too large, not JSON, not a save of this
    app, an unknown game, or fields of the wrong shape.
    """
    if isinstance(text, (str, bytes)):
        size = len(text.encode() if isinstance(text, str) else text)
        if size > MAX_SAVE_BYTES:
            raise SaveError("too-large", f"the file is too large to be a save ({size // 1024} KB; the limit is {MAX_SAVE_BYTES // 1024} KB)")
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError):
            raise SaveError("corrupt", "the file is damaged or cut short: it is not readable JSON") from None
    else:
        data = text
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("foreign", "this file is not a Towers & Worlds save")
    data = migrate(dict(data))
    game: Any = data.get("game")
    if game not in games:
        raise SaveError("unknown-game", f"this save is for a game this app does not have ({str(game)[:40]!r})")
    options, seats, seed, moves = (data.get(k) for k in ("options", "seats", "seed", "moves"))
    if not isinstance(options, dict):
        raise SaveError("corrupt", "the save's options are unreadable")
    if not isinstance(seats, list) or not seats:
        raise SaveError("corrupt", "the save lists no players")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SaveError("corrupt", "the save's seed is not a number")
    if not isinstance(moves, list):
        raise SaveError("corrupt", "the save's list of moves is unreadable")
    module = games[game]
    if not module.MIN_PLAYERS <= len(seats) <= module.MAX_PLAYERS:
        raise SaveError("corrupt", f"{module.TITLE} is not played by {len(seats)} players")
    extra = {k: v for k, v in data.items() if k not in ("format", "version", "game", "options", "seats", "seed", "moves")}
    cleaned = new_save(game, options, [clean_seat(s, i) for i, s in enumerate(seats)], seed, moves)
    cleaned.update({k: v for k, v in extra.items() if k in ("name", "saved_at", "id")})
    if extra.get("kept") is True:  # a copy kept at a move (a save slot), played on only as a new game
        cleaned["kept"] = True
    return cleaned


def replay(module: Any, save: dict[str, Any], upto: int | None = None) -> Any:
    """Rebuild the state by replaying the save's moves (the first ``upto`` only, if given).

    A move the rules refuse means the file was edited or damaged: SaveError
    ("tampered") names the move's number and the rules' reason.
    """
    try:
        state = module.new_game(len(save["seats"]), save["options"], save["seed"])
    except ValueError as exc:
        raise SaveError("corrupt", f"the save's game settings are not valid: {exc}") from None
    moves = save["moves"] if upto is None else save["moves"][:upto]
    for i, data in enumerate(moves):
        try:
            state = module.apply(state, module.move_from_json(data))
        except IllegalMove as exc:
            raise SaveError("tampered", f"move {i + 1} of the save is not allowed by the rules ({exc}); the file was changed or damaged") from None
    return state
