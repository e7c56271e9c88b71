"""An embed's first screen: the game, who the reader plays against (as the address asks, and
theirs to change), and Start; and that choice of opponent, which a position diagram's
"Play from here" offers too (screens/diagram.py)."""

from __future__ import annotations

from typing import Any

from tabletop.ui.embed import saves as embed_saves
from tabletop.ui.screens.common import saves_off_note
from tabletop.ui.shell.actions import Actions
from tabletop.ui.shell.context import ScreenContext
from tabletop.ui.table import link_seed
from tabletop.ui.web.dom import El, h


def start_screen(ctx: ScreenContext, act: Actions, game_id: str, form: dict[str, Any], problems: list[str], open_full: str) -> El:
    """``form`` is the embed's setup read from its address (``problems``: what was not understood);
    ``open_full`` the full app's address for this game."""
    module = ctx.games[game_id]
    again = embed_saves.to_continue(ctx.saves, game_id) is not None  # a second visit: its game waits
    return h(
        "div.embed.embed-start",
        h(
            "div.embed-bar",
            h("h1", module.TITLE),
            h("a#open-full.button", {"href": open_full, "target": "_blank", "rel": "noopener"}, "Open in full app"),
        ),
        h("p", module.BLURB),
        embed_saves.continue_offer(ctx, act, game_id),
        opponent_choice(form),
        h("p.hint", "Not understood in this page's link, so left as usual: " + "; ".join(problems) + ".") if problems else None,
        saves_off_note(ctx),
        link_seed.note(ctx, act, form, module),
        h(
            "button#embed-start" + ("" if again else ".primary"),
            "Start a new game" if again else "Start a game",
            on_click=lambda _e: act.start_game(game_id, form, embed=True),
        ),
        embed_saves.kept_list(ctx, act, game_id),
    )


def opponent_choice(form: dict[str, Any]) -> El:
    """Who the reader plays against in an embed: the computer at a level, or people at this device."""
    from tabletop.levels import LEVELS

    seats = form["seats"][: form["players"]]
    computer = next((s for s in seats if s["kind"] == "computer"), None)
    current = computer["level"] if computer else "people"

    you = next((i for i, s in enumerate(seats) if s["kind"] == "human"), 0)  # the seat the address gave the reader

    def choose(event: Any) -> None:
        value = str(event.target.value)
        for i, seat in enumerate(form["seats"]):
            seat["kind"] = "human" if value == "people" or i == you else "computer"
            seat["level"] = value if value in LEVELS else seat["level"]

    others = "the others" if form["players"] > 2 else "a friend"
    return h(
        "label.embed-opponent",
        {"for": "embed-opponent"},
        "Play against",
        h(
            "select#embed-opponent",
            [h("option", {"value": lv, "selected": current == lv}, f"the computer ({lv})") for lv in LEVELS],
            h("option", {"value": "people", "selected": current == "people"}, f"{others} at this device"),
            on_change=choose,
        ),
    )
