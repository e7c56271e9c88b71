"""Face to face: each seat keeps one edge of the flat tablet, going round the table in turn order."""

from __future__ import annotations

from tabletop.ui.table.edges import edge, face_to_face


def test_seats_go_round_the_table():
    assert [edge(s, 2) for s in range(2)] == ["near", "far"]
    assert [edge(s, 3) for s in range(3)] == ["near", "left", "far"]
    assert [edge(s, 4) for s in range(4)] == ["near", "left", "far", "right"]


def test_nobody_and_unknown_tables_have_no_edge():
    assert edge(None, 2) is None and edge(2, 2) is None and edge(0, 6) is None


def test_the_setting_is_off_unless_set():
    assert not face_to_face({}) and face_to_face({"face_to_face": True}) and not face_to_face({"face_to_face": False})
