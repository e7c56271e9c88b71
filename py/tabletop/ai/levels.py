"""The computer's levels, and how much thinking each may do.

A level's work is counted in *iterations* (search iterations, or positions
evaluated), so the same seed gives the same decision on any machine; a *time cap*
stops thinking early on a slow device (it is far above what the iteration budget
needs on CPython, so tests and simulations never meet it).

>>> BUDGETS["hard"].iterations > BUDGETS["normal"].iterations > BUDGETS["easy"].iterations
True
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    """How long a level may think about one decision."""

    iterations: int
    time_cap: float | None = None  # seconds of thinking at most; None: no cap

    def capped(self, time_cap: float | None) -> Budget:
        return Budget(self.iterations, time_cap)


BUDGETS: dict[str, Budget] = {
    "easy": Budget(40, 0.5),
    "normal": Budget(250, 1.0),
    "hard": Budget(1000, 3.0),
}
"""Defaults for a game whose ``ai`` module names none (the shared tree search's iterations)."""

ANSWERS: dict[str, str] = {
    "easy": "It answers at once.",
    "normal": "It answers in a blink (a few hundredths of a second; at most about half a second on a tablet).",
    "hard": "It usually answers within a second or two on a mid-range tablet and never thinks longer than three seconds.",
}
"""How fast each level answers, said once: the help (``GUIDE``) and the balance lab (``DESCRIPTIONS``) both use it."""

DESCRIPTIONS: dict[str, str] = {
    "random": "Picks any legal move at random (for tests and the balance lab).",
    "easy": "Plays sensibly but makes human mistakes: it looks only at what its move does straight away and now and then "
    "picks a lesser move. " + ANSWERS["easy"],
    "normal": "Thinks ahead a little before each decision. " + ANSWERS["normal"],
    "hard": "Searches far more than normal and weighs your replies. " + ANSWERS["hard"],
}

GUIDE: tuple[str, list[str]] = (
    "Playing against the computer",
    [
        "Any seat can be given to the computer on the new-game screen, in every game and in any mix (Towers of Wyoming: "
        "one person against three computers, or two people and two computers). The computer sees exactly what a player "
        "in its seat would see: its own cards, never yours, and never the order of a stock. To play around what it cannot "
        "see, it deals the hidden cards many different ways and looks for the move that does best over all those deals.",
        "Easy plays sensibly but makes human mistakes: it judges a move by what it does at once and now and then takes a "
        "lesser move or overlooks a threat. " + ANSWERS["easy"],
        "Normal thinks ahead: in the card games it deals the hidden cards 40 ways and plays each deal on a few turns; in "
        "The War of the Worlds it weighs every way to finish its turn. It beats a player who moves at random in 89-100 % "
        "of games. " + ANSWERS["normal"],
        "Hard searches far more (600 to 800 deals in the card games; in The War of the Worlds it also checks its best "
        "twelve turns against your best answer) and beats normal in most games. " + ANSWERS["hard"],
        "While the computer thinks, the banner says so and the page stays usable: you can scroll, read the log or leave "
        "the table, and the computer moves when it is done.",
        "The balance lab (below) lets computer players play whole games against each other, for any game, variant and "
        "mix of levels, and shows who won how often.",
    ],
)
"""The app's help section on the computer players (shown on the rules page)."""
