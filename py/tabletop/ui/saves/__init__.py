"""Saved games and settings: the store and its records (``storage``), backups of every game
(``backup``), and files in and out (``transfer``)."""
