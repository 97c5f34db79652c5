"""A tournament's games from a folder of replay files from many players, ours and the
community's (read through game.replay.files.open_replay), grouped by the player's
name in each file. Our replays that name another tournament, or were played under
another first-click rule than the tournament's, are left out; a file that cannot be
read is named in the standings' notes, one line each, and left out."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core.status import Status
from game.language import shown
from game.modes.standings import UNNAMED, Played
from game.modes.tournament import Tournament
from game.replay.files import is_replay_name, open_replay
from game.replay.format import SUFFIX, ReplayError

MAX_FILES = 10_000
"""The most replay files a folder's standings read (the rest are named as left out)."""


@dataclass(frozen=True)
class Folder:
    """The games of a folder of replay files, and a note for each file left out."""

    games: tuple[Played, ...]
    notes: tuple[str, ...]


def read_folder(tournament: Tournament, folder: str | Path) -> Folder:
    """The tournament's games in a folder of replay files (not its subfolders)."""
    folder = Path(folder)
    games: list[Played] = []
    notes: list[str] = []
    try:
        names = sorted(entry.name for entry in folder.iterdir() if is_replay_name(entry.name))
    except OSError as error:
        return Folder((), (f"{folder}: cannot be read ({error.strerror or error})",))
    if len(names) > MAX_FILES:
        notes.append(f"{len(names) - MAX_FILES} files past the first {MAX_FILES} left out")
        names = names[:MAX_FILES]
    for name in names:
        try:
            replay = open_replay(folder / name).replay
        except ReplayError as error:
            notes.append(f"left out: {shown(error)}")
            continue
        ours = name.lower().endswith(SUFFIX)
        if ours and replay.tournament and replay.tournament != tournament.ident:
            notes.append(f"left out: {name}: played in {replay.tournament}")
            continue
        rule = tournament.first_click
        if ours and rule is not None and replay.rules.first_click is not rule:
            notes.append(f"left out: {name}: played with the {replay.rules.first_click.value} rule")
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
