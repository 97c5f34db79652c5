"""The widget package: the dialogs and the menu bar, drawn the classic Windows way.

- style: colours, sizes at scale 1, the Style of one layout attempt (the game's font)
- text: linear-time wrapping and cutting short, the paragraph block
- button: the one press-and-release logic, the classic push button
- dialog: the modal Dialog (fitting, focus, keys, painting)
- message, grid (rows under headers), form, menu: the kinds of dialog
- menubar: the menu bar across the top of the window

The app imports the dialogs only when one opens (start-up need not pay for them);
the menu bar is drawn from the first frame.
"""

from __future__ import annotations

import importlib
from typing import Any

_HOMES = {
    "Dialog": "dialog",
    "Field": "form",
    "FormDialog": "form",
    "HelpOverlay": "message",
    "MenuDialog": "menu",
    "MessageDialog": "message",
    "GridDialog": "grid",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    """The dialogs load on first use (PEP 562), so importing the menu bar stays cheap."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'game.view.widgets' has no attribute {name!r}")
    return getattr(importlib.import_module(f"game.view.widgets.{home}"), name)
