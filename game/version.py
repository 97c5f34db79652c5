"""The game's version, which lives in one place: pyproject.toml.

It reaches the game as the installed distribution's metadata
(``importlib.metadata``): a wheel, an editable install of a checkout, or a frozen
build (build.spec bundles the metadata and refuses to build with stale metadata).
A checkout that was never installed says "unknown".
"""

from __future__ import annotations

DIST_NAME = "minesweeper-ce"
"""The distribution name in pyproject.toml ([project] name)."""

UNKNOWN = "unknown"

PROGRAM = "Minesweeper (this game)"
"""How files name the program that wrote them (an EVF file's software, with the
version: program(); --analyse's program of a replay of ours)."""


def version() -> str:
    """The game's version string, e.g. "0.1.0"."""
    # Imported here, not at the top: it costs ~12 ms, and only --version and the
    # help screen ask, never the start-up.
    from importlib import metadata  # (slow to import: --version and About only)

    try:
        return metadata.version(DIST_NAME)
    except metadata.PackageNotFoundError:
        return UNKNOWN


def program() -> str:
    """The program and its version, as an EVF file's software field carries them."""
    return f"{PROGRAM} {version()}"
