"""Persistence: the player's settings, game history and saved game.

Never imports pygame, and never stops the game from starting: see Profile. The
window uses Profile (and the value types below); the rest is for tests and tools.
The vocabulary (board sizes, difficulties, rules) is game.rules'.
"""
