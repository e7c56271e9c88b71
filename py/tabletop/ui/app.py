"""The application: routes to screens, owns the current game session and the store."""

from __future__ import annotations

import json
import time
from typing import Any

import js

from tabletop.catalog import CATALOG
from tabletop.engine.errors import IllegalMove, SaveError
from tabletop.engine.rng import Rng
from tabletop.engine.saves import export_file, parse_save
from tabletop.ui import browser, deleted_elsewhere, diagnostics, embed_saves, focus, link_seed
from tabletop.ui import thinking as thinking_ui
from tabletop.ui.dom import Mount, h
from tabletop.ui.history import History
from tabletop.ui.motion import Motion
from tabletop.ui.router import Route, parse
from tabletop.ui.screens import home, new_game, not_found, replay, rules, settings, table
from tabletop.ui.screens.common import saves_off_note
from tabletop.ui.session import Session, new_id, typed_seed
from tabletop.ui.storage import StorageFull, Store, oversized_file
from tabletop.ui.thinking import Sliced

OK_NOTICE_MS = 6000  # how long a confirmation ("Exported: …") stays in the notice area
COMPUTER_DELAY_MS = 350  # a computer move never lands sooner than this after its turn began


class App:
    def __init__(self) -> None:
        self.catalog = CATALOG
        backend, full = browser.local_storage()
        self.store = Store(backend, CATALOG, full=full)
        self.settings = self.store.settings()
        self.notices: list[tuple[str, str]] = []  # "saves are off" is not one: screens say it in place (saves_off_note)
        self._said_storage_full = False  # "storage is full" is said once per game, not after every move
        self.session: Session | None = None
        self.forms: dict[str, dict] = {}
        self.table_ui: dict = {}
        self.route = Route("home")
        self.embed = browser.query_param("embed")
        self.embed_problems: list[str] = []  # what an embed's address asked for that was not understood
        seed = browser.query_param("seed")
        try:
            self.url_seed = typed_seed(seed or "")
        except ValueError:
            self.url_seed = None  # a seed the address cannot carry: the form starts empty
        self.mount = Mount(js.document.getElementById("app"))
        self.overlay = Mount(js.document.getElementById("overlay-root"))
        self.motion = Motion()  # pieces travel between renders of the table (motion.py)
        self._computer_pending = False
        self._thinker: Sliced | None = None
        self._computer_memory: dict = {}  # (save id, seat) -> what that computer seat remembers (a planned turn)
        self.lab_state: dict = {}
        self.history: History | None = None  # the game's history being stepped through (ui/history.py, screens/replay.py)
        self.history_here = False  # an embed shows the history in place (its address names only the game)
        self.focus_decision = False  # after the curtain, focus goes to the table's first decision (focus.py)
        self._carry_notices = True  # notices survive a navigation only when the app itself navigates
        self.deleted_elsewhere: str | None = None  # id of the game at the table deleted in another tab (deleted_elsewhere.py)

    @property
    def games(self) -> dict:
        """The game modules, imported on first use (start-up needs only the catalogue)."""
        from tabletop.games import GAMES

        return GAMES

    # ------------------------------------------------------------ routing
    def start(self) -> None:
        browser.reflect_settings(self.settings)
        browser.on(js.window, "hashchange", lambda _e: self.navigate())
        browser.on(js.window, "storage", self._storage_changed)
        if self.embed and not browser.location_hash():
            browser.set_hash(f"#/embed/{self.embed}")
        self.navigate()
        if (self.embed and self.route.name == "embed" and self.session is None and browser.query_param("play") == "1"
                and self.url_seed is None):  # a link's own seed is shown before anything is dealt (link_seed.py)
            self._embed_start(self.route.game)  # reads the address into the form
            if embed_saves.to_continue(self.store, self.route.game) is None:  # else the start offers "Continue your game"
                self.start_game(self.route.game, self.forms[self.route.game], embed=True)  # Play was pressed on the preview
        browser.mark_ready()
        diagnostics.expose()
        thinking_ui.expose()
        self.motion.expose()

    def navigate(self) -> None:
        if not self._carry_notices:
            self.notices.clear()
        self._carry_notices = False
        before = self.route
        self.route = parse(browser.location_hash(), tuple(self.catalog))
        if self.route != before:
            js.window.scrollTo(0, 0)  # a new page opens at its top, wherever the last one was scrolled to
        if self.route.name == "open":
            self._open_link(self.route.arg)
            return  # it went on to the table (or home, saying why): that navigation renders
        if self.route.name == "play":
            self._open_game(self.route.game, self.route.arg)
        if self.route.name == "replay":
            self._open_history(self.route.game, self.route.arg)
        self.render()
        self._mark_nav()

    def go(self, fragment: str) -> None:
        self._carry_notices = True
        if browser.location_hash() == fragment:
            self.navigate()
        else:
            browser.set_hash(fragment)

    def _mark_nav(self) -> None:
        for link in js.document.querySelectorAll(".site-header nav a"):
            href = str(link.getAttribute("href"))
            current = (href == "#/" and self.route.name == "home") or (href != "#/" and href.strip("#/") == self.route.name)
            if current:
                link.setAttribute("aria-current", "page")
            else:
                link.removeAttribute("aria-current")

    def render(self) -> None:
        route = self.route
        self.absorb_store_problems()  # e.g. settings set aside at start-up, shown on whichever screen comes first
        if route.name == "home":
            tree = home.render(self)
        elif route.name == "new":
            tree = new_game.render(self, route.game)
        elif route.name in ("play", "embed"):
            tree = self._table_or_setup(route)
        elif route.name == "replay":
            tree = replay.render(self, self.history, *replay.back_for(self, self.history))
        elif route.name == "rules":
            tree = rules.render(self, route.game)
        elif route.name == "settings":
            tree = settings.render(self)
        elif route.name == "lab":
            from tabletop.ui.screens import lab  # the balance lab loads the computer players: only when asked

            tree = lab.render(self)
        else:
            from urllib.parse import unquote  # here, not at start-up: importing it costs ~70 ms in the browser

            tree = not_found.render(self, unquote(route.arg or ""))  # "<b>" rather than "%3Cb%3E", shown as text
        self.motion.show(self.mount.element, self._motion_scope(), self.settings, lambda: self.mount.show(tree))
        focus.settle(self)
        self._maybe_computer_turn()

    def _motion_scope(self) -> tuple | None:
        """What the table on the page shows, for motion: the game, where hands are hidden whose eyes
        it is drawn for, and how many moves (None off the table: nothing there moves). A hand-over
        is a new picture, not a move."""
        session = self.session
        if session is None or self.route.name not in ("play", "embed") or session.module.ID != self.route.game or self.history_here:
            return None  # (an embed's history in place is a replay: nothing there moves either)
        eyes = (session.viewer(), session.curtain) if session.module.HIDDEN_INFORMATION else None
        return session.save.get("id"), eyes, len(session.save["moves"])

    def _table_or_setup(self, route: Route):
        if self.session is None or self.session.module.ID != route.game:
            if route.name == "embed" and browser.query_param("position"):
                from tabletop.ui.screens import position  # a position diagram (?embed=GAME&position=CODE)

                return position.render(self, route.game, browser.query_param("position") or "")
            if route.name == "embed":
                return self._embed_start(route.game)
            return new_game.render(self, route.game)
        if route.name == "embed" and self.history_here and self.history is not None:
            return replay.render(self, self.history, "Back to the game", self.close_history)
        if route.name == "embed":  # the game goes by its link (the frame's storage is often blocked): open_full.py
            from tabletop.ui import open_full

            return h("div.embed", table.render(self, open_full.button(self)))
        return table.render(self)

    def _embed_start(self, game_id: str):
        """An embed's first screen: the game, who the reader plays against (as the address
        asks, and theirs to change), and Start."""
        from tabletop.ui.embed_setup import apply_query

        module = self.games[game_id]
        if game_id not in self.forms:
            setup = apply_query(browser.query_params(), module, new_game.default_form(self, module))
            self.forms[game_id] = setup.form
            self.embed_problems = setup.problems
        form = self.forms[game_id]
        again = embed_saves.to_continue(self.store, game_id) is not None  # a second visit: its game waits
        return h("div.embed.embed-start",
                 h("div.embed-bar", h("h1", module.TITLE),
                   h("a#open-full.button", {"href": browser.full_app_url(f"#/new/{game_id}"), "target": "_blank", "rel": "noopener"},
                     "Open in full app")),
                 h("p", module.BLURB),
                 embed_saves.continue_offer(self, game_id),
                 opponent_choice(form),
                 h("p.hint", "Not understood in this page's link, so left as usual: " + "; ".join(self.embed_problems) + ".")
                 if self.embed_problems else None,
                 saves_off_note(self),
                 link_seed.note(self, form, module),
                 h("button#embed-start" + ("" if again else ".primary"), "Start a new game" if again else "Start a game",
                   on_click=lambda _e: self.start_game(game_id, form, embed=True)),
                 embed_saves.kept_list(self, game_id))

    # ------------------------------------------------------------ messages
    def toast(self, text: str, kind: str = "info") -> None:
        """Say something in the notice area: a new notice replaces any of its kind (errors do not pile up)."""
        notice = (kind, text)
        self.notices = [n for n in self.notices if n[0] != kind] + [notice]
        self.render()
        if kind == "ok":  # a confirmation goes by itself; an error stays until dismissed
            browser.later(OK_NOTICE_MS, lambda: self._fade(notice))

    def _fade(self, notice: tuple[str, str]) -> None:
        if notice in self.notices:
            self.notices.remove(notice)
            self.render()

    def absorb_store_problems(self) -> None:
        """Show (once) what the store had to set aside."""
        self.notices.extend(("error", p) for p in store_problem_notices(self.store.problems))
        self.store.problems.clear()

    def dismiss(self, index: int) -> None:
        if 0 <= index < len(self.notices):
            del self.notices[index]
        self.render()

    def update_settings(self, **changes: Any) -> None:
        self.settings.update(changes)
        browser.reflect_settings(self.settings)
        try:
            self.store.save_settings(self.settings)
        except StorageFull:
            self.notices.append(("error", "Storage is full: the setting applies until the page is closed."))

    # ------------------------------------------------------------ games
    def start_game(self, game_id: str, form: dict, embed: bool = False) -> bool:
        """Start a game from a form; False (with the reason on screen) when its settings cannot start one."""
        module = self.games[game_id]
        seats = [dict(s) for s in form["seats"][: form["players"]]]
        try:
            seed = typed_seed(str(form.get("seed") or ""))
        except ValueError as exc:
            self.toast(str(exc), "error")
            return False
        try:
            session = Session.start(module, seats, form["options"], seed)
        except ValueError as exc:
            self.toast(f"This game cannot start with these settings: {exc}", "error")
            return False
        self._set_session(session)
        self._autosave()
        self.go(f"#/embed/{game_id}" if embed else f"#/play/{game_id}/{session.save['id']}")
        return True

    def _set_session(self, session: Session) -> None:
        self.session = session
        self.table_ui = {}
        self.history_here = False
        self.notices = [n for n in self.notices if n[0] != "error"]
        self._said_storage_full = False  # its notice went with the errors: a new game not being saved is told anew

    def _open_game(self, game_id: str, save_id: str | None) -> None:
        if save_id is None:
            return
        current = self.session is not None and self.session.save.get("id") == save_id
        if current and not self.store.available:
            return
        record = self.store.get(save_id)
        if current and (record is None or (record["moves"], record["seed"]) == (self.session.save["moves"], self.session.save["seed"])):
            return  # the game on screen is the stored one (or was never stored: storage full)
        if record is None:
            self.absorb_store_problems()
            if not any(n[0] == "error" for n in self.notices):
                self.notices.append(("error", "That saved game is not in this browser."))
            self.route = Route("home")
            return
        try:
            if record.get("kept"):
                self.play_from_copy(record)  # a kept copy is never played on: its game goes on as a new one
                return
            self._set_session(Session(self.games[record["game"]], record))
        except SaveError as exc:
            self.store.set_aside(save_id, json.dumps(record), exc)
            self.absorb_store_problems()  # the store's message is the one shown (once)
            self.route = Route("home")

    def _open_history(self, game_id: str, save_id: str | None) -> None:
        self.history = replay.find(self, game_id, save_id)
        if self.history is None:
            self.route = Route("home")

    def open_history(self) -> None:
        """The table's History button: the game so far, at its last move. An embed shows it in
        place; the full app at #/replay/GAME/ID (so Back and a reload keep it)."""
        session = self.session
        save_id = session.save.get("id")
        if self.route.name == "embed" or not save_id:
            self.history = replay.find(self, session.module.ID, save_id)
            if self.history is not None:
                self.history.last()
                self.history.fresh = True
                self.history_here = True
            self.render()
            return
        if self.history is not None and self.history.save.get("id") == save_id:
            self.history.last()
            self.history.fresh = True
        self.go(f"#/replay/{session.module.ID}/{save_id}")

    def close_history(self) -> None:
        self.history_here = False
        self.focus_decision = True
        self.render()

    # ------------------------------------------------------------ two tabs
    def _moved_on_elsewhere(self) -> bool:
        """Whether another tab stored this game since this tab last read or wrote it."""
        session = self.session
        if session is None or not self.store.available or not session.save.get("id"):
            return False
        return self.store.revision(session.save["id"]) > session.save.get("revision", 0)

    def _catch_up(self, message: str) -> bool:
        """Take the stored game (played on in another tab) as the one at the table, and say so."""
        record = self.store.get(self.session.save["id"])
        if record is None or record.get("revision", 0) <= self.session.save.get("revision", 0):
            return False
        try:
            session = Session(self.games[record["game"]], record)
        except SaveError:
            return False
        self._set_session(session)
        self.notices.append(("info", message))
        return True

    def _storage_changed(self, event: Any) -> None:
        """Another tab stored something: a game on this tab's table that moved on there is shown
        as it stands now; Home lists the change."""
        key = event.key
        if not browser.absent(key) and deleted_elsewhere.heard(self, str(key), browser.absent(event.newValue)):
            self.render()
            return
        if self.session is not None and not browser.absent(key) and str(key) == f"tw:save:{self.session.save.get('id')}":
            if self._moved_on_elsewhere() and self._catch_up("This game was played on in another tab: the table shows it as it stands now."):
                self.render()
                return
        if self.route.name == "home":
            self.render()

    def play(self, move: Any) -> None:
        if self._moved_on_elsewhere():  # this tab missed the other's news (or the move came first): refuse, lose nothing
            self._catch_up("That move was not played: this game had moved on in another tab. The table shows it as it stands now.")
            self.render()
            return
        try:
            self.session.play(move)
        except IllegalMove as exc:
            self.toast(f"Not allowed: {exc}", "error")
            return
        self.table_ui = {}
        self._autosave()
        self.render()

    def pass_to(self, seat: int) -> None:
        self.session.pass_to(seat)
        self.focus_decision = True
        self.render()

    def end_moment(self) -> None:
        """The mover taps "Pass to NAME": the curtain for the next person (screens/moment.py)."""
        self.session.end_moment()
        self.render()

    def undo(self) -> None:
        if self._moved_on_elsewhere():
            self._catch_up("Nothing was undone: this game had moved on in another tab. The table shows it as it stands now.")
            self.render()
            return
        try:
            self.session.undo()
        except IllegalMove as exc:
            self.toast(str(exc), "error")
            return
        self.table_ui = {}
        self._autosave()
        self.render()

    def rematch(self) -> None:
        """"Play again": a new game with the same players and options. The finished game remembers
        it (``played_again``), so a second tap, or coming back to the finished game later, opens
        that game while it is unfinished instead of piling up another copy."""
        finished = self.session
        old = finished.save
        embed = self.route.name == "embed"
        again = old.get("played_again")
        if again and not embed and self.store.available:
            record = self.store.get(again)
            if record is not None and not record.get("finished"):
                self.go(f"#/play/{record['game']}/{again}")
                return
        variants = finished.module.default_options()  # a new game: today's rules, not an old save's (Tower War's hand)
        form = {"players": len(old["seats"]), "seats": old["seats"], "seed": "",
                "options": {k: v for k, v in old["options"].items() if k in variants}}
        if (self.start_game(old["game"], form, embed=embed) and not embed and self.store.available and old.get("id")
                and old.get("id") != self.deleted_elsewhere):  # a game deleted in another tab stays deleted
            old["played_again"] = self.session.save["id"]
            old["revision"] = old.get("revision", 0) + 1
            try:
                self.store.put(finished.record())
            except StorageFull:
                self._storage_full()

    def _autosave(self) -> None:
        if self.session is None or not self.store.available or deleted_elsewhere.holds_save(self):
            return
        save = self.session.save
        save["revision"] = save.get("revision", 0) + 1
        try:
            self.store.put(self.session.record())
        except StorageFull:
            self._storage_full()
        else:
            self._said_storage_full = False  # room again: a later refusal is news worth saying
            deleted_elsewhere.saved(save.get("id"))

    def _storage_full(self) -> None:
        """Say once that saving stopped; every later move would only stack the same notice."""
        if self._said_storage_full:
            return
        self._said_storage_full = True
        self.notices.append(("error", "Storage is full: this game goes on, but it is not being saved. Export it to keep it."))

    def _maybe_computer_turn(self) -> None:
        session = self.session
        if (session is None or self._computer_pending or self.route.name not in ("play", "embed") or self.history_here
                or session.outcome is not None or not session.is_computer(session.to_act) or table.between_games(session)):
            return
        self._computer_pending = True
        browser.later(0, self._computer_move)

    def _computer_move(self) -> None:
        """Think in slices (the page stays responsive), then play; a stale answer is dropped."""
        session = self.session
        if session is None or session.outcome is not None or not session.is_computer(session.to_act):
            self._computer_pending = False
            return
        seat = session.to_act
        moves_before = len(session.save["moves"])
        rng = Rng(session.save["seed"] ^ (moves_before * 0x9E3779B1))
        level = computer_level(session.seats[seat].get("level"))
        module = session.module
        memory = self._computer_memory.setdefault((session.save.get("id"), seat), {})
        from tabletop import ai as computer

        thinking = computer.think(module, module.view(session.state, seat), module.legal_moves(session.state), seat, level, rng, memory)

        def finished(job) -> None:
            self._thinker = None
            thinking_ui.record(job, sliced)
            if self.session is not session or len(session.save["moves"]) != moves_before or self.route.name not in ("play", "embed"):
                self._computer_pending = False
                if self.route.name in ("play", "embed"):
                    self.render()
                return
            wait = max(0, int(COMPUTER_DELAY_MS - job.elapsed * 1000))  # its own task: slices stay pure thinking
            browser.later(wait, lambda: self._play_computer(session, moves_before, job.move))

        sliced = Sliced(thinking, finished)
        self._thinker = sliced.start()

    def _play_computer(self, session: Session, moves_before: int, move: Any) -> None:
        self._computer_pending = False
        if self.session is session and len(session.save["moves"]) == moves_before and self.route.name in ("play", "embed"):
            self.play(move)
        elif self.route.name in ("play", "embed"):
            self.render()

    # ------------------------------------------------------------ saves
    def keep_copy(self) -> None:
        """Ask for a name and keep a copy of the game as it stands: a save slot that stays at this
        move while the game on the table goes on saving itself (an in-page dialog: prompt() is
        blocked in iframes)."""
        draft = {"name": ""}

        def close(_e=None):
            self.overlay.show(None)

        def typed(event):
            draft["name"] = str(event.target.value)

        def keep(event):
            event.preventDefault()
            session = self.session
            name = " ".join(draft["name"].split())[:40] or f"{session.module.TITLE}, move {len(session.save['moves'])}"
            copy = dict(session.record(), id=new_id("kept-"), name=name, kept=True, saved_at=time.time())
            copy["moves"] = list(copy["moves"])
            close()
            try:
                self.store.put(copy)
            except StorageFull:
                self.toast("Storage is full: the copy was not kept. Export the game to keep it as a file.", "error")
                return
            self.toast(f"Kept a copy: “{name}”. It waits on the home screen at this move.", "ok")

        saves_on = self.store.available
        self.overlay.show(h("div.dialog-backdrop",
                            h("form.dialog.stack", {"role": "dialog", "aria-modal": "true", "aria-labelledby": "save-title"},
                              h("h2#save-title", "Keep a copy of this game"),
                              h("p", "The copy stays at this move, to come back to later; the game on the table goes on "
                                     "saving itself." if saves_on else "Saves are off in this browser: export the game instead."),
                              h("label", {"for": "save-name"}, "Name",
                                h("input#save-name", {"type": "text", "maxlength": "40", "autocomplete": "off",
                                                      "placeholder": f"{self.session.module.TITLE}, move {len(self.session.save['moves'])}"},
                                  on_input=typed)),
                              h("div.button-row",
                                h("button#save-confirm.primary", {"type": "submit", "disabled": not saves_on}, "Keep copy"),
                                h("button#save-cancel", {"type": "button"}, "Cancel", on_click=close)),
                              on_submit=keep)))
        browser.focus("save-name")

    def play_from_copy(self, record: dict) -> None:
        """Open a kept copy as a new game in progress, so the copy itself stays where it was."""
        session = Session(self.games[record["game"]], dict(record, id=new_id(), kept=False, moves=list(record["moves"]),
                                                           name=f"{record.get('name') or ''} (continued)".strip()))
        self._set_session(session)
        self._autosave()
        self.go(f"#/play/{record['game']}/{session.save['id']}")

    def export_save(self, record: dict) -> None:
        data = export_file(record)
        stamp = time.strftime("%Y%m%d-%H%M")
        filename = f"{record['game']}-{stamp}.json"
        browser.download_json(filename, data)
        self.toast(f"Exported: {filename} is in your downloads.", "ok")

    def forget_record(self, key: str) -> None:
        """Delete a damaged record (set aside, or stuck in place for want of room)."""
        self.store.forget(key)
        self.render()

    def download_record(self, key: str) -> None:
        """Offer a damaged record's text as a file, to keep it or show it to someone who can mend it."""
        text = self.store.record_text(key)
        browser.download_text(key.replace(":", "-") + ".json", text)

    def confirm_delete(self, record: dict) -> None:
        title = record.get("name") or self.games[record["game"]].TITLE

        def close(_e=None):
            self.overlay.show(None)

        def delete(_e):
            self.store.delete(record["id"])
            if self.session is not None and self.session.save.get("id") == record["id"]:
                self.session = None
            close()
            self.render()

        self.overlay.show(h("div.dialog-backdrop",
                            h("div.dialog", {"role": "alertdialog", "aria-modal": "true", "aria-labelledby": "confirm-title"},
                              h("h2#confirm-title", f"Delete “{title}”?"),
                              h("p", "The saved game will be gone for good."),
                              h("div.button-row",
                                h("button#confirm-delete.danger", "Delete", on_click=delete),
                                h("button#confirm-cancel", {"autofocus": True}, "Keep it", on_click=close)))))
        browser.focus("confirm-cancel")

    def _session_from_file_text(self, text: str, id_prefix: str) -> Session:
        """A new game from a save file's text, checked (shape, then every move on replay);
        raises SaveError. Nothing is stored or replaced until it has passed."""
        try:
            record = parse_save(text, self.games)
            record.pop("saved_at", None)  # taken in now: listed as new
            return Session(self.games[record["game"]], dict(record, id=new_id(id_prefix)))
        except SaveError:
            raise
        except Exception as exc:  # a check that failed is still a refused file, said as such, never a silent stop
            raise SaveError("corrupt", f"the file could not be checked ({type(exc).__name__})") from None

    def _take_in(self, session: Session, message: str) -> str:
        self._set_session(session)
        self._autosave()
        self.notices.append(("ok", message))
        return f"#/play/{session.module.ID}/{session.save['id']}"

    def import_text(self, text: str | None) -> None:
        if text is None:
            self.toast("The file could not be read.", "error")
            return
        try:
            session = self._session_from_file_text(text, "import-")
        except SaveError as exc:
            self.toast(f"Could not import: {exc}", "error")
            return
        moves = len(session.save["moves"])
        self.go(self._take_in(session, f"Imported a game of {session.module.TITLE} ({moves} moves)."))

    # ------------------------------------------------------------ game links
    def game_link(self) -> str:
        """The fragment that carries the game at the table whole (#/open/CODE)."""
        from tabletop.engine.share import save_to_code  # zlib and base64: only once a game is shared

        return f"#/open/{save_to_code(self.session.record())}"

    def _open_link(self, code: str) -> None:
        """Open the game a link carries, checked exactly as an imported file; a bad link is
        refused with the reason, and the game at the table and every save stay as they were."""
        from tabletop.engine.share import text_from_code

        self._carry_notices = True
        try:
            session = self._session_from_file_text(text_from_code(code), "link-")
        except SaveError as exc:
            self.notices = [n for n in self.notices if n[0] != "error"]
            self.notices.append(("error", f"This link's game could not be opened: {exc}."))
            browser.replace_hash("#/")
            return
        moves = len(session.save["moves"])
        browser.replace_hash(self._take_in(session, f"Opened a game of {session.module.TITLE} from a link ({moves} moves)."))

    def share_game(self) -> None:
        """Offer the link that carries this game (copy, or select it by hand)."""
        url = browser.page_url(self.game_link())

        def close(_e=None):
            self.overlay.show(None)

        def copied(ok: bool) -> None:
            status = js.document.getElementById("share-status")
            if not browser.absent(status):
                status.textContent = "Link copied." if ok else "This browser refused to copy: select the link and copy it."

        self.overlay.show(h("div.dialog-backdrop",
                            h("div.dialog.stack", {"role": "dialog", "aria-modal": "true", "aria-labelledby": "share-title"},
                              h("h2#share-title", "Share this game"),
                              h("p", "This link holds the whole game as it stands, so it opens on any device, even "
                                     "offline. It holds the whole deal too: in the card games, whoever opens it could work "
                                     "out every hidden card."),
                              h("label.link-field", {"for": "share-link"}, "Link",
                                h("input#share-link", {"type": "text", "readonly": True, "value": url},
                                  on_focusin=lambda e: e.target.select())),
                              h("p#share-status.hint", {"role": "status"}),
                              h("div.button-row",
                                h("button#share-copy.primary", {"type": "button"}, "Copy link",
                                  on_click=lambda _e: browser.copy_text(url, copied)),
                                h("button#share-close", {"type": "button"}, "Close", on_click=close)))))
        browser.focus("share-link")

    def import_file(self, file: Any) -> None:
        """Read a chosen or dropped file, unless its size alone says it is no save."""
        too_large = oversized_file(int(file.size))
        if too_large is not None:
            self.toast(f"Could not import: {too_large}", "error")
            return
        browser.read_file(file, self.import_text)

    def import_from_input(self, event: Any) -> None:
        files = event.target.files
        if files.length:
            self.import_file(files.item(0))
        event.target.value = ""

    def import_from_drop(self, event: Any) -> None:
        event.preventDefault()
        files = event.dataTransfer.files
        if files.length:
            self.import_file(files.item(0))


def store_problem_notices(problems: list[str]) -> list[str]:
    """The store's messages as notices: each one when there are a few, one summary when more
    (each record is listed with its reason under "Damaged records" on Home anyway)."""
    if len(problems) <= 3:
        return list(problems)
    return [f"{len(problems)} stored records could not be read. Each is listed under “Damaged records” on the home screen, "
            "with the reason and whether it was set aside."]


def opponent_choice(form: dict) -> Any:
    """Who the reader plays against in an embed: the computer at a level, or people at this device."""
    from tabletop.ui.embed_setup import LEVELS

    seats = form["seats"][: form["players"]]
    computer = next((s for s in seats if s["kind"] == "computer"), None)
    current = computer["level"] if computer else "people"

    you = next((i for i, s in enumerate(seats) if s["kind"] == "human"), 0)  # the seat the address gave the reader

    def choose(event: Any) -> None:
        value = str(event.target.value)
        for i, seat in enumerate(form["seats"]):
            seat["kind"] = "human" if value == "people" or i == you else "computer"
            seat["level"] = value if value in LEVELS else seat["level"]

    others = "the others" if form["players"] > 2 else "a friend"
    return h("label.embed-opponent", {"for": "embed-opponent"}, "Play against",
             h("select#embed-opponent", [h("option", {"value": lv, "selected": current == lv}, f"the computer ({lv})") for lv in LEVELS],
               h("option", {"value": "people", "selected": current == "people"}, f"{others} at this device"),
               on_change=choose))


def computer_level(level: str | None) -> str:
    """The player level to use for a computer seat (an unknown level plays as normal)."""
    from tabletop.players import LEVELS

    return level if level in LEVELS else "normal"




def start() -> App:
    app = App()
    app.start()
    return app
