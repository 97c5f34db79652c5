"""What the live race's panel says, as a screen reader tells a change: the countdown's
seconds and the start ("Go!"), the other's state as it changes (ready, playing, won
in 12.3 s, lost, left), the game's outcome with the series' score, the link to the
broker as it changes; and, asked (the 3BV/s key), the other's progress. Never each
progress message (ten a second): those are asked for."""

from __future__ import annotations

from game.language import N_, gettext
from game.scenes.counters_lines import Row
from game.view.speech import Speaker

GO = N_("Go!")
"""Said as the countdown ends: the board takes clicks."""
TOLD = ("now", "game", "link")
"""The panel's lines said when their words change (the series' with the outcome)."""
ASKED = ("now", "bbbv", "time", "rate")
"""The panel's lines the 3BV/s key says: the other's state, 3BV, time and 3BV/s."""


class RaceVoice:
    """Says the changes of a live race's panel (its lines, each time they are worked
    out), after what the player's own keys said."""

    def __init__(self, speaker: Speaker) -> None:
        self.speaker = speaker
        self._last: dict[str, Row] = {}
        """Each told line as last heard (none yet: the room's page said the start)."""
        self._counting = False

    def heard(self, rows: list[Row], counting: bool, quiet: bool = False) -> None:
        """The panel's lines as they stand (``counting``: the countdown runs; ``quiet``:
        the room's page is shown, and says what changed in its own words)."""
        now = {row.key: row for row in rows}
        last, self._last = self._last, now
        if not last or quiet or not self.speaker.active:
            self._counting = counting
            return
        said: list[str] = []
        started, self._counting = self._counting and not counting, counting
        for key in TOLD:
            row, before = now.get(key), last.get(key)
            if row is None or before is None or _words(row) == _words(before):
                continue
            if key == "now":
                if counting:
                    said.append(row.value)  # ("starts in 3": the name is no news)
                elif started:
                    said.append(gettext(GO))
                else:
                    said.append(_words(row))
            elif key == "game" and row.value:
                said += [_words(row)] + [_words(now[k]) for k in ("series",) if k in now]
            elif key == "link":
                said.append(_words(row))
        if started and gettext(GO) not in said:
            said.insert(0, gettext(GO))
        if said:
            self.speaker.say(". ".join(said))
            self.speaker.flush(interrupt=False)

    def progress(self, rows: list[Row]) -> str:
        """The other's progress in words (the 3BV/s key): their name, state, 3BV
        solved, time and 3BV/s, as the panel shows them."""
        return ", ".join(_words(row) for row in rows if row.key in ASKED)  # (as it shows)


def _words(row: Row) -> str:
    """A line of the panel as speech says it: its label, then its value."""
    return f"{row.label}: {row.value}"
