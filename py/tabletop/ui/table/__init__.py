"""The game at the table, browser-free (tested under CPython): the current game and its session,
history, lessons in progress, the computer's turns, and the words for who did what."""
