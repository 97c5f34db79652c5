"""A replay saved as a web page beside the kept replays, or its web link put on the
clipboard: what the end-of-game panel's and the replay viewer's buttons do
(docs/WEB.md). A page takes a second or so to make (the replay played through, the
font cut), so the window makes it off the loop, under a dialog (game.flows.background),
and goes on answering; the clipboard is written on the loop's thread. The page
itself is game/flows/web_page.py's, loaded with the first page made (fontTools,
hashlib)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from game.flows.background import DONE, Job, Report, WorkScene
from game.language import N_, gettext
from game.language import shown as in_language
from game.persist import replays as replay_files
from game.replay.format import Replay
from game.screens.messages import notice
from game.view.widgets.clipboard import copy

if TYPE_CHECKING:
    from game.view.stage import Stage

MAKING = N_("Making the web page")
CHAT_LIMIT = 2_000
"""The longest link said to fit a chat message: Discord's limit for a message
(2,000 characters), the smallest of the common chat programs' but IRC's line and a
text message (Telegram's is 4,096, Slack's and Teams' far more); a link over it
some programs refuse or cut, so the note says to send the web page instead. Our
Beginner links are 1,000-1,400 characters, an Expert game's 4,400-7,700."""
LONG_FOR_CHAT = N_(
    "It is longer than many chat programs take in one message ({most} characters):"
    " to send it there, save the game as a web page and send the file."
)


def _pages() -> ModuleType:
    from game.flows import web_page  # (fontTools and hashlib: with the first page made)

    return web_page


def page_text(replay: Replay, caption: str = "") -> str:
    """The replay's page (one self-contained HTML file)."""
    return str(_pages().page_of(replay, caption))


def save_page(replay: Replay, folder: Path | None, caption: str = "") -> tuple[str, Path | None]:
    """Save the page beside the kept replays, named as they are; what became of it (a
    line to show) and where it is (None: it was not saved)."""
    if folder is None:
        return gettext("no replays folder to save a web page in"), None
    name = replay_files.file_name(replay, suffix=".html")
    try:
        data = page_text(replay, caption).encode("utf-8")
        path = replay_files.export(folder, name, data)
    except (OSError, ValueError) as error:
        why = getattr(error, "strerror", None) or in_language(error)
        return gettext("The web page could not be saved ({error}).").format(error=why), None
    return gettext("Saved as a web page, for any browser: {name}").format(name=path.name), path


def link_of(replay: Replay, caption: str = "") -> str:
    """The replay's web link, or a line saying why there is none (a ValueError's)."""
    try:
        return str(_pages().link(replay, caption))
    except ValueError as error:
        raise ValueError(
            gettext("The web link could not be made ({error}).").format(error=in_language(error))
        ) from None


def copied(shared: str) -> list[str]:
    """Put a link on the clipboard (on the loop's thread); lines saying so, and, for
    a link longer than a chat message takes (CHAT_LIMIT), to send the page instead."""
    if not copy(shared):
        return [gettext("No clipboard here: the web link could not be copied.")]
    lines = [gettext("The web link is on the clipboard ({n} characters).").format(n=len(shared))]
    if len(shared) > CHAT_LIMIT:
        lines.append(gettext(LONG_FOR_CHAT).format(most=CHAT_LIMIT))
    return lines


def save_off_the_loop(
    stage: Stage,
    replay: Replay,
    folder: Path | None,
    then: Callable[[str, Path | None], None],
    caption: str = "",
) -> None:
    """Save the page off the loop, under a dialog; ``then`` hears what became of it
    and where it is (Esc: not saved)."""

    def work(report: Report) -> tuple[str, Path | None]:
        report(None, gettext(MAKING))
        return save_page(replay, folder, caption)

    def done(result: tuple[str, Path | None] | None) -> None:
        then(*(result or (gettext("The web page was not saved."), None)))

    _off_the_loop(stage, work, done)


def copy_off_the_loop(
    stage: Stage,
    replay: Replay,
    then: Callable[[str], None],
    caption: str = "",
    *,
    whole: bool = False,
) -> None:
    """Make the link off the loop, under a dialog, then put it on the clipboard;
    ``then`` hears a line saying what became of it (with ``whole``, for a caller whose
    line is cut short: the first sentence, and a link too long for a chat message
    says so in a notice)."""

    def work(report: Report) -> str:
        report(None, gettext(MAKING))
        try:
            return "link:" + link_of(replay, caption)
        except ValueError as error:
            return str(error)

    def done(result: str | None) -> None:
        if result is None:
            then(gettext("The web link was not copied."))
        elif not result.startswith("link:"):
            then(result)
        else:
            lines = copied(result[5:])
            then(lines[0] if whole else " ".join(lines))
            if whole and len(lines) > 1:
                stage.open(notice(N_("Web page"), lines))

    _off_the_loop(stage, work, done)


def _off_the_loop(
    stage: Stage, work: Callable[[Report], object], done: Callable[..., None]
) -> None:
    job = Job(work)

    def ended(result: object) -> None:
        if job.error is not None:
            raise job.error
        done(job.result if result == DONE else None)

    stage.push(WorkScene(N_("Web page"), job, stage.viewport), ended)
