"""The guided first game of Tower War (``engine/lesson.py`` says how a lesson runs).

The learner is Red. The first eight draft rounds are played by the rules before the lesson
starts (``eight_rounds_drafted``: a position the game could reach), so the learner splits in
round 9 and takes in round 10, then fights the first battle: a skirmish lost (a pyramid to
add, by the unsteady hand), a shared suit multiplying, and a tie at 10 points decided by rank.
Blue loses the battle on totals and crowns the tower; the lesson ends as battle 2 begins.

The learner's drop is the one move nobody can make exactly: the step accepts any aim within
``AIM_REACH_MM`` of the card's centre and any hold time (``Step.near``), and Blue's pyramids
and crowning card are placed where they stand wherever the tremor puts the learner's pyramid
(``tests/games/tower_war/test_lesson.py`` replays the rest of the script over that whole range).

Parts outlined (named by ``ui/render/tower_war``): ``draft-cards``, ``piles``, ``hand``,
``pickup``, ``top-card``, ``tower``.
"""

from __future__ import annotations

from tabletop.engine.lesson import Lesson, Step
from tabletop.games.tower_war.moves import Split, Take
from tabletop.games.tower_war.physics import HOLD_MS_MAX
from tabletop.games.tower_war.rules import apply
from tabletop.games.tower_war.state import State

GOAL = "Win battles of cards, and never be the one who makes the tower fall."
SEED = 150
AIM_REACH_MM = 6.0
DRAFTED_BEFORE = 8


def eight_rounds_drafted(state: State) -> State:
    """The first eight draft rounds, played by the rules: the splitter puts the first card dealt
    alone in pile A; Blue takes the four cards when Red splits, Red the lone card when Blue does."""
    while state.round < DRAFTED_BEFORE:
        if state.phase == "split":
            state = apply(state, Split(tuple(state.faceup[:1])))
        else:
            state = apply(state, Take(1 if state.actor == 1 else 0))
    return state


ROUND_9 = ("5H", "6H", "5C", "2S", "2C")
"""The five cards dealt face up in round 9 (the learner puts any one of them alone in pile B)."""

LEARNER_SPLITS = tuple({"kind": "split", "pile": [c for c in ROUND_9 if c != lone]} for lone in ROUND_9)

BLUE_KEEPS = tuple(
    {"kind": "keep", "card": card}
    for card in ("JS", "2D", "10C", "7D", "10D", "9C", "AC", "5D", "QD", "8C", "KS", "JOKER1", "2H", "QC", "9H")
)
"""Blue drafted 37 cards and builds a deck of 15 (Red's 13 all go into Red's deck)."""


def blue_adds(x: float, y: float, hold_ms: int) -> tuple[dict[str, object], ...]:
    """Blue picks up a medium and lets go of it at a calm moment (``hold_ms``) over (x, y)."""
    return ({"kind": "pick_pyramid", "size": "medium"}, {"kind": "drop", "x": x, "y": y, "hold_ms": hold_ms})


LESSON = Lesson(
    game="tower-war",
    goal=GOAL,
    seed=SEED,
    learner=0,
    arrange=eight_rounds_drafted,
    steps=(
        Step(
            "You are Red. Tower War comes in two halves: first you draft a deck of cards, then you fight "
            "battles with it, and every lost fight adds a piece to a shaky tower of cards and pyramids. "
            "Eight rounds of the draft have been played for you; two are left.",
            part="draft-cards",
        ),
        Step(
            "Round 9: five cards lie face up and you split them into two piles. Blue takes one pile and "
            "you get the other, so a good split leaves Blue a hard choice. Put one card of your choice "
            "into pile B; the other four stay in pile A.",
            part="draft-cards",
            moves=LEARNER_SPLITS,
            hint="Choose one card to move it into pile B, then confirm the split.",
            after="Blue took pile A, the four cards, and your lone card went to you face down: nobody sees "
            "their drafted cards until the draft is over. Round 10: Blue split, the A♥ alone in pile A.",
            replies=({"kind": "take", "pile": 0}, {"kind": "split", "pile": ["AH"]}),
        ),
        Step(
            "Now you choose. Pile A holds the A♥ alone; pile B holds four cards, a king and a joker among them. Take pile B.",
            part="piles",
            moves=({"kind": "take", "pile": 1},),
            hint="Choose pile B.",
            after="The draft is over. Of the last four cards, the 7♥ became the base of the tower and three "
            "were set aside. A deck holds at most 15 cards: your 13 all went in, Blue kept 15 of 37. "
            "Battle 1 begins: each player draws three cards, and you lead.",
            replies=BLUE_KEEPS,
        ),
        Step(
            "A battle is three skirmishes. In each, the leader plays a card and the other answers; the "
            "higher value wins the skirmish, and the loser adds a pyramid to the tower. Cards 2 to 9 are "
            "worth their number; 10, J, Q, K and A are worth 10. Lead with the 9♠.",
            part="hand",
            moves=({"kind": "play", "card": "9S", "as_card": None},),
            hint="Play the 9♠ from your hand.",
            after="Blue answered with the J♠, worth 10, so you lost the skirmish: you add a pyramid to the tower.",
            replies=({"kind": "play", "card": "JS", "as_card": None},),
        ),
        Step(
            "The first pyramid on an empty level may be any size; the others on that level must match it. "
            "Once you pick a piece up your hand trembles: a ghost shows where it would land if you let go "
            "now, the sway calms down every few seconds, and after 10 seconds the hand lets go by itself. "
            "Anything that falls from the tower loses the war for whoever made it fall. Pick up a medium.",
            part="pickup",
            moves=({"kind": "pick_pyramid", "size": "medium"},),
            hint="Choose Medium.",
        ),
        Step(
            "Aim at the centre of the card and let go while the Calm light is on.",
            part="top-card",
            moves=({"kind": "drop", "x": 0.0, "y": 0.0, "hold_ms": HOLD_MS_MAX // 2},),
            near={"x": AIM_REACH_MM, "y": AIM_REACH_MM, "hold_ms": HOLD_MS_MAX // 2},
            hint=f"Within {AIM_REACH_MM:g} mm of the centre: press there and lift when Calm shows, or use Let go "
            "here (the aim starts at the centre; arrow keys move it).",
            after="Your pyramid stands on the base card.",
        ),
        Step(
            "Shared suit: a card of a suit you already played this battle is worth its points times the "
            "points of each earlier card of that suit. Play the Q♠: 10 × 9 = 90.",
            part="hand",
            moves=({"kind": "play", "card": "QS", "as_card": None},),
            hint="Play the Q♠.",
            after="Blue's 9♥ lost to your 90, so Blue added a medium: once a level has a pyramid, every pyramid added to it is that size.",
            replies=({"kind": "play", "card": "9H", "as_card": None}, *blue_adds(-26.0, -36.0, 400)),
        ),
        Step(
            "When two cards are both worth 10, rank decides: 10, then J, Q, K and A, the highest. Play the K♣.",
            part="hand",
            moves=({"kind": "play", "card": "KC", "as_card": None},),
            hint="Play the K♣.",
            after="Blue's 10♦ is worth 10 too, and the king outranks the ten: Blue added another medium. "
            "Then the battle totals: yours 100 (the 9♠ now counts 0, the Q♠ 90, the K♣ 10), Blue's 29. "
            "The lower total fills the level to three pyramids and crowns it with one of its battle cards: "
            "Blue laid the 9♥ on top, the floor of level 1.",
            replies=(
                {"kind": "play", "card": "10D", "as_card": None},
                *blue_adds(26.0, -36.0, 1220),
                {"kind": "pick_card", "card": "9H"},
                {"kind": "drop", "x": 0.0, "y": -27.0, "hold_ms": 400},
            ),
        ),
        Step(
            "Battle 2 begins, and Blue leads. The war goes on until someone makes a piece fall, or must add "
            "a pyramid and has none of the level's size left. Two more rules: a card of a rank you already "
            "played this battle is a double, and if it loses, you add no pyramid; a joker copies a card you "
            "played earlier in the battle. Now play a whole war against the computer.",
            part="tower",
        ),
    ),
)
