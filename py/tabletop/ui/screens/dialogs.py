"""The table's and Home's dialogs, drawn only: keep a copy, delete a saved game, share a game's
link, embed the position. Each returns the dialog and the id of the control that takes focus;
the app shows it over the page (``overlay``) and every button asks ``Actions`` for what it does.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.position_codes import position_code
from tabletop.ui.shell.actions import Actions
from tabletop.ui.table.isolate import text_parts
from tabletop.ui.table.session import Session
from tabletop.ui.web import browser, page
from tabletop.ui.web.dom import El, h


def keep_copy(act: Actions, session: Session, saves_on: bool) -> tuple[El, str]:
    """Ask for a name and keep a copy of the game as it stands (an in-page dialog: prompt() is
    blocked in iframes)."""
    draft = {"name": ""}

    def typed(event: Any) -> None:
        draft["name"] = str(event.target.value)

    def keep(event: Any) -> None:
        event.preventDefault()
        act.keep_copy_named(draft["name"])

    return h(
        "div.dialog-backdrop",
        h(
            "form.dialog.stack",
            {"role": "dialog", "aria-modal": "true", "aria-labelledby": "save-title"},
            h("h2#save-title", "Keep a copy of this game"),
            h(
                "p",
                "The copy stays at this move, to come back to later; the game on the table goes on saving itself."
                if saves_on
                else "Saves are off in this browser: export the game instead.",
            ),
            h(
                "label",
                {"for": "save-name"},
                "Name",
                h(
                    "input#save-name",
                    {
                        "type": "text",
                        "maxlength": "40",
                        "autocomplete": "off",
                        "placeholder": f"{session.module.TITLE}, move {len(session.save['moves'])}",
                    },
                    on_input=typed,
                ),
            ),
            h(
                "div.button-row",
                h("button#save-confirm.primary", {"type": "submit", "disabled": not saves_on}, "Keep copy"),
                h("button#save-cancel", {"type": "button"}, "Cancel", on_click=lambda _e: act.close_dialog()),
            ),
            on_submit=keep,
        ),
    ), "save-name"


def confirm_delete(act: Actions, record: dict[str, Any], title: str) -> tuple[El, str]:
    return h(
        "div.dialog-backdrop",
        h(
            "div.dialog",
            {"role": "alertdialog", "aria-modal": "true", "aria-labelledby": "confirm-title"},
            h("h2#confirm-title", "Delete “", h("bdi", title), "”?"),
            h("p", "The saved game will be gone for good."),
            h(
                "div.button-row",
                h("button#confirm-delete.danger", "Delete", on_click=lambda _e: act.delete_save(record)),
                h("button#confirm-cancel", {"autofocus": True}, "Keep it", on_click=lambda _e: act.close_dialog()),
            ),
        ),
    ), "confirm-cancel"


def share(act: Actions, url: str) -> tuple[El, str]:
    """Offer the link that carries this game (copy, or select it by hand)."""

    def copied(ok: bool) -> None:
        page.say("share-status", "Link copied." if ok else "This browser refused to copy: select the link and copy it.")

    return h(
        "div.dialog-backdrop",
        h(
            "div.dialog.stack",
            {"role": "dialog", "aria-modal": "true", "aria-labelledby": "share-title"},
            h("h2#share-title", "Share this game"),
            h(
                "p",
                "This link holds the whole game as it stands, so it opens on any device, even "
                "offline. It holds the whole deal too: in the card games, whoever opens it could work "
                "out every hidden card.",
            ),
            h(
                "label.link-field",
                {"for": "share-link"},
                "Link",
                h("input#share-link", {"type": "text", "readonly": True, "value": url}, on_focusin=lambda e: e.target.select()),
            ),
            h("p#share-status.hint", {"role": "status"}),
            h(
                "div.button-row",
                h("button#share-copy.primary", {"type": "button"}, "Copy link", on_click=lambda _e: browser.copy_text(url, copied)),
                h("button#share-close", {"type": "button"}, "Close", on_click=lambda _e: act.close_dialog()),
            ),
        ),
    ), "share-link"


def embed_position(act: Actions, session: Session, page_url: str) -> tuple[El, str]:
    """The snippets for the position at the table: Widget call, Widget page, plain iframe."""
    from tabletop.ui.embed import snippets as snip

    module = session.module
    seat = session.viewer()
    code = position_code(module, session.record(), session.state, seat)
    site = snip.site_of(page_url)
    src = snip.position_src(site, module.ID, code)
    if not module.HIDDEN_INFORMATION:
        holds = "The code holds the whole game as it stands, so the diagram is exact and readers can play on from it."
    else:
        who = session.name(seat) if seat is not None else "anyone at the table"
        holds = (
            f"The code holds only what {who} sees now (no other hand, no shuffled deck), and the diagram "
            "says so. Readers can look but not play on from it."
        )

    def field(ident: str, label: str, text: str, rows: int) -> El:
        def copied(ok: bool) -> None:
            page.say("embed-status", f"{label}: copied." if ok else "This browser refused to copy: select the text and copy it.")

        return h(
            "div.link-field",
            h("label", {"for": ident}, label),
            h(
                f"textarea#{ident}",
                {"readonly": True, "rows": str(rows), "spellcheck": "false"},
                text,
                on_focusin=lambda e: e.target.select(),
            ),
            h("button.quiet", {"type": "button"}, "Copy", on_click=lambda _e: browser.copy_text(text, copied)),
        )

    return h(
        "div.dialog-backdrop",
        h(
            "div.dialog.stack.embed-dialog",
            {"role": "dialog", "aria-modal": "true", "aria-labelledby": "embed-title"},
            h("h2#embed-title", "Embed this position"),
            h("p", text_parts(holds, [str(s["name"]) for s in session.seats])),
            field("embed-widget-call", "In the wiki page", snip.widget_call(module.ID, code), 2),
            h("p.hint", f"Once per wiki, an editor creates the page Widget:{snip.WIDGET} with this text:"),
            field("embed-widget-page", f"Widget:{snip.WIDGET}", snip.widget_page(site), 4),
            field(
                "embed-iframe",
                "Or a plain frame (IframeTag, or any page that takes HTML)",
                snip.iframe_snippet(site, module.ID, code, f"{module.TITLE}: a position"),
                3,
            ),
            field(
                "embed-raw-html",
                "Or, on a wiki with $wgRawHtml (editors all trusted)",
                snip.raw_html(site, module.ID, code, f"{module.TITLE}: a position"),
                3,
            ),
            h(
                "p.hint",
                "With a plain frame, an interface admin puts this listener once in MediaWiki:Common.js "
                "(or a Gadget), so frames fit their game:",
            ),
            field("embed-listener", "MediaWiki:Common.js", snip.listener(site), 4),
            h("p#embed-status.hint", {"role": "status"}),
            h(
                "div.button-row",
                h("a#embed-open.button", {"href": src, "target": "_blank", "rel": "noopener"}, "See the diagram"),
                h("button#embed-close.primary", {"type": "button"}, "Close", on_click=lambda _e: act.close_dialog()),
            ),
        ),
    ), "embed-widget-call"
