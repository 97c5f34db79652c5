"""A module a module names at its top but loads only when first used: the dialogs'
screens (each with its first dialog), what only a game's end or a ghost's race needs,
the exact fractions of the engine's probabilities (game.core), the Unicode database of
the fonts' fallback. In the bottom layer (pure: importlib alone), so any layer may use it. The
name is bound to a stand-in that imports the module at its first attribute read and
hands on every read after it; the type checker sees the module itself (the flow
imports it for the checker), so nothing is lost but the load before the first input
(tests/test_startup.py names what must wait)."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


class OnFirstUse:
    """A module, imported at the first read of one of its names."""

    __slots__ = ("_module", "_name")

    def __init__(self, name: str) -> None:
        self._name = name
        self._module: ModuleType | None = None

    def __getattr__(self, attribute: str) -> Any:
        if self._module is None:
            self._module = importlib.import_module(self._name)
        return getattr(self._module, attribute)

    def __repr__(self) -> str:
        state = "loaded" if self._module is not None else "not loaded yet"
        return f"<module {self._name!r}, on first use: {state}>"
