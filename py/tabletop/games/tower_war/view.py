"""What one seat may see of a Tower War game, as JSON.

Secrets and who sees them:

* draft: the five face-up cards and the two piles while they are on the table;
  once taken, drafted cards are face down for everyone, their owner included
  (only counts), until the draft ends;
* the three set-aside cards: nobody, ever; unused drafted cards: their owner;
* a deck: its owner sees what is in it (sorted, never its order), the other only
  its size; a hand: its owner; discard piles, played cards and the tower: everyone.
* once the war is over (``at_end``): every player's hand, deck (sorted) and unused
  drafted cards, for everyone (they stay hidden only *during* the war); the three
  set-aside cards stay unseen even then.

Cards appear as their codes (``"9H"``, ``"JOKER1"``; ``Card.parse`` reads them).
Tower coordinates are world millimetres (see ``tower.py``): origin at the base
card's centre, x along the 63 mm side (right), y along the 88 mm side (up). Drop
targets are in the top card's frame: the same axes, origin at the top card's centre.
"""

from __future__ import annotations

from tabletop.engine.cards import Card
from tabletop.engine.protocol import checked_seat
from tabletop.engine.pyramids import SIZES
from tabletop.games.tower_war import physics as ph
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war import tower as tw
from tabletop.games.tower_war.scoring import battle_total, compare

TREMOR_FORMULA = ("landing = target + A * s(t) * (sin(2*pi*f1*t + p1), sin(2*pi*f2*t + p2)), t = hold_ms / 1000; "
                  "s(t): 1, or with a third phase p3 the calm: u = (hold_ms + p3 * every_ms) mod every_ms, s = floor for "
                  "u < calm_ms, then smoothstep ramps of ramp_ms up to 1 and back down before the next calm")


def code(card: Card | None) -> str | None:
    return None if card is None else str(card)


def codes(cards) -> list[str]:
    return [str(c) for c in cards]


def sorted_codes(cards) -> list[str]:
    """A pile's contents in a fixed order that tells nothing of its real order."""
    return codes(sorted(cards, key=lambda c: (c.suit.value if c.suit else "~", c.rank, c.copy)))


def sizes_json(counts: list[int]) -> dict:
    return {str(z): counts[z] for z in SIZES}


def view(s: r.State, seat: int | None) -> dict:
    """The game as ``seat`` sees it (``None``: a spectator, who sees no secrets)."""
    seat = checked_seat(seat, 2)
    return {
        "game": r.ID,
        "seat": seat,
        "phase": s.phase,
        "to_act": s.actor,
        "outcome": s.result.to_json() if s.result else None,
        "log": list(s.log),
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


def cards_at_end(s: r.State) -> list[dict] | None:
    """Once the war is over, each player's cards still out of sight turn up for everyone: the
    unused drafted cards were only to stay hidden during the war. None while it runs."""
    if s.result is None:
        return None
    return [{"hand": codes(s.hand[p]), "deck": sorted_codes(s.deck[p]), "unused": sorted_codes(s.unused[p])} for p in (0, 1)]


def prompt(s: r.State) -> str:
    """One line saying who must do what."""
    if s.result:
        return s.result.reason
    who = r.name(s.actor)
    if s.phase == "place":
        if s.placing == "card":
            return f"{who}: pick up one of your battle cards to crown the tower (or lift a top-level pyramid to adjust it)."
        size = r.required_size(s)
        what = f"a {size} pyramid" if size else "a pyramid of any size"
        return f"{who}: pick up {what} for level {len(s.tower) - 1} (or lift a top-level pyramid to adjust it)."
    if s.phase == "drop":
        return f"{who}: aim and let go when the hand is calm."
    return f"{who}: {r.PHASE_WORDS[s.phase]}."


def player_view(s: r.State, p: int, seat: int | None) -> dict:
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


def draft_view(s: r.State) -> dict:
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
        else [{"name": r.PILE_NAMES[i], "cards": codes(s.piles[i]), "pyramids": sizes_json(s.pile_pyramids[i])} for i in (0, 1)],
        "sweetened_pile": s.sweetened,
        "middle": sizes_json(s.middle),
        "cards_left": len(s.draft_deck),
        "set_aside_count": len(s.set_aside),
    }


def private_view(s: r.State, seat: int | None) -> dict | None:
    """A seat's own cards; nothing during the draft (its drafted cards are face down)."""
    if seat is None:
        return None
    building = s.phase == "build"
    return {
        "hand": codes(s.hand[seat]),
        "deck": sorted_codes(s.deck[seat]),
        "drafted": sorted_codes(s.drafted[seat]) if s.base_card else [],
        "kept": codes(s.kept[seat]),
        "deck_target": r.deck_target(s, seat) if building else None,
        "unused": sorted_codes(s.unused[seat]),
    }


def battle_view(s: r.State, seat: int | None) -> dict | None:
    if s.battle == 0:
        return None
    played = [[{"card": str(p.card), "as": str(p.eff), "value": p.value, "double": p.double} for p in s.played[q]] for q in (0, 1)]
    current = [None if p is None else str(p.card) for p in s.current]
    return {
        "number": s.battle,
        "leader": s.leader,
        "skirmish": min(s.skirmish + 1, r.SKIRMISHES),
        "played": played,
        "current": current,
        "running_totals": [battle_total([p.eff for p in s.played[q]]) for q in (0, 1)],
        "last_totals": s.totals,
        "loser": s.battle_loser,
        "returned": [{"owner": o, "size": str(z)} for o, z in s.returned],
        "plays": plays_view(s) if s.phase == "play" and seat == s.actor else None,
    }


def plays_view(s: r.State) -> list[dict]:
    """Each legal play with what it would be worth, and whether it would beat the card
    already led (None while leading)."""
    seat = s.actor
    led = s.current[1 - seat]
    earlier = [p.eff for p in s.played[seat]]
    out = []
    for m in r.playable(s, seat):
        eff = m.as_card or m.card
        value = r.skirmish_value(eff, earlier)
        beats = None if led is None else compare(eff, value, led.eff, led.value)
        out.append({
            "move": r.move_to_json(m), "value": value, "double": r.is_double(eff, earlier),
            "result": None if beats is None else ("wins" if beats > 0 else "loses" if beats < 0 else "ties"),
        })  # fmt: skip
    return out


def placing_view(s: r.State) -> dict | None:
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
        "battle_cards": codes(r.battle_cards(s, s.actor)) if s.placing == "card" else [],
    }


def held_view(s: r.State) -> dict | None:
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
        "calm": {"every_ms": ph.TREMOR_CALM_EVERY_MS, "calm_ms": ph.TREMOR_CALM_MS, "ramp_ms": ph.TREMOR_CALM_RAMP_MS,
                 "floor": ph.TREMOR_CALM_FLOOR} if len(h.phases) >= 3 else None,
        "frame_origin": [top.x, top.y],
        "target_bounds": {
            "x": [-(ph.CARD_HALF_WIDTH_MM + ph.DROP_REACH_MM), ph.CARD_HALF_WIDTH_MM + ph.DROP_REACH_MM],
            "y": [-(ph.CARD_HALF_LENGTH_MM + ph.DROP_REACH_MM), ph.CARD_HALF_LENGTH_MM + ph.DROP_REACH_MM],
        },
        "hold_ms_max": ph.HOLD_MS_MAX,
    }


def tower_view(s: r.State) -> dict | None:
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
                {"index": i, "size": str(p.size), "x": p.x, "y": p.y, "owner": p.owner,
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


def physics_view() -> dict:
    return {
        "card": {"width_mm": ph.CARD_WIDTH_MM, "length_mm": ph.CARD_LENGTH_MM, "mass_g": ph.CARD_MASS_G},
        "pyramids": {str(z): ph.pyramid_dimensions(z) for z in SIZES},
        "com_margin_mm": ph.COM_MARGIN_MM,
        "drop_reach_mm": ph.DROP_REACH_MM,
        "grid_step_mm": ph.GRID_STEP_MM,
        "wobble_calm_mm": ph.WOBBLE_CALM_MM,
    }
