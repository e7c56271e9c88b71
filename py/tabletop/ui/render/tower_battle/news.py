"""What just happened: the turn recap, the battle reveal, a finished game, the match game by game."""

from __future__ import annotations

from typing import Any

from tabletop.engine.events import Event
from tabletop.engine.words import count, sentence
from tabletop.games.tower_battle.telling import battle_result, how_won, tell
from tabletop.ui.render import TableContext
from tabletop.ui.web.dom import El, h

from . import cards as C
from . import recent
from .board import seat_names, seat_words


def recap_panel(ctx: TableContext, events: list[Event]) -> El | None:
    """The events since the viewer's last turn in the game's words, special-card effects and
    battles tagged (an event the game does not say, a draw, has no line)."""
    names = seat_names(ctx)
    lines = [(e, words) for e in events if (words := tell(e, names, ctx.view))]
    if not lines:
        return None
    shown = lines[-recent.RECAP_LINES :]
    items = []
    for e, words in shown:
        tag = recent.tag(e)
        items.append(
            h(
                "li" + (f".tb-tag-{tag.split()[0].lower()}" if tag else ""),
                h("span.tb-tag", tag) if tag else None,
                h("span.tb-line", words),
            )
        )
    if ctx.viewer is None:
        title = "The last turn"
    elif recent.is_action(events[0], (ctx.viewer,)):
        title = "Since your last turn"
    else:
        title = "So far"
    more = h("p.tb-hint", "Earlier lines are in the log.") if len(lines) > len(shown) else None
    return h("section.tb-recap", {"aria-labelledby": "tb-recap-title"}, h("h2#tb-recap-title", title), h("ul.tb-recap-lines", items), more)


def battle_reveal(ctx: TableContext, battle: Event | None) -> El | None:
    """A battle fought since the viewer's last turn (its ``battle`` event): both cards turned
    up, their values, and the result in words."""
    if not battle:
        return None
    towers = {t["suit"]: t for t in ctx.view["towers"]}
    # Turn the cards over once: later re-renders (a tap on a card) show them still.
    seen = f"{battle['move']}:{','.join(battle['cards'])}"
    animate = ctx.ui.get("tb_revealed") != seen
    ctx.ui["tb_revealed"] = seen
    sides = []
    for i, (suit, code, value) in enumerate(zip(battle["towers"], battle["cards"], battle["values"])):
        tower = towers[suit]
        sides.append(
            h(
                "div.tb-duel-side",
                h("span.tb-duel-name", f"{ctx.names[tower['owner']]}'s {tower['symbol']} {C.NOUNS[suit]}"),
                h(f"div.tb-flip.tb-flip-{i}" + (".tb-flip-animate" if animate else ""), C.face(code, ".tb-small")),
                h("span.tb-duel-value", f"value {value}" if value is not None else (C.role(code) or "no value")),
            )
        )
    who = seat_words(ctx, battle["seat"])
    return h(
        "section.tb-battle",
        {"aria-labelledby": "tb-battle-title"},
        h("h2#tb-battle-title", f"Battle! Declared by {who}"),
        h("div.tb-duel", sides[0], h("span.tb-duel-vs", {"aria-hidden": "true"}, "vs"), sides[1]),
        h("p.tb-battle-result", battle_result(battle, seat_names(ctx))),
    )


def how_it_ended(ctx: TableContext, result: dict[str, Any]) -> str:
    """How a finished game was won, without naming the winner again (the result line does):
    "Five cards on the hearts tower at the end of the turn." (a position code of an earlier
    edition holds only the engine's words for it)."""
    if result.get("how"):
        return sentence(how_won(result, seat_names(ctx))) + "."
    return str(result.get("why") or result["reason"])


def result_line(ctx: TableContext, result: dict[str, Any]) -> list[Any]:
    """'Game 1: Ana (Red) won and scored 1 point.' (or who scored instead, under advanced scoring)."""
    winner, scorer, points = result["winner"], result["scorer"], result["points"]
    who = "nobody won" if winner is None else f"{seat_words(ctx, winner)} won"
    pts = f"{count(points, 'point')}"
    if scorer is None:
        scored = " — nobody scored."
    elif scorer == winner:
        scored = f" and scored {pts}."
    else:
        scored = f" — {seat_words(ctx, scorer)} scored {pts}."
    return [h("strong", f"Game {result['game']}: {who}"), scored]


def scoring_cards_line(result: dict[str, Any], ctx: TableContext) -> El | None:
    cards = result.get("scoring_cards")
    if not cards:
        return None
    parts = []
    for seat, code in enumerate(cards):
        parts += [f"{seat_words(ctx, seat)} ", C.mini(code) if code else "none", "; " if seat == 0 else ""]
    return h("p.tb-hint", "Scoring cards: ", parts)


def final_towers(ctx: TableContext, result: dict[str, Any]) -> El:
    """The towers as they stood when the game ended, face-down cards turned up and said so."""
    items = []
    for tower in ctx.view["towers"]:
        codes = result.get("final_towers", {}).get(tower["suit"], [])
        turned = result.get("revealed_towers", {}).get(tower["suit"], [None] * len(codes))
        cards = [
            C.mini(code) if code else [C.mini(up), " (was face down)"] if up else h("span.tb-mini.tb-mini-back", "▮ face down")
            for code, up in zip(codes, turned)
        ]
        joined: list[Any] = []
        for i, card in enumerate(cards):
            joined += [", " if i else "", card]
        items.append(
            h("li", f"{ctx.names[tower['owner']]}'s {tower['symbol']} {C.NOUNS[tower['suit']]} ({len(codes)}/5): ", joined or "empty")
        )
    return h("ul.tb-final-towers", items)


def game_result_panel(ctx: TableContext) -> El | None:
    """Right after a game ends (the next game's first turns), how it ended and what was scored."""
    view = ctx.view
    match = view["match"]
    results = match["results"]
    if not results or view["phase"] == "over":
        return None
    last = results[-1]
    if last["game"] != match["game_number"] - 1 or (view["turn"] > 1 and view["phase"] != "scoring-card"):
        return None
    scores = match["scores"]
    return h(
        "section.tb-game-result",
        {"aria-labelledby": "tb-result-title"},
        h("h2#tb-result-title", result_line(ctx, last)),
        h("p", how_it_ended(ctx, last)),
        scoring_cards_line(last, ctx),
        h("details", h("summary", "How the towers stood"), final_towers(ctx, last)),
        h(
            "p.tb-hint",
            f"Match: {seat_words(ctx, 0)} {scores[0]}, {seat_words(ctx, 1)} {scores[1]} — first to {match['target']}. "
            f"Game {match['game_number']} has begun.",
        ),
    )


LISTED_GAMES = 6  # a match of more games lists its last three and folds the whole list away


def match_games(ctx: TableContext) -> El | None:
    """Under the final board once the match is over, each game of it in a line: who won, how,
    who scored (and with which scoring cards). The table's summary above says who won the
    match, how and the score; a one-game match without scoring cards has nothing to add."""
    view = ctx.view
    if view.get("outcome") is None:
        return None
    results = view["match"]["results"]
    if len(results) < 2 and not any(r.get("scoring_cards") for r in results):
        return None
    rows = [h("li", result_line(ctx, r), " ", h("span.tb-hint", how_it_ended(ctx, r)), scoring_cards_line(r, ctx)) for r in results]
    if len(rows) <= LISTED_GAMES:
        listed = h("ol.tb-results", rows)
    else:  # a long match (up to thousands of games) shows how it finished and folds the rest away
        last = LISTED_GAMES // 2
        listed = h(
            "div",
            h("ol.tb-results", {"start": str(len(rows) - last + 1)}, rows[-last:]),
            h("details.tb-all-games", h("summary", f"All {len(rows)} games"), h("ol.tb-results", rows)),
        )
    return h(
        "section.tb-match-games",
        {"aria-labelledby": "tb-games-title"},
        h("h2#tb-games-title", "The match, game by game"),
        listed,
    )
