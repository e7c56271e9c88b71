"""What just happened: the opponent's last turn and this turn so far, read from the game's events.

A turn is the run of events made by one seat; what the rules did after it (a destruction, the
end) belongs to it. An event names a square by its slot and a coaster by its number, both of
which travel with the coaster, so a mark lands on the cell where the thing lies NOW, however
the coasters moved since; its words are the game's own ``tell`` with the table's names.

>>> from tabletop.engine.events import Names
>>> from tabletop.engine.pyramids import Size
>>> from tabletop.games.war_of_the_worlds import apply, new_game, view
>>> from tabletop.games.war_of_the_worlds.moves import DONE, Place, Rotate, Step
>>> s = new_game(2, None, 1)
>>> for move in (Place(Size.LARGE, "C1"), Rotate(0, "cw"), DONE, Step("B2", "C2")):
...     s = apply(s, move)
>>> r = recent(view(s), Names(("Aliens", "Humans"), ("Aliens", "Humans"), True))
>>> r.last_lines[-1], sorted(r.marks.items())
('Aliens moved an obstacle from B2 to C2.', [('B2', {'from'}), ('C2', {'moved'}), ('C3', {'placed'})])
>>> r.coasters
{0: ['turned clockwise']}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.events import Event, Names
from tabletop.games.war_of_the_worlds.telling import cell_now, tell


def turns(events: list[Event]) -> list[tuple[int, list[Event]]]:
    """The events cut into turns: (seat, events), oldest first; what the rules did goes with the
    turn before it (the landing, before any turn, is dropped)."""
    out: list[tuple[int, list[Event]]] = []
    for e in events:
        seat = e["seat"]
        if seat is None:
            if out:
                out[-1][1].append(e)
        elif out and out[-1][0] == seat:
            out[-1][1].append(e)
        else:
            out.append((seat, [e]))
    return out


@dataclass
class Recent:
    last_side: int | None = None  # who played the turn before this one
    last_events: list[Event] = field(default_factory=list)
    now_events: list[Event] = field(default_factory=list)
    last_lines: list[str] = field(default_factory=list)  # the events above in the table's words
    now_lines: list[str] = field(default_factory=list)
    marks: dict[str, set[str]] = field(default_factory=dict)  # cell -> {"placed", "moved", "from", "destroyed"}
    coasters: dict[int, list[str]] = field(default_factory=dict)  # coaster -> what happened to it

    def add(self, cell: str, kind: str) -> None:
        self.marks.setdefault(cell, set()).add(kind)


def recent(view: dict[str, Any], names: Names) -> Recent:
    """The last finished turn (the opponent's, or the final one) and the turn in progress; the end
    of the war is left out (the table's end summary says it)."""
    cut = turns([e for e in view.get("events") or [] if e["kind"] != "end"])
    out = Recent()
    to_act = view.get("to_act")
    if to_act is not None and cut and cut[-1][0] == to_act:
        out.now_events = cut.pop()[1]
    if cut:
        out.last_side, out.last_events = cut[-1]
    out.last_lines = [tell(e, names, view) for e in out.last_events]
    out.now_lines = [tell(e, names, view) for e in out.now_events]
    for e in out.last_events + out.now_events:
        _mark(out, e, view)
    return out


def _mark(out: Recent, e: Event, view: dict[str, Any]) -> None:
    kind = e["kind"]
    if kind == "placed":
        out.add(cell_now(view, e["slot"]), "placed")
    elif kind == "stepped":
        source, target = cell_now(view, e["from"]), cell_now(view, e["to"])
        kinds = out.marks.pop(source, set())
        out.marks[source] = {"from"} | (kinds & {"from"})
        out.marks.setdefault(target, set()).update((kinds - {"from"}) | {"moved"})
    elif kind == "coaster-turned":
        out.coasters.setdefault(e["coaster"], []).append(f"turned {'clockwise' if e['turn'] == 'cw' else 'counter-clockwise'}")
    elif kind == "coaster-moved":
        out.coasters.setdefault(e["coaster"], []).append("moved")
    elif kind == "destroyed":
        out.add(cell_now(view, e["slot"]), "destroyed")
