"""Screens: each a function ``(app) -> El`` that reads the app and returns a tree."""
