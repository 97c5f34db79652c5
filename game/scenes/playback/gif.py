"""The viewer's GIF (G): the replay watched, at its speed and zoom, written as an
animated GIF into the replays folder, named like the replays kept there, a slice of
the work a frame (game.view.animation); stopped, it leaves no file.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from game.language import gettext
from game.persist.replays import file_name
from game.replay.format import Replay
from game.view.animation import ExportError, GifExport

if TYPE_CHECKING:
    from game.view.animation import GifExport
    from game.view.theme import Theme


def gif_name(replay: Replay, now: datetime) -> str:
    """The GIF's file name: the replay file's name for the game, as a .gif."""
    return file_name(replay, suffix=".gif", when=now)


class GifStep:
    """The GIF being written, if any: started, stepped a slice a frame, stopped."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        """Where it is saved (the replays folder; None: it cannot be)."""
        self.gif: GifExport | None = None
        self.saved: Path | None = None
        """The GIF just written, until its notice is shown."""

    def start(
        self,
        replay: Replay,
        *,
        speed: float,
        zoom: int,
        theme: Theme,
        counter_below_zero: bool,
    ) -> str:
        """Begin writing the replay; a word for the bar ("" when under way)."""
        if self.folder is None:
            return gettext("no replays folder to save a GIF in")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.gif = GifExport(
                replay,
                self.folder / gif_name(replay, datetime.now()),
                speed=speed,
                zoom=zoom,
                theme=theme,
                counter_below_zero=counter_below_zero,
            )
        except (ExportError, OSError) as error:
            why = getattr(error, "strerror", None) or error
            return gettext("the GIF cannot be saved: {why}").format(why=why)
        return ""

    def step(self) -> str | None:
        """A slice of the work (a few milliseconds); once it is done or has failed,
        a word for the bar saying so (None meanwhile)."""
        gif = self.gif
        if gif is None:
            return None
        try:
            done = gif.step()
        except OSError as error:
            self.gif = None
            why = error.strerror or error
            return gettext("the GIF could not be saved: {why}").format(why=why)
        if not done:
            return None
        self.gif = None
        self.saved = gif.target
        return gettext("GIF saved: {file}").format(
            file=f"{gif.target.parent.name}/{gif.target.name}"
        )

    def stop(self) -> str:
        """Stop writing it, leaving no file; a word for the bar."""
        if self.gif is not None:
            self.gif.cancel()
            self.gif = None
        return gettext("GIF not saved")
