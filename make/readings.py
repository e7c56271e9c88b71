"""docs/rules-edition.md, written from the games' guides (games/<game>/guide.py), where each reading
sits beside the rule it settles: the in-app rules pages, their readings page (ui/screens/readings.py)
and this file all say the readings kept there. ``python3 build.py readings`` writes it; a test fails
while the file says anything else."""

from __future__ import annotations

import sys

from make.common import ROOT, log

DOC = ROOT / "docs" / "rules-edition.md"
SOURCE = (
    "This file is written by `python3 build.py readings` from each game's `guide.py`, the source the "
    "in-app rules pages draw from; in the app the same readings are at `#/rules/readings`, and each one "
    "under its rule on the game's rules page (`#/rules/GAME`). Edit the guides, not this file."
)


def markdown() -> str:
    """Each game's readings under their rules' headings, each after the rule it settles, one paragraph a line."""
    sys.path.insert(0, str(ROOT / "py"))
    from tabletop.games import REGISTRY
    from tabletop.ui.screens.readings import INTRO, TITLE
    from tabletop.ui.screens.rules import EDITION_NOTE, guide_for, readings

    lines = [f"# {TITLE}", "", INTRO, "", SOURCE, ""]
    for game_id, entry in REGISTRY.items():
        lines += [f"## {entry.title}", ""]
        for heading, pairs in readings(guide_for(game_id)):
            lines += [f"### {heading}", ""]
            for rule, reading in pairs:
                lines += [rule, "", f"**{EDITION_NOTE}** {reading}", ""]
    return "\n".join(lines)


def write_readings() -> None:
    DOC.write_text(markdown(), encoding="utf-8")
    log(f"wrote {DOC.relative_to(ROOT)}")
