"""Open a replay file from the Game menu: a small browser of the player's folders
(pygame has no file dialog), listing folders and the replay files the game opens
(ours and the community's), a page at a time."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.language import N_, gettext
from game.replay.files import is_replay_name
from game.view.widgets.menu import MenuDialog

if TYPE_CHECKING:
    from game.view.stage import Stage

PAGE = 12
"""Entries shown at once."""
MOST_ENTRIES = 20_000
"""A folder's entries looked at, at most (a huge folder stays quick)."""
TITLE = N_("Open a replay")
UP, FOLDER = N_("up a folder"), N_("folder")
PREVIOUS, NEXT = N_("Previous page"), N_("Next page")
CANCEL = N_("Cancel")


def listing(folder: Path) -> tuple[list[Path], list[Path], str | None]:
    """A folder's subfolders and replay files, each sorted by name (hidden ones left
    out), and what went wrong reading it, if anything."""
    folders: list[Path] = []
    files: list[Path] = []
    try:
        with os.scandir(folder) as entries:
            for count, entry in enumerate(entries):
                if count >= MOST_ENTRIES:
                    break
                if entry.name.startswith("."):
                    continue
                try:
                    if entry.is_dir():
                        folders.append(Path(entry.path))
                    elif entry.is_file() and is_replay_name(entry.name):
                        files.append(Path(entry.path))
                except OSError:
                    continue
    except OSError as error:
        return (
            [],
            [],
            gettext("This folder cannot be read: {why}.").format(why=error.strerror or error),
        )
    key: Callable[[Path], str] = lambda path: path.name.casefold()  # noqa: E731
    return sorted(folders, key=key), sorted(files, key=key), None


class Browser:
    """Where the browser is: a folder and a page of it."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.page = 0
        self.entries: list[tuple[str, str, Path | None]] = []
        self.problem: str | None = None
        self.look()

    def look(self) -> None:
        """Read the folder again."""
        folders, files, self.problem = listing(self.folder)
        entries: list[tuple[str, str, Path | None]] = []
        if self.folder.parent != self.folder:
            entries.append(("..", UP, self.folder.parent))
        entries += [(f"{path.name}/", FOLDER, path) for path in folders]
        for path in files:
            try:
                size = path.stat().st_size
            except OSError:
                continue
            entries.append((path.name, f"{max(1, round(size / 1024))} kB", path))
        self.entries = entries

    @property
    def pages(self) -> int:
        """How many pages the folder fills."""
        return max(1, -(-len(self.entries) // PAGE))

    def items(self) -> list[tuple[str, str]]:
        """The lines shown: this page's entries, and the way to the other pages."""
        shown = self.entries[self.page * PAGE : (self.page + 1) * PAGE]
        lines = [(name, gettext(what) if what in (UP, FOLDER) else what) for name, what, _ in shown]
        of = gettext("{page} of {pages}")
        if self.page > 0:
            lines.append((gettext(PREVIOUS), of.format(page=self.page, pages=self.pages)))
        if self.page + 1 < self.pages:
            lines.append((gettext(NEXT), of.format(page=self.page + 2, pages=self.pages)))
        if not lines:
            lines.append((gettext("(no replay files here)"), ""))
        return lines

    def lines(self) -> list[str]:
        """The words over the list: the folder, and any problem."""
        words = [gettext("Folder: {folder}").format(folder=self.folder)]
        if self.problem:
            words.append(self.problem)
        return words

    def pick(self, index: int) -> Path | None:
        """Act on line ``index``: a file is the answer; anything else moves on."""
        shown = self.entries[self.page * PAGE : (self.page + 1) * PAGE]
        if index < len(shown):
            _, what, path = shown[index]
            if path is None:
                return None
            if what in (FOLDER, UP):
                self.folder, self.page = path, 0
                self.look()
                return None
            return path
        label = self.items()[index][0]
        if label == gettext(PREVIOUS):
            self.page -= 1
        elif label == gettext(NEXT):
            self.page += 1
        return None


def browse(stage: Stage, start: Path, chosen: Callable[[Path], object]) -> Browser:
    """Show the browser from ``start``; ``chosen`` gets the replay file picked."""
    browser = Browser(start)
    dialog = MenuDialog(TITLE, browser.items(), browser.lines(), buttons=(CANCEL,))

    def picked(index: int) -> list[tuple[str, str]]:
        path = browser.pick(index)
        if path is not None:
            dialog.choose(str(path))
        else:
            dialog.index = 0  # a new folder or page: from its top
        dialog.lines = browser.lines()
        dialog.index = min(dialog.index, len(browser.items()) - 1)
        return browser.items()

    def answered(result: object) -> None:
        if isinstance(result, str) and result != CANCEL:
            chosen(Path(result))

    dialog.on_pick = picked
    stage.open(dialog, answered)
    return browser
