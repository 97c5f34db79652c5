"""A game left unfinished when the window closed: kept at the close, offered back at
the next start (timer and all); only a clear "New game" throws it away."""

from __future__ import annotations

from game.core import Game, Status
from game.flows.dialogs import Dialogs
from game.session import LoggedMove, PlaySession
from game.session.table import Source, Table


def offer(dialogs: Dialogs) -> None:
    """At start-up: offer the saved game back, if there is one."""
    profile = dialogs.profile
    saved = profile.saved_game
    if saved is None:
        return
    from game import screens

    def answered(result: object) -> None:
        if result == screens.NEW_GAME:  # only a clear answer throws the game away
            profile.clear_resume()
            dialogs.tell_problems()
        else:
            bring_back(dialogs)

    dialogs.stage.open(screens.resume_dialog(saved), answered)


def bring_back(dialogs: Dialogs) -> bool:
    """Put the game saved when the window last closed on the table; the timer goes on."""
    table = dialogs.table

    def restore(saved: object) -> PlaySession | None:
        from game.persist import SavedGame

        assert isinstance(saved, SavedGame)
        game = Game.from_snapshot(dict(saved.game))
        if game.status.is_over:
            return None
        log = [LoggedMove.from_text(entry) for entry in saved.log]
        return PlaySession(game, table.clock, elapsed_ms=saved.elapsed_ms, log=log)

    resumed = dialogs.profile.resume(restore)
    dialogs.tell_problems()
    if resumed is None:
        return False
    table.start(resumed.game, Source.RESUMED)
    resumed.game.unpause()  # (its clock runs from the time saved)
    return True


def keep(dialogs: Dialogs, table: Table) -> None:
    """Keep a game in progress for the next start (the window is closing)."""
    session = table.session
    if session.status is Status.PLAYING:
        dialogs.profile.save_resume(
            session.game.to_snapshot(),
            elapsed_ms=int(session.elapsed_ms),
            log=[str(entry) for entry in session.log],
        )
