"""Minesweeper on pygame-ce: the classic game, correct to the last rule."""
