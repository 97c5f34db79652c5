"""Every way to play, one object each (docs/ARCHITECTURE.md says how to add one).

- mode.py: what a way to play is (Mode), what a game counts for (Standing), what its
  replay says of it (ReplayFacts);
- category.py: the ranking categories (size, first-click family, shared boards);
- ordinary.py, shared.py (board codes, the daily board), practice.py, watching.py,
  resumed.py: the ways to play.

A new way to play is a new file here and its menu line. Import each from its own
module: the first frame loads the ordinary game's alone (not the replays a
watched game needs, nor the board codes).
"""
