"""The balance lab: small batches of computer-against-computer games, run in slices,
with the results as bars (per-seat wins and draws) and the simulate CLI's figures.

The same numbers come from ``python3 -m tabletop.simulate`` for long runs (the README
says how; the page itself speaks to players, not developers); here a designer can try
a variant on the spot. Batches add up until the setup changes or "Clear results" is pressed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.ai.levels import DESCRIPTIONS
from tabletop.engine.numbers import parse_count
from tabletop.sim.lab import Batch
from tabletop.sim.players import BOTS
from tabletop.ui.screens.common import notices
from tabletop.ui.screens.new_game import option_control
from tabletop.ui.shell.actions import Actions
from tabletop.ui.shell.context import ScreenContext
from tabletop.ui.web.dom import El, Handler, h
from tabletop.ui.web.thinking import Sliced

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule

BATCH_SIZES = (5, 10, 20, 50)
BAR_COLOURS = ("#2f6f4f", "#c2552b", "#23304f", "#7a5cc7")


def default_form(games: Mapping[str, Any], game_id: str) -> dict[str, Any]:
    module = games[game_id]
    return {
        "game": game_id,
        "players": module.MIN_PLAYERS,
        "levels": ["easy", "random", "random", "random"],
        "options": module.default_options(),
        "games": 10,
        "rotate": True,
    }


def prepare(state: dict[str, Any], games: Mapping[str, Any]) -> dict[str, Any]:
    """The lab's state (kept by the app between visits) with a form, before the lab is first drawn."""
    if "form" not in state:
        state["form"] = default_form(games, next(iter(games)))
    return state


def setup_key(form: dict[str, Any]) -> tuple[Any, ...]:
    return (form["game"], form["players"], tuple(form["levels"][: form["players"]]), tuple(sorted(form["options"].items())), form["rotate"])


def start_batch(act: Actions, state: dict[str, Any]) -> None:
    form = state["form"]
    if state.get("runner") is not None:
        return
    key = setup_key(form)
    if state.get("key") != key:
        state["key"], state["tally"], state["played"] = key, None, 0
    levels = list(form["levels"][: form["players"]])
    batch = Batch(
        form["game"],
        form["players"],
        levels,
        dict(form["options"]),
        form["games"],
        seed=1,
        rotate=form["rotate"],
        tally=state.get("tally"),
        first_index=state.get("played", 0),
    )
    state["tally"] = batch.tally
    state["batch"] = batch

    def finished(job: Any) -> None:
        state["runner"] = None
        state["played"] = state.get("played", 0) + job.games_done
        act.refresh()

    last = {"games": -1}

    def progress(job: Any) -> None:
        if job.games_done != last["games"]:
            last["games"] = job.games_done
            act.refresh()

    state["runner"] = Sliced(batch, finished, progress=progress).start()
    act.refresh()


def stop_batch(act: Actions, state: dict[str, Any]) -> None:
    runner, batch = state.get("runner"), state.get("batch")
    if runner is not None:
        runner.cancel()
        state["runner"] = None
        state["played"] = state.get("played", 0) + (batch.games_done if batch else 0)
    act.refresh()


def clear_results(act: Actions, state: dict[str, Any]) -> None:
    if state.get("runner") is None:
        state["tally"], state["played"], state["key"] = None, 0, None
    act.refresh()


def bar_chart(rows: list[tuple[str, float]], title: str) -> El:
    """Horizontal bars, one per (label, rate); the percentage is written on every bar, so colour is never the only clue."""
    width, label_w, row_h = 560, 190, 34
    height = row_h * len(rows) + 10
    bars = []
    for i, (label, rate) in enumerate(rows):
        y = 5 + i * row_h
        bar_w = max(1.0, (width - label_w - 60) * rate)
        colour = "#8a8f9c" if label == "Draws" else BAR_COLOURS[i % len(BAR_COLOURS)]
        bars += [
            h("text", {"x": "0", "y": str(y + 21), "font-size": "14", "fill": "currentColor"}, label),
            h(
                "rect",
                {
                    "x": str(label_w),
                    "y": str(y + 4),
                    "width": f"{bar_w:.1f}",
                    "height": str(row_h - 10),
                    "rx": "4",
                    "fill": colour,
                    "data-rate": f"{rate:.4f}",
                },
            ),
            h(
                "text",
                {"x": f"{label_w + bar_w + 6:.1f}", "y": str(y + 21), "font-size": "14", "fill": "currentColor"},
                f"{100 * rate:.0f}%",
            ),
        ]
    described = "; ".join(f"{label} {100 * rate:.0f}%" for label, rate in rows)
    return h(
        "figure.lab-figure",
        {"style": "margin: .5rem 0 1rem"},
        h("figcaption", {"style": "font-weight: 600"}, title),
        h(
            "svg.lab-chart",
            {
                "viewBox": f"0 0 {width} {height}",
                "width": "100%",
                "role": "img",
                "aria-label": f"{title}: {described}",
                "style": "max-width: 40rem; display: block",
            },
            bars,
        ),
    )


def seat_rows(summary: dict[str, Any], names: list[str], rotate: bool) -> list[tuple[str, float]]:
    rows = [(f"Seat {i + 1}" + ("" if rotate else f" ({summary['bots'][i]})"), rate) for i, rate in enumerate(summary["win_rates"])]
    return rows + [("Draws", summary["draw_rate"])]


def figures(summary: dict[str, Any]) -> El:
    think = ", ".join(f"{lv} {v['mean']:.0f} ms (longest {v['max']:.0f} ms)" for lv, v in summary["think_ms"].items() if lv != "random")
    rows = [
        ("Games", str(summary["games"])),
        ("Average length", f"{summary['mean_moves']:.1f} moves"),
        ("Draw rate", f"{100 * summary['draw_rate']:.0f}%"),
        ("First-seat advantage", f"{100 * summary['first_seat_advantage']:+.0f} points"),
        ("Wins by level", ", ".join(f"{lv} {100 * r:.0f}%" for lv, r in summary["level_win_rates"].items())),
        ("Thinking per decision", think or "no computer levels"),
    ]
    return h(
        "dl.lab-figures",
        {"style": "display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0"},
        [[h("dt", {"style": "font-weight: 600"}, k), h("dd", {"style": "margin: 0"}, v)] for k, v in rows],
    )


def seat_names_of(module: GameModule, players: int) -> list[str]:
    return [module.SEAT_NAMES[i] if module.SEAT_NAMES else f"Player {i + 1}" for i in range(players)]


def game_fieldset(ctx: ScreenContext, act: Actions, state: dict[str, Any], running: bool) -> El:
    """Which game, and how many players where it has a choice."""
    form = state["form"]
    module = ctx.games[form["game"]]

    def set_game(event: Any) -> None:
        state["form"] = default_form(ctx.games, str(event.target.value))
        act.refresh()

    def set_players(event: Any) -> None:
        form["players"] = parse_count(str(event.target.value), module.MIN_PLAYERS, module.MAX_PLAYERS) or form["players"]
        act.refresh()

    players = None
    if module.MAX_PLAYERS > module.MIN_PLAYERS:
        counts = range(module.MIN_PLAYERS, module.MAX_PLAYERS + 1)
        players = h(
            "label",
            {"for": "lab-players"},
            "Players",
            h(
                "select#lab-players",
                {"disabled": running},
                [h("option", {"value": str(n), "selected": n == form["players"]}, str(n)) for n in counts],
                on_change=set_players,
            ),
        )
    return h(
        "fieldset",
        h("legend#lab-game-title", "Game"),  # one "Game": the legend names the list too
        h(
            "select#lab-game",
            {"disabled": running, "aria-labelledby": "lab-game-title"},
            [h("option", {"value": gid, "selected": gid == form["game"]}, m.TITLE) for gid, m in ctx.games.items()],
            on_change=set_game,
        ),
        players,
    )


def seats_fieldset(form: dict[str, Any], seat_names: list[str], running: bool) -> El:
    """The computer level of each seat, and whether the seating turns every game."""

    def set_level(i: int) -> Handler:
        def handler(event: Any) -> None:
            form["levels"][i] = str(event.target.value)

        return handler

    def set_rotate(event: Any) -> None:
        form["rotate"] = bool(event.target.checked)

    seats = [
        h(
            "div.seat-row",
            h("label", {"for": f"lab-level-{i}"}, f"Seat {i + 1} ({seat_names[i]})"),
            h(
                "select",
                {"id": f"lab-level-{i}", "disabled": running},
                [h("option", {"value": lv, "selected": lv == form["levels"][i]}, lv) for lv in BOTS],
                on_change=set_level(i),
            ),
        )
        for i in range(form["players"])
    ]
    return h(
        "fieldset",
        h("legend", "Computer players"),
        seats,
        h(
            "label",
            h("input#lab-rotate", {"type": "checkbox", "checked": form["rotate"], "disabled": running}, on_change=set_rotate),
            "Turn the seating round every game",
        ),
        h("ul.hint", [h("li", f"{lv}: {DESCRIPTIONS[lv]}") for lv in BOTS]),
    )


def batch_fieldset(form: dict[str, Any], running: bool) -> El:
    def set_games(event: Any) -> None:
        form["games"] = parse_count(str(event.target.value), 1, max(BATCH_SIZES)) or form["games"]

    return h(
        "fieldset",
        h("legend", "Batch"),
        h(
            "label",
            {"for": "lab-games"},
            "Games per batch",
            h(
                "select#lab-games",
                {"disabled": running},
                [h("option", {"value": str(n), "selected": n == form["games"]}, str(n)) for n in BATCH_SIZES],
                on_change=set_games,
            ),
        ),
    )


def batch_status(state: dict[str, Any], running: bool) -> El:
    """How far the batch has gone, or how many games the results hold."""
    batch, tally = state.get("batch"), state.get("tally")
    if running and batch is not None:
        return h(
            "p#lab-status",
            {"role": "status"},
            f"Playing game {batch.games_done + 1} of {batch.games}…",
            h("progress", {"max": str(batch.games), "value": str(batch.games_done), "aria-label": "Batch progress"}),
        )
    if tally is not None and tally.games:
        return h("p#lab-status", {"role": "status"}, f"{tally.games} games played with this setup.")
    return h("p#lab-status", {"role": "status"}, "No games played yet.")


def results_panel(form: dict[str, Any], tally: Any, seat_names: list[str]) -> El | None:
    """Wins by seat and by level, and the figures of the games played so far."""
    if tally is None or not tally.games:
        return None
    summary = tally.summary(bots=list(form["levels"][: form["players"]]))
    return h(
        "section.panel.lab-results",
        {"data-lab-games": str(tally.games)},
        h("h2", "Results"),
        bar_chart(seat_rows(summary, seat_names, form["rotate"]), "Wins by seat"),
        bar_chart([(lv, r) for lv, r in summary["level_win_rates"].items()], "Wins by level (share of the seats it played)")
        if len(summary["level_win_rates"]) > 1
        else None,
        figures(summary),
        h(
            "p.hint",
            "With “turn the seating” on, levels change seats every game, so the bars show seats and “wins by level” compares the levels.",
        ),
    )


def render(ctx: ScreenContext, act: Actions, state: dict[str, Any]) -> El:
    """``state``: the lab's form and results, kept by the app (``prepare``)."""
    form = state["form"]
    module = ctx.games[form["game"]]
    running = state.get("runner") is not None
    seat_names = seat_names_of(module, form["players"])
    options = [option_control(form, k, v, module) for k, v in module.default_options().items()]
    buttons = h(
        "div.button-row",
        h("button#lab-stop", {"type": "button"}, "Stop", on_click=lambda _e: stop_batch(act, state))
        if running
        else h("button#lab-run.primary", {"type": "submit"}, "Run batch"),
        h("button#lab-clear", {"type": "button", "disabled": running}, "Clear results", on_click=lambda _e: clear_results(act, state)),
        h("a.button", {"href": "#/rules"}, "Rules and help"),
    )
    return h(
        "section.screen.lab",
        {"data-screen": "lab"},
        h("h1", "Computer vs computer"),
        notices(ctx, act),
        h(
            "p.hint",
            "The balance lab: computer players play whole games against each other here, a few at a time, while "
            "the page stays usable. Try a variant or a mix of levels and see who wins how often.",
        ),
        h(
            "form.stack",
            {"novalidate": True},
            game_fieldset(ctx, act, state, running),
            seats_fieldset(form, seat_names, running),
            h("fieldset", h("legend", "Variants"), options) if options else None,
            batch_fieldset(form, running),
            buttons,
            on_submit=lambda e: (e.preventDefault(), start_batch(act, state)),  # type: ignore[func-returns-value]
        ),
        batch_status(state, running),
        results_panel(form, state.get("tally"), seat_names),
    )
