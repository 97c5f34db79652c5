"""Minesweeper on pygame-ce: the classic game, correct to the last rule."""

import os

# pygame prints a banner on import unless told not to; a game has no use for it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The window's class on X11 (task bars group and name windows by it).
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "minesweeper")
# ... and its app id on Wayland, matching the .desktop file (packaging/linux).
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", "minesweeper")
# Windows: draw in real pixels (crisp art; the zoom that fits is then picked from the
# display's true size) rather than letting Windows stretch a blurred bitmap.
os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
# A press that gives a window the focus is a press (SDL drops it otherwise on X11): the
# first click on the face after a page's own window had the focus did nothing.
os.environ.setdefault("SDL_MOUSE_FOCUS_CLICKTHROUGH", "1")
