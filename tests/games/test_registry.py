"""The registry: one entry per game made from its facts, nothing of a game loaded before it is
played, and every game module typed as the contract wherever the code holds one."""

import ast
import html
import re
import subprocess
import sys
from pathlib import Path

import pytest

from repo import PY
from tabletop.games import FACTS, GAMES, PACKAGES, REGISTRY, entry_of, get_game
from tabletop.ui.shell import prerender


def test_entries_are_the_games_facts_in_home_order():
    assert [entry.package for entry in REGISTRY.values()] == list(PACKAGES)
    assert list(GAMES) == list(REGISTRY) == list(FACTS)
    wotw = REGISTRY["war-of-the-worlds"]
    assert (wotw.title, wotw.players, wotw.seat_names, wotw.plural_sides) == (
        "The War of the Worlds",
        (2, 2),
        ("Aliens", "Humans"),
        ("Aliens", "Humans"),
    )
    assert REGISTRY["towers-of-wyoming"].players == (2, 4) and REGISTRY["towers-of-wyoming"].plural_sides == ()
    for game_id, entry in REGISTRY.items():
        assert entry.facts is FACTS[game_id] and entry.facts.__name__.endswith(".facts")


def test_each_entry_finds_its_game_and_parts():
    for game_id, entry in REGISTRY.items():
        assert entry.game is GAMES[game_id] is get_game(game_id)
        assert entry.game.ID == game_id and entry.game.TITLE == entry.title
        assert entry.ai is not None and entry.has_lesson == (entry.lesson is not None)
        assert entry.part("no_such_part") is None


def test_an_unknown_game_is_named_with_the_known_ones():
    with pytest.raises(KeyError, match="unknown game 'chess' \\(known: tower-war, "):
        entry_of("chess")


def test_reading_the_registry_loads_no_game_and_playing_one_loads_only_it():
    probe = (
        "import sys; from tabletop.games import REGISTRY, GAMES; [e.title for e in REGISTRY.values()];"
        "print(sorted(m for m in sys.modules if m.startswith('tabletop.games.') and m.count('.') == 3 and not m.endswith('.facts')));"
        "GAMES['tower-battle'].apply;"
        "print(sorted(m for m in sys.modules if m.startswith('tabletop.games.') and m.count('.') == 3))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, env={"PYTHONPATH": str(PY)}).stdout
    before, after = out.splitlines()
    assert before == "[]"
    assert "'tabletop.games.tower_battle.rules'" in after and "tower_war.rules" not in after


def test_a_contract_name_is_never_shadowed_by_a_module_of_the_package():
    """A package's submodule becomes an attribute of the package when imported; one named like a
    part of the contract (a ``view.py`` beside ``view()``) would replace it."""
    for module in GAMES.values():
        contract = set(module.game.__all__)
        modules = {path.stem for path in Path(module.__file__).parent.glob("*.py")}
        assert not contract & modules, module.__name__


def test_written_home_page_lists_the_same_games():
    cards = re.findall(r'data-game="([\w-]+)"[^>]*>\s*<h2>([^<]*)</h2>\s*<p>([^<]*)</p>', prerender.home_html())
    assert [(g, html.unescape(t), html.unescape(b)) for g, t, b in cards] == [(e.id, e.title, e.blurb) for e in REGISTRY.values()]


def annotations_of_game_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, annotation) of every parameter or attribute named like a game module."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.arg) and node.arg in ("module", "game_module") and node.annotation is not None:
            found.append((node.lineno, ast.unparse(node.annotation)))
        if isinstance(node, ast.AnnAssign) and ast.unparse(node.target).split(".")[-1] in ("module", "game_module"):
            found.append((node.lineno, ast.unparse(node.annotation)))
    return found


def test_no_game_module_is_typed_any():
    untyped = [
        f"{path.relative_to(PY)}:{line} {annotation}"
        for path in sorted((PY / "tabletop").rglob("*.py"))
        for line, annotation in annotations_of_game_modules(ast.parse(path.read_text()))
        if annotation in ("Any", "object", "ModuleType")
    ]
    assert untyped == []


def test_once_played_a_contract_name_is_a_plain_attribute_of_the_package():
    """The search reads ``module.apply`` millions of times: after the first, no lookup runs."""
    for module in GAMES.values():
        assert module.apply is module.game.apply
        assert {"apply", "legal_moves", "view", "tell"} <= set(vars(module))
