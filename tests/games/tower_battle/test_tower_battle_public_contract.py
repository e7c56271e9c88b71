"""Tower Battle through the public contract only: random matches under random options,
every offered choice checked against the rules worked out anew from ``view()``
(as the rules page, ``games/tower_battle/guide.py``, states them):

- the face-up/face-down rule: each card in hand may be played exactly the ways the
  rule allows (A and Q face up; an army card face up when both top cards are face
  down, else either way; a 10 only face down, and not at all when it would have to
  go face up), and always discarded;
- battle offers: right after an army card, when the facing tower's top can be
  attacked (there is one and it is not a Diplomat), the mover is asked, then the
  other player; never otherwise;
- battle results: both tops turned up; an exposed Knave's tower goes; else the higher
  card stays face up and the lower goes to its owner's discard (a tie: both); a seen
  10 loses the game for its owner.

Each seat's own view shows its face-down cards, so the referee reads the whole table
from the two seats' views; nothing here touches the engine's state or helpers.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.rng import Rng
from tabletop.games import GAMES

TB = GAMES["tower-battle"]
FACING = {"H": "C", "C": "H", "D": "S", "S": "D"}  # hearts face clubs, diamonds face spades
OWNER = {"H": 0, "D": 0, "C": 1, "S": 1}  # Red (seat 0) holds the red suits
VALUES = {"A": 1, **{str(n): n for n in range(2, 8)}}
ARMY = {"2", "3", "4", "5", "6", "7", "J", "10"}  # the 10 (TNT) passes for one, as a bluff
MOVE_CAP = 20_000


def rank(code: str) -> str:
    return code[:-1]


def suit(code: str) -> str:
    return code[-1]


def table(state) -> dict:
    """Suit -> [(card, face up)], bottom first, read from each tower's owner's view."""
    out = {}
    for seat in (0, 1):
        for tower in TB.view(state, seat)["towers"]:
            assert OWNER[tower["suit"]] == tower["owner"] and FACING[tower["suit"]] == tower["faces"]
            if tower["owner"] == seat:
                out[tower["suit"]] = [(c["card"], c["face_up"]) for c in tower["cards"]]
    return out


def discards(view) -> list[Counter]:
    return [Counter(p["discard"]) for p in view["players"]]


def face_choices(towers: dict, card: str) -> set:
    """The faces ``card`` may be played with (True = face up)."""
    mine, facing = towers[suit(card)], towers[FACING[suit(card)]]
    both_down = bool(mine) and bool(facing) and not mine[-1][1] and not facing[-1][1]
    if rank(card) in ("A", "Q"):
        return {True}
    if rank(card) == "10":
        return set() if both_down else {False}
    return {True} if both_down else {True, False}


def attackable(tower: list) -> bool:
    """A top card that a battle may be declared against: there is one and it is not a Diplomat."""
    return bool(tower) and not (rank(tower[-1][0]) == "Q" and tower[-1][1])


class Referee:
    def __init__(self):
        self.seen = Counter()

    def check_offered(self, state, legal) -> None:
        """Every decision offered, against the rules."""
        view = TB.view(state, TB.to_act(state))
        moves = [TB.move_to_json(m) for m in legal]
        if view["phase"] == "play":
            towers = table(state)
            hand = view["players"][view["player"]]["hand"]
            expected = [{"kind": "discard", "card": c} for c in hand]
            expected += [{"kind": "play", "card": c, "face_up": up} for c in hand for up in face_choices(towers, c)]
            assert sorted(map(str, moves)) == sorted(map(str, expected))
            self.seen["forced face up"] += sum(face_choices(towers, c) == {True} and rank(c) not in ("A", "Q") for c in hand)
        elif view["phase"] == "battle":
            assert sorted(m["kind"] for m in moves) == ["declare-battle", "decline-battle"]
            assert view["to_act"] == view["battle_offer"]["to"]

    def check_after(self, state, move: dict, after) -> None:
        """What a play, a declared battle or a declined one leads to."""
        before_view, after_view = TB.view(state, None), TB.view(after, None)
        same_game = len(after_view["match"]["results"]) == len(before_view["match"]["results"])
        mover = before_view["player"]
        if move["kind"] == "play":
            self.check_battle_offer(after, move, mover, same_game)
        elif move["kind"] == "decline-battle":
            offer = before_view["battle_offer"]
            if offer["asking_mover"]:
                assert after_view["phase"] == "battle" and after_view["battle_offer"]["to"] == 1 - mover
                assert after_view["battle_offer"]["towers"] == offer["towers"]
                self.seen["offers passed on"] += 1
            else:
                assert after_view["phase"] != "battle"
            if same_game:
                assert table(after) == table(state)
        elif move["kind"] == "declare-battle":
            self.check_battle(state, after, before_view, after_view, same_game)

    def check_battle_offer(self, after, move: dict, mover: int, same_game: bool) -> None:
        view = TB.view(after, None)
        if not same_game:
            return  # a 10 shown by a Knave or an Assassin ended the game
        towers = table(after)
        mine, theirs = suit(move["card"]), FACING[suit(move["card"])]
        offered = rank(move["card"]) in ARMY and bool(towers[mine]) and attackable(towers[theirs])
        if offered:
            offer = view["battle_offer"]
            assert view["phase"] == "battle" and offer["to"] == mover and offer["asking_mover"]
            assert offer["towers"] == [mine, theirs]
            self.seen["battle offers"] += 1
        else:
            assert view["phase"] != "battle", f"no battle may follow {move}"
            if rank(move["card"]) in ARMY and towers[theirs]:
                self.seen["no offer: a Diplomat on top"] += 1

    def check_battle(self, state, after, before_view, after_view, same_game: bool) -> None:
        towers = table(state)
        mine, theirs = before_view["battle_offer"]["towers"]
        tops = {s: towers[s][-1][0] for s in (mine, theirs)}
        expected = {s: list(t) for s, t in towers.items()}
        gone = [Counter(), Counter()]
        # Both tops are turned up, and a Knave among them throws out its whole tower, face-down cards shown:
        # every 10 seen either way is found out.
        seen = list(tops.values())
        seen += [layer[0] for s in tops if rank(tops[s]) == "J" for layer in towers[s]]
        tnt = {OWNER[suit(card)] for card in seen if rank(card) == "10"}
        if tnt:
            assert not same_game, "a 10 seen in a battle ends the game"
            result = after_view["match"]["results"][-1]
            assert result["winner"] == (1 - tnt.pop() if len(tnt) == 1 else None)
            self.seen["battles lost to TNT"] += 1
            return
        for s in (mine, theirs):
            expected[s][-1] = (tops[s], True)  # both turned face up
        knaves = [s for s in (mine, theirs) if rank(tops[s]) == "J"]
        if knaves:
            for s in knaves:
                gone[OWNER[s]].update(card for card, _ in expected[s])
                expected[s] = []
            self.seen["battles with a Knave"] += 1
        else:
            a, b = VALUES[rank(tops[mine])], VALUES[rank(tops[theirs])]
            losers = [s for s, v, w in ((mine, a, b), (theirs, b, a)) if v <= w]
            for s in losers:
                gone[OWNER[s]][tops[s]] += 1
                expected[s].pop()
            self.seen["battles tied" if len(losers) == 2 else "battles won"] += 1
        if same_game:
            assert table(after) == expected
            for seat in (0, 1):
                if after_view["players"][seat]["stock_count"] <= before_view["players"][seat]["stock_count"]:
                    # (unless the draw that ends the turn shuffled the discard pile into a new stock)
                    assert discards(after_view)[seat] - discards(before_view)[seat] == gone[seat]


def referee_match(seed: int, options: dict) -> Counter:
    state = TB.new_game(2, options, seed)
    rng = Rng(seed ^ 0x70B)
    referee = Referee()
    for _ in range(MOVE_CAP):
        if TB.outcome(state) is not None:
            return referee.seen
        legal = TB.legal_moves(state)
        referee.check_offered(state, legal)
        move = rng.choice(legal)
        after = TB.apply(state, move)
        referee.check_after(state, TB.move_to_json(move), after)
        state = after
    raise AssertionError("a match that does not end")


OPTIONS = st.fixed_dictionaries(
    {
        "scoring": st.sampled_from(["simple", "advanced"]),
        "tnt": st.booleans(),
        "target": st.sampled_from([1, 2, 3]),
        "first": st.sampled_from(["random", "red", "black"]),
    }
)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_random_matches_offer_what_the_rules_give(seed, options):
    referee_match(seed, options)


def test_the_referee_saw_every_kind_of_choice():
    """Fixed matches that between them reach every case above, so none of the checks is idle."""
    seen = Counter()
    for seed in range(6):
        seen += referee_match(seed, {"tnt": seed % 2 == 0, "target": 2})
    for case in ("forced face up", "battle offers", "offers passed on", "no offer: a Diplomat on top", "battles won",
                 "battles tied", "battles with a Knave", "battles lost to TNT"):  # fmt: skip
        assert seen[case] > 0, (case, seen)
