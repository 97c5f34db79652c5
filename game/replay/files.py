"""Opening a replay file of any kind the game plays: ours (.msreplay) and the
community's (AVF, RMV, MVF, EVF, RAWVF), as one of our replays with a line saying
whose game it is."""

from __future__ import annotations

from pathlib import Path

from game.core.record import Record
from game.replay.format import SUFFIX, Replay, named
from game.replay.format import ReplayError as ReplayError  # (what open_replay raises)
from game.replay.formats import open_video
from game.replay.from_video import replay_of_video
from game.replay.reader import load
from game.replay.video import VideoError

COMMUNITY_SUFFIXES = (".avf", ".rmv", ".mvf", ".evf", ".rawvf")
"""The community's replay files, by their names' endings."""
SUFFIXES = (SUFFIX, *COMMUNITY_SUFFIXES)
"""Every replay file the game opens."""


class Opened(Record):
    """A replay file, opened."""

    __slots__ = ("caption", "replay")

    replay: Replay
    caption: str
    """Who played it, with which program, when: as much as the file says."""

    def __init__(self, replay: Replay, caption: str) -> None:
        self.replay = replay
        self.caption = caption


def is_replay_name(name: str) -> bool:
    """The file's name says it is a replay the game opens."""
    return name.lower().endswith(SUFFIXES)


def open_replay(path: str | Path) -> Opened:
    """The replay in a file of any kind the game opens; raises ReplayError with one
    line naming the file and what is wrong."""
    path = Path(path)
    if path.name.lower().endswith(COMMUNITY_SUFFIXES):
        return _community(path)

    try:
        replay = load(path)
    except ReplayError as error:
        raise _named(path, error) from None
    parts = [_who(replay.player, replay.country), replay.date.replace("T", " ")]
    return Opened(replay, ", ".join(part for part in parts if part))


def _community(path: Path) -> Opened:

    try:
        video = open_video(path)
        replay = replay_of_video(video)
    except VideoError as error:
        raise _named(path, error) from None
    facts = video.facts
    who = _who(facts.player, dict(facts.extra).get("country", ""))
    parts = [who, facts.program or video.format.upper(), facts.date]
    return Opened(replay, ", ".join(part for part in parts if part))


def _who(player: str, country: str) -> str:
    """The player as the viewer names them: "Ada (DE)" (a country alone says no one)."""
    return f"{player} ({country})" if player and country else player


def _named(path: Path, error: Exception) -> ReplayError:
    """The error's line, naming the file once."""
    return named(path.name, error)
