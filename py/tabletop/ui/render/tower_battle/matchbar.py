"""The match bar (game number, scores against the target, the options in play) and the card summary."""

from __future__ import annotations

from tabletop.engine.events import with_side
from tabletop.engine.words import count
from tabletop.ui.render import TableContext
from tabletop.ui.web.dom import El, h

# The short card summary beside the board; the rules page holds the full text (tower_battle/guide.py).
CARD_SUMMARY = (
    ("2–7", "Army", "Fights battles at face value."),
    ("J", "Knave", "Army card with no value: the moment it is face up, its whole tower is discarded. A bluff face down."),
    ("A", "Assassin", "Always face up: sends the top card of the facing tower to the discard pile; then counts 1."),
    ("Q", "Diplomat", "Always face up: while on top, no battle between its tower and the facing one."),
)
TNT_LINE = ("10", "TNT", "Only discarded, or played face down as a bluff: a 10 seen on a tower loses its owner the game.")


def match_bar(ctx: TableContext) -> El:
    view = ctx.view
    match = view["match"]
    target = match["target"]
    scores = match["scores"]
    players = []
    for seat in (0, 1):
        colour = view["seat_names"][seat]
        pips = [h("span.tb-pip-dot" + (".tb-pip-on" if i < scores[seat] else ""), {"aria-hidden": "true"}) for i in range(min(target, 10))]
        players.append(
            h(
                "li.tb-score",
                {"aria-label": f"{with_side(ctx.names[seat], colour)}: {scores[seat]} of {target} points"},
                h(f"span.tb-colour.tb-colour-{colour.lower()}", {"aria-hidden": "true"}),
                h("span.tb-score-name", {"aria-hidden": "true"}, ctx.names[seat]),
                h("span.tb-score-num", {"aria-hidden": "true"}, str(scores[seat])),
                h("span.tb-pips", pips) if target <= 10 else None,
            )
        )
    tags = [
        h("span.tb-chip-tag", "Advanced scoring" if match["scoring"] == "advanced" else "Simple scoring"),
        h("span.tb-chip-tag.tb-tnt-on" if match["tnt"] else "span.tb-chip-tag", "TNT on" if match["tnt"] else "No TNT"),
    ]
    return h(
        "section.tb-match",
        {"aria-label": "Match", "data-part": "score"},
        h(
            "div.tb-match-head",
            h("strong.tb-game-no", f"Game {match['game_number']}"),
            h("span.tb-target", f"first to {count(target, 'point')}"),
            tags,
        ),
        h("ul.tb-scores", players),
        card_summary(match["tnt"]),
    )


def card_summary(tnt: bool) -> El:
    rows = list(CARD_SUMMARY) + [TNT_LINE]
    items = []
    for rank, name, text in rows:
        is_tnt = name == "TNT"
        if is_tnt and not tnt:
            note = h("em", " (TNT variant only: not in this match)")
        elif is_tnt:
            note = h("strong.tb-tnt-mark", " In this match.")
        else:
            note = None
        items.append(h("li" + (".tb-summary-tnt" if is_tnt else ""), h("strong", f"{rank} {name}: "), text, note))
    return h(
        "details.tb-cards-help",
        {"data-part": "card-help"},
        h("summary", "The cards"),
        h("ul", items),
        h(
            "p.tb-hint",
            "Five cards on one of your towers at the end of your own turn win the game. ",
            h("a", {"href": "#/rules/tower-battle"}, "Full rules"),
        ),
    )
