"""The game at the table, browser-free: ``CurrentGame`` owns the ``Session`` (ui/table/session.py) and
keeps it and the store in step. Opening a saved game, moves, undo, the hand-over, autosave (and
a full store), a game played on in another tab, "Play again", kept copies, a game's history.

The app (ui/shell/app.py) calls it for every intent at the table and redraws; every method here
returns what the page should do next (a fragment to go to, a notice already added) and never
touches the browser, so all of it is unit-tested under CPython (tests/ui/table/test_current_game.py).

- Autosave: every change is stored at once with the game's ``revision`` one higher; a store
  that is full says so once per game (``storage_full``), and the game goes on in memory.
- Two tabs: a move or undo in a tab whose game moved on in another tab (a higher stored
  revision) is refused, and the table catches up with the stored game, saying why.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from typing import Any

from tabletop.engine.errors import IllegalMove, SaveError
from tabletop.engine.hooks import game_hook
from tabletop.engine.names import clean_name
from tabletop.engine.rng import ChanceAwaited
from tabletop.ui.saves.storage import StorageFull, Store
from tabletop.ui.shell.notices import Notices
from tabletop.ui.shell.router import Route
from tabletop.ui.table import deleted_elsewhere
from tabletop.ui.table.history import History
from tabletop.ui.table.last_turn import LastTurn
from tabletop.ui.table.session import Session, new_id, typed_seed
from tabletop.ui.table.wording import seat_label

STORAGE_FULL = "Storage is full: this game goes on, but it is not being saved. Export it to keep it."
STORAGE_REFUSED = "This browser's storage refused the game ({why}): it goes on, but it is not being saved. Export it to keep it."
STORAGE_WIPED = "This browser cleared the app's storage, and the saved games in it. The game on the table is saved again."
HOME = "#/"


def play_fragment(session: Session, embed: bool = False) -> str:
    """Where the game at the table is: its own address, or the embed's one page."""
    return f"#/embed/{session.module.ID}" if embed else f"#/play/{session.module.ID}/{session.save['id']}"


def all_games() -> Mapping[str, Any]:
    """The game modules, imported on first use (start-up needs only the catalogue)."""
    from tabletop.games import GAMES

    return GAMES


def finished_games(session: Session) -> int | None:
    """How many games of a match (Tower Battle) are over, as the game counts them; None for a
    game that is no match."""
    count = game_hook(session.module, "finished_games")
    return None if count is None else int(count(session.module.view(session.state, None)))


def between_games(session: Session) -> bool:
    """A game of a match has just ended and the table has not yet shown its end: the next game
    waits (no curtain, no computer move) until someone taps "Next game"."""
    if session.outcome is not None or session.ends_seen is None:
        return False
    n = finished_games(session)
    return n is not None and n > session.ends_seen


class CurrentGame:
    def __init__(self, store: Store, games: Callable[[], Mapping[str, Any]], notices: Notices) -> None:
        self.store = store
        self._games = games
        self.notices = notices
        self.session: Session | None = None
        self.table_ui: dict[str, Any] = {}  # the renderer's transient choices, cleared after every move
        self.history: History | None = None  # the history being stepped through (screens/replay.py)
        self.history_here = False  # an embed shows the history in place (its address names only the game)
        self._said_storage_full = False  # "storage is full" is said once per game, not after every move
        self.deleted_elsewhere: str | None = None  # id of the game at the table deleted in another tab (deleted_elsewhere.py)
        self.passed = ""  # what the table played by itself after the last move (a forced pass), in words

    @property
    def games(self) -> Mapping[str, Any]:
        return self._games()

    # ------------------------------------------------------------ a game comes to the table
    def set(self, session: Session) -> None:
        self.session = session
        self.table_ui = {}
        self.history_here = False
        self.notices.clear_errors()
        self._said_storage_full = False  # its notice went with the errors: a new game not being saved is told anew

    def start(self, game_id: str, form: Mapping[str, Any]) -> str | None:
        """Start a game from a form and store it; the reason in words when its settings cannot start one."""
        module = self.games[game_id]
        seats = [dict(s) for s in form["seats"][: form["players"]]]
        try:
            seed = typed_seed(str(form.get("seed") or ""))
        except ValueError as exc:
            return str(exc)
        try:
            if any(seat.get("kind") == "friend" for seat in seats):
                from tabletop.link.game import new_link_game  # the protocol: only for a game by link

                save = new_link_game(module, seats, form["options"])
                session = Session(module, save)
            else:
                session = Session.start(module, seats, form["options"], seed)
        except ValueError as exc:
            return f"This game cannot start with these settings: {exc}"
        except ChanceAwaited:  # the deal itself draws chance: it is drawn on the friend's device
            return self.invite(save)
        self.set(session)
        self.send_owed()
        self.autosave()
        return None

    def invite(self, save: dict[str, Any]) -> str | None:
        """A game by link whose deal waits for the friend's share of chance (the Treehouse dice,
        Tower War's first draft round):
        stored with its first link, to send from Home, and at the table once the friend's link is in."""
        from tabletop.link.game import send

        send(save)
        self.store.put(dict(save, turn=0, finished=False, saved_at=time.time()))
        self.session = None
        me = next(i for i, seat in enumerate(save["seats"]) if seat["kind"] == "human")
        friend = save["seats"][(me + 1) % len(save["seats"])]["name"]  # links go round the table in seat order
        self.notices.carry = True
        self.notices.add(
            "ok", f"Game made. Copy its link here and send it to {friend}: the first roll or deal is made when {friend} opens it."
        )
        return None

    def send_owed(self) -> None:
        """A game by link: make the link this device owes its friend now (kept in the save, shown
        at the table until the friend's link comes back)."""
        session = self.session
        if session is None or not session.by_link:
            return
        from tabletop.link.game import owes_link, send

        if owes_link(session.module, session.save, session.state):
            send(session.save, module=session.module, state=session.state)

    def abandon(self) -> str | None:
        """Leave a game by link: the link that says so goes to the friend (shown at the table)."""
        session = self._session()
        if not session.by_link or session.save["link"].get("ended") is not None:
            return "Only a game by link that is still on can be abandoned."
        from tabletop.link.game import abandon_waits, send

        waits = abandon_waits(session.save)
        if waits:
            return waits
        send(session.save, abandon=True, module=session.module, state=session.state)
        self.autosave()
        return None

    def take_link(self, code: str) -> str:
        """Open a friend's link: their game joined or played on, checked, stored and at the table;
        a refusal is said in one line and changes nothing. Returns where to go."""
        from tabletop.link.codes import LinkRefused, from_code
        from tabletop.link.game import link_save_id_of, take

        try:
            message = from_code(code)
            record = self.store.get(link_save_id_of(message))
            module = self.games[record["game"]] if record is not None else None
            taken = take(module, record, message, self.games)
        except LinkRefused as refusal:
            self.notices.clear_errors()
            self.notices.add("error", str(refusal))
            return HOME if self.session is None or not self.session.by_link else play_fragment(self.session)
        session = Session(self.games[taken.save["game"]], taken.save)
        self.set(session)
        self.send_owed()
        self.autosave()
        self.notices.add("ok", taken.words)
        return play_fragment(session)

    def open(self, save_id: str | None) -> str | None:
        """Bring the stored game ``save_id`` to the table (unless it is there already). None when
        the table shows it; HOME (with the reason in a notice) when it cannot; a kept copy opens
        as a new game, at the fragment returned."""
        if save_id is None:
            return None
        session = self.session
        current = session is not None and session.save.get("id") == save_id
        if current and not self.store.available:
            return None
        record = self.store.get(save_id)
        if (
            session is not None
            and current
            and (record is None or (record["moves"], record["seed"]) == (session.save["moves"], session.save["seed"]))
        ):
            return None  # the game on screen is the stored one (or was never stored: storage full)
        if record is None:
            self.notices.absorb(self.store.problems)
            if not self.notices.has_error():
                self.notices.add("error", "That saved game is not in this browser.")
            return HOME
        try:
            if record.get("kept"):
                return self.play_from_copy(record)  # a kept copy is never played on: its game goes on as a new one
            self.set(Session(self.games[record["game"]], record))
        except ChanceAwaited:
            self.notices.add(
                "info", "This game by link starts when your friend's first link comes back: its first roll or deal is made on their device."
            )
            return HOME
        except SaveError as exc:
            self.store.set_aside(save_id, json.dumps(record), exc)
            self.notices.absorb(self.store.problems)  # the store's message is the one shown (once)
            return HOME
        return None

    def play_from_copy(self, record: Mapping[str, Any]) -> str:
        """Open a kept copy as a new game in progress, so the copy itself stays where it was."""
        session = Session(
            self.games[record["game"]],
            dict(record, id=new_id(), kept=False, moves=list(record["moves"]), name=f"{record.get('name') or ''} (continued)".strip()),
        )
        self.set(session)
        self.autosave()
        return play_fragment(session)

    def take_in(self, session: Session, message: str) -> str:
        """A game from a file or a link, checked: at the table and stored, said as ``message``."""
        self.set(session)
        self.autosave()
        self.notices.add("ok", message)
        return play_fragment(session)

    def play_from_position(self, game_id: str, save: dict[str, Any]) -> None:
        """Go on playing a position diagram's exact game: a new game whose moves are the position's."""
        self.set(Session(self.games[game_id], save))
        self.autosave()

    # ------------------------------------------------------------ moves
    def play(self, move: Any) -> str | None:
        """Play a person's or the computer's move and store the game; the rules' refusal in words."""
        session = self._session()
        self.passed = ""
        if self.moved_on_elsewhere():  # this tab missed the other's news (or the move came first): refuse, lose nothing
            self.catch_up("That move was not played: this game had moved on in another tab. The table shows it as it stands now.")
            return None
        try:
            session.play(move)
        except IllegalMove as exc:
            return f"Not allowed: {exc}"
        self.passed = passed_words(session)
        self.table_ui = {}
        self.send_owed()
        self.autosave()
        return None

    def undo(self) -> str | None:
        """Take back the last person's move; why not, in words, when undo is off."""
        session = self._session()
        self.passed = ""
        if self.moved_on_elsewhere():
            self.catch_up("Nothing was undone: this game had moved on in another tab. The table shows it as it stands now.")
            return None
        try:
            session.undo()
        except IllegalMove as exc:
            return str(exc)
        self.table_ui = {}
        self.autosave()
        return None

    def pass_to(self, seat: int) -> None:
        self._session().pass_to(seat)

    def end_moment(self) -> None:
        """The mover taps "Pass to NAME": the curtain for the next person (screens/moment.py)."""
        self._session().end_moment()

    def next_game(self) -> None:
        """ "Next game" after a game of a match: the table has shown its end."""
        session = self._session()
        session.ends_seen = finished_games(session)

    # ------------------------------------------------------------ before the table is drawn
    def settle(self, curtain_on: bool) -> None:
        """What the table's state must be before it is drawn (drawing changes nothing): a game
        opened from a save starts where its match stands; the end of a game of a match is
        everyone's moment; where hands are not hidden (``curtain_on`` off) there is no
        hand-over to wait for."""
        session = self.session
        if session is None:
            return
        n = finished_games(session) if session.outcome is None else None
        if n is not None and (session.ends_seen is None or n < session.ends_seen):
            session.ends_seen = n  # a game opened from a save starts where it stands
        if between_games(session):
            session.end_moment()
            return
        if session.moment is not None and not curtain_on:
            session.end_moment()
        seat = session.curtain
        if seat is not None and not curtain_on:
            session.pass_to(seat)

    # ------------------------------------------------------------ "Play again"
    def rematch(self, embed: bool) -> tuple[str | None, str | None]:
        """ "Play again": a new game with the same players and options: (fragment to go to, None),
        or (None, why not). The finished game remembers it (``played_again``), so a second tap,
        or coming back to the finished game later, opens that game while it is unfinished
        instead of piling up another copy."""
        finished = self._session()
        old = finished.save
        again = old.get("played_again")
        if again and not embed and self.store.available:
            record = self.store.get(again)
            if record is not None and not record.get("finished"):
                return f"#/play/{record['game']}/{again}", None
        variants = finished.module.default_options()  # a new game: today's rules, not an old save's (Tower War's hand)
        form = {
            "players": len(old["seats"]),
            "seats": old["seats"],
            "seed": "",
            "options": {k: v for k, v in old["options"].items() if k in variants},
        }
        refused = self.start(old["game"], form)
        if refused is not None:
            return None, refused
        started = self._session()
        if not embed and self.store.available and old.get("id") and old.get("id") != self.deleted_elsewhere:  # (it stays deleted)
            old["played_again"] = started.save["id"]
            old["revision"] = old.get("revision", 0) + 1
            try:
                self.store.put(finished.record())
            except StorageFull:
                self.storage_full()
        return play_fragment(started, embed), None

    def keep_grip(self, save_id: str | None, at: int, held_ms: int) -> None:
        """Store how long the hand has held its piece in game ``save_id`` at move ``at``, so a reload
        resumes the grip rather than starting a fresh one. Only for that game at that move (the
        table may have moved on since the hand's clock last ticked); a game moved on in another tab
        is left as that tab stored it."""
        session = self.session
        if session is None or session.save.get("id") != save_id or len(session.save["moves"]) != at:
            return
        if session.outcome is not None or self.moved_on_elsewhere():
            return
        session.hold_grip(held_ms)
        self.autosave()

    # ------------------------------------------------------------ saves
    def autosave(self) -> None:
        if self.session is None or not self.store.available or deleted_elsewhere.holds_save(self):
            return
        save = self.session.save
        save["revision"] = save.get("revision", 0) + 1
        try:
            self.store.put(self.session.record())
        except StorageFull:
            self.storage_full()
        else:
            if not self.store.full:
                self._said_storage_full = False  # room again: a later refusal is news worth saying
            deleted_elsewhere.saved(save.get("id"))

    def room_again(self) -> None:
        """A write went through after the disk had refused one: a later refusal is news again."""
        self.store.full = False
        self._said_storage_full = False

    def storage_wiped(self, save_now: bool = True) -> None:
        """The browser wiped storage under the open page: say it (once; the notice offers a backup
        to restore), and save the game at the table again at once (``save_now``; a save under way
        found the wipe and goes on by itself)."""
        if ("wiped", STORAGE_WIPED) not in self.notices.items:
            self.notices.add("wiped", STORAGE_WIPED)
        deleted_elsewhere.forget_seen()
        self.deleted_elsewhere = None
        if save_now:
            self.autosave()

    def storage_full(self, why: str = "QuotaExceededError") -> bool:
        """Say once that saving stopped (``why``: the browser's name for the refusal; a full disk
        unless it says otherwise); every later move would only stack the same notice. Whether it
        was said now."""
        if self._said_storage_full:
            return False
        self._said_storage_full = True
        full = "quota" in why.lower()
        self.notices.add("error", STORAGE_FULL if full else STORAGE_REFUSED.format(why=why[:60]))
        return True

    def keep_copy(self, name: str) -> tuple[str, str]:
        """Keep a copy of the game as it stands under ``name``: a save slot that stays at this
        move while the game on the table goes on saving itself. (kind, what to say)."""
        session = self._session()
        name = clean_name(name, 40) or f"{session.module.TITLE}, move {len(session.save['moves'])}"
        copy = dict(session.record(), id=new_id("kept-"), name=name, kept=True, saved_at=time.time())
        copy["moves"] = list(copy["moves"])
        try:
            self.store.put(copy)
        except StorageFull:
            return "error", "Storage is full: the copy was not kept. Export the game to keep it as a file."
        return "ok", f"Kept a copy: “{name}”. It waits on the home screen at this move."

    def delete(self, save_id: str) -> None:
        """Delete a saved game; the table lets go of it when it is the game there."""
        self.store.delete(save_id)
        if self.session is not None and self.session.save.get("id") == save_id:
            self.session = None

    # ------------------------------------------------------------ two tabs
    def moved_on_elsewhere(self) -> bool:
        """Whether another tab stored this game since this tab last read or wrote it."""
        session = self.session
        if session is None or not self.store.available or not session.save.get("id"):
            return False
        return self.store.revision(session.save["id"]) > int(session.save.get("revision", 0))

    def catch_up(self, message: str) -> bool:
        """Take the stored game (played on in another tab) as the one at the table, and say so."""
        session = self._session()
        record = self.store.get(session.save["id"])
        if record is None or record.get("revision", 0) <= session.save.get("revision", 0):
            return False
        try:
            caught = Session(self.games[record["game"]], record)
        except SaveError:
            return False
        self.set(caught)
        self.notices.add("info", message)
        return True

    def continue_kept(self, record: dict[str, Any]) -> str | None:
        """Back to a game an embed's frame keeps (its record goes on saving itself); a copy kept at
        a move goes on as a new game, so the copy stays where it was. Why not, in words."""
        copy = bool(record.get("kept"))
        if copy:
            record = dict(
                record, id=new_id(), kept=False, moves=list(record["moves"]), name=f"{record.get('name') or ''} (continued)".strip()
            )
        try:
            session = Session(self.games[record["game"]], record)
        except SaveError as exc:
            return f"That game could not be opened: {exc}"
        self.set(session)
        if copy:
            self.autosave()
        return None

    def stored_elsewhere(self, key: str) -> bool:
        """Another tab stored ``key``: whether the game at the table moved on there (and is now
        shown as it stands)."""
        session = self.session
        if session is None or key != f"tw:save:{session.save.get('id')}":
            return False
        return self.moved_on_elsewhere() and self.catch_up("This game was played on in another tab: the table shows it as it stands now.")

    # ------------------------------------------------------------ history
    def history_of(self, game_id: str, save_id: str | None) -> History | None:
        """The history of a saved game: the game at the table when it is that one (so it works with
        saves off or full), else the stored record. The one already open is kept (its states are
        built) while its moves are the same. None, with a notice, when there is no such game."""
        session = self.session
        if session is not None and save_id and session.save.get("id") == save_id and session.module.ID == game_id:
            save = session.save
        else:
            found = self.store.get(save_id) if save_id else None
            self.notices.absorb(self.store.problems)
            if found is None or found.get("game") != game_id:
                self.notices.add("error", "That saved game is not in this browser, so its history cannot be shown.")
                return None
            save = found
        kept = self.history
        if kept is not None and kept.save.get("id") == save_id and kept.save["moves"] == save["moves"]:
            return kept
        try:
            history = History(self.games[game_id], save)
        except SaveError as exc:
            self.notices.add("error", f"This game's history cannot be shown: {exc}.")
            return None
        history.fresh = True
        return history

    def open_history(self, game_id: str, save_id: str | None) -> bool:
        """The history at ``#/replay/GAME/ID``: False (with a notice) when it cannot be shown."""
        self.history = self.history_of(game_id, save_id)
        return self.history is not None

    def history_at_the_table(self, here: bool) -> str | None:
        """The table's History button: the game so far, at its last move. ``here`` (an embed, or a
        game with no id) shows it in place, returning None; else the fragment to go to."""
        session = self._session()
        save_id = session.save.get("id")
        if here or not save_id:
            self.history = self.history_of(session.module.ID, save_id)
            if self.history is not None:
                self.history.last()
                self.history.fresh = True
                self.history_here = True
            return None
        if self.history is not None and self.history.save.get("id") == save_id:
            self.history.last()
            self.history.fresh = True
        return f"#/replay/{session.module.ID}/{save_id}"

    def history_back(self) -> tuple[str, str]:
        """Where the history's "back" goes: (label, fragment): the game at the table when the
        history is of that game, else Home."""
        session, history = self.session, self.history
        save_id = history.save.get("id") if history is not None else None
        if session is not None and save_id is not None and session.save.get("id") == save_id:
            return "Back to the game", f"#/play/{session.module.ID}/{save_id}"
        return "Back to the games", HOME

    # ------------------------------------------------------------ the others' last turn, again
    def show_last_turn(self, reduced: bool) -> LastTurn | None:
        """Start showing the others' last turn again (at its first position); None when there is none."""
        session = self.session
        if session is None or self.history_here:
            return None
        session.last_turn = session.last_turn_offer(reduced)
        return session.last_turn

    def stop_last_turn(self) -> None:
        if self.session is not None:
            self.session.last_turn = None

    @property
    def last_turn(self) -> LastTurn | None:
        """The replay on the board (a move or undo ends it; so does another game at the table)."""
        return None if self.session is None else self.session.last_turn

    def motion_scope(self, route: Route) -> tuple[Any, ...] | None:
        """What the table on the page shows, for motion (ui/web/motion.py): the game, where hands are
        hidden whose eyes it is drawn for, and how many moves (None off the table: nothing there
        moves). A hand-over is a new picture, not a move."""
        session = self.session
        if session is None or route.name not in ("play", "embed") or session.module.ID != route.game or self.history_here:
            return None  # (an embed's history in place is a replay: nothing there moves either)
        eyes = (session.viewer(), session.curtain) if session.module.HIDDEN_INFORMATION else None
        replay = self.last_turn
        if replay is not None:  # its own scope: the jump back to the turn's start is not travel
            return session.save.get("id"), eyes, "last-turn", replay.position
        return session.save.get("id"), eyes, len(session.save["moves"])

    def _session(self) -> Session:
        if self.session is None:
            raise RuntimeError("no game at the table")
        return self.session


def passed_words(session: Session) -> str:
    """The game's words for each pass the table just played for a person ("Ana (Aliens) had nothing that
    could move, so the move step passed by itself."); "" when it played none."""
    passes = game_hook(session.module, "FORCED_PASSES")
    return " ".join(passes[kind].format(name=seat_label(session, seat)) for seat, kind in session.passed)
