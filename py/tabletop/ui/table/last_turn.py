"""The others' last turn, shown again on the board ("Show the last turn again").

Browser-free (tested under CPython). The turn to show is every move made since the person at the
screen last moved, all of them someone else's (the computer's, or the players' before a hand-over).
The app steps a ``LastTurn`` through its positions, a pause between each, and the table's motion
(ui/web/motion.py) carries every piece from where it stood to where it went; the marks of each
move are the renderer's own. With reduced motion nothing travels, so the replay is a pair: the
board before the turn, then after it.

A replay belongs to the session at the table (``Session.last_turn``): a move or an undo ends it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.engine.words import count, sentence

STEP_MS = 750  # each position of a replay stays this long (the travel itself takes 260 ms)
LONGEST_MS = 6000  # a long turn (three others' moves) is shown faster, not longer
PAIR_MS = 1600  # reduced motion: the board before, then after, each this long


def turn_start(movers: Sequence[int | None], viewer: int | None) -> int | None:
    """The position the others' last turn began at: just after the viewer's own last move (the deal
    when they have not moved yet). None when there is nothing to show: no viewer (a spectator), no
    move, or the last move was the viewer's own.

    >>> turn_start([0, 1, 1], 0), turn_start([1, 0, 1, 1, 1], 0), turn_start([0, 1, 0], 0), turn_start([1], 0)
    (1, 2, None, 0)
    """
    if viewer is None or not movers or movers[-1] == viewer:
        return None
    start = len(movers)
    while start > 0 and movers[start - 1] != viewer:
        start -= 1
    return start


@dataclass
class LastTurn:
    """One replay: the positions to show in order (``frames``, counted in moves made) and which is on
    the board now. ``moves`` is the game's move count when it began, so a changed game ends it."""

    save_id: str | None
    moves: int
    frames: list[int]
    movers: list[int]  # who made the moves shown, in order, each once
    reduced: bool = False
    at: int = 0

    @classmethod
    def of(cls, save_id: str | None, movers: Sequence[int | None], viewer: int | None, reduced: bool) -> LastTurn | None:
        start = turn_start(movers, viewer)
        if start is None:
            return None
        end = len(movers)
        frames = [start, end] if reduced else list(range(start, end + 1))
        who = [m for m in dict.fromkeys(movers[start:]) if m is not None]
        return cls(save_id, end, frames, who, reduced)

    @property
    def position(self) -> int:
        return self.frames[self.at]

    @property
    def done(self) -> bool:
        return self.at >= len(self.frames) - 1

    def advance(self) -> bool:
        """On to the next position; False when the replay has shown its last."""
        if self.done:
            return False
        self.at += 1
        return True

    def hold_ms(self) -> int:
        """How long each position stays on the board."""
        if self.reduced:
            return PAIR_MS
        return max(350, min(STEP_MS, LONGEST_MS // max(1, len(self.frames) - 1)))

    def caption(self, names: Sequence[str]) -> str:
        """What the table bar says while the replay runs ("Before Ben's turn", "Ben's turn: move 2 of 3").

        >>> replay = LastTurn("g", 3, [1, 2, 3], [1])
        >>> replay.caption(["Ann", "Ben"]), replay.advance(), replay.caption(["Ann", "Ben"])
        ("Before Ben's turn", True, "Ben's turn: move 1 of 2")
        """
        who = " and ".join(names[m] for m in self.movers)
        turn = f"{who}'s turn" if len(self.movers) == 1 else f"the turn of {who}"
        if self.at == 0:
            return f"Before {turn}"
        if self.reduced:
            return f"After {turn}"
        total = len(self.frames) - 1
        return sentence(f"{turn}: move {self.at} of {total}" if total > 1 else turn)

    def offer_words(self) -> str:
        """The button's words for a screen reader, its visible words first ("Last turn: show its 3 moves again")."""
        return f"Last turn: show its {count(self.moves - self.frames[0], 'move')} again"
