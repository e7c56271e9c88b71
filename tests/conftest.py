"""Shared by every test here: pytest puts this folder on the import path for its conftest, so a
test in any subfolder imports the helpers beside it (``telling``, ``recording``, ``repo``) by their bare names."""
