"""The end of a game, the same moment in every game: the final table stays on the page (each
renderer draws a finished game as it ended), and above it a summary: who won (name with side),
why (the engine's ``Outcome.why``: the reason without the winner, who is in the headline), the
score, "Play again", "History" and "Home" (focus on the first), then every card the engine turns
up once the game is over, in a disclosure that starts folded on a phone. The renderers draw no
end box of their own: each thing is said once.

A renderer may add, each optional (declared with its default in engine/hooks.py):

- ``score_at_end(view, outcome) -> (label, values) | None``: what the score is called and its
  numbers (default: "Score" and the outcome's scores; None: no score line);
- ``turned_up_at_end(view) -> list[(seat, what, [(code, label), ...])]``: the cards the engine's
  finished view makes public, per seat (the UI shows nothing the view does not hold).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from tabletop.engine.words import winners_win
from tabletop.ui.render.contract import renderer_hook
from tabletop.ui.shell.actions import Actions
from tabletop.ui.web import page
from tabletop.ui.web.dom import El, h


def headline(outcome: Any, labels: list[str], plural: Collection[str] = ()) -> str:
    """ "Ben (Blue) wins", "Ana and Ben win", "Humans win" (a side name in ``plural``), "A draw"."""
    if outcome.is_draw:
        return "A draw"
    return winners_win([labels[w] for w in outcome.winners], plural)


def number(x: float) -> str:
    return f"{x:g}"


def score_line(renderer: Any, view: dict[str, Any], outcome: Any, labels: list[str]) -> El | None:
    """ "Score: Ana (Aliens) 7, Ben (Humans) 5" in the game's own word for its score."""
    score = renderer_hook(renderer, "score_at_end")(view, outcome)
    if not score:
        return None
    label, values = score
    return h("p.end-score", h("strong", f"{label}: "), ", ".join(f"{labels[i]} {number(v)}" for i, v in enumerate(values)))


def card_chip(code: str, label: str) -> El:
    suit = label[-1] if label and label[-1] in "♠♥♦♣" else ""
    return h("li.end-card" + (".red" if suit in "♥♦" and suit else ""), {"data-card": code}, label)


PHONE = "(max-width: 599px)"


def cards_start_folded(table_ui: dict[str, Any]) -> bool:
    """The turned-up cards start folded on a phone, so the final table shows under the summary;
    once someone opens or closes them, that choice holds while the table re-renders."""
    kept = table_ui.get("end_cards_open")
    if kept is not None:
        return not kept
    return page.matches(PHONE)


def turned_up(table_ui: dict[str, Any], renderer: Any, view: dict[str, Any], labels: list[str], folded: bool) -> El | None:
    """The cards that were out of sight until the end, per seat, marked as turned up, in a
    disclosure that says how many there are."""
    rows = renderer_hook(renderer, "turned_up_at_end")(view)
    rows = [(seat, what, cards) for seat, what, cards in rows if cards]
    if not rows:
        return None

    def remember(event: Any) -> None:  # before the browser toggles it: the new state is the other one
        table_ui["end_cards_open"] = not bool(event.target.closest("details").open)

    count = sum(len(cards) for _seat, _what, cards in rows)
    return h(
        "details.end-revealed",
        {"open": None if folded else ""},
        h("summary", f"Cards turned up at the end ({count})", on_click=remember),
        h(
            "dl",
            [
                [
                    h("dt", f"{labels[seat]}, {what} ({len(cards)})"),
                    h("dd", h("ul.end-cards", [card_chip(code, label) for code, label in cards])),
                ]
                for seat, what, cards in rows
            ],
        ),
    )


def why_it_ended(outcome: Any) -> str:
    """The engine's reason without the winner's name (the headline says it), where it gives one."""
    why: str = outcome.why or outcome.reason
    return why


def end_summary(
    act: Actions,
    table_ui: dict[str, Any],
    renderer: Any,
    view: dict[str, Any],
    outcome: Any,
    labels: list[str],
    why: str,
    folded: bool = False,
    plural: Collection[str] = (),
) -> El:
    """Who won (said aloud as it appears), why (``why``: not naming the winner again), the score,
    and Play again (focused), History and Home on one row beside them; then what turned up,
    folded where the screen is small (``folded``), so the final table stays in view under it."""
    return h(
        "section.end-screen",
        {"data-end": "1", "aria-labelledby": "end-title"},
        h(
            "div.end-head",
            h(
                "div.end-words",
                h("div", {"role": "status"}, h("h2#end-title", headline(outcome, labels, plural))),
                h("p.end-why", why),
                score_line(renderer, view, outcome, labels),
            ),
            h(
                "div.button-row.end-actions",
                h("button#end-play-again.primary", {"data-take-focus": ""}, "Play again", on_click=lambda _e: act.rematch()),
                h(
                    "button#end-history",
                    {"aria-label": "History: step through this game's moves"},
                    "History",
                    on_click=lambda _e: act.open_history(),
                ),
                h("a.button#end-home", {"href": "#/"}, "Home"),
            ),
        ),
        turned_up(table_ui, renderer, view, labels, folded),
    )
