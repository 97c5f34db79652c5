"""The worst board for a chain of chords, shared by benchmarks/bench_recursion.py and
tests/test_recursive_chords.py: N x N, rows of flagged mines and rows of safe cells in
turn, each mine row with one gap at alternate ends, so every safe cell is a number
and one path of numbers runs through half the board; (1, 0) is opened."""

from __future__ import annotations

from game.core.game import Game


def snake(n: int, recursion: str) -> Game:
    """The board, as a saved game (every mine already flagged) under ``recursion``."""
    lines = []
    for r in range(n):
        line = ["F"] * n if r % 2 == 0 else ["h"] * n
        if r % 2 == 0 and r:
            line[n - 1 if (r // 2) % 2 else 0] = "h"
        lines.append("".join(line))
    lines[1] = "o" + lines[1][1:]
    return Game.from_snapshot(
        {
            "rows": n,
            "cols": n,
            "mines": sum(line.count("F") for line in lines),
            "placed": True,
            "cells": lines,
            "status": "playing",
            "exploded": [],
            "first_click": "safe",
            "marks": True,
            "left_click_chords": False,
            "seed": None,
            "recursion": recursion,
        }
    )
