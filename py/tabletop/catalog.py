"""What the home screen needs to know about each game, without importing any game,
and the computer's levels, without importing the computer.

Start-up imports only this; a game's rules (and its renderer and computer player)
load the first time that game is opened. ``tests/test_catalog.py`` keeps these facts
equal to the game modules' own attributes.
"""

from __future__ import annotations

from dataclasses import dataclass

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""The computer levels a seat can be given, weakest first: the new-game and embed menus, the
computer's budgets (``tabletop.ai.levels``) and the bots (``tabletop.players``) all read this one
tuple (``random`` also exists, for tests and the balance lab)."""


@dataclass(frozen=True)
class GameInfo:
    ID: str
    package: str
    TITLE: str
    BLURB: str
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    PLURAL_SIDES: tuple[str, ...] = ()  # side names said as plurals ("Humans win"): the game's SEAT_NAMES where PLURAL_SEAT_NAMES


CATALOG: dict[str, GameInfo] = {
    info.ID: info
    for info in (
        GameInfo(
            "tower-war",
            "tower_war",
            "Tower War",
            "Draft a deck, win battles of cards, and keep a shaky tower of cards and pyramids standing.",
            2,
            2,
        ),
        GameInfo(
            "towers-of-wyoming",
            "towers_of_wyoming",
            "Towers of Wyoming",
            "Race to build a one-suit tower taller than the Settling Sky, and knock down your rivals' towers with the opposing suit.",
            2,
            4,
        ),
        GameInfo(
            "tower-battle",
            "tower_battle",
            "Tower Battle",
            "Raise a tower five cards high while your rival's Assassins, Knaves and battles knock it down.",
            2,
            2,
        ),
        GameInfo(
            "war-of-the-worlds",
            "war_of_the_worlds",
            "The War of the Worlds",
            "Aliens against Humans on a shifting L of Martian Coasters: surround, outgun, survive.",
            2,
            2,
            ("Aliens", "Humans"),
        ),
    )
}


def has_lesson(game_id: str) -> bool:
    """The game offers a guided first game (``tabletop/games/<package>/lesson.py``, engine/lesson.py):
    read from the files, so Home can say "Learn to play" without importing the game."""
    from pathlib import Path

    info = CATALOG.get(game_id)
    return info is not None and (Path(__file__).parent / "games" / info.package / "lesson.py").is_file()
