"""The History's Import in the window: off the loop under a dialog showing how far it
got (many games take a while); Esc cancels it, nothing imported. Then what it did."""

from __future__ import annotations

from collections.abc import Callable

from game.flows.background import DONE, Cancelled, Job, Report, WorkScene
from game.language import N_, gettext
from game.persist import Profile
from game.screens.history import history_transfer_dialog
from game.view.stage import Stage


def import_history(stage: Stage, profile: Profile, tell: Callable[[], None]) -> None:
    """Import the newest export found in the data folder, under a progress dialog;
    ``tell``: shows what the profile could not read or save, after it."""

    def work(report: Report) -> str:
        def tick(done: int, total: int) -> None:
            if not report(done / total if total else None, gettext("Importing the games")):
                raise Cancelled

        return profile.import_history(tick)

    job = Job(work)

    def imported(result: object) -> None:
        if job.error is not None:
            raise job.error
        done = job.result if result == DONE and isinstance(job.result, str) else None
        said = done or gettext("The import was cancelled: nothing was imported.")
        stage.open(history_transfer_dialog(said))
        tell()

    stage.push(WorkScene(N_("History"), job, stage.viewport), imported)
