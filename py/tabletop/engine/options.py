"""Variant switches: every game offers ``default_options()``; a new game merges what
the player chose over those defaults. Missing keys take the default; unknown keys
or wrong types are refused with a clear message.

>>> resolve_options({"tnt": False, "target": 5}, {"target": 3})
{'tnt': False, 'target': 3}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def resolve_options(defaults: Mapping[str, Any], given: Mapping[str, Any] | None) -> dict[str, Any]:
    merged = dict(defaults)
    for key, value in dict(given or {}).items():
        if key not in defaults:
            raise ValueError(f"unknown option {key!r}")
        want = type(defaults[key])
        if want is bool and not isinstance(value, bool):
            raise ValueError(f"option {key!r} must be true or false")
        if want is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ValueError(f"option {key!r} must be a whole number")
        if want is str and not isinstance(value, str):
            raise ValueError(f"option {key!r} must be text")
        merged[key] = value
    return merged
