"""The in-app rules page for The War of the Worlds, in this project's own words.

``GUIDE`` is a list of (heading, paragraphs). A paragraph is a string, or a pair
(rule, reading): the reading is how this edition settles that rule where the rulebook
leaves a gap, shown right under it, so every rule is said once.
"""

from __future__ import annotations

GUIDE: list[tuple[str, list[str | tuple[str, str]]]] = [
    (
        "The idea",
        [
            "Martians have landed. One player commands the Aliens (green), the other the Humans (yellow). "
            "Both drop units onto a small, shifting Earth and try to hem in and overpower the other side's units. "
            "When the Earth is full, the side with more units still standing wins.",
        ],
    ),
    (
        "What is on the table",
        [
            "Earth is made of three Martian Coasters, square boards of 3 by 3 cells, laid out as an L. "
            "The three small dots printed in one corner of each coaster start together at the middle of the L. "
            "Every cell shows one or more arrows along its edges.",
            "Each side has 15 pyramids: 5 small (worth 1 pip), 5 medium (2 pips) and 5 large (3 pips). "
            "Large ones are war machines: Tripods for the Aliens, Battle Tanks for the Humans. "
            "Three black large pyramids are neutral obstacles; one starts on the middle cell of each coaster.",
            "Cells are named by column (A to F, left to right) and row (1 to 6, top to bottom) on the square "
            "the L sits in, so the top-left cell is A1.",
        ],
    ),
    (
        "A turn",
        [
            "The Aliens go first, then the players alternate. A turn has four steps.",
            (
                "1. Place: put one pyramid of any size from your supply on any empty cell.",
                "placing is compulsory while you have a pyramid left.",
            ),
            (
                "2. War machine: if you just placed a large one, you may turn the coaster it stands on a quarter turn "
                "either way, and you may move that coaster to another place where the three again make an L. "
                "You can do both, in either order, or neither. Everything on the coaster travels with it, arrows too.",
                "moving a coaster means lifting it and setting it down, keeping its turn, so that the three coasters "
                "again fill three corners of a square of four while the other two stay where they are. The coaster at "
                "the bend of the L can only go to the empty corner; a coaster at the end of a leg can also go to either "
                "place on the far side of the other leg. The board is then drawn round the new L, so the other two "
                "coasters' cells may change their letters and numbers; the log says so.",
            ),
            (
                "3. Move: slide one of your other standing pyramids of the size you just placed, or any standing "
                "obstacle, one cell in the direction of an arrow on its cell, onto an empty cell. Arrows may lead onto "
                "a neighbouring coaster. You must move if you can; only when no move exists is the step skipped.",
                "the pyramid you just placed may not be the one that moves. An obstacle may not go straight back to "
                "the cell it left during your opponent's turn just before yours; the ban lasts one turn and follows "
                "the cells if their coaster is turned or moved.",
            ),
            "4. Destruction: pyramids that are trapped and outgunned fall (see below). Then your turn ends.",
        ],
    ),
    (
        "Destruction",
        [
            (
                "The neighbours of a cell are the up to eight cells touching it, straight or diagonally, on any coaster. "
                "Depending on where a cell sits, it has 3, 5, 6, 7 or 8 neighbours.",
                "neighbours run across the joins between coasters exactly as if the L were one board, diagonals "
                "included; a cell has only the neighbours that exist on the L.",
            ),
            "A standing pyramid falls when all its neighbours are occupied, by anything, standing or fallen, "
            "and the attack on it is stronger than its defence. Attack: the pips of the standing enemy pyramids "
            "around it. Defence: the pips of the standing friendly pyramids around it; the pyramid does not "
            "defend itself. Obstacles count for neither side. When attack and defence are equal, nothing happens.",
            "An obstacle is attacked by every standing coloured pyramid around it and defended by the standing obstacles next to it.",
            "A fallen pyramid is laid on its side. It stays on its cell for the rest of the game, still filling "
            "that cell, but it never moves again and adds nothing to any attack or defence.",
            (
                "One fall can expose another. When several pyramids could fall, the player whose turn it is picks "
                "which one falls first; then everything is checked again.",
                "destruction is checked only in the destruction step, never halfway through a step: a war machine's "
                "coaster can be turned and moved before anything falls. When exactly one pyramid can fall, it falls by "
                "itself; when several can, only those that meet the rule at that moment can be chosen.",
            ),
        ],
    ),
    (
        "The end",
        [
            "The game ends when a turn finishes with all 27 cells occupied. Each side then has 3 pyramids left over.",
            (
                "The side with more standing pyramids wins. If that is equal, the side whose standing pyramids "
                "add up to FEWER pips wins: boldness is rewarded. If that is equal too, the side that has knocked "
                "down more enemy pips wins. Otherwise it is a draw.",
                "each side is credited with the pips of the enemy pyramids lying on the board; fallen obstacles count for nobody.",
            ),
        ],
    ),
    (
        "Tactical game (option)",
        [
            (
                "The whole turn is different: it is a roll of three Treehouse dice, then two actions. Keep two of the "
                "dice and carry out their actions in the order you choose; you may decline either action. There is no "
                "separate place, war machine or move step.",
                "each die face comes up one time in six, and the rolls belong to the game's deal, so a saved game replays "
                "exactly. You choose both dice and their order before acting; a Wild is named when its turn to act comes.",
            ),
            (
                "Tip: place a small or medium pyramid. Hop: place a large pyramid. Swap: turn any one coaster a quarter "
                "turn, or move it to another place that keeps the L. Dig: move one of your standing pyramids one cell "
                "along an arrow. Aim: move a standing obstacle one cell along an arrow. Wild: any one of the other five.",
                "the ban on moving an obstacle straight back covers Aim too.",
            ),
            (
                "Destruction is checked after each action. The game ends like the standard game, or when both supplies run out.",
                "so that every game ends, 10 turns in a row with no pyramid placed (either player's turns, whether or "
                "not a placement was possible) end the game at once, and it is scored as at a full board.",
            ),
        ],
    ),
]
