"""Every reading this edition makes of the four rulebooks on one page (``#/rules/readings``), each
under the rule it settles. The readings are kept once, beside their rules in each game's guide
(games/<game>/guide.py): this page, the rules pages and docs/rules-edition.md are all drawn from there."""

from __future__ import annotations

from tabletop.ui.screens.rules import READINGS_TITLE, TOP, contents, guide_for, jump, paragraphs, readings, section_id, tabs
from tabletop.ui.shell.context import ScreenContext
from tabletop.ui.web.dom import El, h

TITLE = READINGS_TITLE
INTRO = (
    "Every rulebook leaves gaps: a case it does not cover, a card whose text was lost, a table that a screen "
    "has to model. Here, game by game, is every reading this edition makes where a rulebook is silent or unclear, "
    "each under the rule it settles. The rules pages give the same notes in place, marked “This edition”."
)


def game_section(index: int, game_id: str, title: str) -> El:
    """One game's readings under their rules' headings, a link to its whole rules, and a way back to the top."""
    return h(
        "section",
        h("h2", {"id": section_id(index), "tabindex": "-1"}, title),
        h("p", h("a.rules-of", {"href": f"#/rules/{game_id}"}, f"Rules of {title}")),
        [[h("h3", heading), [paragraphs(pair) for pair in pairs]] for heading, pairs in readings(guide_for(game_id))],
        jump(TOP, "button.rules-back.quiet", "↑ Back to top"),
    )


def render(ctx: ScreenContext) -> El:
    games = [(game_id, info.title) for game_id, info in ctx.catalog.items()]
    return h(
        "section.rules",
        {"data-screen": "rules"},
        h("h1", {"id": TOP, "tabindex": "-1"}, TITLE),
        tabs(ctx, None, current=False),
        h("p.edition-intro", INTRO),
        contents([(title, []) for _game_id, title in games]),
        h("article", [game_section(i, game_id, title) for i, (game_id, title) in enumerate(games)]),
    )
