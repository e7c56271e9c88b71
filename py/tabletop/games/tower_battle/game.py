"""The engine contract (engine/protocol.py) of Tower Battle: loaded the first time the game is
played (engine/lazy.py); the package's ``__init__`` says what the game is and what each module holds."""

from tabletop.games.tower_battle.facts import (
    BLURB,
    EVENT_KINDS,
    HIDDEN_INFORMATION,
    ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTION_CHOICES,
    OPTION_LABELS,
    SEAT_NAMES,
    TITLE,
    default_options,
)
from tabletop.games.tower_battle.guide import GUIDE
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
from tabletop.games.tower_battle.telling import tell
from tabletop.games.tower_battle.views import VIEW_BOUNDS, finished_games, view

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
    "EVENT_KINDS",
    "tell",
    "finished_games",
]
