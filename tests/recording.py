"""``RecordingActions``: the one stand-in for the app in screen tests. Screens ask ``Actions``
(ui/shell/actions.py) for everything they do; this double records each intent with its arguments,
so a test taps a button in the element tree and reads what was asked for.

Every name of the ``Actions`` protocol is a method here (tests/ui/test_ui_layers.py checks it), and
nothing else is: a screen asking for an intent that the protocol does not name fails at once.
"""

from __future__ import annotations

from typing import Any

from tabletop.ui.shell.actions import Actions

INTENTS = [name for name in vars(Actions) if not name.startswith("_")]


class RecordingActions:
    def __init__(self, started: bool = True) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self.started = started  # what start_game answers

    def names(self) -> list[str]:
        """The intents asked for, in order."""
        return [name for name, _args, _kwargs in self.calls]

    def count(self, name: str) -> int:
        return self.names().count(name)

    def __getattr__(self, name: str) -> Any:
        if name not in INTENTS:
            raise AttributeError(f"{name} is not an intent of ui/shell/actions.py's Actions")

        def record(*args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, args, kwargs))
            return self.started if name == "start_game" else None

        return record
