"""Position diagrams: ``?embed=GAME&position=CODE`` draws one moment of a game, read only, with
"Play from here" where the game allows it; the table's "Embed this position…" writes the code
into the snippets a wiki editor pastes (ui/embed/snippets.py). engine/position_codes.py holds the
codes and decides what may be played on; this module only draws.

The board is the game's own renderer on the decoded view with no moves to offer, inside an
``inert`` box, as the history screen draws one (screens/replay.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.engine.errors import SaveError
from tabletop.engine.position_codes import Position, play_refusal, read_position
from tabletop.ui.render import TableContext, renderer_for
from tabletop.ui.screens.common import notices
from tabletop.ui.screens.embed import opponent_choice
from tabletop.ui.screens.table import LOG_SHOWN, log_panel
from tabletop.ui.shell.actions import Actions
from tabletop.ui.shell.context import ScreenContext
from tabletop.ui.table.wording import log_lines, seat_label
from tabletop.ui.web.dom import El, h

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule


class Seated:
    """Who sits where in a position, in the shape the table's wording helpers ask for."""

    def __init__(self, module: GameModule, names: list[str]):
        self.module = module
        self.seats = [{"name": n, "kind": "human", "level": None} for n in names]

    def name(self, seat: int | None) -> str:
        return str(self.seats[seat]["name"]) if seat is not None else "Nobody"


def decoded(games: Any, code: str) -> Position | SaveError:
    """The address's position, or why it cannot be shown (the app reads it once and keeps it)."""
    try:
        return read_position(code, games)
    except SaveError as exc:
        return exc
    except Exception as exc:  # a check that failed is still a refused code, said as such
        return SaveError("corrupt", f"the code could not be checked ({type(exc).__name__})")


def render(ctx: ScreenContext, act: Actions, game_id: str, found: Position | SaveError, refused: Callable[[], El], open_full: str) -> El:
    """The diagram, or (for a code that cannot be read) why, above ``refused()`` (the game's usual
    start). ``open_full``: the full app's address of this position."""
    if isinstance(found, Position) and found.game != game_id:
        found = SaveError("foreign", f"it is a position of {ctx.games[found.game].TITLE}, not of {ctx.games[game_id].TITLE}")
    board = None
    if isinstance(found, Position):
        try:
            board = draw(ctx, act, found)
        except Exception:  # a view the renderer cannot read: tampered, or from another version
            found = SaveError("corrupt", "its table could not be drawn: the code is damaged")
    if isinstance(found, SaveError):
        return h(
            "div.position-refused",
            h("p#position-error.notice.error", {"role": "alert"}, f"This position could not be shown: {found}."),
            refused(),
        )
    assert board is not None
    return diagram(ctx, act, found, board, open_full)


def draw(ctx: ScreenContext, act: Actions, pos: Position) -> El:
    module = ctx.games[pos.game]
    viewer: Any = pos.seat  # None (a spectator) is a viewer: render/ is checked without strict None
    table = TableContext(
        module=module,
        view=pos.view,
        legal=[],
        names=list(pos.names),
        viewer=viewer,
        play=lambda _m: None,
        refresh=act.refresh,
        ui={},
        notify=act.notify,
        settings=ctx.settings,
    )
    board: El = renderer_for(module.ID).render(table)
    return board


def turn_line(pos: Position, seated: Seated) -> str:
    to_act = pos.view.get("to_act")
    if pos.view.get("outcome"):
        return "The game is over."
    if isinstance(to_act, int) and not isinstance(to_act, bool) and 0 <= to_act < len(pos.names):
        return f"{seat_label(seated, to_act)} to play."
    return ""


def diagram(ctx: ScreenContext, act: Actions, pos: Position, board: El, open_full: str) -> El:
    module = ctx.games[pos.game]
    seated = Seated(module, pos.names)
    refusal = play_refusal(module, pos)
    form = {"players": len(pos.save["seats"]), "seats": [dict(s) for s in pos.save["seats"]]} if pos.save else None
    if refusal is None and form is not None:
        chosen = form
        offer: El = h(
            "div.position-play",
            opponent_choice(chosen),
            h("button#play-from-here.primary", "Play from here", on_click=lambda _e: act.play_from_position(pos, chosen)),
            h("a#open-full.button", {"href": open_full, "target": "_blank", "rel": "noopener"}, "Open in full app"),
        )
    else:
        offer = h("p#play-refusal.hint", refusal)
    whose = "Read only: " + pos.caption + "." if pos.exact else f"Read only, {pos.caption}: nobody else's cards are in it."
    return h(
        "section.table-screen.position-screen",
        {"data-screen": "position", "data-game": module.ID, "data-exact": "1" if pos.exact else "0", "aria-labelledby": "position-title"},
        notices(ctx, act),
        h("div.table-bar", h("h1#position-title", module.TITLE), h("p#position-whose.replay-whose", whose, " ", turn_line(pos, seated))),
        offer,
        h(
            "div.table-layout",
            h("div.table-main.replay-board", {"inert": True}, board),
            h("aside.table-side", log_panel(log_lines(seated, pos.view, last=LOG_SHOWN))),
        ),
    )
