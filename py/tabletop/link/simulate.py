"""Devices that play one game only by passing links, as friends' browsers do: each keeps its own
save, makes its own moves (random legal ones here), and knows the others only through the links it
opens. The tests' devices, and the bench's figures for the size of links."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any

from tabletop.engine.rng import ChanceAwaited, Rng
from tabletop.games import GAMES
from tabletop.link.codes import LinkRefused, from_code
from tabletop.link.game import awaits_cards, new_link_save, owes_link, play, reading, replayed, send, take

Choose = Callable[[Any, list[Any], Rng], Any]  # (state, legal moves, rng) -> the move a player makes


class Device:
    def __init__(self, game: str) -> None:
        self.module = GAMES[game]
        self.save: dict[str, Any] | None = None
        self.state: Any = None
        self.sent: list[str] = []

    def create(self, names: list[str], options: dict[str, Any], me: int) -> None:
        seats = [{"name": name, "kind": "human" if i == me else "friend"} for i, name in enumerate(names)]
        self.save = new_link_save(self.module, seats, options, me)
        try:
            self.state = replayed(self.module, self.save)
        except ChanceAwaited:
            self.state = None

    @property
    def me(self) -> int:
        assert self.save is not None
        return int(self.save["link"]["me"])

    def can_move(self) -> bool:
        assert self.save is not None
        link = self.save["link"]
        return (
            self.state is not None
            and not link["pending"]
            and link["ended"] is None
            and self.module.outcome(self.state) is None
            and self.module.to_act(self.state) == self.me
            and not awaits_cards(self.module, self.save, self.state)
        )

    def move(self, rng: Rng, choose: Choose | None = None) -> None:
        assert self.save is not None
        with reading(self.save, self.state):
            legal = self.module.legal_moves(self.state)
        move = legal[rng.below(len(legal))] if choose is None else choose(self.state, legal, rng)
        after = play(self.module, self.save, self.state, move)
        if after is not None:
            self.state = after

    def outbox(self) -> str | None:
        """The link this device owes now, made and sealed; None when it owes none."""
        assert self.save is not None
        if not owes_link(self.module, self.save, self.state):
            return None
        code = send(self.save, module=self.module, state=self.state)
        self.sent.append(code)
        return code

    def open(self, code: str) -> None:
        taken = take(self.module, self.save, from_code(code), GAMES)
        self.save, self.state = taken.save, taken.state


Watch = Callable[[Device, Device, str, Any], None]
NAMES = ("Ana", "Ben", "Cy", "Di")


def play_by_links(
    game: str,
    options: dict[str, Any],
    seed: int,
    creator: int = 0,
    max_links: int = 4000,
    devices: tuple[Device, ...] | None = None,
    watch: Watch | None = None,
    choose: Choose | None = None,
    players: int = 2,
    resume: bool = False,
) -> tuple[Device, ...]:
    """A whole game between ``players`` devices by random legal moves (or ``choose``'s), every move
    carried by a link; three or four pass their links round the table in seat order. The first
    device (Ana) makes the game in seat ``creator``; the others take the seats after it, in order,
    as they open their first link. ``watch(sender, receiver, code, earlier)`` sees every link once
    the receiver has taken it (``earlier``: the receiver's state before it); a LinkRefused goes up
    with the device that refused it as ``by``."""
    rng = Rng(seed)
    devices = devices or tuple(Device(game) for _ in range(players))
    if not resume:  # ``resume``: ``devices`` hold a game already, which goes on
        devices[0].create(list(NAMES[: len(devices)]), options, creator)
    for _ in range(max_links):
        for device in devices:
            while device.save is not None and device.can_move():
                device.move(rng, choose)
        sender = next((d for d in devices if d.save is not None and owes_link(d.module, d.save, d.state)), None)
        if sender is None:
            return devices
        receiver = devices[(devices.index(sender) + 1) % len(devices)]
        code = sender.outbox()
        assert code is not None
        earlier = receiver.state
        try:
            receiver.open(code)
        except LinkRefused as refusal:
            refusal.by = receiver  # type: ignore[attr-defined]
            raise
        if watch is not None:
            watch(sender, receiver, code, earlier)
    raise AssertionError("the game did not end")


def varied(game: str, seed: int) -> dict[str, Any]:
    """Options that change from game to game of a sample: each variant played as often."""
    if game == "war-of-the-worlds":
        return {"tactical": seed % 2 == 1}
    if game == "tower-battle":
        return {"scoring": "advanced" if seed % 2 else "simple", "tnt": seed % 3 == 0}
    if game == "towers-of-wyoming":
        return {
            "wheel_of_opposition": seed % 2 == 1,
            "tidal_influences": seed % 3 == 1,
            "sudden_death": seed % 4 == 2,
            "contractual_deadlines": seed % 5 == 3,
            "finicky_clients": seed % 7 == 4,
        }
    if game == "tower-war":
        return {"advanced_draft": seed % 2 == 1}
    return {}


def link_sizes(game: str, games: int = 200, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Characters per link over ``games`` simulated games (seeds 0 ..): the median and 95th
    percentile of every link after each game's first, the first links' largest (it also carries
    the game and each player's promises), and how many of all links are over 2,000 characters."""
    later: list[int] = []
    first: list[int] = []
    for seed in range(games):
        ana, ben = play_by_links(game, dict(varied(game, seed), **(options or {})), seed, creator=seed // 2 % 2)[:2]
        first.append(len(ana.sent[0]))
        later += [len(code) for code in ana.sent[1:] + ben.sent]
    later.sort()
    return {
        "games": games,
        "links": len(later) + len(first),
        "median": statistics.median(later),
        "p95": later[int(0.95 * (len(later) - 1))],
        "max": later[-1],
        "first_max": max(first),
        "over_2000": sum(1 for size in later + first if size > 2000),
    }


def ring_sizes(players: int, games: int) -> dict[str, Any]:
    """Characters per link of Towers of Wyoming round a table of ``players`` over ``games``
    simulated games (seeds 0 .., Contractual Deadlines left out: not by link round a table yet):
    the links of the first two rounds (every pass, then every hand's layers), the links of turns
    after them (median, 95th percentile), and those that carry a recycle's passes."""
    from tabletop.link.codes import from_code

    first: list[int] = []
    turns: list[int] = []
    shuffles: list[int] = []
    for seed in range(games):
        options = dict(varied("towers-of-wyoming", seed), contractual_deadlines=False)
        devices = play_by_links("towers-of-wyoming", options, seed, creator=seed % players, players=players)
        for device in devices:
            for code in device.sent:
                ring = from_code(code)["ring"]
                if ring[-1]["n"] < 2 * players:
                    first.append(len(code))
                else:
                    (shuffles if any("d" in message for message in ring) else turns).append(len(code))
    turns.sort()
    return {
        "games": games,
        "players": players,
        "links": len(first) + len(turns) + len(shuffles),
        "median": statistics.median(turns),
        "p95": turns[int(0.95 * (len(turns) - 1))],
        "max": turns[-1],
        "first_rounds_max": max(first),
        "shuffle_links": len(shuffles),
        "shuffle_max": max(shuffles, default=0),
        "over_2000": sum(1 for size in first + turns + shuffles if size > 2000),
    }
