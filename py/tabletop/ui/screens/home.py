"""Home: the four games, games in progress (whose turn), finished games (who won), import a save."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine.words import winners_win
from tabletop.games import REGISTRY, GameEntry
from tabletop.link.record import check_words, link_to_send, turn_words
from tabletop.ui.saves.link_file import is_long, link_file_name, link_file_text
from tabletop.ui.saves.storage import size_text
from tabletop.ui.screens.common import link_button, notices, saves_off_note, when
from tabletop.ui.shell.actions import Actions
from tabletop.ui.shell.context import ScreenContext
from tabletop.ui.web.dom import El, h


def game_card(game_id: str, entry: GameEntry) -> El:
    return h(
        "li.game-card",
        {"data-game": game_id},
        h("h2", entry.title),
        h("p", entry.blurb),
        h(
            "div.actions",
            link_button("New game", f"#/new/{game_id}", primary=True, **{"aria-label": f"New game of {entry.title}"}),
            link_button("Rules", f"#/rules/{game_id}", **{"aria-label": f"Rules of {entry.title}"}),  # type: ignore[arg-type]  # no "primary" in it
            link_button("Learn to play", f"#/learn/{game_id}", **{"aria-label": f"Learn to play {entry.title}"})  # type: ignore[arg-type]
            if entry.has_lesson
            else None,
        ),
    )


def saved_game(ctx: ScreenContext, act: Actions, record: dict[str, Any]) -> El:
    """A game in progress (or a copy kept at a move): whose turn it is, and Continue."""
    entry = ctx.catalog[record["game"]]
    names = [s["name"] for s in record["seats"]]
    title = record.get("name") or entry.title
    kept = bool(record.get("kept"))
    moves = len(record["moves"])
    status = f"kept at move {moves}" if kept else f"move {moves}"
    turn = turn_words(record) or (f"{names[record['to_act']]} to play" if "to_act" in record and not kept else None)
    facts = [entry.title, ", ".join(names), status, turn, when(record.get("saved_at"))]
    return h(
        "li.saved-item",
        h("div.meta", h("strong", title), h("small", " · ".join(f for f in facts if f))),
        h(
            "div.button-row",
            link_button(
                "Play from here" if kept else "Continue",
                f"#/play/{record['game']}/{record['id']}",
                primary=True,
                **{"aria-label": f"{'Play on from' if kept else 'Continue'} {title}"},
            ),
            send_again_buttons(act, record, title),
            h("button", {"aria-label": f"Export {title}"}, "Export", on_click=lambda _e: act.export_save(record))
            if "link" not in record
            else None,
            h("button.danger", {"aria-label": f"Delete {title}"}, "Delete", on_click=lambda _e: act.confirm_delete(record)),
        ),
    )


def send_again_buttons(act: Actions, record: dict[str, Any], title: str) -> list[El | None] | None:
    """A game by link waiting for the friend: its last link, to send again; a long one as a file
    first (saves/link_file.py), as the table offers it."""
    code = link_to_send(record)
    if code is None:
        return None

    def copy(_event: Any) -> None:
        from tabletop.ui.web import browser  # the clipboard: only when asked

        said = ("Link copied: send it to your friend.", "ok"), ("This browser refused to copy the link.", "error")
        browser.copy_text(browser.page_url(f"#/open/{code}"), lambda ok: act.notify(*said[0 if ok else 1]))

    def save(_event: Any) -> None:
        from tabletop.ui.web import browser  # the download: only when asked

        filename = link_file_name(str(record["game"]), int(record["link"].get("count", 0)))
        browser.download_text(filename, link_file_text(browser.page_url(f"#/open/{code}")), "text/plain")
        act.notify(f"Saved as {filename} in your downloads: send that file to your friend.", "ok")

    long = is_long(code)  # the code alone is over the length some chat apps cut
    return [
        h("button.primary", {"aria-label": f"Save the link of {title} as a file"}, "Save as file", on_click=save) if long else None,
        h(f"button{'' if long else '.primary'}", {"aria-label": f"Copy the link of {title}"}, "Copy link", on_click=copy),
    ]


def result_words(record: dict[str, Any]) -> str:
    """ "Ana wins · 3 to 1", "Humans win · 7 to 5", "A draw · 2 to 2", or "Finished" when the record has no result."""
    result = record.get("result")
    if not result:
        return "Finished"
    cheated = check_words(record)
    if cheated:
        return cheated
    names = [s["name"] for s in record["seats"]]
    winners = [names[w] for w in result["winners"]]
    game = REGISTRY.get(record.get("game") or "")
    words = "A draw" if not winners else winners_win(winners, game.plural_sides if game else ())
    if result.get("scores"):
        words += " · " + " to ".join(f"{x:g}" for x in result["scores"])
    return words


def finished_game(ctx: ScreenContext, act: Actions, record: dict[str, Any]) -> El:
    """A finished game: winner, score and date; replay it step by step, export or delete it."""
    entry = ctx.catalog[record["game"]]
    title = record.get("name") or entry.title
    facts = [entry.title, ", ".join(s["name"] for s in record["seats"]), result_words(record), when(record.get("saved_at"))]
    reason = (record.get("result") or {}).get("reason")
    return h(
        "li.saved-item.finished-item",
        h("div.meta", h("strong", title), h("small", " · ".join(f for f in facts if f)), h("small", reason) if reason else None),
        h(
            "div.button-row",
            link_button("Replay", f"#/replay/{record['game']}/{record['id']}", **{"aria-label": f"Replay {title}"}),  # type: ignore[arg-type]  # no "primary" in it
            send_again_buttons(act, record, title),
            h("button", {"aria-label": f"Export {title}"}, "Export", on_click=lambda _e: act.export_save(record))
            if "link" not in record
            else None,
            h("button.danger", {"aria-label": f"Delete {title}"}, "Delete", on_click=lambda _e: act.confirm_delete(record)),
        ),
    )


def damaged_records(ctx: ScreenContext, act: Actions) -> El | None:
    """Records set aside (or left in place when storage was too full to move them): each with
    its reason, to download or delete; their text is never shown."""
    records = ctx.saves.set_aside_records()
    if not records:
        return None
    return h(
        "div.section.damaged",
        h("h2", "Damaged records"),
        h("p.hint", "These could not be read as saved games or settings. Download one to keep it; delete it to make room."),
        h(
            "ul.damaged-list",
            [
                h(
                    "li.damaged-item",
                    h("div.meta", h("strong", r["key"]), h("small", f"{r['reason']} · {size_text(r['size'])}")),
                    h(
                        "div.button-row",
                        h(
                            "button",
                            {"aria-label": f"Download {r['key']}"},
                            "Download",
                            on_click=lambda _e, k=r["key"]: act.download_record(k),
                        ),
                        h(
                            "button.danger",
                            {"aria-label": f"Delete {r['key']}"},
                            "Delete",
                            on_click=lambda _e, k=r["key"]: act.forget_record(k),
                        ),
                    ),
                )
                for r in records
            ],
        ),
    )


def backup_reminder(ctx: ScreenContext, act: Actions) -> El | None:
    """A quiet line when the browser may clear storage and the games in progress have no recent backup."""
    from tabletop.ui.saves.backup import remind

    if not remind(ctx.saves, ctx.settings):
        return None
    return h(
        "p.hint.backup-reminder",
        "Your games live only in this browser, which may clear them. ",
        h("button#remind-back-up.quiet", {"type": "button"}, "Back up all games", on_click=lambda _e: act.back_up_all()),
    )


def home_screen_note(ctx: ScreenContext, act: Actions) -> El | None:
    """Once, on an iPad or iPhone in Safari outside the Home Screen: Safari clears a site's storage
    after 7 days unused, except for an app on the Home Screen; the two taps that put it there."""
    device = ctx.device
    if not device.home_screen_helps or ctx.settings.get("home_screen_note_seen"):
        return None

    def seen(_e: object) -> None:
        act.update_settings(home_screen_note_seen=True)
        act.refresh()

    return h(
        "aside.panel.home-screen-note",
        {"aria-labelledby": "home-screen-title"},
        h("h2#home-screen-title", f"Keep your games on this {device.apple}"),
        h(
            "p",
            f"Safari deletes what a website keeps on your {device.apple}, saved games included, when you have not "
            "opened it for 7 days. An app on the Home Screen is spared, and it starts full screen and plays offline.",
        ),
        h("p", "To add it: tap ", h("strong", "Share"), " (the square with an arrow), then ", h("strong", "Add to Home Screen"), "."),
        h("button#home-screen-seen", "Got it", on_click=seen),
    )


def import_panel(act: Actions) -> El:
    return h(
        "div.panel.import-panel",
        {"data-drop": "save"},
        h("h2", "Import a saved game"),
        h("p.hint", "Choose a .json file exported from Towers & Worlds, or drop it here."),
        h(
            "input#import-file",
            {"type": "file", "accept": ".json,application/json", "class": "visually-hidden"},
            on_change=act.import_from_input,
        ),
        h("label.button.file-button", {"for": "import-file"}, "Choose file…"),
        on_dragover=lambda e: e.preventDefault(),
        on_drop=act.import_from_drop,
    )


def link_file_panel(act: Actions) -> El:
    """The first link of a friend's new game by link, sent as a file (the table opens the next ones)."""
    return h(
        "div.panel.import-panel.link-file-panel",
        h("h2", "Open a link file"),
        h("p.hint", "Did a friend send you a game's link as a file? Choose it here."),
        h(
            "input#home-link-file",
            {"type": "file", "accept": ".txt,text/plain", "class": "visually-hidden"},
            on_change=act.open_link_file,
        ),
        h("label.button.file-button", {"for": "home-link-file"}, "Open a link file…"),
    )


def welcome(catalog: Mapping[str, GameEntry]) -> list[El]:
    """Title, lede and the four games: also written into index.html by build.py (ui/shell/prerender.py)."""
    return [
        h("h1.home-title", "Four games of towers and worlds"),
        h("p.home-lede", "Play at the table on one device, pass it round, or take on the computer. Works offline once loaded."),
        h("ul.game-grid", [game_card(gid, info) for gid, info in catalog.items()]),
    ]


def render(ctx: ScreenContext, act: Actions) -> El:
    """(The app lists the saves before drawing, so what the store set aside on the way is among
    ``ctx.notices`` already.)"""
    records = ctx.saves.records()
    playing = [r for r in records if not r.get("finished") or r.get("kept")]
    finished = [r for r in records if r.get("finished") and not r.get("kept")]
    return h(
        "section.home",
        notices(ctx, act),
        welcome(ctx.catalog),
        home_screen_note(ctx, act),
        h(
            "div.section",
            h("h2", "Games in progress"),
            saves_off_note(ctx),
            backup_reminder(ctx, act),
            h("ul.saved-list", [saved_game(ctx, act, r) for r in playing])
            if playing
            else h("p.hint", "No game in progress." if finished else "No saved games yet: a game saves itself after every move."),
            import_panel(act),
            link_file_panel(act),
        ),
        h("div.section.finished", h("h2", "Finished"), h("ul.saved-list.finished-list", [finished_game(ctx, act, r) for r in finished]))
        if finished
        else None,
        damaged_records(ctx, act),
    )
