"""Towers of Wyoming: legality and the turn, step by step (the State is in ``state``, the moves in ``moves``).

A turn (the rules page, ``guide.py``, "Your turn" and "When the draw pile runs out"):

1. Draw up to 7 cards (``draw_up_to_seven``); an empty draw pile is recycled
   (``recycle``): the Settling Sky loses a penny, or is tossed under Tidal
   Influences; Contractual Deadlines removes builders with no tower; the
   discard pile is shuffled into a new draw pile.
2. Play one or more cards of one suit onto one tower or foundation of one
   player: ``construct`` or ``deconstruct``. With no play at all, discard one
   card (``forced_discard``).
3. End of turn (``end_of_turn``): a tower taller than the Sky wins
   (``tower_winner``); Sudden Death may end the game; otherwise the next
   builder's turn starts at once with their draw (``start_next_turn``), so the
   state after every move waits for a real decision.

Moves
-----
``Play(suit, count, owner, foundation)``: play ``count`` cards of ``suit`` onto
foundation ``foundation`` (0-based) of seat ``owner``. Ranks never matter to
the rules, so which twin cards go is not a decision: the engine plays the
lowest-ranked cards of that suit in the hand. This keeps ``legal_moves`` to at
most one move per (suit, count, target), at most 7 x 8 = 56, instead of every
subset of the hand; whether a play constructs or deconstructs follows from the
target, so it is not part of the move.

``Discard(card)``: the forced discard, offered only when no play exists.

What a move does is recorded as events (``record``; ``facts.EVENT_KINDS``), never as words:
``telling`` says them with the names the table gives the seats.
"""

from __future__ import annotations

import dataclasses
from typing import Any, cast

from tabletop.engine.cards import SUITS, Suit
from tabletop.engine.errors import IllegalMove
from tabletop.engine.events import Names, event
from tabletop.engine.hidden import CardAwaited, checkable, face, is_hidden, peek
from tabletop.engine.moves import Move
from tabletop.engine.options import resolve_options
from tabletop.engine.outcome import Outcome
from tabletop.engine.rng import new_rng
from tabletop.engine.saves import MAX_MOVES
from tabletop.engine.words import count as counted
from tabletop.games.towers_of_wyoming.facts import (
    CARDS,
    CODES,
    DECK_SIZE,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTION_DEFAULTS,
    PER_SUIT,
    STANDARD_ATTACKERS,
    STANDARD_BEATS,
    SUIT_INDEX,
    WHEEL_ATTACKERS,
    WHEEL_BEATS,
    card_id,
    count_cards,
)
from tabletop.games.towers_of_wyoming.moves import CODEC, Discard, Play
from tabletop.games.towers_of_wyoming.state import State
from tabletop.games.towers_of_wyoming.telling import end_reason, end_why


def setup_for(players: int, options: dict[str, Any]) -> tuple[int, int]:
    """(foundations per player, Sky pennies) from the set-up table and the options."""
    if players == 3:
        foundations, sky = (2, 8) if options["three_player_two_foundations"] else (1, 10)
    else:
        foundations, sky = (2, 10) if players == 2 else (1, 10)
    if options["tidal_influences"]:
        sky = 8
    return foundations, sky


def new_game(seats: int, options: dict[str, Any] | None = None, seed: int = 0) -> State:
    """Shuffle the 100 cards, deal 7 to each player, lay out the foundations and the Sky."""
    if isinstance(seats, bool) or not isinstance(seats, int) or not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise ValueError(f"Towers of Wyoming is for 2 to 4 players, not {seats}")
    opts = resolve_options(OPTION_DEFAULTS, options)
    foundations, sky = setup_for(seats, opts)
    rng = new_rng(seed)
    pile = rng.shuffled(list(range(DECK_SIZE)))
    pile.reverse()  # the top of the pile is the end of the list
    hands: list[list[int]] = [[] for _ in range(seats)]
    for _ in range(HAND_SIZE):  # one card at a time round the table
        for seat, hand in enumerate(hands):
            hand.append(rng.draw(pile, seat))
    s = State.__new__(State)
    s.players = seats
    s.options = opts
    s.foundations = foundations
    s.sky_start = sky
    s.hands = [sorted(h) for h in hands]
    s.towers = [[[] for _ in range(foundations)] for _ in range(seats)]
    s.draw = pile
    s.discard = []
    s.sky = sky
    s.in_game = [True] * seats
    s.current = 0
    s.result = None
    s.rng = rng
    s.epoch = 0
    s.moves = 0
    s.beats = WHEEL_BEATS if opts["wheel_of_opposition"] else STANDARD_BEATS
    s.attackers = WHEEL_ATTACKERS if opts["wheel_of_opposition"] else STANDARD_ATTACKERS
    s.events = [event("deal", 0, None, players=seats, foundations=foundations, sky=sky, first=0)]
    s.fresh = []
    return s


# ---------------------------------------------------------------- small queries


def to_act(state: State) -> int | None:
    return None if state.result is not None else state.current


def outcome(state: State) -> Outcome | None:
    return state.result


def epoch(state: State) -> int:
    """Grows with every move (each one shows cards from a hand, and the next turn's draw
    deals new ones) and with every shuffle and toss: this game offers no hot-seat undo
    once a card has been played."""
    return state.epoch


def suit_counts(hand: list[int]) -> list[int]:
    counts = [0, 0, 0, 0]
    for card in hand:
        counts[suit_of(card)] += 1
    return counts


def suit_of(card: int) -> int:
    """A card's suit, as the seat holding it reads it (a game by link holds handles: only the
    holder's device reads its hand, and a device that cannot raises CardAwaited)."""
    if is_hidden(card):
        known = peek(card)  # type: ignore[arg-type]
        if known is None:
            raise CardAwaited(card)  # type: ignore[arg-type]
        card = known  # type: ignore[assignment]
    return card // PER_SUIT


def lowest_first(hand: list[int]) -> list[int]:
    """The hand ordered by the cards' faces (a hand of handles is ordered by place, which says nothing)."""
    if not any(is_hidden(card) for card in hand):
        return hand
    return sorted(hand, key=lambda card: peek(card) if is_hidden(card) else card)  # type: ignore[arg-type, return-value]


def named(play: Play, hand: list[int]) -> Play:
    """A play of a game by link names the cards it takes, the lowest of the suit as at one table,
    so the other device, which cannot read the hand, knows which cards go."""
    if not any(is_hidden(card) for card in hand):
        return play
    suit = SUIT_INDEX[play.suit]
    cards = tuple(card for card in lowest_first(hand) if suit_of(card) == suit)[: play.count]
    return dataclasses.replace(play, cards=cards)  # type: ignore[arg-type]


def next_seat(state: State, seat: int) -> int:
    """The next seat after ``seat`` still in the game (``seat`` itself may be out)."""
    n = state.players
    for step in range(1, n + 1):
        q = (seat + step) % n
        if state.in_game[q]:
            return q
    return seat


def remaining(state: State) -> list[int]:
    return [p for p in range(state.players) if state.in_game[p]]


# ---------------------------------------------------------------- legality


def play_kind(state: State, seat: int, suit: int, owner: int, foundation: int) -> str | None:
    """``"construct"``, ``"deconstruct"`` or None: what cards of ``suit`` may do on that target.

    Construct: onto a tower of the same suit, or onto one of YOUR empty foundations.
    Deconstruct: onto a tower whose suit the played suit opposes (your own included).
    """
    tower = state.towers[owner][foundation]
    if not tower:
        return "construct" if owner == seat else None
    top = tower[0] // PER_SUIT
    if top == suit:
        return "construct"
    if state.beats[suit] == top:
        return "deconstruct"
    return None


def after_play(state: State, move: Play) -> tuple[int, int, int | None, int]:
    """The target tower after ``move``: (owner, foundation, top suit or None, size), as ``construct``
    and ``deconstruct`` build it (for the view's preview of a play and ``lockout``)."""
    suit = SUITS.index(move.suit)
    tower = state.towers[move.owner][move.foundation]
    before_suit = tower[0] // PER_SUIT if tower else None
    if not tower or before_suit == suit:
        return (move.owner, move.foundation, suit, len(tower) + move.count)
    size = abs(move.count - len(tower))
    top = None if size == 0 else (before_suit if move.count < len(tower) else suit)
    return (move.owner, move.foundation, top, size)


# Moves are immutable values: build each possible one once and hand out the same objects.
# PLAYS[suit][owner][foundation] = (None, Play(count 1), ..., Play(count 7)).
# Typed as Plays only: index 0 (None) is never read.
PLAYS: tuple[tuple[tuple[tuple[Play, ...], ...], ...], ...] = tuple(
    tuple(
        tuple((None, *(Play(SUITS[s], k, o, f) for k in range(1, HAND_SIZE + 1))) for f in range(2))  # type: ignore[arg-type]
        for o in range(MAX_PLAYERS)
    )
    for s in range(4)
)
DISCARDS = tuple(Discard(card) for card in CARDS)


def legal_plays(state: State) -> list[Play]:
    """Every (suit, count, target) the player to act may play, counts 1..held."""
    seat = state.current
    counts = suit_counts(state.hands[seat])
    plays: list[Play] = []
    attackers = state.attackers
    for owner in range(state.players):
        if not state.in_game[owner]:
            continue
        for f, tower in enumerate(state.towers[owner]):
            if not tower:
                if owner != seat:
                    continue
                suits: tuple[int, ...] = (0, 1, 2, 3)
            else:
                top = tower[0] // PER_SUIT
                suits = (top, attackers[top])
            for s in suits:
                if counts[s]:
                    plays.extend(PLAYS[s][owner][f][1 : counts[s] + 1])
    hand = state.hands[seat]
    return [named(play, hand) for play in plays] if any(is_hidden(card) for card in hand) else plays


def has_play(state: State) -> bool:
    seat = state.current
    counts = suit_counts(state.hands[seat])
    for owner in range(state.players):
        if not state.in_game[owner]:
            continue
        for tower in state.towers[owner]:
            if not tower:
                if owner == seat and state.hands[seat]:
                    return True
            else:
                top = tower[0] // PER_SUIT
                if counts[top] or counts[state.attackers[top]]:
                    return True
    return False


def legal_moves(state: State) -> list[Move]:
    if state.result is not None:
        return []
    plays = legal_plays(state)
    if plays:
        return plays  # type: ignore[return-value]  # a list of Play is a list of moves
    return [Discard(c) if is_hidden(c) else DISCARDS[c] for c in state.hands[state.current]]  # type: ignore[arg-type]


def check_play(state: State, move: Play) -> str:
    """Why ``move`` is refused (IllegalMove), else ``"construct"`` or ``"deconstruct"``."""
    seat = state.current
    if not isinstance(move.suit, Suit) or type(move.count) is not int or type(move.owner) is not int or type(move.foundation) is not int:
        raise IllegalMove("a play names a suit, a number of cards and a foundation")
    suit = SUIT_INDEX[move.suit]
    if not 0 <= move.owner < state.players or not state.in_game[move.owner]:
        raise IllegalMove("that builder is not in the game")
    if not 0 <= move.foundation < state.foundations:
        raise IllegalMove(f"each builder has {counted(state.foundations, 'foundation')}")
    if move.count < 1:
        raise IllegalMove("play at least one card")
    hand = state.hands[seat]
    check_named(hand, move)
    if checkable(*hand):  # type: ignore[arg-type]  # by link, only the holder's device reads the hand
        held = suit_counts(hand)[suit]
        if move.count > held:
            raise IllegalMove(f"you hold only {count_cards(held, suit)}")
    kind = play_kind(state, seat, suit, move.owner, move.foundation)
    if kind is None:
        tower = state.towers[move.owner][move.foundation]
        if not tower:
            raise IllegalMove("you may not build on another player's empty foundation")
        raise IllegalMove(f"{move.suit.noun} can neither build on nor deconstruct a {SUITS[tower[0] // PER_SUIT].singular} tower")
    return kind


def check_named(hand: list[int], move: Play) -> None:
    """The cards a play of a game by link names: as many as it plays, all different, all in the
    hand (their suit is checked as they turn up, ``played_cards``)."""
    if move.cards is None:
        if any(is_hidden(card) for card in hand):
            raise IllegalMove("a play by link names the cards it plays")
        return
    if len(move.cards) != move.count or len(set(move.cards)) != len(move.cards) or not all(card in hand for card in move.cards):  # type: ignore[comparison-overlap]
        raise IllegalMove("the cards this play names are not that many cards of your hand")


def check_discard(state: State, move: Discard) -> int:
    """The card to discard, or IllegalMove: discarding is only for a player with no play."""
    hand = state.hands[state.current]
    if is_hidden(move.card):
        if move.card not in hand:  # type: ignore[comparison-overlap]
            raise IllegalMove("you do not hold that card")
        card: int = move.card  # type: ignore[assignment]
    else:
        try:
            card = card_id(move.card)  # type: ignore[arg-type]
        except (ValueError, TypeError):
            raise IllegalMove(f"{move.card} is not a card of this game") from None
        if card not in hand:
            raise IllegalMove(f"you do not hold the {move.card.name}")  # type: ignore[union-attr]
    if checkable(*hand) and has_play(state):  # type: ignore[arg-type]  # by link, checked where the hand is read
        raise IllegalMove("you have a play, so you may not discard")
    return card


# ---------------------------------------------------------------- applying a move


def apply(state: State, move: Move) -> State:
    """A new state after ``move`` by the player to act, the next turn's draw included.
    ``check_play`` / ``check_discard`` accept exactly what ``legal_moves`` lists (listing
    every play costs more than the move itself; tests/games/test_contract_fabricated.py holds
    the two to one answer)."""
    CODEC.check(move)
    if state.result is not None:
        raise IllegalMove("the game is over")
    if isinstance(move, Play):
        kind = check_play(state, move)
    elif isinstance(move, Discard):
        card = check_discard(state, move)
    else:
        raise IllegalMove("that is not a move of Towers of Wyoming")
    s = state.copy()
    s.epoch += 1
    s.fresh = []
    seat = s.current
    if isinstance(move, Play):
        cards = take_cards(s.hands[seat], SUIT_INDEX[move.suit], move.count) if move.cards is None else played_cards(s.hands[seat], move)
        if kind == "construct":
            construct(s, seat, cards, move.owner, move.foundation)
        else:
            deconstruct(s, seat, cards, move.owner, move.foundation)
    else:
        forced_discard(s, seat, card)
    end_of_turn(s, seat)
    if s.result is None and s.moves + 1 >= MAX_MOVES:
        move_limit_ending(s)
    s.moves += 1
    return s


def move_limit_ending(s: State) -> None:
    """A save holds ``MAX_MOVES`` moves. Under Finicky Clients an empty Sky stays empty, so only an
    empty foundation can win, and builders who never empty one play on for ever: the move that fills
    the save ends the game as Sudden Death does, the tallest tower winning."""
    tallest_tower_ending(s, "move-limit", "move-limit")


def take_cards(hand: list[int], suit: int, count: int) -> list[int]:
    """Remove ``count`` cards of ``suit`` from a sorted hand, lowest ranks first."""
    start = next(i for i, c in enumerate(hand) if c // PER_SUIT == suit)
    cards = hand[start : start + count]
    del hand[start : start + count]
    return cards


def played_cards(hand: list[int], move: Play) -> list[int]:
    """The cards a play of a game by link names, taken from the hand and turned up: every device
    reads them now, and a card not of the suit played is refused (on the other's device, as soon
    as its holder tells it)."""
    assert move.cards is not None
    cards = [cast(int, face(handle)) for handle in move.cards]
    for card in cards:
        if card // PER_SUIT != SUIT_INDEX[move.suit]:
            raise IllegalMove(f"the {CARDS[card].name} is not one of the {move.suit.noun}")
    for handle in move.cards:
        hand.remove(handle)  # type: ignore[arg-type]  # a hand of handles, by link
    return cards


def record(s: State, kind: str, seat: int | None, **facts: Any) -> None:
    """What the move being made did (``EVENT_KINDS``), recorded once the cards it names lie where
    it says: the table tells it (``telling.py``) and can show it on the board."""
    s.events.append(event(kind, s.moves, seat, **facts))


def codes(cards: list[int]) -> list[str]:
    """Cards as events name them: a card's code, or a handle's for a card not turned up (a draw by link)."""
    return [str(c) if is_hidden(c) else CODES[c] for c in cards]


def construct(s: State, seat: int, cards: list[int], owner: int, foundation: int) -> None:
    """Add the cards to a tower of their suit (or start one on your own empty foundation)."""
    tower = s.towers[owner][foundation]
    tower.extend(cards)
    suit = SUITS[cards[0] // PER_SUIT].value
    record(s, "construct", seat, owner=owner, foundation=foundation, suit=suit, count=len(cards), size=len(tower), cards=codes(cards))


def deconstruct(s: State, seat: int, cards: list[int], owner: int, foundation: int) -> None:
    """Played cards and as many tower cards go to the discard pile; any excess of played
    cards stays as the tower, which turns to the played suit."""
    tower = s.towers[owner][foundation]
    old_suit, before, k = tower[0] // PER_SUIT, len(tower), len(cards)
    lost = min(k, before)
    taken = tower[before - lost :]
    s.discard.extend(taken)
    del tower[before - lost :]
    s.discard.extend(cards[:lost])
    tower.extend(cards[lost:])
    record(
        s,
        "deconstruct",
        seat,
        owner=owner,
        foundation=foundation,
        suit=SUITS[cards[0] // PER_SUIT].value,
        count=k,
        cards=codes(cards),
        taken=codes(taken),
        spent=codes(cards[:lost]),
        before={"suit": SUITS[old_suit].value, "size": before},
        after={"suit": SUITS[tower[0] // PER_SUIT].value if tower else None, "size": len(tower)},
    )


def forced_discard(s: State, seat: int, card: int) -> None:
    """No play exists: one card of the player's choice goes face up to the discard pile."""
    s.hands[seat].remove(card)
    card = face(card)  # type: ignore[arg-type, assignment]  # face up on the discard pile
    s.discard.append(card)
    record(s, "discard", seat, card=CODES[card])


# ---------------------------------------------------------------- end of turn and the next turn


def tower_qualifies(s: State, size: int) -> bool:
    """Taller than the Sky; Finicky Clients: exactly as tall. A foundation is a tower of 0
    cards, so under Finicky Clients an empty foundation matches an empty Sky."""
    if s.options["finicky_clients"]:
        return size == s.sky
    return size > s.sky


def tower_winner(s: State, current: int, change: tuple[int, int, int] | None = None) -> int | None:
    """The winner at the end of ``current``'s turn, if any: among players with a qualifying
    tower, the tallest such tower; ties go to the player whose turn it was, else the next
    such player in turn order. ``change`` = (owner, foundation, size) asks "what if that
    tower had this size" (the view uses it to flag winning plays)."""
    best, best_size = None, -1
    n = s.players
    for step in range(n):
        p = (current + step) % n
        if not s.in_game[p]:
            continue
        for i, tower in enumerate(s.towers[p]):
            size = change[2] if change is not None and change[0] == p and change[1] == i else len(tower)
            if size > best_size and tower_qualifies(s, size):
                best, best_size = p, size
    return best


def tallest(s: State, seat: int) -> int:
    return max((len(t) for t in s.towers[seat]), default=0) if s.in_game[seat] else 0


def finish(s: State, winners: tuple[int, ...], how: str, **facts: Any) -> None:
    """The game ends: the ``end`` event holds how (``facts`` for its words, ``telling.end_why``);
    the Outcome says it with the engine's own seat names ("Player 2"), the table with its people."""
    scores = tuple(float(tallest(s, p)) for p in range(s.players))
    record(s, "end", None, winners=list(winners), how=how, **facts)
    end = s.events[-1]
    names = Names.default(s.players, None)
    s.result = Outcome(tuple(winners), end_reason(end, names), scores, {"how": how, "sky": s.sky}, why=end_why(end, names))


def end_of_turn(s: State, seat: int) -> None:
    """Check for a winner, then for the end of play; otherwise start the next turn."""
    winner = tower_winner(s, seat)
    if winner is not None:
        size = max(len(t) for t in s.towers[winner] if tower_qualifies(s, len(t)))
        rivals = [p for p in remaining(s) if p != winner and any(tower_qualifies(s, len(t)) for t in s.towers[p])]
        finish(s, (winner,), "tower", size=size, sky=s.sky, exact=bool(s.options["finicky_clients"]), rivals=rivals)
        return
    if no_cards_left_to_play(s) or finicky_deadlock(s):
        tallest_tower_ending(s)
        return
    start_next_turn(s, seat)


def no_cards_left_to_play(s: State) -> bool:
    """Nobody holds a card and none can be drawn (Sudden Death: the draw pile is empty;
    otherwise both piles are, so every card stands in a tower)."""
    if s.draw or any(s.hands[p] for p in remaining(s)):
        return False
    return s.options["sudden_death"] or not s.discard


def towers_frozen(s: State) -> bool:
    """No card outside the towers can ever be played again: every builder still in the game
    has a tower on each foundation, and no card in a hand or pile (every card not in a tower) is
    of a suit that builds on or tears down any of them. The towers can then never change; every turn is a discard."""
    towers = [t for p in remaining(s) for t in s.towers[p]]
    if not all(towers):
        return False
    tops = {t[0] // PER_SUIT for t in towers}
    standing = {c for p in range(s.players) for t in s.towers[p] for c in t}  # the rest is in hands and piles:
    loose = {c // PER_SUIT for c in range(DECK_SIZE) if c not in standing}  # counted so, no hidden card is read
    return not any(suit in tops or s.beats[suit] in tops for suit in loose)


def finicky_deadlock(s: State) -> bool:
    """Under Finicky Clients, frozen towers that the Sky can never match (this edition's ending
    for a game that could otherwise never end): every tower is taller than the Sky, which only
    falls, or the Sky is left to the tosses of Tidal Influences."""
    if not s.options["finicky_clients"] or not towers_frozen(s):
        return False
    return s.options["tidal_influences"] or all(len(t) > s.sky for p in remaining(s) for t in s.towers[p])


def tallest_tower_ending(s: State, cause: str | None = None, how: str = "cards-out") -> None:
    """Sudden Death's ending (also used if every card stands in towers, and at the move limit,
    ``cause`` saying so): the single tallest tower wins; players tied for it share the win."""
    heights = {p: tallest(s, p) for p in remaining(s)}
    top = max(heights.values(), default=0)
    if cause is None:
        cause = "cards-run-out" if s.options["sudden_death"] else "frozen" if finicky_deadlock(s) else "every-card-in-tower"
    winners = tuple(p for p, h in heights.items() if h == top) if top else ()
    finish(s, winners, how, cause=cause, tallest=top)


def start_next_turn(s: State, seat: int) -> None:
    """Pass to the next builder in the game, who draws up to 7 at once. A builder left
    with no card (nothing to draw) is skipped; one knocked out while drawing loses the turn."""
    q = seat
    for _ in range(2 * s.players + 2):
        q = next_seat(s, q)
        draw_up_to_seven(s, q)
        if s.result is not None:
            return
        if s.in_game[q] and s.hands[q]:
            s.current = q
            return
        if s.in_game[q]:
            record(s, "skip", q)
    tallest_tower_ending(s)  # unreachable while no_cards_left_to_play is False; a safe end


def draw_up_to_seven(s: State, seat: int) -> None:
    """Draw until holding 7. An empty draw pile is recycled first (never under Sudden
    Death, and only when the discard pile has cards to recycle)."""
    hand = s.hands[seat]
    drawn: list[int] = []
    batch: list[int] = []  # drawn since the last recycle: one ``draw`` event each side of it
    while len(hand) < HAND_SIZE:
        if not s.draw:
            if s.options["sudden_death"] or not s.discard:
                break
            note_draw(s, seat, batch)
            batch = []
            recycle(s, seat)
            if s.result is not None or not s.in_game[seat]:
                hand.sort()
                return
            continue
        card = s.rng.draw(s.draw, seat)
        hand.append(card)
        drawn.append(card)
        batch.append(card)
    note_draw(s, seat, batch)
    hand.sort()
    s.fresh = drawn


def draws_ahead(state: State) -> list[tuple[int, int]]:
    """Who draws each of the next cards of the draw pile, as (card, seat), its top first, as far as
    that is certain now: every builder's next draw up to 7 but that of the builder to act, whose
    hand still changes in their turn. A hand changes only in its builder's turn, and at a recycle,
    which starts a new pile; so a game by link takes the other players' layers off these cards
    before they are drawn, and a turn costs no extra round of links (docs/play-by-link-cards.md,
    three and four players)."""
    if state.result is not None:
        return []
    seats: list[int] = []
    seat = state.current
    for _ in range(len(remaining(state)) - 1):
        seat = next_seat(state, seat)
        seats += [seat] * max(0, HAND_SIZE - len(state.hands[seat]))
    return list(zip(reversed(state.draw), seats, strict=False))


def note_draw(s: State, seat: int, cards: list[int]) -> None:
    """The cards drawn, named for the drawer alone (the view keeps ``cards`` from the others)."""
    if cards:
        s.epoch += 1
        record(s, "draw", seat, count=len(cards), cards=codes(cards))


def recycle(s: State, drawer: int) -> None:
    """The draw pile ran out: change the Sky, end lapsed contracts, shuffle the discards."""
    s.epoch += 1
    before = s.sky
    tosses: list[list[int]] = []
    if s.options["tidal_influences"]:
        tidal_toss(s, tosses)
    else:
        s.sky = max(0, s.sky - 1)
    lapsed = contractual_deadlines(s) if s.options["contractual_deadlines"] else []
    s.draw, s.discard = s.discard, []
    s.rng.shuffle(s.draw)
    tidal = bool(s.options["tidal_influences"])
    record(s, "recycle", drawer, sky_before=before, sky_after=s.sky, tidal=tidal, tosses=tosses, eliminated=lapsed, shuffled=len(s.draw))
    last_builder_standing(s, [out["seat"] for out in lapsed])


def tidal_toss(s: State, tosses: list[list[int]]) -> None:
    """Toss every Sky penny: more heads adds a penny, more tails takes one, a tie tosses
    again. An empty Sky has nothing to toss and stays empty."""
    n = s.sky
    if n == 0:
        return
    while True:
        heads = sum(1 for _ in range(n) if s.rng.coin())
        tosses.append([heads, n - heads])
        if heads * 2 != n:
            break
    s.sky += 1 if heads * 2 > n else -1


def contractual_deadlines(s: State) -> list[dict[str, int]]:
    """Builders none of whose foundations holds a card are out; their hands go to the
    discard pile before the shuffle (how many cards, never which)."""
    lapsed = []
    for p in remaining(s):
        if not any(s.towers[p]):
            s.in_game[p] = False
            lapsed.append({"seat": p, "cards": len(s.hands[p])})
            s.discard.extend(s.hands[p])
            s.hands[p] = []
    return lapsed


def last_builder_standing(s: State, lapsed: list[int]) -> None:
    """One builder left wins; if the last ones all lapse together, nobody does."""
    if not lapsed:
        return
    left = remaining(s)
    if len(left) <= 1:
        finish(s, tuple(left), "last-standing")
