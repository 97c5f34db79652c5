"""What a live race's room dialog says (game.flows.live_race): the code, the link to
the broker, who is in and their record against the player, the host's board, rules,
games and whether each side sees a map of the other's opened cells."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.flows.race_room import ALONE_MS, FIRST_CLICKS, RoomState
from game.language import N_, gettext, ngettext, shown
from game.net.client import NO_ROOM

if TYPE_CHECKING:
    from game.net.client import Link
    from game.persist.races import Races

_RULE_WORDS = {
    FIRST_CLICKS[0]: N_("no guessing"),
    FIRST_CLICKS[1]: N_("a safe first click"),
    FIRST_CLICKS[2]: N_("an opening first click"),
}
"""How the room's dialog names the rule of its boards."""


def their_name(room: RoomState) -> str:
    """The opponent as the screen names it: its name, or with "(opponent)" when it is
    the player's own ("Ada won" on Ada's screen said nothing of who won)."""
    name = room.opponent.name or "?"
    if name.casefold() == room.name.casefold():
        return gettext("{name} (opponent)").format(name=name)
    return name


def room_lines(
    code: str,
    room: RoomState,
    link: Link | None,
    races: Races | None,
    embedded: bool,
    broker: str = "",
) -> list[str]:
    """The room's dialog's lines, as the room stands; ``embedded``: the race is carried
    by the embedded default (game.net.lan), not the broker the player named (``broker``,
    its address: the host says it, for the friend's game must name it too; a guest
    alone in the room long is told to check it)."""
    opponent = room.opponent
    lines = [gettext("Room code: {code}").format(code=code)]
    if room.host:
        lines.append(gettext("Send it to your friend: they choose Join and type it."))
        if not embedded and broker:
            said = gettext("Their game races through the same broker: {broker} (Settings).")
            lines.append(said.format(broker=broker))
    if link is None:
        lines.append(_connecting(embedded, room.host))
    elif link.ended:
        lines.append(_ended(link))
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
        lines.append(said.format(name=their_name(room)))
        if races is not None:
            won, lost, drawn = races.against(opponent.name)
            record = gettext("Your record against {name}: {won} won, {lost} lost, {drawn} drawn.")
            lines.append(record.format(name=their_name(room), won=won, lost=lost, drawn=drawn))
    elif not room.host and room.alone_ms >= ALONE_MS and broker:
        said = gettext(
            "No one has answered yet: check the code, and that your friend's game races"
            " through your broker too ({broker}, Settings)."
        )
        lines.append(said.format(broker=broker))
    elif room.full is not None:
        lines.append(
            gettext("This room is full: {name} is racing someone else.").format(name=room.full)
        )
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


def _ended(link: Link) -> str:
    """Why the client gave up, in a line: no room of the code on the network, or a
    broker that cannot be used."""
    if link.why == NO_ROOM:
        return gettext(NO_ROOM)
    return gettext("The broker cannot be used ({why}).").format(why=link.why or "?")


def _connecting(embedded: bool, host: bool) -> str:
    """What the room's dialog says until the link is up."""
    if not embedded:
        return gettext("Connecting to the broker...")
    if host:
        return gettext("Opening the room on this network (your game carries the race)...")
    return gettext("Looking for the room on this network...")
