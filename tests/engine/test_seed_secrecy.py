"""Seeds nobody can search for: the attacker's view of the seed space, and old saves kept.

From a seat's view (its own hand, the public cards) an attacker can test every seed the app
could have made and keep the one that deals what they see. With 32-bit seeds that took two
minutes. These tests show the space the app draws from has 2**64 members, each a different
game: the seed takes 8 bytes of the system's randomness, every byte string is a different
seed, every seed a different generator state and first output, and every bit changes the deal.
"""

import json
from pathlib import Path

import pytest

from tabletop.engine.rng import GOLDEN_GAMMA, MASK64, Rng
from tabletop.engine.saves import export_file, parse_save, replay
from tabletop.engine.share import save_from_code, save_to_code
from tabletop.games import GAMES
from tabletop.ui.saves.storage import MemoryBackend, Store
from tabletop.ui.table import session as session_module
from tabletop.ui.table.session import Session, fresh_seed, typed_seed

OLD_SAVE = Path(__file__).parent / "data" / "old-save-tower-battle-32bit-seed.json"
TOWER_BATTLE = GAMES["tower-battle"]


def people(*names):
    return [{"name": n, "kind": "human", "level": None} for n in names]


def seed_from(monkeypatch, data: bytes) -> tuple[int, list[int]]:
    """The seed fresh_seed makes when the system's randomness returns ``data``, and the sizes asked for."""
    asked = []

    def urandom(n):
        asked.append(n)
        return data[:n]

    monkeypatch.setattr(session_module.os, "urandom", urandom)
    return fresh_seed(), asked


def test_a_seed_takes_at_least_8_bytes_of_the_systems_randomness_and_every_bit_counts(monkeypatch):
    base = bytes(range(0xA0, 0xB0))
    seed, asked = seed_from(monkeypatch, base)
    assert sum(asked) >= 8
    seeds = {seed}
    for bit in range(64):
        flipped = bytearray(base)
        flipped[bit // 8] ^= 1 << (bit % 8)
        seeds.add(seed_from(monkeypatch, bytes(flipped))[0])
    assert len(seeds) == 65  # each of the 64 bits gives a different seed: 2**64 seeds in all
    assert seed_from(monkeypatch, b"\xff" * 16)[0] == 2**64 - 1  # the top of the space is reached
    assert all(0 <= s < 2**64 for s in seeds)


def test_real_seeds_are_spread_over_64_bits():
    seeds = [fresh_seed() for _ in range(64)]
    assert len(set(seeds)) == 64
    assert max(seeds) >= 2**60  # 32-bit seeds would all stay below 2**32 (chance of failing: 2**-256)
    assert any(s >> 32 for s in seeds) and any(s & 0xFFFFFFFF for s in seeds)


def unmix(z: int) -> int:
    """The inverse of SplitMix64's output function: undo each xor-shift and each multiplication."""

    def unxorshift(x, k):
        y = x
        for _ in range(64 // k + 1):
            y = x ^ (y >> k)
        return y

    z = unxorshift(z, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 2**64)) & MASK64
    z = unxorshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 2**64)) & MASK64
    z = unxorshift(z, 30)
    return (z - GOLDEN_GAMMA) & MASK64


def test_distinct_seeds_give_distinct_generator_states_and_first_outputs():
    """The first output has an inverse, so no two of the 2**64 seeds start the same stream of
    cards: a search must try them all (at 2**32 seeds per two minutes, over 16,000 years)."""
    pick = Rng(99)
    samples = [0, 1, 2**32 - 1, 2**32, 2**53 + 1, 2**63, 2**64 - 1] + [pick.next_u64() for _ in range(3000)]
    for seed in samples:
        r = Rng(seed)
        assert r.state == seed
        assert unmix(r.next_u64()) == seed


def hidden_deal(seed: int) -> tuple:
    s = TOWER_BATTLE.new_game(2, TOWER_BATTLE.default_options(), seed)
    return tuple(tuple(str(c) for c in pile) for pile in (*s.hands, *s.stocks))


def what_the_seats_see(game_id: str, seed: int) -> str:
    module = GAMES[game_id]
    state = module.new_game(2, module.default_options(), seed)
    return json.dumps([module.view(state, seat) for seat in (None, 0, 1)], sort_keys=True)


def test_every_bit_of_a_seed_changes_the_deal():
    """A seed's high half matters as much as its low half: flipping any one bit deals another game
    (Tower Battle's hands and stocks; what the seats of each card game see at the start)."""
    base = 0xDEADBEEF_12345678
    deals = {hidden_deal(base)} | {hidden_deal(base ^ (1 << bit)) for bit in range(64)}
    assert len(deals) == 65
    for game_id in ("tower-war", "towers-of-wyoming"):
        seen = {what_the_seats_see(game_id, base ^ (1 << bit)) for bit in range(64)} | {what_the_seats_see(game_id, base)}
        assert len(seen) == 65, game_id


def test_an_old_save_with_a_32_bit_seed_replays_exactly_as_before():
    record = parse_save(OLD_SAVE.read_text(), GAMES)
    assert record["seed"] == 3141592653
    state = replay(TOWER_BATTLE, record)
    assert [[str(c) for c in h] for h in state.hands] == [["5D", "2H", "4D"], ["QC", "5S", "6C"]]
    assert [" ".join(str(c) for c in pile) for pile in state.stocks] == ["3D QH 2D AH AD 4H 5H JD 7H 6H", "JS 6S AS 4S 4C AC 7S 2S JC 7C"]
    assert state.rng.state == 11643393131552955692
    Session(TOWER_BATTLE, record)  # opens at the table


def test_a_seed_above_2_to_the_53_survives_storage_and_a_file_exactly():
    """Python's json writes and reads big ints exactly; the page never parses a save in JavaScript
    (storage, files and game links are all read and written by Python)."""
    for seed in (2**64 - 1, 2**53 + 1, 0xDEADBEEF_12345678):
        session = Session.start(TOWER_BATTLE, people("Ana", "Ben"), TOWER_BATTLE.default_options(), seed=seed)
        session.play(TOWER_BATTLE.legal_moves(session.state)[0])
        store = Store(MemoryBackend(), GAMES)
        store.put(session.save)
        loaded = store.get(session.save["id"])
        assert loaded["seed"] == seed
        assert str(seed) in store.backend.get("tw:save:" + session.save["id"])
        again = Session(TOWER_BATTLE, loaded)
        assert TOWER_BATTLE.view(again.state, 0) == TOWER_BATTLE.view(session.state, 0)
        from_file = parse_save(json.dumps(export_file(session.save), indent=1), GAMES)
        assert from_file["seed"] == seed and replay(TOWER_BATTLE, from_file).rng == session.state.rng
        assert save_from_code(save_to_code(session.save), GAMES)["seed"] == seed  # a game link


def test_an_exported_file_says_first_that_it_holds_the_whole_deal():
    session = Session.start(TOWER_BATTLE, people("Ana", "Ben"), TOWER_BATTLE.default_options(), name="Evening")
    session.play(TOWER_BATTLE.legal_moves(session.state)[0])
    text = json.dumps(export_file(session.save), indent=1)
    first_key, first_value = next(iter(json.loads(text).items()))
    assert first_key == "warning" and "whole deal" in first_value and "hidden card" in first_value
    assert text.index('"warning"') < text.index('"format"')
    loaded = parse_save(text, GAMES)
    assert "warning" not in loaded and loaded["seed"] == session.save["seed"] and loaded["name"] == "Evening"
    assert replay(TOWER_BATTLE, loaded).rng == session.state.rng


def test_files_without_the_warning_still_load():
    """Files exported before the warning existed (the fixed old save has none) load as before."""
    text = OLD_SAVE.read_text()
    assert "warning" not in json.loads(text)
    assert parse_save(text, GAMES)["moves"] == json.loads(text)["moves"]


def test_the_help_page_says_a_saved_game_contains_the_whole_deal():
    from tabletop.ui.screens.rules import APP_GUIDE

    words = " ".join(p for _title, paras in APP_GUIDE for p in paras)
    assert "contains the whole deal" in words and "exported file" in words


@pytest.mark.parametrize("text,seed", [("", None), ("  ", None), ("0", 0), (" 42 ", 42), (str(2**64 - 1), 2**64 - 1)])
def test_a_typed_seed_is_plain_digits_below_2_to_the_64(text, seed):
    assert typed_seed(text) == seed


@pytest.mark.parametrize("text", ["-1", "1.5", "abc", "²", "١٢", str(2**64), "9" * 5000])
def test_a_seed_the_generator_cannot_hold_is_refused_in_words(text):
    """'²' passes str.isdigit but int() refuses it: the address's ?seed=² once stopped the app at start."""
    with pytest.raises(ValueError, match="The seed must be"):
        typed_seed(text)
