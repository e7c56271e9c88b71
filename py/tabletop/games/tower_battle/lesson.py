"""Learn to play Tower Battle: one short game as Red against a scripted Black (engine/lesson.py).

The stocks are stacked (``arrange``) so that, in nine turns of Red's, every rule that decides a
game turns up: a card played face up and one face down, a battle won, a battle let pass, a
Knave found out, a Diplomat, an Assassin, a card that must go face up, a discard, and the
fifth card that wins. The board parts named here are drawn by ui/render/tower_battle.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.cards import Card
from tabletop.engine.lesson import Lesson, Step

RED, BLACK = 0, 1


def cards(codes: str) -> list[Card]:
    return [Card.parse(code) for code in codes.split()]


# Each stock is drawn from its end: the last code below is the first card drawn.
RED_HAND = "5H 6D QH"
RED_STOCK = "AD 2D 5D 7D JD QD 3H 4H 6H 7H 2H JH AH 3D 4D"
BLACK_HAND = "3C JS 2C"
BLACK_STOCK = "AC 4C 5C 6C JC QC 2S 3S QS 7S AS 4S 7C 6S 5S"


def arrange(state: Any) -> Any:
    """Red holds 5♥ 6♦ Q♥ and draws 4♦ 3♦ A♥ J♥ 2♥ 7♥; Black holds 3♣ J♠ 2♣ and draws 5♠ 6♠ 7♣ 4♠ A♠."""
    s = state.copy()
    s.hands = [cards(RED_HAND), cards(BLACK_HAND)]
    s.stocks = [cards(RED_STOCK), cards(BLACK_STOCK)]
    return s


def play(card: str, face_up: bool = True) -> dict[str, Any]:
    return {"kind": "play", "card": card, "face_up": face_up}


def discard(card: str) -> dict[str, Any]:
    return {"kind": "discard", "card": card}


DECLARE = {"kind": "declare-battle"}
DECLINE = {"kind": "decline-battle"}

LESSON = Lesson(
    game="tower-battle",
    goal="Be the first to have five cards on one of your two towers at the end of your own turn.",
    seed=2020,
    learner=RED,
    options={"first": "red", "target": 1},
    arrange=arrange,
    names=("Red", "Black"),
    steps=(
        Step(
            "You are Red. Your two towers, hearts and diamonds, stand on their kings at the bottom; each faces one of "
            "Black's towers across the middle.",
            part="towers:0",
            hint="A card only ever goes on your own tower of its suit. Five cards on one tower at the end of your turn win.",
        ),
        Step(
            "Play the 5♥ face up on your hearts tower.",
            part="hand-card:5H",
            moves=(play("5H"),),
            hint="Choose the 5♥ in your hand, then the lit place on the hearts tower. After playing you draw a card.",
            after="Your hearts tower is one card high and you drew a new card. Black answered with the 3♣ on its clubs "
            "tower, which faces your hearts. After an army card (2 to 7, or a Knave) a battle may be declared: Black "
            "did not, so now you may.",
            replies=(play("3C"), DECLINE),
        ),
        Step(
            "Declare the battle: your 5♥ against Black's 3♣.",
            part="lane:H",
            moves=(DECLARE,),
            hint="In a battle both top cards are turned up: the higher stays, the lower goes to the discard pile.",
            after="5 beats 3: the 3♣ went to Black's discard pile and your 5♥ stays. That ended Black's turn; it drew a card.",
        ),
        Step(
            "Play the 6♦ face down on your diamonds tower.",
            part="tower:D",
            moves=(play("6D", False),),
            hint="Face down, only you know its value. Black sees only a back.",
            after="Black played a card face down on its spades tower, facing your hidden 6, and let the battle pass. "
            "Face down cards are a bluff: a low card may hide there, or a Knave.",
            replies=(play("JS", False), DECLINE),
        ),
        Step(
            "Declare the battle on the diamonds lane.",
            part="lane:D",
            moves=(DECLARE,),
            after="Black's hidden card was a Knave. A Knave seen face up loses at once: every card of its tower goes to "
            "the discard pile. Your 6♦, turned up by the battle, stays.",
        ),
        Step(
            "Play the Q♥, a Diplomat, on your hearts tower.",
            part="hand-card:QH",
            moves=(play("QH"),),
            hint="Aces and Queens are effect cards: always played face up.",
            after="While a Diplomat is the top card of a tower, no battle may be fought between it and the facing tower. "
            "Black built its clubs tower with the 2♣, facing your Q♥: safe from a battle for now.",
            replies=(play("2C"),),
        ),
        Step(
            "Play the 4♦ face down on your diamonds tower.",
            part="tower:D",
            moves=(play("4D", False),),
            after="Black put a hidden card on its spades tower, facing your hidden 4, and did not declare a battle. You are asked next.",
            replies=(play("5S", False), DECLINE),
        ),
        Step(
            "Let this battle pass: choose No battle.",
            part="decision",
            moves=(DECLINE,),
            hint="You need not fight: your 4 is hidden, and so is Black's card, which may be higher.",
            after="Neither of you declared, so nothing was turned up and Black's turn ended.",
        ),
        Step(
            "Play the 3♦ on diamonds. Both top cards of that lane are face down, so it must go face up.",
            part="lane:D",
            moves=(play("3D"),),
            hint="When your tower's top card and the facing top card are both hidden, an army card goes face up.",
            after="You are offered a battle: your 3♦ against Black's hidden card.",
        ),
        Step(
            "A 3 is weak: choose No battle.",
            part="decision",
            moves=(DECLINE,),
            after="You passed, Black passed too, and your turn ended. Black then discarded a card instead of playing one.",
            replies=(DECLINE, discard("6S")),
        ),
        Step(
            "Play the A♥, an Assassin, on your hearts tower.",
            part="hand-card:AH",
            moves=(play("AH"),),
            hint="An Assassin removes the top card of the tower it faces, hidden or not, then counts as a 1.",
            after="The Assassin sent Black's 2♣ to its discard pile. Your hearts tower is three cards high.",
            replies=(discard("7C"),),
        ),
        Step(
            "Discard the J♥.",
            part="hand-card:JH",
            moves=(discard("JH"),),
            hint="Instead of playing, you may discard a card and draw. Choose the J♥, then Discard.",
            after="A Knave on your own tower is a risk: if it is ever seen, the whole tower goes. You drew a new card.",
            replies=(discard("4S"),),
        ),
        Step(
            "Play the 2♥ face up on hearts: the tower reaches four.",
            part="tower:H",
            moves=(play("2H"),),
            after="Four cards on hearts. Black could not stop it this turn.",
            replies=(discard("AS"),),
        ),
        Step(
            "Play the 7♥ on hearts for the fifth card.",
            part="tower:H",
            moves=(play("7H"),),
            after="Five cards on your hearts tower at the end of your turn: you win the game.",
        ),
    ),
)
