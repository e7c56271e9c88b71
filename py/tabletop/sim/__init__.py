"""Games played by the computer: one decision for any game (``decisions``), the bots of tests
and benchmarks (``players``), many games in a row (``simulate``, the designers' CLI), the balance
lab (``lab``) and think-time figures (``timing``). It sits above the games and the search
library, and below the browser side.
"""
