"""War of the Worlds through the public contract only: random games (strategic and
tactical) where every offered choice is checked against the rules worked out anew
from ``view()`` (as the rules page, ``games/war_of_the_worlds/guide.py``, states them):

- destruction: at each step of a review the pyramids that fall, or are offered to
  choose from, are exactly those meeting the rule (surrounded, attack > defence);
- the no-undo ban, kept here by following each obstacle from move to move (two
  obstacle moves in one tactical turn, and coasters moved or turned in between);
- a coaster's quarter turns and moves: the pieces ride along, the other two coasters
  stay, and the places offered are exactly those making an L again.

Nothing here reads the engine's state or helpers: cells are known by coaster and
square (``board.coasters[i].cells[j]``), which never changes as coasters move.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.rng import Rng
from tabletop.games import GAMES

WOTW = GAMES["war-of-the-worlds"]
EIGHT = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
ARROWS = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}
QUADRANT_SPOTS = {"top-left": (0, 0), "top-right": (0, 1), "bottom-left": (1, 0), "bottom-right": (1, 1)}
CLOCKWISE = {"U": "R", "R": "D", "D": "L", "L": "U"}
REVIEWED = {"strategic": {"step", "skip", "destroy"}, "tactical": {"place", "rotate", "relocate", "step", "decline", "destroy"}}


# --- the table as the view shows it ---------------------------------------------------------------


def cells(view) -> dict:
    """(coaster, square) -> the view's cell: name, row, col, arrows, piece."""
    return {(co["id"], i): cell for co in view["board"]["coasters"] for i, cell in enumerate(co["cells"])}


def pieces(view) -> dict:
    """(coaster, square) -> [side, pips, standing] for every occupied cell."""
    return {slot: [c["piece"]["side"], c["piece"]["pips"], c["piece"]["standing"]] for slot, c in cells(view).items() if c["piece"]}


def around(view) -> dict:
    """(coaster, square) -> the slots of its existing neighbours (8 directions, across seams)."""
    table = cells(view)
    at = {(c["row"], c["col"]): slot for slot, c in table.items()}
    return {
        slot: [at[c["row"] + dr, c["col"] + dc] for dr, dc in EIGHT if (c["row"] + dr, c["col"] + dc) in at] for slot, c in table.items()
    }


def meets_destruction_rule(slot, board: dict, nbrs: dict) -> bool:
    """Surrounded (every existing neighbour cell occupied) and out-gunned. Obstacles count
    for neither colour; an obstacle is attacked by every colour and defended by obstacles."""
    side, _, standing = board[slot]
    if not standing or any(n not in board for n in nbrs[slot]):
        return False
    attack = defence = 0
    for n in nbrs[slot]:
        other, pips, up = board[n]
        if not up:
            continue
        if other == side:
            defence += pips
        elif other != "neutral":
            attack += pips
    return attack > defence


def doomed(board: dict, nbrs: dict) -> set:
    return {slot for slot in board if meets_destruction_rule(slot, board, nbrs)}


def lying(board: dict) -> set:
    return {slot for slot, (_, _, up) in board.items() if not up}


def names(view, slots) -> set:
    table = cells(view)
    return {table[s]["cell"] for s in slots}


def slot_named(view, name: str):
    return next(slot for slot, c in cells(view).items() if c["cell"] == name)


def offered(legal, kind: str) -> list[dict]:
    return [m for m in (WOTW.move_to_json(x) for x in legal) if m["kind"] == kind]


# --- the reference checks ----------------------------------------------------------------------------


class Referee:
    """Follows one game from view to view, keeping its own record of obstacle moves."""

    def __init__(self, view):
        self.obstacle = {slot: i for i, slot in enumerate(s for s, p in pieces(view).items() if p[0] == "neutral")}
        self.moves_in_turn: dict[int, list] = {}  # turn -> [(obstacle, from, to)]
        self.shifted_since: dict[int, bool] = {}  # obstacle -> a coaster moved or turned since its last move
        self.seen = Counter()

    # destruction ---------------------------------------------------------------------------------

    def check_destroy_offer(self, view, legal) -> None:
        """In the destroy step the choice is exactly the pyramids meeting the rule (two or more)."""
        if view["phase"] != "destroy":
            return
        expected = names(view, doomed(pieces(view), around(view)))
        assert {m["cell"] for m in offered(legal, "destroy")} == expected and len(expected) >= 2
        self.seen["destroy choices"] += 1

    def check_review(self, before, move: dict, after, legal_after) -> None:
        """What fell after ``move`` is what the rule makes fall, one at a time; where several
        could fall the player to act is offered exactly those."""
        board = pieces(after)
        fallen = lying(board) - lying(pieces(before))
        if move["kind"] not in REVIEWED[before["mode"]]:
            assert not fallen, f"{move} is not followed by a destruction review, yet {names(after, fallen)} fell"
            return
        if move["kind"] == "destroy":
            board = pieces(before)
            board[slot_named(before, move["cell"])][2] = False
        else:
            for slot in fallen:
                board[slot][2] = True  # the board as the action left it, before the review
        nbrs = around(after)
        chain = 0
        while True:
            candidates = doomed(board, nbrs)
            if len(candidates) == 1:
                (slot,) = candidates
                board[slot][2] = False
                chain += 1
                continue
            assert lying(board) == lying(pieces(after)), f"after {move}: fell {names(after, fallen)}"
            if candidates:
                assert after["phase"] == "destroy" and after["to_act"] == before["to_act"]
                assert {m["cell"] for m in offered(legal_after, "destroy")} == names(after, candidates)
            else:
                assert after["phase"] != "destroy"
            break
        self.seen["forced falls"] += chain
        if chain >= 2:
            self.seen["chains of forced falls"] += 1

    # steps and the no-undo ban -------------------------------------------------------------------

    def movers(self, view) -> list | None:
        """Slots whose standing pyramid may step now, or None when no step is being asked for."""
        board = pieces(view)
        me = view["seat_names"][view["to_act"]].lower()
        if view["phase"] == "move":
            placed = slot_named(view, view["placed"])
            size = board[placed][1]
            return [
                s for s, (side, pips, up) in board.items() if up and (side == "neutral" or (side == me and pips == size and s != placed))
            ]
        if view["phase"] == "action" and view["action"] in ("dig", "aim"):
            wanted = me if view["action"] == "dig" else "neutral"
            return [s for s, (side, _, up) in board.items() if up and side == wanted]
        return None

    def banned(self, view, source, target) -> bool:
        """An obstacle may not go straight back where it came from in the opponent's turn just before."""
        ident = self.obstacle.get(source)
        return ident is not None and (ident, target, source) in self.moves_in_turn.get(view["turn"] - 1, [])

    def check_steps(self, view, legal) -> None:
        movers = self.movers(view)
        if movers is None:
            return
        table = cells(view)
        at = {(c["row"], c["col"]): slot for slot, c in table.items()}
        board = pieces(view)
        expected = set()
        for slot in movers:
            c = table[slot]
            for arrow in c["arrows"]:
                dr, dc = ARROWS[arrow]
                target = at.get((c["row"] + dr, c["col"] + dc))
                if target is None or target in board:
                    continue
                if self.banned(view, slot, target):
                    self.seen["steps banned"] += 1
                    if self.shifted_since.get(self.obstacle[slot]):
                        self.seen["steps banned after a coaster moved or turned"] += 1
                    continue
                expected.add((c["cell"], table[target]["cell"]))
        steps = {(m["source"], m["target"]) for m in offered(legal, "step")}
        assert steps == expected, f"{view['phase']} {view['action']}: offered {sorted(steps)}, the rules give {sorted(expected)}"
        if view["phase"] == "move" and not expected:
            assert [m["kind"] for m in offered(legal, "skip")] == ["skip"] and len(legal) == 1

    def record(self, before, move: dict) -> None:
        """Keep the obstacles' moves (by obstacle) and note coasters moving under them."""
        if move["kind"] == "step":
            source, target = slot_named(before, move["source"]), slot_named(before, move["target"])
            ident = self.obstacle.pop(source, None)
            if ident is not None:
                self.obstacle[target] = ident
                turn = self.moves_in_turn.setdefault(before["turn"], [])
                turn.append((ident, source, target))
                self.shifted_since[ident] = False
                if len(turn) == 2:
                    self.seen["turns with two obstacle moves"] += 1
        elif move["kind"] in ("rotate", "relocate"):
            for ident in self.shifted_since:
                self.shifted_since[ident] = True

    # coasters ------------------------------------------------------------------------------------

    def check_coaster_moves(self, state, view, legal) -> None:
        """Each offered turn or move, played out: pieces ride along, the other two stay, and
        the places offered are every L the coaster can make with the other two."""
        turns = [m for m in legal if WOTW.move_to_json(m)["kind"] == "rotate"]
        moves = [m for m in legal if WOTW.move_to_json(m)["kind"] == "relocate"]
        for m in turns:
            data = WOTW.move_to_json(m)
            new = WOTW.apply(state, m)
            after = WOTW.view(new, None)
            check_quarter_turn(view, after, data["coaster"], data["turn"] == "cw")
            self.check_review(view, data, after, WOTW.legal_moves(new))
            self.seen["quarter turns"] += 1
        by_coaster: dict[int, set] = {}
        for m in moves:
            data = WOTW.move_to_json(m)
            new = WOTW.apply(state, m)
            after = WOTW.view(new, None)
            by_coaster.setdefault(data["coaster"], set()).add(check_lift(view, after, data["coaster"]))
            self.check_review(view, data, after, WOTW.legal_moves(new))
            self.seen["coaster moves"] += 1
        for k, results in by_coaster.items():
            assert results == l_places(view, k)


def spots(view) -> dict:
    return {co["id"]: QUADRANT_SPOTS[co["quadrant"]] for co in view["board"]["coasters"]}


def local(view, k) -> dict:
    """Square -> (row, col, arrows, piece) within coaster ``k``."""
    r0, c0 = (3 * x for x in spots(view)[k])
    co = view["board"]["coasters"][k]
    return {i: (c["row"] - r0, c["col"] - c0, c["arrows"], core(c["piece"])) for i, c in enumerate(co["cells"])}


def core(piece):
    """What a piece is (not the threats around it, nor whether it stands: in the tactical game a
    review follows the turn or move, checked by ``check_review``)."""
    return piece and (piece["side"], piece["pips"])


def check_quarter_turn(before, after, k, clockwise) -> None:
    """A quarter turn: each square (r, c) goes to (c, 2 - r) clockwise, arrows turn with it."""
    assert spots(after) == spots(before)
    for j in range(3):
        if j != k:
            assert local(after, j) == local(before, j)
    old, new = local(before, k), local(after, k)
    for i, (r, c, arrows, piece) in old.items():
        if clockwise:
            want = (c, 2 - r, "".join(sorted(CLOCKWISE[a] for a in arrows)))
        else:
            want = (2 - c, r, "".join(sorted({v: key for key, v in CLOCKWISE.items()}[a] for a in arrows)))
        got = new[i]
        assert (got[0], got[1], "".join(sorted(got[2]))) == want and got[3] == piece


def check_lift(before, after, k) -> tuple[int, int]:
    """A coaster lifted elsewhere: nothing turns, the other two keep their places relative to
    each other (the frame may be laid anew round the L). Returns where ``k`` went, relative to
    the first of the other two."""
    others = [j for j in range(3) if j != k]
    a, b = (spots(before)[j] for j in others)
    a2, b2 = (spots(after)[j] for j in others)
    assert (b2[0] - a2[0], b2[1] - a2[1]) == (b[0] - a[0], b[1] - a[1])
    for j in range(3):
        assert local(after, j) == local(before, j)
    moved = spots(after)[k]
    return (moved[0] - a2[0], moved[1] - a2[1])


def l_places(view, k) -> set:
    """Every place (relative to the first of the other two) where coaster ``k`` makes an L with
    them again - three quadrants of a 2x2 block - other than where it is."""
    sp = spots(view)
    others = [sp[j] for j in range(3) if j != k]
    a = others[0]
    out = set()
    for r in range(-2, 4):
        for c in range(-2, 4):
            if (r, c) in others or (r, c) == sp[k]:
                continue
            trio = others + [(r, c)]
            rows, cols = {p[0] for p in trio}, {p[1] for p in trio}
            if max(rows) - min(rows) <= 1 and max(cols) - min(cols) <= 1:
                out.add((r - a[0], c - a[1]))
    return out


# --- the games ----------------------------------------------------------------------------------


def referee_game(seed: int, tactical: bool, coaster_checks: bool = True) -> Counter:
    """Play one random game through the contract, every choice checked; the checks' tally."""
    state = WOTW.new_game(2, {"tactical": tactical}, seed)
    rng = Rng(seed ^ 0x5EED)
    view = WOTW.view(state, None)
    referee = Referee(view)
    legal = WOTW.legal_moves(state)
    while WOTW.outcome(state) is None:
        referee.check_destroy_offer(view, legal)
        referee.check_steps(view, legal)
        if coaster_checks:
            referee.check_coaster_moves(state, view, legal)
        move = rng.choice(legal)
        data = WOTW.move_to_json(move)
        state = WOTW.apply(state, move)
        after = WOTW.view(state, None)
        legal_after = WOTW.legal_moves(state)
        referee.check_review(view, data, after, legal_after)
        referee.record(view, data)
        view, legal = after, legal_after
    assert doomed(pieces(view), around(view)) == set()
    return referee.seen


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tactical=st.booleans())
def test_random_games_offer_what_the_rules_give(seed, tactical):
    referee_game(seed, tactical)


def test_the_referee_saw_every_kind_of_choice():
    """Fixed games that between them reach every case above, so none of the checks is idle."""
    seen = Counter()
    for seed in range(14):
        seen += referee_game(seed, tactical=True, coaster_checks=seed < 4)
    for seed in range(4):
        seen += referee_game(seed, tactical=False)
    for case in ("destroy choices", "forced falls", "chains of forced falls", "steps banned", "turns with two obstacle moves",
                 "steps banned after a coaster moved or turned", "quarter turns", "coaster moves"):  # fmt: skip
        assert seen[case] > 0, (case, seen)
