"""A reader's games in a wiki's frame (ui/embed/saves.py): which game a second visit's Play goes back
to, what the frame lists, and what it says about where they are kept."""

from tabletop.games import GAMES
from tabletop.ui.embed import saves as embed_saves
from tabletop.ui.saves.storage import MemoryBackend, Store
from tabletop.ui.table.session import Session

WOTW = GAMES["war-of-the-worlds"]
PEOPLE = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "human"}]


def stored(store: Store, game=WOTW, moves: int = 0, saved_at: float = 1.0, **extra) -> dict:
    """A game of ``moves`` legal moves, stored as the app stores it (its record, with Home's summary)."""
    session = Session.start(game, [dict(s) for s in PEOPLE], {}, seed=4)
    for _ in range(moves):
        session.play(game.legal_moves(session.state)[0])
    record = dict(session.record(), saved_at=saved_at, **extra)
    store.put(record)
    return record


def test_a_second_visit_goes_back_to_the_newest_game_in_progress():
    store = Store(MemoryBackend(), GAMES)
    assert embed_saves.to_continue(store, WOTW.ID) is None, "a first visit starts a game"
    older = stored(store, moves=2, saved_at=10)
    newer = stored(store, moves=1, saved_at=20)
    stored(store, game=GAMES["tower-war"], saved_at=30)  # another game's save is not this frame's game
    assert embed_saves.to_continue(store, WOTW.ID)["id"] == newer["id"]
    assert [r["id"] for r in embed_saves.kept_games(store, WOTW.ID)] == [newer["id"], older["id"]]


def test_copies_and_finished_games_are_listed_but_never_continued():
    store = Store(MemoryBackend(), GAMES)
    copy = stored(store, moves=1, saved_at=50, kept=True, name="Before the storm")
    done = stored(store, moves=1, saved_at=60, finished=True)
    assert embed_saves.to_continue(store, WOTW.ID) is None
    playing = stored(store, moves=1, saved_at=5)
    assert [r["id"] for r in embed_saves.kept_games(store, WOTW.ID)] == [playing["id"], copy["id"], done["id"]]
    assert embed_saves.to_continue(store, WOTW.ID)["id"] == playing["id"]
    assert "kept at move 1" in embed_saves.facts(copy) and "Ana, Ben" in embed_saves.facts(copy)


def test_blocked_storage_keeps_nothing_to_list():
    store = Store(None, GAMES)
    assert embed_saves.kept_games(store, WOTW.ID) == [] and embed_saves.to_continue(store, WOTW.ID) is None


def test_where_a_partitioned_frame_says_its_games_are_kept():
    assert embed_saves.where_kept(False, "wiki.example.org") is None
    words = embed_saves.where_kept(True, "wiki.example.org")
    assert "for wiki.example.org only" in words and "full app does not see them" in words
    assert "for this page's site only" in embed_saves.where_kept(True, "")
