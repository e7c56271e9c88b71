"""Small, seeded strength checks (the 200-game measurements are in the simulate CLI).

Bots think to their iteration budget with no time cap, so these games are the same
on every run and machine: the thresholds cannot flake. Each sample is small, so the
thresholds sit well below the rates the long runs measure.
"""

from __future__ import annotations

from tabletop.simulate import simulate


def level_rate(result: dict, level: str) -> float:
    return result["level_win_rates"][level]


def test_war_of_the_worlds_normal_beats_random():
    r = simulate("war-of-the-worlds", 4, seed=40, levels=["normal", "random"], rotate=True)
    assert level_rate(r, "normal") >= 0.75, r


def test_tower_battle_easy_and_normal_beat_random():
    easy = simulate("tower-battle", 6, seed=50, levels=["easy", "random"], options={"target": 1}, rotate=True)
    assert level_rate(easy, "easy") >= 0.8, easy
    normal = simulate("tower-battle", 2, seed=60, levels=["normal", "random"], options={"target": 1}, rotate=True)
    assert level_rate(normal, "normal") >= 0.5, normal


def test_towers_of_wyoming_normal_wins_a_four_seat_game_against_three_random_players():
    r = simulate("towers-of-wyoming", 3, seed=70, players=4, levels=["normal", "random", "random", "random"])
    assert r["wins"][0] >= 2, r
    easy = simulate("towers-of-wyoming", 8, seed=80, players=4, levels=["easy", "random", "random", "random"])
    assert easy["wins"][0] >= 5, easy


def test_simulate_reports_balance_figures():
    r = simulate("towers-of-wyoming", 6, seed=3, players=3, levels=["easy", "random", "random"], rotate=True)
    for key in (
        "game",
        "games",
        "mean_moves",
        "wins",
        "draws",
        "first_seat_win_rate",
        "ms_per_game",
        "win_rates",
        "draw_rate",
        "first_seat_advantage",
        "level_wins",
        "level_win_rates",
        "think_ms",
    ):
        assert key in r
    assert sum(r["wins"]) + r["draws"] + r["unfinished"] == 6
    assert sum(r["level_wins"].values()) == sum(r["wins"])
    assert abs(sum(r["win_rates"]) + r["draw_rate"] - 1) < 1e-3
    decided = 1 - r["draw_rate"]
    assert abs(r["first_seat_advantage"] - (r["win_rates"][0] - decided / 3)) < 1e-3
    assert r["think_ms"]["easy"]["decisions"] > 0


def test_simulate_is_the_same_whatever_the_number_of_workers():
    one = simulate("war-of-the-worlds", 4, seed=9, levels=["easy", "random"], rotate=True)
    two = simulate("war-of-the-worlds", 4, seed=9, levels=["easy", "random"], rotate=True, jobs=2)
    for key in ("wins", "draws", "mean_moves", "level_wins"):
        assert one[key] == two[key]
