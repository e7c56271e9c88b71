"""The rules of Tower Battle, one function per rule step.

A turn: play a card from hand onto your tower of its suit (resolving what it
does) or discard one; then draw. Right after an army card, a battle may be on
offer: the mover answers first, then the other player. At the end of your own
turn, a tower of yours five cards high wins the game. Match play (``match.py``)
strings games together. What a move does is recorded as events (``State.record``,
``facts.EVENT_KINDS``), never as words: ``telling`` says them with the table's names.

>>> s = new_game(2, {"first": "red"}, seed=1)
>>> to_act(s), len(s.hands[0]), len(s.stocks[1])
(0, 3, 15)
>>> s = apply(s, DiscardCard(s.hands[0][0]))
>>> to_act(s), len(s.hands[0]), len(s.discards[0])
(1, 3, 1)
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.cards import ACE, JACK, QUEEN, Card, Suit
from tabletop.engine.errors import IllegalMove
from tabletop.engine.hidden import AnyCard, CardAwaited, checkable, face, is_hidden, peek
from tabletop.engine.moves import Move
from tabletop.engine.outcome import Outcome

from .facts import (
    EFFECT_RANKS,
    FACING,
    NOUNS,
    OWNER,
    SEAT_NAMES,
    SIDE_SUITS,
    TNT,
    WINNING_HEIGHT,
    battle_value,
    code,
    label,
)
from .match import choose_scoring_card, count_move, finish_game, new_match, scoring_choices
from .moves import CODEC, ChooseScoringCard, DeclareBattle, DeclineBattle, DiscardCard, PlayCard
from .state import BATTLE, CHOOSING, OVER, PLAYING, Layer, State

BOTH_FACES = (True, False)
FACE_UP = (True,)
FACE_DOWN = (False,)
NO_FACE: tuple[bool, ...] = ()
BATTLE_ANSWERS = (DeclareBattle(), DeclineBattle())
DISCARD = 2
_CARD_MOVES: dict[tuple[int, Suit | None], tuple[Move, Move, Move]] = {}


def card_moves(card: Card) -> tuple[Move, Move, Move]:
    """(play face down, play face up, discard) for ``card``; moves are immutable, so built once."""
    key = (card.rank, card.suit)  # a plain tuple hashes faster than the card itself
    moves = _CARD_MOVES.get(key)
    if moves is None:
        moves = _CARD_MOVES[key] = (PlayCard(card, False), PlayCard(card, True), DiscardCard(card))
    return moves


def asked_seat(s: State) -> int:
    """Who decides now in a battle offer or a scoring choice (``s.asked``, which those phases always set)."""
    if s.asked is None:
        raise RuntimeError(f"nobody is asked to decide in phase {s.phase!r}")
    return s.asked


def offered_tower(s: State) -> Suit:
    """The mover's tower a battle is on offer from (``s.battle_tower``, which the battle phase always sets)."""
    if s.battle_tower is None:
        raise RuntimeError(f"no battle is on offer in phase {s.phase!r}")
    return s.battle_tower


# --- the contract ------------------------------------------------------------------------------


def new_game(seats: int, options: dict[str, Any] | None, seed: int) -> State:
    """A new match of Tower Battle for two players."""
    if seats != 2:
        raise ValueError("Tower Battle is a game for exactly 2 players")
    return new_match(options, seed)


def to_act(state: State) -> int | None:
    return state.deciding_seat()


def outcome(state: State) -> Outcome | None:
    return state.outcome


def epoch(state: State) -> int:
    return state.epoch


def legal_moves(state: State) -> list[Move]:
    """Every decision open to the seat to act."""
    if state.phase == PLAYING:
        plays: list[Move] = []
        discards: list[Move] = []
        for card in state.hands[state.player]:
            if is_hidden(card):
                plays += hidden_card_plays(state, card)
                discards.append(DiscardCard(card))
                continue
            moves = card_moves(card)
            for up in face_rule(state, card)[0]:
                plays.append(moves[up])
            discards.append(moves[DISCARD])
        return plays + discards
    if state.phase == BATTLE:
        return list(BATTLE_ANSWERS)
    if state.phase == CHOOSING:
        return [ChooseScoringCard(card) for card in scoring_choices(state, asked_seat(state))]
    return []


def hidden_card_plays(state: State, card: AnyCard) -> list[Move]:
    """The plays of a card of a game by link, listed on its owner's device (the one that reads it):
    each names the card by its handle, and the face-down one its tower."""
    shown = peek(card)
    if shown is None:
        raise CardAwaited(card)  # type: ignore[arg-type]
    return [PlayCard(card, up, None if up else shown.known_suit) for up in face_rule(state, shown)[0]]


def apply(state: State, move: Move) -> State:
    """The state after ``move``; an illegal move raises IllegalMove and changes nothing. The move
    that fills a save (``MAX_MOVES``) ends the match (``match.end_at_move_limit``)."""
    check_move(state, move)
    s = state.copy()
    if isinstance(move, PlayCard):
        play_card(s, move.card, move.face_up, move.tower)
    elif isinstance(move, DiscardCard):
        discard_card(s, move.card)
    elif isinstance(move, DeclareBattle):
        fight_battle(s, asked_seat(s))
    elif isinstance(move, DeclineBattle):
        decline_battle(s)
    else:
        assert isinstance(move, ChooseScoringCard), "check_move lets only the phase's move kinds through"
        choose_scoring_card(s, asked_seat(s), move.card)
    count_move(s)
    return s


# --- legality ----------------------------------------------------------------------------------


MOVES_OF_PHASE = {PLAYING: (PlayCard, DiscardCard), BATTLE: (DeclareBattle, DeclineBattle), CHOOSING: (ChooseScoringCard,)}


def check_move(s: State, move: Move) -> None:
    """Raise IllegalMove, in a player's words, unless ``move`` is allowed now: exactly the
    moves ``legal_moves`` lists, checked without listing them all (that would cost as
    much as the move; tests/games/test_contract_fabricated.py holds the two to one answer)."""
    CODEC.check(move)
    if s.phase == OVER:
        raise IllegalMove("The match is over.")
    if not isinstance(move, MOVES_OF_PHASE[s.phase]):
        raise IllegalMove(waiting_for(s))
    if isinstance(move, (PlayCard, DiscardCard)):
        if move.card not in s.hands[s.player]:
            raise IllegalMove(f"{SEAT_NAMES[s.player]} does not hold {label(move.card)}.")
        if isinstance(move, PlayCard):
            check_play(s, move)
    elif isinstance(move, ChooseScoringCard) and move.card not in s.stocks[asked_seat(s)]:
        raise IllegalMove(f"{label(move.card)} is not in {SEAT_NAMES[asked_seat(s)]}'s stock.")


def check_play(s: State, move: PlayCard) -> None:
    """The card may go on its tower that way (``face_rule``). A hidden card played face down names
    its tower; where this device cannot read it (the other player's card in a game by link), only
    what the tower alone settles is checked now, and the rest when the game's end turns it up."""
    card = move.card
    if is_hidden(card) and not move.face_up:
        if move.tower is None or OWNER[move.tower] != s.player:
            raise IllegalMove("A card played face down names one of your own towers.")
        if not checkable(card):
            if both_tops_face_down(s, move.tower):
                raise IllegalMove(face_rule_forced_words(move.tower))
            return
        shown = peek(card)
        assert shown is not None
        if shown.known_suit != move.tower:
            raise IllegalMove(f"{label(shown)} goes on your {NOUNS[shown.known_suit]} tower.")
        card = shown
    elif move.tower is not None:
        raise IllegalMove("Only a hidden card played face down names its tower.")
    elif move.face_up:
        card = face(card)  # a card played face up is seen by every device as the move is made
    faces, why = face_rule(s, card)  # type: ignore[arg-type]
    if move.face_up not in faces:
        raise IllegalMove(why or "That card cannot be played that way.")


def face_rule_forced_words(suit: Suit) -> str:
    return (
        f"The top cards of your {NOUNS[suit]} tower and of the facing {FACING[suit].noun} "
        "tower are both face down, so this card must be played face up."
    )


def waiting_for(s: State) -> str:
    """What the game is waiting for, as a sentence."""
    if s.phase == BATTLE:
        return f"A battle is on offer: {SEAT_NAMES[asked_seat(s)]} must declare it or decline."
    if s.phase == CHOOSING:
        return f"{SEAT_NAMES[asked_seat(s)]} must first choose a scoring card from the stock."
    return f"It is {SEAT_NAMES[s.player]}'s turn to play or discard a card."


def top(s: State, suit: Suit) -> Layer | None:
    tower = s.towers[suit]
    return tower[-1] if tower else None


def both_tops_face_down(s: State, suit: Suit) -> bool:
    """True when the tower and the one facing it both have a face-down top card."""
    mine, theirs = top(s, suit), top(s, FACING[suit])
    return mine is not None and theirs is not None and not mine[1] and not theirs[1]


def face_rule(s: State, card: Card) -> tuple[tuple[bool, ...], str | None]:
    """The faces ``card`` may be played with (True = face up) and, when there is no free choice, why.

    Effect cards (A, Q) always go face up. Army cards go face up when the top
    cards of both the tower and the facing tower are face down; otherwise the
    player chooses. A 10 (TNT) may only go face down, as a bluff.
    """
    if card.rank == ACE:
        return FACE_UP, "An Assassin is an effect card: it is always played face up."
    if card.rank == QUEEN:
        return FACE_UP, "A Diplomat is an effect card: it is always played face up."
    suit = card.known_suit
    forced = both_tops_face_down(s, suit)
    if card.rank == TNT:
        if forced:
            return NO_FACE, (
                "A 10 cannot go on this tower now: both top cards are face down, so it would have to go "
                "face up, and a 10 seen on a tower loses the game. Discard it instead."
            )
        return FACE_DOWN, "A 10 may only go on a tower face down, as a bluff."
    if forced:
        return FACE_UP, face_rule_forced_words(suit)
    return BOTH_FACES, None


def is_diplomat(layer: Layer) -> bool:
    return layer[1] and layer[0].rank == QUEEN  # a face-up card is a plain card, also in a game by link


def battle_possible(s: State, suit: Suit) -> bool:
    """A battle between ``suit``'s tower and the facing one needs a top card on each and no Diplomat on top."""
    mine, theirs = top(s, suit), top(s, FACING[suit])
    return mine is not None and theirs is not None and not is_diplomat(mine) and not is_diplomat(theirs)


# --- a turn ------------------------------------------------------------------------------------


def play_card(s: State, card: AnyCard, face_up: bool, tower_suit: Suit | None = None) -> None:
    """Put the card on its tower, resolve what it does, then offer a battle or end the turn. A
    card face down does nothing more (A and Q never go face down), so its face is not read."""
    seat = s.player
    s.hands[seat].remove(card)  # type: ignore[arg-type]  # a hand holds handles in a game by link
    if face_up:
        card = face(card)
    suit = tower_suit if tower_suit is not None and is_hidden(card) else card.known_suit  # type: ignore[union-attr]
    tower = s.towers[suit]
    tower.append((card, face_up))  # type: ignore[arg-type]
    s.record("play" if face_up else "play-face-down", seat, tower=suit.value, index=len(tower) - 1, card=code(card))
    seen_tnt: set[int] = set()
    rank = card.rank if face_up else None  # type: ignore[union-attr]
    if rank == ACE:
        assassinate(s, suit, seen_tnt)
    elif rank == QUEEN:
        s.record("diplomat", seat, card=code(card), towers=[suit.value, FACING[suit].value])
    elif rank == JACK:
        knave_exposed(s, suit, seen_tnt)
    if seen_tnt:
        tnt_discovered(s, seen_tnt)
    elif rank not in EFFECT_RANKS and battle_possible(s, suit):
        offer_battle(s, suit)
    else:
        end_turn(s)


def discard_card(s: State, card: AnyCard) -> None:
    """Put a card from hand face up on your discard pile, then draw."""
    s.hands[s.player].remove(card)  # type: ignore[arg-type]  # a hand holds handles in a game by link
    card = face(card)
    s.discards[s.player].append(card)
    s.record("discard", s.player, card=code(card))
    end_turn(s)


def end_turn(s: State) -> None:
    """Draw a card; then a tower of the mover's five cards high wins; else the other player's turn."""
    seat = s.player
    draw_card(s, seat)
    s.turn += 1
    s.battle_tower = None
    s.asked = None
    for suit in SIDE_SUITS[seat]:
        if len(s.towers[suit]) >= WINNING_HEIGHT:
            claim_win(s, suit)
            return
    s.player = 1 - seat
    s.phase = PLAYING


def draw_card(s: State, seat: int) -> None:
    """Draw the top card of the stock, first shuffling the discard pile into a new stock if it ran out."""
    stock = s.stocks[seat]
    if not stock:
        pile = s.discards[seat]
        if not pile:
            s.record("no-draw", seat)
            return
        s.rng.shuffle(pile, owner=seat)
        s.stocks[seat], s.discards[seat] = pile, []
        stock = pile
        s.record("restock", seat, count=len(pile))
    card = s.rng.draw(stock)
    s.hands[seat].append(card)
    s.epoch += 1
    s.record("draw", seat, card=code(card))


def claim_win(s: State, suit: Suit) -> None:
    """Five cards on a tower at the end of its owner's turn win the game (a 10 hidden in it is found out)."""
    seat = OWNER[suit]
    tnt = next((c for c in (face(card) for card, _ in s.towers[suit]) if c.rank == TNT), None) if s.settings.tnt else None
    if tnt is not None:
        s.record("tnt-found", None, tower=suit.value, card=code(tnt))
        tnt_discovered(s, {seat})
        return
    finish_game(s, seat, "five-high", tower=suit.value)


# --- special cards -----------------------------------------------------------------------------


def assassinate(s: State, suit: Suit, seen_tnt: set[int]) -> None:
    """The Assassin sends the top card of the facing tower, if any, to its owner's discard pile."""
    target = FACING[suit]
    tower = s.towers[target]
    assassin = code(s.towers[suit][-1][0])
    if not tower:
        s.record("assassin-misses", s.player, card=assassin, struck=target.value)
        return
    struck, face_up = tower.pop()
    (card,) = send_to_discard(s, target, [(struck, face_up)], seen_tnt)
    s.record("assassin-strikes", s.player, card=assassin, struck=target.value, taken=[code(card)], face_up=face_up)
    if card.rank == JACK:
        rest = s.towers[target]
        s.towers[target] = []
        taken = send_to_discard(s, target, rest, seen_tnt)
        s.record("knave-seen", None, tower=target.value, knave=code(card), taken=[code(c) for c in taken])


def knave_exposed(s: State, suit: Suit, seen_tnt: set[int]) -> None:
    """A Knave face up on a tower: every card of that tower goes to its owner's discard pile."""
    layers = s.towers[suit]
    s.towers[suit] = []
    knave = next(card for card, up in reversed(layers) if up and card.rank == JACK)
    taken = send_to_discard(s, suit, layers, seen_tnt)
    s.record("knave-exposed", None, tower=suit.value, knave=code(knave), taken=[code(c) for c in taken])


def send_to_discard(s: State, suit: Suit, layers: list[Layer], seen_tnt: set[int]) -> list[Card]:
    """Cards leave a tower for the owner's (face-up) discard pile, turned up; a 10 among them is found out."""
    owner = OWNER[suit]
    pile = s.discards[owner]
    taken = []
    for card, face_up in layers:
        card = face(card)
        pile.append(card)
        taken.append(card)
        if not face_up:
            s.epoch += 1
        if card.rank == TNT:
            seen_tnt.add(owner)
    return taken


def tnt_discovered(s: State, losers: set[int]) -> None:
    """TNT: a 10 seen on a tower loses its owner the game at once (both at once: nobody wins)."""
    if len(losers) == 2:
        finish_game(s, None, "both-tnt")
        return
    (loser,) = losers
    finish_game(s, 1 - loser, "tnt", loser=loser)


# --- battles -----------------------------------------------------------------------------------


def offer_battle(s: State, suit: Suit) -> None:
    """An army card was played facing an attackable top card: the mover may declare a battle first."""
    s.phase = BATTLE
    s.battle_tower = suit
    s.asked = s.player
    s.record("battle-offered", None, towers=[suit.value, FACING[suit].value])


def decline_battle(s: State) -> None:
    """The mover passes the offer to the other player; if they pass too, the turn ends."""
    seat = asked_seat(s)
    if s.asked == s.player:
        s.asked = 1 - s.player
        s.record("battle-declined", seat, passed_to=s.asked)
    else:
        s.record("battle-declined", seat, passed_to=None)
        end_turn(s)


def fight_battle(s: State, declared_by: int) -> None:
    """Turn both top cards up; an exposed Knave or a seen 10 decides first, else the higher card stays."""
    mine = offered_tower(s)
    sides = (mine, FACING[mine])
    towers = [mine.value, FACING[mine].value]
    s.record("battle-declared", declared_by, towers=towers)
    for suit in sorted(sides, key=lambda suit: OWNER[suit] != declared_by):  # the declarer's own card first (link/cards.py)
        card, face_up = s.towers[suit][-1]
        if not face_up:
            s.towers[suit][-1] = (face(card), True)
            s.epoch += 1
    cards = [s.towers[suit][-1][0] for suit in sides]
    a, b = cards
    seen_tnt = {OWNER[suit] for suit, card in zip(sides, cards) if card.rank == TNT}
    knaves = [suit for suit, card in zip(sides, cards) if card.rank == JACK]
    values = [battle_value(a), battle_value(b)]
    result = "tnt" if seen_tnt else "knaves" if len(knaves) == 2 else "knave" if knaves else "tie" if values[0] == values[1] else "higher"
    s.record(
        "battle",
        declared_by,
        towers=towers,
        cards=[code(a), code(b)],
        values=values,
        result=result,
        knaves=[suit.value for suit in knaves],
        tnt=sorted(seen_tnt),
    )
    for suit in sorted(knaves, key=lambda suit: OWNER[suit] != declared_by):
        knave_exposed(s, suit, seen_tnt)
    if not seen_tnt and not knaves:
        compare_tops(s, sides, cards, values)
    if seen_tnt:
        tnt_discovered(s, seen_tnt)
    else:
        end_turn(s)


def compare_tops(s: State, sides: tuple[Suit, Suit], cards: list[Card], values: list[Any]) -> None:
    """The higher card stays face up; the lower goes to its owner's discard pile; a tie removes both."""
    (a, b), (va, vb) = cards, values
    if va == vb:
        for suit in sides:
            send_to_discard(s, suit, [s.towers[suit].pop()], set())
        s.record("battle-tied", None, towers=[sides[0].value, sides[1].value], cards=[code(a), code(b)], value=va, taken=[code(a), code(b)])
        return
    win, lose = (0, 1) if va > vb else (1, 0)
    send_to_discard(s, sides[lose], [s.towers[sides[lose]].pop()], set())
    s.record(
        "battle-won",
        None,
        towers=[sides[win].value, sides[lose].value],
        cards=[code(cards[win]), code(cards[lose])],
        values=[values[win], values[lose]],
        taken=[code(cards[lose])],
    )
