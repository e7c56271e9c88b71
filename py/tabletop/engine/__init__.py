"""Browser-free core shared by every game.

Nothing here (or in ``tabletop.games``) may import ``js``, ``pyscript`` or
``pyodide``: the rules run and are tested under plain CPython.
"""

from tabletop.engine.errors import IllegalMove, SaveError
from tabletop.engine.outcome import Outcome
from tabletop.engine.rng import Rng

__all__ = ["IllegalMove", "SaveError", "Outcome", "Rng"]
