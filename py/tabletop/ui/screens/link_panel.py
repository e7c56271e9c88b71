"""A game by link at the table: whose move it is, the link this device owes its friend (to copy
or share), and Abandon. The link itself is made by the table (``CurrentGame.send_owed``)."""

from __future__ import annotations

from typing import Any

from tabletop.ui.shell.actions import Actions
from tabletop.ui.table.session import Session
from tabletop.ui.web.dom import El, h


def status(session: Session) -> str:
    """Where the game stands between the two devices, in words."""
    link: dict[str, Any] = session.save["link"]
    friend = session.name(1 - link["me"])
    ended = link.get("ended")
    if ended is not None:
        if ended["by"] == link["me"]:
            return f"You abandoned this game. Send {friend} the link below, so their device knows."
        return f"{friend} abandoned this game."
    if link.get("pending"):
        return f"Your move goes with the link below: what it turns up or rolls is settled when {friend} opens it."
    if session.outcome is not None:
        over = (
            f"The game is over. Send {friend} the link below, so their device shows the end too."
            if link["sent_last"]
            else "The game is over."
        )
        return f"{over} {checked(link, friend)}".strip()
    if session.awaits_cards:
        return f"Your new cards come with {friend}'s next link: send them the link below, then open theirs here."
    if session.to_act == link["me"] and not link["sent_last"]:
        return "Your move."
    return f"Waiting for {friend}. Send them the link below by any message; their move comes back as a link to open here."


def checked(link: dict[str, Any], friend: str) -> str:
    """What the check at a game's end found, once both secrets are shown (games with hidden cards)."""
    audit = (link.get("cards") or {}).get("audit")
    if audit is None:
        return f"The hidden cards are checked once {friend}'s last link is in." if (link.get("cards") or {}).get("secret_sent") else ""
    return str(audit.get("why", "")) if audit.get("ok") else f"This game does not count: {audit.get('why', '')}"


def link_panel(act: Actions, session: Session) -> El | None:
    if not session.by_link:
        return None
    from tabletop.ui.web import browser, page  # the page's address and clipboard: only at a game by link

    link: dict[str, Any] = session.save["link"]
    url = browser.page_url(f"#/open/{link['last']}") if link.get("last") and link.get("sent_last") else ""

    def copied(ok: bool) -> None:
        page.say(
            "link-status",
            "Link copied: paste it in a message to your friend." if ok else "This browser refused to copy: select the link and copy it.",
        )

    on = link.get("ended") is None and session.outcome is None
    sheet = bool(url) and browser.can_share()  # the system's share sheet first, where there is one
    title = f"{session.module.TITLE}, by link"
    return h(
        "div.panel.by-link",
        h("h2", "Played by link"),
        h("p#link-state", {"role": "status"}, status(session)),
        h(
            "label.link-field.stack",
            {"for": "friend-link"},
            h("span", f"Link for {session.name(1 - link['me'])} ", h("small", f"({len(url)} characters)")),
            h("input#friend-link", {"type": "text", "readonly": True, "value": url}, on_focusin=lambda e: e.target.select()),
        )
        if url
        else None,
        h("p#link-status.hint", {"role": "status"}),
        h(
            "div.button-row",
            h("button#share-link.primary", {"type": "button"}, "Send…", on_click=lambda _e: browser.share_link(title, url))
            if sheet
            else None,
            h(
                f"button#copy-link{'' if sheet else '.primary'}",
                {"type": "button"},
                "Copy link",
                on_click=lambda _e: browser.copy_text(url, copied),
            )
            if url
            else None,
            h("button#abandon-game.danger", {"type": "button"}, "Abandon game", on_click=lambda _e: act.abandon()) if on else None,
        ),
    )
