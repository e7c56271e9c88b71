"""The computer's turn: when a computer seat is to act at the table, it thinks in slices (the
page stays responsive, ui/web/thinking.py), waits at least ``COMPUTER_DELAY_MS`` from the start of
its turn, then plays through the same door as a person's move. An answer that comes back to a
changed table (a new game, an undo, another page) is dropped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.engine.rng import Rng
from tabletop.ui.table.current_game import CurrentGame, between_games
from tabletop.ui.table.session import Session
from tabletop.ui.web import browser
from tabletop.ui.web import thinking as thinking_ui
from tabletop.ui.web.thinking import Sliced

COMPUTER_DELAY_MS = 350  # a computer move never lands sooner than this after its turn began


def computer_level(level: str | None) -> str:
    """The player level to use for a computer seat (an unknown level plays as normal)."""
    from tabletop.sim.players import BOTS

    return level if level in BOTS else "normal"


class ComputerTurns:
    def __init__(self, game: CurrentGame, at_table: Callable[[], bool], play: Callable[[Any], None], redraw: Callable[[], None]) -> None:
        self.game = game
        self.at_table = at_table  # whether the table is on the page (its route), so a move may land
        self.play = play
        self.redraw = redraw
        self.pending = False
        self.thinker: Sliced | None = None
        self.memory: dict[tuple[Any, int], dict[str, Any]] = {}  # (save id, seat) -> what that seat remembers (a planned turn)

    def maybe_move(self) -> None:
        """After every render: start the computer's turn when it is one."""
        session = self.game.session
        if (
            session is None
            or self.pending
            or not self.at_table()
            or self.game.history_here
            or session.outcome is not None
            or not session.is_computer(session.to_act)
            or between_games(session)
        ):
            return
        self.pending = True
        browser.later(0, self._think)

    def _think(self) -> None:
        """Think in slices (the page stays responsive), then play; a stale answer is dropped."""
        session = self.game.session
        if session is None or session.outcome is not None or not session.is_computer(session.to_act):
            self.pending = False
            return
        seat = session.to_act
        assert seat is not None
        moves_before = len(session.save["moves"])
        rng = Rng(session.save["seed"] ^ (moves_before * 0x9E3779B1))
        level = computer_level(session.seats[seat].get("level"))
        module = session.module
        memory = self.memory.setdefault((session.save.get("id"), seat), {})
        from tabletop.sim import decisions

        thinking = decisions.think(module, module.view(session.state, seat), module.legal_moves(session.state), seat, level, rng, memory)

        def finished(job: Any) -> None:
            self.thinker = None
            thinking_ui.record(job, sliced)
            if self.game.session is not session or len(session.save["moves"]) != moves_before or not self.at_table():
                self.pending = False
                if self.at_table():
                    self.redraw()
                return
            wait = max(0, int(COMPUTER_DELAY_MS - job.elapsed * 1000))  # its own task: slices stay pure thinking
            browser.later(wait, lambda: self._play(session, moves_before, job.move))

        sliced = Sliced(thinking, finished)
        self.thinker = sliced.start()

    def _play(self, session: Session, moves_before: int, move: Any) -> None:
        self.pending = False
        if self.game.session is session and len(session.save["moves"]) == moves_before and self.at_table():
            self.play(move)
        elif self.at_table():
            self.redraw()
