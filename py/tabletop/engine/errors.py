"""The errors a player (or a save file) can provoke, each with a plain message."""


class IllegalMove(ValueError):
    """A move the rules do not allow here; the state it was tried on is unchanged.

    The message is written for a player ("that cell is taken"), not a programmer.
    """


class SaveError(ValueError):
    """A save that cannot be loaded: corrupt, foreign, too new, tampered or too large.

    ``problem`` is a short machine-readable tag (``"corrupt"``, ``"foreign"``,
    ``"version"``, ``"tampered"``, ``"too-large"``, ``"unknown-game"``) so the UI can
    pick its wording; the message names the problem for a person.
    """

    def __init__(self, problem: str, message: str):
        super().__init__(message)
        self.problem = problem
