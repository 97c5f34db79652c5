"""A game left unfinished when the window closed: kept at the close, offered back at
the next start (timer and all). A clear "New game" leaves it for a new one, as any
game left for a new one: it is kept in the history as abandoned (it counts as lost)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.game import Game
from game.core.on_first_use import OnFirstUse
from game.core.status import Status
from game.modes.mode import Mode
from game.persist.profile import Profile
from game.persist.resume import SavedGame
from game.session.play import LoggedMove, PlaySession
from game.session.stopwatch import Clock
from game.session.table import Table
from game.view.stage import Stage

if TYPE_CHECKING:
    from game.screens import resume as screen
else:  # (with the first game offered back)
    screen = OnFirstUse("game.screens.resume")


def saved_session(profile: Profile, clock: Clock) -> PlaySession | None:
    """The game saved when the window last closed, made again on ``clock``: its
    clock paused at the time saved, until it is unpaused (None: no game was saved, or
    the engine finds it finished or damaged, which the profile then tells). The
    saved game is cleared: it is offered once, and kept again at the close if it is
    still under way."""

    def restore(saved: object) -> PlaySession | None:

        assert isinstance(saved, SavedGame)
        game = Game.from_snapshot(dict(saved.game))
        if game.status.is_over:
            return None
        log = [LoggedMove.from_text(entry) for entry in saved.log]
        return PlaySession(game, clock, elapsed_ms=saved.elapsed_ms, log=log)

    resumed = profile.resume(restore)
    return None if resumed is None else resumed.game


def offer(stage: Stage, table: Table, saved: SavedGame, dealt: Mode) -> None:
    """At start-up, with the saved game on the table, paused (its board hidden, as a
    pause hides it): Resume (or Esc) goes on with it, its clock from the time
    saved; a clear "New game" deals ``dealt`` (the game the window would have opened
    with) and the saved game is abandoned for it (kept in the history, lost)."""

    def answered(result: object) -> None:
        if result is screen.ResumeAnswer.NEW_GAME:  # only a clear answer leaves the game
            table.start(dealt)
        else:
            table.unpause()

    stage.open(screen.resume_dialog(saved), answered)


def keep(profile: Profile, table: Table) -> None:
    """Keep a game in progress for the next start (the window is closing), if its
    mode keeps one (a live race's game is not offered back as a game of its own)."""
    session = table.session
    if session.status is Status.PLAYING and table.tag.mode.kept_at_close:
        profile.save_resume(
            session.game.to_snapshot(),
            elapsed_ms=int(session.elapsed_ms),
            log=[str(entry) for entry in session.log],
        )
