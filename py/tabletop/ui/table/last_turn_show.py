"""Steps the others' last turn across the board, one position per pause (last_turn.py says which
positions and for how long; the table draws each, and the motion between them is the table's own)."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.ui.table.current_game import CurrentGame
from tabletop.ui.table.last_turn import LastTurn
from tabletop.ui.web import browser


class LastTurnShow:
    def __init__(
        self,
        game: CurrentGame,
        at_table: Callable[[], bool],
        reduced: Callable[[], bool],
        redraw: Callable[[], None],
        finish: Callable[[], None],
    ) -> None:
        self.game = game
        self.reduced = reduced  # no travel (the motion's own setting): the replay is a before/after pair
        self.at_table = at_table  # whether the table is on the page (its route)
        self.redraw = redraw
        self.finish = finish  # back to the table as it stands, focus on its decision

    def start(self) -> None:
        """The turn's first position now, the next after a pause (with reduced motion: before, then after)."""
        replay = self.game.show_last_turn(self.reduced())
        self.redraw()
        if replay is not None:
            browser.later(replay.hold_ms(), lambda: self._step(replay))

    def _step(self, replay: LastTurn) -> None:
        if self.game.last_turn is not replay or not self.at_table():
            return  # stopped, the game moved on, or another page: nothing more to show
        if replay.advance():
            self.redraw()
            browser.later(replay.hold_ms(), lambda: self._step(replay))
        else:
            self.stop()

    def stop(self) -> None:
        self.game.stop_last_turn()
        self.finish()
