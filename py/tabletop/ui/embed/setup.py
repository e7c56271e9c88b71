"""How an embed's game is set up from its address: a wiki page chooses the opponent, the
number of players and the variants in the frame's URL, e.g.

    ?embed=tower-battle&vs=computer&level=hard&target=5&tnt=true

- ``vs=computer`` (every other seat is the computer, the default, as on the new-game screen) or
  ``vs=people`` (hot-seat);
- ``level=easy|normal|hard`` for the computer (default normal);
- ``seat=N`` the seat the reader takes against the computer (1-based, default 1);
- ``players=N`` where the game allows several counts;
- any variant switch of the game by its name (``true``/``false``, a number, or one of its choices).

Browser-free: the address arrives as a plain mapping. A value that is not understood is
left at its default and named in ``problems`` (the embed says so in one line, a long value cut
short). Numbers are read by ``engine.numbers.parse_count`` (plain ASCII digits within bounds).

>>> class Game:
...     MIN_PLAYERS, MAX_PLAYERS, SEAT_NAMES, OPTION_CHOICES = 2, 2, None, {}
...     @staticmethod
...     def default_options(): return {"tactical": False}
>>> form = {"players": 2, "seats": [{"name": "A", "kind": "human", "level": "normal"},
...                                 {"name": "B", "kind": "human", "level": "normal"}], "options": {"tactical": False}}
>>> setup = apply_query({"vs": "computer", "tactical": "yes", "level": "extreme"}, Game, form)
>>> [s["kind"] for s in setup.form["seats"]], setup.form["options"], setup.problems
(['human', 'computer'], {'tactical': True}, ['level “extreme” (easy, normal or hard)'])
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.engine.numbers import parse_count, quoted
from tabletop.engine.saves import MAX_OPTION_NUMBER
from tabletop.levels import LEVELS

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule

TRUE, FALSE = ("true", "1", "yes", "on"), ("false", "0", "no", "off")
SETUP_KEYS = ("vs", "level", "seat", "players")


@dataclass
class EmbedSetup:
    form: dict[str, Any]
    problems: list[str] = field(default_factory=list)

    @property
    def vs_computer(self) -> bool:
        return any(s["kind"] == "computer" for s in self.form["seats"][: self.form["players"]])


def option_value(raw: str, default: Any, choices: list[Any] | None) -> Any:
    """A variant's value read from text, of the default's type; ValueError if it is not one."""
    text = raw.strip().lower()
    if isinstance(default, bool):
        if text in TRUE or text in FALSE:
            return text in TRUE
        raise ValueError("true or false")
    if isinstance(default, int):
        value: Any = parse_count(raw, 0, MAX_OPTION_NUMBER)
        if value is None:
            raise ValueError("a whole number")
    else:
        value = raw.strip()
    if choices and value not in choices:
        raise ValueError(", ".join(str(c) for c in choices))
    return value


def apply_query(query: Mapping[str, str], module: GameModule, form: dict[str, Any]) -> EmbedSetup:
    """The new-game form of ``module`` with what the address asks for applied to a copy of ``form``."""
    form = copy.deepcopy(form)
    setup = EmbedSetup(form)
    players = query.get("players")
    if players is not None:
        count = parse_count(players, module.MIN_PLAYERS, module.MAX_PLAYERS)
        if count is not None:
            form["players"] = count
        else:
            setup.problems.append(f"players “{quoted(players)}” ({module.MIN_PLAYERS} to {module.MAX_PLAYERS})")
    level = query.get("level", "normal")
    if level not in LEVELS:
        setup.problems.append(f"level “{quoted(level)}” (easy, normal or hard)")
        level = "normal"
    seat_text = query.get("seat", "1")
    seat = parse_count(seat_text, 1, form["players"])
    if seat is None:
        setup.problems.append(f"seat “{quoted(seat_text)}” (1 to {form['players']})")
        seat = 1
    vs = query.get("vs", "computer")
    if vs not in ("computer", "people"):
        setup.problems.append(f"vs “{quoted(vs)}” (computer or people)")
        vs = "computer"
    for i, s in enumerate(form["seats"]):
        s["kind"] = "computer" if vs == "computer" and i != seat - 1 else "human"
        s["level"] = level
    choices = getattr(module, "OPTION_CHOICES", {}) or {}
    for key, default in module.default_options().items():
        if key in query:
            try:
                form["options"][key] = option_value(query[key], default, choices.get(key))
            except ValueError as exc:
                setup.problems.append(f"{key} “{quoted(query[key])}” ({exc})")
    return setup
