"""Replays: a finished (or abandoned) game as a small text file, every mouse button
down and up and every pointer move with its time, and the moves they made.

Pure Python, no pygame. docs/REPLAY.md describes the format for other tools; in
short::

    minesweeper-replay 1
    board: 9x9:10
    first-click: opening
    question-marks: yes
    left-click-chords: no
    seed: 1234
    layout: *......../.........
    result: won
    time-ms: 12345
    ...
    events: 3

    -850 move 4.5 3.25
    -300 down left 4.5 3.25
    0 up left 4.5 3.25 = r 3 4
    end

- format.py: the values (Event, Replay) and the text they are written as;
- reader.py: ``parse`` and ``load`` take any bytes: anything malformed, truncated,
  too large or inconsistent raises ReplayError with a one-line message, in bounded
  time and memory;
- recorder.py: the ``Recorder``, a tap on the table that makes a game's Replay;
- drive.py: the one loop that drives a game from a replay's events (``Driver``),
  used by ``verify`` (play it again, compare with the record) and by the window's
  playback;
- video.py and formats/: the neutral form of any replay (ours or the community's
  AVF, RMV, MVF, EVF, RAWVF files) and the readers that make it.
"""
