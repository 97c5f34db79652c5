"""The desktop's clipboard, through SDL (pygame-ce's ``pygame.scrap`` text calls):
a board code copied out of the game, text pasted into a field; and, where SDL has
one (X11 and Wayland), the primary selection that the middle button pastes.

pygame-ce has no call for the primary selection, so it is asked of the SDL library
pygame-ce itself loaded (SDL_GetPrimarySelectionText, SDL 2.26 and later), found
among the process's mapped files; where there is none (Windows, macOS, an older
SDL), the selection is simply empty.
"""

from __future__ import annotations

import ctypes
import sys
from functools import cache

import pygame

SELECTION_LIMIT = 4096
"""The most characters taken from the primary selection (a field holds far fewer)."""


def copy(text: str) -> bool:
    """Put text on the clipboard (and in the primary selection, where there is one,
    so the middle button pastes it too); False where there is no clipboard (no
    window, no desktop)."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError):
        return False
    sdl = _sdl()
    if sdl is not None:
        sdl.SDL_SetPrimarySelectionText(text.encode("utf-8", "replace"))
    return True


def paste() -> str:
    """The clipboard's text ("" when it holds none or there is no clipboard)."""
    try:
        return pygame.scrap.get_text() if pygame.scrap.has_text() else ""
    except (pygame.error, AttributeError):
        return ""


def selection() -> str:
    """The primary selection's text: what was last selected anywhere on an X11 or
    Wayland desktop ("" when there is none, or no such thing here)."""
    sdl = _sdl()
    if sdl is None or not pygame.display.get_init() or not sdl.SDL_HasPrimarySelectionText():
        return ""
    pointer = sdl.SDL_GetPrimarySelectionText()
    if not pointer:
        return ""
    try:
        data = ctypes.string_at(pointer)
    finally:
        sdl.SDL_free(ctypes.c_void_p(pointer))
    return data[: SELECTION_LIMIT * 4].decode("utf-8", "replace")[:SELECTION_LIMIT]


@cache
def _sdl() -> ctypes.CDLL | None:
    """The SDL 2 library this process runs, with the selection calls typed; None
    where it cannot be found or has no primary selection."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            paths = {line.split(maxsplit=5)[-1].strip() for line in maps if "libSDL2-2" in line}
    except OSError:
        return None
    for path in sorted(paths):
        if "SDL2_" in path.rsplit("/", 1)[-1]:
            continue  # (SDL2_image, SDL2_mixer, SDL2_ttf)
        try:
            sdl = ctypes.CDLL(path)
            get, has, put = (
                sdl.SDL_GetPrimarySelectionText,
                sdl.SDL_HasPrimarySelectionText,
                sdl.SDL_SetPrimarySelectionText,
            )
        except (OSError, AttributeError):
            continue
        get.restype, get.argtypes = ctypes.c_void_p, []
        has.restype, has.argtypes = ctypes.c_int, []
        put.restype, put.argtypes = ctypes.c_int, [ctypes.c_char_p]
        sdl.SDL_free.restype, sdl.SDL_free.argtypes = None, [ctypes.c_void_p]
        return sdl
    return None
