"""The start-up catalogue, the home page the build writes into the shell and the game modules agree word for word."""

import html
import re

from tabletop.catalog import CATALOG
from tabletop.games import GAMES, PACKAGES
from tabletop.ui import prerender


def test_catalogue_matches_the_game_modules():
    assert list(CATALOG) == list(GAMES) == list(PACKAGES)
    for game_id, info in CATALOG.items():
        module = GAMES[game_id]
        assert (info.TITLE, info.BLURB, info.MIN_PLAYERS, info.MAX_PLAYERS) == (
            module.TITLE,
            module.BLURB,
            module.MIN_PLAYERS,
            module.MAX_PLAYERS,
        )
        assert PACKAGES[game_id] == info.package
        assert info.PLURAL_SIDES == (tuple(module.SEAT_NAMES) if getattr(module, "PLURAL_SEAT_NAMES", False) else ())


def test_written_home_page_lists_the_same_games():
    cards = re.findall(r'data-game="([\w-]+)"[^>]*>\s*<h2>([^<]*)</h2>\s*<p>([^<]*)</p>', prerender.home_html())
    assert [(g, html.unescape(t), html.unescape(b)) for g, t, b in cards] == [(i.ID, i.TITLE, i.BLURB) for i in CATALOG.values()]
