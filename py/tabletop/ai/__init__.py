"""The search library: how a computer looks ahead, for any game, from what a seat may see.

``search`` (a decision made in slices, so the page never freezes), ``mcts`` (tree search over
a game's rules), ``ismcts`` (the same over hidden cards, dealt anew many times), ``turns`` (a
whole turn of several decisions searched as one), ``levels`` (how much each level may think).
It knows no game: the games' own ``ai`` modules build on it, and ``tabletop.sim.decisions``
puts a game and its ``ai`` together into one decision.
"""
