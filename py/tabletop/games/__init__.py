"""The registry: one ``GameEntry`` per game, made from the game's own ``facts``.

``REGISTRY`` (id -> entry, in the order of the home screen) is what start-up reads: a game's
facts module is small, and its package imports nothing more until the game is played
(engine/lazy.py). Everything else of a game is found through its entry: ``entry.game`` (the
engine contract, engine/protocol.py), ``entry.ai``, ``entry.lesson``, ``entry.part("guide")``. The
renderer belongs to the browser side, which finds it by the entry's package
(ui/render/__init__.py's ``renderer_for``).

Every package has the same modules in the same order: ``facts``, ``state``, ``moves``, ``rules``,
``views``, ``telling``, ``guide``, ``lesson``, ``ai``, then its own (listed in its docstring); its
``game`` module gathers the contract. A ``State`` is written one way: a mutable
``@dataclass(slots=True)`` whose ``copy()`` copies the lists the rules change and shares the rest;
``apply`` copies, then the rule steps change the copy in place.

>>> entry = REGISTRY["war-of-the-worlds"]
>>> entry.title, entry.players, entry.plural_sides, entry.has_lesson
('The War of the Worlds', (2, 2), ('Aliens', 'Humans'), True)
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from tabletop.engine.lesson import Lesson
    from tabletop.engine.protocol import Facts, GameModule

PACKAGES: tuple[str, ...] = ("tower_war", "towers_of_wyoming", "tower_battle", "war_of_the_worlds")
"""The games, in the order the home screen lists them."""


@dataclass(frozen=True)
class GameEntry:
    """A game as the app knows it before playing it: its facts, and where the rest is."""

    package: str
    facts: Facts  # the game's facts module: the one copy of its id, title, blurb and players

    @classmethod
    def of(cls, package: str) -> GameEntry:
        return cls(package, cast("Facts", importlib.import_module(f"{__name__}.{package}.facts")))

    @property
    def id(self) -> str:
        return self.facts.ID

    @property
    def title(self) -> str:
        return self.facts.TITLE

    @property
    def blurb(self) -> str:
        return self.facts.BLURB

    @property
    def players(self) -> tuple[int, int]:
        """The fewest and the most players."""
        return (self.facts.MIN_PLAYERS, self.facts.MAX_PLAYERS)

    @property
    def seat_names(self) -> tuple[str, ...]:
        return tuple(self.facts.SEAT_NAMES or ())

    @property
    def plural_sides(self) -> tuple[str, ...]:
        """The side names said as plurals ("Humans win"), where the facts say PLURAL_SEAT_NAMES."""
        return self.seat_names if getattr(self.facts, "PLURAL_SEAT_NAMES", False) else ()

    @property
    def game(self) -> GameModule:
        """The engine contract (the package: its parts load at first use)."""
        return cast("GameModule", importlib.import_module(f"{__name__}.{self.package}"))

    def part(self, name: str) -> ModuleType | None:
        """The game package's module ``name`` (``ai``, ``lesson``, ``guide``), None where it has none."""
        full = f"{__name__}.{self.package}.{name}"
        return importlib.import_module(full) if importlib.util.find_spec(full) is not None else None

    @property
    def ai(self) -> ModuleType | None:
        """The computer player (its optional parts: engine/hooks.py's ``OptionalAI``)."""
        return self.part("ai")

    @property
    def lesson(self) -> Lesson | None:
        """The guided first game of Learn to play (engine/lesson.py)."""
        module = self.part("lesson")
        return cast("Lesson", module.LESSON) if module is not None else None

    @property
    def has_lesson(self) -> bool:
        """Whether the game offers a guided first game, found without importing it (Home)."""
        return importlib.util.find_spec(f"{__name__}.{self.package}.lesson") is not None


REGISTRY: dict[str, GameEntry] = {entry.id: entry for entry in map(GameEntry.of, PACKAGES)}
"""Game id -> entry."""

FACTS: dict[str, Facts] = {game_id: entry.facts for game_id, entry in REGISTRY.items()}
"""Game id -> facts: what start-up checks a saved game against (engine/saves.py's ``parse_save``)."""

GAMES: dict[str, GameModule] = {game_id: entry.game for game_id, entry in REGISTRY.items()}
"""Game id -> game module (engine/protocol.py): the contract every caller plays through."""


def entry_of(game_id: str) -> GameEntry:
    """The entry of ``game_id``; KeyError with a one-line message listing the known ids."""
    try:
        return REGISTRY[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(REGISTRY)})") from None


def get_game(game_id: str) -> GameModule:
    """The game module of ``game_id``; KeyError with a one-line message listing the known ids."""
    return entry_of(game_id).game


if TYPE_CHECKING:  # mypy holds each game module to the contract (no cost at run time)
    from tabletop.games import tower_battle, tower_war, towers_of_wyoming, war_of_the_worlds

    TOWER_BATTLE: GameModule = tower_battle
    TOWER_WAR: GameModule = tower_war
    TOWERS_OF_WYOMING: GameModule = towers_of_wyoming
    WAR_OF_THE_WORLDS: GameModule = war_of_the_worlds
