"""Settings: defaults for new games, and the state of storage."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.engine.names import MAX_NAME_LENGTH, clean_name
from tabletop.engine.words import sentence, some
from tabletop.ui.screens.common import notices, page, storage_full_text, when
from tabletop.ui.shell.actions import Actions
from tabletop.ui.shell.context import ScreenContext
from tabletop.ui.web.dom import El, Handler, h

# What the setting changes, game by game: Tower War's trembling hand is part of its rules (the
# tremble decides where a piece lands), so it trembles either way; only what is drawn calms down.
REDUCE_MOTION_WORDS = (
    "Pieces jump into place instead of sliding, and Tower War's tower neither sways nor falls on screen: "
    "a fallen tower is simply shown fallen. Tower War's hand still trembles while you hold a piece, "
    "because the tremble decides where the piece lands."
)

# For a tablet lying flat between the players: each keeps their own edge of the table all game.
FACE_TO_FACE_WORDS = (
    "For a tablet lying flat between the players. The first player sits at the bottom edge, the second at the top: "
    "each side's things face its player, and the question, buttons and curtain turn to whoever's turn it is. "
    "In Towers of Wyoming with three or four builders, the second sits at the left edge, the third at the top "
    "and the fourth at the right."
)


def render(ctx: ScreenContext, act: Actions) -> El:
    settings = ctx.settings
    names = (list(settings.get("names") or []) + [""] * 4)[: max(4, len(settings.get("names") or []))]

    def set_name(i: int) -> Handler:
        def handler(event: Any) -> None:
            names[i] = clean_name(str(event.target.value))
            act.update_settings(names=names)

        return handler

    def set_flag(key: str) -> Handler:
        return lambda event: act.update_settings(**{key: bool(event.target.checked)})

    store = ctx.saves
    storage = (
        "Saves are off: this browser refuses storage here (private window or embedded page)."
        if not store.available
        else storage_full_text(store.usage())
        if store.full
        else "Saved games are kept in this browser."
    )
    return page(
        "Settings",
        notices(ctx, act),
        backups(ctx, act),
        h(
            "fieldset",
            h("legend", "Usual players"),
            h("p.hint", "Names filled in for you on the new-game screen."),
            [
                h(
                    "div.seat-row",
                    h("label", {"for": f"default-name-{i}"}, f"Seat {i + 1}"),
                    h(
                        "input",
                        {
                            "id": f"default-name-{i}",
                            "type": "text",
                            "maxlength": str(MAX_NAME_LENGTH),
                            "value": names[i] if i < len(names) else "",
                        },
                        on_change=set_name(i),
                    ),
                )
                for i in range(4)
            ],
        ),
        table_fieldset(settings, set_flag),
        h(
            "fieldset",
            h("legend", "Storage"),
            h("p", storage),
            h("p.hint", sentence(some(len(store.set_aside_records()), "damaged record") + " set aside.")),
        ),
    )


def table_fieldset(settings: dict[str, Any], set_flag: Callable[[str], Handler]) -> El:
    """How the table looks and behaves: motion, the curtain, face to face."""

    def flag(key: str, label: str, hint: str | None = None, default: bool = False) -> list[El | None]:
        ident = "setting-" + key.replace("_", "-")
        attrs = {"type": "checkbox", "checked": bool(settings.get(key, default)), "aria-describedby": f"{ident}-hint" if hint else None}
        box = h("label", h(f"input#{ident}", attrs, on_change=set_flag(key)), label)
        return [box, h(f"p.hint#{ident}-hint", hint) if hint else None]

    return h(
        "fieldset",
        h("legend", "Table"),
        flag("reduce_motion", "Reduce motion", REDUCE_MOTION_WORDS),
        flag("curtain", "Hide hands between players (pass-the-device curtain)", default=True),
        flag("face_to_face", "Face to face", FACE_TO_FACE_WORDS),
    )


def backups(ctx: ScreenContext, act: Actions) -> El:
    """Your games: whether the browser keeps them, one file with all of them, and back."""
    from tabletop.ui.saves.backup import keeping_words

    last = ctx.settings.get("backed_up_at")
    return h(
        "fieldset#backups",
        h("legend", "Your games"),
        h("p#storage-keeping", keeping_words(ctx.saves.persistent)),
        h("p.hint", f"Last backup: {when(last)}." if isinstance(last, (int, float)) else "No backup made in this browser yet."),
        h(
            "div.button-row",
            h("button#back-up-all", {"type": "button"}, "Back up all games", on_click=lambda _e: act.back_up_all()),
            h("input#restore-file.visually-hidden", {"type": "file", "accept": ".json,application/json"}, on_change=act.restore_from_input),
            h("label.button.file-button", {"for": "restore-file"}, "Restore a backup…"),
        ),
        h("p.hint", "Restoring adds the games this browser does not have and brings on those the backup has further; nothing is removed."),
    )
