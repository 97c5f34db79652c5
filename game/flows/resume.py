"""A game left unfinished when the window closed: kept at the close, offered back at
the next start (timer and all). A clear "New game" leaves it for a new one, as any
game left for a new one: it is kept in the history as abandoned (it counts as lost)."""

from __future__ import annotations

from collections.abc import Callable

from game.core.game import Game
from game.core.status import Status
from game.modes.resumed import Resumed
from game.persist.profile import Profile
from game.persist.resume import SavedGame
from game.screens.resume import ResumeAnswer, resume_dialog
from game.session.play import LoggedMove, PlaySession
from game.session.table import Table
from game.view.stage import Stage


def offer(stage: Stage, profile: Profile, table: Table, tell: Callable[[], None]) -> None:
    """At start-up: offer the saved game back, if there is one (``tell``: shows what
    the profile could not read or save)."""
    saved = profile.saved_game
    if saved is None:
        return

    def answered(result: object) -> None:
        if result is ResumeAnswer.NEW_GAME:  # only a clear answer leaves the game
            dealt = table.tag.mode  # (the game the window opened with)
            if bring_back(profile, table, tell):
                table.start(dealt)  # the saved game is abandoned for it
        else:
            bring_back(profile, table, tell)

    stage.open(resume_dialog(saved), answered)


def bring_back(profile: Profile, table: Table, tell: Callable[[], None]) -> bool:
    """Put the game saved when the window last closed on the table; the timer goes on."""

    def restore(saved: object) -> PlaySession | None:

        assert isinstance(saved, SavedGame)
        game = Game.from_snapshot(dict(saved.game))
        if game.status.is_over:
            return None
        log = [LoggedMove.from_text(entry) for entry in saved.log]
        return PlaySession(game, table.clock, elapsed_ms=saved.elapsed_ms, log=log)

    resumed = profile.resume(restore)
    tell()
    if resumed is None:
        return False
    table.start(Resumed(resumed.game))  # (its clock runs from the time saved)
    return True


def keep(profile: Profile, table: Table) -> None:
    """Keep a game in progress for the next start (the window is closing)."""
    session = table.session
    if session.status is Status.PLAYING:
        profile.save_resume(
            session.game.to_snapshot(),
            elapsed_ms=int(session.elapsed_ms),
            log=[str(entry) for entry in session.log],
        )
