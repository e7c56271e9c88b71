"""A game by link at the table: its session, its history and a backup of it all replay it with
its joint chance (the Treehouse dice), and a game whose deal waits for the friend is kept whole."""

from __future__ import annotations

import json

import pytest

from tabletop.engine.rng import ChanceAwaited
from tabletop.games import GAMES
from tabletop.link.game import new_link_game
from tabletop.link.simulate import play_by_links
from tabletop.ui.saves.backup import checked_game
from tabletop.ui.table.history import History
from tabletop.ui.table.session import Session

WOTW = "war-of-the-worlds"


def test_the_session_and_the_history_of_a_game_by_link_roll_its_joint_dice():
    ana, _ = play_by_links(WOTW, {"tactical": True}, 8)
    session = Session(GAMES[WOTW], json.loads(json.dumps(ana.save)))
    assert session.state == ana.state
    assert not session.legal_moves()  # the game is over
    history = History(GAMES[WOTW], session.save)
    history.go(history.total)
    assert history.state == ana.state
    assert session.undo_status().allowed is False


def test_a_backup_takes_a_game_by_link_and_one_still_waiting_for_its_friend():
    ana, _ = play_by_links(WOTW, {"tactical": True}, 9)
    record = dict(json.loads(json.dumps(ana.save)), saved_at=1)
    assert checked_game(record, 0, GAMES)["link"] == ana.save["link"]
    waiting = new_link_game(GAMES[WOTW], [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "friend"}], {"tactical": True})
    with pytest.raises(ChanceAwaited):
        Session(GAMES[WOTW], waiting)  # the first dice are the friend's to roll: no table yet
    assert checked_game(dict(waiting, saved_at=1), 0, GAMES)["id"] == waiting["id"]


def test_the_last_turn_shown_again_by_link_shows_this_devices_own_hidden_cards():
    """A past position of a Tower War game by link is drawn with this device's hidden cards read as
    they are now, so the replay of the last turn shows its own hand, as the table does."""
    from tabletop.engine.rng import Rng
    from tabletop.link.game import owes_link
    from tabletop.link.simulate import Device

    rng = Rng(3)
    ana, ben = Device("tower-war"), Device("tower-war")
    ana.create(["Ana", "Ben"], {}, 0)
    for _ in range(2000):  # until Ana is to play a card of her hand
        if ana.state is not None and ana.state.phase == "play" and ana.can_move():
            break
        mover = next((d for d in (ana, ben) if d.save is not None and d.can_move()), None)
        if mover is not None:
            mover.move(rng)
            continue
        sender = next(d for d in (ana, ben) if d.save is not None and owes_link(d.module, d.save, d.state))
        (ben if sender is ana else ana).open(sender.outbox())
    session = Session(GAMES["tower-war"], json.loads(json.dumps(ana.save)))
    now = session.view()["mine"]["hand"]
    assert now and all(len(code) <= 6 and not code.startswith("?") for code in now)
    assert session.view_at(len(session.save["moves"]))["mine"]["hand"] == now
