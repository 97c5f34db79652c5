"""The system's own libraries, reached through ctypes: the one home that loads ctypes
for the window (with the first rest, once the first input can be handled; with the
first use of the primary selection; at a first start on Windows, whether a screen
reader runs: tests/test_startup.py checks that none of these loads it before).

The SDL library pygame-ce itself loaded is found among the process's mapped files (on
Windows by name, on macOS in the wheel's .dylibs): its own wait on the event queue
(game.view.waiting), its primary selection (game.view.widgets.clipboard) and the
display's DPI (``display_dpi``: game.view.scale's choice), which pygame-ce has no
call for; and the C library's heap given back to the system (``give_back_memory``).
"""

from __future__ import annotations

import contextlib
import math
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pygame

SDL_INIT_VIDEO = 0x20
_SDL_NAMES = ("libSDL2-2", "libSDL2.so")
"""SDL itself among the libraries mapped (libSDL2-2.0.so.0, a wheel's
libSDL2-2-50d19f93.0.so.0.3200.10), not SDL_mixer, SDL_ttf or SDL_image."""

Primary = tuple[Callable[[], int], Callable[[], bytes], Callable[[bytes], int]]
"""The SDL library's primary selection: whether it holds text, its bytes (SDL's copy
freed), and putting text in it."""


def ctypes_module() -> Any:
    """ctypes, loaded at its first use (about 2 ms: never before the first input)."""
    import ctypes  # (the system's own calls only: with their first use, never at start)

    return ctypes


def _candidates() -> list[str]:
    """Where the SDL that pygame loaded may be found, the likeliest first."""
    found: list[str] = []
    maps = Path("/proc/self/maps")
    if maps.exists():  # Linux: the very file mapped in the process
        with contextlib.suppress(OSError):
            for line in maps.read_text().splitlines():
                path = line.split(maxsplit=5)[-1] if line.count(" ") >= 5 else ""
                name = path.rpartition("/")[2]
                if name.startswith(_SDL_NAMES) and ".so" in name and path not in found:
                    found.append(path)
    package = Path(pygame.__file__).parent
    if sys.platform == "win32":
        found += ["SDL2.dll", str(package / "SDL2.dll")]  # (a loaded module is found by name)
    elif sys.platform == "darwin":
        found += sorted(str(path) for path in (package / ".dylibs").glob("libSDL2-2.0*.dylib"))
    return found


def sdl_library() -> Any:
    """The SDL library pygame uses, already loaded and initialised (a ctypes.CDLL),
    with SDL_WaitEventTimeout's signature set; None if not found."""
    ctypes = ctypes_module()

    wanted = pygame.get_sdl_version()
    for name in _candidates():
        try:
            library = ctypes.CDLL(name)
            library.SDL_WasInit.argtypes = [ctypes.c_uint32]
            library.SDL_WasInit.restype = ctypes.c_uint32
            version = (ctypes.c_uint8 * 3)()  # (SDL_version: major, minor, patch)
            library.SDL_GetVersion(version)
        except (OSError, AttributeError):
            continue
        if tuple(version) != wanted:
            continue  # (another SDL than pygame's)
        if not library.SDL_WasInit(SDL_INIT_VIDEO):
            continue  # (another copy: pygame's has its display open)
        library.SDL_WaitEventTimeout.argtypes = [ctypes.c_void_p, ctypes.c_int]
        library.SDL_WaitEventTimeout.restype = ctypes.c_int
        return library
    return None


@cache
def malloc_trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim (None with another C library: musl, Windows', macOS')."""
    if not sys.platform.startswith("linux"):
        return None
    ctypes = ctypes_module()
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return trim  # type: ignore[no-any-return]


def give_back_memory() -> None:
    """Hand the free memory of the C heap back to the system (glibc's malloc_trim):
    what start-up freed (the first frame's work, the surfaces and buffers let go, the
    modules' loading) stays resident otherwise, glibc keeping freed pages inside its
    arenas. About 0.5 ms; 0.8-0.9 MB resident less once start-up is over (Xvfb,
    docs/SPEED.md "Memory"). Nothing elsewhere."""
    trim = malloc_trim()
    if trim is not None:
        trim(0)


DPI_RANGE = (30.0, 1000.0)
"""The DPIs believed (a monitor's size in millimetres misreported gives nonsense)."""


def display_dpi(index: int = 0) -> float | None:
    """The display's DPI as the system tells SDL (SDL_GetDisplayDPI, the mean of the
    horizontal and vertical): on X11 from the monitor's size in millimetres (XRandR;
    without it the X screen's, which Xvfb's ``-dpi`` sets), on Windows the monitor's
    DPI setting; None where the system does not say or says nonsense."""
    library = sdl_library()
    if library is None:
        return None
    ctypes = ctypes_module()
    floats = [ctypes.c_float() for _ in range(3)]
    get = library.SDL_GetDisplayDPI
    get.argtypes = [ctypes.c_int] + [ctypes.POINTER(ctypes.c_float)] * 3
    get.restype = ctypes.c_int
    if get(index, *(ctypes.byref(value) for value in floats)) != 0:
        return None
    dpi = (floats[1].value + floats[2].value) / 2
    return dpi if math.isfinite(dpi) and DPI_RANGE[0] <= dpi <= DPI_RANGE[1] else None


@cache
def primary_selection() -> Primary | None:
    """The primary selection of the SDL 2 library this process runs; None where it
    cannot be found or has no primary selection."""
    if not sys.platform.startswith("linux"):
        return None
    ctypes = ctypes_module()  # (with the primary selection's first use)

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
            return bytes(ctypes.string_at(pointer))
        finally:
            free(ctypes.c_void_p(pointer))

    return has, read, put
