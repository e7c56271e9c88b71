"""Tower Battle (Bill de Veas, 2020): two players race to raise a tower five cards high.

The engine state is a whole match; see ``rules`` (a turn, battles, the special
cards), ``match`` (games, scoring, the target), ``view`` (what one seat sees) and
``guide`` (the in-app rules page).
"""

from typing import Any

from tabletop.games.tower_battle.deck import SEAT_NAMES
from tabletop.games.tower_battle.guide import GUIDE
from tabletop.games.tower_battle.match import DEFAULT_OPTIONS, OPTION_CHOICES, OPTION_LABELS
from tabletop.games.tower_battle.moves import (
    ChooseScoringCard,
    DeclareBattle,
    DeclineBattle,
    DiscardCard,
    PlayCard,
    move_from_json,
    move_to_json,
)
from tabletop.games.tower_battle.rules import apply, epoch, legal_moves, new_game, outcome, to_act
from tabletop.games.tower_battle.state import State
from tabletop.games.tower_battle.view import VIEW_BOUNDS, view

ID = "tower-battle"
TITLE = "Tower Battle"
BLURB = "Raise a tower five cards high while your rival's Assassins, Knaves and battles knock it down."
MIN_PLAYERS = 2
MAX_PLAYERS = 2
HIDDEN_INFORMATION = True


def default_options() -> dict[str, Any]:
    """Simple scoring to 3 points, no TNT, random first player."""
    return dict(DEFAULT_OPTIONS)


__all__ = [
    "ID",
    "TITLE",
    "BLURB",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "HIDDEN_INFORMATION",
    "SEAT_NAMES",
    "OPTION_LABELS",
    "OPTION_CHOICES",
    "GUIDE",
    "State",
    "new_game",
    "legal_moves",
    "apply",
    "view",
    "to_act",
    "outcome",
    "epoch",
    "default_options",
    "move_to_json",
    "move_from_json",
    "PlayCard",
    "DiscardCard",
    "DeclareBattle",
    "DeclineBattle",
    "ChooseScoringCard",
    "VIEW_BOUNDS",
]
