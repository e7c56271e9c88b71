"""Games in and out of the browser: export to a file, import a file (chosen or dropped), and
game links (``#/open/CODE`` carries a whole game). What comes in is checked exactly as a save
is (its shape, then every move on replay) before anything is stored or replaced, and a refusal
says why with the game at the table and every save as they were."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from tabletop.engine.errors import SaveError
from tabletop.engine.saves import export_file, parse_save
from tabletop.engine.words import some
from tabletop.ui.saves.storage import StorageFull, oversized_file
from tabletop.ui.table.current_game import HOME, CurrentGame
from tabletop.ui.table.session import Session, new_id
from tabletop.ui.web import browser

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule


def session_from_file_text(text: str, games: Mapping[str, GameModule], id_prefix: str) -> Session:
    """A new game from a save file's text, checked (shape, then every move on replay);
    raises SaveError. Nothing is stored or replaced until it has passed."""
    try:
        record = parse_save(text, games)
        record.pop("saved_at", None)  # taken in now: listed as new
        return Session(games[record["game"]], dict(record, id=new_id(id_prefix)))
    except SaveError:
        raise
    except Exception as exc:  # a check that failed is still a refused file, said as such, never a silent stop
        raise SaveError("corrupt", f"the file could not be checked ({type(exc).__name__})") from None


class Transfer:
    def __init__(self, game: CurrentGame, notify: Callable[[str, str], None], go: Callable[[str], None]) -> None:
        self.game = game
        self.notify = notify  # (text, kind): a notice, and the page redrawn
        self.go = go

    # ------------------------------------------------------------ files
    def export_save(self, record: Mapping[str, Any]) -> None:
        data = export_file(record)
        stamp = time.strftime("%Y%m%d-%H%M")
        filename = f"{record['game']}-{stamp}.json"
        browser.download_json(filename, data)
        self.notify(f"Exported: {filename} is in your downloads.", "ok")

    def import_text(self, text: str | None) -> None:
        if text is None:
            self.notify("The file could not be read.", "error")
            return
        try:
            session = session_from_file_text(text, self.game.games, "import-")
        except SaveError as exc:
            self.notify(f"Could not import: {exc}", "error")
            return
        moves = len(session.save["moves"])
        self.go(self.game.take_in(session, f"Imported a game of {session.module.TITLE} ({moves} moves)."))

    def import_file(self, file: Any) -> None:
        """Read a chosen or dropped file, unless its size alone says it is no save."""
        too_large = oversized_file(int(file.size))
        if too_large is not None:
            self.notify(f"Could not import: {too_large}", "error")
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

    def download_record(self, key: str) -> None:
        """Offer a damaged record's text as a file, to keep it or show it to someone who can mend it."""
        text = self.game.store.record_text(key)
        browser.download_text(key.replace(":", "-") + ".json", text)

    # ------------------------------------------------------------ backups (ui/saves/backup.py)
    def back_up_all(self, settings: dict[str, Any]) -> None:
        """Every game and the settings in one file; the time is kept for Home's reminder."""
        from tabletop.ui.saves.backup import backup_filename, make_backup

        data = make_backup(self.game.store, settings)
        filename = backup_filename()
        browser.download_json(filename, data)
        settings["backed_up_at"] = data["made_at"]
        try:
            self.game.store.save_settings(settings)
        except StorageFull:
            pass  # the file is made; only the reminder's clock is not kept
        self.notify(f"Backed up {some(len(data['games']), 'game')}: {filename} is in your downloads.", "ok")

    def restore_text(self, text: str | None, settings: dict[str, Any]) -> None:
        """Merge a backup file into what is stored, after checking all of it; say what it did."""
        from tabletop.ui.saves.backup import read_backup, restore

        if text is None:
            self.notify("The file could not be read.", "error")
            return
        try:
            backup = read_backup(text, self.game.games)
        except SaveError as exc:
            self.notify(f"Could not restore: {exc}. Nothing was changed.", "error")
            return
        try:
            done = restore(self.game.store, settings, backup, new_id)
            self.game.store.save_settings(settings)
        except StorageFull:
            self.notify(
                "Storage is full: the backup was restored only in part. Delete games you no longer need and restore it again.", "error"
            )
            return
        self.notify(done.report(), "ok")

    def restore_from_input(self, event: Any, settings: dict[str, Any]) -> None:
        files = event.target.files
        if files.length:
            file = files.item(0)
            from tabletop.ui.saves.backup import MAX_BACKUP_BYTES

            too_large = oversized_file(int(file.size), MAX_BACKUP_BYTES, "a backup")
            if too_large is not None:
                self.notify(f"Could not restore: {too_large}. Nothing was changed.", "error")
            else:
                browser.read_file(file, lambda text: self.restore_text(text, settings))
        event.target.value = ""

    # ------------------------------------------------------------ game links
    def game_link(self) -> str:
        """The fragment that carries the game at the table whole (#/open/CODE)."""
        from tabletop.engine.share import save_to_code  # zlib and base64: only once a game is shared

        session = self.game.session
        assert session is not None
        return f"#/open/{save_to_code(session.record())}"

    def open_link_file(self, event: Any) -> None:
        """A link sent as a file (saves/link_file.py): read, unless its size alone says it is no link."""
        from tabletop.ui.saves.link_file import too_large

        files = event.target.files
        if files.length:
            file = files.item(0)
            refused = too_large(int(file.size))
            if refused is not None:
                self.notify(f"Could not open the link file: {refused}. Nothing was changed.", "error")
            else:
                browser.read_file(file, self.open_link_text)
        event.target.value = ""

    def open_link_text(self, text: str | None) -> None:
        """The link a file holds, opened exactly as its address would be (``#/open/CODE``), with
        every check of ``open_link``; a file that holds none is refused in one line."""
        from tabletop.ui.saves.link_file import NotALink, code_from_link_text

        if text is None:
            self.notify("The file could not be read. Nothing was changed.", "error")
            return
        try:
            code = code_from_link_text(text)
        except NotALink as exc:
            self.notify(f"Could not open the link file: {exc}. Nothing was changed.", "error")
            return
        browser.set_hash(f"#/open/{code}")  # as a person following the link: the last link's notices go

    def open_link(self, code: str) -> None:
        """Open the game a link carries, checked exactly as an imported file; a bad link is
        refused with the reason, and the game at the table and every save stay as they were."""
        from tabletop.engine.share import text_from_code

        notices = self.game.notices
        notices.carry = True
        if code.startswith("l1."):  # a friend's move in a game by link (tabletop/link/game.py)
            browser.replace_hash(self.game.take_link(code))
            return
        try:
            session = session_from_file_text(text_from_code(code), self.game.games, "link-")
        except SaveError as exc:
            notices.clear_errors()
            notices.add("error", f"This link's game could not be opened: {exc}.")
            browser.replace_hash(HOME)
            return
        moves = len(session.save["moves"])
        browser.replace_hash(self.game.take_in(session, f"Opened a game of {session.module.TITLE} from a link ({moves} moves)."))
