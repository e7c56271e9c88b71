"""The contract every game module offers (README, "A short tour": the rules never import the browser).

A game is a module (``tabletop.games.<package>``) with these functions and
attributes. ``GameModule`` below holds each game to it under mypy (typed assignments in
``tabletop/games/__init__.py``, run by ``build.py test``), and ``tests/games/test_contract.py``
checks every registered game at run time.

Functions
---------
``new_game(seats: int, options: dict[str, Any] | None, seed: int) -> State``
    Deal, shuffle and set up. ``seats`` is the number of players (0-based seats);
    ``options`` missing keys take ``default_options()``.
``legal_moves(state) -> list[Move]``
    Every decision open to ``to_act(state)``; empty once the game is over. Where
    placements are continuous (Tower War), a finite representative set.
``apply(state, move) -> State``
    A NEW state; the old one is untouched. An illegal move raises ``IllegalMove``.
``view(state, seat: int | None) -> dict``
    JSON-able picture of the game as ``seat`` may see it (``None``: a spectator).
    A seat that is not one of the game's (-1, ``True``, the player count, "0") raises
    ValueError: every game checks it with ``checked_seat`` below.
    Never holds another seat's secrets. Every view has at least the keys
    ``to_act``, ``outcome`` (``Outcome.to_json()`` or None), ``events`` (what the
    moves did, as that seat may know it: engine/events.py) and ``epoch`` (see below).
``tell(event, names, view) -> str``
    One event in words, with the table's names for the seats (``Names``) and the board
    of ``view``; "" for an event the table shows otherwise (a card drawn into a hand).
``to_act(state) -> int | None``
    The seat whose decision it is; None when the game is over.
``outcome(state) -> Outcome | None``
    None while the game runs.
``default_options() -> dict``
    Variant switches (bool / int / str values) and their defaults.
``move_to_json(move) -> dict`` / ``move_from_json(data) -> Move``
    Stable JSON form of moves; bad data raises ``IllegalMove``.
``epoch(state) -> int``
    A counter that grows whenever chance acts or hidden information is revealed
    (a card drawn or turned, dice rolled). Hot-seat undo is allowed only while
    the epoch has not changed since the move being undone.

Attributes
----------
``ID`` (registry id), ``TITLE``, ``BLURB`` (one line for the home screen),
``MIN_PLAYERS``, ``MAX_PLAYERS``, ``HIDDEN_INFORMATION`` (True when a view holds
private information, so hot-seat play needs a hand-over curtain),
``SEAT_NAMES`` (default names per seat, e.g. ("Aliens", "Humans") or None),
``OPTION_LABELS`` (key -> label for the new-game screen), ``OPTION_CHOICES``
(key -> list of allowed values for str/int options offered as a choice) and ``EVENT_KINDS``
(every kind of event the game records).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from tabletop.engine.events import Event, Names
from tabletop.engine.moves import Move
from tabletop.engine.outcome import Outcome

State = Any

REQUIRED_FUNCTIONS = (
    "new_game",
    "legal_moves",
    "apply",
    "view",
    "to_act",
    "outcome",
    "default_options",
    "move_to_json",
    "move_from_json",
    "epoch",
    "tell",
)
REQUIRED_ATTRIBUTES = (
    "ID",
    "TITLE",
    "BLURB",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "HIDDEN_INFORMATION",
    "SEAT_NAMES",
    "OPTION_LABELS",
    "OPTION_CHOICES",
    "EVENT_KINDS",
)


class Facts(Protocol):
    """What a game is, read without loading its rules: its ``facts`` module (the registry's
    entries, a save's check)."""

    ID: str
    TITLE: str
    BLURB: str
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    HIDDEN_INFORMATION: bool

    # Read-only, so a game may declare narrower types (a pair of names, a table of str choices).
    @property
    def SEAT_NAMES(self) -> tuple[str, ...] | None: ...


class GameModule(Facts, Protocol):
    @property
    def OPTION_LABELS(self) -> Mapping[str, str]: ...
    @property
    def OPTION_CHOICES(self) -> Mapping[str, Sequence[object]]: ...
    @property
    def EVENT_KINDS(self) -> Sequence[str]: ...

    def new_game(self, seats: int, options: dict[str, Any] | None, seed: int) -> State: ...
    def legal_moves(self, state: State) -> list[Move]: ...
    def apply(self, state: State, move: Move) -> State: ...
    def view(self, state: State, seat: int | None) -> dict[str, Any]: ...
    def to_act(self, state: State) -> int | None: ...
    def outcome(self, state: State) -> Outcome | None: ...
    def default_options(self) -> dict[str, Any]: ...
    def move_to_json(self, move: Move) -> dict[str, Any]: ...
    def move_from_json(self, data: Any) -> Move: ...
    def epoch(self, state: State) -> int: ...
    def tell(self, event: Event, names: Names, view: dict[str, Any]) -> str: ...


def missing_parts(module: GameModule) -> list[str]:
    """Names of the contract's functions/attributes a module lacks (empty when complete)."""
    return [n for n in REQUIRED_FUNCTIONS + REQUIRED_ATTRIBUTES if not hasattr(module, n)]


def checked_seat(seat: object, players: int) -> int | None:
    """``seat`` when it is a seat of a ``players``-player game (0 .. players - 1) or None (a
    spectator); anything else raises ValueError, so no caller can read a view it has no seat for
    (a -1 that Python would count from the end, a ``True`` that counts as 1, a seat number as text).

    >>> checked_seat(1, 2), checked_seat(None, 2)
    (1, None)
    >>> checked_seat(True, 2)
    Traceback (most recent call last):
    ...
    ValueError: True is not a seat of this 2-player game (seats are 0 to 1; None is a spectator)
    """
    if seat is None:
        return None
    if type(seat) is not int or not 0 <= seat < players:
        raise ValueError(f"{seat!r} is not a seat of this {players}-player game (seats are 0 to {players - 1}; None is a spectator)")
    return seat
