"""Hash routes, so any static host (and any subpath) serves every screen.

>>> parse("#/play/war-of-the-worlds")
Route(name='play', game='war-of-the-worlds', arg=None)
>>> parse("#/nowhere").name, parse("").name
('not-found', 'home')
>>> parse("#/rules/readings", ("tower-war",)).hash
'#/rules/readings'
"""

from __future__ import annotations

from dataclasses import dataclass

GAME_ROUTES = ("new", "play", "rules", "embed", "replay", "learn")  # replay: #/replay/GAME/SAVE-ID (screens/replay.py); learn: a lesson
PLAIN_ROUTES = ("", "rules", "settings", "lab")
LINK_ROUTE = "open"  # #/open/CODE: a game carried whole in the link (engine/share.py)
READINGS = "readings"  # #/rules/readings: every reading of the rulebooks on one page (screens/readings.py), no game's


@dataclass(frozen=True)
class Route:
    name: str
    game: str | None = None
    arg: str | None = None

    @property
    def hash(self) -> str:
        parts = ["#", "" if self.name == "home" else self.name]
        if self.game:
            parts.append(self.game)
        if self.arg:
            parts.append(self.arg)
        return "/".join(parts) if len(parts) > 2 or parts[1] else "#/"


def parse(fragment: str, known_games: tuple[str, ...] | None = None) -> Route:
    """Read ``#/name/game/arg``; anything unknown is the not-found route."""
    path = fragment.lstrip("#").strip("/")
    parts = [p for p in path.split("/") if p] if path else []
    if not parts:
        return Route("home")
    name, rest = parts[0], parts[1:]
    if name in PLAIN_ROUTES and not rest:
        return Route(name)
    if name == "rules" and rest == [READINGS]:
        return Route(name, arg=READINGS)
    if name == LINK_ROUTE and len(rest) == 1:
        return Route(name, arg=rest[0])
    if name in GAME_ROUTES and 1 <= len(rest) <= 2:
        game = rest[0]
        if known_games is not None and game not in known_games:
            return Route("not-found", arg=path)
        return Route(name, game, rest[1] if len(rest) > 1 else None)
    return Route("not-found", arg=path)
