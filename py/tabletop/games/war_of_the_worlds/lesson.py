"""The guided first game of The War of the Worlds (``engine/lesson.py`` says how a lesson runs).

The learner commands the Aliens from the set-up; the Humans' replies are scripted. In three
turns the lesson shows what a newcomer cannot read off the board: a turn's three steps (numbered as
the table numbers them: place, the war machine's coaster, the move), that
the arrows on a cell are the roads a pyramid may take (not buttons), that only a pyramid of the
size just placed (or an obstacle) may move, what makes a pyramid fall (the Humans' small in the
F3 corner, surrounded and outgunned), and a war machine turning its coaster, arrows and all.

Parts outlined (named by ``ui/render/war_of_the_worlds``): ``board``, ``cell:<name>``,
``supply:aliens``, ``coaster-turn``, ``coaster-done``, ``score``.
"""

from __future__ import annotations

from tabletop.engine.lesson import Lesson, Step

GOAL = "Have more pyramids standing than the Humans when all 27 cells of the board are full."

OBSTACLE_STEPS_AFTER_THE_WAR_MACHINE = (
    {"kind": "step", "source": "B1", "target": "C1"},
    {"kind": "step", "source": "B1", "target": "B2"},
    {"kind": "step", "source": "B1", "target": "A1"},
    {"kind": "step", "source": "E2", "target": "E1"},
    {"kind": "step", "source": "E2", "target": "F2"},
    {"kind": "step", "source": "C6", "target": "C5"},
)

LESSON = Lesson(
    game="war-of-the-worlds",
    goal=GOAL,
    seed=1,
    learner=0,
    steps=(
        Step(
            "You command the Aliens (green) against the Humans (yellow). The Earth is three square coasters "
            "laid out as an L, 27 cells in all; the three black pyramids are obstacles, nobody's. A turn has "
            "three steps: place a pyramid, turn its coaster (after a large only), move a pyramid along an arrow.",
            part="board",
        ),
        Step(
            "Step 1 of 3, place: put one pyramid from your supply on any empty cell. Small is worth 1 pip, "
            "medium 2, large 3. Place a medium on D3.",
            part="cell:D3",
            moves=({"kind": "place", "size": "medium", "cell": "D3"},),
            hint="Medium is already chosen in your supply: choose the cell D3.",
            after="Your medium stands on D3. Look at its cell: the triangles on its edges are arrows.",
        ),
        Step(
            "Step 3 of 3, move: the arrows on a cell are roads, not buttons. A pyramid may slide one cell "
            "along an arrow of the cell it stands on, onto an empty cell. Only your pyramids of the size you "
            "just placed may move (not the one you placed), or any obstacle. You have no other medium, so move "
            "an obstacle: the one on B2 has an arrow up. Move it to B1.",
            part="cell:B2",
            moves=({"kind": "step", "source": "B2", "target": "B1"},),
            hint="The obstacle on B2 is already picked: choose B1.",
            after="Nothing was surrounded, so nothing fell and your turn ended. The Humans placed a small on F3 and moved "
            "the obstacle from B5 to B6 (on your next turn you may not push it straight back).",
            replies=(
                {"kind": "place", "size": "small", "cell": "F3"},
                {"kind": "step", "source": "B5", "target": "B6"},
            ),
        ),
        Step(
            "After the move, the fall: a pyramid falls when every cell touching it is occupied and its enemies "
            "around it have more pips than its friends around it (it does not defend itself; obstacles count "
            "for nobody). The Humans' small on F3 sits in a corner: only E2, F2 and E3 touch it, and the "
            "obstacle already holds E2.",
            part="cell:F3",
        ),
        Step(
            "Close in: place a medium on F2.",
            part="cell:F2",
            moves=({"kind": "place", "size": "medium", "cell": "F2"},),
            hint="Medium is already chosen in your supply: choose F2.",
            after="Two of F3's three neighbours are taken. E3 is still empty, and it is time to move.",
        ),
        Step(
            "You placed a medium, so your other medium may move now. The cell D3 has an arrow pointing right, "
            "to E3. Move your medium from D3 to E3.",
            part="cell:D3",
            moves=({"kind": "step", "source": "D3", "target": "E3"},),
            hint="Your medium on D3 is already picked: choose E3.",
            after="F3 was surrounded: attack 4 (your two mediums) against defence 0, so the Humans' small fell. "
            "A fallen pyramid lies on its cell for the rest of the game: it still fills the cell but counts for "
            "nothing. The Humans answered with a medium on C3 and moved an obstacle from B6 to C6.",
            replies=(
                {"kind": "place", "size": "medium", "cell": "C3"},
                {"kind": "step", "source": "B6", "target": "C6"},
            ),
        ),
        Step(
            "A large pyramid is a war machine: right after you place one, you may turn its coaster a quarter "
            "turn, move that coaster to another place that keeps the L, or both. Place a large on D1.",
            part="cell:D1",
            moves=({"kind": "place", "size": "large", "cell": "D1"},),
            hint="Large is already chosen in your supply: choose D1.",
            after="Your war machine stands on the top-right coaster, and that coaster may now turn or move.",
        ),
        Step(
            "Turn the top-right coaster a quarter turn clockwise. Everything on it turns with it: the pyramids "
            "and the arrows of its cells.",
            part="coaster-turn",
            moves=({"kind": "rotate", "coaster": 1, "turn": "cw"},),
            hint="Use the clockwise turn button (↻) on the top-right coaster.",
            after="The coaster turned: its pyramids rode along, so they now sit on cells with other names, and "
            "its arrows point new ways. Turning or moving a coaster can also close the ring around a pyramid.",
        ),
        Step(
            "You could also move the coaster, but one change is enough here. Finish with the coaster.",
            part="coaster-done",
            moves=({"kind": "done"},),
            hint="Choose Done.",
            after="Now step 3 of 3, the move: you have no other large, so an obstacle moves.",
        ),
        Step(
            "Move any obstacle one cell along one of its arrows. Which one is your choice.",
            part="board",
            moves=OBSTACLE_STEPS_AFTER_THE_WAR_MACHINE,
            hint="Choose an obstacle that can move (it is lit), then a lit cell its arrows lead to.",
            after="Nothing is surrounded, so nothing falls, and your turn is over.",
        ),
        Step(
            "The war ends when all 27 cells are occupied, standing or fallen. Whoever has more pyramids "
            "standing wins; on a tie, the side with fewer pips standing wins, then the side that destroyed "
            "more enemy pips. You have seen every rule of the standard game: now play one against the computer.",
            part="score",
        ),
    ),
)
