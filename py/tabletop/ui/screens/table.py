"""The table: the game's own renderer plus what every game shares (turn banner, log,
undo, curtain, end screen). It only draws: the app settles the table's state before
(ui/table/current_game.py's ``settle``: the hand-over where hands are not hidden, the end of a game
of a match), and every button asks ``Actions``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.ui.render import TableContext, renderer_for
from tabletop.ui.render.contract import renderer_hook
from tabletop.ui.screens import game_over
from tabletop.ui.screens.common import notices
from tabletop.ui.screens.link_panel import link_panel
from tabletop.ui.screens.moment import moment_banner
from tabletop.ui.shell.actions import Actions
from tabletop.ui.shell.context import ScreenContext
from tabletop.ui.table import deleted_elsewhere
from tabletop.ui.table.current_game import between_games
from tabletop.ui.table.edges import edge, face_to_face
from tabletop.ui.table.last_turn import LastTurn
from tabletop.ui.table.session import Session
from tabletop.ui.table.wording import end_why, log_lines, plural_sides, says, seat_label
from tabletop.ui.web.dom import El, h
from tabletop.ui.web.tips import install as install_tips
from tabletop.ui.web.tips import tip_shown

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule


LOG_SHOWN = 60  # the log panel's lines: what just happened, and some way back


def curtain(act: Actions, session: Session, seat: int) -> El:
    """The hand-over screen. It shows only the public log (what everyone at the table saw),
    so whoever just moved sees how it turned out before passing the device."""
    name = session.name(seat)
    recent = log_lines(session, session.module.view(session.state, None), last=3)
    return h(
        "div.curtain",
        {
            "role": "dialog",
            "aria-modal": "true",
            "aria-labelledby": "curtain-title",
            "data-curtain": str(seat),
            "data-edge": edge(seat, len(session.seats)),  # face to face, it turns to whoever takes the device
        },
        h("ul.curtain-recent", {"aria-label": "What just happened"}, [h("li", line) for line in recent]) if recent else None,
        h("h2#curtain-title", "Pass the device to ", h("span.curtain-name", name)),
        h("p", f"Only {name} should look at the screen now."),
        h("button#curtain-go", f"I am {name}: show my game", on_click=lambda _e: act.pass_to(seat)),
    )


def end_banner(
    act: Actions, session: Session, outcome: Any, view: dict[str, Any] | None = None, table_ui: dict[str, Any] | None = None
) -> El:
    """The shared end-of-game summary (screens/game_over.py) in this table's words."""
    view = session.view() if view is None else view
    table_ui = {} if table_ui is None else table_ui
    labels = [seat_label(session, i) for i in range(len(session.seats))]
    return game_over.end_summary(
        act,
        table_ui,
        renderer_for(session.module.ID),
        view,
        outcome,
        labels,
        end_why(session, view, game_over.why_it_ended(outcome)),
        folded=game_over.cards_start_folded(table_ui),
        plural=plural_sides(session.module),
    )


def side_panel(ctx: ScreenContext, act: Actions, session: Session, view: dict[str, Any]) -> El:
    undo = session.undo_status()
    saves_on = ctx.saves.available
    return h(
        "aside.table-side",
        link_panel(act, session),
        h(
            "div.panel",
            h("h2", "Players"),
            h(
                "ul.seat-list",
                [
                    h(
                        "li",
                        {"aria-current": "true" if i == session.to_act else None},
                        ("▶ " if i == session.to_act else "")
                        + seat_label(session, i)
                        + (f" · computer, {s.get('level') or 'normal'}" if s["kind"] == "computer" else "")
                        + (" · on their own device" if s["kind"] == "friend" else ""),
                    )
                    for i, s in enumerate(session.seats)
                ],
            ),
        ),
        h(
            "div.panel",
            h(
                "div.button-row",
                h(
                    "button#undo",
                    {"disabled": not undo.allowed, "aria-describedby": "undo-why", **tip_shown(undo.reason)},
                    "Undo",
                    on_click=lambda _e: act.undo(),
                ),
                h("button#keep-copy", "Keep a copy…", on_click=lambda _e: act.keep_copy()) if saves_on and not session.by_link else None,
                # a game by link travels by its own links (and in backups): a file, a whole-game link or a diagram
                # would replay it without its joint chance, or start a second copy of it
                h("button#export-game", "Export", on_click=lambda _e: act.export_save(session.record())) if not session.by_link else None,
                h("button#share-game", "Share…", on_click=lambda _e: act.share_game()) if not session.by_link else None,
                h("button#embed-position", "Embed this position…", on_click=lambda _e: act.offer_embed()) if not session.by_link else None,
                h(
                    "button#history",
                    {"disabled": not session.save["moves"], "aria-label": "History: step through the moves so far"},
                    "History",
                    on_click=lambda _e: act.open_history(),
                ),
            ),
            h("p#undo-why.hint", undo.reason),
            face_to_face_toggle(ctx, act),
            h("p.hint.save-state") if saves_on and not ctx.saves.full else None,  # "Saved" once on disk (static/js/saves.js)
            None if saves_on else h("p.hint.saves-off", "Saves are off here: use Export to keep this game."),
        ),
        log_panel(log_lines(session, view, last=LOG_SHOWN)),
    )


def face_to_face_toggle(ctx: ScreenContext, act: Actions) -> El:
    """The Face to face setting where it is wanted: at the table, as the tablet is laid down flat."""

    def toggle(event: Any) -> None:
        act.update_settings(face_to_face=bool(event.target.checked))
        act.refresh()

    return h(
        "label.face-to-face-toggle",
        h("input#table-face-to-face", {"type": "checkbox", "checked": face_to_face(ctx.settings)}, on_change=toggle),
        "Face to face (a tablet lying flat between the players)",
    )


def log_panel(lines: list[str]) -> El:
    """The shared log (``lines``, oldest first, in the table's words), newest line first: what just
    happened is at the top, in view without scrolling, and a screen reader meets it first too. The
    list scrolls (and takes focus) once it is long."""
    newest_first = [h("li", line) for line in reversed(lines[-LOG_SHOWN:])]
    return h(
        "div.panel.log-panel",
        h("h2#game-log-title", "Log ", h("span.log-order", "· newest first")),
        h("ol.game-log", {"aria-live": "polite", "tabindex": "0", "aria-labelledby": "game-log-title"}, newest_first),
    )


def read_only_table(
    ctx: ScreenContext,
    act: Actions,
    module: GameModule,
    view: dict[str, Any],
    seats: list[dict[str, Any]],
    viewer: int | None,
    at_the_table: bool = False,
) -> TableContext:
    """A table drawn to be looked at, with no move to make (a finished game, a step of the history);
    ``at_the_table``: the finished game still on the table, laid out face to face when that is set."""
    names = [s["name"] for s in seats]
    return TableContext(
        module,
        view,
        [],
        names,
        viewer,
        lambda _m: None,
        act.refresh,
        {},
        act.notify,
        ctx.settings,
        face_to_face=at_the_table and face_to_face(ctx.settings),
    )


def game_end(ctx: ScreenContext, act: Actions, session: Session) -> El:
    """The finished game on the table for everyone (nothing private: a spectator's view), then "Next game"."""
    module = session.module
    view = module.view(session.state, None)
    ctx_table = read_only_table(ctx, act, module, view, session.seats, session.shown_seat, at_the_table=True)
    board = renderer_hook(renderer_for(module.ID), "game_end")(ctx_table, act.next_game)
    return h(
        "section.table-screen",
        {"data-screen": "table", "data-game": module.ID, "data-moves": len(session.save["moves"])},
        notices(ctx, act),
        h(
            "div.table-bar",
            h("h1", session.save.get("name") or module.TITLE),
            h("div.turn-banner", {"role": "status"}, "This game is over"),
        ),
        h("div.table-layout", h("div.table-main", board), side_panel(ctx, act, session, view)),
    )


def grip_keeper(act: Actions, session: Session) -> Callable[[int], None]:
    """What the table's hand calls to store its grip so far: bound to this game at this move, so a
    clock still ticking after the table moved on stores nothing in the wrong place."""
    save_id, at = session.save.get("id"), len(session.save["moves"])
    return lambda held_ms: act.keep_grip(save_id, at, held_ms)


def turn_banner(act: Actions, session: Session) -> El:
    """Whose turn it is (or the mover's moment before the hand-over)."""
    to_act = session.to_act
    if session.moment is not None:
        return moment_banner(act, session)
    if session.is_computer(to_act):
        return h(
            "div.turn-banner.thinking",
            {"role": "status"},
            h("span.spinner", {"aria-hidden": "true"}),
            f"{says(session, to_act, 'be')} thinking…",
        )
    return h("div.turn-banner", {"role": "status"}, f"{session.name(to_act)} to play")


def last_turn_banner(act: Actions, session: Session, replay: LastTurn) -> El:
    """The bar while the others' last turn is shown again: which position this is, and Stop."""
    return h(
        "div.turn-banner.last-turn",
        {"role": "status", "data-last-turn": str(replay.at)},
        h("span.last-turn-caption", replay.caption([session.name(i) for i in range(len(session.seats))])),
        h("button#last-turn-stop", {"data-take-focus": "last-turn"}, "Stop", on_click=lambda _e: act.stop_last_turn()),
    )


def last_turn_button(act: Actions, offer: LastTurn | None) -> El | None:
    """ "Show the last turn again", when others moved since the person at the screen last did."""
    if offer is None:
        return None
    words = offer.offer_words()
    return h(
        "button#last-turn.last-turn-button",
        {"aria-label": words, **tip_shown(words)},
        h("span", {"aria-hidden": "true"}, "↺"),
        h("span.last-turn-words", " Last turn"),
        on_click=lambda _e: act.show_last_turn(),
    )


def full_screen_button(ctx: ScreenContext, act: Actions) -> El | None:
    """Fill the screen with the table, where the browser allows it (a tablet at the games table)."""
    if not ctx.device.full_screen:
        return None
    return h(
        "button#full-screen.full-screen-button",
        {"aria-label": "Full screen (on or off)", **tip_shown("Full screen (on or off)")},
        "Full screen",
        on_click=lambda _e: act.toggle_full_screen(),
    )


def bar_edge(session: Session, outcome: Any, replay: LastTurn | None) -> str | None:
    """The edge the title bar turns to face to face: the mover's in their moment, else the seat to
    act's; none when the game is over or a last turn is shown again (everyone looks)."""
    if outcome is not None or replay is not None:
        return None
    seat = session.moment if session.moment is not None else session.to_act
    return edge(seat, len(session.seats))


def render(ctx: ScreenContext, act: Actions, bar_extra: El | None = None) -> El:
    """The table; ``bar_extra`` goes in its title bar (an embed's "Open in full app")."""
    install_tips()  # the bar's words (Last turn on a phone) on a long press too
    session = ctx.game
    assert session is not None, "the table is drawn only with a game at it"
    module = session.module
    if between_games(session):
        return game_end(ctx, act, session)
    seat = session.curtain  # (settled: None here when hands are not hidden)
    if seat is not None:
        return h(
            "section.table-screen",
            {"data-screen": "table", "data-game": module.ID, "data-moves": len(session.save["moves"])},
            curtain(act, session, seat),
        )
    replay = session.last_turn
    viewer: Any = session.viewer()  # (as above)
    view = session.view() if replay is None else session.view_at(replay.position)
    legal = session.legal_moves() if replay is None else []
    outcome = session.outcome
    table = TableContext(
        module=module,
        view=view,
        legal=legal,
        names=[s["name"] for s in session.seats],
        viewer=viewer,
        play=act.play if replay is None else lambda _m: None,
        refresh=act.refresh,
        ui=ctx.table_ui if replay is None else {},
        notify=act.notify,
        settings=ctx.settings,
        holder=session.moment,
        grip_ms=session.grip_held() if replay is None else None,
        keep_grip=grip_keeper(act, session),
        face_to_face=face_to_face(ctx.settings),
    )
    board = renderer_for(module.ID).render(table)  # a finished game's renderer draws its final table (Tower Battle: bluffs up)
    summary = None
    if replay is not None:
        banner = last_turn_banner(act, session, replay)
    elif outcome is not None:
        summary = end_banner(act, session, outcome, view, ctx.table_ui)
        banner = None  # the summary below the bar says it
    else:
        banner = turn_banner(act, session)
    again = last_turn_button(act, session.last_turn_offer(legal=legal) if replay is None else None)
    title = session.save.get("name") or module.TITLE
    return h(
        "section.table-screen",
        {"data-screen": "table", "data-game": module.ID, "data-moves": len(session.save["moves"])},
        notices(ctx, act),
        deleted_elsewhere.banner(ctx, act),
        h(
            "div.table-bar",
            {"data-edge": bar_edge(session, outcome, replay)},
            h("h1", title),
            banner,
            again,
            full_screen_button(ctx, act),
            bar_extra,
        ),
        summary,
        h("div.table-layout", h("div.table-main", board), side_panel(ctx, act, session, view)),
    )
