"""Replays watched over the play screen: a file opened from the Game menu or dropped
on the window, of any kind the game opens (ours, AVF, RMV, MVF, EVF, RAWVF), or the
replay given on the command line. From a playback, B plays its board and C plays on
from the moment shown: practice games on that exact layout, which no record, history
or statistic counts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.flows.background import DONE, Job, WorkScene
from game.flows.open_replay import browse
from game.flows.race import Race
from game.language import N_, Words, gettext, shown
from game.modes.practice import FROM_POSITION, Practice
from game.persist import replays as replay_files
from game.persist.profile import Profile
from game.replay.drive import game_of
from game.replay.files import Opened, open_replay
from game.replay.format import Replay, ReplayError
from game.rules import Difficulty
from game.scenes.leaving import Leaving
from game.scenes.playback import PLAY_BOARD, PRACTISE_HERE, PlaybackScene
from game.scenes.playback.pair import PairScene
from game.session.play import position_before
from game.session.table import Table
from game.view.prefs import Prefs
from game.view.stage import Stage
from game.view.viewport import Viewport
from game.view.widgets.message import MessageDialog

if TYPE_CHECKING:
    from game.flows.analysis import Analyst


QUICK_S = 0.5
"""How long a replay file is waited for before its reading is shown under way (the
largest real one, 57,000 events, is read in a fraction of that)."""


class Watching:
    """Opens replays and plays them back on the stage, over the player's board."""

    def __init__(
        self,
        stage: Stage,
        viewport: Viewport,
        prefs: Prefs,
        profile: Profile,
        table: Table,
        analyst: Callable[[], Analyst],
        race: Race | None = None,
    ) -> None:
        self.race = race
        self.analyst = analyst
        """What opens a replay's analysis (the shell's, made when first asked for)."""
        """Where "play this board" offers a race against the replay."""
        self.stage = stage
        self.viewport = viewport
        self.prefs = prefs
        self.profile = profile
        self.table = table

    def replay(
        self, replay: Replay, caption: str = "", *, standalone: bool, path: str | None = None
    ) -> PlaybackScene:
        """Play a replay back (``standalone``: the window plays nothing else; ``path``:
        the file it came from). A game under way is paused meanwhile: watching is
        no playing time."""
        self.table.pause()
        counter = self.prefs.settings.counter_below_zero
        scene = PlaybackScene(
            replay,
            self.viewport,
            self.stage,
            lambda: self.prefs.keymap,
            counter_below_zero=counter,
            caption=caption,
            standalone=standalone,
        )
        return self._show(scene, replay, path)

    def pair(self, name: str) -> PlaybackScene | None:
        """A live race's game (the player's replay kept as ``name``) played with the
        opponent's kept beside it (game.flows.race_keep), side by side; an opponent's
        replay missing or damaged is said in one line and the player's plays alone."""
        folder = self.profile.folder
        own = replay_files.kept(folder, name)
        if own is None:
            said = gettext("The replay {name} is no longer kept.").format(name=name)
            self.stage.open(MessageDialog(N_("This replay cannot be played"), [said]))
            return None
        mine = self._opened(own)
        if mine is None:
            return None
        kept = replay_files.partner(folder, name)
        try:
            if kept is None:
                raise ReplayError(Words(N_("the opponent's replay is not kept")))
            theirs = open_replay(kept[0]).replay
        except ReplayError as error:
            scene = self.replay(mine.replay, mine.caption, standalone=False, path=str(own))
            scene.note = gettext("the opponent's replay cannot be played: {why}").format(
                why=shown(error)
            )
            return scene
        self.table.pause()
        scene = PairScene(
            mine.replay,
            theirs,
            self.viewport,
            self.stage,
            lambda: self.prefs.keymap,
            counter_below_zero=self.prefs.settings.counter_below_zero,
            verified=kept[1],
        )
        return self._show(scene, mine.replay, str(own))

    def _show(self, scene: PlaybackScene, replay: Replay, path: str | None) -> PlaybackScene:
        """A playback's scene on the stage (its GIFs, its analysis and its paces)."""
        name = Path(path).name if path else gettext("This replay")
        scene.gif_folder = self.profile.folder / replay_files.FOLDER
        scene.on_analyse = lambda: self.analyst().game(replay, name, path)
        difficulty = replay.board.difficulty
        if difficulty is not Difficulty.CUSTOM:  # the player's own pace on that board
            profile = self.profile
            scene.paces = (profile.best_rate(difficulty), profile.median_rate(difficulty))
        self.stage.push(scene, lambda result: self._closed(scene, result))
        return scene

    def file(self, path: str | Path) -> PlaybackScene | None:
        """Open a replay file and play it back (its scene; None when it cannot be
        played, named in a message in one line, or while it is still being read).
        It is read off the loop: a replay is read within QUICK_S and played at once,
        but a hostile file of the largest a reader takes (20 MB, a million events:
        seconds) is read under a progress dialog while the window keeps answering,
        and played once read (Cancel: not played)."""
        job = Job(lambda report: open_replay(path))
        if job.wait(QUICK_S):
            return self._read(job, path)

        def answered(result: object) -> None:
            if result == DONE:
                self._read(job, path)

        self.stage.push(WorkScene(N_("Opening the replay"), job, self.viewport), answered)
        return None

    def _read(self, job: Job, path: str | Path) -> PlaybackScene | None:
        """The replay a job read, played back (one it could not read: named)."""
        if isinstance(job.error, ReplayError):
            self._cannot(job.error)
            return None
        if job.error is not None:
            raise job.error
        opened: Opened = job.result
        return self.replay(opened.replay, opened.caption, standalone=False, path=str(path))

    def _cannot(self, error: ReplayError) -> None:
        self.stage.open(MessageDialog(N_("This replay cannot be played"), [shown(error)]))

    def _opened(self, path: str | Path) -> Opened | None:
        """A replay file read (one that cannot be: named in a message, in one line)."""
        try:
            return open_replay(path)
        except ReplayError as error:
            self._cannot(error)
            return None

    def browse(self) -> None:
        """The Game menu's Open replay...: pick a file, from the kept replays."""
        kept = self.profile.folder / replay_files.FOLDER
        start = kept if kept.is_dir() else Path.home()
        browse(self.stage, start, self.file)

    def _closed(self, scene: PlaybackScene, result: object) -> None:
        """Back to the player's board; or to a practice game on the replay's."""
        self.viewport.show(self.table.board, self.table.cursor)
        self.stage.repaint()
        minefield = scene.replay.minefield
        if result == PRACTISE_HERE:
            watched, moment = scene.table.session, max(0.0, scene.clock.ms)
            here = position_before(watched, len(watched.log), self.table.clock, moment)
            self.table.start(Practice.at(here, FROM_POSITION))
        elif result == PLAY_BOARD and minefield is not None:
            self.table.start(Practice.again(game_of(scene.replay)))
            if self.race is not None:
                self.race.offer(scene.replay, N_("the replay"))
        elif scene.standalone:  # (the window was opened for it: Esc again quits)
            self.stage.push(Leaving(self.stage, self.table, lambda: self.prefs.keymap))
