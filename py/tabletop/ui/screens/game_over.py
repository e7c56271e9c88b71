"""The end of a game, the same moment in every game: the final table stays on the page (each
renderer draws a finished game as it ended), and above it a summary: who won (name with side),
why (the engine's reason), the score, every card the engine turns up once the game is over,
then "Play again", "History" and "Home", with focus on the first.

A renderer may add, each optional:

- ``score_at_end(view, outcome) -> (label, values) | None``: what the score is called and its
  numbers (default: "Score" and the outcome's scores; None: no score line);
- ``turned_up_at_end(view) -> list[(seat, what, [(code, label), ...])]``: the cards the engine's
  finished view makes public, per seat (the UI shows nothing the view does not hold).
"""

from __future__ import annotations

from typing import Any

from tabletop.ui.dom import El, h


def headline(outcome: Any, labels: list[str]) -> str:
    """"Ben (Blue) wins", "Ana and Ben win", "A draw"."""
    if outcome.is_draw:
        return "A draw"
    winners = [labels[w] for w in outcome.winners]
    return " and ".join(winners) + (" win" if len(winners) > 1 else " wins")


def number(x: float) -> str:
    return f"{x:g}"


def score_line(renderer: Any, view: dict, outcome: Any, labels: list[str]) -> El | None:
    """"Score: Ana (Aliens) 7, Ben (Humans) 5" in the game's own word for its score."""
    hook = getattr(renderer, "score_at_end", None)
    score = hook(view, outcome) if hook else (("Score", list(outcome.scores)) if outcome.scores is not None else None)
    if not score:
        return None
    label, values = score
    return h("p.end-score", h("strong", f"{label}: "), ", ".join(f"{labels[i]} {number(v)}" for i, v in enumerate(values)))


def card_chip(code: str, label: str) -> El:
    suit = label[-1] if label and label[-1] in "♠♥♦♣" else ""
    return h("li.end-card" + (".red" if suit in "♥♦" and suit else ""), {"data-card": code}, label)


def turned_up(renderer: Any, view: dict, labels: list[str]) -> El | None:
    """The cards that were out of sight until the end, per seat, marked as turned up."""
    hook = getattr(renderer, "turned_up_at_end", None)
    rows = hook(view) if hook else []
    rows = [(seat, what, cards) for seat, what, cards in rows if cards]
    if not rows:
        return None
    return h("details.end-revealed", {"open": ""},
             h("summary", "Cards turned up at the end"),
             h("dl", [[h("dt", f"{labels[seat]}, {what} ({len(cards)})"),
                       h("dd", h("ul.end-cards", [card_chip(code, label) for code, label in cards]))]
                      for seat, what, cards in rows]))


def end_summary(app: Any, renderer: Any, view: dict, outcome: Any, labels: list[str], reason: str) -> El:
    """Who won (said aloud as it appears), why, the score; then Play again (focused), History and
    Home; then what turned up, below the buttons so they stay in view on a phone."""
    return h("section.end-screen", {"data-end": "1", "aria-labelledby": "end-title"},
             h("div", {"role": "status"}, h("h2#end-title", headline(outcome, labels))),
             h("p.end-why", reason),
             score_line(renderer, view, outcome, labels),
             h("div.button-row.end-actions",
               h("button#end-play-again.primary", {"data-take-focus": ""}, "Play again", on_click=lambda _e: app.rematch()),
               h("button#end-history", {"aria-label": "History: step through this game's moves"}, "History",
                 on_click=lambda _e: app.open_history()),
               h("a.button#end-home", {"href": "#/"}, "Home")),
             turned_up(renderer, view, labels))
