"""The balance lab's sliced batches and the think-time figures (both browser-free)."""

from __future__ import annotations

from tabletop.sim.lab import Batch
from tabletop.sim.timing import think_times
from tabletop.simulate import simulate


def test_a_lab_batch_in_small_slices_matches_the_simulate_cli():
    batch = Batch("towers-of-wyoming", 3, ["easy", "random", "random"], {}, games=4, seed=1, rotate=True)
    slices = 0
    while not batch.advance(0.0):
        slices += 1
    lab = batch.summary()
    cli = simulate("towers-of-wyoming", 4, seed=1, players=3, levels=["easy", "random", "random"], rotate=True)
    assert slices > 20  # many small steps, not one long one
    for key in ("games", "wins", "draws", "mean_moves", "level_wins", "first_seat_advantage"):
        assert lab[key] == cli[key], key


def test_batches_add_up():
    first = Batch("war-of-the-worlds", 2, ["random", "random"], {}, games=2, seed=5)
    while not first.advance(1.0):
        pass
    second = Batch("war-of-the-worlds", 2, ["random", "random"], {}, games=3, seed=5, tally=first.tally, first_index=2)
    while not second.advance(1.0):
        pass
    assert second.summary()["games"] == 5
    assert second.summary()["wins"] == simulate("war-of-the-worlds", 5, seed=5)["wins"]


def test_think_times_report_medians_and_maxima():
    figures = think_times("tower-battle", "easy", decisions=4)
    assert figures["decisions"] == 4
    assert 0 <= figures["median_ms"] <= figures["p90_ms"] <= figures["max_ms"]
