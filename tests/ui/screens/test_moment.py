"""A moment for the mover (ui/table/session.py, screens/moment.py, browser-free): after a move that hands
the device to another person, the mover sees the public result (nothing of anyone's hand or
face-down cards: the device is on its way), may undo, and passes."""

from __future__ import annotations

from recording import RecordingActions
from tabletop.games import GAMES
from tabletop.games.tower_war import rules as tower_war_rules
from tabletop.ui.screens.moment import moment_banner
from tabletop.ui.table.session import Session
from tabletop.ui.web.dom import find_all, text_of

TOWER_BATTLE = GAMES["tower-battle"]
WYOMING = GAMES["towers-of-wyoming"]
WOTW = GAMES["war-of-the-worlds"]
TOWER_WAR = GAMES["tower-war"]


def people(*names: str) -> list[dict]:
    return [{"name": n, "kind": "human", "level": None} for n in names]


def through_curtain(session: Session) -> int:
    """The person to act takes the device (as the curtain's button does); their seat."""
    seat = session.curtain if session.curtain is not None else session.to_act
    session.pass_to(seat)
    return seat


def play_until_hand_over(session: Session) -> int:
    """The person at the screen plays their first legal moves until the turn goes to someone else."""
    mover = through_curtain(session)
    while session.to_act == mover:
        session.play(session.legal_moves()[0])
    return mover


def test_after_handing_over_the_mover_sees_the_public_result_and_can_play_nothing():
    session = Session.start(WYOMING, people("Ana", "Ben"), {}, seed=7)
    mover = play_until_hand_over(session)
    other = session.to_act
    assert session.moment == mover and session.curtain is None
    assert session.viewer() is None
    assert session.view() == WYOMING.view(session.state, None)  # anyone's eyes: neither the mover's hand nor the next one's
    assert WYOMING.view(session.state, mover)["hand"] and not session.view().get("hand")
    assert session.legal_moves() == []  # nothing is played for the next person from the mover's screen
    session.end_moment()
    assert session.moment is None and session.curtain == other and session.viewer() is None
    session.pass_to(other)
    assert session.viewer() == other and session.legal_moves()


def test_the_mover_may_take_a_misclick_back_during_the_moment():
    """Tower War: the card that completes the first deck hands over to the second builder, and
    reveals nothing, so its builder may take it back from the moment."""
    session = Session.start(TOWER_WAR, people("Ana", "Ben"), {}, seed=11)
    s = session.state
    while not (s.phase == "build" and len(s.kept[s.actor]) == tower_war_rules.deck_target(s, s.actor) - 1):
        through_curtain(session)
        session.play(session.legal_moves()[0])
        session.end_moment()
        s = session.state
    builder = through_curtain(session)
    view_before, moves_before = session.view(), list(session.save["moves"])
    session.play(session.legal_moves()[0])
    assert session.moment == builder and session.to_act != builder and session.undo_status().allowed
    assert session.view() == TOWER_WAR.view(session.state, None)  # Undo offered, nothing private shown
    session.undo()
    assert session.moment is None and session.curtain is None and session.to_act == builder
    assert session.save["moves"] == moves_before and session.view() == view_before and session.legal_moves()


def test_no_moment_without_a_hand_over():
    bot = {"name": "Bot", "kind": "computer", "level": "easy"}
    against_computer = Session.start(WYOMING, [*people("Ana"), bot], {}, seed=7)
    play_until_hand_over(against_computer)
    assert against_computer.moment is None  # the computer is next: the device stays with Ana
    open_game = Session.start(WOTW, people("Ana", "Ben"), {}, seed=4)
    play_until_hand_over(open_game)
    assert open_game.moment is None and open_game.curtain is None  # nothing hidden: no hand-over at all


def test_after_the_computer_replies_the_last_person_to_move_still_has_their_moment():
    bot = {"name": "Bot", "kind": "computer", "level": "easy"}
    session = Session.start(WYOMING, [people("Ann")[0], bot, people("Bea")[0]], {}, seed=5)
    ann = play_until_hand_over(session)
    assert ann == 0 and session.to_act == 1 and session.moment is None  # the computer's turn: nothing to hand over yet
    while session.to_act == 1:
        session.play(WYOMING.legal_moves(session.state)[0])
    assert session.to_act == 2 and session.moment == 0 and session.viewer() is None and session.legal_moves() == []
    session.end_moment()
    assert session.curtain == 2


def test_a_reloaded_game_starts_behind_the_curtain_not_in_a_moment():
    session = Session.start(TOWER_BATTLE, people("Ana", "Ben"), {}, seed=3)
    play_until_hand_over(session)
    assert session.moment is not None
    again = Session(TOWER_BATTLE, session.save)
    assert again.moment is None and again.curtain == session.to_act


def test_the_banner_names_who_passes_to_whom_and_offers_undo_only_when_allowed():
    session = Session.start(TOWER_BATTLE, people("Ana", "Ben"), {}, seed=3)
    mover = play_until_hand_over(session)
    act = RecordingActions()
    banner = moment_banner(act, session)
    text = text_of(banner)
    assert session.name(mover) in text and f"Pass to {session.name(session.to_act)}" in text
    (pass_button,) = find_all(banner, lambda e: e.attrs.get("id") == "pass-on")
    assert pass_button.attrs.get("data-take-focus") is True  # Enter passes
    pass_button.events["click"](None)
    undo_buttons = find_all(banner, lambda e: e.attrs.get("id") == "moment-undo")
    assert bool(undo_buttons) == session.undo_status().allowed
    for button in undo_buttons:
        button.events["click"](None)
    assert act.names() == ["end_moment"] + (["undo"] if undo_buttons else [])
