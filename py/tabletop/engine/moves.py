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

Field types understood: int, float, str, bool, Card, Size, enums with string
values, ``X | None`` and ``tuple[X, ...]`` of those.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from typing import Any, ClassVar

from tabletop.engine.cards import Card
from tabletop.engine.errors import IllegalMove
from tabletop.engine.pyramids import Size


@dataclasses.dataclass(frozen=True)
class Move:
    """Base class of every move; subclasses set ``kind``."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        return encode_move(self)


def _encode(value: Any) -> Any:
    if isinstance(value, (Card, Size)):
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
        data[f.name] = _encode(getattr(move, f.name))
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
    if hint is Size:
        return Size.parse(value)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(value)
    raise TypeError(f"cannot decode field of type {hint}")


class MoveCodec:
    """JSON encoder/decoder for one game's move classes."""

    def __init__(self, *classes: type[Move]):
        self.classes = {c.kind: c for c in classes}
        if len(self.classes) != len(classes) or "" in self.classes:
            raise ValueError("every move class needs its own non-empty kind")
        self._hints = {k: typing.get_type_hints(c) for k, c in self.classes.items()}

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


def require_legal(move: Move, legal: list[Move], why: str = "") -> None:
    """Raise IllegalMove unless ``move`` is one of ``legal`` (for games whose moves are
    finite: membership is the whole legality test)."""
    if move not in legal:
        raise IllegalMove(why or f"that move is not allowed now ({move.kind})")
