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
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.cards import SUITS, Suit
from tabletop.engine.errors import IllegalMove
from tabletop.engine.moves import Move
from tabletop.engine.options import resolve_options
from tabletop.engine.outcome import Outcome
from tabletop.engine.rng import Rng, deal
from tabletop.engine.saves import MAX_MOVES
from tabletop.engine.words import count as counted
from tabletop.games.towers_of_wyoming.facts import (
    CARDS,
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


def who(seat: int) -> str:
    return f"Player {seat + 1}"


def names(seats: list[int] | tuple[int, ...]) -> str:
    """``"Player 1"``, ``"Player 1 and Player 3"``, ``"Player 1, Player 2 and Player 4"``."""
    words = [who(p) for p in seats]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


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
    rng = Rng(seed)
    hands, rest = deal(rng, list(range(DECK_SIZE)), seats, HAND_SIZE)
    s = State.__new__(State)
    s.players = seats
    s.options = opts
    s.foundations = foundations
    s.sky_start = sky
    s.hands = [sorted(h) for h in hands]
    s.towers = [[[] for _ in range(foundations)] for _ in range(seats)]
    s.draw = rest[::-1]  # the top of the pile is the end of the list
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
    s.log = [f"{seats} builders, {counted(foundations, 'foundation')} each; the Settling Sky holds {sky} pennies. {who(0)} goes first."]
    s.events = []
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
        counts[card // PER_SUIT] += 1
    return counts


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


def foundation_label(state: State, foundation: int) -> str:
    """``"foundation"``, or ``"foundation 2"`` when each player has two."""
    return f"foundation {foundation + 1}" if state.foundations > 1 else "foundation"


def tower_words(tower_size: int, suit: int | None) -> str:
    """``"empty foundation"``, ``"2-card spade tower"``."""
    if not tower_size:
        return "empty foundation"
    return f"{tower_size}-card {SUITS[suit].singular} tower"  # type: ignore[index]  # a tower has a suit


def target_words(state: State, owner: int, foundation: int, viewer: int | None = None, actor: int | None = None) -> str:
    """A target as a player says it: ``"Player 2's 5-card heart tower"``, ``"your empty foundation 2"``,
    ``"their 3-card club tower on foundation 2"`` (``viewer`` reads "your", ``actor`` "their")."""
    tower = state.towers[owner][foundation]
    whose = "your" if owner == viewer else "their" if owner == actor else f"{who(owner)}'s"
    what = tower_words(len(tower), tower[0] // PER_SUIT if tower else None)
    if state.foundations == 1:
        return f"{whose} {what}"
    return f"{whose} {what} {foundation + 1}" if not tower else f"{whose} {what} on foundation {foundation + 1}"


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
    return plays


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
    return [DISCARDS[c] for c in state.hands[state.current]]


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
    held = suit_counts(state.hands[seat])[suit]
    if move.count < 1:
        raise IllegalMove("play at least one card")
    if move.count > held:
        raise IllegalMove(f"you hold only {count_cards(held, suit)}")
    kind = play_kind(state, seat, suit, move.owner, move.foundation)
    if kind is None:
        tower = state.towers[move.owner][move.foundation]
        if not tower:
            raise IllegalMove("you may not build on another player's empty foundation")
        raise IllegalMove(f"{move.suit.noun} can neither build on nor deconstruct a {SUITS[tower[0] // PER_SUIT].singular} tower")
    return kind


def check_discard(state: State, move: Discard) -> int:
    """The card to discard, or IllegalMove: discarding is only for a player with no play."""
    try:
        card = card_id(move.card)
    except (ValueError, TypeError):
        raise IllegalMove(f"{move.card} is not a card of this game") from None
    if card not in state.hands[state.current]:
        raise IllegalMove(f"you do not hold the {move.card.name}")
    if has_play(state):
        raise IllegalMove("you have a play, so you may not discard")
    return card


# ---------------------------------------------------------------- applying a move


def apply(state: State, move: Move) -> State:
    """A new state after ``move`` by the player to act, the next turn's draw included.
    ``check_play`` / ``check_discard`` accept exactly what ``legal_moves`` lists (listing
    every play costs more than the move itself; tests/test_contract_fabricated.py holds
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
    s.moves += 1
    s.epoch += 1
    s.fresh = []
    seat = s.current
    if isinstance(move, Play):
        cards = take_cards(s.hands[seat], SUIT_INDEX[move.suit], move.count)
        if kind == "construct":
            construct(s, seat, cards, move.owner, move.foundation)
        else:
            deconstruct(s, seat, cards, move.owner, move.foundation)
    else:
        forced_discard(s, seat, card)
    end_of_turn(s, seat)
    if s.result is None and s.moves >= MAX_MOVES:
        move_limit_ending(s)
    return s


def move_limit_ending(s: State) -> None:
    """A save holds ``MAX_MOVES`` moves. Under Finicky Clients an empty Sky stays empty, so only an
    empty foundation can win, and builders who never empty one play on for ever: the move that fills
    the save ends the game as Sudden Death does, the tallest tower winning."""
    tallest_tower_ending(s, f"The game reached {MAX_MOVES:,} moves, the most a save can hold", "move-limit")


def take_cards(hand: list[int], suit: int, count: int) -> list[int]:
    """Remove ``count`` cards of ``suit`` from a sorted hand, lowest ranks first."""
    start = next(i for i, c in enumerate(hand) if c // PER_SUIT == suit)
    cards = hand[start : start + count]
    del hand[start : start + count]
    return cards


def note(s: State, line: str, event: dict[str, Any]) -> None:
    event["move"] = s.moves
    s.log.append(line)
    s.events.append(event)


def construct(s: State, seat: int, cards: list[int], owner: int, foundation: int) -> None:
    """Add the cards to a tower of their suit (or start one on your own empty foundation)."""
    tower = s.towers[owner][foundation]
    suit = cards[0] // PER_SUIT
    started = not tower
    target = target_words(s, owner, foundation, actor=seat)
    tower.extend(cards)
    if started:
        line = f"{who(seat)} started a {SUITS[suit].singular} tower on their {foundation_label(s, foundation)} with {count_cards(len(cards), suit)}."
    else:
        line = f"{who(seat)} built {count_cards(len(cards), suit)} onto {target}: now {count_cards(len(tower), suit)}."
    note(
        s,
        line,
        {
            "type": "construct",
            "seat": seat,
            "owner": owner,
            "foundation": foundation,
            "suit": SUITS[suit].value,
            "count": len(cards),
            "size": len(tower),
        },
    )


def deconstruct(s: State, seat: int, cards: list[int], owner: int, foundation: int) -> None:
    """Played cards and as many tower cards go to the discard pile; any excess of played
    cards stays as the tower, which turns to the played suit."""
    tower = s.towers[owner][foundation]
    suit = cards[0] // PER_SUIT
    old_suit, before, k = tower[0] // PER_SUIT, len(tower), len(cards)
    head = f"{who(seat)} played {count_cards(k, suit)} against {target_words(s, owner, foundation, actor=seat)}"
    lost = min(k, before)
    s.discard.extend(tower[before - lost :])
    del tower[before - lost :]
    s.discard.extend(cards[:lost])
    tower.extend(cards[lost:])
    if k < before:
        line = f"{head}: it drops to {count_cards(len(tower), old_suit)}."
    elif k == before:
        line = f"{head}: it is knocked down to an empty foundation."
    else:
        line = f"{head}: it turns into a tower of {count_cards(len(tower), suit)}."
    note(
        s,
        line,
        {
            "type": "deconstruct",
            "seat": seat,
            "owner": owner,
            "foundation": foundation,
            "suit": SUITS[suit].value,
            "count": k,
            "before": {"suit": SUITS[old_suit].value, "size": before},
            "after": {"suit": SUITS[tower[0] // PER_SUIT].value if tower else None, "size": len(tower)},
        },
    )


def forced_discard(s: State, seat: int, card: int) -> None:
    """No play exists: one card of the player's choice goes face up to the discard pile."""
    s.hands[seat].remove(card)
    s.discard.append(card)
    c = CARDS[card]
    note(s, f"{who(seat)} had no play and discarded the {c.name}.", {"type": "discard", "seat": seat, "card": str(c)})


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


def finish(s: State, winners: tuple[int, ...], reason: str, how: str, why: str) -> None:
    """The game ends: ``reason`` says who won and why (the log), ``why`` the same without the winner."""
    scores = tuple(float(tallest(s, p)) for p in range(s.players))
    s.result = Outcome(tuple(winners), reason, scores, {"how": how, "sky": s.sky}, why=why)
    s.log.append(reason)
    s.events.append({"type": "end", "move": s.moves, "winners": list(winners), "how": how, "reason": reason})


def end_of_turn(s: State, seat: int) -> None:
    """Check for a winner, then for the end of play; otherwise start the next turn."""
    winner = tower_winner(s, seat)
    if winner is not None:
        size = max(len(t) for t in s.towers[winner] if tower_qualifies(s, len(t)))
        rule = "exactly as tall as" if s.options["finicky_clients"] else "taller than"
        rivals = [p for p in remaining(s) if p != winner and any(tower_qualifies(s, len(t)) for t in s.towers[p])]
        tie = f" ({names(rivals)} also qualified; the tallest tower, then turn order, decides)" if rivals else ""
        what = f"a tower of {size} cards is {rule} the Sky of {s.sky} pennies" if size else "an empty foundation matches the empty Sky"
        finish(s, (winner,), f"{who(winner)} wins: {what}{tie}.", "tower", f"{what[0].upper()}{what[1:]}{tie}.")
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
    has a tower on each foundation, and no card in a hand or pile is of a suit that builds
    on or tears down any of them. The towers can then never change; every turn is a discard."""
    towers = [t for p in remaining(s) for t in s.towers[p]]
    if not all(towers):
        return False
    tops = {t[0] // PER_SUIT for t in towers}
    loose = {c // PER_SUIT for c in s.draw + s.discard} | {c // PER_SUIT for p in remaining(s) for c in s.hands[p]}
    return not any(suit in tops or s.beats[suit] in tops for suit in loose)


def finicky_deadlock(s: State) -> bool:
    """Under Finicky Clients, frozen towers that the Sky can never match (this edition's ending
    for a game that could otherwise never end): every tower is taller than the Sky, which only
    falls, or the Sky is left to the tosses of Tidal Influences."""
    if not s.options["finicky_clients"] or not towers_frozen(s):
        return False
    return s.options["tidal_influences"] or all(len(t) > s.sky for p in remaining(s) for t in s.towers[p])


def tallest_tower_ending(s: State, why: str | None = None, how: str = "cards-out") -> None:
    """Sudden Death's ending (also used if every card stands in towers, and at the move limit,
    ``why`` saying so): the single tallest tower wins; players tied for it share the win."""
    heights = {p: tallest(s, p) for p in remaining(s)}
    top = max(heights.values(), default=0)
    if why is None:
        why = (
            "The cards have run out"
            if s.options["sudden_death"]
            else "No card left can change a tower, and the Sky can never match one"
            if finicky_deadlock(s)
            else "Every card stands in a tower"
        )
    if top == 0:
        finish(s, (), f"{why} and no tower stands: nobody wins.", how, f"{why} and no tower stands.")
        return
    winners = tuple(p for p, h in heights.items() if h == top)
    if len(winners) == 1:
        finish(
            s,
            winners,
            f"{why}: {who(winners[0])} wins with the tallest tower ({top} cards).",
            how,
            f"{why}, and theirs is the tallest tower ({top} cards).",
        )
    else:
        finish(
            s,
            winners,
            f"{why}: {names(winners)} share the win with towers of {top} cards.",
            how,
            f"{why}, and their towers of {top} cards are the tallest.",
        )


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
            note(s, f"{who(q)} has no cards and is skipped.", {"type": "skip", "seat": q})
    tallest_tower_ending(s)  # unreachable while no_cards_left_to_play is False; a safe end


def draw_up_to_seven(s: State, seat: int) -> None:
    """Draw until holding 7. An empty draw pile is recycled first (never under Sudden
    Death, and only when the discard pile has cards to recycle)."""
    hand = s.hands[seat]
    drawn: list[int] = []
    pending = 0
    while len(hand) < HAND_SIZE:
        if not s.draw:
            if s.options["sudden_death"] or not s.discard:
                break
            note_draw(s, seat, pending)
            pending = 0
            recycle(s, seat)
            if s.result is not None or not s.in_game[seat]:
                hand.sort()
                return
            continue
        card = s.draw.pop()
        hand.append(card)
        drawn.append(card)
        pending += 1
    note_draw(s, seat, pending)
    hand.sort()
    s.fresh = drawn


def note_draw(s: State, seat: int, count: int) -> None:
    if count:
        s.epoch += 1
        note(s, f"{who(seat)} drew {counted(count, 'card')}.", {"type": "draw", "seat": seat, "count": count})


def recycle(s: State, drawer: int) -> None:
    """The draw pile ran out: change the Sky, end lapsed contracts, shuffle the discards."""
    s.epoch += 1
    before = s.sky
    event = {"type": "recycle", "seat": drawer, "sky_before": before, "tosses": [], "eliminated": []}
    if s.options["tidal_influences"]:
        tidal_toss(s, event)
    else:
        s.sky = max(0, s.sky - 1)
    event["sky_after"] = s.sky
    parts = [f"The draw pile ran out as {who(drawer)} drew: {sky_change_words(s, event)}"]
    lapsed = contractual_deadlines(s, event) if s.options["contractual_deadlines"] else []
    if lapsed:
        parts.append(f"{names(lapsed)} had no tower and lost the building contract")
    s.draw, s.discard = s.discard, []
    s.rng.shuffle(s.draw)
    event["shuffled"] = len(s.draw)
    parts.append(f"{len(s.draw)} discards are shuffled into a new draw pile")
    note(s, "; ".join(parts) + ".", event)
    last_builder_standing(s, lapsed)


def sky_change_words(s: State, event: dict[str, Any]) -> str:
    """``"the Sky goes from 10 to 9 pennies"``, with the tosses under Tidal Influences."""
    before, after = event["sky_before"], event["sky_after"]
    change = f"the Sky goes from {before} to {after} pennies"
    if not s.options["tidal_influences"]:
        return change if before else "the Sky is already empty and stays at 0"
    if not event["tosses"]:
        return "the Sky has no pennies to toss and stays empty"
    results = [f"{h} heads and {t} tails" for h, t in event["tosses"]]
    told = ", then ".join(r + (" (a tie: toss again)" if i < len(results) - 1 else "") for i, r in enumerate(results))
    return f"the Sky's {before} pennies were tossed: {told}, so {change}"


def tidal_toss(s: State, event: dict[str, Any]) -> None:
    """Toss every Sky penny: more heads adds a penny, more tails takes one, a tie tosses
    again. An empty Sky has nothing to toss and stays empty."""
    n = s.sky
    if n == 0:
        return
    while True:
        heads = sum(1 for _ in range(n) if s.rng.coin())
        event["tosses"].append([heads, n - heads])
        if heads * 2 != n:
            break
    s.sky += 1 if heads * 2 > n else -1


def contractual_deadlines(s: State, event: dict[str, Any]) -> list[int]:
    """Builders none of whose foundations holds a card are out; their hands go to the
    discard pile before the shuffle."""
    lapsed = [p for p in remaining(s) if not any(s.towers[p])]
    for p in lapsed:
        s.in_game[p] = False
        event["eliminated"].append({"seat": p, "cards": len(s.hands[p])})
        s.discard.extend(s.hands[p])
        s.hands[p] = []
    return lapsed


def last_builder_standing(s: State, lapsed: list[int]) -> None:
    """One builder left wins; if the last ones all lapse together, nobody does."""
    if not lapsed:
        return
    left = remaining(s)
    if len(left) == 1:
        finish(
            s,
            (left[0],),
            f"{who(left[0])} wins as the last builder still holding a contract.",
            "last-standing",
            "Every other builder has lost the contract.",
        )
    elif not left:
        finish(
            s,
            (),
            "Every remaining builder lost the contract at the same recycling: nobody wins.",
            "last-standing",
            "Every remaining builder lost the contract at the same recycling.",
        )
