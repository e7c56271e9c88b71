"""Rules pages: each game's guide in this project's words, plus how to use the app."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games import REGISTRY
from tabletop.ui.screens.common import link_button
from tabletop.ui.shell.context import ScreenContext
from tabletop.ui.shell.router import READINGS, Route
from tabletop.ui.web.dom import El, h

# A rules page: (heading, paragraphs), a paragraph being a rule or a (rule, this edition's reading) pair.
Guide = list[tuple[str, Sequence[str | tuple[str, str]]]]

APP_GUIDE: Guide = [
    (
        "Playing together on one device",
        [
            "Each game is played on a single screen passed from player to player. In games with hidden cards a curtain asks you to "
            "hand the device to the next player; only they should go on past it.",
            "Every move is saved at once. Games in progress are listed on the home screen, newest first; you can also export a game "
            "to a file and import it on another device.",
            "Undo takes back your own last move as long as no card was drawn or turned and no dice were rolled since.",
        ],
    ),
    (
        "What a saved game reveals",
        [
            "A saved game, on this device, in an exported file or in a game link, contains the whole deal: the seed that decides every "
            "shuffle, draw and roll, and every move made. Whoever holds the device or the file can work out every hidden "
            "card, including cards still to come. In hot-seat play, keep exported files and links to yourself until the game is over, "
            "and remember that anyone with this browser can open its saves.",
        ],
    ),
    (
        "Keyboard and touch",
        [
            "Everything can be done by tapping, with a mouse, or with the keyboard: Tab moves between controls, Enter or Space "
            "chooses. Every pyramid shows its pips and every card its suit symbol, so colour is never the only clue.",
        ],
    ),
]


def guide_for(game_id: str) -> Guide:
    module = REGISTRY[game_id].part("guide")
    guide: Guide = module.GUIDE if module is not None else []
    return guide


def readings(guide: Guide) -> list[tuple[str, list[tuple[str, str]]]]:
    """The guide cut to the rules this edition reads, each with its reading, under their headings:
    what the readings page and docs/rules-edition.md show, so neither keeps a copy of its own."""
    cut = [(title, [p for p in paras if isinstance(p, tuple)]) for title, paras in guide]
    return [(title, pairs) for title, pairs in cut if pairs]


EDITION_NOTE = "This edition:"


def paragraphs(item: str | tuple[str, str]) -> list[El]:
    """A rule, and under it this edition's reading of it when the guide gives one (a pair)."""
    if isinstance(item, str):
        return [h("p", item)]
    rule, reading = item
    return [h("p", rule), h("p.edition-note", h("strong", EDITION_NOTE), " ", reading)]


TOP = "rules-top"  # the page's heading: where "Back to top" goes


def section_id(index: int) -> str:
    return f"rules-section-{index + 1}"


def jump(target: str, selector: str, *words: str) -> El:
    """A button that scrolls ``target`` into view and focuses it (static/js/boot.js's ``data-jump``):
    a link to ``#target`` would be a route of the hash router, not a place on the page."""
    return h(selector, {"type": "button", "data-jump": target}, *words)


def contents(sections: Guide) -> El:
    """The page's sections as a short list at its top: on a phone a rules page runs several screens."""
    items = [h("li", jump(section_id(i), "button.rules-jump", title)) for i, (title, _paras) in enumerate(sections)]
    return h(
        "nav.rules-toc", {"aria-labelledby": "rules-toc-title"}, h("p.rules-toc-title#rules-toc-title", "On this page"), h("ol", items)
    )


def article(sections: Guide) -> El:
    """Each section under its heading (focusable, for the contents' jumps), and a way back to the top."""
    return h(
        "article",
        [
            h(
                "section",
                h("h2", {"id": section_id(i), "tabindex": "-1"}, title),
                [paragraphs(para) for para in paras],
                jump(TOP, "button.rules-back.quiet", "↑ Back to top"),
            )
            for i, (title, paras) in enumerate(sections)
        ],
    )


def with_contents(sections: Guide) -> list[El]:
    return [contents(sections), article(sections)]


EDITION_INTRO = "Where the rulebook leaves a question open, a note marked “This edition” under the rule says how this app settles it."
ALL_READINGS = "Every game's readings on one page"
READINGS_TITLE = "How this edition reads the rules"  # the readings page's heading (screens/readings.py)
READINGS_HASH = Route("rules", arg=READINGS).hash


def tabs(ctx: ScreenContext, game_id: str | None, current: bool = True) -> El:
    """The rules pages' own navigation: the app's help, then each game's rules (``current``: whether
    the page shown is one of them, so it is marked as the current page)."""
    links = [h("a", {"href": "#/rules", "aria-current": "page" if current and game_id is None else None}, "Using the app")]
    links += [
        h("a", {"href": f"#/rules/{gid}", "aria-current": "page" if current and gid == game_id else None}, info.title)
        for gid, info in ctx.catalog.items()
    ]
    return h("nav.rules-nav", {"aria-label": "Rules of"}, links)


def render(ctx: ScreenContext, game_id: str | None) -> El:
    if game_id is None:
        from tabletop.ai.levels import GUIDE as COMPUTER_GUIDE
        from tabletop.sim.decisions import level_notes  # the computer players' notes load with this page, not at start-up

        body = h(
            "div",
            with_contents(APP_GUIDE + [COMPUTER_GUIDE, level_notes(dict(ctx.games))]),
            h("div.button-row", link_button("Watch computer vs computer", "#/lab"), link_button(READINGS_TITLE, READINGS_HASH)),
        )
        title = "Rules and help"
    else:
        module = ctx.games[game_id]
        title = f"Rules of {module.TITLE}"
        body = h(
            "div",
            h("p.edition-intro", EDITION_INTRO, " ", h("a", {"href": READINGS_HASH}, ALL_READINGS), "."),
            with_contents(guide_for(game_id)),
            h(
                "div.button-row",
                link_button(f"Play {module.TITLE}", f"#/new/{game_id}", primary=True),
                link_button("Learn to play", f"#/learn/{game_id}") if REGISTRY[game_id].has_lesson else None,
            ),
        )
    heading = h("h1", {"id": TOP, "tabindex": "-1"}, title)
    return h("section.rules", {"data-screen": "rules"}, heading, tabs(ctx, game_id), body)
