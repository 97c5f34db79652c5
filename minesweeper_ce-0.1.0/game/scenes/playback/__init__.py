"""The replay viewer: a replay played back (``python -m game --replay FILE``, or a
file opened from the Game menu or dropped on the window; ours or one of the
community's), a scene over the whole window with a table of its own.

By idea: the playback's control (control.py: speed, pause, seeking, a move on or
back, idle time skipped; pure), the bar over the menu bar (status.py), the views
over the board (overlays.py: the thinking-time heat, the pointer's trail, the
timeline of timeline.py), the GIF it writes (gif.py) and the scene that ties them
(scene.py). Its keys are the key map's viewer commands (game.view.commands), which
the player can rebind in Options > Keys...; its colours are the look's. Who played
it, with which program and when are in the window's title. A playback never touches
the player's history, best times or saved game.
"""

from game.scenes.playback.scene import PLAY_BOARD, PRACTISE_HERE, PlaybackScene

__all__ = ["PLAY_BOARD", "PRACTISE_HERE", "PlaybackScene"]
