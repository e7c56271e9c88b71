"""What one seat may see, as plain JSON, with the facts a table UI would otherwise compute.

Keys (besides the contract's ``to_act``, ``outcome``, ``epoch``):

- ``seat``, ``players``, ``foundations_each``, ``options``, ``turn`` (moves made so far).
- ``sky`` (pennies now), ``sky_start``, ``win_rule`` (plain words) and ``win_size``
  (the smallest winning tower, or the exact size under Finicky Clients; None if none can win).
- ``draw_pile`` / ``discard_pile`` (sizes), ``discard_top`` (the face-up card or None).
- ``opposition``: suit letter -> the tower suit it may deconstruct.
- ``seats``: per seat ``in_game``, ``hand_size``, ``tallest`` and ``towers`` (index, suit
  letter or None, size, cards bottom first). Towers are face up, so everyone sees them.
- ``hand``: this seat's own cards (None for a spectator); ``drawn``: the cards this seat
  drew at the start of its current turn (only while it is to act); ``hand_unread``: how many of
  its cards this device cannot read yet (a game by link: they come with the other's next link).
- ``must_discard``, ``plays``, ``discards``: only for the seat to act. Each play gives the
  ``move`` (JSON), suit, count, target, ``action`` ("construct"/"deconstruct"), the tower
  ``before`` and ``after``, ``wins`` (the seat that would win at the end of this turn, or
  None) (``telling.play_words`` says it: "3 hearts onto Ben's 2-card spade tower: it becomes 1 heart"),
  ``theirs`` (the target is another builder's) and ``locks_out`` (``lockout.py``: words when none
  of the cards kept would have a place after the play, else None).
- ``events``: everything every move did, oldest first (``facts.EVENT_KINDS``; ``telling.tell``
  says each), as this seat may see it: another seat's draw says how many cards, not which.
  ``recycles``: every recycling so far. ``recent``: the events since this seat's own last
  play or discard, at most one round back (for a spectator, those of the last move), so a
  table UI can say what happened while the device was with the others.

- ``hands_at_end``: once the game is over, every seat's remaining hand for everyone (the
  table turns its cards up when play stops); None while it runs.

Another seat's hand (until the end), the draw pile's order and whether the player to act is stuck for a
play never appear in another seat's view.
"""

from __future__ import annotations

from typing import Any, cast

from tabletop.engine.bounds import count, items, outcome_bounds, under
from tabletop.engine.cards import SUITS, Card
from tabletop.engine.events import Event
from tabletop.engine.hidden import HANDLE, CardAwaited, Hidden, is_hidden, peek
from tabletop.engine.protocol import checked_seat
from tabletop.engine.saves import MAX_MOVES
from tabletop.games.towers_of_wyoming.facts import (
    CARDS,
    CODES,
    DECK_SIZE,
    HAND_SIZE,
    ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTION_DEFAULTS,
    PER_SUIT,
    card_json,
)
from tabletop.games.towers_of_wyoming.lockout import locks_out
from tabletop.games.towers_of_wyoming.moves import Discard, Play, move_to_json
from tabletop.games.towers_of_wyoming.rules import after_play, legal_moves, setup_for, tower_winner
from tabletop.games.towers_of_wyoming.state import State


def view(state: State, seat: int | None) -> dict[str, Any]:
    s = state
    seat = checked_seat(seat, s.players)
    acting = s.result is None and seat == s.current
    seen = seen_events(s, seat)
    hand = readable(s.hands[seat]) if seat is not None else []  # by link, the cards this device reads
    try:
        moves = legal_moves(s) if acting else []
    except CardAwaited:  # a game by link: this seat's new cards come with the other's next link
        moves = []
    v = {
        "game": ID,
        "seat": seat,
        "to_act": None if s.result is not None else s.current,
        "outcome": s.result.to_json() if s.result is not None else None,
        "epoch": s.epoch,
        "turn": s.moves,
        "players": s.players,
        "foundations_each": s.foundations,
        "options": dict(s.options),
        "sky": s.sky,
        "sky_start": s.sky_start,
        "win_rule": win_rule(s),
        "win_size": win_size(s),
        "draw_pile": len(s.draw),
        "discard_pile": len(s.discard),
        "discard_top": card_json(s.discard[-1]) if s.discard else None,
        "opposition": {SUITS[p].value: SUITS[t].value for p, t in enumerate(s.beats)},
        "seats": [seat_json(s, p) for p in range(s.players)],
        "hand": [card_json(c) for c in hand] if seat is not None else None,
        "hand_unread": len(s.hands[seat]) - len(hand) if seat is not None else 0,
        "hands_at_end": [[card_json(c) for c in readable(hand)] for hand in s.hands] if s.result is not None else None,
        "drawn": [CODES[c] for c in readable(s.fresh)] if acting else [],
        "must_discard": False,
        "plays": [],
        "discards": [],
        "events": seen,
        "recycles": [e for e in seen if e["kind"] == "recycle"],
        "recent": recent_events(s, seat, seen),
    }
    if moves:
        if isinstance(moves[0], Discard):
            v["must_discard"] = True
            v["discards"] = [discard_json(m) for m in moves]  # type: ignore[arg-type]
        else:
            v["plays"] = [describe_play(s, m) for m in moves]  # type: ignore[arg-type]  # all plays
    return v


PLAYED = ("construct", "deconstruct", "discard")


def readable(cards: list[int]) -> list[int]:
    """The cards this device reads, in order of their faces: all of them at one table; by link, a
    hand of handles that only its holder's device reads (the holder's own, or none)."""
    if not any(is_hidden(card) for card in cards):
        return cards
    faces = [cast(int | None, peek(card)) if is_hidden(card) else card for card in cards]  # type: ignore[arg-type]
    return sorted(face for face in faces if face is not None)


def discard_json(m: Discard) -> dict[str, Any]:
    card = CARDS[cast(int, peek(m.card))] if is_hidden(m.card) else cast(Card, m.card)
    return {"move": move_to_json(m), "card": str(card), "label": card.label}


def drawn_codes(codes: list[str]) -> list[str]:
    """A draw's cards for the drawer: by link they are handles, which the drawer's device reads."""
    shown = []
    for code in codes:
        if HANDLE.fullmatch(code):
            face = peek(Hidden.parse(code))
            if face is None:
                continue
            code = CODES[face]  # type: ignore[call-overload]
        shown.append(code)
    return shown


def seen_event(e: Event, seat: int | None) -> Event:
    """An event as ``seat`` may see it: a draw names its cards to the drawer alone."""
    if e["kind"] != "draw":
        return dict(e)
    if e["seat"] != seat:
        return {k: v for k, v in e.items() if k != "cards"}
    return {**e, "cards": drawn_codes(e["cards"])}


def seen_events(s: State, seat: int | None) -> list[Event]:
    return [seen_event(e, seat) for e in s.events]


def recent_events(s: State, seat: int | None, seen: list[Event]) -> list[Event]:
    """The events (of ``seen``) after ``seat``'s own last play or discard, within the last round
    of moves (a seat that is out, or skipped, gets the last round); a spectator gets the last
    move's. The deal is no news: the board shows it."""
    first = s.moves - 1 if seat is None else s.moves - s.players
    start = len(seen)
    while start > 0 and seen[start - 1]["move"] >= first:
        e = seen[start - 1]
        if seat is not None and e["kind"] in PLAYED and e["seat"] == seat:
            break
        start -= 1
    return [e for e in seen[start:] if e["kind"] != "deal"]


def seat_json(s: State, p: int) -> dict[str, Any]:
    towers: list[dict[str, Any]] = []
    for i, tower in enumerate(s.towers[p]):
        towers.append(
            {
                "index": i,
                "suit": SUITS[tower[0] // PER_SUIT].value if tower else None,
                "size": len(tower),
                "cards": [CODES[c] for c in tower],
            }
        )
    return {
        "seat": p,
        "in_game": s.in_game[p],
        "hand_size": len(s.hands[p]),
        "tallest": max((t["size"] for t in towers), default=0),
        "towers": towers,
    }


def win_rule(s: State) -> str:
    if s.options["finicky_clients"]:
        if s.sky == 0:
            return (
                "Finicky Clients: a tower must match the Sky exactly, and the Sky is empty, so a builder with an "
                "empty foundation at the end of a turn wins."
            )
        return f"A tower of exactly {s.sky} cards at the end of a turn wins (Finicky Clients)."
    return f"A tower of {s.sky + 1} or more cards at the end of a turn wins (taller than the Sky of {s.sky})."


def win_size(s: State) -> int:
    """The tower size that wins now; 0 (Finicky Clients at an empty Sky) is an empty foundation."""
    return s.sky if s.options["finicky_clients"] else s.sky + 1


def describe_play(s: State, m: Play) -> dict[str, Any]:
    """What the play would do to its target and who would win (``telling.play_words`` says it)."""
    seat = s.current
    suit = SUITS.index(m.suit)
    tower = s.towers[m.owner][m.foundation]
    before_suit = tower[0] // PER_SUIT if tower else None
    before = len(tower)
    action = "construct" if not tower or before_suit == suit else "deconstruct"
    _, _, after_suit, after_size = after_play(s, m)
    wins = tower_winner(s, seat, (m.owner, m.foundation, after_size))
    return {
        "move": move_to_json(m),
        "suit": m.suit.value,
        "count": m.count,
        "owner": m.owner,
        "foundation": m.foundation,
        "action": action,
        "before": {"suit": SUITS[before_suit].value if tower else None, "size": before},  # type: ignore[index]  # a tower has a suit
        "after": {"suit": SUITS[after_suit].value if after_suit is not None else None, "size": after_size},
        "wins": wins,
        "theirs": m.owner != seat,  # building on (or knocking down) another builder's tower, not your own
        "locks_out": None if wins is not None else locks_out(s, m),  # the cards kept would have no place after it
    }


# Every number and list a view holds, and what the game's facts allow (engine/bounds.py): a
# position's code is checked against these before a renderer counts anything in it.
MOST_SKY = (
    max(setup_for(p, {**OPTION_DEFAULTS, k: True})[1] for p in range(2, 5) for k in OPTION_DEFAULTS) + MAX_MOVES
)  # a penny more a move
SEATS, FOUNDATIONS = MAX_PLAYERS, 2
SEAT = count(0, MAX_PLAYERS - 1)
CARD = {"rank": count(1, 13)}
EVENTS_PER_MOVE = 16 * SEATS  # a play, then each seat in turn perhaps skipped, drawing, recycling
MOST_PLAYS = len(SUITS) * DECK_SIZE * SEATS * FOUNDATIONS  # a suit, how many, onto which foundation
EVENT = {
    "move": count(0, MAX_MOVES),
    "seat": count(0, MAX_PLAYERS - 1, null=True),
    "players": count(MIN_PLAYERS, MAX_PLAYERS),
    "foundations": count(1, FOUNDATIONS),
    "sky": count(0, MOST_SKY),
    "first": SEAT,
    "owner": SEAT,
    "foundation": count(0, FOUNDATIONS - 1),
    "count": count(0, DECK_SIZE),
    "size": count(0, DECK_SIZE),
    "cards": items(DECK_SIZE),
    "taken": items(DECK_SIZE),
    "spent": items(DECK_SIZE),
    "tallest": count(0, DECK_SIZE),
    "rivals": items(SEATS),
    "rivals.*": SEAT,
    "before.size": count(0, DECK_SIZE),
    "after.size": count(0, DECK_SIZE),
    "sky_before": count(0, MOST_SKY),
    "sky_after": count(0, MOST_SKY),
    "shuffled": count(0, DECK_SIZE),
    "tosses": items(64),
    "tosses.*": items(2),
    "tosses.*.*": count(0, MOST_SKY),
    "eliminated": items(SEATS),
    "eliminated.*.seat": SEAT,
    "eliminated.*.cards": count(0, DECK_SIZE),
    "winners": items(SEATS),
    "winners.*": SEAT,
}
VIEW_BOUNDS = {
    "seat": count(0, MAX_PLAYERS - 1, null=True),
    "to_act": count(0, MAX_PLAYERS - 1, null=True),
    "log": items(MAX_MOVES * 8),  # the English log a position code of an earlier edition holds
    "epoch": count(0, MAX_MOVES * 8),
    "turn": count(0, MAX_MOVES),
    "players": count(MIN_PLAYERS, MAX_PLAYERS),
    "foundations_each": count(1, FOUNDATIONS),
    "sky": count(0, MOST_SKY),
    "sky_start": count(0, MOST_SKY),
    "win_size": count(0, MOST_SKY + 1),
    "draw_pile": count(0, DECK_SIZE),
    "discard_pile": count(0, DECK_SIZE),
    **under("discard_top", CARD),
    "seats": items(SEATS),
    "seats.*.seat": SEAT,
    "seats.*.hand_size": count(0, DECK_SIZE),
    "seats.*.tallest": count(0, DECK_SIZE),
    "seats.*.towers": items(FOUNDATIONS),
    "seats.*.towers.*.index": count(0, FOUNDATIONS - 1),
    "seats.*.towers.*.size": count(0, DECK_SIZE),
    "seats.*.towers.*.cards": items(DECK_SIZE),
    "hand": items(DECK_SIZE, null=True),
    **under("hand.*", CARD),
    "hands_at_end": items(SEATS, null=True),
    "hands_at_end.*": items(DECK_SIZE),
    **under("hands_at_end.*.*", CARD),
    "drawn": items(DECK_SIZE),
    "hand_unread": count(0, HAND_SIZE),
    "plays": items(MOST_PLAYS),
    **under("plays.*", {key: EVENT[key] for key in ("owner", "foundation", "count", "before.size", "after.size")}),
    "plays.*.move.count": count(1, DECK_SIZE),
    "plays.*.move.foundation": count(0, FOUNDATIONS - 1),
    "plays.*.move.owner": SEAT,
    "plays.*.wins": count(0, MAX_PLAYERS - 1, null=True),
    "discards": items(DECK_SIZE),
    "events": items(MAX_MOVES * EVENTS_PER_MOVE),
    **under("events.*", EVENT),
    "recent": items(16 * SEATS * SEATS),
    **under("recent.*", EVENT),
    "recycles": items(MAX_MOVES * EVENTS_PER_MOVE),
    **under("recycles.*", EVENT),
    **under("outcome", outcome_bounds(MAX_PLAYERS, DECK_SIZE, {"sky": count(0, MOST_SKY)})),
}
