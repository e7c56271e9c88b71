"""Which screen a route shows, and the little each screen keeps between visits: every game's
new-game (or embed) form, the balance lab's batches, an embed's setup read from its address,
a position diagram read once. Browser-free: the page's address arrives as a plain mapping and
its full-app links through ``full_app_url``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tabletop.engine.errors import SaveError
from tabletop.ui.screens import embed, home, new_game, not_found, readings, replay, rules, settings, table
from tabletop.ui.shell.actions import Actions
from tabletop.ui.shell.context import ScreenContext
from tabletop.ui.shell.router import READINGS
from tabletop.ui.table.current_game import CurrentGame
from tabletop.ui.table.isolate import isolated
from tabletop.ui.web.dom import El, h

TABLE_ROUTES = ("play", "embed")


class Pages:
    def __init__(self, game: CurrentGame, query: Mapping[str, str], full_app_url: Callable[[str], str]) -> None:
        self.game = game
        self.query = query  # the page's address (?embed=GAME&position=CODE&vs=computer…)
        self.full_app_url = full_app_url
        self.forms: dict[str, dict[str, Any]] = {}  # each game's new-game (or embed) form, kept between visits
        self.lab_state: dict[str, Any] = {}
        self.embed_problems: list[str] = []  # what an embed's address asked for that was not understood
        self._position: tuple[str, Any] | None = None  # a position diagram's code, read once
        self.lessons: dict[str, Any] = {}  # each game's lesson in progress (ui/table/lesson_run.py), kept between visits
        self.shown: Any = None  # the route last drawn (a lesson is read again from storage on arrival)

    def draw(self, ctx: ScreenContext, act: Actions, close_history: Callable[[], None]) -> El:
        """The route's screen, every player name in its text isolated (ui/table/isolate.py)."""
        return isolated(self.screen(ctx, act, close_history), self.names_shown(ctx))

    def names_shown(self, ctx: ScreenContext) -> list[str]:
        """The player names the route's screen can show: the game at the table's, its history's, a
        position diagram's, a lesson's, and on Home (or an embed's first screen) the saved games'."""
        route = ctx.route
        seated = [ctx.game.seats if ctx.game is not None else [], self.game.history.seats if self.game.history is not None else []]
        names = [str(seat["name"]) for seats in seated for seat in seats]
        if self._position is not None and not isinstance(self._position[1], SaveError):
            names += self._position[1].names
        run = self.lessons.get(route.game or "")
        if route.name == "learn" and run is not None:
            names += run.names()
        if route.name == "home" or (route.name == "embed" and ctx.game is None):
            names += [str(seat["name"]) for record in ctx.saves.records() for seat in record["seats"]]
        return names

    def screen(self, ctx: ScreenContext, act: Actions, close_history: Callable[[], None]) -> El:
        arrived, self.shown = self.shown != ctx.route, ctx.route
        route, game_id = ctx.route, ctx.route.game or ""
        if route.name == "home":
            return home.render(ctx, act)
        if route.name == "new":
            return new_game.render(ctx, act, game_id, self.form(ctx, game_id))
        if route.name in TABLE_ROUTES:
            return self.table_or_setup(ctx, act, game_id, close_history)
        if route.name == "replay" and self.game.history is not None:
            label, fragment = self.game.history_back()
            return self.history(ctx, act, label, lambda: act.navigate(fragment))
        if route.name == "rules":
            return readings.render(ctx) if route.arg == READINGS and route.game is None else rules.render(ctx, route.game)
        if route.name == "learn":
            return self.lesson(ctx, act, game_id, arrived)
        if route.name == "settings":
            return settings.render(ctx, act)
        if route.name == "lab":
            from tabletop.ui.screens import lab  # the balance lab loads the computer players: only when asked

            return lab.render(ctx, act, lab.prepare(self.lab_state, ctx.games))
        from urllib.parse import unquote  # here, not at start-up: importing it costs ~70 ms in the browser

        return not_found.render(unquote(route.arg or ""))  # "<b>" rather than "%3Cb%3E", shown as text

    def lesson(self, ctx: ScreenContext, act: Actions, game_id: str, arrived: bool) -> El:
        """A game's guided first game (screens/lesson.py), resumed where the learner left it: as stored
        (another tab may have moved it on), or as this page kept it when storage is off."""
        from tabletop.ui.screens import lesson
        from tabletop.ui.table.lesson_run import LessonRun

        store = self.game.store
        run = self.lessons.get(game_id)
        if run is None or (arrived and store.available):
            script = ctx.catalog[game_id].lesson if game_id in ctx.catalog else None
            if script is None:
                return not_found.render(f"learn/{game_id}")
            run = self.lessons[game_id] = LessonRun(ctx.games[game_id], script, store.backend if store.available else None)
        return lesson.render(ctx, act, run, self.form(ctx, game_id))

    def history(self, ctx: ScreenContext, act: Actions, label: str, back: Callable[[], None]) -> El:
        history = self.game.history
        assert history is not None
        tree = replay.render(ctx, act, history, label, back)
        history.fresh = False  # focus went to its controls once, when it opened
        return tree

    def table_or_setup(self, ctx: ScreenContext, act: Actions, game_id: str, close_history: Callable[[], None]) -> El:
        session = self.game.session
        if session is None or session.module.ID != game_id:
            code = self.query.get("position")
            if ctx.route.name == "embed" and code:
                from tabletop.ui.screens import diagram  # a position diagram (?embed=GAME&position=CODE)

                if self._position is None or self._position[0] != code:
                    self._position = (code, diagram.decoded(ctx.games, code))
                return diagram.render(
                    ctx, act, game_id, self._position[1], lambda: self.embed_start(ctx, act, game_id), self.full_app_url(f"#/open/{code}")
                )
            if ctx.route.name == "embed":
                return self.embed_start(ctx, act, game_id)
            return new_game.render(ctx, act, game_id, self.form(ctx, game_id))
        if ctx.route.name == "embed" and self.game.history_here and self.game.history is not None:
            return self.history(ctx, act, "Back to the game", close_history)
        self.game.settle(curtain_on=bool(ctx.settings.get("curtain", True)))
        if ctx.route.name == "embed":  # the game goes by its link (the frame's storage is often blocked): open_full.py
            from tabletop.ui.web import open_full

            return h("div.embed", table.render(ctx, act, open_full.button(game_id, act)))
        return table.render(ctx, act)

    def form(self, ctx: ScreenContext, game_id: str) -> dict[str, Any]:
        if game_id not in self.forms:
            self.forms[game_id] = new_game.default_form(ctx, ctx.games[game_id])
        return new_game.follow_usual_names(ctx, ctx.games[game_id], self.forms[game_id])

    def embed_form(self, ctx: ScreenContext, game_id: str) -> dict[str, Any]:
        """An embed's form, read from the page's address the first time."""
        from tabletop.ui.embed.setup import apply_query

        if game_id not in self.forms:
            module = ctx.games[game_id]
            setup = apply_query(self.query, module, new_game.default_form(ctx, module))
            self.forms[game_id] = setup.form
            self.embed_problems = setup.problems
        return self.forms[game_id]

    def embed_start(self, ctx: ScreenContext, act: Actions, game_id: str) -> El:
        """An embed's first screen: the game, who the reader plays against, and Start."""
        form = self.embed_form(ctx, game_id)
        return embed.start_screen(ctx, act, game_id, form, self.embed_problems, self.full_app_url(f"#/new/{game_id}"))
