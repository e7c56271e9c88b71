"""The game at the table without a browser (ui/table/current_game.py): opening, moves, undo, autosave
and a full store, two tabs on one store, "Play again" and kept copies. Two tabs are two
``CurrentGame``s, each with its own ``Store`` over one dict, as two tabs share localStorage."""

from __future__ import annotations

import json

from recording import RecordingActions
from tabletop.games import FACTS, GAMES
from tabletop.ui.saves.storage import SAVE_PREFIX, MemoryBackend, Store
from tabletop.ui.screens import table
from tabletop.ui.shell.context import SavesView, ScreenContext
from tabletop.ui.shell.notices import Notices
from tabletop.ui.shell.router import Route
from tabletop.ui.table.current_game import HOME, STORAGE_FULL, CurrentGame, between_games
from tabletop.ui.web.dom import find_all

WOTW = "war-of-the-worlds"  # open board, two people: every move can be taken back


def people(*names: str) -> list[dict]:
    return [{"name": n, "kind": "human", "level": "normal"} for n in names]


def form(game_id: str = WOTW, seats: list[dict] | None = None, seed: str = "7") -> dict:
    seats = seats or people("Ana", "Ben")
    return {"players": len(seats), "seats": seats, "options": GAMES[game_id].default_options(), "seed": seed}


def tab(backend: MemoryBackend) -> CurrentGame:
    return CurrentGame(Store(backend, FACTS), lambda: GAMES, Notices())


def first_move(game: CurrentGame):
    session = game.session
    assert session is not None
    return session.legal_moves()[0]


def stored(backend: MemoryBackend, save_id: str) -> dict:
    return json.loads(backend.data[SAVE_PREFIX + save_id])


def test_a_started_game_is_stored_and_each_move_stored_with_a_higher_revision():
    backend = MemoryBackend()
    game = tab(backend)
    assert game.start(WOTW, form()) is None
    save_id = game.session.save["id"]
    assert stored(backend, save_id)["revision"] == 1 and stored(backend, save_id)["moves"] == []
    assert game.play(first_move(game)) is None
    assert stored(backend, save_id)["revision"] == 2 and len(stored(backend, save_id)["moves"]) == 1
    assert game.table_ui == {}


def test_a_form_that_cannot_start_a_game_says_why_and_changes_nothing():
    backend = MemoryBackend()
    game = tab(backend)
    assert "whole number" in game.start(WOTW, form(seed="12ab"))
    assert game.session is None and backend.data == {}


def test_undo_takes_the_move_back_at_the_table_and_in_the_store():
    backend = MemoryBackend()
    game = tab(backend)
    game.start(WOTW, form())
    save_id = game.session.save["id"]
    assert game.undo() == "Nothing to undo yet."
    game.play(first_move(game))
    assert game.session.undo_status().allowed
    assert game.undo() is None
    assert game.session.save["moves"] == [] and stored(backend, save_id)["moves"] == []
    assert stored(backend, save_id)["revision"] == 3


def test_an_illegal_move_is_refused_in_words_and_nothing_is_stored():
    backend = MemoryBackend()
    game = tab(backend)
    game.start(WOTW, form())
    game.play(first_move(game))
    before = dict(backend.data)
    stale = game.session.module.move_from_json(game.session.save["moves"][0])  # the same placement again
    refused = game.play(stale)
    assert refused is not None and refused.startswith("Not allowed: ")
    assert backend.data == before and len(game.session.save["moves"]) == 1


def test_two_tabs_a_move_in_the_tab_that_missed_the_news_is_refused_and_it_catches_up():
    backend = MemoryBackend()
    first, second = tab(backend), tab(backend)
    first.start(WOTW, form())
    save_id = first.session.save["id"]
    assert second.open(save_id) is None and second.session.save["moves"] == []
    first.play(first_move(first))  # the first tab plays on
    assert second.moved_on_elsewhere()
    assert second.play(first_move(second)) is None  # refused, not an error: the table catches up instead
    assert second.session.save["moves"] == first.session.save["moves"]
    assert stored(backend, save_id)["moves"] == first.session.save["moves"]  # the other tab's game is not overwritten
    assert [kind for kind, _ in second.notices.items] == ["info"]
    assert "That move was not played" in second.notices.items[0][1]
    assert not second.moved_on_elsewhere()
    assert second.play(first_move(second)) is None and len(stored(backend, save_id)["moves"]) == 2  # now it plays


def test_two_tabs_the_storage_event_brings_the_other_tabs_move_to_the_table_and_undo_is_refused_the_same_way():
    backend = MemoryBackend()
    first, second = tab(backend), tab(backend)
    first.start(WOTW, form())
    save_id = first.session.save["id"]
    second.open(save_id)
    assert not second.stored_elsewhere(SAVE_PREFIX + save_id)  # nothing new yet
    first.play(first_move(first))
    assert not second.stored_elsewhere(SAVE_PREFIX + "another-game")
    assert second.stored_elsewhere(SAVE_PREFIX + save_id)
    assert len(second.session.save["moves"]) == 1 and "played on in another tab" in second.notices.items[-1][1]
    second.play(first_move(second))
    assert first.undo() is None  # the first tab missed the second's move: nothing undone, caught up
    assert len(first.session.save["moves"]) == 2 and "Nothing was undone" in first.notices.items[-1][1]


def test_storage_full_is_said_once_per_game_and_the_game_goes_on_in_memory():
    backend = MemoryBackend(quota=200)  # room for settings, not for a game
    game = tab(backend)
    assert game.start(WOTW, form()) is None
    assert game.notices.items == [("error", STORAGE_FULL)]
    for _ in range(3):
        assert game.play(first_move(game)) is None
    assert game.notices.items == [("error", STORAGE_FULL)]  # said once, not after every move
    assert len(game.session.save["moves"]) == 3 and not any(k.startswith(SAVE_PREFIX) for k in backend.data)
    backend.quota = None  # room again: saved, and a later refusal is news again
    game.play(first_move(game))
    assert len(stored(backend, game.session.save["id"])["moves"]) == 4
    game.notices.clear_errors()
    backend.quota = 200
    game.play(first_move(game))
    assert game.notices.items == [("error", STORAGE_FULL)]


def test_play_again_starts_one_new_game_and_a_second_tap_opens_that_one():
    backend = MemoryBackend()
    game = tab(backend)
    game.start(WOTW, form(seed="11"))
    old_id = game.session.save["id"]
    game.play(first_move(game))
    where, refused = game.rematch(embed=False)
    new_id = game.session.save["id"]
    assert refused is None and where == f"#/play/{WOTW}/{new_id}" and new_id != old_id
    assert game.session.save["seats"] == stored(backend, old_id)["seats"] and game.session.save["moves"] == []
    assert game.session.save["seed"] != 11  # a new deal, not the typed seed again
    assert stored(backend, old_id)["played_again"] == new_id
    assert game.open(old_id) is None and game.session.save["id"] == old_id  # back at the first game
    assert game.rematch(embed=False) == (f"#/play/{WOTW}/{new_id}", None)  # the same new game, no second copy
    assert len([k for k in backend.data if k.startswith(SAVE_PREFIX)]) == 2


def test_play_again_in_an_embed_stays_on_the_embeds_page_and_marks_nothing():
    backend = MemoryBackend()
    game = tab(backend)
    game.start(WOTW, form())
    old_id = game.session.save["id"]
    where, refused = game.rematch(embed=True)
    assert (where, refused) == (f"#/embed/{WOTW}", None)
    assert "played_again" not in stored(backend, old_id)


def test_a_kept_copy_stays_at_its_move_and_opens_as_a_new_game():
    backend = MemoryBackend()
    game = tab(backend)
    game.start(WOTW, form())
    game.play(first_move(game))
    kind, said = game.keep_copy("  Before   the   war  ")
    assert kind == "ok" and "“Before the war”" in said
    (copy_key,) = [k for k in backend.data if k.startswith(SAVE_PREFIX + "kept-")]
    copy_id = copy_key[len(SAVE_PREFIX) :]
    game.play(first_move(game))
    assert len(stored(backend, copy_id)["moves"]) == 1  # the copy stayed at its move
    where = game.open(copy_id)
    assert where == f"#/play/{WOTW}/{game.session.save['id']}" and game.session.save["id"] != copy_id
    assert game.session.save["name"] == "Before the war (continued)" and len(game.session.save["moves"]) == 1
    assert stored(backend, copy_id)["kept"] is True


def test_a_missing_or_damaged_save_sends_the_table_home_saying_why():
    backend = MemoryBackend()
    game = tab(backend)
    assert game.open("nowhere") == HOME and game.notices.items == [("error", "That saved game is not in this browser.")]
    game.start(WOTW, form())
    save_id = game.session.save["id"]
    record = stored(backend, save_id)
    record["moves"] = [{"kind": "nonsense"}]
    backend.data[SAVE_PREFIX + save_id] = json.dumps(record)
    game.session = None
    game.notices.items.clear()
    assert game.open(save_id) == HOME and game.session is None
    assert len(game.notices.items) == 1 and "move 1" in game.notices.items[0][1]
    assert SAVE_PREFIX + save_id not in backend.data  # set aside, not lost


def test_settling_without_the_curtain_hands_the_device_over_before_drawing():
    game = tab(MemoryBackend())
    game.start("tower-battle", form("tower-battle"))
    session = game.session
    while session.curtain is None:
        if session.moment is not None:
            session.end_moment()
            continue
        seat = session.to_act
        session.pass_to(seat)
        session.play(session.legal_moves()[0])
        if session.moment is not None:
            session.end_moment()
    seat = session.curtain
    game.settle(curtain_on=True)
    assert session.curtain == seat  # the curtain waits for its tap
    game.settle(curtain_on=False)
    assert session.curtain is None and session.viewer() == seat


def seen(session) -> tuple:
    return session.moment, session.shown_seat, session.ends_seen, len(session.save["moves"]), session.curtain


def test_drawing_the_table_changes_nothing_and_its_buttons_only_ask():
    game = tab(MemoryBackend())
    game.start("tower-battle", form("tower-battle"))
    session = game.session
    act = RecordingActions()

    def draw():
        ctx = ScreenContext(
            Route("play", "tower-battle", session.save["id"]), {"curtain": True}, (), SavesView(game.store), session, game.table_ui
        )
        before = seen(session)
        tree = table.render(ctx, act)
        assert seen(session) == before  # drawing changed nothing
        return {el.attrs.get("id"): el for el in find_all(tree, lambda el: el.tag == "button" and el.attrs.get("id"))}

    assert list(draw()) == ["curtain-go"]  # two people at one device: the first one takes it
    game.pass_to(session.curtain)
    buttons = draw()
    assert set(buttons) >= {"undo", "export-game", "share-game", "history", "keep-copy"}
    buttons["history"].events["click"](None)
    buttons["share-game"].events["click"](None)
    assert act.names() == ["open_history", "share_game"]
    while session.curtain is None:  # play on until the device must be handed over
        game.settle(curtain_on=True)
        if session.moment is not None:
            game.end_moment()
            continue
        game.pass_to(session.to_act)
        game.play(session.legal_moves()[0])
    buttons = draw()
    assert list(buttons) == ["curtain-go"]
    buttons["curtain-go"].events["click"](None)
    assert act.calls[-1] == ("pass_to", (session.curtain,), {})


def test_the_end_of_a_game_of_a_match_waits_for_next_game():
    """Tower Battle plays a match: when one of its games ends the table shows that end (no curtain,
    no moment) until someone taps "Next game"; a game opened from a save starts where it stands."""
    game = tab(MemoryBackend())
    game.start("tower-battle", form("tower-battle"))
    session = game.session
    game.settle(curtain_on=True)
    assert session.ends_seen == 0 and not between_games(session)
    while not between_games(session):
        assert session.outcome is None
        game.end_moment()
        if session.curtain is not None:
            game.pass_to(session.curtain)
        game.play(session.legal_moves()[0])
    game.settle(curtain_on=True)
    assert session.moment is None  # everyone's moment: the table shows the game's end, not a curtain (screens/table.py)
    game.next_game()
    assert not between_games(session) and session.ends_seen == 1
    reopened = tab(game.store.backend)
    reopened.open(session.save["id"])
    reopened.settle(curtain_on=True)
    assert reopened.session.ends_seen == 1 and not between_games(reopened.session)
