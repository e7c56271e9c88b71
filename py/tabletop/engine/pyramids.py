"""Looney pyramids: three sizes, counted in pips (small 1, medium 2, large 3).

>>> Size.LARGE.pips, Size.parse("medium"), str(Size.SMALL)
(3, <Size.MEDIUM: 2>, 'small')
"""

from __future__ import annotations

from enum import IntEnum


class Size(IntEnum):
    SMALL = 1
    MEDIUM = 2
    LARGE = 3

    @property
    def pips(self) -> int:
        return int(self)

    def __str__(self) -> str:
        return self.name.lower()

    def to_json(self) -> str:
        return str(self)

    @staticmethod
    def parse(value: str | int | Size) -> Size:
        if isinstance(value, Size):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return Size(value)
        if isinstance(value, str):
            try:
                return Size[value.upper()]
            except KeyError:
                pass
        raise ValueError(f"not a pyramid size: {value!r}")


SIZES: tuple[Size, ...] = (Size.SMALL, Size.MEDIUM, Size.LARGE)


def stash(per_size: int = 5) -> dict[Size, int]:
    """A stash of ``per_size`` pyramids of each size (a standard Looney stash is 5 of each)."""
    return {s: per_size for s in SIZES}
