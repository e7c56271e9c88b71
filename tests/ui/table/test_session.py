"""Undo at the table (ui/table/session.py, browser-free): who may take back what, and when not."""

from tabletop.games import GAMES
from tabletop.games.tower_war import rules as tower_war_rules
from tabletop.ui.table.session import Session
from telling import told

WOTW = GAMES["war-of-the-worlds"]
TOWER_WAR = GAMES["tower-war"]
TOWER_BATTLE = GAMES["tower-battle"]
WYOMING = GAMES["towers-of-wyoming"]


def people(*names: str) -> list[dict]:
    return [{"name": n, "kind": "human", "level": None} for n in names]


def computer(name: str = "Bot") -> dict:
    return {"name": name, "kind": "computer", "level": "easy"}


def play_first(session: Session, count: int = 1) -> None:
    """Play the first legal move ``count`` times (for whoever is to act, computers included)."""
    for _ in range(count):
        session.play(session.module.legal_moves(session.state)[0])


def test_nothing_to_undo_at_the_start():
    session = Session.start(WOTW, people("Ana", "Ben"), {}, seed=4)
    status = session.undo_status()
    assert not status.allowed and status.reason == "Nothing to undo yet."


def test_the_mover_may_take_back_their_last_move():
    session = Session.start(WOTW, people("Ana", "Ben"), {}, seed=4)
    mover = session.to_act
    start_view = WOTW.view(session.state, None)
    play_first(session)
    status = session.undo_status()
    assert status.allowed and status.moves == 1
    assert status.reason == f"Take back {session.name(mover)}'s last move."
    session.undo()
    assert session.save["moves"] == [] and session.to_act == mover
    assert WOTW.view(session.state, None) == start_view
    assert not session.undo_status().allowed


def test_undo_takes_back_the_computer_replies_too():
    session = Session.start(WOTW, [people("Ana")[0], computer()], {}, seed=4)
    assert session.to_act == 0
    while session.to_act == 0:  # Ana's whole turn (place, then step)
        play_first(session)
    ana_moves = len(session.save["moves"])
    while session.to_act == 1:  # the computer's reply
        play_first(session)
    replies = len(session.save["moves"]) - ana_moves
    assert replies >= 1
    status = session.undo_status()
    assert status.allowed and status.moves == 1 + replies and "Ana" in status.reason
    session.undo()
    assert len(session.save["moves"]) == ana_moves - 1 and session.to_act == 0 and session.shown_seat == 0


def test_only_the_computer_has_moved():
    session = Session.start(WOTW, [computer(), people("Ana")[0]], {}, seed=4)
    assert session.to_act == 0
    play_first(session)
    status = session.undo_status()
    assert not status.allowed and status.reason == "Only the computer has moved."


def test_undo_is_off_once_tower_battle_draws_a_card():
    session = Session.start(TOWER_BATTLE, people("Ana", "Ben"), {}, seed=11)
    mover = session.to_act
    session.pass_to(mover)
    epoch = TOWER_BATTLE.epoch(session.state)
    play_first(session)  # ends the turn: the mover draws
    assert TOWER_BATTLE.epoch(session.state) != epoch
    status = session.undo_status()
    assert not status.allowed and status.reason.startswith("Undo is off: new information was revealed")
    assert session.name(mover) not in status.reason


def test_undo_is_off_after_drawing_in_towers_of_wyoming():
    session = Session.start(WYOMING, people("Ana", "Ben", "Cy"), {}, seed=3)
    session.pass_to(session.to_act)
    play_first(session)
    status = session.undo_status()
    assert not status.allowed and status.reason.startswith("Undo is off")
    before = list(session.save["moves"])
    try:
        session.undo()
    except ValueError as exc:  # IllegalMove is a ValueError
        assert str(exc) == status.reason
    else:
        raise AssertionError("undo went through although it is off")
    assert session.save["moves"] == before


def test_only_the_mover_may_take_back_once_the_device_is_passed():
    session = Session.start(TOWER_WAR, people("Ana", "Ben"), {}, seed=11)
    s = session.state
    while not (s.phase == "build" and len(s.kept[s.actor]) == tower_war_rules.deck_target(s, s.actor) - 1):
        if session.curtain is not None:  # none in the face-up draft; one before the first deck
            session.pass_to(session.curtain)
        play_first(session)
        s = session.state
    builder, other = session.to_act, 1 - session.to_act
    session.pass_to(builder)
    play_first(session)  # the last card of the first deck: nothing hidden is revealed
    assert session.to_act == other and session.moment == builder and session.curtain is None  # the builder's moment
    assert session.undo_status().allowed
    session.end_moment()
    assert session.curtain == other
    assert session.undo_status().allowed, "the first builder still holds the device and may take it back"
    session.pass_to(other)
    status = session.undo_status()
    assert not status.allowed and status.reason == f"Only {session.name(builder)} can take back their own move."


def test_undo_in_a_hidden_game_gives_the_mover_back_their_view():
    session = Session.start(TOWER_WAR, people("Ana", "Ben"), {}, seed=11)
    session.pass_to(0)
    before = TOWER_WAR.view(session.state, 0)
    play_first(session)
    assert TOWER_WAR.view(session.state, 0) != before
    session.undo()
    assert session.save["moves"] == [] and session.movers == [] and len(session.epochs) == 1
    assert session.shown_seat == 0 and session.curtain is None
    assert TOWER_WAR.view(session.state, 0) == before


def test_a_new_game_s_seed_cannot_be_read_from_its_id_or_the_clock(monkeypatch):
    """The save id shows in the address bar; neither it nor the time it carries may give the seed
    away (the seed decides every hidden card)."""
    import tabletop.ui.table.session as session_module

    monkeypatch.setattr(session_module.time, "time", lambda: 1_800_000_000.0)
    games = [Session.start(TOWER_BATTLE, people("Ana", "Ben"), {}) for _ in range(8)]
    seeds = {g.save["seed"] for g in games}
    assert len(seeds) == 8  # same clock, different seeds
    for g in games:
        seed = g.save["seed"]
        assert 0 <= seed < 2**64
        stamp, digits = g.save["id"].split("-")
        assert stamp == f"{1_800_000_000_000:x}" and len(digits) == 4
    assert sum(g.save["id"].endswith(f"-{g.save['seed'] & 0xFFFF:04x}") for g in games) <= 1  # chance: 8 in 65536


def test_a_pass_that_is_a_person_s_only_move_plays_itself_and_undo_takes_back_the_move_before_it():
    """The War of the Worlds' Skip (legal only when nothing can move) is never left for a person to
    press: the table plays it, says so in the game's words, and Undo takes back the move that led to it."""
    import random

    from tabletop.ui.table.current_game import passed_words

    module = WOTW
    session = Session.start(module, people("Ana", "Ben"), {"tactical": False}, seed=1)
    rng = random.Random(1)
    for _ in range(200):
        legal = session.legal_moves()
        assert [module.move_to_json(m)["kind"] for m in legal] != ["skip"]  # never offered to a person
        before = len(session.save["moves"])
        session.play(rng.choice(legal))
        if session.passed:
            break
    [(seat, kind)] = session.passed
    assert kind == "skip" and session.save["moves"][-1] == {"kind": "skip"} and len(session.save["moves"]) == before + 2
    name = ["Ana (Aliens)", "Ben (Humans)"][seat]
    assert passed_words(session) == f"{name} had nothing that could move, so the move step passed by itself."
    assert f"{name} had nothing that could move." in told(WOTW, session.state, None, ["Ana", "Ben"])  # the game's log says it too
    status = session.undo_status()
    assert status.allowed and status.moves == 2  # the pass goes back with the move before it
    session.undo()
    assert len(session.save["moves"]) == before and session.to_act == seat
