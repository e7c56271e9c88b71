"""Towers of Wyoming (Jonathan A. Leistikio, Invisible City Productions, 2000).

A speedy card game for 2-4 builders: play cards of one suit to build a tower
taller than the pennies left in the Settling Sky, or knock down your rivals'
towers with the opposing suit. Modules: ``deck`` (the 100 cards, opposition),
``rules`` (state, moves, the turn), ``view`` (what a seat sees), ``guide`` (the
in-app rules page).

>>> import tabletop.games.towers_of_wyoming as tw
>>> s = tw.new_game(4, {}, seed=1)
>>> tw.to_act(s), len(tw.view(s, 0)["hand"]), tw.view(s, 0)["sky"]
(0, 7, 10)
"""

from typing import Any

from tabletop.games.towers_of_wyoming.guide import GUIDE
from tabletop.games.towers_of_wyoming.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Discard,
    Play,
    State,
    apply,
    default_options,
    epoch,
    legal_moves,
    move_from_json,
    move_to_json,
    new_game,
    outcome,
    to_act,
)
from tabletop.games.towers_of_wyoming.view import VIEW_BOUNDS, view

ID = "towers-of-wyoming"
TITLE = "Towers of Wyoming"
BLURB = "Race to build a one-suit tower taller than the Settling Sky, and knock down your rivals' towers with the opposing suit."
HIDDEN_INFORMATION = True
SEAT_NAMES = None
OPTION_LABELS = {
    "three_player_two_foundations": "3 players: two foundations each and a Sky of 8",
    "sudden_death": "Sudden Death: no reshuffle; when the cards run out, the tallest tower wins",
    "contractual_deadlines": "Contractual Deadlines: a builder with no tower at a reshuffle is out",
    "tidal_influences": "Tidal Influences: Sky starts at 8; toss its pennies at each reshuffle",
    "wheel_of_opposition": "Wheel of Opposition: clubs > diamonds > spades > hearts > clubs, one way",
    "finicky_clients": "Finicky Clients: a tower must match the Sky exactly",
}
OPTION_CHOICES: dict[str, list[Any]] = {}
OPTION_PLAYERS = {"three_player_two_foundations": (3,)}  # an option that means something only at these player counts

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
    "Play",
    "Discard",
    "new_game",
    "legal_moves",
    "apply",
    "view",
    "VIEW_BOUNDS",
    "to_act",
    "outcome",
    "default_options",
    "move_to_json",
    "move_from_json",
    "epoch",
]
