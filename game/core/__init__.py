"""The core engine: every rule of Minesweeper, in pure Python.

No pygame, no NumPy, no clock, no files: a game is a value you act on, and each
action returns a Delta saying what changed.

    from game.core.game import Game
    game = Game.new(9, 9, 10, seed=1)
    delta = game.reveal(4, 4)

Each name is imported from its own module (game.core.game, game.core.delta, ...):
this package loads nothing, so a part of the engine costs only what it imports.
"""
