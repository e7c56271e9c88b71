"""A game in a wiki's frame: how its address sets the game up (``setup``), a reader's games kept
for that wiki (``saves``), and what "Embed this position…" writes for an editor (``snippets``,
with the wiki's height listener ``wiki-listener.js``)."""
