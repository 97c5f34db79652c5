"""The History's Export and Import in the window: the export to a dated archive in
the data folder, and the import of the newest export found there, off the loop
under a dialog showing how far it got (many games take a while; Esc cancels it,
nothing imported); then a sentence saying what was done."""

from __future__ import annotations

from collections.abc import Callable

from game.flows.background import DONE, Cancelled, Job, Report, WorkScene
from game.language import N_, gettext
from game.persist import history_transfer as transfer
from game.persist.history_transfer import Progress
from game.persist.profile import Profile
from game.screens.history import history_transfer_dialog
from game.view.stage import Stage


def import_history(stage: Stage, profile: Profile, tell: Callable[[], None]) -> None:
    """Import the newest export found in the data folder, under a progress dialog;
    ``tell``: shows what the profile could not read or save, after it."""

    def work(report: Report) -> str:
        def tick(done: int, total: int) -> None:
            if not report(done / total if total else None, gettext("Importing the games")):
                raise Cancelled

        return import_newest(profile, tick)

    job = Job(work)

    def imported(result: object) -> None:
        if job.error is not None:
            raise job.error
        done = job.result if result == DONE and isinstance(job.result, str) else None
        said = done or gettext("The import was cancelled: nothing was imported.")
        stage.open(history_transfer_dialog(said))
        tell()

    stage.push(WorkScene(N_("History"), job, stage.viewport), imported)


def export_history(profile: Profile) -> str:
    """Write every game, with the kept replays, to a dated archive in the data
    folder; a sentence for the player saying where (or why not)."""
    path = profile.folder / transfer.export_name(profile.now())
    try:
        exported = profile.export_to(path)
    except transfer.TransferError as error:
        return gettext("The history could not be exported: {error}.").format(error=error)
    return gettext(
        "{what} to {path}. On another computer, put this file in the game's data folder "
        "and press Import in the History."
    ).format(what=exported.words("were written"), path=path)


def import_newest(profile: Profile, progress: Progress | None = None) -> str:
    """Add the games of the newest export found in the data folder (those not there
    yet); a sentence for the player saying what happened."""
    path = transfer.newest_export(profile.folder)
    if path is None:
        return gettext(
            "No export was found in {folder}: copy a file named {name} (or .csv, .json) "
            "there and press Import again."
        ).format(folder=profile.folder, name=f"{transfer.EXPORT_PREFIX}....zip")
    try:
        done = profile.import_from(path, progress)
    except transfer.TransferError as error:
        return gettext("The games of {path} could not be imported: {error}.").format(
            path=path, error=error
        )
    return gettext("{what} from {path} (games already here are not added twice).").format(
        what=done.words("were added"), path=path
    )
