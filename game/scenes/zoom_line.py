"""The line that says the board is shown at a smaller zoom than the player's: the
window would not fit the desktop at the player's (game.view.viewport: ``chosen``,
``forced``). Said once, when that zoom comes in (the window opens so, a new board,
the side shown); put away once the player's zoom is back (a board that fits)."""

from __future__ import annotations

from game.language import N_, Words
from game.session.table import GameStarted, Table, TableEvent
from game.view.prefs import Prefs
from game.view.viewport import Viewport

FORCED_ZOOM = N_("At {chosen}x this board does not fit the screen: it is shown at {zoom}x.")


class ZoomLine:
    """Hears the table (a new game, maybe of another size) and the settings (the side
    shown or hidden) after the play scene has sized the window, and says the line."""

    def __init__(self, viewport: Viewport, table: Table, prefs: Prefs) -> None:
        self.viewport = viewport
        self.table = table
        self.seen: int | None = None
        """The zoom the window was at when last heard (None: not yet; the window
        opened says it once its first frame is taken over, App.get_ready)."""
        table.tap(self._heard)
        prefs.listeners.append(self._changed)

    def _heard(self, event: TableEvent) -> None:
        if isinstance(event, GameStarted) and self.seen is not None:
            self.say()

    def _changed(self) -> None:
        if self.seen is not None:
            self.say()

    def say(self) -> None:
        """The line, when the zoom the window is at has just become a forced one;
        none once the player's is back."""
        viewport, table = self.viewport, self.table
        if viewport.forced and viewport.zoom != self.seen:
            table.note = Words(FORCED_ZOOM, chosen=viewport.chosen, zoom=viewport.zoom)
        elif not viewport.forced and getattr(table.note, "template", None) == FORCED_ZOOM:
            table.note = None
        self.seen = viewport.zoom
