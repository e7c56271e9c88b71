"""Position codes: one moment of a game, for a diagram in a wiki page (``?embed=GAME&position=CODE``).

Two kinds, told apart by the code's first letter:

- ``g1.…`` **exact**: a game with no hidden information (The War of the Worlds) is shared whole,
  as a game link's code (engine/share.py). Decoding checks it exactly as an imported file is
  checked, moves replayed, so the diagram is the position itself and can be played on.
- ``p1.…`` **as one seat saw it**: a card game is shared as the sharing seat's view, which the
  game's own ``view(state, seat)`` has already stripped of what that seat may not see. The code
  holds that view plus the game, options, seat and names: never the seed, never another hand.
  Every number and list in the view is checked against the game's ``VIEW_BOUNDS``
  (engine/bounds.py) on reading, so no renderer is asked to draw a hand of a million cards.

Playing on from a seat's view needs the unseen cards dealt afresh. That is a rules question, so
the game module answers it: a module that offers ``deal_from_view(view, seat, seed)`` can be
played on; none of the card games offers one yet, and ``play_refusal`` says so in one line.

>>> from tabletop.games import GAMES
>>> tb = GAMES["tower-battle"]
>>> code = seen_code(tb, tb.new_game(2, {}, 99), 0, ["Ana", "Ben"])
>>> code[:3], read_position(code, GAMES).caption
('p1.', 'as Ana saw it')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.engine.bounds import check_bounds
from tabletop.engine.errors import SaveError
from tabletop.engine.hooks import game_hook
from tabletop.engine.names import clean_name
from tabletop.engine.saves import check_options, clean_seat, load_json, replay
from tabletop.engine.share import pack_json, save_from_code, save_to_code, text_from_code

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule

POSITION_VERSION = "p1"
FORMAT = "towers-and-worlds-position"
MAX_POSITION_CHARS = 32 * 1024  # a seen position's code; real ones are 1-3 KB (a view deflates ~5x)


@dataclass
class Position:
    """A decoded position: the game, whose eyes, the view to draw; ``save`` for an exact one."""

    game: str
    options: dict[str, Any]
    names: list[str]
    seat: int | None  # whose view (None: anyone at the table, a spectator)
    view: dict[str, Any]
    save: dict[str, Any] | None = None
    state: Any = field(default=None, repr=False)

    @property
    def exact(self) -> bool:
        return self.save is not None

    @property
    def caption(self) -> str:
        """Whose eyes the diagram shows, as the diagram says it."""
        if self.exact:
            return "the exact position"
        return f"as {self.names[self.seat]} saw it" if self.seat is not None else "as anyone at the table saw it"


def position_code(module: GameModule, save: Mapping[str, Any], state: Any, seat: int | None) -> str:
    """The code of the position at the table: the whole game where nothing is hidden, else what
    ``seat`` sees (the seat whose view is on the screen)."""
    if not module.HIDDEN_INFORMATION:
        return save_to_code(save)
    return seen_code(module, state, seat, [s["name"] for s in save["seats"]], save["options"])


def seen_code(module: GameModule, state: Any, seat: int | None, names: list[str], options: Mapping[str, Any] | None = None) -> str:
    """A card game's position as ``seat`` sees it: its view and nothing else of the state."""
    data = {
        "format": FORMAT,
        "game": module.ID,
        "options": dict(options or {}),
        "seat": seat,
        "names": list(names),
        "view": module.view(state, seat),
    }
    return pack_json(data, POSITION_VERSION)


def read_position(code: str, games: Mapping[str, GameModule]) -> Position:
    """The position a code holds, checked as an imported file is; SaveError says what is wrong."""
    code = code.strip()
    if code.startswith("g"):
        return exact_position(save_from_code(code, games), games)
    if len(code) > MAX_POSITION_CHARS:
        raise SaveError(
            "too-large", f"the position's code is too long ({len(code) // 1024} KB; the limit is {MAX_POSITION_CHARS // 1024} KB)"
        )
    data = load_json(text_from_code(code, POSITION_VERSION), "the position")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("foreign", "this code does not hold a Towers & Worlds position")
    game = data.get("game")
    if not isinstance(game, str) or game not in games:
        raise SaveError("unknown-game", "this position is of a game this app does not have")
    module = games[game]
    if not module.HIDDEN_INFORMATION:
        raise SaveError("foreign", f"a position of {module.TITLE} is shared whole, as a game code (g1.…), not as one player's view")
    names, seat, view = data.get("names"), data.get("seat"), data.get("view")
    if not isinstance(names, list) or not module.MIN_PLAYERS <= len(names) <= module.MAX_PLAYERS:
        raise SaveError("corrupt", f"the position does not list the players of a game of {module.TITLE}")
    names = [clean_seat({"name": n}, i)["name"] for i, n in enumerate(names)]
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names)):
        raise SaveError("corrupt", "the position names a seat that is not at the table")
    if not isinstance(view, dict) or view.get("game", game) != game or view.get("seat") != seat:
        raise SaveError("corrupt", "the position's table is not one this game shows")
    check_bounds(view, getattr(module, "VIEW_BOUNDS", {}), module.TITLE)  # before any renderer counts what it says
    options = check_options(data.get("options", {}))
    return Position(game, options, names, seat, earlier_log_named(dict(view), names))


PLAYER_N = re.compile(r"\bPlayer ([1-4])\b")


def earlier_log_named(view: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A code written before the games told events carries its log as English lines, where a game
    without sides called a seat "Player 1"…: those seats said by the code's own names (sides, as
    "Red", read as written).

    >>> earlier_log_named({"log": ["Player 2 wins: a tower of 10 cards."]}, ["Ana", "Ben"])["log"]
    ['Ben wins: a tower of 10 cards.']
    """

    def named(m: re.Match[str]) -> str:
        seat = int(m.group(1)) - 1
        return names[seat] if seat < len(names) else m.group(0)

    if isinstance(view.get("log"), list):
        view["log"] = [PLAYER_N.sub(named, line) if isinstance(line, str) else line for line in view["log"]]
    return view


def exact_position(save: dict[str, Any], games: Mapping[str, GameModule]) -> Position:
    """A whole game shared as a position: replayed (every move checked), drawn as everyone sees it."""
    module = games[save["game"]]
    if module.HIDDEN_INFORMATION:
        raise SaveError(
            "foreign", f"a position of {module.TITLE} is shared as one player saw it, not as a whole game with its hidden cards"
        )
    state = replay(module, save)
    names = [clean_name(seat["name"]) for seat in save["seats"]]
    return Position(module.ID, dict(save["options"]), names, None, module.view(state, None), save=save, state=state)


def play_refusal(module: GameModule, position: Position) -> str | None:
    """Why "Play from here" is not offered, in one line; None where it is (see the module doc)."""
    if position.exact:
        return "No “Play from here”: this game is over." if module.outcome(position.state) is not None else None
    if game_hook(module, "deal_from_view") is None:
        who = position.names[position.seat] if position.seat is not None else "the table"
        return f"No “Play from here”: the rules of {module.TITLE} here cannot yet deal afresh the cards {who} could not see."
    return None
