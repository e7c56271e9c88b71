"""Who won: the tie-break chain of the rulebook, each step named in the result.

1. more standing pyramids on the board;
2. tied: the LOWER total pips of standing pyramids (the bolder army wins);
3. still tied: the higher total pips of enemy pyramids lying destroyed;
4. still tied: a draw.
Obstacles belong to nobody and count for neither side.
"""

from __future__ import annotations

from tabletop.engine.outcome import Outcome
from tabletop.games.war_of_the_worlds.facts import ALIENS, HUMANS, SEAT_NAMES
from tabletop.games.war_of_the_worlds.state import State

END_REASONS = {
    "full-board": "all 27 cells are occupied",
    "stalled": "no pyramid was placed for 10 turns in a row",
    "supplies": "both supplies are used up",
}


def tally(state: State) -> dict[str, list[int]]:
    """Per side: standing pyramids, their pips, and pips of ENEMY pyramids lying destroyed."""
    standing, pips, lying_pips = [0, 0], [0, 0], [0, 0]
    for side, size, up in zip(state.side, state.size, state.up):
        if side not in (ALIENS, HUMANS):
            continue
        if up:
            standing[side] += 1
            pips[side] += size
        else:
            lying_pips[side] += size
    return {
        "standing": standing,
        "standing_pips": pips,
        "destroyed_enemy_pips": [lying_pips[HUMANS], lying_pips[ALIENS]],
    }


def final_outcome(state: State, ended_by: str = "full-board") -> Outcome:
    """Apply the tie-break chain; ``reason`` and ``details["step"]`` name the deciding step
    (``why`` says the same without naming the winner)."""
    t = tally(state)
    a, h = SEAT_NAMES
    standing, pips, destroyed = t["standing"], t["standing_pips"], t["destroyed_enemy_pips"]
    details = dict(t, ended_by=ended_by)
    ending = END_REASONS[ended_by]

    def result(winner: int | None, step: str, reason: str, why: str) -> Outcome:
        winners = () if winner is None else (winner,)
        return Outcome(
            winners,
            f"The game is over: {ending}. {reason}",
            tuple(float(s) for s in standing),
            dict(details, step=step),
            why=f"{ending[0].upper()}{ending[1:]}{why}",
        )

    if standing[0] != standing[1]:
        w = 0 if standing[0] > standing[1] else 1
        return result(
            w,
            "standing",
            f"{SEAT_NAMES[w]} win with more standing pyramids ({a} {standing[0]}, {h} {standing[1]}).",
            ", and more of their pyramids stand.",
        )
    tied = f"Both sides have {standing[0]} standing pyramids"
    if pips[0] != pips[1]:
        w = 0 if pips[0] < pips[1] else 1
        how = f"fewer pips standing ({a} {pips[0]}, {h} {pips[1]})"
        return result(w, "standing-pips", f"{tied}; {SEAT_NAMES[w]} win with {how}.", f". {tied}; theirs have {how}.")
    tied += f" worth {pips[0]} pips"
    if destroyed[0] != destroyed[1]:
        w = 0 if destroyed[0] > destroyed[1] else 1
        how = f"destroyed more enemy pips ({a} {destroyed[0]}, {h} {destroyed[1]})"
        return result(w, "destroyed-pips", f"{tied}; {SEAT_NAMES[w]} win by having {how}.", f". {tied}; they {how}.")
    each = f"each destroyed {destroyed[0]} enemy pips"
    return result(None, "draw", f"{tied}, and {each}: a draw.", f". {tied}, and {each}.")
