"""The public table: the Settling Sky, the piles, the opposition of suits, and every
builder's foundations with their towers as fanned stacks.

Parts a lesson may outline (``data-part``, engine/lesson.py): ``sky``, ``draw-pile``,
``discard-pile``, ``opposition``, ``seat:<n>``, ``foundations:<n>`` (seat n's row of
foundations), ``foundation:<n>:<i>`` (seat n's foundation i, from 0); in hand.py: ``hand``,
``hand-suit:<letter>`` (``hand-suit:S``), ``decision``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.engine.cards import Suit
from tabletop.engine.events import Event
from tabletop.engine.words import count
from tabletop.games.towers_of_wyoming.telling import play_words
from tabletop.ui.render.towers_of_wyoming.cards import back, face, fan_card
from tabletop.ui.render.towers_of_wyoming.choice import SUIT_ORDER, Choice
from tabletop.ui.render.towers_of_wyoming.hand import theirs_class, verb_of
from tabletop.ui.render.towers_of_wyoming.words import Teller, cards, symbol
from tabletop.ui.web.dom import El, h
from tabletop.ui.web.motion import key, last_move
from tabletop.ui.web.tips import tip, tip_shown

FOUNDATION_TIP = (
    "A foundation: a tower of one suit grows here. You construct onto a tower of the suit you play, or onto an empty "
    "foundation of your own; you deconstruct a tower with its opposing suit. A tower taller than the Sky wins for its owner."
)

MAX_COINS = 16


def pennies(n: int) -> str:
    return "1 penny" if n == 1 else f"{n} pennies"


def win_words(view: dict[str, Any]) -> str:
    size = view["win_size"]
    if view["options"].get("finicky_clients"):
        if size == 0:
            return "An empty foundation wins"
        return f"Exactly {size} cards win"
    return f"{size}+ cards win"


def sky(view: dict[str, Any]) -> El:
    n = view["sky"]
    coins = [h("span.tow-coin") for _ in range(min(n, MAX_COINS))]
    return h(
        "div.tow-sky",
        {
            "role": "group",
            "aria-label": f"Settling Sky: {pennies(n)}. {view['win_rule']}",
            "data-part": "sky",
            "tabindex": "0",
            **tip(
                f"The Settling Sky: {pennies(n)}. {view['win_rule']} The pennies change when the draw pile runs out and the "
                "discards are shuffled into a new one."
            ),
        },
        h("span.tow-label", "Settling Sky"),
        h(
            "span.tow-sky-row",
            {"aria-hidden": "true"},
            h("span.tow-coins", coins, h("span.tow-more", f"+{n - MAX_COINS}") if n > MAX_COINS else None),
            h("strong.tow-sky-n", str(n)),
        ),
        h("span.tow-win", {"aria-hidden": "true"}, win_words(view)),
    )


def piles(view: dict[str, Any]) -> list[El]:
    draw, discard, top = view["draw_pile"], view["discard_pile"], view["discard_top"]
    draw_el = h(
        "div.tow-pile",
        {"role": "group", "aria-label": f"Draw pile: {count(draw, 'card')}", "data-part": "draw-pile"},
        h("span.tow-label", {"aria-hidden": "true"}, "Draw"),
        h(
            "span.tow-pile-cards",
            {"aria-hidden": "true"},
            back(".tow-pile-card") if draw else h("span.tow-pile-empty", "empty"),
            h("strong.tow-count", str(draw)),
        ),
    )
    top_words = f", {top['label']} on top" if top else ""
    discard_el = h(
        "div.tow-pile",
        {"role": "group", "aria-label": f"Discard pile: {count(discard, 'card')}{top_words}", "data-part": "discard-pile"},
        h("span.tow-label", {"aria-hidden": "true"}, "Discard"),
        h(
            "span.tow-pile-cards",
            {"aria-hidden": "true"},
            face(top["code"], ".tow-pile-card", attrs=key("card", top["code"])) if top else h("span.tow-pile-empty", "empty"),
            h("strong.tow-count", str(discard)),
        ),
    )
    return [draw_el, discard_el]


def opposition(view: dict[str, Any]) -> El:
    beats = view["opposition"]
    symmetric = all(beats[beats[s]] == s for s in beats)
    items = []
    if symmetric:
        done: set[str] = set()
        for s in SUIT_ORDER:
            if s in done:
                continue
            done |= {s, beats[s]}
            items.append(
                h(
                    "li",
                    h("span", {"class": f"tow-sym tow-{Suit(s).noun}"}, symbol(s)),
                    " ⇄ ",
                    h("span", {"class": f"tow-sym tow-{Suit(beats[s]).noun}"}, symbol(beats[s])),
                )
            )
        words = "Opposition: " + "; ".join(f"{Suit(s).noun} and {Suit(beats[s]).noun} knock each other down" for s in ("S", "C"))
    else:
        s, chain = "C", []
        for _ in range(4):
            chain.append(s)
            s = beats[s]
        items.append(
            h(
                "li",
                [[h("span", {"class": f"tow-sym tow-{Suit(x).noun}"}, symbol(x)), " → "] for x in chain],
                h("span", {"class": f"tow-sym tow-{Suit(chain[0]).noun}"}, symbol(chain[0])),
            )
        )
        words = "Wheel of Opposition, one way only: " + ", ".join(f"{Suit(x).noun} knock down {Suit(beats[x]).noun}" for x in chain)
    return h(
        "div.tow-opp",
        {"role": "group", "aria-label": words, "data-part": "opposition"},
        h("span.tow-label", {"aria-hidden": "true"}, "Knock down"),
        h("ul.tow-opp-list", {"aria-hidden": "true"}, items),
    )


def center(view: dict[str, Any]) -> El:
    return h("div.tow-center", sky(view), *piles(view), opposition(view))


def changes(recent: list[Event], names: list[str]) -> dict[tuple[int, int], str]:
    """A short tag for each tower a play since the viewer's last turn touched (the last one wins)."""
    tags: dict[tuple[int, int], str] = {}
    for e in recent:
        who = names[e["seat"]] if e.get("seat") is not None else ""
        if e["kind"] == "construct":
            tags[(e["owner"], e["foundation"])] = f"{who}: +{e['count']}{symbol(e['suit'])}"
        elif e["kind"] == "deconstruct":
            after = e["after"]
            if not after["size"]:
                what = "knocked down"
            elif after["suit"] != e["before"]["suit"]:
                what = f"turned {symbol(after['suit'])}"
            else:
                what = f"−{e['count']}{symbol(e['before']['suit'])}"
            tags[(e["owner"], e["foundation"])] = f"{who}: {what}"
    return tags


def strip_px(size: int) -> int:
    """How much of each lower card shows: less as a tower grows, so tall towers stay on screen."""
    return 13 if size <= 9 else max(5, round(117 / (size - 1)))


def tag_chip(tag: str) -> El:
    """The change tag; who made it is a span of its own, which a narrow frame leaves out."""
    who, _, what = tag.rpartition(": ")
    return h("span.tow-tag", {"aria-hidden": "true"}, h("span.tow-tag-who", f"{who}: ") if who else None, what)


def tower(
    view: dict[str, Any],
    seat: dict[str, Any],
    t: dict[str, Any],
    choice: Choice,
    teller: Teller,
    tags: dict[tuple[int, int], str],
    on_target: Callable[[tuple[int, int]], None],
    winning: bool,
) -> El:
    owner, f = seat["seat"], t["index"]
    key = (owner, f)
    size, letter = t["size"], t["suit"]
    lit = key in choice.lit()
    chosen = choice.target == key
    play = choice.play_at(key) if lit else None
    what = teller.tower(size, letter)
    label = f"{teller.place(owner, f)}: {what}"
    tag = tags.get(key)
    classes = tower_classes(letter, lit, chosen, tag, winning)
    parts = [
        tag_chip(tag) if tag else None,
        h("span.tow-crown", {"aria-hidden": "true"}, "★ Winning tower") if winning else None,
        *tower_pile(t),
    ]
    if lit and play is not None:
        parts.insert(0, play_chip(play, choice, teller))
        spoken = f"{label}. {target_words(play, choice, teller)}"
        # Named by its (hidden) sentence, not aria-label: the visible chip stays part of the name.
        return h(
            f"button#tow-target-{owner}-{f}{classes}",
            {
                "type": "button",
                "aria-pressed": "true" if chosen else "false",
                "data-step": "target",
                "data-target": f"{owner}-{f}",
                "data-tower": f"{letter or ''}{size}",
                "data-part": f"foundation:{owner}:{f}",
                **last_move(bool(tag)),
                **tip(FOUNDATION_TIP),
            },
            h("span.visually-hidden", spoken),
            parts,
            on_click=lambda _e: on_target(key),
        )
    if tag:
        label += f" (just changed: {tag})"
    if winning:
        label += ", the winning tower"
    return h(
        f"div{classes}",
        {
            "role": "img",
            "aria-label": label,
            "data-target": f"{owner}-{f}",
            "data-tower": f"{letter or ''}{size}",
            "data-part": f"foundation:{owner}:{f}",
            **last_move(bool(tag)),
            **tip(FOUNDATION_TIP),
        },
        parts,
    )


def tower_classes(letter: str | None, lit: bool, chosen: bool, tag: str | None, winning: bool) -> str:
    """The tower's classes, as a selector: its suit (or bare), lit, chosen, just changed, winning."""
    return (
        ".tow-tower"
        + (f".tow-{Suit(letter).noun}" if letter else ".tow-bare")
        + (".tow-lit" if lit else "")
        + (".tow-chosen" if chosen else "")
        + (".tow-changed" if tag else "")
        + (".tow-winning" if winning else "")
    )


def tower_pile(t: dict[str, Any]) -> list[El | None]:
    """A tower's cards fanned upward (or "empty"), and its height and suit beside them."""
    size, letter = t["size"], t["suit"]
    # --cards lets a small frame squeeze a tall tower further (static/css/games/towers_of_wyoming.css)
    stack = h(
        "span.tow-stack" + (".tow-tall" if size > 5 else ""),
        {"style": f"--strip:{strip_px(size)}px;--cards:{size}", "aria-hidden": "true"},
        [fan_card(code, i == size - 1) for i, code in enumerate(t["cards"])] if size else h("span.tow-empty", "empty"),
    )
    height = h("span.tow-height", {"aria-hidden": "true"}, h("strong", str(size)), " ", symbol(letter)) if size else None
    return [stack, height]


def play_chip(play: dict[str, Any], choice: Choice, teller: Teller) -> El:
    """The chip over a lit tower: what the chosen cards would do there, the tower after, who it makes win."""
    verb = verb_of(play)
    after = play["after"]
    result = f"{after['size']} {symbol(after['suit'])}" if after["size"] else "empty"
    win = play["wins"]
    flag = None
    if win is not None:
        flag = h("span.tow-chip-win", "★ wins" if win == choice.view["seat"] else f"⚠ {teller.names[win]} wins")
    chip = f"span.tow-chip.tow-{play['action']}{theirs_class(play)}"  # another builder's tower looks different
    return h(chip, {"aria-hidden": "true"}, h("span", verb), h("span", f"→ {result}"), flag)


def target_words(play: dict[str, Any], choice: Choice, teller: Teller) -> str:
    """What a lit tower's button says after its place: the play, and whom it makes win."""
    win = play["wins"]
    spoken = f"{verb_of(play)}: {play_words(play, teller.people, teller.viewer, teller.foundations)}"
    if win is not None:
        spoken += ". This wins the game" + ("" if win == choice.view["seat"] else f" for {teller.names[win]}")
    return spoken


def seat_panel(
    view: dict[str, Any],
    seat: dict[str, Any],
    choice: Choice,
    teller: Teller,
    tags: dict[tuple[int, int], str],
    on_target: Callable[[tuple[int, int]], None],
    winners: list[int],
    edge: str | None = None,
) -> El:
    p = seat["seat"]
    me = p == teller.viewer
    acting = view["to_act"] == p
    name = teller.names[p]
    won = p in winners
    best = max((t["size"] for t in seat["towers"]), default=0)
    badges = []
    if acting:
        badges.append(h("span.tow-badge.tow-badge-turn", "to play"))
    if not seat["in_game"]:
        badges.append(h("span.tow-badge.tow-badge-out", "out"))
    if won:
        badges.append(h("span.tow-badge.tow-badge-won", "★ winner"))
    hand = h(
        "span.tow-hand-size",
        tip_shown(f"{count(seat['hand_size'], 'card')} in hand"),
        h("span.tow-mini-back", {"aria-hidden": "true"}),
        f"{seat['hand_size']}",
        h("span.visually-hidden", " card in hand" if seat["hand_size"] == 1 else " cards in hand"),
    )
    classes = (
        f".tow-seat.tow-seat-{p}"
        + (".tow-me" if me else "")
        + (".tow-acting" if acting else "")
        + (".tow-out" if not seat["in_game"] else "")
        + (".tow-won" if won else "")
    )
    towers = [tower(view, seat, t, choice, teller, tags, on_target, won and t["size"] == best and best > 0) for t in seat["towers"]]
    return h(
        f"section{classes}",
        {"aria-label": f"{name}{' (you)' if me else ''}", "data-seat": str(p), "data-part": f"seat:{p}", "data-edge": edge},
        h("header.tow-seat-head", h("h2.tow-name", name, h("span.tow-you", " (you)") if me else None), badges, hand),
        h("div.tow-foundations", {"data-part": f"foundations:{p}"}, towers),
        h("p.tow-out-note", "Lost the building contract") if not seat["in_game"] else None,
    )


def tower_summary(seat: dict[str, Any]) -> str:
    sizes = [cards(t["size"], t["suit"]) for t in seat["towers"] if t["size"]]
    return ", ".join(sizes) if sizes else "no tower"
