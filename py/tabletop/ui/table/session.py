"""One game at the table: the save record, the replayed state, whose eyes the screen is for.

Browser-free (tested under CPython). The table screen asks the session what to show
and hands it the moves people choose; the rules themselves stay in the game module.

- ``save`` is the save record (``engine/saves.py``; README, "Saves are ..."); every move is appended as JSON, so the
  record always replays to the current state (autosave writes it as it is).
- Hot-seat: ``shown_seat`` is the seat whose private information may be on screen.
  When a different person must act in a game with hidden information, ``curtain``
  names them and ``view`` holds nothing private until ``pass_to`` is called.
- A moment for the mover: after a person's move that hands the device to another person
  (straight away, or after the computer's replies), ``moment`` names the mover; the screen
  shows the result of their move as anyone may see it (in a game with hidden cards nothing of
  the mover's hand or face-down cards either: at a real table the device is being handed over)
  with no moves to make, until ``end_moment`` brings up the curtain (or an undo takes it back).
- A piece held in progress (Tower War's grip) is noted in the save with the time held so far
  (``hold_grip``), so a reload resumes the grip; any move clears the note.
- A pass the game plays by itself (``FORCED_PASSES``, engine/hooks.py: the rules offer it only
  when nothing else is legal) is played for a person as soon as it is their only move; ``passed``
  names the seats it was played for by the last ``play``, for the table to say so.
- Undo takes back the last person's move (and any computer replies and forced passes after it) as
  long as nothing hidden was revealed since: the game's ``epoch`` must be unchanged.
- The last ``KEPT_STATES`` positions are kept (states are never changed once made), so showing the
  others' last turn again (last_turn.py) replays nothing.
"""

from __future__ import annotations

import os
import time
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.engine.errors import IllegalMove
from tabletop.engine.hooks import game_hook
from tabletop.engine.numbers import parse_count
from tabletop.engine.saves import MAX_GRIP_MS, new_save, replay, replay_steps
from tabletop.ui.table.last_turn import LastTurn
from tabletop.ui.table.wording import end_why, whose

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule


KEPT_STATES = 40  # positions kept for "Show the last turn again": a turn of three others fits


@dataclass(frozen=True)
class UndoStatus:
    allowed: bool
    reason: str
    moves: int = 0  # how many moves an undo takes back


def new_id(prefix: str = "") -> str:
    """A save's key: the time plus random digits, and nothing of the seed (the id shows in the
    address bar, and the seed decides every hidden card)."""
    return f"{prefix}{int(time.time() * 1000):x}-{os.urandom(2).hex()}"


SEED_BYTES = 8
SEED_BITS = 8 * SEED_BYTES


def fresh_seed() -> int:
    """A seed nobody at the table can guess or search for: 64 bits from the system's randomness
    (not the clock: the save id and its time are shown). 64 bits is the generator's whole state
    (SplitMix64), so it is the most a seed can carry: 2**64 deals, too many to search for one
    that matches the cards shown. A save with a smaller seed replays exactly as it was dealt."""
    return int.from_bytes(os.urandom(SEED_BYTES), "little")  # os, not secrets: no extra imports at start-up


def typed_seed(text: str) -> int | None:
    """The seed a person typed (or put in the address), None when left empty. Only plain digits
    below 2**64 (the generator's whole state) are seeds; anything else raises ValueError with
    the reason in words."""
    text = text.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()):
        raise ValueError("The seed must be a whole number (or left empty for a random game).")
    seed = parse_count(text, 0, 2**SEED_BITS - 1)
    if seed is None:
        raise ValueError(f"The seed must be below {2**SEED_BITS} (or left empty for a random game).")
    return seed


def cards_read(save: dict[str, Any], state: Any) -> AbstractContextManager[Any]:
    """The block a game by link's views and moves are made in (its hidden cards read as this device
    may); no block for a game on this device alone."""
    if save.get("link") is None:
        return nullcontext()
    from tabletop.link.game import reading  # hashing: only for a game by link

    return reading(save, state)


def joint_chance(save: dict[str, Any]) -> Any:
    """A game by link's joint chance for its replay (None for a game on this device alone)."""
    if save.get("link") is None:
        return None
    from tabletop.link.game import chance_of  # hashing and the seal: only for a game by link

    return chance_of(save)


class Session:
    def __init__(self, module: GameModule, save: dict[str, Any]):
        self.module = module
        self.save = save
        self.kept: dict[int, Any] = {}  # moves made -> the state then, for the last KEPT_STATES positions
        self.state, self.movers, self.epochs = self._replayed()
        humans = self.human_seats()
        self.shown_seat: int | None = humans[0] if len(humans) == 1 else None
        self.moment: int | None = None  # the mover looking at their move's result before handing over
        self.ends_seen: int | None = None  # games of a match whose end the table has shown (current_game.py)
        self.passed: list[tuple[int, str]] = []  # (seat, move kind) of each forced pass the last play brought
        self.last_turn: LastTurn | None = None  # the others' last turn being shown again (any move ends it)

    @classmethod
    def start(
        cls, module: GameModule, seats: list[dict[str, Any]], options: dict[str, Any], seed: int | None = None, name: str = ""
    ) -> Session:
        if seed is None:
            seed = fresh_seed()
        save = new_save(module.ID, options, seats, seed)
        save["id"] = new_id()
        save["name"] = name
        return cls(module, save)

    def _replayed(self) -> tuple[Any, list[int | None], list[int]]:
        """The save replayed once (``replay_steps``, its errors): the state now, who made each
        move, and the epoch before each move and after the last."""
        state: Any = None
        movers: list[int | None] = []
        epochs: list[int] = []
        self.kept = {}
        for step in replay_steps(self.module, self.save, chance=joint_chance(self.save)):
            if step.number:
                movers.append(step.mover)
            epochs.append(self.module.epoch(step.state))
            state = step.state
            self._keep(step.number, state)
        return state, movers, epochs

    def _keep(self, moves: int, state: Any) -> None:
        self.kept[moves] = state
        self.kept.pop(moves - KEPT_STATES, None)

    def state_at(self, moves: int) -> Any:
        """The state after the first ``moves`` moves (kept, or replayed when it is further back)."""
        if moves in self.kept:
            return self.kept[moves]
        return replay(self.module, dict(self.save, moves=self.save["moves"][:moves]), chance=joint_chance(self.save))

    # -- who is who
    @property
    def seats(self) -> list[dict[str, Any]]:
        seats: list[dict[str, Any]] = self.save["seats"]
        return seats

    def name(self, seat: int | None) -> str:
        name: str = self.seats[seat]["name"] if seat is not None else "Nobody"
        return name

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s["kind"] == "human"]

    def is_computer(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat]["kind"] == "computer"

    def is_friend(self, seat: int | None) -> bool:
        """A person playing on their own device: their moves come by link (tabletop/link/game.py)."""
        return seat is not None and self.seats[seat]["kind"] == "friend"

    def elsewhere(self, seat: int | None) -> bool:
        """Nobody at this screen plays ``seat``: the computer, or a friend on another device."""
        return self.is_computer(seat) or self.is_friend(seat)

    @property
    def by_link(self) -> bool:
        return self.save.get("link") is not None

    @property
    def to_act(self) -> int | None:
        seat: int | None = self.module.to_act(self.state)
        return seat

    @property
    def outcome(self) -> Any:
        return self.module.outcome(self.state)

    # -- hot-seat
    @property
    def curtain(self) -> int | None:
        """The seat the device must be passed to before anything private is shown, or None
        (None during the mover's moment too: the device is still in the mover's hands)."""
        if self.moment is not None or not self.module.HIDDEN_INFORMATION or self.outcome is not None or self.public_now():
            return None
        seat = self.to_act
        if seat is None or self.elsewhere(seat) or seat == self.shown_seat:
            return None
        return seat

    def public_now(self) -> bool:
        """The game says nothing private is on screen now (Tower War's face-up draft, an
        optional ``public_now(state)``): no hand-over, the person to act sees their view."""
        return bool(game_hook(self.module, "public_now")(self.state))

    def pass_to(self, seat: int) -> None:
        self.shown_seat = seat
        self.moment = None

    def end_moment(self) -> None:
        """The mover has seen their move's result and passes: the curtain for the next person."""
        self.moment = None

    def viewer(self) -> int | None:
        """The seat whose view is on screen (None: a spectator's view, nothing private)."""
        if not self.module.HIDDEN_INFORMATION:
            return self.to_act if not self.elsewhere(self.to_act) else self.shown_seat
        if self.curtain is not None or self.moment is not None:
            return None  # the mover's moment shows only what is public: at a table the device is handed over first
        if self.public_now() and self.outcome is None and not self.is_computer(self.to_act):
            return self.to_act
        if self.outcome is not None:
            return None if len(self.human_seats()) != 1 else self.shown_seat
        return self.shown_seat

    def reading(self) -> AbstractContextManager[Any]:
        """The block a view or a list of moves is made in: a game by link's hidden cards read as
        this device may (tabletop/link/cards.py)."""
        return cards_read(self.save, self.state)

    def view(self) -> dict[str, Any]:
        with self.reading():
            view: dict[str, Any] = self.module.view(self.state, self.viewer())
        return view

    def view_at(self, moves: int) -> dict[str, Any]:
        """The view after the first ``moves`` moves (a last turn shown again): by link, this device's
        hidden cards read as they are now, so the replay shows its own hand as the table does."""
        state = self.state_at(moves)
        with cards_read(self.save, state):
            view: dict[str, Any] = self.module.view(state, self.viewer())
        return view

    def legal_moves(self) -> list[Any]:
        """The moves the person at the screen may choose now (none while the curtain is up)."""
        seat = self.to_act
        if seat is None or self.elsewhere(seat) or self.curtain is not None or self.moment is not None or self.waits_for_link:
            return []
        with self.reading():
            moves: list[Any] = self.module.legal_moves(self.state)
        return moves

    def last_turn_offer(self, reduced: bool = False, legal: list[Any] | None = None) -> LastTurn | None:
        """The replay "Show the last turn again" would start (last_turn.py): offered to the person at the
        screen when they have a move to make (or the game is over) and others moved since their own last move.
        ``legal``: the moves the table already asked for, not asked again."""
        legal = self.legal_moves() if legal is None else legal
        if self.curtain is not None or self.moment is not None or (self.outcome is None and not legal):
            return None
        return LastTurn.of(self.save.get("id"), self.movers, self.viewer(), reduced)

    # -- playing
    def play(self, move: Any) -> None:
        """Apply a move, then any pass that is now a person's only move; IllegalMove leaves everything as it was."""
        self.apply(move)
        self.passed = []
        while (forced := self.forced_pass()) is not None:
            self.passed.append((self.to_act or 0, self.module.move_to_json(forced)["kind"]))
            self.apply(forced)

    def forced_pass(self) -> Any | None:
        """The game's pass when the rules leave a person nothing else to do now (none for the computer,
        which chooses its own moves)."""
        seat = self.to_act
        passes = game_hook(self.module, "FORCED_PASSES")
        if not passes or seat is None or self.elsewhere(seat) or self.waits_for_link:
            return None
        with self.reading():
            legal = self.module.legal_moves(self.state)
        return legal[0] if len(legal) == 1 and self.module.move_to_json(legal[0])["kind"] in passes else None

    def was_forced(self, index: int) -> bool:
        """The save's move ``index`` is a forced pass (the rules offer one only when nothing else is legal)."""
        return str(self.save["moves"][index].get("kind")) in game_hook(self.module, "FORCED_PASSES")

    def apply(self, move: Any) -> None:
        seat = self.to_act
        before = self.module.epoch(self.state)
        public = self.public_now()
        if self.by_link:
            from tabletop.link.game import play as play_by_link

            after = play_by_link(self.module, self.save, self.state, move)
            if after is None:  # its chance waits for the friend's share: it goes with the link
                self.moment = self.last_turn = None
                return
            state = after
        else:
            state = self.module.apply(self.state, move)
            self.save["moves"].append(self.module.move_to_json(move))
        self.state = state
        self._keep(len(self.save["moves"]), state)
        self.movers.append(seat)
        self.epochs[-1] = before
        self.epochs.append(self.module.epoch(state))
        if not self.is_computer(seat) and (self.module.HIDDEN_INFORMATION is False or public):
            self.shown_seat = seat  # the device is in the mover's hands
        self.moment = None
        self.last_turn = None
        holder = self.shown_seat  # whoever has the device: the mover, or the last person to move before the computer
        if holder is not None and (seat == holder or self.is_computer(seat)) and not self.is_computer(holder) and self.curtain is not None:
            self.moment = holder  # they see how it turned out (and may undo) before the curtain goes up
        self.save.pop("grip", None)  # the piece held, if any, is let go: the next hold is a new grip
        self.save["saved_at"] = time.time()

    @property
    def waits_for_link(self) -> bool:
        """A game by link whose next step is the friend's: this device's move waits for their
        chance or cards, its own cards to decide with come with their link, or the game was abandoned."""
        link = self.save.get("link")
        if link is None:
            return False
        return bool(link.get("pending")) or link.get("ended") is not None or self.awaits_cards

    @property
    def awaits_cards(self) -> bool:
        """A game by link where it is this device's turn, but the cards it decides with (a hand just
        dealt) come with the friend's next link."""
        if not self.by_link:
            return False
        from tabletop.link.game import awaits_cards

        return awaits_cards(self.module, self.save, self.state)

    def undo_status(self) -> UndoStatus:
        moves = self.save["moves"]
        if not moves:
            return UndoStatus(False, "Nothing to undo yet.")
        if self.outcome is not None:
            return UndoStatus(False, "The game is over.")
        if self.by_link:
            return UndoStatus(False, "A game by link has no undo: each move goes to your friend as it is made.")
        n = len(moves)
        back = n - 1
        while back >= 0 and (self.is_computer(self.movers[back]) or self.was_forced(back)):
            back -= 1
        if back < 0:
            return UndoStatus(False, "Only the computer has moved.")
        if self.epochs[n] != self.epochs[back]:
            return UndoStatus(False, "Undo is off: new information was revealed since that move (a card drawn, turned or dice rolled).")
        seat = self.movers[back]
        if self.module.HIDDEN_INFORMATION and self.shown_seat not in (None, seat):
            return UndoStatus(False, f"Only {self.name(seat)} can take back their own move.")
        return UndoStatus(True, f"Take back {whose(self, seat)} last move.", n - back)

    def undo(self) -> None:
        status = self.undo_status()
        if not status.allowed:
            raise IllegalMove(status.reason)
        keep = len(self.save["moves"]) - status.moves
        seat = self.movers[keep]
        self.save["moves"] = self.save["moves"][:keep]
        self.state, self.movers, self.epochs = self._replayed()
        self.shown_seat = seat
        self.moment = self.last_turn = None
        self.save.pop("grip", None)

    # -- a piece held in progress (Tower War's unsteady hand)
    def grip_held(self) -> int | None:
        """How long the hand has held the piece it holds now (ms), as noted in the save, so that a reload
        resumes the grip; None when nothing is noted for this position."""
        grip = self.save.get("grip")
        if isinstance(grip, dict) and grip.get("at") == len(self.save["moves"]):
            return int(grip["held_ms"])
        return None

    def hold_grip(self, held_ms: int) -> None:
        """Note how long the hand has held the piece. Never less than noted before: time held only grows,
        so no later, smaller note (a tab that fell behind, a stale clock) hands grip back."""
        held = max(0, min(MAX_GRIP_MS, int(held_ms)), self.grip_held() or 0)
        self.save["grip"] = {"at": len(self.save["moves"]), "held_ms": held}

    def record(self) -> dict[str, Any]:
        """The record to store: the save plus what Home shows without replaying it (whose turn,
        or who won, the scores and why)."""
        outcome = self.outcome
        summary: dict[str, Any] = dict(turn=len(self.save["moves"]), finished=outcome is not None, to_act=self.to_act)
        if outcome is not None:
            scores = [float(x) for x in outcome.scores] if outcome.scores is not None else None
            said = end_why(self, self.module.view(self.state, None), outcome.why or outcome.reason)
            summary["result"] = {"winners": list(outcome.winners), "scores": scores, "reason": said}
        return dict(self.save, **summary)
