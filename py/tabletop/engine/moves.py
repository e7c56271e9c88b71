"""Moves as small frozen dataclasses, and their JSON form.

Each game declares its move classes with a ``kind`` tag and builds a codec::

    @dataclass(frozen=True)
    class Place(Move):
        kind: ClassVar[str] = "place"
        size: Size
        cell: int

    CODEC = MoveCodec(Place, Rotate, ...)
    move_to_json = CODEC.to_json          # Place(Size.LARGE, 4) -> {"kind": "place", "size": "large", "cell": 4}
    move_from_json = CODEC.from_json      # and back; bad data raises IllegalMove

Field types understood: int, float, str, bool, Card, Hidden (a card of a game by link,
``engine/hidden.py``), Size, enums with string values, ``X | None`` and ``tuple[X, ...]`` of
those. A field declared with ``metadata={OMIT_NONE: True}`` is left out of the JSON while it is
None, so moves that gained it keep the JSON they had.

Every game's ``apply`` starts with ``CODEC.check(move)`` (a move of this game whose
fields have their declared types, so no look-alike such as ``3`` for ``Size.LARGE``
or ``1`` for ``True`` gets further) and then accepts exactly what ``legal_moves``
lists: by ``require_listed`` (membership), or, where listing costs too much per
move, by the game's own checks, which ``tests/games/test_contract_fabricated.py`` holds to
the same answer.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any, ClassVar

from tabletop.engine.cards import ACE, JOKER, KING, Card, Suit
from tabletop.engine.errors import IllegalMove
from tabletop.engine.hidden import Hidden
from tabletop.engine.pyramids import Size

OMIT_NONE = "omit when None"


@dataclasses.dataclass(frozen=True)
class Move:
    """Base class of every move; subclasses set ``kind``."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        return encode_move(self)


def _encode(value: Any) -> Any:
    if isinstance(value, (Card, Size, Hidden)):
        return value.to_json()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _encode(v) for k, v in value.items()}
    return value


def encode_move(move: Move) -> dict[str, Any]:
    data = {"kind": move.kind}
    for f in dataclasses.fields(move):
        value = getattr(move, f.name)
        if value is not None or not f.metadata.get(OMIT_NONE):
            data[f.name] = _encode(value)
    return data


def _decode(value: Any, hint: Any) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        if value is None and type(None) in args:
            return None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _decode(value, arg)
            except (TypeError, ValueError):
                continue
        raise ValueError(f"{value!r} does not fit {hint}")
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueError(f"expected a list, got {value!r}")
        (item, *_rest) = typing.get_args(hint)
        return tuple(_decode(v, item) for v in value)
    if hint is bool:
        if not isinstance(value, bool):
            raise ValueError(f"expected true/false, got {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"expected a whole number, got {value!r}")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"expected a number, got {value!r}")
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise ValueError(f"expected text, got {value!r}")
        return value
    if hint is Card:
        return Card.parse(value)
    if hint is Hidden:
        return Hidden.parse(value)
    if hint is Size:
        return Size.parse(value)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(value)
    raise TypeError(f"cannot decode field of type {hint}")


def _is_card(value: Any) -> bool:
    """A real card: a joker (rank 0, no suit) or a rank 1..13 of a suit."""
    if type(value) is not Card:
        return False
    rank, suit, copy = value.rank, value.suit, value.copy
    if type(rank) is not int or type(copy) is not int or copy < 0:
        return False
    if suit is None:
        return rank == JOKER
    return type(suit) is Suit and ACE <= rank <= KING


def _type_test(hint: Any) -> Callable[[Any], bool]:
    """A test that a value has exactly the type ``hint`` declares (what ``from_json`` builds);
    worked out once per field, as ``apply`` runs it on every move."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        tests = [_type_test(arg) for arg in typing.get_args(hint)]
        return lambda v: any(test(v) for test in tests)
    if origin is tuple:
        item = _type_test(typing.get_args(hint)[0])
        return lambda v: type(v) is tuple and all(item(x) for x in v)
    if hint is type(None):
        return lambda v: v is None
    if hint is float:  # a whole number is a fine coordinate too (from_json makes it a float)
        return lambda v: type(v) is float or type(v) is int
    if hint is Card:
        return _is_card
    return lambda v: type(v) is hint


class MoveCodec:
    """JSON encoder/decoder for one game's move classes, and the check that a value is one of them."""

    def __init__(self, *classes: type[Move]):
        self.classes = {c.kind: c for c in classes}
        if len(self.classes) != len(classes) or "" in self.classes:
            raise ValueError("every move class needs its own non-empty kind")
        self._hints = {k: typing.get_type_hints(c) for k, c in self.classes.items()}
        self._tests = {c: [self._field_test(f.name, self._hints[c.kind][f.name]) for f in dataclasses.fields(c)] for c in classes}

    @staticmethod
    def _field_test(name: str, hint: Any) -> tuple[str, type | None, Callable[[Any], bool]]:
        """(field, the one type that passes at once or None, the full test)."""
        plain = hint if isinstance(hint, type) and hint is not Card else None
        return name, plain, _type_test(hint)

    def check(self, move: object) -> None:
        """Raise IllegalMove unless ``move`` is a move of this game with well-typed fields.

        Dataclass equality would let ``Place(3, "A1")`` pass for ``Place(Size.LARGE, "A1")``
        and carry the plain 3 into the state and the log; this refuses it."""
        if not isinstance(move, Move):
            raise IllegalMove(f"that is not a move: {short_repr(move)}")
        tests = self._tests.get(type(move))
        if tests is None:
            raise IllegalMove(f"that is not a move of this game ({type(move).__name__})")
        for name, plain, test in tests:
            value = getattr(move, name)
            if type(value) is not plain and not test(value):
                raise IllegalMove(f"move {move.kind!r}: bad {name!r} ({short_repr(getattr(move, name))})")

    def to_json(self, move: Move) -> dict[str, Any]:
        if type(move) not in self.classes.values():
            raise IllegalMove(f"not a move of this game: {move!r}")
        return encode_move(move)

    def from_json(self, data: Any) -> Move:
        """Read a move back; anything malformed raises IllegalMove with a plain message."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise IllegalMove(f"a move must be an object with a kind, got {data!r}")
        cls = self.classes.get(data["kind"])
        if cls is None:
            raise IllegalMove(f"unknown kind of move: {data['kind']!r}")
        hints = self._hints[cls.kind]
        kwargs = {}
        for f in dataclasses.fields(cls):
            if f.name not in data:
                if f.default is not dataclasses.MISSING:
                    continue
                if f.default_factory is not dataclasses.MISSING:
                    continue
                raise IllegalMove(f"move {cls.kind!r} is missing {f.name!r}")
            try:
                kwargs[f.name] = _decode(data[f.name], hints[f.name])
            except (TypeError, ValueError) as exc:
                raise IllegalMove(f"move {cls.kind!r}: bad {f.name!r} ({exc})") from None
        extra = set(data) - {"kind"} - {f.name for f in dataclasses.fields(cls)}
        if extra:
            raise IllegalMove(f"move {cls.kind!r} has unknown fields: {sorted(extra)}")
        return cls(**kwargs)


def short_repr(value: Any, limit: int = 60) -> str:
    """``repr`` cut to a length fit for a message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def require_listed(move: Move, legal: Sequence[Move], explain: Callable[[Move], str | None] | None = None) -> Move:
    """Return the listed move equal to ``move``, else raise IllegalMove.

    For games whose moves are finite, membership is the whole legality test (call
    ``CODEC.check`` first, so equality is exact). ``explain(move)`` gives the game's own
    words for a refusal: it returns them or raises the IllegalMove that says why."""
    try:
        return legal[legal.index(move)]  # identity first: games hand out the same move objects
    except ValueError:
        pass
    words = explain(move) if explain is not None else None
    raise IllegalMove(words or f"that move ({move.kind.replace('_', ' ')}) is not allowed now")
