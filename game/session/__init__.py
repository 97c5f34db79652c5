"""The play session: everything about a game that is not pixels, in pure Python.

- stopwatch.py: the game's clock (start, pause, unpause, stop) on an injected clock;
- play.py: a PlaySession, the game with the rules it started with, its stopwatch
  and the log of every move with its time;
- table.py: the Table (a game on the table, carrying its way to play (game.modes),
  the cursor, the hint; typed events out);
- picture.py: what the window shows besides the cells (face, counters, pressed cells,
  the cursor, the advice), the face's pictures named by Face;
- geometry.py: where everything sits in the window at 1x, and what a pixel is over;
- input.py: the input machine (left, right, chord and middle clicks into moves).

No pygame: a replay, a test or a tool drives a session exactly as the window does.
"""
