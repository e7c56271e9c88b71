"""Position codes written before the card games told their events still read and draw: their views
hold the English log (its "Player 2" said by the code's own names, a side as written) and events of
the earlier shape (Tower War's: none), which the renderers leave out. The three codes in tests/engine/data
were written by that edition (commit 2cf5a1a): a finished three-builder game of Towers of Wyoming, a
finished Tower Battle match (advanced scoring, TNT) and a finished Tower War (advanced drafting,
random moves to the first fall), each as Ben saw it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.engine.position_codes import read_position
from tabletop.games import GAMES
from tabletop.ui.render import TableContext, renderer_for
from tabletop.ui.screens.diagram import Seated
from tabletop.ui.table.wording import log_lines
from tabletop.ui.web.dom import text_of

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize(
    ("game", "last"),
    [
        ("towers-of-wyoming", "Ben wins: a tower of 10 cards"),
        ("tower-battle", "Black wins the match 6 to 0."),
        ("tower-war", "Blue made the tower fall: a pyramid on level 0 landed on the base of another one"),
    ],
)
def test_a_position_code_of_the_earlier_edition_reads_draws_and_keeps_its_log(game, last):
    code = (DATA / f"old-position-{game}.txt").read_text().strip()
    pos = read_position(code, GAMES)
    assert pos.seat == 1 and "log" in pos.view and pos.names[1] == "Ben"
    module = GAMES[game]
    ctx = TableContext(module=module, view=pos.view, legal=[], names=list(pos.names), viewer=1, play=lambda _m: None, refresh=lambda: None)
    drawn = text_of(renderer_for(game).render(ctx))
    assert "Ben" in drawn and "Player " not in drawn
    lines = log_lines(Seated(module, list(pos.names)), pos.view)
    assert len(lines) == len(pos.view["log"]) > 5 and not any("Player " in line for line in lines)
    assert lines[-1].startswith(last), lines[-1]
