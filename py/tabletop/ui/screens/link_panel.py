"""A game by link at the table: whose move it is, the link this device owes its friend (to copy
or share), and Abandon. The link itself is made by the table (``CurrentGame.send_owed``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop.ui.saves.link_file import is_long, link_file_name, link_file_text
from tabletop.ui.shell.actions import Actions
from tabletop.ui.table.session import Session
from tabletop.ui.web.dom import El, h


def status(session: Session) -> str:
    """Where the game stands between the two devices, in words."""
    link: dict[str, Any] = session.save["link"]
    friend, due = next_seat_name(session), session.name(due_seat(session))
    ended = link.get("ended")
    if ended is not None:
        if ended["by"] == link["me"]:
            return f"You abandoned this game. Send {friend} the link below, so their device knows."
        return f"{session.name(ended['by'])} abandoned this game."
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
        if len(session.seats) > 2:
            return (
                f"Your new cards come when the game comes back round the table: send {friend} the link below, then open the next one here."
            )
        return f"Your new cards come with {friend}'s next link: send them the link below, then open theirs here."
    if session.to_act == link["me"] and not link["sent_last"]:
        return "Your move."
    if len(session.seats) > 2:
        return (
            f"Waiting for {due}. Send {friend} the link below by any message; the game comes back round the table as a link to open here."
        )
    return f"Waiting for {friend}. Send them the link below by any message; their move comes back as a link to open here."


def next_seat_name(session: Session) -> str:
    """Whom this device's links go to: the other player, or round a table of three or four, the next seat."""
    return session.name((int(session.save["link"]["me"]) + 1) % len(session.seats))


def due_seat(session: Session) -> int:
    """The seat whose link the game waits for (round a table: the next message's writer)."""
    link = session.save["link"]
    seats = len(session.seats)
    if seats == 2:
        return 1 - int(link["me"])
    return (int(link.get("creator", 0)) + int(link.get("count", 0))) % seats


def checked(link: dict[str, Any], friend: str) -> str:
    """What the check at a game's end found, once both secrets are shown (games with hidden cards)."""
    audit = (link.get("cards") or {}).get("audit")
    if audit is None:
        return f"The hidden cards are checked once {friend}'s last link is in." if (link.get("cards") or {}).get("secret_sent") else ""
    return str(audit.get("why", "")) if audit.get("ok") else f"This game does not count: {audit.get('why', '')}"


def link_panel(act: Actions, session: Session) -> El | None:
    if not session.by_link:
        return None
    from tabletop.ui.web import browser, page  # the page's address, clipboard and files: only at a game by link

    link: dict[str, Any] = session.save["link"]
    url = browser.page_url(f"#/open/{link['last']}") if link.get("last") and link.get("sent_last") else ""
    friend = next_seat_name(session)
    filename = link_file_name(str(session.save.get("game", "")), int(link.get("count", 0)))
    title = f"{session.module.TITLE}, by link"

    def copied(ok: bool) -> None:
        page.say(
            "link-status",
            "Link copied: paste it in a message to your friend." if ok else "This browser refused to copy: select the link and copy it.",
        )

    def save_file() -> None:
        browser.download_text(filename, link_file_text(url), "text/plain")
        page.say("link-status", f"Saved as {filename} in your downloads: send {friend} that file in any message.")

    long = is_long(url)
    sheet = bool(url) and browser.can_share()  # the system's share sheet first, where there is one
    as_file = long and sheet and browser.can_share_file(filename, link_file_text(url))  # a long link goes as a file
    sends = Sends(
        share=(lambda: browser.share_file(title, filename, link_file_text(url))) if as_file else (lambda: browser.share_link(title, url)),
        copy=lambda: browser.copy_text(url, copied),
        save=save_file,
        sheet=sheet,
        sheet_file=as_file,
    )
    return panel(act, session, url, friend, sends)


@dataclass(frozen=True)
class Sends:
    """The ways this device can send a link (the page's: ``link_panel`` makes them)."""

    share: Callable[[], None]  # the system's share sheet: the link, or a long link as a file
    copy: Callable[[], None]
    save: Callable[[], None]  # downloaded as a small text file
    sheet: bool  # there is a share sheet
    sheet_file: bool = False  # and it shares this long link as a file


def panel(act: Actions, session: Session, url: str, friend: str, sends: Sends) -> El:
    """The panel, drawn without the page (tests give it any link): a link too long for some chat
    apps says so, and its file comes first."""
    link: dict[str, Any] = session.save["link"]
    on = link.get("ended") is None and session.outcome is None
    long = is_long(url)
    file_sheet = long and sends.sheet and sends.sheet_file
    first = ("share" if file_sheet else "save") if long else ("share" if sends.sheet else "copy")
    buttons = {
        "share": h("button#share-link", {"type": "button"}, "Send…", on_click=lambda _e: sends.share()) if sends.sheet else None,
        "save": h("button#save-link", {"type": "button"}, "Save as file", on_click=lambda _e: sends.save()),
        "copy": h("button#copy-link", {"type": "button"}, "Copy link", on_click=lambda _e: sends.copy()),
    }
    order = [first] + [name for name in (("share", "save", "copy") if long else ("share", "copy", "save")) if name != first]
    shown = [button for name in order if (button := buttons[name]) is not None] if url else []
    for button in shown[:1]:
        button.attrs["class"] = "primary"
    return h(
        "div.panel.by-link",
        h("h2", "Played by link"),
        h("p#link-state", {"role": "status"}, status(session)),
        h(
            "label.link-field.stack",
            {"for": "friend-link"},
            h("span", f"Link for {friend} ", h("small", f"({len(url):,} characters)")),
            h("input#friend-link", {"type": "text", "readonly": True, "value": url}, on_focusin=lambda e: e.target.select()),
        )
        if url
        else None,
        h("p#long-link.long-link", long_words(len(url), friend, file_sheet)) if long else None,
        h("p#link-status.hint", {"role": "status"}),
        h(
            "div.button-row",
            shown,
            h("button#abandon-game.danger", {"type": "button"}, "Abandon game", on_click=lambda _e: act.abandon()) if on else None,
        ),
        open_link_file(act, session.name((int(link["me"]) - 1) % len(session.seats)))
        if url and link.get("ended") is None
        else None,  # the answer
    )


def long_words(chars: int, friend: str, file_sheet: bool) -> list[El | str]:
    """What a long link's panel says of it."""
    how: list[El | str] = (
        [h("strong", "Send…"), " shares it as a file"]
        if file_sheet
        else [h("strong", "Save as file"), ", then attach the file to your message"]
    )
    return [
        f"This link is long ({chars:,} characters), and some chat apps cut long messages. Sending it as a file always works: ",
        *how,
        f". {friend} opens it with ",
        h("strong", "Open a link file…"),
    ]


def open_link_file(act: Actions, friend: str) -> El:
    """A link the friend sent as a file, opened here as its address would be."""
    return h(
        "div.link-file",
        h("span.hint", f"Did {friend} send their link as a file?"),
        h(
            "input#open-link-file",
            {"type": "file", "accept": ".txt,text/plain", "class": "visually-hidden"},
            on_change=act.open_link_file,
        ),
        h("label.button.file-button", {"for": "open-link-file"}, "Open a link file…"),
    )
