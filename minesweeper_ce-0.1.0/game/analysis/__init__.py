"""The analysis of a game: every click judged (judge), from a position the player saw."""
