"""New game: players (name, person or computer), variant switches, optional seed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine.hooks import game_hook
from tabletop.engine.names import MAX_NAME_LENGTH, clean_name
from tabletop.engine.numbers import parse_count
from tabletop.engine.saves import MAX_OPTION_NUMBER
from tabletop.levels import LEVELS
from tabletop.link.record import LINK_GAMES
from tabletop.ui.screens.common import notices
from tabletop.ui.shell.actions import Actions
from tabletop.ui.shell.context import ScreenContext
from tabletop.ui.table import link_seed
from tabletop.ui.web.dom import El, h

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule


def default_form(ctx: ScreenContext, module: GameModule) -> dict[str, Any]:
    """The form as a new game of ``module`` starts it: the usual names, and who plays each seat as
    chosen for the last game started here (``settings["seats"]``), else a person against the
    computer at normal level, so a newcomer who just presses Start has someone to play against."""
    usual = usual_names(ctx, module)
    seats = [dict(name=usual[i], **who_plays(ctx.settings, i)) for i in range(module.MAX_PLAYERS)]
    seed = ctx.url_seed
    form = {"players": module.MIN_PLAYERS, "seats": seats, "options": module.default_options(), "seed": "" if seed is None else str(seed)}
    return {**form, "usual": usual}


def usual_names(ctx: ScreenContext, module: GameModule) -> list[str]:
    """Each seat's name as Settings give it, else the game's own name for the seat."""
    names = ctx.settings.get("names") or []
    fallback = [module.SEAT_NAMES[i] if module.SEAT_NAMES else f"Player {i + 1}" for i in range(module.MAX_PLAYERS)]
    return [names[i] if i < len(names) and names[i] else fallback[i] for i in range(module.MAX_PLAYERS)]


def follow_usual_names(ctx: ScreenContext, module: GameModule, form: dict[str, Any]) -> dict[str, Any]:
    """A form kept since an earlier visit: a seat still named as Settings named it then takes the name
    Settings give now (a name typed in the form stays as typed)."""
    usual = usual_names(ctx, module)
    for seat, before, now in zip(form["seats"], form.get("usual", usual), usual):
        if seat["name"] == before:
            seat["name"] = now
    form["usual"] = usual
    return form


def who_plays(settings: dict[str, Any], seat: int) -> dict[str, str]:
    """Seat ``seat``'s kind and level: as last chosen (a person, or the computer at a level), else the
    first seat a person and every other the computer at normal level.

    >>> who_plays({}, 0), who_plays({}, 1)
    ({'kind': 'human', 'level': 'normal'}, {'kind': 'computer', 'level': 'normal'})
    >>> who_plays({"seats": ["human", "human", "hard"]}, 1), who_plays({"seats": ["easy", "human", "hard"]}, 2)
    ({'kind': 'human', 'level': 'normal'}, {'kind': 'computer', 'level': 'hard'})
    """
    chosen = settings.get("seats") or []
    choice = chosen[seat] if seat < len(chosen) else ("human" if seat == 0 else "normal")
    return {"kind": "human", "level": "normal"} if choice == "human" else {"kind": "computer", "level": choice}


def chosen_players(form: dict[str, Any]) -> list[str]:
    """Who plays each seat of ``form``, as settings keep it: "human" or the computer's level (a friend
    by link is chosen afresh for each game)."""
    return ["human" if s["kind"] in ("human", "friend") else s["level"] for s in form["seats"]]


def option_control(form: dict[str, Any], key: str, value: Any, module: GameModule) -> El:
    label = module.OPTION_LABELS.get(key, key.replace("_", " "))
    field_id = f"option-{key}"

    def set_value(event: Any) -> None:
        if isinstance(value, bool):
            form["options"][key] = bool(event.target.checked)
        elif isinstance(value, int):
            number = parse_count(str(event.target.value), 0, MAX_OPTION_NUMBER)
            if number is not None:  # else the old value stays (the rules check the range when the game starts)
                form["options"][key] = number
        else:
            form["options"][key] = str(event.target.value)

    current = form["options"][key]
    if isinstance(value, bool):
        return h("label", h("input", {"id": field_id, "type": "checkbox", "checked": bool(current)}, on_change=set_value), label)
    choices = module.OPTION_CHOICES.get(key)
    if choices:
        return h(
            "label",
            {"for": field_id},
            label,
            h(
                "select",
                {"id": field_id},
                [h("option", {"value": str(c), "selected": c == current}, str(c)) for c in choices],
                on_change=set_value,
            ),
        )
    return h(
        "label",
        {"for": field_id},
        label,
        h("input", {"id": field_id, "type": "number" if isinstance(value, int) else "text", "value": str(current)}, on_change=set_value),
    )


def seat_row(form: dict[str, Any], i: int, module: GameModule) -> El:
    seat = form["seats"][i]
    side = f" ({module.SEAT_NAMES[i]})" if module.SEAT_NAMES else ""

    def set_name(event: Any) -> None:
        seat["name"] = str(event.target.value)
        first = event.target.form.querySelector(f"#first-seat option[value='{i}']") if event.target.form else None
        if first:  # the "who goes first" list says the names as they are typed
            first.textContent = clean_name(seat["name"]) or f"Seat {i + 1}"

    def set_kind(event: Any) -> None:
        value = str(event.target.value)
        seat["kind"], seat["level"] = (value, seat["level"]) if value in ("human", "friend") else ("computer", value)

    current = seat["kind"] if seat["kind"] in ("human", "friend") else seat["level"]
    by_link = module.ID in LINK_GAMES
    return h(
        "div.seat-row",
        h("label", {"for": f"seat-name-{i}"}, f"Seat {i + 1}{side}"),
        h(
            "input",
            {"id": f"seat-name-{i}", "type": "text", "maxlength": str(MAX_NAME_LENGTH), "value": seat["name"], "autocomplete": "off"},
            on_input=set_name,
        ),
        h(
            "select",
            {"id": f"seat-kind-{i}", "aria-label": f"Who plays seat {i + 1}"},
            h("option", {"value": "human", "selected": current == "human"}, "Person"),
            [h("option", {"value": lv, "selected": current == lv}, f"Computer ({lv})") for lv in LEVELS],
            h("option", {"value": "friend", "selected": current == "friend"}, "Friend, on their own device (by link)") if by_link else None,
            on_change=set_kind,
        ),
    )


def render(ctx: ScreenContext, act: Actions, game_id: str, form: dict[str, Any]) -> El:
    """``form``: this game's new-game form, kept by the app between visits (``default_form`` at first)."""
    module = ctx.games[game_id]

    def set_players(event: Any) -> None:
        form["players"] = parse_count(str(event.target.value), module.MIN_PLAYERS, module.MAX_PLAYERS) or form["players"]
        act.refresh()

    def set_seed(event: Any) -> None:
        form["seed"] = str(event.target.value).strip()

    count = None
    if module.MAX_PLAYERS > module.MIN_PLAYERS:
        count = h(
            "label",
            {"for": "player-count"},
            "Players",
            h(
                "select#player-count",
                [
                    h("option", {"value": str(n), "selected": n == form["players"]}, str(n))
                    for n in range(module.MIN_PLAYERS, module.MAX_PLAYERS + 1)
                ],
                on_change=set_players,
            ),
        )
    options = [option_control(form, k, v, module) for k, v in module.default_options().items() if applies(module, k, form["players"])]
    return h(
        "section.new-game",
        {"data-screen": "new-game"},
        notices(ctx, act),
        h("h1", f"New game of {module.TITLE}"),
        link_seed.note(ctx, act, form, module),
        h(
            "form.stack",
            {"novalidate": True},
            h(
                "fieldset.seats",
                h("legend", "Players"),
                count,
                [seat_row(form, i, module) for i in range(form["players"])],
                first_seat(form, module),
            ),
            h("fieldset.options", h("legend", "Variants"), options) if options else None,
            h(
                "fieldset",
                h("legend", "Seed (optional)"),
                h(
                    "label",
                    {"for": "game-seed"},
                    "Seed",
                    h(
                        "input#game-seed",
                        {"type": "text", "inputmode": "numeric", "value": form["seed"], "placeholder": "random"},
                        on_input=set_seed,
                    ),
                ),
                h("p.hint", "The same seed and the same moves always give the same game."),
            ),
            h(
                "div.button-row",
                h("button#start-game.primary", {"type": "submit"}, "Start game"),
                h("a.button", {"href": f"#/rules/{game_id}"}, "Read the rules"),
            ),
            on_submit=lambda e: (e.preventDefault(), start(act, game_id, form, module)),  # type: ignore[func-returns-value]
        ),
    )


def start(act: Actions, game_id: str, form: dict[str, Any], module: GameModule) -> None:
    started = as_started(form, module)
    if act.start_game(game_id, started):
        # Names and options are kept for the next game; who goes first is asked afresh, and a typed
        # seed dealt this game only (kept, it dealt every later game of this kind the same cards).
        # Who plays each seat is remembered for every game's next form (in memory where storage is blocked).
        form["first"] = 0
        form["seed"] = ""
        act.update_settings(seats=chosen_players(form))


def applies(module: GameModule, key: str, players: int) -> bool:
    """Whether an option means anything with this many players (Towers of Wyoming's two foundations for three)."""
    counts = game_hook(module, "OPTION_PLAYERS").get(key)
    return counts is None or players in counts


def chooses_first(module: GameModule) -> bool:
    """Games whose rules let the table choose who starts and whose engine starts with the first seat:
    no sides (a side may have its own first move) and no "first" option of their own."""
    return not module.SEAT_NAMES and "first" not in module.default_options()


def first_player(form: dict[str, Any], module: GameModule) -> int:
    """The seat chosen to go first: the first seat where the game does not let the table choose,
    or where the choice is beyond the players now at the table (fewer were chosen since)."""
    first = form.get("first", 0) if chooses_first(module) else 0
    return first if 0 <= first < form["players"] else 0


def first_seat(form: dict[str, Any], module: GameModule) -> El | None:
    if not chooses_first(module):
        return None
    first = first_player(form, module)

    def set_first(event: Any) -> None:
        form["first"] = parse_count(str(event.target.value), 0, form["players"] - 1) or 0

    return h(
        "label.first-seat",
        {"for": "first-seat"},
        "Who goes first",
        h(
            "select#first-seat",
            [
                h("option", {"value": str(i), "selected": i == first}, clean_name(form["seats"][i]["name"]) or f"Seat {i + 1}")
                for i in range(form["players"])
            ],
            on_change=set_first,
        ),
    )


def as_started(form: dict[str, Any], module: GameModule) -> dict[str, Any]:
    """The form as the game starts it: the seats turned so the chosen first player sits first (play
    goes round in the same order), and options that mean nothing at this player count left at their
    defaults."""
    n = form["players"]
    first = first_player(form, module)
    seats = form["seats"][first:n] + form["seats"][:first] + form["seats"][n:]
    defaults = module.default_options()
    options = {k: (v if applies(module, k, n) else defaults[k]) for k, v in form["options"].items()}
    return dict(form, seats=seats, options=options)
