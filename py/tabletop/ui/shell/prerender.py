"""The pages build.py writes into index.html from the app's own screens, so a visitor can read
and click before Python is ready: the home screen's games, the rules, and a note for screens
that need the engine. Runs under CPython at build time; nothing here is used in the browser."""

from __future__ import annotations

from tabletop.games import REGISTRY
from tabletop.ui.screens import home, readings, rules
from tabletop.ui.shell.context import ScreenContext
from tabletop.ui.web.dom import El, h, to_html

WAITING = "This screen opens as soon as the game engine is ready."


def pages() -> dict[str, El]:
    """Route (the address's fragment, ``*`` for any other) -> the tree shown there before Python."""
    ctx = ScreenContext.detached()
    out = {"#/": h("section.home", home.welcome(REGISTRY)), "#/rules": rules.render(ctx, None)}
    for game_id in REGISTRY:
        out[f"#/rules/{game_id}"] = rules.render(ctx, game_id)
    out[rules.READINGS_HASH] = readings.render(ctx)
    out["*"] = h("section.waiting", {"data-screen": "waiting"}, h("p.hint", WAITING))
    return out


def templates() -> str:
    """Every page as an inert ``<template data-route=...>`` (static/js/boot.js shows the one for the address)."""
    return "\n".join(f'<template data-route="{route}">{to_html(tree)}</template>' for route, tree in pages().items())


def home_html() -> str:
    """What <main> holds in the HTML itself: the home screen, painted before any script runs."""
    return to_html(pages()["#/"])
