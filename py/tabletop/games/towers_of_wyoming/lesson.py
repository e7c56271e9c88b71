"""Learn to play Towers of Wyoming: one short two-player game as Ann against a scripted Ben
(engine/lesson.py).

The draw pile is stacked (``arrange``) so that in six turns of Ann's every core rule shows: any
suit starts a tower on your own empty foundation, more cards of a tower's suit build it up, the
opposing suit knocks a tower down card for card (your own towers too), a knock-down by exactly
as many cards empties the foundation, one by more leaves the extra cards as a tower of the
attacker's suit, and a tower taller than the Settling Sky wins. The parts named here are drawn by
ui/render/towers_of_wyoming.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.lesson import Lesson, Step
from tabletop.games.towers_of_wyoming.facts import CLUBS, DIAMONDS, HEARTS, PER_SUIT, SPADES

ANN, BEN = 0, 1
LETTER = {"C": CLUBS, "D": DIAMONDS, "H": HEARTS, "S": SPADES}

# What each hand holds, then what each turn draws, in the order the turns come (suits only matter).
ANN_HAND = "SSSSDDC"
BEN_HAND = "HHHHHCC"
DRAWS = (
    "SSSS",  # Ann, turn 2
    "DDD",  # Ben, turn 2
    "DDDH",  # Ann, turn 3
    "CC",  # Ben, turn 3
    "SS",  # Ann, turn 4
    "CC",  # Ben, turn 4
    "SSS",  # Ann, turn 5
    "CC",  # Ben, turn 5
    "SSSSS",  # Ann, turn 6
)


def arrange(state: Any) -> Any:
    """Deal the hands above and stack the draws on top of the rest of the deck (the rest in order)."""
    s = state.copy()
    unused = {suit: list(range(suit * PER_SUIT, (suit + 1) * PER_SUIT)) for suit in range(4)}

    def take(letters: str) -> list[int]:
        return [unused[LETTER[letter]].pop(0) for letter in letters]

    s.hands = [sorted(take(ANN_HAND)), sorted(take(BEN_HAND))]
    drawn = [card for letters in DRAWS for card in take(letters)]
    rest = [card for suit in range(4) for card in unused[suit]]
    s.draw = rest + drawn[::-1]  # the top of the pile is the end of the list
    return s


def play(suit: str, count: int, owner: int, foundation: int) -> dict[str, Any]:
    return {"kind": "play", "suit": suit, "count": count, "owner": owner, "foundation": foundation}


LESSON = Lesson(
    game="towers-of-wyoming",
    goal="Be the first to end a turn with a tower taller than the number of pennies left in the Settling Sky.",
    seed=1872,
    learner=ANN,
    names=("Ann", "Ben"),
    arrange=arrange,
    steps=(
        Step(
            "You are Ann, playing against Ben. The Settling Sky holds 10 pennies: a tower of 11 cards or more at the end of a turn wins.",
            part="sky",
            hint="Each time the draw pile runs out, a penny leaves the Sky and the discard pile is shuffled into a "
            "new draw pile, so the winning height drops as the game goes on.",
        ),
        Step(
            "These are your two foundations, where your towers will stand. A tower holds one suit only; ranks never matter.",
            part="foundations:0",
            hint="At the start of each turn you draw until you hold 7 cards.",
        ),
        Step(
            "Start a tower: play your 4 spades on your first foundation.",
            part="hand-suit:S",
            moves=(play("S", 4, ANN, 0),),
            hint="Choose your fourth spade: it and the spades before it are picked. Then choose your lit first "
            "foundation and press Confirm.",
            after="Any suit may start a tower on one of your own empty foundations. Ben started a heart tower "
            "of 3 on his first foundation.",
            replies=(play("H", 3, BEN, 0),),
        ),
        Step(
            "This panel shows which suits knock each other down: spades and hearts, clubs and diamonds.",
            part="opposition",
            hint="Playing a tower's opposing suit onto it takes it down card for card, whoever owns it: yours too.",
        ),
        Step(
            "Play 4 spades onto Ben's heart tower.",
            part="foundation:1:0",
            moves=(play("S", 4, BEN, 0),),
            hint="Choose your fourth spade, then the lit heart tower and press Confirm (or the play listed under "
            "your hand, which plays at once).",
            after="Your 4 spades took the 3 hearts down card for card: both went to the discard pile, and the one "
            "spade left over now stands as a tower on Ben's foundation. Ben started a club tower of 2.",
            replies=(play("C", 2, BEN, 1),),
        ),
        Step(
            "Diamonds knock down clubs. Play exactly 2 diamonds onto Ben's club tower.",
            part="foundation:1:1",
            moves=(play("D", 2, BEN, 1),),
            after="Two for two: the club tower is gone and Ben's foundation is empty again. Ben struck back with "
            "2 hearts on your spade tower, which fell from 4 cards to 2.",
            replies=(play("H", 2, ANN, 0),),
        ),
        Step(
            "Start a second tower: play 3 diamonds on your empty second foundation.",
            part="foundation:0:1",
            moves=(play("D", 3, ANN, 1),),
            after="Two towers spread the risk. Ben knocked your diamond tower down to 1 with 2 clubs.",
            replies=(play("C", 2, ANN, 1),),
        ),
        Step(
            "Build up: play 5 spades onto your own spade tower.",
            part="foundation:0:0",
            moves=(play("S", 5, ANN, 0),),
            hint="More cards of a tower's suit make it taller: your 2 spades become 7.",
            after="Your spade tower is 7 high. Ben built a club tower of 4 on his empty foundation.",
            replies=(play("C", 4, BEN, 1),),
        ),
        Step(
            "Play 5 more spades on your spade tower: 12 cards beat the Sky's 10 pennies.",
            part="foundation:0:0",
            moves=(play("S", 5, ANN, 0),),
            hint="If none of your cards could go anywhere, you would have to discard one instead.",
            after="Your tower of 12 is taller than the 10 pennies in the Sky at the end of your turn: you win.",
        ),
    ),
)
