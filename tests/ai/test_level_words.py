"""What the app says about each computer level's speed is said once (levels.ANSWERS), so the
balance lab's list and the help page cannot disagree."""

from __future__ import annotations

import re

from tabletop.ai.levels import ANSWERS, DESCRIPTIONS, GUIDE
from tabletop.levels import LEVELS

TIMING = re.compile(r"\b(second|seconds|blink|at once|ms)\b")


def test_each_level_says_its_speed_in_the_same_words_in_the_lab_and_in_help():
    help_text = " ".join(GUIDE[1])
    for level in LEVELS:
        assert ANSWERS[level] in DESCRIPTIONS[level]
        assert ANSWERS[level] in help_text
        rest = DESCRIPTIONS[level].replace(ANSWERS[level], "")
        assert not TIMING.search(rest), rest  # no second, different claim beside it
