"""Save files: ``{format, version, game, options, seats, seed, moves[]}``.

A save holds no game state, only what is needed to replay it: loading replays
every move through the rules, so a tampered file is caught by the rules
themselves. ``seats`` lists who sits where (name, and "human" or "computer" with a
level); the game itself only needs their number.

>>> s = new_save("tower-battle", {}, [{"name": "Ana"}, {"name": "Ben"}], seed=7)
>>> s["format"], s["version"], s["seats"][1]
('towers-and-worlds-save', 2, {'name': 'Ben', 'kind': 'human', 'level': None})
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Any, NamedTuple

from tabletop.engine.errors import IllegalMove, SaveError
from tabletop.engine.hidden import CardAwaited
from tabletop.engine.names import clean_name
from tabletop.engine.rng import ChanceAwaited

if TYPE_CHECKING:
    from tabletop.engine.protocol import Facts, GameModule

FORMAT = "towers-and-worlds-save"
VERSION = 2
MAX_SAVE_BYTES = 1280 * 1024  # MAX_MOVES of the longest moves a game makes that many of (Tower Battle's, 51 bytes as
# stored), and the rest of the record: a match played to the move limit still saves (tests/engine/test_long_matches.py)
MAX_TITLE_LENGTH = 120  # a save's own name ("…, move 12 (continued)")
MAX_DEPTH = 16  # a real save nests 4 deep (record, moves, move, a pile); parsers overflow their stack far deeper
MAX_MOVES = 20_000  # a game whose players could play on past it ends at it (Tower Battle, Towers of Wyoming: their rules.apply)
MAX_SEED = 2**128
MAX_OPTION_NUMBER = 10**6 - 1  # a variant's number (Tower Battle's target: 1 to 100 by its rules)
LATEST_TIME = 1e11  # seconds since 1970: the year 5138, so anything later is no date
MAX_GRIP_MS = 600_000  # a piece held in progress: ten minutes, far past any hand's grip (Tower War's lets go at 10 s)
SEAT_KINDS = ("human", "computer", "friend")  # friend: a person playing on their own device, by link (tabletop/link)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_EMPTY_PAIR = re.compile(r"\[\]|\{\}")


class JsonObject(dict[str, Any]):
    """A JSON object read from outside the app (a file, storage): data, never attributes.

    ``dom.h`` takes a plain dict as an element's attributes; it shows one of these as text."""


def keep_tower_war_hand(save: dict[str, Any]) -> dict[str, Any]:
    """Version 2 retuned Tower War's unsteady hand (a calm moment): a Tower War save made
    before keeps the hand it was played with (option ``hand`` 1), so it replays exactly."""
    save = dict(save, version=2)
    if save.get("game") == "tower-war" and isinstance(save.get("options"), dict):
        save["options"] = {**save["options"], "hand": 1}
    return save


# version -> function upgrading a save of that version to version + 1.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: keep_tower_war_hand}


def clean_seat(seat: Any, index: int) -> dict[str, Any]:
    """A seat record with a plain-text name (``clean_name``: the one cleaning every name gets) and a kind."""
    if isinstance(seat, str):
        seat = {"name": seat}
    if not isinstance(seat, Mapping):
        raise SaveError("corrupt", f"seat {index + 1} is not a player record")
    name = seat.get("name", "")
    if not isinstance(name, str):
        raise SaveError("corrupt", f"seat {index + 1} has a name that is not text")
    name = clean_name(name) or f"Player {index + 1}"
    kind = seat.get("kind", "human")
    if kind not in SEAT_KINDS:
        raise SaveError("corrupt", f"seat {index + 1} is neither a person nor the computer")
    level = seat.get("level")
    if level is not None and (not isinstance(level, str) or len(level) > 20):
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


def too_deep(text: str) -> bool:
    """Whether JSON text nests brackets deeper than ``MAX_DEPTH`` (strings aside).

    Checked before parsing: the parsers recurse once per level, and a 200 KB file of
    brackets overflows the browser's stack. Innermost pairs are peeled off with regular
    expressions, one level per pass, so the check itself recurses nowhere."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for _ in range(MAX_DEPTH):
        if not brackets:
            return False
        brackets, peeled = _EMPTY_PAIR.subn("", brackets)
        if not peeled:
            return False  # unbalanced: the parser reports the damage
    return bool(_EMPTY_PAIR.search(brackets))


def load_json(text: str | bytes, what: str = "the save") -> Any:
    """Parse JSON read from outside the app; SaveError ("corrupt") says what is wrong with it.

    Objects come back as ``JsonObject``."""
    if isinstance(text, bytes):
        try:
            text = text.decode()
        except UnicodeDecodeError:
            raise SaveError("corrupt", f"{what} is damaged: it is not text") from None
    if too_deep(text):
        raise SaveError("corrupt", f"{what} nests lists more than {MAX_DEPTH} deep, which no saved game does")
    try:
        return json.loads(text, object_pairs_hook=unique_keys)
    except DuplicateKey as twice:
        raise SaveError("corrupt", f"{what} has the key “{str(twice)[:40]}” twice, so it is not clear which one counts") from None
    except (ValueError, RecursionError, MemoryError):
        raise SaveError("corrupt", f"{what} is damaged or cut short: it is not readable JSON") from None


class DuplicateKey(Exception):
    """A JSON object names a key twice (``str()``: the key)."""


def unique_keys(pairs: list[tuple[str, Any]]) -> JsonObject:
    """One JSON object, refused when a key comes twice: parsers disagree on which of the two counts
    (Python keeps the last), so a file with two "moves" could replay one game here and another elsewhere."""
    obj = JsonObject(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return obj


def check_time(value: Any) -> float:
    """A save's time: seconds since 1970, as a finite number from 1970 to the year 5138."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or not 0 <= value <= LATEST_TIME:
        raise SaveError("corrupt", "the save's date is unreadable")
    return float(value)


def check_grip(grip: Any, moves_made: int) -> dict[str, int] | None:
    """A piece held in progress: ``{"at": moves made when it was held, "held_ms": how long the hand
    has held it}``, so that a reload resumes the grip instead of starting a fresh one.

    Time already held only takes grip away, so the worst a hand edit can do is start a fresh grip:
    a negative, fractional or absurd time is refused with the whole save (read as "no grip", it would
    give one). A grip for an earlier position (``at`` below the moves made) belongs to a drop long
    made and is dropped; one for a position the moves never reached is damage.

    >>> check_grip({"at": 12, "held_ms": 7000}, 12), check_grip({"at": 11, "held_ms": 7000}, 12)
    ({'at': 12, 'held_ms': 7000}, None)
    """

    def whole(value: Any, top: int) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= top

    if not isinstance(grip, dict) or set(grip) != {"at", "held_ms"}:
        raise SaveError("corrupt", "the save's note of a piece being held is unreadable")
    at, held = grip["at"], grip["held_ms"]
    if not whole(at, moves_made) or not whole(held, MAX_GRIP_MS):
        raise SaveError("corrupt", "the save's note of a piece being held is unreadable")
    return {"at": at, "held_ms": held} if at == moves_made else None


def check_options(options: Any) -> dict[str, Any]:
    """Options as the rules take them: a few named switches, numbers or short words
    (the game itself then refuses unknown ones when the save is replayed)."""
    if not isinstance(options, dict) or len(options) > 32:
        raise SaveError("corrupt", "the save's options are unreadable")
    for key, value in options.items():
        plain = (
            isinstance(value, bool)
            or (isinstance(value, int) and abs(value) <= MAX_OPTION_NUMBER)
            or (isinstance(value, str) and len(value) <= 40)
        )
        if not isinstance(key, str) or len(key) > 40 or not plain:
            raise SaveError("corrupt", "the save's options are unreadable")
    return dict(options)


def summary(data: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """What a stored record says about its game for the saved-games list (whose turn, or the
    result), kept only where well formed: it is a note the app writes, worked out again from
    the moves whenever the game is opened, so a bad one is dropped, not the game."""
    out: dict[str, Any] = {}
    if data.get("finished") is True or data.get("finished") is False:
        out["finished"] = data["finished"]
    to_act = data.get("to_act")
    if isinstance(to_act, int) and not isinstance(to_act, bool) and 0 <= to_act < seats:
        out["to_act"] = to_act
    result = data.get("result")
    if out.get("finished") and isinstance(result, dict):
        winners, scores, reason = result.get("winners"), result.get("scores"), result.get("reason")
        seat_ok = isinstance(winners, list) and all(isinstance(w, int) and not isinstance(w, bool) and 0 <= w < seats for w in winners)
        scores_ok = scores is None or (
            isinstance(scores, list)
            and len(scores) == seats
            and all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) and abs(x) < 10**9 for x in scores)
        )
        if seat_ok and scores_ok and isinstance(reason, str) and isinstance(winners, list):
            out["result"] = {
                "winners": list(winners),
                "scores": None if scores is None else [float(x) for x in scores],
                "reason": reason[:300],
            }
    return out


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


def parse_save(text: str | bytes | dict[str, Any], games: Mapping[str, Facts]) -> dict[str, Any]:
    """Check a save's shape (not yet its moves) and return it migrated and cleaned.

    Raises SaveError naming the problem: too large, not JSON, not a save of this
    app, an unknown game, or fields of the wrong shape.
    """
    if not isinstance(text, (str, bytes)):
        try:
            text = json.dumps(text)
        except (ValueError, TypeError, RecursionError):
            raise SaveError("foreign", "this is not a Towers & Worlds save") from None
    size = len(text.encode() if isinstance(text, str) else text)
    if size > MAX_SAVE_BYTES:
        raise SaveError("too-large", f"the file is too large to be a save ({size // 1024} KB; the limit is {MAX_SAVE_BYTES // 1024} KB)")
    data = load_json(text, "the file")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("foreign", "this file is not a Towers & Worlds save")
    data = migrate(dict(data))
    game: Any = data.get("game")
    if not isinstance(game, str):
        raise SaveError("corrupt", "the save does not say which game it is")
    if game not in games:
        raise SaveError("unknown-game", f"this save is for a game this app does not have ({game[:40]!r})")
    seats, seed, moves = (data.get(k) for k in ("seats", "seed", "moves"))
    options = check_options(data.get("options"))
    if not isinstance(seats, list) or not seats:
        raise SaveError("corrupt", "the save lists no players")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise SaveError("corrupt", "the save's seed is not a number the app makes")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise SaveError("corrupt", "the save's list of moves is unreadable")
    module = games[game]
    if not module.MIN_PLAYERS <= len(seats) <= module.MAX_PLAYERS:
        raise SaveError("corrupt", f"{module.TITLE} is not played by {len(seats)} players")
    cleaned = new_save(game, options, [clean_seat(s, i) for i, s in enumerate(seats)], seed, moves)
    name = data.get("name")
    if name is not None:
        if not isinstance(name, str):
            raise SaveError("corrupt", "the save's name is not text")
        cleaned["name"] = clean_name(name, MAX_TITLE_LENGTH)
    if data.get("saved_at") is not None:
        cleaned["saved_at"] = check_time(data["saved_at"])
    revision = data.get("revision")
    if revision is not None:  # how many times this browser stored the game (two tabs: the later one wins, told)
        if isinstance(revision, bool) or not isinstance(revision, int) or not 0 <= revision < 10**12:
            raise SaveError("corrupt", "the save's revision number is unreadable")
        cleaned["revision"] = revision
    if data.get("grip") is not None:
        grip = check_grip(data["grip"], len(moves))
        if grip is not None:
            cleaned["grip"] = grip
    cleaned.update(summary(data, len(cleaned["seats"])))
    if data.get("kept") is True:  # a copy kept at a move (a save slot), played on only as a new game
        cleaned["kept"] = True
    if isinstance(data.get("link"), dict):  # a game by link: its transcript and chance, read by tabletop/link/game.py
        cleaned["link"] = dict(data["link"])
    again = data.get("played_again")
    if isinstance(again, str) and PLAYED_AGAIN_ID.fullmatch(again):  # the game "Play again" started from this one
        cleaned["played_again"] = again
    return cleaned


PLAYED_AGAIN_ID = re.compile(r"[A-Za-z0-9_-]{1,80}")


Chance = Callable[[int], AbstractContextManager[None]]  # step number -> the block its chance is drawn in


def no_joint_chance(step: int) -> AbstractContextManager[None]:
    """A game on one device draws its chance from its own seed: nothing to open."""
    return nullcontext()


class Step(NamedTuple):
    """One position of a replay: ``number`` moves made (0: the deal), who made the last of them
    (None at the deal), and the state after it."""

    number: int
    mover: int | None
    state: Any


def replay_steps(module: GameModule, save: Mapping[str, Any], upto: int | None = None, chance: Chance | None = None) -> Iterator[Step]:
    """The one replay loop (saves, the session at the table, the history screen): the deal,
    then the state after each of the save's moves (the first ``upto`` only, if given), one
    ``apply`` per step, built only as far as the caller reads. ``chance``: a game by link's
    joint chance for step ``n`` (0 the deal), opened around that step (tabletop/link/chance.py).

    Bad settings raise SaveError ("corrupt"); a move the rules refuse, or cannot even read,
    means the file was edited or damaged: SaveError ("tampered") names the move's number and
    the rules' reason. ChanceAwaited passes through: the step waits for another device's link.
    """
    chance = chance or no_joint_chance
    try:
        with chance(0):
            state = module.new_game(len(save["seats"]), save["options"], save["seed"])
    except (ChanceAwaited, CardAwaited):
        raise
    except Exception as exc:  # ValueError from the rules; anything else is as much a bad save
        raise SaveError("corrupt", f"the save's game settings are not valid: {exc}") from None
    yield Step(0, None, state)
    moves = save["moves"] if upto is None else save["moves"][:upto]
    for i, data in enumerate(moves):
        mover = module.to_act(state)
        try:
            with chance(i + 1):
                state = module.apply(state, module.move_from_json(data))
        except (ChanceAwaited, CardAwaited):
            raise
        except IllegalMove as exc:
            raise SaveError(
                "tampered", f"move {i + 1} of the save is not allowed by the rules ({exc}); the file was changed or damaged"
            ) from None
        except Exception:  # a move the game cannot read (a list where a card belongs, say)
            raise SaveError("tampered", f"move {i + 1} of the save is unreadable; the file was changed or damaged") from None
        yield Step(i + 1, mover, state)


def replay(module: GameModule, save: Mapping[str, Any], upto: int | None = None, chance: Chance | None = None) -> Any:
    """The state after the save's moves (the first ``upto`` only, if given): the last step of
    ``replay_steps``, with its errors."""
    state = None
    for step in replay_steps(module, save, upto, chance):
        state = step.state
    return state


EXPORT_WARNING = (
    "This file contains the whole deal of the game: whoever reads it can work out every hidden card, including those still to come."
)


def export_file(record: Mapping[str, Any]) -> dict[str, Any]:
    """A save as written to an exported file: a warning first (the seed in it decides every hidden
    card), then the save itself. ``parse_save`` ignores the warning, so files with or without it load."""
    data: dict[str, Any] = {"warning": EXPORT_WARNING}
    data.update({k: record[k] for k in ("format", "version", "game", "options", "seats", "seed", "moves")})
    data["name"] = record.get("name", "")
    if record.get("grip") is not None:  # a file saved mid-grip resumes it: opening the file is no fresh grip
        data["grip"] = record["grip"]
    return data
