"""Where keyboard focus goes when the screen changes, and the hand-over curtain's hold on the page.

- While the pass-the-device curtain is up it holds focus (Enter passes) and everything
  else on the page is ``inert``: Tab cannot wander to the header links hidden behind it.
- Once the next person has tapped through, focus lands on the table's first decision; so it does
  when a render took away the control that had focus (the card just played, Start game), at once
  or, while the computer thinks, as soon as there is a decision, unless the person has put focus
  somewhere meanwhile. After a pointer's tap it does so without scrolling the page.
- A control marked ``data-take-focus`` (the end of a game's first button) takes focus once when
  it appears; re-renders while it stays leave focus where the person moved it.
- A control marked ``GIVES_AWAY`` (tabletop.ui.web.roving) is skipped there while a harmless one is on the table.
- In a group marked by ``tabletop.ui.web.roving`` the arrow keys move focus to the nearest
  control in their direction (Home and End to the first and last).
- The parts of a moment of choosing a renderer marks (``tabletop.ui.web.in_view``) are scrolled
  into view together when the moment begins.
- Words a screen marks ``data-announce`` (a lesson's step) are said once through the page's
  lasting live region (``#announcer`` in index.html): a region drawn afresh with every render is
  not reliably read out.
"""

from __future__ import annotations

from typing import Any

import js

from tabletop.ui.web import in_view
from tabletop.ui.web.browser import absent, on
from tabletop.ui.web.roving import GIVES_AWAY, GROUP, ITEM

INERT_MARK = "data-inert-by-curtain"
# What "the table's first decision" is, in order: the group the person chooses from, then any
# first step of a move, then a move itself.
FIRST_DECISION = (
    f".table-main [{ITEM}][tabindex='0']",
    ".table-main [data-step]:not([disabled])",
    ".table-main [data-move]:not([disabled])",
)
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}

_listening: list[Any] = []  # the page-wide keydown listener, installed on first use
_claimed: list[str] = []  # the [data-take-focus] control that took focus, while it stays on the page
_announced: list[str] = []  # the [data-announce] words last said
_pointer: list[bool] = [False]  # the last input was a pointer (mouse, finger, pen), not a key


def settle(first_decision_wanted: bool = False) -> bool:
    """After every render: the curtain's hold, the first decision after it (when
    ``first_decision_wanted``: after the curtain, after "Next game"), the roving stop. True when
    focus went to the first decision (the app's wish is then met; else it waits for a later render)."""
    if not _listening:
        _listening.append(on(js.document, "keydown", arrow_keys))
        _listening.append(on(js.document, "pointerdown", lambda _e: _pointer.__setitem__(0, True)))
    document = js.document
    announce()
    in_view.bring_into_view()
    for element in document.querySelectorAll(f"[{INERT_MARK}]"):
        element.removeAttribute("inert")
        element.removeAttribute(INERT_MARK)
    curtain = document.querySelector(".curtain")
    if not absent(curtain):
        hold(curtain)
        return False
    claim = document.querySelector("[data-take-focus]")  # e.g. "Next game" when a game of a match ends
    if absent(claim):
        _claimed.clear()
    else:
        key = f"{claim.getAttribute('data-take-focus')}|{claim.id}|{js.location.hash}"
        if key not in _claimed:  # once per appearance: a later render (a notice, a dialog) leaves focus where the person put it
            _claimed[:] = [key]
            claim.focus()
        return False
    done = False
    if first_decision_wanted:  # met once focus is on a decision, or the person put it somewhere
        done = not nowhere() or first_decision()
    keep_stop_on_focus()
    return done


def nowhere() -> bool:
    """Focus is on no control: the page itself (a removed control leaves it there)."""
    active = js.document.activeElement
    return absent(active) or active.isSameNode(js.document.body) or active.isSameNode(js.document.documentElement)


def announce() -> None:
    """Say the screen's ``data-announce`` words when they changed (a new step), once, and bring the
    part the step outlines and the control to press into view."""
    source = js.document.querySelector("[data-announce]")
    words = "" if absent(source) else str(source.getAttribute("data-announce"))
    if words == (_announced[0] if _announced else ""):
        return
    _announced[:] = [words]
    region = js.document.getElementById("announcer")
    if not absent(region) and words:
        region.textContent = words
    spot = js.document.querySelector(".lesson-spot")  # the board part a new step outlines, into view
    if not absent(spot):
        spot.scrollIntoView(js.Object.fromEntries([["block", "center"], ["inline", "nearest"]]))
    control = js.document.querySelector("[data-lesson-next]")  # and the control to press, if the part left it out
    if not absent(control):
        control.scrollIntoView(js.Object.fromEntries([["block", "nearest"], ["inline", "nearest"]]))


def hold(curtain: Any) -> None:
    """Make everything but the curtain inert and put focus on its button."""
    node = curtain
    while not absent(node.parentElement):
        parent = node.parentElement
        for sibling in parent.children:
            if not sibling.isSameNode(node) and not sibling.hasAttribute("inert") and sibling.tagName not in ("SCRIPT", "STYLE"):
                sibling.setAttribute("inert", "")
                sibling.setAttribute(INERT_MARK, "")
        node = parent
    if not curtain.contains(js.document.activeElement):
        button = curtain.querySelector("#curtain-go")
        if not absent(button):
            button.focus()


def first_decision() -> bool:
    """Focus the table's first decision, a harmless one first (never one marked ``GIVES_AWAY`` while
    another is there); False when there is none yet (the computer's turn)."""
    harmless = tuple(f"{selector}:not([{GIVES_AWAY}])" for selector in FIRST_DECISION)
    for selector in harmless + FIRST_DECISION:
        element = js.document.querySelector(selector)
        if not absent(element):
            element.focus(js.Object.fromEntries([["preventScroll", _pointer[0]]]))
            return True
    return False


def keep_stop_on_focus() -> None:
    """A re-render puts focus back on the control that had it: make that one the group's Tab stop."""
    active = js.document.activeElement
    if absent(active) or not active.hasAttribute(ITEM):
        return
    group = active.closest(f"[{GROUP}]")
    if not absent(group):
        set_stop(group, active)


def set_stop(group: Any, item: Any) -> None:
    for other in group.querySelectorAll(f"[{ITEM}]"):
        other.setAttribute("tabindex", "0" if other.isSameNode(item) else "-1")


def arrow_keys(event: Any) -> None:
    """Arrow keys inside a roving group: focus the nearest control in that direction."""
    _pointer[0] = False
    key = str(event.key)
    if key not in ARROWS and key not in ("Home", "End") or event.altKey or event.ctrlKey or event.metaKey:
        return
    target = event.target
    if absent(target) or not hasattr(target, "closest") or not target.hasAttribute(ITEM):
        return
    group = target.closest(f"[{GROUP}]")
    if absent(group):
        return
    items = [el for el in group.querySelectorAll(f"[{ITEM}]") if not el.disabled and not absent(el.offsetParent)]
    if not items:
        return
    if key == "Home":
        chosen = items[0]
    elif key == "End":
        chosen = items[-1]
    else:
        chosen = nearest(target, items, ARROWS[key])
    event.preventDefault()
    if chosen is None:
        return
    set_stop(group, chosen)
    chosen.focus()


def nearest(origin: Any, items: list[Any], direction: tuple[int, int]) -> Any:
    """The control whose centre lies nearest in ``direction`` (distance across counts three times)."""
    ox, oy = centre(origin)
    dx, dy = direction
    best, best_score = None, None
    for item in items:
        if item.isSameNode(origin):
            continue
        x, y = centre(item)
        along = (x - ox) * dx + (y - oy) * dy
        if along <= 4:
            continue
        across = abs((x - ox) * dy) + abs((y - oy) * dx)
        score = along + 3 * across
        if best_score is None or score < best_score:
            best, best_score = item, score
    return best


def centre(element: Any) -> tuple[float, float]:
    rect = element.getBoundingClientRect()
    return float(rect.left) + float(rect.width) / 2, float(rect.top) + float(rect.height) / 2
