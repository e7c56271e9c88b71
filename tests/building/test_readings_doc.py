"""docs/rules-edition.md is written from the games' guides (make/readings.py), never kept by hand."""

from __future__ import annotations

import sys

from repo import ROOT

sys.path.insert(0, str(ROOT))

from make import readings  # noqa: E402

from tabletop.games import REGISTRY  # noqa: E402
from tabletop.ui.screens.rules import guide_for  # noqa: E402


def test_the_file_is_what_the_guides_write():
    assert readings.DOC.read_text(encoding="utf-8") == readings.markdown(), "docs/rules-edition.md is stale: run python3 build.py readings"


def test_each_game_heads_its_readings_and_each_reading_follows_its_rule():
    lines = readings.markdown().splitlines()
    assert [line.removeprefix("## ") for line in lines if line.startswith("## ")] == [entry.title for entry in REGISTRY.values()]
    for game_id in REGISTRY:
        for _title, paras in guide_for(game_id):
            for rule, reading in (p for p in paras if isinstance(p, tuple)):
                at = lines.index(f"**This edition:** {reading}")
                assert lines[at - 2] == rule and lines[at - 1] == ""
