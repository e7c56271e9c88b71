"""The guided first game of Tower War (``engine/lesson.py`` says how a lesson runs).

The learner is Red. The first eight draft rounds are played by the rules before the lesson
starts (``eight_rounds_drafted``: a position the game could reach), so the learner splits in
round 9 and takes in round 10, then fights the first battle: a skirmish lost (a pyramid to
add, by the unsteady hand), a shared suit multiplying, and a tie at 10 points decided by rank.
Blue adjusts the learner's pyramid before adding its own, loses the battle on totals and crowns
the tower.

Then the hard part. In battle 2 Red wins all three skirmishes, so Blue builds level 1, yet Red's
total is lower: the learner lays a card across the three pyramids, where its balance point must
stay inside their triangle. In battle 3 Blue lets go of a small pyramid while its hand shakes; it
lands on the base of the one already there and falls, and that fall loses Blue the war. The
round-9 split is one card (the 5♥) because the hands of battle 2 follow from it.

The learner's drops are the moves nobody can make exactly: each step accepts an aim near the
card's centre (``Step.near``). The pyramid on the base card is taken at any hold time; Blue then
moves it (``BLUE_ADJUSTS``), so the tower goes on the same wherever it landed. The card is taken
only while the hand is calm (``CARD_CALMS``: every calm of the grip; the hold is ``Step.timed``),
since its full sway at that height (about 15 mm) could carry it off its tripod. Everything else
is exact: the engine is deterministic from the seed and the moves, so Blue's pieces land where
the script says (at calm moments, but for ``BLUE_SHAKES``) and the fall in battle 3 happens on
every branch (``tests/games/tower_war/test_lesson.py`` replays the rest of the script over each range).

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
CARD_AIM_REACH_MM = 4.0  # the card's tripod is a smaller target than the base card
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
"""The five cards dealt face up in round 9 (the learner puts the 5♥ alone in pile B)."""

LEARNER_SPLIT = {"kind": "split", "pile": [c for c in ROUND_9 if c != "5H"]}

BLUE_KEEPS = tuple(
    {"kind": "keep", "card": card} for card in ("JS", "2D", "10C", "6D", "10D", "9C", "AC", "5D", "QD", "3S", "KS", "JC", "2H", "8D", "9H")
)
"""Blue drafted 37 cards and builds a deck of 15 (Red's 13 all go into Red's deck). The shuffle
deals Blue the J♠, 9♥, 10♦ in battle 1, the J♣, 6♦, 8♦ in battle 2 and the 5♦, 3♠, 9♣ in battle 3."""

CARD_AIM = (0.4, 0.5)
"""The centre of level 1's tripod (the top card's frame, mm): where the aim starts for the card."""

CARD_CALMS = (1090, 3490, 5890, 8290)
CALM_REACH_MS = 349
"""The calms of the hand that holds the learner's card (its phases follow from the seed and the
moves): each lasts 700 ms, from 741 ms after the first press, then every 2400 ms."""


def blue_adds(x: float, y: float, hold_ms: int, size: str = "medium") -> tuple[dict[str, object], ...]:
    """Blue picks up a pyramid and lets go of it after ``hold_ms`` over (x, y): at a calm moment,
    but for the last one (``BLUE_SHAKES``)."""
    return ({"kind": "pick_pyramid", "size": size}, {"kind": "drop", "x": x, "y": y, "hold_ms": hold_ms})


def play(card: str) -> dict[str, object]:
    return {"kind": "play", "card": card, "as_card": None}


BLUE_ADJUSTS = ({"kind": "lift_pyramid", "index": 0}, {"kind": "drop", "x": 0.0, "y": 22.0, "hold_ms": 2533})
"""Blue lifts the learner's pyramid off the base card and sets it at the top end. It also makes
the rest of the lesson exact: the learner's drop may land anywhere within reach of the centre,
and a tower built on that spot would tip one way or another; from here every piece stands where
the script puts it."""

BLUE_SHAKES = blue_adds(16.0, -2.0, 3000, "small")
"""Blue aims its second small pyramid just clear of the first (16 mm apart, their bases 15 mm
wide) but lets go 3 s into the hold, while its hand sways 10 mm to the left: it lands on the
first one's base and falls. Small pyramids weigh little, so the cards under them stay up and the
fall is that pyramid's alone on every branch."""


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
            "you get the other, so a good split leaves Blue a hard choice. Here, put the 5♥ alone into "
            "pile B; the other four stay in pile A.",
            part="draft-cards",
            moves=(LEARNER_SPLIT,),
            hint="Choose the 5♥ to move it into pile B, then confirm the split.",
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
            "Aim at the centre of the card. Your hand starts to sway at your first press: press and hold "
            "on the card, and every 2.4 seconds the sway calms for a moment and the light turns Calm. "
            "Let go then.",
            part="top-card",
            moves=({"kind": "drop", "x": 0.0, "y": 0.0, "hold_ms": HOLD_MS_MAX // 2},),
            near={"x": AIM_REACH_MM, "y": AIM_REACH_MM, "hold_ms": HOLD_MS_MAX // 2},
            hint=f"Within {AIM_REACH_MM:g} mm of the centre: press and hold there, and lift when the light says "
            "Calm. Or press an arrow key to start the hand (the aim starts at the centre), then Space or Let go here.",
            after="Your pyramid stands on the base card.",
        ),
        Step(
            "Shared suit: a card of a suit you already played this battle is worth its points times the "
            "points of each earlier card of that suit. Play the Q♠: 10 × 9 = 90.",
            part="hand",
            moves=({"kind": "play", "card": "QS", "as_card": None},),
            hint="Play the Q♠.",
            after="Blue's 9♥ lost to your 90, so Blue added a pyramid. First Blue adjusted: whoever adds a "
            "piece may first lift any pyramid of the top level that no card covers yet and set it down "
            "again, up to three times. Blue moved your pyramid to the top end of the card, making room for "
            "a wide tripod, then put a medium at the lower left: once a level has a pyramid, every pyramid "
            "added to it is that size.",
            replies=(play("9H"), *BLUE_ADJUSTS, *blue_adds(-22.0, -36.0, 3966)),
        ),
        Step(
            "When two cards are both worth 10, rank decides: 10, then J, Q, K and A, the highest. Play the K♣.",
            part="hand",
            moves=(play("KC"),),
            hint="Play the K♣.",
            after="Blue's 10♦ is worth 10 too, and the king outranks the ten: Blue added another medium. "
            "Then the battle totals: yours 100 (the 9♠ now counts 0, the Q♠ 90, the K♣ 10), Blue's 29. "
            "The lower total fills the level to three pyramids and crowns it with one of its battle cards: "
            "Blue laid the 9♥ on top, the floor of level 1. Battle 2 begins, and Blue leads: the J♣.",
            replies=(
                play("10D"),
                *blue_adds(22.0, -36.0, 2714),
                {"kind": "pick_card", "card": "9H"},
                {"kind": "drop", "x": 0.0, "y": -12.0, "hold_ms": 2756},
                play("JC"),
            ),
        ),
        Step(
            "Answer the J♣ with the Q♥: both are worth 10, and the queen outranks the jack.",
            part="hand",
            moves=(play("QH"),),
            hint="Play the Q♥.",
            after="Blue lost, so Blue added a pyramid to level 1, at the top end of the 9♥. Blue leads the 6♦.",
            replies=(*blue_adds(0.0, 24.0, 2810), play("6D")),
        ),
        Step(
            "Answer the 6♦ with the 7♣.",
            part="hand",
            moves=(play("7C"),),
            hint="Play the 7♣.",
            after="Blue lost again and added a second pyramid, at the lower left of the 9♥. Blue leads the 8♦.",
            replies=(*blue_adds(-20.0, -12.0, 3642), play("8D")),
        ),
        Step(
            "Blue's 8♦ shares its suit with Blue's 6♦: 8 × 6 = 48. Your 5♥ shares its suit with your Q♥: 5 × 10 = 50. Play the 5♥.",
            part="hand",
            moves=(play("5H"),),
            hint="Play the 5♥.",
            after="Your 50 beat Blue's 48, and Blue added the third pyramid of level 1. You won all three "
            "skirmishes, yet the battle goes by totals: yours 57 (the Q♥ now counts 0, the 7♣ 7, the 5♥ "
            "50), Blue's 58 (the J♣ 10, the 6♦ 0, the 8♦ 48). The lower total crowns the level: your turn.",
            replies=blue_adds(20.0, -12.0, 4425),
        ),
        Step(
            "Level 1 holds its three pyramids, so you lay one of your battle cards across them: it "
            "rests on their three tips. Pick up the Q♥.",
            part="pickup",
            moves=({"kind": "pick_card", "card": "QH"},),
            hint="Choose the Q♥.",
        ),
        Step(
            "A card stays up only while its balance point, the centre of its weight and of everything "
            "later put on it, lies inside the triangle of the three tips, 1 mm in at least. The aim "
            "starts at the triangle's centre. A card this high sways about 15 mm, enough to miss: "
            "press and hold on the card first, watch the light, and let go while it says Calm.",
            part="top-card",
            moves=tuple({"kind": "drop", "x": CARD_AIM[0], "y": CARD_AIM[1], "hold_ms": hold} for hold in CARD_CALMS),
            near={"x": CARD_AIM_REACH_MM, "y": CARD_AIM_REACH_MM, "hold_ms": CALM_REACH_MS},
            timed=("hold_ms",),
            hint=f"Within {CARD_AIM_REACH_MM:g} mm of the centre: press and hold there, and lift when the light "
            "turns Calm (every 2.4 s). With keys: press an arrow key to start the hand, then Space while Calm.",
            after="Your Q♥ rests on the tripod, its balance point well inside the triangle: the floor of "
            "level 2. Battle 3 begins, and you lead.",
        ),
        Step(
            "Lead with the 6♣.",
            part="hand",
            moves=(play("6C"),),
            hint="Play the 6♣.",
            after="Blue's 5♦ lost, and Blue set a small pyramid on your Q♥, letting go at a calm moment.",
            replies=(play("5D"), *blue_adds(0.0, -2.0, 2350, "small")),
        ),
        Step(
            "Lead with the 4♥.",
            part="hand",
            moves=(play("4H"),),
            hint="Play the 4♥.",
            after="Blue's 3♠ lost, and Blue added a second small pyramid. It aimed just clear of the first "
            "one, but let go while its hand was shaking: the pyramid landed 10 mm to the left, on the "
            "first one's base, and fell.",
            replies=(play("3S"), *BLUE_SHAKES),
        ),
        Step(
            "That fall cost Blue the war: whoever makes any pyramid or card fall loses at once, "
            "whatever the battles said. So take your time, and let go while the hand is calm. Two rules "
            "this lesson did not show: a card of a rank you already played this battle is a double, and if "
            "it loses you add no pyramid; a joker copies a card you played earlier in the battle. Now play "
            "a whole war against the computer.",
            part="tower",
        ),
    ),
)
