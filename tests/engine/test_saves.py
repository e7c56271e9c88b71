"""Save files: every kind of bad input gets a SaveError naming the problem."""

import json

import pytest

from tabletop.engine.errors import SaveError
from tabletop.engine.saves import MAX_SAVE_BYTES, MIGRATIONS, VERSION, migrate, new_save, parse_save, replay
from tabletop.games import GAMES

WOTW = GAMES["war-of-the-worlds"]


def good_save(moves: int = 3) -> dict:
    state = WOTW.new_game(2, None, 9)
    played = []
    for _ in range(moves):
        move = WOTW.legal_moves(state)[0]
        played.append(WOTW.move_to_json(move))
        state = WOTW.apply(state, move)
    return new_save("war-of-the-worlds", {}, ["Ana", "Ben"], 9, played)


def problem(data) -> str:
    with pytest.raises(SaveError) as err:
        save = parse_save(data, GAMES)
        replay(GAMES[save["game"]], save)
    return err.value.problem


def test_a_good_save_replays_to_the_same_state():
    save = parse_save(json.dumps(good_save()), GAMES)
    assert WOTW.view(replay(WOTW, save), None) == WOTW.view(replay(WOTW, good_save()), None)


def test_truncated_and_corrupt_files():
    text = json.dumps(good_save())
    assert problem(text[: len(text) // 2]) == "corrupt"
    assert problem("\x00\x01 not json") == "corrupt"
    assert problem(json.dumps(dict(good_save(), seats="Ana"))) == "corrupt"
    assert problem(json.dumps(dict(good_save(), moves={"a": 1}))) == "corrupt"
    assert problem(json.dumps(dict(good_save(), seed="nine"))) == "corrupt"


def test_foreign_and_unknown_game_files():
    assert problem(json.dumps({"hello": "world"})) == "foreign"
    assert problem(json.dumps([1, 2, 3])) == "foreign"
    assert problem(json.dumps(dict(good_save(), game="chess"))) == "unknown-game"


def test_tampered_moves_name_the_move():
    save = good_save()
    save["moves"].append(save["moves"][0])  # the first cell is taken by now
    with pytest.raises(SaveError) as err:
        replay(WOTW, parse_save(json.dumps(save), GAMES))
    assert err.value.problem == "tampered" and "move 4" in str(err.value)


def test_oversized_files_are_refused_before_parsing():
    assert problem(" " * (MAX_SAVE_BYTES + 1)) == "too-large"


def test_newer_versions_are_refused_and_older_ones_migrate(monkeypatch):
    assert problem(json.dumps(dict(good_save(), version=VERSION + 1))) == "version"
    # Pretend the format moved on to version 2, which renamed "seed" to "deal".
    from tabletop.engine import saves

    old = dict(good_save(), version=1)
    monkeypatch.setattr(saves, "VERSION", 3)
    monkeypatch.setitem(MIGRATIONS, 2, lambda s: dict(s, version=3, deal=s["seed"]))
    upgraded = migrate(old)
    assert upgraded["version"] == 3 and upgraded["deal"] == 9


def test_names_are_trimmed_plain_text():
    save = parse_save(json.dumps(dict(good_save(), seats=[{"name": "  <b>Ana</b>  " + "x" * 80}, {"name": ""}])), GAMES)
    assert save["seats"][0]["name"].startswith("<b>Ana</b>") and len(save["seats"][0]["name"]) == 40
    assert save["seats"][1]["name"] == "Player 2"


def test_a_kept_copy_stays_marked_and_nothing_else_rides_along():
    kept = parse_save(json.dumps(dict(good_save(), name="Friday", kept=True, turn=3, evil="<script>")), GAMES)
    assert kept["kept"] is True and kept["name"] == "Friday"
    assert "evil" not in kept and "turn" not in kept
    assert "kept" not in parse_save(json.dumps(dict(good_save(), kept="yes")), GAMES)  # only a real true marks it
