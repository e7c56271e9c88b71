"""What one seat sees of a Tower Battle match, as plain JSON-able data.

A seat sees its own hand, its own face-down tower cards and its own scoring
card; the other side's face-down cards show as backs (``"card": None``). The
view also spells out, for the seat to act, what each card in hand may do (which
tower, which faces and why) so the table never has to work a rule out itself.
``events`` is everything every move did (``facts.EVENT_KINDS``), oldest first, as this
seat may see it: a card the other seat played face down, drew, was dealt or set as its
scoring card is not named (``seen_events``).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.bounds import count, items, outcome_bounds, under
from tabletop.engine.cards import ACE, JACK, KING, QUEEN, Card, Suit
from tabletop.engine.events import Event
from tabletop.engine.hidden import AnyCard, CardAwaited, peek, unveiled
from tabletop.engine.protocol import checked_seat
from tabletop.engine.saves import MAX_MOVES
from tabletop.engine.words import count as counted

from .facts import (
    FACING,
    ID,
    MAX_TARGET,
    NUMBER_RANKS,
    OWNER,
    ROLE_NAMES,
    SEAT_NAMES,
    SIDE_SUITS,
    STOCK_RANKS,
    TNT,
    TOWER_ORDER,
    WINNING_HEIGHT,
    battle_value,
    card_order,
    side_cards,
    tower_words,
)
from .match import scoring_choices
from .moves import ChooseScoringCard, DiscardCard, PlayCard, move_to_json
from .rules import asked_seat, face_rule, is_diplomat, offered_tower, top
from .state import BATTLE, CHOOSING, OVER, PLAYING, State


def view(s: State, seat: int | None) -> dict[str, Any]:
    """The match as ``seat`` may see it (None: a spectator, who sees no secrets)."""
    seat = checked_seat(seat, len(SEAT_NAMES))
    settings = s.settings
    return {
        "game": ID,
        "seat": seat,
        "seat_names": list(SEAT_NAMES),
        "to_act": s.deciding_seat(),
        "outcome": s.outcome.to_json() if s.outcome else None,
        "events": seen_events(s, seat),
        "epoch": s.epoch,
        "phase": s.phase,
        "player": s.player,
        "turn": s.turn,
        "match": {
            "scoring": "advanced" if settings.advanced else "simple",
            "target": settings.target,
            "tnt": settings.tnt,
            "scores": list(s.scores),
            "game_number": s.game_number,
            "starter": s.starter,
            "moves": s.moves,
            "results": [r.to_json() for r in s.results],
        },
        "towers": [tower_view(s, suit, seat) for suit in TOWER_ORDER],
        "players": [player_view(s, p, seat) for p in (0, 1)],
        "plays": plays_view(s) if seat is not None and s.phase == PLAYING and seat == s.player else None,
        "scoring_choice": scoring_choice_view(s) if s.phase == CHOOSING and seat == s.asked else None,
        "battle_offer": battle_offer_view(s, seat) if s.phase == BATTLE else None,
    }


def finished_games(view: dict[str, Any]) -> int:
    """How many games of the match ``view`` shows are over (the table stops after each)."""
    return len(view["match"]["results"])


SECRET = {"play-face-down": "card", "draw": "card", "dealt": "cards", "scoring-card": "card"}  # kind -> its owner's fact


def seen_event(e: Event, seat: int | None) -> Event:
    """An event as ``seat`` may see it: a card another seat alone knows is left out (in a game by
    link, the seat's own hidden cards are named as its device reads them)."""
    secret = SECRET.get(e["kind"])
    if secret and e["seat"] != seat:
        return {k: v for k, v in e.items() if k != secret}
    return unveiled(e, peek) if secret else dict(e)


def seen_events(s: State, seat: int | None) -> list[Event]:
    return [seen_event(e, seat) for e in s.event_list()]


def card_view(card: AnyCard, face_up: bool, visible: bool) -> dict[str, Any]:
    shown = peek(card) if visible else None
    if shown is None:
        return {"card": None, "label": None, "face_up": False, "role": None, "value": None}
    return {
        "card": str(shown),
        "label": shown.label,
        "face_up": face_up,
        "role": role(shown),
        "value": battle_value(shown),
    }


def role(card: Card) -> str:
    """'Assassin', 'Diplomat', 'Knave', 'TNT' or 'army'."""
    return ROLE_NAMES.get(card.rank, "army")


def tower_view(s: State, suit: Suit, seat: int | None) -> dict[str, Any]:
    owner = OWNER[suit]
    layers = s.towers[suit]
    head = top(s, suit)
    return {
        "suit": suit.value,
        "symbol": suit.symbol,
        "name": tower_words(suit),
        "owner": owner,
        "king": str(Card(KING, suit)),
        "faces": FACING[suit].value,
        "height": len(layers),
        "needed_to_win": max(0, WINNING_HEIGHT - len(layers)),
        "cards": [card_view(card, up, up or owner == seat) for card, up in layers],
        "top_face_up": head[1] if head else None,
        "diplomat_on_top": bool(head and is_diplomat(head)),
        "attackable": bool(head and not is_diplomat(head)),
    }


def player_view(s: State, p: int, seat: int | None) -> dict[str, Any]:
    mine = p == seat
    scoring = s.scoring_cards[p]
    return {
        "seat": p,
        "name": SEAT_NAMES[p],
        "suits": [suit.value for suit in SIDE_SUITS[p]],
        "hand_count": len(s.hands[p]),
        "hand": own_hand(s, p) if mine else None,
        "stock_count": len(s.stocks[p]),
        "discard": [str(c) for c in s.discards[p]],
        "scoring_card_set": scoring is not None,
        "scoring_card": str(peek(scoring)) if scoring is not None and (mine or s.phase == OVER) and peek(scoring) is not None else None,
        "score": s.scores[p],
    }


def read_hand(s: State, seat: int) -> list[tuple[AnyCard, Card]]:
    """``seat``'s hand as (the card as the state holds it, its face), in order: the cards its device
    reads (in a game by link, a card just drawn is read once the other's link comes)."""
    pairs = [(card, peek(card)) for card in s.hands[seat]]
    return sorted(((card, shown) for card, shown in pairs if shown is not None), key=lambda pair: card_order(pair[1]))


def own_hand(s: State, seat: int) -> list[str]:
    return [str(shown) for _card, shown in read_hand(s, seat)]


def plays_view(s: State) -> list[dict[str, Any]]:
    """For each card in the mover's hand: its tower, its faces and why, and what each play would do
    (a move names the card as the state holds it: in a game by link, by its handle)."""
    out = []
    for card, shown in read_hand(s, s.player):
        faces, why = face_rule(s, shown)
        hidden = card is not shown
        out.append(
            {
                "card": str(shown),
                "label": shown.label,
                "role": role(shown),
                "tower": shown.known_suit.value,
                "faces": list(faces),
                "free_choice": len(faces) == 2,
                "reason": why,
                "options": [
                    {
                        "face_up": up,
                        "move": move_to_json(PlayCard(card, up, shown.known_suit if hidden and not up else None)),
                        "effect": play_effect(s, shown, up),
                    }
                    for up in faces
                ],
                "discard": move_to_json(DiscardCard(card)),
            }
        )
    return out


def play_effect(s: State, card: Card, face_up: bool) -> str:
    """What playing ``card`` this way would do, in words (public facts and the mover's own card only)."""
    suit = card.known_suit
    facing = FACING[suit]
    target = top(s, facing)
    height = len(s.towers[suit]) + 1
    if card.rank == ACE:
        if target is None:
            words = f"{tower_words(facing)} is empty: the Assassin has no target."
        else:
            what = target[0].label if target[1] else "the face-down card"
            words = f"Sends {what} on top of {tower_words(facing)} to the discard pile."
    elif card.rank == QUEEN:
        words = "While on top, no battle may be fought between these two towers."
    elif card.rank == JACK and face_up:
        return f"A Knave seen face up: your whole {suit.noun} tower ({counted(height, 'card')} with it) would be discarded."
    elif target is None:
        words = f"No battle: {tower_words(facing)} is empty."
    elif is_diplomat(target):
        words = f"No battle: a Diplomat guards {tower_words(facing)}."
    else:
        what = target[0].label if target[1] else "its face-down top card"
        words = f"A battle may then be declared against {what}."
    if card.rank == TNT:
        words += " A bluff: if this 10 is ever seen on the tower, you lose the game."
    if height >= WINNING_HEIGHT:
        words += " Five cards: you win at the end of this turn if it still stands."
    return words


def scoring_choice_view(s: State) -> dict[str, Any]:
    seat = asked_seat(s)
    previous = s.previous_scoring_cards[seat]
    try:
        choices = scoring_choices(s, seat)
    except CardAwaited:  # by link, the cards come with the other's next link: nothing to choose yet
        choices = []
    return {
        "seat": seat,
        "choices": [str(peek(c)) for c in choices],
        "moves": [move_to_json(ChooseScoringCard(c)) for c in choices],  # by link, each names its card's handle
        "previous": str(previous) if previous is not None else None,
        "note": f"A winner scores the value of a 2-7{' (or a 10)' if s.settings.tnt else ''}; a winner whose card is an A, Q or J "
        "forfeits, and the loser scores instead.",
    }


def battle_offer_view(s: State, seat: int | None) -> dict[str, Any]:
    mine = offered_tower(s)
    theirs = FACING[mine]
    tops = []
    for suit in (mine, theirs):
        card, up = s.towers[suit][-1]
        tops.append(card_view(card, up, up or OWNER[suit] == seat))
    return {
        "to": s.asked,
        "mover": s.player,
        "asking_mover": s.asked == s.player,
        "towers": [mine.value, theirs.value],
        "tops": tops,
        "question": f"Declare a battle between {tower_words(mine)} and {tower_words(theirs)}?",
        "declaring_costs": declaring_costs(s, seat) if seat is not None and seat == s.asked else None,
    }


def declaring_costs(s: State, seat: int) -> str | None:
    """What declaring would surely cost ``seat``, from what that seat can see (its own top card, the
    other top card when it is face up); None when declaring risks nothing it can know of. The table
    keeps keyboard focus off a choice that surely loses (ui/web/focus.py)."""
    mine = offered_tower(s)
    own, other = (mine, FACING[mine]) if OWNER[mine] == seat else (FACING[mine], mine)
    card = peek(s.towers[own][-1][0])
    if card is None:
        return None
    if card.rank == JACK:
        height = len(s.towers[own])
        return f"Declaring turns up your Knave {card.label}: your whole {own.noun} tower ({counted(height, 'card')}) would be discarded."
    if card.rank == TNT and s.settings.tnt:
        return f"Declaring turns up your 10 {card.label}: a 10 seen on a tower loses you the game."
    theirs, up = s.towers[other][-1]
    if not up or theirs.rank in (JACK, TNT):
        return None
    ours, against = battle_value(card), battle_value(theirs)
    if ours is None or against is None or ours > against:
        return None
    if ours == against:
        return f"Your {card.label} ties with {theirs.label}: both would be discarded."
    return f"Your {card.label} ({ours}) is lower than {theirs.label} ({against}): yours would be discarded."


# Every number and list a view holds, and what the game's facts allow (engine/bounds.py): a
# position's code is checked against these before a renderer counts anything in it.
SIDE_CARDS = max(len(side_cards(seat, tnt)) for seat in (0, 1) for tnt in (False, True))  # one colour's stock
SUIT_CARDS = len(STOCK_RANKS) + 1  # one suit's cards that can stand on its tower (a 10 with TNT)
MOST_POINTS = MAX_TARGET - 1 + max(NUMBER_RANKS + (TNT,))  # one short of the target, then the best scoring card
MOST_GAMES = MAX_MOVES // 3  # a game takes more than three moves
MOST_LINES = MAX_MOVES * 8  # log lines (a position code of an earlier edition holds its English log)
MOST_EVENTS = MAX_MOVES * 16  # a move makes a few; one that ends a game makes a dozen
SEAT = count(0, 1)
RESULT = {
    "game": count(1, MOST_GAMES),
    "winner": count(0, 1, null=True),
    "loser": count(0, 1, null=True),
    "scorer": count(0, 1, null=True),
    "points": count(0, MOST_POINTS),
    "scoring_cards": items(2, null=True),
    **{f"{kind}.{suit.value}": items(SUIT_CARDS) for kind in ("final_towers", "revealed_towers") for suit in TOWER_ORDER},
}
CARD_VIEW = {"value": count(1, TNT, null=True)}
EVENT = {
    "move": count(0, MAX_MOVES),
    "seat": count(0, 1, null=True),
    "game": count(1, MOST_GAMES),
    "starter": SEAT,
    "cards": items(SUIT_CARDS * 4, null=True),
    "count": count(0, SIDE_CARDS),
    "index": count(0, SUIT_CARDS),
    "taken": items(SUIT_CARDS),
    "towers": items(2),
    "values": items(2),
    "values.*": count(1, TNT, null=True),
    "value": count(1, TNT, null=True),
    "knaves": items(2),
    "tnt": items(2),
    "tnt.*": SEAT,
    "passed_to": count(0, 1, null=True),
    "winner": count(0, 1, null=True),
    "loser": count(0, 1, null=True),
    "scorer": count(0, 1, null=True),
    "points": count(0, MOST_POINTS),
    "scores": items(2),
    "scores.*": count(0, MOST_POINTS),
    "target": count(1, MAX_TARGET),
    "winners": items(2),
    "winners.*": SEAT,
    **under("last", {"game": count(1, MOST_GAMES), "winner": count(0, 1, null=True), "loser": count(0, 1, null=True)}),
    "forfeit.points": count(0, MOST_POINTS),
}
VIEW_BOUNDS = {
    "seat": count(0, 1, null=True),
    "seat_names": items(2),
    "to_act": count(0, 1, null=True),
    "log": items(MOST_LINES),
    "events": items(MOST_EVENTS),
    **under("events.*", EVENT),
    "epoch": count(0, MAX_MOVES * 8),
    "player": SEAT,
    "turn": count(0, MAX_MOVES),
    "match.target": count(1, MAX_TARGET),
    "match.scores": items(2),
    "match.scores.*": count(0, MOST_POINTS),
    "match.game_number": count(0, MOST_GAMES),
    "match.starter": SEAT,
    "match.moves": count(0, MAX_MOVES),
    "match.results": items(MOST_GAMES),
    **under("match.results.*", RESULT),
    **under("outcome", outcome_bounds(2, MOST_POINTS, {"games": items(MOST_GAMES), **under("games.*", RESULT)})),
    "towers": items(len(TOWER_ORDER)),
    "towers.*.owner": SEAT,
    "towers.*.height": count(0, SUIT_CARDS),
    "towers.*.needed_to_win": count(0, WINNING_HEIGHT),
    "towers.*.cards": items(SUIT_CARDS),
    **under("towers.*.cards.*", CARD_VIEW),
    "players": items(2),
    "players.*.seat": SEAT,
    "players.*.suits": items(2),
    "players.*.hand_count": count(0, SIDE_CARDS),
    "players.*.hand": items(SIDE_CARDS, null=True),
    "players.*.stock_count": count(0, SIDE_CARDS),
    "players.*.discard": items(SIDE_CARDS),
    "players.*.score": count(0, MOST_POINTS),
    "plays": items(SIDE_CARDS, null=True),
    "plays.*.faces": items(2),
    "plays.*.options": items(2),
    "scoring_choice.seat": SEAT,
    "scoring_choice.choices": items(SIDE_CARDS),
    "scoring_choice.moves": items(SIDE_CARDS),
    "battle_offer.to": SEAT,
    "battle_offer.mover": SEAT,
    "battle_offer.towers": items(2),
    "battle_offer.tops": items(2),
    **under("battle_offer.tops.*", CARD_VIEW),
    # a position code of an earlier edition holds the last battle (``events`` hold each battle now)
    "last_battle.game": count(1, MOST_GAMES),
    "last_battle.towers": items(2),
    "last_battle.cards": items(2),
    "last_battle.labels": items(2),
    "last_battle.values": items(2),
    "last_battle.values.*": count(1, TNT, null=True),
    "last_battle.declared_by": SEAT,
}
