"""The on/off settings come back as they were kept, and a wrong value is set aside by name."""

from __future__ import annotations

import json

from tabletop.games import FACTS
from tabletop.ui.saves.storage import SETTINGS_KEY, MemoryBackend, Store


def test_face_to_face_is_remembered():
    backend = MemoryBackend()
    Store(backend, FACTS).save_settings({"face_to_face": True, "curtain": True})
    assert Store(backend, FACTS).settings() == {"face_to_face": True, "curtain": True}
    Store(backend, FACTS).save_settings({"face_to_face": False})
    assert Store(backend, FACTS).settings() == {"face_to_face": False}


def test_a_wrong_face_to_face_value_is_set_aside_and_named():
    store = Store(MemoryBackend({SETTINGS_KEY: json.dumps({"face_to_face": "yes", "reduce_motion": True})}), FACTS)
    assert store.settings() == {"reduce_motion": True}
    assert "face to face" in store.problems[0]
