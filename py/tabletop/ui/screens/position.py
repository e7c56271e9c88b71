"""Position diagrams: ``?embed=GAME&position=CODE`` draws one moment of a game, read only, with
"Play from here" where the game allows it; the table's "Embed this position…" writes the code
into the snippets a wiki editor pastes (ui/embed_snippets.py). engine/position.py holds the
codes and decides what may be played on; this module only draws.

The board is the game's own renderer on the decoded view with no moves to offer, inside an
``inert`` box, as the history screen draws one (screens/replay.py).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.errors import SaveError
from tabletop.engine.position import Position, play_refusal, position_code, read_position
from tabletop.ui import browser
from tabletop.ui.dom import El, h
from tabletop.ui.render import TableContext, renderer_for
from tabletop.ui.screens.common import notices
from tabletop.ui.screens.table import log_panel, seat_label


class Seated:
    """Who sits where in a position, in the shape the table's wording helpers ask for."""

    def __init__(self, module: Any, names: list[str]):
        self.module = module
        self.seats = [{"name": n, "kind": "human", "level": None} for n in names]

    def name(self, seat: int | None) -> str:
        return str(self.seats[seat]["name"]) if seat is not None else "Nobody"


def decoded(app: Any, code: str) -> Position | SaveError:
    """The address's position, read once (every later render reuses it)."""
    cache = getattr(app, "position_cache", None)
    if cache is None or cache[0] != code:
        try:
            found: Position | SaveError = read_position(code, app.games)
        except SaveError as exc:
            found = exc
        except Exception as exc:  # a check that failed is still a refused code, said as such
            found = SaveError("corrupt", f"the code could not be checked ({type(exc).__name__})")
        app.position_cache = (code, found)
    return app.position_cache[1]


def render(app: Any, game_id: str, code: str) -> El:
    """The diagram, or (for a code that cannot be read) why, above the game's usual start."""
    found = decoded(app, code)
    if isinstance(found, Position) and found.game != game_id:
        found = SaveError("foreign", f"it is a position of {app.games[found.game].TITLE}, not of {app.games[game_id].TITLE}")
    board = None
    if isinstance(found, Position):
        try:
            board = draw(app, found)
        except Exception:  # a view the renderer cannot read: tampered, or from another version
            found = SaveError("corrupt", "its table could not be drawn: the code is damaged")
    if isinstance(found, SaveError):
        return h("div.position-refused",
                 h("p#position-error.notice.error", {"role": "alert"}, f"This position could not be shown: {found}."),
                 app._embed_start(game_id))
    assert board is not None
    return diagram(app, found, board)


def draw(app: Any, pos: Position) -> El:
    module = app.games[pos.game]
    viewer: Any = pos.seat  # None (a spectator) is a viewer: render/ is checked without strict None
    ctx = TableContext(module=module, view=pos.view, legal=[], names=list(pos.names), viewer=viewer,
                       play=lambda _m: None, refresh=app.render, ui={}, notify=app.toast, settings=app.settings)
    board: El = renderer_for(module.ID).render(ctx)
    return board


def turn_line(pos: Position, seated: Seated) -> str:
    to_act = pos.view.get("to_act")
    if pos.view.get("outcome"):
        return "The game is over."
    if isinstance(to_act, int) and not isinstance(to_act, bool) and 0 <= to_act < len(pos.names):
        return f"{seat_label(seated, to_act)} to play."
    return ""


def diagram(app: Any, pos: Position, board: El) -> El:
    module = app.games[pos.game]
    seated = Seated(module, pos.names)
    refusal = play_refusal(module, pos)
    form = {"players": len(pos.save["seats"]), "seats": [dict(s) for s in pos.save["seats"]]} if pos.save else None
    if refusal is None and form is not None:
        from tabletop.ui.app import opponent_choice

        act: Any = h("div.position-play", opponent_choice(form),
                     h("button#play-from-here.primary", "Play from here", on_click=lambda _e: play_from_here(app, pos, form)),
                     h("a#open-full.button", {"href": browser.full_app_url(f"#/open/{browser.query_param('position')}"),
                                              "target": "_blank", "rel": "noopener"}, "Open in full app"))
    else:
        act = h("p#play-refusal.hint", refusal)
    whose = "Read only: " + pos.caption + "." if pos.exact else f"Read only, {pos.caption}: nobody else's cards are in it."
    return h("section.table-screen.position-screen",
             {"data-screen": "position", "data-game": module.ID, "data-exact": "1" if pos.exact else "0",
              "aria-labelledby": "position-title"},
             notices(app),
             h("div.table-bar", h("h1#position-title", module.TITLE),
               h("p#position-whose.replay-whose", whose, " ", turn_line(pos, seated))),
             act,
             h("div.table-layout",
               h("div.table-main.replay-board", {"inert": True}, board),
               h("aside.table-side", log_panel(seated, pos.view.get("log") or []))))


def play_from_here(app: Any, pos: Position, form: dict[str, Any]) -> None:
    """Go on playing an exact position in the frame: a new game whose moves are the position's."""
    from tabletop.ui.session import Session, new_id

    save = dict(pos.save or {}, id=new_id("position-"), seats=[dict(s) for s in form["seats"]])
    save["moves"] = list(save["moves"])
    app._set_session(Session(app.games[pos.game], save))
    app._autosave()
    app.go(f"#/embed/{pos.game}")


# ---------------------------------------------------------------- the table's "Embed this position…"
def offer_embed(app: Any) -> None:
    """The snippets for the position at the table: Widget call, Widget page, plain iframe."""
    from tabletop.ui import embed_snippets as snip

    session = app.session
    module = session.module
    seat = session.viewer()
    code = position_code(module, session.record(), session.state, seat)
    site = snip.site_of(browser.page_url(""))
    src = snip.position_src(site, module.ID, code)
    if not module.HIDDEN_INFORMATION:
        holds = "The code holds the whole game as it stands, so the diagram is exact and readers can play on from it."
    else:
        who = session.name(seat) if seat is not None else "anyone at the table"
        holds = (f"The code holds only what {who} sees now (no other hand, no shuffled deck), and the diagram "
                 "says so. Readers can look but not play on from it.")

    def close(_e: Any = None) -> None:
        app.overlay.show(None)

    def field(ident: str, label: str, text: str, rows: int) -> El:
        def copied(ok: bool) -> None:
            import js

            status = js.document.getElementById("embed-status")
            if not browser.absent(status):
                status.textContent = f"{label}: copied." if ok else "This browser refused to copy: select the text and copy it."

        return h("div.link-field",
                 h("label", {"for": ident}, label),
                 h(f"textarea#{ident}", {"readonly": True, "rows": str(rows), "spellcheck": "false"}, text,
                   on_focusin=lambda e: e.target.select()),
                 h("button.quiet", {"type": "button"}, "Copy", on_click=lambda _e: browser.copy_text(text, copied)))

    app.overlay.show(h("div.dialog-backdrop",
                       h("div.dialog.stack.embed-dialog", {"role": "dialog", "aria-modal": "true", "aria-labelledby": "embed-title"},
                         h("h2#embed-title", "Embed this position"),
                         h("p", holds),
                         field("embed-widget-call", "In the wiki page", snip.widget_call(module.ID, code), 2),
                         h("p.hint", f"Once per wiki, an editor creates the page Widget:{snip.WIDGET} with this text:"),
                         field("embed-widget-page", f"Widget:{snip.WIDGET}", snip.widget_page(site), 4),
                         field("embed-iframe", "Or a plain frame (IframeTag, or any page that takes HTML)",
                               snip.iframe_snippet(site, module.ID, code, f"{module.TITLE}: a position"), 3),
                         field("embed-raw-html", "Or, on a wiki with $wgRawHtml (editors all trusted)",
                               snip.raw_html(site, module.ID, code, f"{module.TITLE}: a position"), 3),
                         h("p.hint", "With a plain frame, an interface admin puts this listener once in MediaWiki:Common.js "
                                     "(or a Gadget), so frames fit their game:"),
                         field("embed-listener", "MediaWiki:Common.js", snip.listener(site), 4),
                         h("p#embed-status.hint", {"role": "status"}),
                         h("div.button-row",
                           h("a#embed-open.button", {"href": src, "target": "_blank", "rel": "noopener"}, "See the diagram"),
                           h("button#embed-close.primary", {"type": "button"}, "Close", on_click=close)))))
    browser.focus("embed-widget-call")
