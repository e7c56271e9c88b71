"""The computer's levels, by name, without importing the computer.

The new-game and embed menus, the computer's budgets (``tabletop.ai.levels``) and the bots
(``tabletop.sim.players``) all read this one tuple (``random`` also exists, for tests and the
balance lab).
"""

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""The levels a seat can be given, weakest first."""
