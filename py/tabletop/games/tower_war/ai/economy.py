"""The pyramid economy: who runs out of a size first.

Between two steady hands Tower War is mostly lost by having to add a pyramid of a size
one no longer has. This module values a pair of stashes as the chance of winning the
war on that alone, ``war_value(mine, theirs)``, by working the war out backwards over
a model of the battles:

* each of a battle's three skirmishes makes this seat add a pyramid with chance
  ``SKIRMISH_LOSS``, the other with the same chance, nobody otherwise (a tie or a
  double);
* the battle's loser is likelier the one who lost more skirmishes
  (``BATTLE_LOSS``); it fills the level to three;
* the first pyramid of a level picks its size: each player picks the size that is
  best for them *on average over what the rest of the battle may bring*;
* whoever must add a pyramid and has none of the size loses the war.

Every battle uses up three pyramids, so the recursion ends; the sizes are
interchangeable in the model, and stashes larger than 5 (advanced drafting) count as
5. The physics (falls) and card strength are left out: the battle search adds them.

The values at the start of a battle for all 8,436 pairs of stashes (sizes sorted) are
worked out once, ahead of time, and shipped in ``ai.economy_table`` (12 bits each), so
a computer player never stalls a page filling this table; ``python3 -m
tabletop.games.tower_war.ai.economy`` writes it again after a change to the model.

>>> round(war_value((5, 5, 5), (5, 5, 5)), 3)
0.5
>>> war_value((5, 5, 5), (5, 5, 1)) > 0.5 > war_value((2, 5, 5), (5, 5, 5))
True
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Iterable
from functools import cache, lru_cache

SKIRMISH_LOSS = 0.4  # chance that a given player must add a pyramid after a skirmish
SKIRMISH_NOBODY = 1.0 - 2 * SKIRMISH_LOSS
BATTLE_LOSS = (0.2, 0.5, 0.8)  # chance to lose the battle having lost fewer / as many / more skirmishes
CAP = 5
LEVEL = 3
Stash = tuple[int, ...]  # pyramids left per size, small to large (the model's three counts)


def clamp(stash: Iterable[float]) -> Stash:
    """A stash (three counts, small to large) as the model sees it."""
    return tuple(min(CAP, max(0, int(n))) for n in stash)


def war_value(mine: Iterable[float], theirs: Iterable[float]) -> float:
    """Chance that the holder of ``mine`` wins the war against ``theirs`` on pyramids alone,
    at the start of a battle (empty top level)."""
    a, b = clamp(mine), clamp(theirs)
    return _war(*_canonical(a, b))


def _canonical(a: Stash, b: Stash) -> tuple[Stash, Stash]:
    """Sizes are interchangeable: sort the three (mine, theirs) pairs."""
    pairs = sorted(zip(a, b))
    return tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)


@cache
def _war(a: Stash, b: Stash) -> float:
    if VALUES is not None:
        r = _rank(a, b)
        return (_DIGIT[VALUES[2 * r]] * 64 + _DIGIT[VALUES[2 * r + 1]]) / SCALE
    return _solve_war(a, b)


def _solve_war(a: Stash, b: Stash) -> float:
    if sum(a) + sum(b) < LEVEL:
        return 0.5
    return _battle(0, 0, -1, a, b, 0, 0)


# --- the table worked out ahead of time ------------------------------------------------------------

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_DIGIT = {ch: i for i, ch in enumerate(ALPHABET)}
SCALE = 64 * 64 - 1
_PAIRS = (CAP + 1) ** 2  # one (mine, theirs) count pair of a size


def canonical_states() -> list[tuple[Stash, Stash]]:
    """Every (mine, theirs) pair of stashes with sizes sorted, in the table's order."""
    pairs = [(i, j) for i in range(CAP + 1) for j in range(CAP + 1)]
    return [(tuple(p[0] for p in st), tuple(p[1] for p in st)) for st in itertools.combinations_with_replacement(pairs, 3)]


def _rank(a: Stash, b: Stash) -> int:
    """Where a canonical pair of stashes sits in ``canonical_states()``."""
    i, j, k = (x * (CAP + 1) + y for x, y in zip(a, b))
    n = _PAIRS
    before = sum((n - x) * (n - x + 1) // 2 for x in range(i))
    return before + sum(n - y for y in range(i, j)) + (k - j)


VALUES: str | None  # the shipped table (two base-64 digits a pair of stashes), None while it is first written
try:
    from tabletop.games.tower_war.ai.economy_table import VALUES
except ImportError:  # pragma: no cover - only while the table is first written
    VALUES = None


def build_table() -> str:
    """The shipped table's text, worked out from the model alone (a few seconds)."""
    fresh: dict[tuple[Stash, Stash], float] = {}

    def solve(a: Stash, b: Stash) -> float:
        if (a, b) not in fresh:
            fresh[(a, b)] = _solve_war(a, b)
        return fresh[(a, b)]

    _battle.cache_clear()
    _SOURCE[0] = solve
    try:
        out = []
        for a, b in canonical_states():
            q = round(solve(a, b) * SCALE)
            out.append(ALPHABET[q // 64] + ALPHABET[q % 64])
    finally:
        _SOURCE[0] = _war
        _battle.cache_clear()
    return "".join(out)


_SOURCE: list[Callable[[Stash, Stash], float]] = [_war]  # where a battle's end looks up the next battle's value


def _next_battle(a: Stash, b: Stash) -> float:
    return _SOURCE[0](*_canonical(a, b))


def _take(stash: Stash, z: int, k: int = 1) -> Stash:
    return stash[:z] + (stash[z] - k,) + stash[z + 1 :]


def battle_value(
    skirmish: int, n: int, size: int, mine: Iterable[float], theirs: Iterable[float], my_losses: int, their_losses: int
) -> float:
    """The war value (for ``mine``) in the middle of a battle: before skirmish
    ``skirmish`` (0-based; 3 = the battle is over), ``n`` pyramids of ``size`` (0..2, or
    -1 for none yet) on the level, after this seat lost ``my_losses`` skirmishes and the
    other ``their_losses``."""
    return _battle(skirmish, n, size, clamp(mine), clamp(theirs), my_losses, their_losses)


@lru_cache(maxsize=200_000)
def _battle(k: int, n: int, z: int, a: Stash, b: Stash, ml: int, tl: int) -> float:
    if k >= 3:
        p = BATTLE_LOSS[(ml > tl) - (ml < tl) + 1]
        return p * _fill(n, z, a, b, True) + (1 - p) * _fill(n, z, a, b, False)
    v = SKIRMISH_NOBODY * _battle(k + 1, n, z, a, b, ml, tl)
    v += SKIRMISH_LOSS * _add(k, n, z, a, b, ml, tl, True)
    v += SKIRMISH_LOSS * _add(k, n, z, a, b, ml, tl, False)
    return v


def _add(k: int, n: int, z: int, a: Stash, b: Stash, ml: int, tl: int, me: bool) -> float:
    """A skirmish loser adds a pyramid (choosing the size on an empty level)."""
    own = a if me else b
    if n >= LEVEL:
        return _battle(k + 1, n, z, a, b, ml + me, tl + (not me))
    if z < 0:
        options = [
            _battle(k + 1, 1, s, _take(a, s) if me else a, b if me else _take(b, s), ml + me, tl + (not me)) for s in range(3) if own[s]
        ]
        if not options:
            return 0.0 if me else 1.0
        return max(options) if me else min(options)
    if not own[z]:
        return 0.0 if me else 1.0
    return _battle(k + 1, n + 1, z, _take(a, z) if me else a, b if me else _take(b, z), ml + me, tl + (not me))


def _fill(n: int, z: int, a: Stash, b: Stash, me: bool) -> float:
    """The battle's loser fills the level to three (choosing the size if it is empty)."""
    own = a if me else b
    need = LEVEL - n
    if need <= 0:
        return _next_battle(a, b)
    sizes = range(3) if z < 0 else (z,)
    options = [_next_battle(_take(a, s, need) if me else a, b if me else _take(b, s, need)) for s in sizes if own[s] >= need]
    if not options:
        return 0.0 if me else 1.0
    return max(options) if me else min(options)


def main() -> int:  # pragma: no cover - a maintenance tool
    import pathlib

    path = pathlib.Path(__file__).with_name("economy_table.py")
    text = build_table()
    assert len(text) == 2 * len(canonical_states())
    lines = [text[i : i + 100] for i in range(0, len(text), 100)]
    body = "\n".join(f'    "{line}"' for line in lines)
    path.write_text(
        '"""Precomputed ``ai.economy.war_value`` for every pair of stashes (see ``ai.economy``).\n\n'
        "Written by ``python3 -m tabletop.games.tower_war.ai.economy``; do not edit by hand.\n"
        '"""\n\n'
        f"VALUES = (\n{body}\n)\n"
    )
    print(f"wrote {path} ({len(text) // 2} values)")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
