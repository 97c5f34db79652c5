"""A tournament's games from a folder of replay files from many players, ours and the
community's (read through game.replay.files.open_replay), grouped by the player's
name in each file. Our replays that name another tournament, or were played under
another first-click rule than the tournament's, are left out; a file that cannot be
read is named in the standings' notes, one line each, and left out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.core.status import Status
from game.language import gettext, ngettext, shown
from game.modes.standings import UNNAMED, Played
from game.modes.tournament import Tournament
from game.replay.files import is_replay_name, open_replay
from game.replay.format import SUFFIX, ReplayError

MAX_FILES = 10_000
"""The most replay files a folder's standings read (the rest are named as left out)."""


class FolderError(Exception):
    """A folder that cannot be read (its listing failed): one line."""


@dataclass(frozen=True)
class Folder:
    """The games of a folder of replay files, and a note for each file left out."""

    games: tuple[Played, ...]
    notes: tuple[str, ...]


def read_folder(
    tournament: Tournament,
    folder: str | Path,
    progress: Callable[[int, int], None] | None = None,
) -> Folder:
    """The tournament's games in a folder of replay files (not its subfolders);
    FolderError if the folder cannot be read. ``progress`` is told (files read,
    files in all) as they are read."""
    folder = Path(folder)
    tell = progress or (lambda done, total: None)
    games: list[Played] = []
    notes: list[str] = []
    try:
        names = sorted(entry.name for entry in folder.iterdir() if is_replay_name(entry.name))
    except OSError as error:
        why = gettext("{folder}: cannot be read ({why})")
        raise FolderError(why.format(folder=folder, why=error.strerror or error)) from None
    if len(names) > MAX_FILES:
        more = len(names) - MAX_FILES
        notes.append(
            ngettext(
                "{n} file past the first {most} left out",
                "{n} files past the first {most} left out",
                more,
            ).format(n=more, most=MAX_FILES)
        )
        names = names[:MAX_FILES]
    for done, name in enumerate(names):
        tell(done, len(names))
        try:
            replay = open_replay(folder / name).replay
        except ReplayError as error:
            notes.append(gettext("left out: {why}").format(why=shown(error)))
            continue
        ours = name.lower().endswith(SUFFIX)
        if ours and replay.tournament and replay.tournament != tournament.ident:
            said = gettext("left out: {name}: played in {tournament}")
            notes.append(said.format(name=name, tournament=replay.tournament))
            continue
        rule = tournament.first_click
        if ours and rule is not None and replay.rules.first_click is not rule:
            said = gettext("left out: {name}: played with the {rule} rule")
            notes.append(said.format(name=name, rule=replay.rules.first_click.value))
            continue
        games.append(
            Played(
                replay.player or UNNAMED,
                replay.board,
                replay.result is Status.WON,
                replay.ms,
                replay.bbbv,
            )
        )
    return Folder(tuple(games), tuple(notes))
