"""A replay saved as a web page beside the kept replays, or its web link put on the
clipboard: what the end-of-game panel's and the replay viewer's buttons do
(docs/WEB.md). The page itself is game/flows/web_page.py's, loaded with the first
page made (fontTools, hashlib)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from game.language import gettext
from game.language import shown as in_language
from game.persist import replays as replay_files
from game.replay.format import Replay
from game.view.widgets.clipboard import copy


def _pages() -> ModuleType:
    from game.flows import web_page  # (fontTools and hashlib: with the first page made)

    return web_page


def page_text(replay: Replay, caption: str = "") -> str:
    """The replay's page (one self-contained HTML file)."""
    return str(_pages().page_of(replay, caption))


def save_page(replay: Replay, folder: Path | None, caption: str = "") -> tuple[str, Path | None]:
    """Save the page beside the kept replays, named as they are; what became of it (a
    line to show) and where it is (None: it was not saved)."""
    if folder is None:
        return gettext("no replays folder to save a web page in"), None
    name = replay_files.file_name(replay, suffix=".html")
    try:
        data = page_text(replay, caption).encode("utf-8")
        path = replay_files.export(folder, name, data)
    except (OSError, ValueError) as error:
        why = getattr(error, "strerror", None) or in_language(error)
        return gettext("The web page could not be saved ({error}).").format(error=why), None
    return gettext("Saved as a web page, for any browser: {name}").format(name=path.name), path


def copy_link(replay: Replay, caption: str = "") -> str:
    """Put the replay's web link on the clipboard; a line saying so (or why not)."""
    try:
        shared = str(_pages().link(replay, caption))
    except ValueError as error:
        return gettext("The web link could not be made ({error}).").format(error=in_language(error))
    if copy(shared):
        return gettext("The web link is on the clipboard ({n} characters).").format(n=len(shared))
    return gettext("No clipboard here: the web link could not be copied.")
