"""The desktop's clipboard, through SDL (pygame-ce's ``pygame.scrap`` text calls):
a board code copied out of the game, text pasted into a field; and, where SDL has
one (X11 and Wayland), the primary selection that the middle button pastes.

pygame-ce has no call for the primary selection, so it is asked of the SDL library
pygame-ce itself loaded (SDL_GetPrimarySelectionText, SDL 2.26 and later), found
among the process's mapped files; where there is none (Windows, macOS, an older
SDL), the selection is simply empty.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
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
    primary = _primary()
    if primary is not None:
        primary[2](text.encode("utf-8", "replace"))
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
    primary = _primary()
    if primary is None or not pygame.display.get_init() or not primary[0]():
        return ""
    data = primary[1]()
    return data[: SELECTION_LIMIT * 4].decode("utf-8", "replace")[:SELECTION_LIMIT]


Primary = tuple[Callable[[], int], Callable[[], bytes], Callable[[bytes], int]]
"""The SDL library's primary selection: whether it holds text, its bytes (SDL's copy
freed), and putting text in it."""


@cache
def _primary() -> Primary | None:
    """The primary selection of the SDL 2 library this process runs; None where it
    cannot be found or has no primary selection."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # (the primary selection only: ctypes loads when it is first used)

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
            get, has, put, free = (
                sdl.SDL_GetPrimarySelectionText,
                sdl.SDL_HasPrimarySelectionText,
                sdl.SDL_SetPrimarySelectionText,
                sdl.SDL_free,
            )
        except (OSError, AttributeError):
            continue
        break
    else:
        return None
    get.restype, get.argtypes = ctypes.c_void_p, []
    has.restype, has.argtypes = ctypes.c_int, []
    put.restype, put.argtypes = ctypes.c_int, [ctypes.c_char_p]
    free.restype, free.argtypes = None, [ctypes.c_void_p]

    def read() -> bytes:
        pointer = get()
        if not pointer:
            return b""
        try:
            return ctypes.string_at(pointer)
        finally:
            free(ctypes.c_void_p(pointer))

    return has, read, put
