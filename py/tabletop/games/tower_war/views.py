"""What one seat may see of a Tower War game, as JSON.

Secrets and who sees them:

* draft: the five face-up cards and the two piles while they are on the table;
  once taken, drafted cards are face down for everyone, their owner included
  (only counts), until the draft ends;
* the three set-aside cards: nobody, ever; unused drafted cards: their owner;
* a deck: its owner sees what is in it (sorted, never its order), the other only
  its size; a hand: its owner; discard piles, played cards and the tower: everyone.
* events (``telling``): what every move did, the same for every seat but for which card went
  into a deck, which only its owner sees (``PRIVATE_FACTS``);
* once the war is over (``at_end``): every player's hand, deck (sorted) and unused
  drafted cards, for everyone (they stay hidden only *during* the war); the three
  set-aside cards are never named, though with the other 51 shown they are known by
  elimination (harmless once the war is over; README says so).

In a game by link the state holds hidden cards (``engine/hidden.py``) for the drafted cards once
the draft is over, the decks and the hands: a view shows the cards this device reads (``peek``),
counts the rest (``hand_unread``), and gives the seat's own hidden cards' faces (``mine.faces``,
hidden card -> code) so that the renderer shows its moves by the cards they name.

Cards appear as their codes (``"9H"``, ``"JOKER1"``; ``Card.parse`` reads them).
Tower coordinates are world millimetres (see ``tower.py``): origin at the base
card's centre, x along the 63 mm side (right), y along the 88 mm side (up). Drop
targets are in the top card's frame: the same axes, origin at the top card's centre.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tabletop.engine.bounds import count, items, outcome_bounds, real, under
from tabletop.engine.cards import Card
from tabletop.engine.events import Event
from tabletop.engine.hidden import AnyCard, CardAwaited, Hidden, is_hidden, peek, unveiled
from tabletop.engine.protocol import checked_seat
from tabletop.engine.pyramids import SIZES
from tabletop.engine.saves import MAX_MOVES
from tabletop.games.tower_war import physics as ph
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war import tower as tw
from tabletop.games.tower_war.exact_drop import size_warnings
from tabletop.games.tower_war.facts import BATTLE_DRAW, DECK_SIZE, DRAFT_DEAL, DRAFT_LEFTOVER, ID, PILE_NAMES, SKIRMISHES, STASH_PER_SIZE
from tabletop.games.tower_war.moves import move_to_json
from tabletop.games.tower_war.scoring import battle_total, compare, is_double, skirmish_value
from tabletop.games.tower_war.state import State
from tabletop.games.tower_war.telling import PRIVATE_FACTS

TREMOR_FORMULA = (
    "landing = target + A * s(t) * (sin(2*pi*f1*t + p1), sin(2*pi*f2*t + p2)), t = hold_ms / 1000; "
    "s(t): 1, or with a third phase p3 the calm: u = (hold_ms + p3 * every_ms) mod every_ms, s = floor for "
    "u < calm_ms, then smoothstep ramps of ramp_ms up to 1 and back down before the next calm"
)


def code(card: Card | None) -> str | None:
    return None if card is None else str(card)


def codes(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def sorted_codes(cards: Iterable[Card]) -> list[str]:
    """A pile's contents in a fixed order that tells nothing of its real order."""
    return codes(sorted(cards, key=lambda c: (c.suit.value if c.suit else "~", c.rank, c.copy)))


def read_cards(cards: Iterable[AnyCard]) -> list[Card]:
    """The cards this device reads, in the order held (by link, a hidden card it cannot read yet
    is left out; at one table every card is read)."""
    return [shown for shown in map(peek, cards) if shown is not None]


def deck_seen(s: State, seat: int) -> list[Card]:
    """The cards left in ``seat``'s deck, as this device reads them: by link, the contents of the
    deck its hidden places belong to, less the places already drawn (no one reads the order);
    empty while a drawn card is not read yet."""
    held: set[AnyCard] = set(s.deck[seat])
    if not any(is_hidden(card) for card in held):
        return list(s.deck[seat])  # plain cards: one table
    left: list[Card] = []
    decks = getattr(s.rng, "decks", ())
    for number in sorted({card.deck for card in held if isinstance(card, Hidden)}):
        contents = [peek(entry) for entry in decks[number].contents]
        drawn = [peek(Hidden(number, pos)) for pos in range(len(contents)) if Hidden(number, pos) not in held]
        if None in contents or None in drawn:
            return []
        for card in drawn:
            contents.remove(card)
        left += [card for card in contents if card is not None]
    return left


def sizes_json(counts: list[int]) -> dict[str, Any]:
    return {str(z): counts[z] for z in SIZES}


def view(s: State, seat: int | None) -> dict[str, Any]:
    """The game as ``seat`` sees it (``None``: a spectator, who sees no secrets)."""
    seat = checked_seat(seat, 2)
    return {
        "game": ID,
        "seat": seat,
        "phase": s.phase,
        "to_act": s.actor,
        "outcome": s.result.to_json() if s.result else None,
        "events": events_seen(s.events, seat),
        "epoch": s.epoch,
        "prompt": prompt(s),
        "players": [player_view(s, p, seat) for p in (0, 1)],
        "draft": draft_view(s),
        "base_card": code(s.base_card),
        "mine": private_view(s, seat),
        "battle": battle_view(s, seat),
        "placing": placing_view(s),
        "held": held_view(s),
        "tower": tower_view(s),
        "last_drop": s.last_drop,
        "physics": physics_view(),
        "at_end": cards_at_end(s),
    }


def events_seen(events: list[Event], seat: int | None) -> list[Event]:
    """The events as ``seat`` may see them: another seat's private facts left out."""
    return [
        e
        if e["kind"] not in PRIVATE_FACTS
        else unveiled(e, peek)
        if e["seat"] == seat
        else {k: v for k, v in e.items() if k not in PRIVATE_FACTS[e["kind"]]}
        for e in events
    ]


def cards_at_end(s: State) -> list[dict[str, Any]] | None:
    """Once the war is over, each player's cards still out of sight turn up for everyone: the
    unused drafted cards were only to stay hidden during the war. None while it runs."""
    if s.result is None:
        return None
    return [
        {"hand": codes(read_cards(s.hand[p])), "deck": sorted_codes(deck_seen(s, p)), "unused": sorted_codes(read_cards(s.unused[p]))}
        for p in (0, 1)
    ]


def prompt(s: State) -> str:
    """One line saying who must do what."""
    if s.result:
        return s.result.reason
    who = r.name(r.mover(s))
    if s.phase == "place":
        if s.placing == "card":
            return f"{who}: pick up one of your battle cards to crown the tower (or lift a top-level pyramid to adjust it)."
        size = r.required_size(s)
        what = f"a {size} pyramid" if size else "a pyramid of any size"
        return f"{who}: pick up {what} for level {len(s.tower) - 1} (or lift a top-level pyramid to adjust it)."
    if s.phase == "drop":
        return f"{who}: aim and let go when the hand is calm."
    return f"{who}: {r.PHASE_WORDS[s.phase]}."


def player_view(s: State, p: int, seat: int | None) -> dict[str, Any]:
    return {
        "seat": p,
        "name": r.name(p),
        "stash": sizes_json(s.stash[p]),
        "pyramids": sum(s.stash[p]),
        "drafted_count": s.drafted_total[p],
        "deck_count": len(s.deck[p]),
        "hand_count": len(s.hand[p]),
        "unused_count": len(s.unused[p]),
        "discard": codes(s.discard[p]),
        "is_you": p == seat,
    }


def draft_view(s: State) -> dict[str, Any]:
    """The draft table: only what lies face up, and counts."""
    drafting = s.phase in ("split", "sweeten", "take")
    return {
        "active": drafting,
        "advanced": s.advanced,
        "round": s.round + 1 if drafting else s.round,
        "rounds": r.draft_rounds(),
        "splitter": s.round % 2 if drafting else None,
        "chooser": 1 - s.round % 2 if drafting else None,
        "faceup": codes(s.faceup),
        "piles": None
        if s.piles is None
        else [{"name": PILE_NAMES[i], "cards": codes(s.piles[i]), "pyramids": sizes_json(s.pile_pyramids[i])} for i in (0, 1)],
        "sweetened_pile": s.sweetened,
        "middle": sizes_json(s.middle),
        "cards_left": len(s.draft_deck),
        "set_aside_count": len(s.set_aside),
    }


def private_view(s: State, seat: int | None) -> dict[str, Any] | None:
    """A seat's own cards; nothing during the draft (its drafted cards are face down)."""
    if seat is None:
        return None
    building = s.phase == "build"
    hand = read_cards(s.hand[seat])
    named = [*s.hand[seat], *s.drafted[seat], *s.kept[seat], *r.battle_cards(s, seat)]
    return {
        "hand": codes(hand),
        "hand_unread": len(s.hand[seat]) - len(hand),
        "deck": sorted_codes(deck_seen(s, seat)),
        "drafted": sorted_codes(read_cards(s.drafted[seat])) if s.base_card else [],
        "kept": codes(read_cards(s.kept[seat])),
        "deck_target": r.deck_target(s, seat) if building else None,
        "unused": sorted_codes(read_cards(s.unused[seat])),
        "faces": {str(card): str(shown) for card in named if is_hidden(card) and (shown := peek(card)) is not None},
    }


def battle_view(s: State, seat: int | None) -> dict[str, Any] | None:
    if s.battle == 0:
        return None
    played = [[{"card": str(p.card), "as": str(p.eff), "value": p.value, "double": p.double} for p in s.played[q]] for q in (0, 1)]
    current = [None if p is None else str(p.card) for p in s.current]
    return {
        "number": s.battle,
        "leader": s.leader,
        "skirmish": min(s.skirmish + 1, SKIRMISHES),
        "played": played,
        "current": current,
        "running_totals": [battle_total([p.eff for p in s.played[q]]) for q in (0, 1)],
        "last_totals": s.totals,
        "loser": s.battle_loser,
        "returned": [{"owner": o, "size": str(z)} for o, z in s.returned],
        "plays": plays_view(s) if s.phase == "play" and seat == s.actor else None,
    }


def plays_view(s: State) -> list[dict[str, Any]]:
    """Each legal play with what it would be worth, and whether it would beat the card
    already led (None while leading)."""
    seat = r.mover(s)
    led = s.current[1 - seat]
    earlier = [p.eff for p in s.played[seat]]
    out = []
    try:
        plays = r.playable(s, seat)
    except CardAwaited:
        return []  # by link, a hand whose cards this device does not read yet: none is offered
    for m in plays:
        eff = m.as_card or peek(m.card)
        assert eff is not None, "a seat's plays are listed where its hand is read"
        value = skirmish_value(eff, earlier)
        beats = None if led is None else compare(eff, value, led.eff, led.value)
        out.append({
            "move": unveiled(move_to_json(m), peek), "value": value, "double": is_double(eff, earlier),
            "result": None if beats is None else ("wins" if beats > 0 else "loses" if beats < 0 else "ties"),
        })  # fmt: skip
    return out


def placing_view(s: State) -> dict[str, Any] | None:
    if s.phase not in ("place", "drop"):
        return None
    size = r.required_size(s)
    needed = 1 if s.reason == "skirmish" else max(0, ph.PYRAMIDS_PER_LEVEL - len(s.tower[-1].pyramids))
    return {
        "seat": s.actor,
        "piece": s.placing,
        "reason": s.reason,
        "required_size": str(size) if size else None,
        "pyramids_needed": needed if s.placing == "pyramid" else 0,
        "adjustments_left": s.adjustments_left,
        "liftable": list(range(len(s.tower[-1].pyramids))) if s.adjustments_left and s.phase == "place" else [],
        "battle_cards": codes(read_cards(r.battle_cards(s, r.mover(s)))) if s.placing == "card" else [],
        "size_warnings": size_warnings(s),  # a size that cannot complete the level: why (exact_drop.py)
    }


def held_view(s: State) -> dict[str, Any] | None:
    """The piece in the unsteady hand and everything needed to animate its ghost
    exactly as the engine will place it."""
    h = s.held
    if h is None:
        return None
    top = s.tower[-1]
    return {
        "piece": h.piece,
        "size": str(h.size) if h.size else None,
        "card": code(h.card),
        "owner": h.owner,
        "adjusting": h.lifted is not None,
        "from": None if h.lifted is None else [h.lifted.x - top.x, h.lifted.y - top.y],
        "level": h.level,
        "amplitude_mm": h.amplitude,
        "frequencies_hz": list(ph.TREMOR_FREQUENCIES_HZ),
        "phases": list(h.phases),
        "formula": TREMOR_FORMULA,
        "calm": {
            "every_ms": ph.TREMOR_CALM_EVERY_MS,
            "calm_ms": ph.TREMOR_CALM_MS,
            "ramp_ms": ph.TREMOR_CALM_RAMP_MS,
            "floor": ph.TREMOR_CALM_FLOOR,
        }
        if len(h.phases) >= 3
        else None,
        "frame_origin": [top.x, top.y],
        "target_bounds": {
            "x": [-(ph.CARD_HALF_WIDTH_MM + ph.DROP_REACH_MM), ph.CARD_HALF_WIDTH_MM + ph.DROP_REACH_MM],
            "y": [-(ph.CARD_HALF_LENGTH_MM + ph.DROP_REACH_MM), ph.CARD_HALF_LENGTH_MM + ph.DROP_REACH_MM],
        },
        "hold_ms_max": ph.HOLD_MS_MAX,
    }


def tower_view(s: State) -> dict[str, Any] | None:
    """The whole tower for drawing: every card's pose and every pyramid, the support
    margins for the wobble, and what fell and why."""
    if not s.tower:
        return None
    zs = tw.heights(s.tower)
    top = len(s.tower) - 1
    levels = []
    for k, level in enumerate(s.tower):
        levels.append({
            "level": k,
            "card": str(level.card),
            "x": level.x,
            "y": level.y,
            "z": zs[k],
            "covered": k < top,
            "size": str(level.pyramids[0].size) if level.pyramids else None,
            "pyramids": [
                {"index": i, "id": p.id, "size": str(p.size), "x": p.x, "y": p.y, "owner": p.owner,
                 "base_mm": ph.PYRAMID_BASE_MM[p.size], "height_mm": ph.PYRAMID_HEIGHT_MM[p.size]}
                for i, p in enumerate(level.pyramids)
            ],
        })  # fmt: skip
    standing = tw.stability(s.tower[: s.fall.level] if s.fall and s.fall.piece == "card" else s.tower)
    fall_support = None
    if s.fall and s.fall.piece == "card":
        sp = tw.support(s.tower, s.fall.level)
        fall_support = {
            "level": sp.level,
            "com": [round(sp.com[0], 3), round(sp.com[1], 3)],
            "tripod": [[round(x, 3), round(y, 3)] for x, y in sp.apexes],
            "margin_mm": round(sp.margin_mm, 3),
            "apex_margin_mm": round(sp.apex_margin_mm, 3),
        }
    return {
        "levels": levels,
        "top_level": top,
        "top_card_origin": [s.tower[-1].x, s.tower[-1].y],
        "stability": standing,
        "tightest_margin_mm": min((st["margin_mm"] for st in standing), default=None),
        "fall": s.fall.to_json() if s.fall else None,
        # a card that fell: how it stood on its tripod (the balance point of it and
        # everything on it, the three apexes), to draw why it went
        "fall_support": fall_support,
    }


def physics_view() -> dict[str, Any]:
    return {
        "card": {"width_mm": ph.CARD_WIDTH_MM, "length_mm": ph.CARD_LENGTH_MM, "mass_g": ph.CARD_MASS_G},
        "pyramids": {str(z): ph.pyramid_dimensions(z) for z in SIZES},
        "com_margin_mm": ph.COM_MARGIN_MM,
        "drop_reach_mm": ph.DROP_REACH_MM,
        "grid_step_mm": ph.GRID_STEP_MM,
        "wobble_calm_mm": ph.WOBBLE_CALM_MM,
    }


# Every number and list a view holds, and what the game's facts allow (engine/bounds.py): a
# position's code is checked against these before a renderer counts anything in it.
CARDS = 54  # the deck, two jokers included
SUPPLY = 3 * STASH_PER_SIZE  # pyramids of one size: both stashes and the middle's
TOWER_LEVELS = CARDS  # a tower level is a card
REACH = TOWER_LEVELS * (ph.CARD_LENGTH_MM + ph.DROP_REACH_MM)  # how far from the base any piece can lie, in mm
HEIGHT = TOWER_LEVELS * (ph.CARD_THICKNESS_MM + max(ph.PYRAMID_HEIGHT_MM))
MOST_VALUE = 10**SKIRMISHES  # three 10-point cards of one suit multiply
SEAT = count(0, 1)
SIZES_BOUND = {str(z): count(0, SUPPLY) for z in SIZES}
POINT = {"": items(2), "*": real(-REACH, REACH)}
FALL = {
    "level": count(0, TOWER_LEVELS),
    "index": count(0, ph.PYRAMIDS_PER_LEVEL - 1, null=True),
    "other": count(0, TOWER_LEVELS, null=True),
    "margin_mm": real(-REACH, REACH),
    "needed_mm": real(0, REACH),
}
EVENT_FACTS = {  # every number and list an event (``telling``) may hold, by its name
    "move": count(0, MAX_MOVES),
    "seat": count(0, 1, null=True),
    "round": count(1, r.draft_rounds()),
    "splitter": SEAT,
    "piles": items(2),
    "piles.*": count(0, DRAFT_DEAL),
    "pile": count(0, 1),
    "pile_pyramids": items(2),
    **under("pile_pyramids.*", SIZES_BOUND),
    "drafted": items(2),
    "drafted.*": count(0, CARDS),
    "set_aside": count(0, DRAFT_LEFTOVER),
    "kept": count(0, DECK_SIZE),
    "deck": count(0, CARDS),
    "decks": items(2),
    "decks.*": count(0, CARDS),
    "battle": count(1, CARDS),
    "leader": SEAT,
    "drawn": items(2),
    "drawn.*": count(0, BATTLE_DRAW),
    "value": count(0, MOST_VALUE),
    "skirmish": count(1, SKIRMISHES),
    "played": items(2),
    "values": items(2),
    "values.*": count(0, MOST_VALUE, null=True),
    "loser": count(0, 1, null=True),
    "totals": items(2),
    "totals.*": count(0, MOST_VALUE),
    "pyramids": items(ph.PYRAMIDS_PER_LEVEL),
    "pyramids.*.id": count(0, MAX_MOVES),
    "discards": items(2),
    "discards.*": items(CARDS),
    "pyramid": count(0, MAX_MOVES, null=True),
    "overlapped": count(0, MAX_MOVES, null=True),
    "owner": SEAT,
    "level": count(0, TOWER_LEVELS),
    **under("target", POINT),
    **under("after", POINT),
    **under("before", POINT),
    "before": items(2, null=True),
    "hold_ms": count(0, ph.HOLD_MS_MAX),
    "margin_mm": real(-REACH, REACH),
    "needed_mm": real(0, REACH),
    "winners": items(2),
    "winners.*": SEAT,
    **under("fall", FALL),  # the end's, as the outcome's details say it
}
SUPPORT = {
    "level": count(0, TOWER_LEVELS),
    "margin_mm": real(-REACH, REACH),
    "apex_margin_mm": real(-REACH, REACH),
    "needed_mm": real(0, REACH),
    "wobble": real(0, 1),
    **under("com", POINT),
    "tripod": items(ph.PYRAMIDS_PER_LEVEL),
    **under("tripod.*", POINT),
}
VIEW_BOUNDS = {
    "seat": count(0, 1, null=True),
    "to_act": count(0, 1, null=True),
    "events": items(40 * CARDS),
    "log": items(40 * CARDS),  # the English log a position code of an earlier edition holds
    **under("events.*", EVENT_FACTS),
    "epoch": count(0, 40 * CARDS),
    **under("outcome", outcome_bounds(2, 0, {"loser": SEAT, **under("fall", FALL)})),
    "players": items(2),
    "players.*.seat": SEAT,
    **under("players.*.stash", SIZES_BOUND),
    "players.*.pyramids": count(0, 3 * SUPPLY),
    **{f"players.*.{key}": count(0, CARDS) for key in ("drafted_count", "deck_count", "hand_count", "unused_count")},
    "players.*.discard": items(CARDS),
    "draft.round": count(0, r.draft_rounds() + 1),
    "draft.rounds": count(0, r.draft_rounds()),
    "draft.splitter": count(0, 1, null=True),
    "draft.chooser": count(0, 1, null=True),
    "draft.faceup": items(DRAFT_DEAL),
    "draft.piles": items(2, null=True),
    "draft.piles.*.cards": items(DRAFT_DEAL),
    **under("draft.piles.*.pyramids", SIZES_BOUND),
    "draft.sweetened_pile": count(0, 1, null=True),
    **under("draft.middle", SIZES_BOUND),
    "draft.cards_left": count(0, CARDS),
    "draft.set_aside_count": count(0, DRAFT_LEFTOVER),
    **{f"mine.{key}": items(CARDS) for key in ("hand", "deck", "drafted", "kept", "unused")},
    "mine.hand_unread": count(0, CARDS),
    "mine.deck_target": count(0, DECK_SIZE, null=True),
    "battle.number": count(1, CARDS),
    "battle.leader": SEAT,
    "battle.skirmish": count(1, SKIRMISHES),
    "battle.played": items(2),
    "battle.played.*": items(SKIRMISHES),
    "battle.played.*.*.value": count(0, MOST_VALUE),
    "battle.current": items(2),
    "battle.running_totals": items(2),
    "battle.running_totals.*": count(0, MOST_VALUE),
    "battle.last_totals": items(2, null=True),
    "battle.last_totals.*": count(0, MOST_VALUE),
    "battle.loser": count(0, 1, null=True),
    "battle.returned": items(3 * SUPPLY),
    "battle.returned.*.owner": SEAT,
    "battle.plays": items(BATTLE_DRAW * CARDS, null=True),
    "battle.plays.*.value": count(0, MOST_VALUE),
    "placing.seat": SEAT,
    "placing.pyramids_needed": count(0, ph.PYRAMIDS_PER_LEVEL),
    "placing.adjustments_left": count(0, ph.ADJUSTMENTS_PER_PLACEMENT),
    "placing.liftable": items(ph.PYRAMIDS_PER_LEVEL),
    "placing.liftable.*": count(0, ph.PYRAMIDS_PER_LEVEL - 1),
    "placing.battle_cards": items(CARDS),
    "held.owner": SEAT,
    **under("held.from", POINT),
    "held.from": items(2, null=True),
    "held.level": count(0, TOWER_LEVELS),
    "held.amplitude_mm": real(0, ph.TREMOR_AMPLITUDE_CARD_MM * (1 + ph.TREMOR_GROWTH_PER_LEVEL * TOWER_LEVELS)),
    "held.frequencies_hz": items(2),
    "held.frequencies_hz.*": real(0, 10),
    "held.phases": items(3),
    "held.phases.*": real(0, 7),
    "held.calm.every_ms": count(0, ph.HOLD_MS_MAX),
    "held.calm.calm_ms": count(0, ph.HOLD_MS_MAX),
    "held.calm.ramp_ms": count(0, ph.HOLD_MS_MAX),
    "held.calm.floor": real(0, 1),
    **under("held.frame_origin", POINT),
    **under("held.target_bounds.x", POINT),
    **under("held.target_bounds.y", POINT),
    "held.hold_ms_max": count(0, ph.HOLD_MS_MAX),
    "last_drop.seat": SEAT,
    "last_drop.level": count(0, TOWER_LEVELS),
    "last_drop.hold_ms": count(0, ph.HOLD_MS_MAX),
    **under("last_drop.target", POINT),
    **under("last_drop.landing", POINT),
    "tower.levels": items(TOWER_LEVELS),
    "tower.levels.*.level": count(0, TOWER_LEVELS),
    "tower.levels.*.x": real(-REACH, REACH),
    "tower.levels.*.y": real(-REACH, REACH),
    "tower.levels.*.z": real(0, HEIGHT),
    "tower.levels.*.pyramids": items(ph.PYRAMIDS_PER_LEVEL),
    "tower.levels.*.pyramids.*.index": count(0, ph.PYRAMIDS_PER_LEVEL - 1),
    "tower.levels.*.pyramids.*.id": count(0, MAX_MOVES),
    "tower.levels.*.pyramids.*.owner": SEAT,
    "tower.levels.*.pyramids.*.x": real(-REACH, REACH),
    "tower.levels.*.pyramids.*.y": real(-REACH, REACH),
    "tower.levels.*.pyramids.*.base_mm": real(0, max(ph.PYRAMID_BASE_MM)),
    "tower.levels.*.pyramids.*.height_mm": real(0, max(ph.PYRAMID_HEIGHT_MM)),
    "tower.top_level": count(0, TOWER_LEVELS),
    **under("tower.top_card_origin", POINT),
    "tower.stability": items(TOWER_LEVELS),
    **under("tower.stability.*", SUPPORT),
    "tower.tightest_margin_mm": real(-REACH, REACH, null=True),
    **under("tower.fall", FALL),
    **under("tower.fall_support", SUPPORT),
    **{f"physics.card.{key}": real(0, 1000) for key in ("width_mm", "length_mm", "mass_g")},
    **{f"physics.pyramids.{z}.{key}": real(0, 1000) for z in SIZES for key in ("base_mm", "height_mm", "mass_g")},
    **{f"physics.{key}": real(0, 1000) for key in ("com_margin_mm", "drop_reach_mm", "grid_step_mm", "wobble_calm_mm")},
    "at_end": items(2, null=True),
    **{f"at_end.*.{key}": items(CARDS) for key in ("hand", "deck", "unused")},
}
