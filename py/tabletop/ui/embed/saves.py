"""A reader's games in a wiki's frame (README, "Saves in a frame").

A frame from another site gets its storage as the reader's browser decides: refused (saves are off,
said by screens/common.saves_off_note) or, as browsers ship today, *partitioned*: it works, but is
kept under the wiki's site, apart from the full app and from the same game on any other wiki. So
that each Play does not start (and autosave) another game that nothing lists, the embed's first
screen lists the games this frame keeps, offers "Continue your game" for the newest one in progress,
and says where they are kept. "Open in full app" carries the game at the table over in its link.

The choices are browser-free (``to_continue``, ``kept_games``, ``where_kept``); ``continue_offer`` and
``kept_list`` draw them on the embed's first screen (screens/embed.py) from its ``ScreenContext``;
their buttons ask ``Actions`` (continue_game, confirm_delete).
"""

from __future__ import annotations

from typing import Any

from tabletop.ui.web.dom import El, h


def kept_games(store: Any, game_id: str) -> list[dict[str, Any]]:
    """This game's saves in this frame's storage: games in progress, then copies kept at a move
    ("Keep a copy…"), then finished games, each newest first."""
    if not store.available:
        return []
    games = [r for r in store.list() if r["game"] == game_id]
    playing = [r for r in games if not r.get("finished") and not r.get("kept")]
    return playing + [r for r in games if r.get("kept")] + [r for r in games if r.get("finished") and not r.get("kept")]


def to_continue(store: Any, game_id: str) -> dict[str, Any] | None:
    """The game a second visit's Play goes back to: the newest of this game still in progress."""
    return next((r for r in kept_games(store, game_id) if not r.get("finished") and not r.get("kept")), None)


def starts_at_once(store: Any, game_id: str, url_seed: int | None) -> bool:
    """Play was pressed on the preview: the game starts as the address asks at once, unless a link's
    seed (said on the start screen first) or a kept game (offered to continue) waits."""
    return url_seed is None and to_continue(store, game_id) is None


def where_kept(partitioned: bool, wiki: str | None) -> str | None:
    """Where a frame's games are kept, in words, when that is not simply "in this browser"."""
    if not partitioned:
        return None
    place = f"for {wiki} only" if wiki else "for this page's site only"
    return (
        f"Games played here are kept in this browser {place}: the full app does not see them. "
        "Open in full app takes the game at the table along."
    )


def facts(record: dict[str, Any]) -> str:
    """One line about a kept game: who plays, how far, when."""
    from tabletop.ui.screens.common import when
    from tabletop.ui.screens.home import result_words

    names = ", ".join(s["name"] for s in record["seats"])
    moves = len(record["moves"])
    where = f"kept at move {moves}" if record.get("kept") else result_words(record) if record.get("finished") else f"move {moves}"
    return " · ".join(f for f in (names, where, when(record.get("saved_at"))) if f)


def partitioned(saves: Any) -> str | None:
    """The wiki's host when this frame's storage works but is kept under another site's (a frame
    from a wiki, as browsers ship: "" when the browser does not name it); None otherwise."""
    from tabletop.ui.web import browser

    return browser.top_site() if saves.available else None


def continue_offer(ctx: Any, act: Any, game_id: str) -> El | None:
    """At the top of the embed's first screen: Continue your game (the newest in progress), and
    where this frame's games are kept when that is the wiki's site."""
    wiki = partitioned(ctx.saves)
    current = to_continue(ctx.saves, game_id)
    if wiki is None and current is None:
        return None
    return h(
        "div.embed-continue",
        h("button#embed-continue.primary", {"type": "button"}, "Continue your game", on_click=lambda _e: act.continue_game(current))
        if current
        else None,
        h("small", facts(current)) if current else None,
        h("p.hint.embed-kept-where", where_kept(True, wiki)) if wiki is not None else None,
    )


def kept_list(ctx: Any, act: Any, game_id: str) -> El | None:
    """The games this frame keeps, each with Continue (in progress) and Delete."""
    games = kept_games(ctx.saves, game_id)
    if not games:
        return None
    title = ctx.games[game_id].TITLE
    return h(
        "div.section.embed-kept",
        h("h2", "Your games here"),
        h(
            "ul.saved-list",
            [
                h(
                    "li.saved-item",
                    h("div.meta", h("strong", r.get("name") or title), h("small", facts(r))),
                    h(
                        "div.button-row",
                        None
                        if r.get("finished") and not r.get("kept")
                        else h(
                            "button",
                            {
                                "type": "button",
                                "aria-label": f"{'Play on from' if r.get('kept') else 'Continue'} the game at move {len(r['moves'])}",
                            },
                            "Play from here" if r.get("kept") else "Continue",
                            on_click=lambda _e, r=r: act.continue_game(r),
                        ),
                        h(
                            "button.danger",
                            {"type": "button", "aria-label": f"Delete the game at move {len(r['moves'])}"},
                            "Delete",
                            on_click=lambda _e, r=r: act.confirm_delete(r),
                        ),
                    ),
                )
                for r in games
            ],
        ),
    )
