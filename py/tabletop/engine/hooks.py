"""The optional half of the contract: what a game and its computer player MAY offer beyond
engine/protocol.py's required names, each declared once here with its default (a renderer's
optional parts are the browser side's: ui/render/contract.py).

Callers never look a hook up with ``getattr``/``hasattr``: they ask ``game_hook`` or
``ai_hook``, which return the part the module offers or the default
below (None where leaving it out means "this game does not do that"). A name that is not
declared here is refused, so a typo cannot quietly fall back to a default.

>>> import types
>>> game_hook(types.SimpleNamespace(), "OPTION_PLAYERS")
{}
>>> game_hook(types.SimpleNamespace(public_now=lambda state: True), "public_now")(None)
True
>>> game_hook(types.SimpleNamespace(), "public_nwo")
Traceback (most recent call last):
...
KeyError: 'public_nwo is not an optional part of a game (engine/hooks.py)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from tabletop.engine.protocol import Facts

State = Any
View = dict[str, Any]


# ---------------------------------------------------------------- a game module (tabletop.games.<package>)
class OptionalGame(Protocol):
    def public_now(self, state: State) -> bool:
        """Nothing private is on screen now (Tower War's face-up draft): no hand-over, the
        person to act sees their own view. Default: never."""
        ...

    @property
    def OPTION_PLAYERS(self) -> Mapping[str, Sequence[int]]:
        """Option -> the player counts it means anything at (Towers of Wyoming's two
        foundations for three). Default: every option at every count."""
        ...

    @property
    def PLURAL_SEAT_NAMES(self) -> bool:
        """The side names (``SEAT_NAMES``) are peoples, said as plurals: "Aliens win", "the
        Humans' medium" (engine/words.py). Default: singular ("Red wins")."""
        ...

    @property
    def FORCED_PASSES(self) -> Mapping[str, str]:
        """Move kind -> the words for it ("{name} had nothing that could move…"): a pass the rules
        offer only when nothing else is legal. When it is a person's only legal move the table plays
        it for them and says so (ui/table/session.py); the rules, not the table, decided it was the only
        move. Default: none."""
        ...

    def deal_from_view(self, view: View, seat: int | None, seed: int) -> State:
        """A whole state consistent with what ``seat`` saw (a position diagram played on).
        Default: none, so a diagram of a hidden-card game offers no "Play from here"."""
        ...

    def finished_games(self, view: View) -> int:
        """How many games of a match are over (Tower Battle: a match is games to a target of
        points, kept in its Outcome's scores): the table stops between two games to show the
        end of the one just finished. Default: none (a game is not a match)."""
        ...


def never_public(state: State) -> bool:
    return False


GAME_DEFAULTS: dict[str, Any] = {
    "public_now": never_public,
    "OPTION_PLAYERS": {},
    "PLURAL_SEAT_NAMES": False,
    "FORCED_PASSES": {},
    "deal_from_view": None,
    "finished_games": None,
}


# ---------------------------------------------------------------- a computer player (tabletop.games.<package>.ai)
class OptionalAI(Protocol):
    def searcher(self, view: View, legal: list[Any], seat: int, level: str, rng: Any, memory: dict[str, Any]) -> Any:
        """The whole decision, any algorithm. Default: none (``determinize`` drives the shared search)."""
        ...

    def determinize(self, view: View, seat: int, rng: Any) -> State:
        """A full state consistent with the view, for the shared tree search. Default: none
        (with neither this nor ``searcher`` the computer chooses at random)."""
        ...

    def evaluate(self, state: State) -> list[float]:
        """A value per seat in 0..1 (cut-off playouts). Default: none (playouts run to the end)."""
        ...

    def rollout_move(self, state: State, legal: list[Any], rng: Any) -> Any:
        """The playout policy. Default: none (a random legal move)."""
        ...

    def fast_apply(self, state: State, move: Any) -> State:
        """An unchecked ``apply`` for the search. Default: none (the game's own ``apply``)."""
        ...

    def seat_count(self, view: View) -> int:
        """How many seats the game in ``view`` has. Default: none (read from the view, see ai/)."""
        ...

    @property
    def TREE(self) -> Mapping[str, Mapping[str, Any]]:
        """Level -> tree-search options (``rollout_depth``, ``iterations``). Default: none set."""
        ...

    @property
    def BUDGETS(self) -> Mapping[str, Any]:
        """Level -> ``ai.levels.Budget``. Default: none (the shared ``ai.levels.BUDGETS``)."""
        ...

    @property
    def LEVEL_NOTES(self) -> Mapping[str, str]:
        """Level -> a sentence for the help page. Default: none."""
        ...


AI_DEFAULTS: dict[str, Any] = {
    "searcher": None,
    "determinize": None,
    "evaluate": None,
    "rollout_move": None,
    "fast_apply": None,
    "seat_count": None,
    "TREE": {},
    "BUDGETS": None,
    "LEVEL_NOTES": None,
}


def optional_part(owner: object, name: str, defaults: dict[str, Any], what: str, where: str = "engine/hooks.py") -> Any:
    """``owner``'s part ``name``, or its default; a name ``defaults`` does not declare is refused."""
    if name not in defaults:
        raise KeyError(f"{name} is not an optional part of {what} ({where})")
    found = getattr(owner, name, None) if owner is not None else None
    return defaults[name] if found is None else found


def game_hook(module: Facts, name: str) -> Any:
    """A game module's optional part ``name``, or its default (see ``OptionalGame``)."""
    return optional_part(module, name, GAME_DEFAULTS, "a game")


def ai_hook(ai: object, name: str) -> Any:
    """A computer player's optional part ``name`` (None for a game with no ai module), or its
    default (see ``OptionalAI``)."""
    return optional_part(ai, name, AI_DEFAULTS, "a computer player")
