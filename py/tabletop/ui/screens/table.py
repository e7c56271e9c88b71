"""The table: the game's own renderer plus what every game shares (turn banner, log,
undo, curtain, end screen)."""

from __future__ import annotations

import re

from tabletop.ui import deleted_elsewhere
from tabletop.ui.dom import El, h
from tabletop.ui.render import TableContext, renderer_for
from tabletop.ui.screens import game_over
from tabletop.ui.screens.common import notices
from tabletop.ui.screens.moment import moment_banner

PLAYER_N = re.compile(r"\bPlayer (\d)\b")


def with_names(text: str, session, end: bool = False) -> str:
    """The engine names seats by side ("Black plays…") or number ("Player 2"); the table says the
    person, with the side beside the name: "Ben (Black) plays…". "The Aliens" (the side itself)
    stays as it is. An end reason (``end``) goes through the renderer's ``names_in_end_reason``
    where it has one."""
    sides = session.module.SEAT_NAMES
    if sides:
        labels = [seat_label(session, i) for i in range(len(session.seats))]
        put_names = getattr(renderer_for(session.module.ID), "names_in_end_reason", None) if end else None
        if put_names:
            return put_names(text, labels)
        return name_sides(text, sides, labels)

    def name(match: re.Match) -> str:
        seat = int(match.group(1)) - 1
        return session.name(seat) if 0 <= seat < len(session.seats) else match.group(0)

    return PLAYER_N.sub(name, text)


def name_sides(text: str, sides, labels: list[str]) -> str:
    """Each side the engine names, said as its player's label; "the Aliens" (the side itself)
    stays, and a possessive keeps its "'s".

    >>> name_sides("Humans' medium was destroyed; the Aliens placed one.", ("Aliens", "Humans"), ["Ana (Aliens)", "Ben (Humans)"])
    "Ben (Humans)'s medium was destroyed; the Aliens placed one."
    >>> name_sides("Humans win with more standing pyramids.", ("Aliens", "Humans"), ["Ana (Aliens)", "Ben (Humans)"])
    'Ben (Humans) wins with more standing pyramids.'
    """
    pattern = re.compile(r"(?<![Tt]he )\b(" + "|".join(re.escape(side) for side in sides) + r")\b('s|')?( (?:win|have|are)\b)?")

    def label(m: re.Match) -> str:
        verb = SINGULAR.get((m.group(3) or "").strip(), m.group(3) or "")  # "Humans win" -> "Ben (Humans) wins"
        return labels[list(sides).index(m.group(1))] + ("'s" if m.group(2) else "") + verb

    return pattern.sub(label, text)


SINGULAR = {"win": " wins", "have": " has", "are": " is"}


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


def end_banner(app, session, outcome, view: dict | None = None) -> El:
    """The shared end-of-game summary (screens/game_over.py) in this table's words."""
    view = session.view() if view is None else view
    labels = [seat_label(session, i) for i in range(len(session.seats))]
    return game_over.end_summary(app, renderer_for(session.module.ID), view, outcome, labels,
                                 with_names(game_over.why_it_ended(outcome), session, end=True),
                                 folded=game_over.cards_start_folded(app))


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
                 h("button#keep-copy", "Keep a copy…", on_click=lambda _e: app.keep_copy()) if app.store.available else None,
                 h("button#export-game", "Export", on_click=lambda _e: app.export_save(session.record())),
                 h("button#share-game", "Share…", on_click=lambda _e: app.share_game()),
                 h("button#embed-position", "Embed this position…", on_click=lambda _e: embed_position(app)),
                 h("button#history", {"disabled": not session.save["moves"], "aria-label": "History: step through the moves so far"},
                   "History", on_click=lambda _e: app.open_history())),
               h("p#undo-why.hint", undo.reason),
               None if app.store.available else h("p.hint.saves-off", "Saves are off here: use Export to keep this game.")),
             log_panel(session, log))


def embed_position(app) -> None:
    from tabletop.ui.screens.position import offer_embed  # loaded when asked

    offer_embed(app)


def log_panel(session, log: list[str]) -> El:
    """The shared log, newest line first: what just happened is at the top, in view without scrolling,
    and a screen reader meets it first too. The list scrolls (and takes focus) once it is long."""
    newest_first = [h("li", with_names(line, session)) for line in reversed(log[-60:])]
    return h("div.panel.log-panel",
             h("h2#game-log-title", "Log ", h("span.log-order", "· newest first")),
             h("ol.game-log", {"aria-live": "polite", "tabindex": "0", "aria-labelledby": "game-log-title"}, newest_first))


def between_games(session) -> bool:
    """A game of a match (Tower Battle) has just ended and the table has not yet shown its end:
    the next game waits (no curtain, no computer move) until someone taps "Next game"."""
    count = getattr(renderer_for(session.module.ID), "finished_games", None)
    if count is None or session.outcome is not None:
        return False
    n = count(session.module.view(session.state, None))
    if session.ends_seen is None or n < session.ends_seen:
        session.ends_seen = n  # a game opened from a save starts where it stands
    return n > session.ends_seen


def game_end(app, session) -> El:
    """The finished game on the table for everyone (nothing private: a spectator's view), then "Next game"."""
    module = session.module
    view = module.view(session.state, None)

    def next_game() -> None:
        session.ends_seen = renderer_for(module.ID).finished_games(view)
        app.focus_decision = True
        app.render()

    ctx = TableContext(module=module, view=view, legal=[], names=[s["name"] for s in session.seats], viewer=session.shown_seat,
                       play=lambda _m: None, refresh=app.render, ui={}, notify=app.toast, settings=app.settings)
    board = renderer_for(module.ID).game_end(ctx, next_game)
    return h("section.table-screen", {"data-screen": "table", "data-game": module.ID, "data-moves": len(session.save["moves"])},
             notices(app),
             h("div.table-bar", h("h1", session.save.get("name") or module.TITLE),
               h("div.turn-banner", {"role": "status"}, "This game is over")),
             h("div.table-layout", h("div.table-main", board), side_panel(app, session, view)))


def render(app, bar_extra: El | None = None) -> El:
    """The table; ``bar_extra`` goes in its title bar (an embed's "Open in full app")."""
    session = app.session
    module = session.module
    if between_games(session):
        session.end_moment()  # the end of a game is everyone's moment
        return game_end(app, session)
    if session.moment is not None and not app.settings.get("curtain", True):
        session.end_moment()  # hands are not hidden here: no hand-over to wait for
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
    board = renderer_for(module.ID).render(ctx)  # a finished game's renderer draws its final table (Tower Battle: bluffs up)
    to_act = session.to_act
    summary = None
    if outcome is not None:
        summary = end_banner(app, session, outcome, view)
        banner = None  # the summary below the bar says it
    elif session.moment is not None:
        banner = moment_banner(app, session)
    elif session.is_computer(to_act):
        banner = h("div.turn-banner.thinking", {"role": "status"}, h("span.spinner", {"aria-hidden": "true"}), f"{session.name(to_act)} is thinking…")
    else:
        banner = h("div.turn-banner", {"role": "status"}, f"{session.name(to_act)} to play")
    title = session.save.get("name") or module.TITLE
    return h("section.table-screen", {"data-screen": "table", "data-game": module.ID, "data-moves": len(session.save["moves"])},
             notices(app),
             deleted_elsewhere.banner(app),
             h("div.table-bar", h("h1", title), banner, bar_extra),
             summary,
             h("div.table-layout", h("div.table-main", board), side_panel(app, session, view)))
