"""The application: listens to the browser, carries out what the screens ask for (``Actions``,
ui/shell/actions.py) and redraws after each. It only wires the parts together:

- the game at the table: ``CurrentGame`` (current_game.py, browser-free and unit-tested);
- the notice area: ``Notices`` (notices.py); the computer's turns: ``ComputerTurns`` (computer.py);
- files and links: ``Transfer`` (transfer.py); dialogs: screens/dialogs.py;
- screens draw from a ``ScreenContext`` (context.py) and never import this module.
"""

from __future__ import annotations

from typing import Any

from tabletop.games import REGISTRY
from tabletop.ui.embed import saves as embed_saves
from tabletop.ui.saves.storage import StorageFull
from tabletop.ui.saves.transfer import Transfer
from tabletop.ui.shell.actions import Actions
from tabletop.ui.shell.context import SavesView, ScreenContext
from tabletop.ui.shell.notices import OK_NOTICE_MS, Notices
from tabletop.ui.shell.pages import TABLE_ROUTES, Pages
from tabletop.ui.shell.router import Route, parse
from tabletop.ui.table import deleted_elsewhere
from tabletop.ui.table.computer import ComputerTurns
from tabletop.ui.table.current_game import HOME, CurrentGame, all_games, play_fragment
from tabletop.ui.table.last_turn_show import LastTurnShow
from tabletop.ui.table.session import new_id, typed_seed
from tabletop.ui.web import browser, diagnostics, focus, page, saves_news
from tabletop.ui.web import thinking as thinking_ui
from tabletop.ui.web.awake import Awake
from tabletop.ui.web.dom import El, Mount
from tabletop.ui.web.motion import Motion


class App:
    def __init__(self) -> None:
        self.store = saves_news.open_store()
        self.settings = self.store.settings()
        self.notices = Notices()
        self.game = CurrentGame(self.store, all_games, self.notices)
        self.transfer = Transfer(self.game, self.notify, self.navigate)
        self.keep_grip, self.export_save, self.open_link_file = self.game.keep_grip, self.transfer.export_save, self.transfer.open_link_file
        self.import_from_input, self.import_from_drop = self.transfer.import_from_input, self.transfer.import_from_drop
        self.download_record, self.abandon = self.transfer.download_record, lambda: self._done(self.game.abandon())  # by link
        self.route = Route("home")
        self.motion = Motion()  # pieces travel between renders of the table (motion.py)
        self.computer = ComputerTurns(self.game, lambda: self.route.name in TABLE_ROUTES, self.play, self.refresh)
        reduced = lambda: not self.motion.wanted(self.settings)  # noqa: E731  (no travel: a before/after pair)
        self.last_turn = LastTurnShow(self.game, lambda: self.route.name in TABLE_ROUTES, reduced, self.refresh, self._to_decision)
        self.show_last_turn, self.stop_last_turn = self.last_turn.start, self.last_turn.stop  # (ui/table/last_turn_show.py)
        self.pages = Pages(self.game, browser.query_params(), browser.full_app_url)
        self.embed = browser.query_param("embed")
        self.device, self.toggle_full_screen = browser.device(), browser.toggle_full_screen
        try:
            self.url_seed = typed_seed(browser.query_param("seed") or "")
        except ValueError:
            self.url_seed = None  # a seed the address cannot carry: the form starts empty
        self.mount = Mount(page.element("app"))
        self.overlay = Mount(page.element("overlay-root"))
        self.awake = Awake()  # the screen stays on while a game is at the table (awake.py)
        self.focus_decision = False  # focus wanted on the table's next decision (focus.py)

    # ------------------------------------------------------------ listening to the browser
    def start(self) -> None:
        browser.reflect_settings(self.settings)
        browser.on_window("hashchange", lambda _e: self._route_changed())
        browser.on(self.overlay.element, "keydown", lambda e: self.close_dialog() if e.key == "Escape" else None)  # any dialog
        saves_news.listen(self.game, lambda: self.route.name, self.refresh)
        if self.embed and not browser.location_hash():
            browser.set_hash(f"#/embed/{self.embed}")
        self._route_changed()
        game_id = self.route.game or ""
        pressed = self.embed and self.route.name == "embed" and self.game.session is None and browser.query_param("play") == "1"
        if pressed and embed_saves.starts_at_once(self.store, game_id, self.url_seed):
            self.start_game(game_id, self.pages.embed_form(self._context(), game_id), embed=True)
        browser.mark_ready()
        diagnostics.expose()
        thinking_ui.expose()
        self.motion.expose()

    def _route_changed(self) -> None:
        self.notices.navigated()
        before = self.route
        self.route = parse(browser.location_hash(), tuple(REGISTRY))
        if self.route != before:
            browser.scroll_to_top()  # a new page opens at its top, wherever the last one was scrolled to
        if self.route.name == "open":
            self.transfer.open_link(self.route.arg or "")
            return  # it went on to the table (or home, saying why): that navigation renders
        if self.route.name == "play":
            where = self.game.open(self.route.arg)
            if where == HOME:
                self.route = Route("home")
            elif where is not None:
                self.navigate(where)
        if self.route.name == "replay" and not self.game.open_history(self.route.game or "", self.route.arg):
            self.route = Route("home")
        self.refresh()
        browser.mark_nav(self.route.name)

    # ------------------------------------------------------------ drawing
    def _context(self, saves: SavesView | None = None) -> ScreenContext:
        game, notices = self.game, tuple(self.notices.items)
        gone = game.session is not None and game.deleted_elsewhere is not None and game.deleted_elsewhere == game.session.save.get("id")
        saves = saves or SavesView(self.store)
        return ScreenContext(
            self.route, self.settings, notices, saves, game.session, game.table_ui, self.url_seed, gone, device=self.device
        )

    def refresh(self) -> None:
        """Draw the page for the route from scratch; then focus, and the computer's turn."""
        self.notices.absorb(self.store.problems)  # e.g. settings set aside at start-up, shown on whichever screen comes first
        saves = SavesView(self.store)
        if self.route.name == "home":
            saves.records()  # listed before drawing: what the store sets aside on the way is said on this page
            self.notices.absorb(self.store.problems)
        tree = self.pages.draw(self._context(saves), self, self.close_history)
        self.motion.show(self.mount.element, self.game.motion_scope(self.route), self.settings, lambda: self.mount.show(tree))
        wanted = self.focus_decision or (self.mount.focus_lost and self.route.name in TABLE_ROUTES)  # (the control used is gone)
        self.focus_decision = not focus.settle(wanted) and wanted  # kept while the computer thinks
        self.computer.maybe_move()
        self.awake.want(self.route.name in TABLE_ROUTES and self.game.session is not None)

    def _dialog(self, dialog: El, focus_id: str) -> None:
        self.overlay.show(dialog)
        page.focus(focus_id)

    # ------------------------------------------------------------ Actions: the page
    def navigate(self, fragment: str) -> None:
        self.notices.carry = True
        if browser.location_hash() == fragment:
            self._route_changed()
        else:
            browser.set_hash(fragment)

    def notify(self, text: str, kind: str = "info") -> None:
        """Say something in the notice area; a confirmation goes by itself, an error stays until dismissed."""
        notice = self.notices.say(text, kind)
        self.refresh()
        if kind == "ok":  # faded when its time is up, if it is still there
            browser.later(OK_NOTICE_MS, lambda: self.refresh() if self.notices.fade(notice) else None)

    def dismiss(self, index: int) -> None:
        self.notices.dismiss(index)
        self.refresh()

    def close_dialog(self) -> None:
        self.overlay.show(None)

    def update_settings(self, **changes: Any) -> None:
        self.settings.update(changes)
        browser.reflect_settings(self.settings)
        try:
            self.store.save_settings(self.settings)
        except StorageFull:
            self.notices.add("error", "Storage is full: the setting applies until the page is closed.")

    # ------------------------------------------------------------ Actions: at the table
    def _done(self, refused: str | None) -> None:
        if refused is not None:
            self.notify(refused, "error")
        elif self.game.passed:
            self.notify(self.game.passed, "ok")  # a pass the table played for a person, said (it fades)
        else:
            self.refresh()

    def play(self, move: Any) -> None:
        self._done(self.game.play(move))

    def undo(self) -> None:
        self._done(self.game.undo())

    def pass_to(self, seat: int) -> None:
        self.game.pass_to(seat)
        self._to_decision()

    def end_moment(self) -> None:
        self.game.end_moment()
        self.refresh()

    def _to_decision(self) -> None:  # a redraw with focus on the table's first decision
        self.focus_decision = True
        self.refresh()

    def next_game(self) -> None:
        self.game.next_game()
        self._to_decision()

    def rematch(self) -> None:
        where, refused = self.game.rematch(embed=self.route.name == "embed")
        if refused is not None:
            self.notify(refused, "error")
        elif where is not None:
            self.navigate(where)

    def open_history(self) -> None:
        """An embed shows the history in place; the full app at #/replay/GAME/ID (so Back and a reload keep it)."""
        where = self.game.history_at_the_table(here=self.route.name == "embed")
        if where is None:
            self.refresh()
        else:
            self.navigate(where)

    def close_history(self) -> None:
        self.game.history_here = False
        self._to_decision()

    def keep_copy(self) -> None:
        from tabletop.ui.screens import dialogs

        if self.game.session is not None:
            self._dialog(*dialogs.keep_copy(self, self.game.session, self.store.available))

    def keep_copy_named(self, name: str) -> None:
        self.close_dialog()
        kind, text = self.game.keep_copy(name)
        self.notify(text, kind)

    def share_game(self) -> None:
        from tabletop.ui.screens import dialogs

        self._dialog(*dialogs.share(self, browser.page_url(self.transfer.game_link())))

    def offer_embed(self) -> None:
        from tabletop.ui.screens import dialogs

        if self.game.session is not None:
            self._dialog(*dialogs.embed_position(self, self.game.session, browser.page_url("")))

    def keep_as_new(self) -> None:
        """The game deleted in another tab goes on as a new save (deleted_elsewhere.py)."""
        deleted_elsewhere.keep_as_new(self.game)
        if self.route.name == "play" and self.game.session is not None:
            browser.replace_hash(play_fragment(self.game.session))  # its address names the new save
        self.refresh()
        page.focus("app")

    def open_in_full_app(self, confirmed: bool = False) -> None:
        """The embed's game to the full app in a new tab; first a word where that shows hidden cards (open_full.py)."""
        from tabletop.ui.web import open_full

        session = self.game.session
        if session is not None and not confirmed and open_full.hides_cards_from_someone_here(session):
            self._dialog(*open_full.warning(self))
        elif session is not None:
            self.close_dialog()
            open_full.open_tab(self.transfer.game_link())

    # ------------------------------------------------------------ Actions: starting games, saves
    def start_game(self, game_id: str, form: dict[str, Any], embed: bool = False) -> bool:
        """Start a game from a form; False (with the reason on screen) when its settings cannot start one."""
        refused = self.game.start(game_id, form)
        if refused is not None or self.game.session is None:  # (no session: a game by link sent out from Home)
            self.notify(refused, "error") if refused is not None else self.navigate(HOME)
            return False
        self.navigate(play_fragment(self.game.session, embed))
        return True

    def play_from_position(self, position: Any, form: dict[str, Any]) -> None:
        """Go on playing an exact position in the frame: a new game whose moves are the position's."""
        save = dict(position.save or {}, id=new_id("position-"), seats=[dict(s) for s in form["seats"]])
        save["moves"] = list(save["moves"])
        self.game.play_from_position(position.game, save)
        self.navigate(f"#/embed/{position.game}")

    def continue_game(self, record: dict[str, Any]) -> None:
        """A game an embed's frame keeps, back at its table (embed_saves.py)."""
        refused = self.game.continue_kept(record)
        if refused is not None:
            self.notify(refused, "error")
        else:
            self.navigate(f"#/embed/{record['game']}")

    def confirm_delete(self, record: dict[str, Any]) -> None:
        from tabletop.ui.screens import dialogs

        self._dialog(*dialogs.confirm_delete(self, record, record.get("name") or self.game.games[record["game"]].TITLE))

    def delete_save(self, record: dict[str, Any]) -> None:
        self.game.delete(record["id"])
        self.close_dialog()
        self.refresh()

    def forget_record(self, key: str) -> None:
        """Delete a damaged record (set aside, or stuck in place for want of room)."""
        self.store.forget(key)
        self.refresh()

    def back_up_all(self) -> None:
        self.transfer.back_up_all(self.settings)

    def restore_from_input(self, event: Any) -> None:
        self.transfer.restore_from_input(event, self.settings)


def start() -> Actions:  # (mypy holds App to every intent of the protocol here)
    app = App()
    app.start()
    return app
