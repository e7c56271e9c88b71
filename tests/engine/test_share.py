"""Game links: a save travels whole in a URL fragment, and a tampered, foreign, too new or
oversized link is refused with a SaveError naming the problem, as an imported file would be."""

import base64
import json
import re
import zlib

import pytest

from tabletop.engine.errors import SaveError
from tabletop.engine.rng import Rng
from tabletop.engine.saves import MAX_SAVE_BYTES, new_save, replay
from tabletop.engine.share import MAX_CODE_CHARS, save_from_code, save_to_code, text_from_code
from tabletop.games import GAMES


def played_save(game_id: str, moves: int, seed: int = 5) -> dict:
    """A save of a game played ``moves`` random legal moves in (fewer if it ends)."""
    module = GAMES[game_id]
    state = module.new_game(module.MIN_PLAYERS, None, seed)
    rng = Rng(seed)
    played = []
    while len(played) < moves and module.outcome(state) is None:
        legal = module.legal_moves(state)
        move = rng.choice(legal)
        played.append(module.move_to_json(move))
        state = module.apply(state, move)
    seats = [{"name": f"Ana {i}"} for i in range(module.MIN_PLAYERS)]
    return dict(new_save(game_id, {}, seats, seed, played), name="Tuesday <b>night</b>", id="local-only")


def pack(text: str) -> str:
    return "g1." + base64.urlsafe_b64encode(zlib.compress(text.encode())).rstrip(b"=").decode()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_link_carries_the_game_to_the_same_position(game_id):
    save = played_save(game_id, 40)
    code = save_to_code(save)
    assert re.fullmatch(r"g1\.[A-Za-z0-9_-]+", code), "a code must survive a URL fragment and the hash router"
    opened = save_from_code(code, GAMES)
    assert "id" not in opened, "a storage id means nothing in another browser"
    assert opened["name"] == "Tuesday <b>night</b>" and opened["moves"] == save["moves"]
    module = GAMES[game_id]
    assert module.view(replay(module, opened), None) == module.view(replay(module, save), None)


def test_links_are_compact():
    """A long game still fits a link comfortably (browsers take far longer fragments)."""
    longest = max(len(save_to_code(played_save(g, 150))) for g in GAMES)
    assert longest < 4000, longest


def problem(code: str) -> str:
    with pytest.raises(SaveError) as err:
        save = save_from_code(code, GAMES)
        replay(GAMES[save["game"]], save)
    return err.value.problem


def test_a_tampered_link_is_refused():
    code = save_to_code(played_save("war-of-the-worlds", 10))
    assert problem(code[:-6]) == "corrupt"  # cut short
    assert problem(code[:20] + "*" + code[21:]) == "corrupt"  # not base64url
    flipped = code[:-10] + ("A" if code[-10] != "A" else "B") + code[-9:]
    assert problem(flipped) == "corrupt"  # the deflate checksum catches it
    assert problem(code + "AAAA") == "corrupt"  # trailing bytes


def test_an_edited_game_in_a_link_is_caught_by_the_rules():
    save = played_save("war-of-the-worlds", 10)
    save["moves"][3], save["moves"][4] = save["moves"][4], save["moves"][3]
    assert problem(save_to_code(save)) == "tampered"


def test_foreign_and_newer_links():
    assert problem("hello") == "foreign"
    assert problem("x1.abc") == "foreign"
    assert problem("g2." + save_to_code(played_save("tower-war", 2))[3:]) == "version"
    assert problem(pack(json.dumps({"format": "something-else"}))) == "foreign"
    assert problem(pack(json.dumps(dict(played_save("tower-war", 2), game="chess")))) == "unknown-game"
    assert problem(pack("[1, 2")) == "corrupt"
    assert problem("g1." + base64.urlsafe_b64encode(zlib.compress(b"\xff\xfe")).decode()) == "corrupt"


def test_oversized_links_are_refused_before_inflating():
    assert problem("g1." + "A" * MAX_CODE_CHARS) == "too-large"
    bomb = pack(" " * (MAX_SAVE_BYTES * 40))  # 20 MB of spaces in a few KB
    assert len(bomb) < MAX_CODE_CHARS
    assert problem(bomb) == "too-large"


def test_the_decoded_text_is_what_an_exported_file_holds():
    save = played_save("tower-battle", 5)
    data = json.loads(text_from_code(save_to_code(save)))
    assert set(data) == {"format", "version", "game", "options", "seats", "seed", "moves", "name"}
