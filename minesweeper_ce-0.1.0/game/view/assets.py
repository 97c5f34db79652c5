"""Find the game's sprites, sounds and fonts, wherever the game runs from.

Three ways to run, one lookup:
- installed with pip (the wheel maps sprites/, sounds/ and fonts/ into the package
  as game/sprites, game/sounds and game/fonts) and frozen with PyInstaller (build.spec puts them
  at the same place, and sets the package's __file__ inside its unpack folder):
  they sit in the package's own folder;
- from a checkout (``python -m game``) or an editable install: the folders sit at
  the repository root, next to the package.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

AssetKind = Literal["sprites", "sounds", "fonts"]

# Not importlib.resources: the game only ever runs from real folders (pygame
# cannot load from a zip), and that module adds ~18 ms to every start.
_PACKAGE = Path(__file__).resolve().parent.parent  # game/, this file being game/view/assets.py
_CHECKOUT_ROOT = _PACKAGE.parent
# One file each folder always holds: where it is, the folder is complete.
_MARKER: dict[str, str] = {
    "sprites": "sheet.png",
    "sounds": "reveal.wav",
    "fonts": "DejaVuSans.ttf",
}


class AssetError(RuntimeError):
    """The game's own files are missing: the installation is broken."""


def asset_dir(kind: AssetKind) -> Path:
    """The folder holding the game's assets of this kind."""
    packaged = _PACKAGE / kind
    if (packaged / _MARKER[kind]).is_file():
        return packaged
    beside = _CHECKOUT_ROOT / kind
    if (beside / _MARKER[kind]).is_file():
        return beside
    raise AssetError(
        f"the game's {kind} folder is missing (looked in {packaged} and {beside}); "
        "reinstall the game"
    )


def asset_path(kind: AssetKind, name: str) -> Path:
    """The path of one asset file, e.g. ``asset_path("sprites", "sheet.png")``."""
    path = asset_dir(kind) / name
    if not path.is_file():
        raise AssetError(f"the game file {path} is missing; reinstall the game")
    return path
