"""The in-app rules page for The War of the Worlds, in this project's own words."""

from __future__ import annotations

GUIDE: list[tuple[str, list[str]]] = [
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
            "1. Place: put one pyramid of any size from your supply on any empty cell.",
            "2. War machine: if you just placed a large one, you may turn the coaster it stands on a quarter turn "
            "either way, and you may move that coaster to another place where the three again make an L. "
            "You can do both, in either order, or neither. Everything on the coaster travels with it, arrows too.",
            "3. Move: slide one of your other standing pyramids of the size you just placed, or any standing "
            "obstacle, one cell in the direction of an arrow on its cell, onto an empty cell. Arrows may lead onto "
            "a neighbouring coaster. You must move if you can.",
            "4. Destruction: pyramids that are trapped and outgunned fall (see below). Then your turn ends.",
        ],
    ),
    (
        "Destruction",
        [
            "The neighbours of a cell are the up to eight cells touching it, straight or diagonally, on any coaster. "
            "Depending on where a cell sits, it has 3, 5, 6, 7 or 8 neighbours.",
            "A standing pyramid falls when all its neighbours are occupied, by anything, standing or fallen, "
            "and the attack on it is stronger than its defence. Attack: the pips of the standing enemy pyramids "
            "around it. Defence: the pips of the standing friendly pyramids around it; the pyramid does not "
            "defend itself. Obstacles count for neither side. When attack and defence are equal, nothing happens.",
            "An obstacle is attacked by every standing coloured pyramid around it and defended by the standing obstacles next to it.",
            "A fallen pyramid is laid on its side. It stays on its cell for the rest of the game, still filling "
            "that cell, but it never moves again and adds nothing to any attack or defence.",
            "One fall can expose another. When several pyramids could fall, the player whose turn it is picks "
            "which one falls first; then everything is checked again.",
        ],
    ),
    (
        "The end",
        [
            "The game ends when a turn finishes with all 27 cells occupied. Each side then has 3 pyramids left over.",
            "The side with more standing pyramids wins. If that is equal, the side whose standing pyramids "
            "add up to FEWER pips wins: boldness is rewarded. If that is equal too, the side that has knocked "
            "down more enemy pips wins. Otherwise it is a draw.",
        ],
    ),
    (
        "Tactical game (option)",
        [
            "Instead of the war machine step, each turn starts with a roll of three Treehouse dice. "
            "Keep two of them and use them in the order you choose; you may decline either action.",
            "Tip: place a small or medium pyramid. Hop: place a large pyramid. Swap: turn any one coaster a quarter "
            "turn, or move it to another place that keeps the L. Dig: move one of your standing pyramids one cell along an arrow. "
            "Aim: move a standing obstacle one cell along an arrow. Wild: any one of the other five.",
            "Destruction is checked after each action. The game ends like the standard game; it also ends if "
            "no pyramid is placed for 10 turns in a row, or both supplies run out, and is then scored the same way.",
        ],
    ),
    (
        "How this edition reads the rules",
        [
            "Neighbours run across the joins between coasters exactly as if the L were one board, diagonals "
            "included; a cell has only the neighbours that exist on the L.",
            "Placing is compulsory. The size you placed decides which of your pyramids may move in step 3, "
            "but the pyramid you just placed may not be the one that moves. Moving is compulsory whenever some "
            "legal move exists; only when none does is the step skipped.",
            "Moving a coaster means lifting it and setting it down, keeping its turn, so that the three coasters "
            "again fill three corners of a square of four while the other two stay where they are. The coaster at "
            "the bend of the L can only go to the empty corner; a coaster at the end of a leg can also go to either "
            "place on the far side of the other leg. The board is then drawn round the new L, so the other two "
            "coasters' corner names (and their cells' letters and numbers) shift by one place; the log says so. "
            "Turning is a quarter turn either way.",
            "You may not move an obstacle straight back to the cell it left during your opponent's turn just "
            "before yours (in the tactical game this covers Aim too). The ban lasts one turn and follows the cells "
            "if their coaster is turned or moved.",
            "Destruction is checked only in the destruction step (in the tactical game, after each action), "
            "never halfway through an action: a war machine's coaster can be turned and moved before anything falls.",
            "When exactly one pyramid can fall, it falls by itself; when several can, the player to act chooses "
            "them one at a time, and only pyramids that meet the rule at that moment can be chosen.",
            "Pyramids destroyed count for the tie-break by colour: each side is credited with the pips of the "
            "enemy pyramids lying on the board. Fallen obstacles count for nobody.",
            "Tactical game: each die face comes up one time in six, from the game's own seeded dice, so a saved "
            "game replays exactly. You choose both dice and their order before acting; a Wild is named when its "
            "turn to act comes. The ten-turn limit counts turns, either player's, in which no pyramid was placed.",
        ],
    ),
]
