"""The table: the game's own renderer plus what every game shares (turn banner, log,
undo, curtain, end screen)."""

from __future__ import annotations

import re

from tabletop.ui.dom import El, h
from tabletop.ui.render import TableContext, renderer_for
from tabletop.ui.screens.common import notices

PLAYER_N = re.compile(r"\bPlayer (\d)\b")


def with_names(text: str, session, end: bool = False) -> str:
    """Engines without side names say "Player 2"; the table says the person's name. An end
    reason (``end``) of a game with sides goes through its renderer's ``names_in_end_reason``
    where it has one ("Red wins the war" -> "Ana (Red) wins the war")."""
    if session.module.SEAT_NAMES:
        put_names = getattr(renderer_for(session.module.ID), "names_in_end_reason", None) if end else None
        return put_names(text, [seat_label(session, i) for i in range(len(session.seats))]) if put_names else text

    def name(match: re.Match) -> str:
        seat = int(match.group(1)) - 1
        return session.name(seat) if 0 <= seat < len(session.seats) else match.group(0)

    return PLAYER_N.sub(name, text)


def seat_label(session, seat: int) -> str:
    """"Ana (Aliens)" where the game has sides, else just the name."""
    sides = session.module.SEAT_NAMES
    side = f" ({sides[seat]})" if sides and sides[seat] != session.name(seat) else ""
    return session.name(seat) + side


def curtain(app, session, seat: int) -> El:
    """The hand-over screen. It shows only the public log (what everyone at the table saw),
    so whoever just moved sees how it turned out before passing the device."""
    name = session.name(seat)
    recent = (session.module.view(session.state, None).get("log") or [])[-3:]
    return h("div.curtain", {"role": "dialog", "aria-modal": "true", "aria-labelledby": "curtain-title", "data-curtain": str(seat)},
             h("ul.curtain-recent", {"aria-label": "What just happened"}, [h("li", with_names(line, session)) for line in recent]) if recent else None,
             h("h2#curtain-title", "Pass the device to ", h("span.curtain-name", name)),
             h("p", f"Only {name} should look at the screen now."),
             h("button#curtain-go", f"I am {name}: show my game", on_click=lambda _e: app.pass_to(seat)))


def end_banner(app, session, outcome) -> El:
    if outcome.is_draw:
        headline = "A draw"
    else:
        headline = " and ".join(session.name(w) for w in outcome.winners) + (" win" if len(outcome.winners) > 1 else " wins")
    return h("div.end-screen", {"role": "status", "data-end": "1"},
             h("h2", headline), h("p", with_names(outcome.reason, session, end=True)),
             h("div.button-row", {"style": "justify-content:center"},
               h("button.primary", "Play again", on_click=lambda _e: app.rematch()),
               h("a.button", {"href": "#/"}, "Back to the games")))


def side_panel(app, session, view: dict) -> El:
    undo = session.undo_status()
    log = view.get("log") or []
    return h("aside.table-side",
             h("div.panel",
               h("h2", "Players"),
               h("ul.seat-list", [h("li", {"aria-current": "true" if i == session.to_act else None},
                                    ("▶ " if i == session.to_act else "") + seat_label(session, i)
                                    + (f" · computer, {s.get('level') or 'normal'}" if s["kind"] == "computer" else ""))
                                  for i, s in enumerate(session.seats)])),
             h("div.panel",
               h("div.button-row",
                 h("button#undo", {"disabled": not undo.allowed, "title": undo.reason, "aria-describedby": "undo-why"}, "Undo",
                   on_click=lambda _e: app.undo()),
                 h("button#keep-copy", "Keep a copy…", on_click=lambda _e: app.keep_copy()),
                 h("button", "Export", on_click=lambda _e: app.export_save(session.record())),
                 h("button#share-game", "Share…", on_click=lambda _e: app.share_game())),
               h("p#undo-why.hint", undo.reason),
               None if app.store.available else h("p.hint.saves-off", "Saves are off here: use Export to keep this game.")),
             log_panel(session, log))


def log_panel(session, log: list[str]) -> El:
    """The shared log, newest line first: what just happened is at the top, in view without scrolling,
    and a screen reader meets it first too. The list scrolls (and takes focus) once it is long."""
    newest_first = [h("li", with_names(line, session)) for line in reversed(log[-60:])]
    return h("div.panel.log-panel",
             h("h2#game-log-title", "Log ", h("span.log-order", "· newest first")),
             h("ol.game-log", {"aria-live": "polite", "tabindex": "0", "aria-labelledby": "game-log-title"}, newest_first))


def render(app) -> El:
    session = app.session
    module = session.module
    seat = session.curtain
    if seat is not None and app.settings.get("curtain", True):
        return h("section.table-screen", {"data-screen": "table", "data-game": module.ID, "data-moves": len(session.save["moves"])},
                 curtain(app, session, seat))
    if seat is not None:
        session.pass_to(seat)
    view = session.view()
    outcome = session.outcome
    ctx = TableContext(module=module, view=view, legal=session.legal_moves(), names=[s["name"] for s in session.seats],
                       viewer=session.viewer(), play=app.play, refresh=app.render, ui=app.table_ui, notify=app.toast,
                       settings=app.settings)
    board = renderer_for(module.ID).render(ctx)
    to_act = session.to_act
    if outcome is not None:
        banner = end_banner(app, session, outcome)
    elif session.is_computer(to_act):
        banner = h("div.turn-banner.thinking", {"role": "status"}, h("span.spinner", {"aria-hidden": "true"}), f"{session.name(to_act)} is thinking…")
    else:
        banner = h("div.turn-banner", {"role": "status"}, f"{session.name(to_act)} to play")
    title = session.save.get("name") or module.TITLE
    return h("section.table-screen", {"data-screen": "table", "data-game": module.ID, "data-moves": len(session.save["moves"])},
             notices(app),
             h("div.table-bar", h("h1", title), banner),
             h("div.table-layout", h("div.table-main", board), side_panel(app, session, view)))
