"""Fallback table for a game whose own renderer has not landed: its legal moves as buttons."""

from __future__ import annotations

import json
from typing import Any

from tabletop.ui.render import TableContext
from tabletop.ui.web.dom import El, h


def move_label(data: dict[str, Any]) -> str:
    rest = {k: v for k, v in data.items() if k != "kind"}
    kind: str = data["kind"]
    return kind.replace("_", " ") + (" " + json.dumps(rest) if rest else "")


def render(ctx: TableContext) -> El:
    moves = [
        h(
            "li",
            h("button", {"data-move": json.dumps(ctx.move_json(m))}, move_label(ctx.move_json(m)), on_click=lambda _e, m=m: ctx.play(m)),
        )
        for m in ctx.legal
    ]
    return h("div.panel.generic-table", h("h2", "Moves"), h("ul.stack", {"role": "list"}, moves) if moves else h("p", "Waiting…"))
