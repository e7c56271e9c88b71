"""The tremor's phases are public, the generator behind them is not (rules page: "Adding
a piece: the unsteady hand"; audit: SplitMix64 outputs are invertible, so a phase made straight
from one output gave away the seed and every hidden card).

The attack tested here is the auditor's: read the top 53 bits of a generator output
off the first shown phase, try the 2**11 missing low bits, undo SplitMix64's mixing,
and keep the state whose next output reproduces the second shown phase."""

import math

from tabletop.engine.rng import GOLDEN_GAMMA, MASK64, Rng
from tabletop.games.tower_war import hand
from tabletop.games.tower_war.views import view

from .positions import play_game, random_bot, skilled_bot

M1, M2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
NEAR = 40  # generator outputs compared on each side of the pick-up


def _unxorshift(z: int, k: int) -> int:
    x = z
    for _ in range(64 // k + 1):
        x = z ^ (x >> k)
    return x & MASK64


def unmix(out: int) -> int:
    """The SplitMix64 state that produced ``out`` (the finaliser is a bijection)."""
    z = _unxorshift(out, 31)
    z = (z * pow(M2, -1, 1 << 64)) & MASK64
    z = _unxorshift(z, 27)
    z = (z * pow(M1, -1, 1 << 64)) & MASK64
    return _unxorshift(z, 30)


def top53(phase: float) -> int:
    return round(phase / (2 * math.pi) * (1 << 53))


def recover_state(p1: float, p2: float) -> int | None:
    """The auditor's inversion: a generator state consistent with both phases, if any."""
    high = top53(p1)
    for low in range(1 << 11):
        state = unmix((high << 11) | low)
        if abs(Rng(state).unit() * 2 * math.pi - p2) < 1e-12:
            return state
    return None


def pick_ups(seeds, bot):
    """(generator state just before the pick-up, phases every view shows) over whole games."""
    found = []
    for seed in seeds:
        trail = []
        play_game(seed, bot, options={"advanced_draft": seed % 2 == 0}, on_state=trail.append)
        for before, after in zip(trail, trail[1:]):
            if after.held is not None and before.held is None:
                shown = {tuple(view(after, seat)["held"]["phases"]) for seat in (0, 1, None)}
                assert len(shown) == 1, "every seat sees the same tremor"
                found.append((before.rng.state, shown.pop()))
    return found


def test_no_shown_phase_is_a_raw_generator_output_near_its_pick_up():
    found = pick_ups(range(4), skilled_bot)
    assert len(found) >= 40
    for state, phases in found:
        g = Rng((state - NEAR * GOLDEN_GAMMA) & MASK64)
        nearby = {g.next_u64() >> 11 for _ in range(2 * NEAR + 1)}
        for p in phases:
            assert 0.0 <= p < 2 * math.pi
            assert not {top53(p) - 1, top53(p), top53(p) + 1} & nearby, "a phase is a raw generator output"


def test_the_auditors_inversion_finds_no_generator_state():
    found = pick_ups([7], random_bot)[:4]
    assert found
    for _state, (p1, p2, *_calm) in found:
        assert recover_state(p1, p2) is None
    # the attack itself works against phases made straight from the generator
    g = Rng(424242)
    p1, p2 = g.unit() * 2 * math.pi, g.unit() * 2 * math.pi
    assert recover_state(p1, p2) == (424242 + GOLDEN_GAMMA) & MASK64


def test_the_phases_stay_a_deterministic_function_of_the_generator():
    assert hand.draw_phases(Rng(31)) == hand.draw_phases(Rng(31)) != hand.draw_phases(Rng(32))
    g = Rng(31)
    assert hand.draw_phases(g) == hand.phases_from((Rng(31).next_u64(), Rng(31 + GOLDEN_GAMMA).next_u64()))
    # two outputs taken, as before the hash: the rest of the game's chance is unchanged
    assert g == Rng((31 + 2 * GOLDEN_GAMMA) & MASK64)
    first = pick_ups([3], skilled_bot)
    assert first == pick_ups([3], skilled_bot)
