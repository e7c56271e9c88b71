"""The person's own hand (sorted by suit) and the decision in plain words: choose
cards of one suit, a lit target, then confirm; or, with no play, a forced discard."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tabletop.engine.cards import Suit
from tabletop.engine.words import count
from tabletop.games.towers_of_wyoming.telling import play_words
from tabletop.ui.render import TableContext
from tabletop.ui.render.towers_of_wyoming.cards import face
from tabletop.ui.render.towers_of_wyoming.choice import SUIT_ORDER, Choice
from tabletop.ui.render.towers_of_wyoming.words import Teller, card_name, cards
from tabletop.ui.web import motion
from tabletop.ui.web.dom import El, h
from tabletop.ui.web.roving import roving


def dom_id(code: str) -> str:
    return "tow-card-" + code.replace("#", "-")


def hand(view: dict[str, Any], choice: Choice, on_card: Callable[[str, str, int], None]) -> El:
    """The hand grouped by suit, lowest first (the engine plays the lowest cards of a suit)."""
    cards_in_hand = view.get("hand") or []
    drawn = set(view.get("drawn") or [])
    groups, every = [], []
    for letter in SUIT_ORDER:
        mine = [c for c in cards_in_hand if c["suit"] == letter]
        if not mine:
            continue
        suit = Suit(letter)
        buttons = []
        for i, c in enumerate(mine):
            code = c["code"]
            picked = choice.selected(code, letter, i)
            new = code in drawn
            label = card_name(code) + (", just drawn" if new else "")
            attrs = {"type": "button", "data-card": code, "data-suit": letter, **motion.key("card", code, effect="arrive")}
            classes = ".tow-card"
            if choice.must_discard:
                attrs["aria-pressed"] = "true" if picked else "false"
                attrs["data-step"] = "discard"
            elif choice.acting:
                if letter in choice.playable and not picked and i + 1 not in choice.counts[letter]:
                    # no offered play takes this many (a lesson offers one play): shown, not a step
                    attrs["aria-disabled"] = "true"
                    classes += ".tow-dim"
                elif letter in choice.playable:
                    attrs["aria-pressed"] = "true" if picked else "false"
                    attrs["data-step"] = "cards"
                    if choice.suit and letter != choice.suit:
                        classes += ".tow-dim"
                else:
                    attrs["aria-disabled"] = "true"
                    label += f", no place for {suit.noun} now"
                    classes += ".tow-dim.tow-unplayable"
            else:
                attrs["disabled"] = True
                classes += ".tow-idle"
            if picked:
                classes += ".tow-picked"
            # Named by hidden words rather than aria-label, so the visible "new" tag stays part of the name.
            buttons.append(
                h(
                    f"button#{dom_id(code)}{classes}",
                    attrs,
                    h("span.visually-hidden", label),
                    face(code),
                    h("span.tow-new", {"aria-hidden": "true"}, "new") if new else None,
                    h("span.tow-tick", {"aria-hidden": "true"}, "✓") if picked else None,
                    on_click=(lambda _e, code=code, letter=letter, i=i: on_card(code, letter, i)) if choice.acting else None,
                )
            )
        every += buttons
        groups.append(
            h(
                f"div.tow-suit-group.tow-{suit.noun}",
                {"role": "group", "aria-label": f"{suit.noun.capitalize()}: {len(mine)}", "data-part": f"hand-suit:{letter}"},
                h("span.tow-group-label", {"aria-hidden": "true"}, f"{suit.symbol} {len(mine)}"),
                h("div.tow-group-cards", buttons),
            )
        )
    unread = int(view.get("hand_unread") or 0)
    if unread:  # a game by link: the other device has yet to take its layer off them
        groups.append(h("p.tow-hint", f"{count(unread, 'card')} dealt to you: they show once your friend's next link is in."))
    elif not cards_in_hand:
        groups.append(h("p.tow-hint", "No cards in hand."))
    stop = next((b for b in every if b.attrs.get("aria-pressed") == "true"), None)
    return h(
        "section.tow-hand",
        {"aria-label": "Your hand", "data-part": "hand"},
        h("h2.visually-hidden", "Your hand"),
        roving(h("div.tow-hand-cards", groups), every, stop),
    )


def option_rows(choice: Choice, teller: Teller, move_json: Callable[..., Any], play: Callable[..., Any]) -> El:
    rows = []
    for key in choice.lit():
        p = choice.play_at(key)
        m = choice.move_at(key)
        if p is None or m is None:
            continue
        verb = verb_of(p)  # the row's words say whose tower ("onto Bot's …"); its dashed purple frame sets it apart
        win = p["wins"]
        flag = None
        if win is not None:
            flag = h("span.tow-chip-win", "★ wins" if win == choice.view["seat"] else f"⚠ {teller.names[win]} wins")
        elif p.get("locks_out"):
            flag = h("span.tow-chip-lock", "⚠ leaves you no play")
        rows.append(
            h(
                "li",
                h(
                    f"button.tow-option.tow-{p['action']}{theirs_class(p)}",
                    {"type": "button", "data-move": json.dumps(move_json(m)), "id": f"tow-option-{key[0]}-{key[1]}"},
                    h("span.tow-verb", verb),
                    h("span.tow-option-text", play_words(p, teller.people, teller.viewer, teller.foundations)),
                    flag,
                    on_click=lambda _e, m=m: play(m),
                ),
            )
        )
    return h("ul.tow-options", {"aria-label": "Plays for the selected cards"}, rows)


def theirs_class(p: dict[str, Any]) -> str:
    """Building onto another builder's tower looks different from building your own."""
    return ".tow-theirs" if p.get("theirs") and p["action"] == "construct" else ""


def verb_of(p: dict[str, Any], teller: Teller | None = None) -> str:
    """``Construct``, ``Deconstruct``, or, given the names, ``Construct onto Ben's tower``: a construct on
    someone else's tower says whose."""
    if p["action"] != "construct":
        return "Deconstruct"
    if p.get("theirs") and teller is not None:
        return f"Construct onto {teller.people.whose(p['owner'])} tower"
    return "Construct"


def consequence(p: dict[str, Any], teller: Teller) -> str:
    """What happens to the cards, in numbers the view gives (before, after, count)."""
    before, after, k = p["before"], p["after"], p["count"]
    owner = teller.whose(p["owner"])
    if p["action"] == "construct":
        if not before["size"]:
            return f"A new {Suit(p['suit']).singular} tower of {k} stands on {owner} foundation."
        return f"The tower grows from {before['size']} to {after['size']}."
    lost = min(k, before["size"])
    gone = f"{cards(lost, before['suit'])} and {lost} of your {Suit(p['suit']).noun} go to the discard pile"
    if not after["size"]:
        return f"{gone.capitalize()}: the foundation is empty again."
    if after["suit"] == before["suit"]:
        return f"{gone.capitalize()}; {cards(after['size'], after['suit'])} still {'stands' if after['size'] == 1 else 'stand'}."
    extra = cards(after["size"], after["suit"])
    verb = "stays" if after["size"] == 1 else "stay"
    return f"Overflow: {gone}; the extra {extra} {verb} as the new tower on {owner} foundation."


def decision(
    view: dict[str, Any],
    choice: Choice,
    teller: Teller,
    ctx: TableContext,
    clear: Callable[..., Any],
    set_count: Callable[..., Any],
    untarget: Callable[..., Any],
) -> El | None:
    """The prompt above the hand: what to do now, and what the chosen play will do."""
    me = view["seat"]
    outcome = view.get("outcome")
    if outcome is not None:
        return None
    if not choice.acting:
        return waiting_prompt(view, teller)
    if choice.must_discard:
        return discard_prompt(choice, ctx, clear)
    if not choice.suit:
        return suit_prompt(choice, teller.names[me])
    stepper = count_stepper(choice, choice.suit, clear, set_count)
    p = choice.play_at(choice.target) if choice.target is not None else None
    if choice.target is None or p is None:
        return where_prompt(choice, teller, ctx, stepper)
    return preview_prompt(view, choice, choice.target, teller, ctx, stepper, p, untarget)


def waiting_prompt(view: dict[str, Any], teller: Teller) -> El | None:
    """While another seat plays: who the table waits for (nothing on your own turn)."""
    me = view["seat"]
    to_act = view["to_act"]
    if me is None or to_act is None or to_act == me:  # (your own turn with nothing offered: a lesson's coach is talking)
        return None
    return h(
        "section.tow-decision.tow-waiting", {"aria-label": "Waiting"}, h("p.tow-prompt", f"Waiting for {teller.names[to_act]} to play.")
    )


def discard_prompt(choice: Choice, ctx: TableContext, clear: Callable[..., Any]) -> El:
    """No play is possible: the discard prompt, with its confirm row once a card is chosen."""
    body = [
        h("h2.tow-prompt", "No play is possible: discard one card"),
        h(
            "p.tow-hint",
            "None of your cards can build on or knock down any tower, and you have no empty foundation. "
            "Choose one card for the discard pile; your turn then ends.",
        ),
    ]
    if choice.discard:
        m = choice.discards[choice.discard]
        body.append(
            h(
                "div.tow-confirm-row",
                h(
                    "button#tow-confirm.primary",
                    {"type": "button", "data-move": json.dumps(ctx.move_json(m))},
                    f"Discard the {card_name(choice.discard)}",
                    on_click=lambda _e: ctx.play(m),
                ),
                h("button#tow-clear", {"type": "button"}, "Choose another", on_click=lambda _e: clear()),
            )
        )
    else:
        body.append(h("p.tow-step", "Choose the card to discard in your hand."))
    return h("section#tow-decision.tow-decision.tow-must-discard", {"aria-label": "Your decision", "data-part": "decision"}, body)


def suit_prompt(choice: Choice, name: str) -> El:
    """Before a suit is chosen: how to choose, and why some suits are greyed out."""
    greyed = [s for s in SUIT_ORDER if choice.held[s] and s not in choice.playable]
    with_a_place = {p["suit"] for p in choice.plays.values()}  # the rules' plays: a lesson's step may offer fewer
    no_place = [Suit(s).noun for s in greyed if s not in with_a_place]
    held_back = [Suit(s).noun for s in greyed if s in with_a_place]
    body = [
        h("h2.tow-prompt", f"{name}, choose cards of one suit"),
        h(
            "p.tow-hint",
            "Choose a card in your hand: it and the lower cards of its suit are picked (only suits matter). "
            "Then choose a lit tower or foundation.",
        ),
    ]
    if no_place and not choice.blocked:
        body.append(h("p.tow-hint", f"Greyed out: your {' and '.join(no_place)}, which have no place this turn."))
    if held_back:
        body.append(h("p.tow-hint", f"Greyed out: your {' and '.join(held_back)}, not part of this step."))
    if choice.blocked:
        s = Suit(choice.blocked)
        body.append(
            h(
                "p.tow-warn",
                {"role": "status"},
                f"Your {s.noun} have no place now: no {s.singular} tower to build on, no tower they may knock down, "
                "and no empty foundation of yours.",
            )
        )
    return h("section#tow-decision.tow-decision", {"aria-label": "Your decision", "data-part": "decision"}, body)


def count_stepper(choice: Choice, suit: str, clear: Callable[..., Any], set_count: Callable[..., Any]) -> El:
    """The − / + buttons for how many cards of the chosen suit, and Clear."""
    held = choice.held[suit]
    return h(
        "div.tow-stepper",
        {"role": "group", "aria-label": "How many cards"},
        h(
            "button#tow-fewer",
            {"type": "button", "aria-label": "One card fewer", "disabled": choice.count <= 1},
            "−",
            on_click=lambda _e: set_count(choice.count - 1),
        ),
        h("span.tow-count-words", {"aria-live": "polite"}, h("strong", cards(choice.count, choice.suit)), h("span.tow-of", f" of {held}")),
        h(
            "button#tow-more",
            {"type": "button", "aria-label": "One card more", "disabled": choice.count >= held},
            "+",
            on_click=lambda _e: set_count(choice.count + 1),
        ),
        h("button#tow-clear.quiet", {"type": "button"}, "Clear", on_click=lambda _e: clear()),
    )


def where_prompt(choice: Choice, teller: Teller, ctx: TableContext, stepper: El) -> El:
    """Cards chosen, no place yet: where they may go, with the plays listed."""
    n = len(choice.lit())
    return h(
        "section#tow-decision.tow-decision",
        {"aria-label": "Your decision", "data-part": "decision"},
        h("h2.tow-prompt", f"Where do the {cards(choice.count, choice.suit)} go?"),
        stepper,
        h(
            "p.tow-hint",
            f"{count(n, 'place')} lit on the table: choose one to see what happens",
            h("span.tow-or-list", ", or pick a play here"),
            ".",
        ),
        option_rows(choice, teller, ctx.move_json, ctx.play),
    )


def preview_notes(view: dict[str, Any], teller: Teller, p: dict[str, Any]) -> list[El]:
    """What the previewed play leads to: its consequence, whose tower it is, who it makes win, what it locks out."""
    me = view["seat"]
    win = p["wins"]
    notes = [h("p.tow-consequence", consequence(p, teller))]
    if theirs_class(p):
        notes.append(
            h(
                "p.tow-theirs-note",
                f"This tower is {teller.people.whose(p['owner'])}, not yours: your cards make their tower taller, "
                "and a tower taller than the Sky wins for its owner.",
            )
        )
    if win == me:
        notes.append(h("p.tow-wins", "★ This play wins the game for you."))
    elif win is not None:
        notes.append(h("p.tow-warn", f"⚠ Careful: this makes {teller.names[win]} win at the end of your turn."))
    locked = p.get("locks_out")
    if locked:
        notes.append(h("p#tow-lockout.tow-warn", {"role": "alert"}, f"⚠ {locked}"))
    return notes


def preview_prompt(
    view: dict[str, Any],
    choice: Choice,
    target: tuple[int, int],
    teller: Teller,
    ctx: TableContext,
    stepper: El,
    p: dict[str, Any],
    untarget: Callable[..., Any],
) -> El:
    """A place chosen: what the play will do, and the buttons to confirm it or choose another place."""
    m = choice.move_at(target)
    verb = verb_of(p, teller)
    notes = preview_notes(view, teller, p)
    locked = p.get("locks_out")
    return h(
        "section#tow-decision.tow-decision.tow-previewing",
        {"aria-label": "Your decision", "data-part": "decision"},
        stepper,
        h(
            "div#tow-preview.tow-preview",
            {"class": f"tow-{p['action']}{theirs_class(p).replace('.', ' ')}", "aria-live": "polite"},
            h("span.tow-verb", verb),
            h("p.tow-preview-text", play_words(p, teller.people, teller.viewer, teller.foundations)),
            notes,
        ),
        h(
            "div.tow-confirm-row",
            h(
                "button#tow-confirm.primary",
                {"type": "button", "data-move": json.dumps(ctx.move_json(m))},
                f"Confirm anyway: {verb[0].lower()}{verb[1:]}" if locked else f"Confirm: {verb[0].lower()}{verb[1:]}",
                on_click=lambda _e: ctx.play(m),
            ),
            h("button#tow-untarget", {"type": "button"}, "Another place", on_click=lambda _e: untarget()),
        ),
    )
