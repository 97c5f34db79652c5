"""``--verify-replay`` for the community's files (AVF, RMV, MVF, EVF, RAWVF): their
mouse events played again, through the community's mouse machine (game.replay.tally)
and through our engine (game.replay.from_video), and the end they reach checked
against what the file states.

The checks, each where the file states it:
- our engine ends the game as the community's counting does (won, lost or neither);
- the result: the file says the game was won (RMV, EVF) or not;
- the 3BV the file stores is the board's;
- the time the file stores, for a game that ended, is the time of its events (from
  the press or release that began the game to the one that ended it) within the
  format's time step (10 ms for AVF, MVF and RAWVF, 1 ms for RMV and EVF).

Pure Python: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core.status import Status
from game.language import N_, gettext
from game.replay.format import Replay, named
from game.replay.formats import open_video
from game.replay.from_video import replay_of_video
from game.replay.tallied import Tally
from game.replay.tally import tally
from game.replay.video import Video, VideoError
from game.words import game_line, seconds

TIME_STEP_MS = {"avf": 10, "mvf": 10, "rawvf": 10, "rmv": 1, "evf": 1}
"""How far a stored time may be from the events' (the format's resolution)."""


@dataclass(frozen=True)
class VideoCheck:
    """What playing a community file's events again gave."""

    replay: Replay
    """The file as our replay: our engine's end of it."""
    problems: tuple[str, ...]
    """Each way the events do not reach what the file states (empty: they do)."""
    counted: Tally
    """The events as the file's community counts them (the figures the line gives)."""

    @property
    def ok(self) -> bool:
        """The events reproduce everything the file states."""
        return not self.problems

    def line(self) -> str:
        """One line: ``ok: ...`` or ``differs: ... (the first problem)``, the figures
        as the file's community counts them (its clicks are left, right and double)."""
        counted = self.counted
        bbbv = str(counted.bbbv) if counted.won else f"{counted.solved_bbbv}/{counted.bbbv}"
        rate = counted.bbbv * 1000 / counted.time_ms if counted.won and counted.time_ms else None
        said = game_line(_status(counted), counted.time_ms, bbbv, rate, counted.clicks)
        if self.ok:
            return gettext("ok: {game}").format(game=said)
        return gettext("differs: {game} ({problem})").format(game=said, problem=self.problems[0])


def verify_video(video: Video) -> VideoCheck:
    """Play a video's events through the community's machine and our engine; check
    the end against the file's stated facts. VideoError for a board our engine
    cannot hold."""
    counted = tally(video)
    replay = replay_of_video(video)
    problems = []
    ours = replay.result if replay.result in (Status.WON, Status.LOST) else Status.PLAYING
    theirs = _status(counted)
    if ours is not theirs:
        said = gettext("our engine ends the game {ours}, the community's counting {theirs}")
        problems.append(said.format(ours=_ending(ours), theirs=_ending(theirs)))
    facts = video.facts
    if facts.finished is not None and facts.finished != counted.won:
        stated = gettext("won") if facts.finished else gettext("not won")
        said = gettext("the file says {stated}; its events end {theirs}")
        problems.append(said.format(stated=stated, theirs=_ending(theirs)))
    if facts.bbbv is not None and facts.bbbv != counted.bbbv:
        said = gettext("the file says 3BV {stated}; its board's is {counted}")
        problems.append(said.format(stated=facts.bbbv, counted=counted.bbbv))
    step = TIME_STEP_MS.get(video.format, 1)
    ended = counted.won or counted.lost
    if ended and facts.time_ms is not None and abs(facts.time_ms - counted.played_ms) > step:
        said = gettext("the file says {stated}; its events take {counted}")
        problems.append(
            said.format(stated=seconds(facts.time_ms), counted=seconds(counted.played_ms))
        )
    return VideoCheck(replay, tuple(problems), counted)


ENDINGS = {Status.WON: N_("won"), Status.LOST: N_("lost"), Status.PLAYING: N_("not ended")}
"""How a game ended, in a word of the player's language."""


def _ending(status: Status) -> str:
    return gettext(ENDINGS[status])


def _status(counted: Tally) -> Status:
    return Status.WON if counted.won else Status.LOST if counted.lost else Status.PLAYING


def verify_file(path: str | Path) -> VideoCheck:
    """Read a community file and verify it; ReplayError (one line naming the file)
    for a file that is no replay."""
    path = Path(path)
    try:
        return verify_video(open_video(path))
    except VideoError as error:
        raise named(path.name, error) from None
