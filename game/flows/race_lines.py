"""What a live race's room dialog says (game.flows.live_race): the code, the link to
the broker, who is in and their record against the player, the host's board, rules,
games and whether each side sees a map of the other's opened cells."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.flows.race_room import FIRST_CLICKS, RoomState
from game.language import N_, gettext, ngettext, shown

if TYPE_CHECKING:
    from game.net.client import Link
    from game.persist.races import Races

_RULE_WORDS = {
    FIRST_CLICKS[0]: N_("no guessing"),
    FIRST_CLICKS[1]: N_("a safe first click"),
    FIRST_CLICKS[2]: N_("an opening first click"),
}
"""How the room's dialog names the rule of its boards."""


def room_lines(code: str, room: RoomState, link: Link | None, races: Races | None) -> list[str]:
    """The room's dialog's lines, as the room stands."""
    opponent = room.opponent
    lines = [gettext("Room code: {code}").format(code=code)]
    if room.host:
        lines.append(gettext("Send it to your friend: they choose Join and type it."))
    if link is None:
        lines.append(gettext("Connecting to the broker..."))
    elif not link.up:
        lines.append(
            gettext("The broker cannot be reached ({why}); trying again.").format(
                why=link.why or "?"
            )
        )
    if opponent.here:
        said = (
            gettext("{name} is here, ready.")
            if opponent.ready
            else gettext("{name} is here, not ready.")
        )
        lines.append(said.format(name=opponent.name))
        if races is not None:
            won, lost, drawn = races.against(opponent.name)
            record = gettext("Your record against {name}: {won} won, {lost} lost, {drawn} drawn.")
            lines.append(record.format(name=opponent.name, won=won, lost=lost, drawn=drawn))
    else:
        lines.append(gettext("Waiting for your friend..."))
    if races is not None and races.problem:
        lines.append(shown(races.problem))
    lines.append(
        gettext("Board: {board}, {rules}.").format(
            board=gettext(room.size.label), rules=gettext(_RULE_WORDS[room.first_click])
        )
    )
    best_of = room.score.best_of
    lines.append(ngettext("Best of {n} game.", "Best of {n} games.", best_of).format(n=best_of))
    lines.append(
        gettext("A map of the cells the other has opened: shown to both.")
        if room.map
        else gettext("A map of the cells the other has opened: not shown.")
    )
    return lines
