"""History (ui/table/history.py, screens/replay.py, browser-free): the cursor through a save's moves,
its states built once, the log line of each move, whose eyes it shows, and the read-only board."""

from __future__ import annotations

import json

import pytest

from recording import RecordingActions
from tabletop.engine.errors import SaveError
from tabletop.engine.rng import Rng
from tabletop.engine.saves import new_save, replay
from tabletop.games import GAMES
from tabletop.ui.screens import replay as replay_screen
from tabletop.ui.shell.context import ScreenContext
from tabletop.ui.table.history import History, replay_viewer
from tabletop.ui.table.wording import log_lines
from tabletop.ui.web.dom import find_all, text_of

CTX = ScreenContext.detached()  # a screen's context with no page behind it


def people(*names: str) -> list[dict]:
    return [{"name": n, "kind": "human", "level": None} for n in names]


def played(game_id: str, seats: list[dict], moves: int, seed: int = 3) -> dict:
    """A save of ``moves`` random legal moves (fewer if the game ends first)."""
    module = GAMES[game_id]
    save = new_save(game_id, {}, seats, seed)
    save["id"] = "h1"
    state = module.new_game(len(seats), {}, seed)
    rng = Rng(seed)
    while len(save["moves"]) < moves and module.outcome(state) is None:
        options = module.legal_moves(state)
        move = options[rng.below(len(options))]
        save["moves"].append(module.move_to_json(move))
        state = module.apply(state, move)
    return save


def same(a, b) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_position_is_the_replay_of_that_many_moves(game_id):
    module = GAMES[game_id]
    save = played(game_id, people("Ana", "Ben"), 25)
    history = History(module, save)
    assert history.position == history.total == len(save["moves"]) == 25
    for k in (0, 1, 7, 25):
        history.go(k)
        assert same(history.view(), module.view(replay(module, save, upto=k), None))


def test_the_cursor_steps_and_stops_at_either_end():
    history = History(GAMES["war-of-the-worlds"], played("war-of-the-worlds", people("Ana", "Ben"), 6), position=0)
    assert history.position == 0 and len(history.states) == 1  # nothing built beyond where it stands
    assert history.previous() == 0 and history.first() == 0
    assert history.next() == 1 and history.next() == 2 and len(history.states) == 3
    assert history.last() == 6 and history.next() == 6
    assert history.previous() == 5 and history.go(-4) == 0 and history.go(99) == 6


class Counting:
    """A game module that counts calls to apply."""

    def __init__(self, module):
        self.module, self.applied = module, 0

    def __getattr__(self, name):
        return getattr(self.module, name)

    def apply(self, state, move):
        self.applied += 1
        return self.module.apply(state, move)


def test_states_are_built_once_however_the_cursor_moves():
    counting = Counting(GAMES["tower-war"])
    history = History(counting, played("tower-war", people("Ana", "Ben"), 30), position=10)
    assert counting.applied == 10
    for step in (history.first, history.last, history.previous, history.first, history.next, history.last):
        step()
    assert counting.applied == 30 and len(history.step_ms) == 30


def test_the_snapshot_does_not_follow_the_game_on():
    save = played("tower-battle", people("Ana", "Ben"), 5)
    history = History(GAMES["tower-battle"], save)
    save["moves"].append({"kind": "whatever"})
    assert history.total == 5


def test_each_move_says_its_own_log_lines():
    module = GAMES["tower-battle"]
    save = played("tower-battle", people("Ana", "Ben"), 12)
    history = History(module, save)
    said = [line for k in range(1, 13) for line in history.lines(k)]
    assert said == history.log(12)[len(history.log(0)) :] and history.log(0) == ["Game 1 begins; Ben (Black) starts."]
    assert any(line.startswith(("Ana ", "Ben ")) for line in said)  # said with the players' names
    assert history.lines(0) == [] and history.mover(0) is None
    assert history.mover(1) == module.to_act(history.states[0])


def test_whose_eyes_one_person_or_a_spectator():
    bot = {"name": "Bot", "kind": "computer", "level": "easy"}
    assert replay_viewer([bot, *people("Ana")]) == 1
    assert replay_viewer(people("Ana", "Ben")) is None
    assert replay_viewer([bot, dict(bot, name="Bob")]) is None


def test_hot_seat_history_shows_no_hand():
    """Two people shared the device: every position is a spectator's, no card in hand shows."""
    module = GAMES["tower-battle"]
    history = History(module, played("tower-battle", people("Ana", "Ben"), 20))
    for k in range(history.total + 1):
        view = history.view(k)
        assert view["seat"] is None
        assert all(not p["hand"] or all(c is None for c in p["hand"]) for p in view["players"])


def test_a_changed_move_is_named_by_its_number():
    save = played("war-of-the-worlds", people("Ana", "Ben"), 4)
    save["moves"][2] = {"kind": "nonsense"}
    history = History(GAMES["war-of-the-worlds"], save, position=2)
    with pytest.raises(SaveError, match="move 3"):
        history.next()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_replay_board_offers_no_move_at_any_position(game_id):
    """Drawn by the game's own renderer, with no legal moves and inside an inert box."""
    history = History(GAMES[game_id], played(game_id, people("Ana", "Ben"), 40, seed=8))
    act = RecordingActions()
    for k in range(0, history.total + 1, 3):
        history.go(k)
        tree = replay_screen.render(CTX, act, history, "Back to the game", lambda: None)
        board = find_all(tree, lambda e: "replay-board" in e.attrs.get("class", ""))[0]
        assert board.attrs.get("inert") is True
        assert not find_all(board, lambda e: "data-move" in e.attrs)
        assert tree.attrs["data-position"] == str(k)
        line = text_of(find_all(tree, lambda e: e.attrs.get("id") == "history-line")[0])
        assert line.startswith(f"Move {k} of {history.total}" if k else "The start")


def test_the_step_controls_step_and_say_so_at_the_ends():
    history = History(GAMES["war-of-the-worlds"], played("war-of-the-worlds", people("Ana", "Ben"), 5), position=0)
    act = RecordingActions()

    def button(tree, ident):
        return find_all(tree, lambda e: e.attrs.get("id") == ident)[0]

    tree = replay_screen.render(CTX, act, history, "Back", lambda: None)
    assert button(tree, "history-prev").attrs["aria-disabled"] == "true"
    button(tree, "history-prev").events["click"](None)
    assert history.position == 0
    button(tree, "history-next").events["click"](None)
    assert history.position == 1 and act.names() == ["refresh"]
    button(tree, "history-last").events["click"](None)
    tree = replay_screen.render(CTX, act, history, "Back", lambda: None)
    assert history.position == 5 and button(tree, "history-next").attrs["aria-disabled"] == "true"
    assert "Move 5 of 5 · " in text_of(button(tree, "history-line"))


def test_the_replay_route_names_the_game_and_the_save():
    from tabletop.ui.shell.router import Route, parse

    assert parse("#/replay/tower-war/kept-19a-ff01", tuple(GAMES)) == Route("replay", "tower-war", "kept-19a-ff01")
    assert parse("#/replay/chess/x", tuple(GAMES)).name == "not-found"


def panel_lines(tree) -> list[str]:
    """The log panel's lines as the replay screen draws them (newest first)."""
    log = find_all(tree, lambda e: "game-log" in e.attrs.get("class", ""))[0]
    return [text_of(li) for li in find_all(log, lambda e: e.tag == "li")]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_step_says_what_the_log_beside_it_says(game_id):
    """The step's caption is the move's own lines of the log panel beside it, word for word (one
    describing function, the game's ``tell``), and every move says something."""
    module = GAMES[game_id]
    save = played(game_id, people("Ana", "Ben"), 60, seed=5)
    history = History(module, save, position=0)
    act = RecordingActions()
    for k in range(1, history.total + 1):
        history.go(k)
        tree = replay_screen.render(CTX, act, history, "Back", lambda: None)
        caption = text_of(find_all(tree, lambda e: e.attrs.get("id") == "history-line")[0])
        added = len(history.log(k)) - len(history.log(k - 1))  # the lines the log panel grew by
        said = caption.split(" · ", 1)[1]
        assert added > 0, (k, save["moves"][k - 1])  # every move of every game says what it did
        assert said == " ".join(reversed(panel_lines(tree)[:added])), (k, said)


@pytest.mark.parametrize(
    "game_id, verbs",
    [
        ("war-of-the-worlds", r"\b(places|moves|turns|rolls|keeps|destroys|is done)\b"),
        ("towers-of-wyoming", r"\b(plays|draws|builds|starts|discards|passes)\b"),
    ],
)
def test_the_steps_of_a_replay_read_in_the_past_tense(game_id, verbs):
    """ "Ana (Aliens) placed a small at C2", "Ben drew 2 cards": a replay tells what was done."""
    import re

    module = GAMES[game_id]
    history = History(module, played(game_id, people("Ana", "Ben"), 40, seed=2), position=0)
    act = RecordingActions()
    captions = []
    for k in range(1, history.total + 1):
        history.go(k)
        tree = replay_screen.render(CTX, act, history, "Back", lambda: None)
        captions.append(text_of(find_all(tree, lambda e: e.attrs.get("id") == "history-line")[0]))
    assert captions and not [c for c in captions if re.search(verbs, c)]
    past = r"\b(placed|moved|turned|rolled|kept|played|drew|built|started|discarded|finished|had|was \w+)\b"
    assert all(re.search(past, c) for c in captions if " · Ana" in c or " · Ben" in c)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_panels_last_lines_are_the_whole_logs_last_lines(game_id):
    """The log panel tells only the newest events it shows; they read as the end of the whole log."""
    history = History(GAMES[game_id], played(game_id, people("Ana", "Ben"), 80, seed=7))
    view = history.view()
    whole = log_lines(history, view)
    assert len(whole) > 12
    for last in (1, 3, 12, len(whole) + 5):
        assert log_lines(history, view, last=last) == whole[-last:]
