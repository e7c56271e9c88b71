"""Position codes (engine/position_codes.py) and the snippets that carry them (ui/embed/snippets.py):
exact where nothing is hidden, one seat's view in the card games (never the seed, never another
hand), refused with a reason when tampered or oversized."""

import base64
import json
import re
import zlib

import pytest

from repo import ROOT
from tabletop.engine.errors import SaveError
from tabletop.engine.position_codes import MAX_POSITION_CHARS, play_refusal, position_code, read_position, seen_code
from tabletop.engine.rng import Rng
from tabletop.engine.saves import new_save, replay
from tabletop.engine.share import pack_json
from tabletop.games import GAMES
from tabletop.ui.embed import snippets as snip

CARD_GAMES = ["tower-war", "towers-of-wyoming", "tower-battle"]
SEED = 0x5EED_F00D_1234_ABCD


def played(game_id: str, moves: int, seed: int = SEED) -> dict:
    """A save of ``moves`` random legal moves (fewer if the game ends)."""
    module = GAMES[game_id]
    save = new_save(game_id, module.default_options(), [{"name": "Ana"}, {"name": "Ben"}], seed)
    state, rng = module.new_game(2, save["options"], seed), Rng(3)
    for _ in range(moves):
        if module.outcome(state) is not None:
            break
        legal = module.legal_moves(state)
        move = legal[rng.next_u64() % len(legal)]
        save["moves"].append(module.move_to_json(move))
        state = module.apply(state, move)
    return save


def inside(code: str) -> str:
    body = code.split(".", 1)[1]
    return zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))).decode()


def test_a_war_of_the_worlds_position_is_the_game_itself_and_can_be_played_on():
    module = GAMES["war-of-the-worlds"]
    save = played("war-of-the-worlds", 12)
    state = replay(module, save)
    code = position_code(module, save, state, 0)
    assert code.startswith("g1.")
    pos = read_position(code, GAMES)
    assert pos.exact and pos.save["moves"] == save["moves"] and pos.caption == "the exact position"
    assert pos.view == module.view(state, None)
    assert play_refusal(module, pos) is None


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_a_card_game_position_carries_only_the_seats_view(game_id):
    module = GAMES[game_id]
    save = played(game_id, 20)
    state = replay(module, save)
    code = position_code(module, save, state, 1)
    assert code.startswith("p1.")
    text = inside(code)
    data = json.loads(text)
    assert set(data) == {"format", "game", "options", "seat", "names", "view"}
    assert data["view"] == json.loads(json.dumps(module.view(state, 1))), "the view and nothing else of the state"
    assert str(SEED) not in text and "seed" not in text and "rng" not in text
    pos = read_position(code, GAMES)
    assert not pos.exact and pos.seat == 1 and pos.caption == "as Ben saw it"
    assert pos.view == data["view"]


@pytest.mark.parametrize("game_id", ["towers-of-wyoming", "tower-battle"])
def test_no_card_of_the_other_hand_is_in_the_code(game_id):
    """Ana's hand, as her own view shows it, is nowhere in the code Ben shares (cards are named
    by short strings; each of hers must be absent unless Ben can see that very card on the table)."""
    module = GAMES[game_id]
    save = played(game_id, 6)
    state = replay(module, save)
    ana = module.view(state, 0)
    hers = ana["hand"] if "hand" in ana else ana["players"][0]["hand"]
    assert hers, "Ana holds cards"
    ben_view = json.dumps(module.view(state, 1))
    code_text = inside(position_code(module, save, state, 1))
    for card in hers:
        token = json.dumps(card)
        assert (token in code_text) == (token in ben_view), f"{card} leaks into Ben's code"
    hidden = [c for c in hers if json.dumps(c) not in ben_view]
    assert hidden, "at least one of Ana's cards is hidden from Ben"


def test_a_spectators_position_is_said_as_such():
    module = GAMES["tower-battle"]
    state = module.new_game(2, {}, 5)
    pos = read_position(seen_code(module, state, None, ["Ana", "Ben"]), GAMES)
    assert pos.seat is None and pos.caption == "as anyone at the table saw it"


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_play_from_here_is_absent_with_the_reason_where_the_rules_cannot_redeal(game_id):
    module = GAMES[game_id]
    pos = read_position(seen_code(module, module.new_game(2, {}, 5), 0, ["Ana", "Ben"]), GAMES)
    reason = play_refusal(module, pos)
    assert reason and "Ana" in reason and module.TITLE in reason and "\n" not in reason


def test_a_finished_war_of_the_worlds_game_is_a_diagram_without_play_from_here():
    module = GAMES["war-of-the-worlds"]
    save = played("war-of-the-worlds", 3000)
    state = replay(module, save)
    assert module.outcome(state) is not None, "the random game ended"
    pos = read_position(position_code(module, save, state, None), GAMES)
    assert play_refusal(module, pos) == "No “Play from here”: this game is over."


def test_a_card_game_shared_whole_is_refused_as_a_position():
    from tabletop.engine.share import save_to_code

    with pytest.raises(SaveError, match="as one player saw it"):
        read_position(save_to_code(played("tower-battle", 3)), GAMES)


def test_a_war_of_the_worlds_view_is_refused_as_a_position():
    module = GAMES["war-of-the-worlds"]
    with pytest.raises(SaveError, match="shared whole"):
        read_position(seen_code(module, module.new_game(2, {}, 5), 0, ["Ana", "Ben"]), GAMES)


def bad(data) -> str:
    return pack_json(data, "p1")


def good_data() -> dict:
    module = GAMES["tower-battle"]
    return json.loads(inside(seen_code(module, module.new_game(2, {}, 5), 0, ["Ana", "Ben"])))


@pytest.mark.parametrize(
    "code, said",
    [
        ("p1.!!!", "damaged"),
        ("p1." + "A" * 40, "damaged"),
        ("p2.abc", "newer version"),
        ("x1.abc", "does not hold"),
        ("p1." + "A" * (MAX_POSITION_CHARS + 1), "too long"),
        (bad({"format": "something-else"}), "does not hold a Towers & Worlds position"),
        (bad(dict(good_data(), game="chess")), "game this app does not have"),
        (bad(dict(good_data(), seat=7)), "seat that is not at the table"),
        (bad(dict(good_data(), seat=True)), "seat that is not at the table"),
        (bad(dict(good_data(), names=["Ana"])), "players"),
        (bad(dict(good_data(), view=[])), "table is not one"),
        (bad(dict(good_data(), view=dict(good_data()["view"], seat=1))), "table is not one"),
        (bad(dict(good_data(), options={"x": {"y": 1}})), "options"),
        (bad({"deep": [[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]}), "nests"),
    ],
)
def test_a_tampered_or_oversized_code_is_refused_with_a_reason(code, said):
    with pytest.raises(SaveError, match=said):
        read_position(code, GAMES)


def test_an_inflating_bomb_is_cut_at_the_save_limit():
    code = "p1." + base64.urlsafe_b64encode(zlib.compress(b" " * (4 * 1024 * 1024), 9)).rstrip(b"=").decode()
    assert len(code) < MAX_POSITION_CHARS
    with pytest.raises(SaveError, match="larger than a save"):
        read_position(code, GAMES)


def test_names_in_a_position_are_cleaned_text():
    data = dict(good_data(), names=["  <b>Ana</b>   " + "x" * 80, "Ben"])
    pos = read_position(bad(data), GAMES)
    assert pos.names[0].startswith("<b>Ana</b> ") and len(pos.names[0]) == 40


def test_the_snippets_carry_the_code_and_the_recipe_gives_the_same_widget():
    site = "https://owner.github.io/towers/"
    frame = snip.iframe_snippet(site, "tower-war", "p1.abc", 'A "quoted" <title>')
    assert 'src="https://owner.github.io/towers/?embed=tower-war&amp;position=p1.abc"' in frame
    assert 'title="A &quot;quoted&quot; &lt;title&gt;"' in frame
    recipe = (ROOT / "docs" / "embedding.md").read_text()
    blocks = re.findall(r"```html\n(.*?)\n```", recipe, re.S)
    assert snip.widget_page(site) in blocks, "docs/embedding.md gives the Widget page the app writes"
    game_widget = blocks[0]
    assert f'sandbox="{snip.SANDBOX}"' in game_widget and snip.listener_script(site) in game_widget, "same frame rules as the game widget"
    assert snip.site_of("https://h.example/towers/index.html?embed=x#/play") == site[:0] + "https://h.example/towers/"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_games_renderer_draws_a_decoded_position_with_nothing_to_play(game_id):
    """The diagram is the game's own renderer on the decoded view, with no moves offered."""
    from tabletop.ui.render import TableContext, renderer_for
    from tabletop.ui.web.dom import El

    module = GAMES[game_id]
    save = played(game_id, 15)
    pos = read_position(position_code(module, save, replay(module, save), 0), GAMES)
    ctx = TableContext(module=module, view=pos.view, legal=[], names=pos.names, viewer=pos.seat, play=lambda _m: None, refresh=lambda: None)
    board = renderer_for(game_id).render(ctx)

    def walk(node):
        if isinstance(node, El):
            yield node
            for child in node.children:
                yield from walk(child)

    assert [n for n in walk(board) if "data-move" in n.attrs and not n.attrs.get("disabled")] == []
