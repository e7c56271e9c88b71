"""Towers & Worlds: four tabletop games with a pure-Python rules engine.

``tabletop.engine`` holds what the games share (errors, seeded chance, cards,
pyramids, moves and saves); ``tabletop.games`` holds one package per game;
``tabletop.ui`` is the only part that talks to the browser.
"""
