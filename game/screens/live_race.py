"""The live race's dialogs: host or join, the room code to join, and the room itself
(who is in it, ready or not; the host's board, rules and games; start or leave)."""

from __future__ import annotations

from game.language import N_, gettext
from game.net.broker import Broker, BrokerError
from game.net.code import MAX_INVITATION, RoomCodeError, invitation
from game.screens.answers import Button, answering, field, labels
from game.view.widgets.form import Field, FormDialog
from game.view.widgets.message import MessageDialog


class RaceChoice(Button):
    """Game > Race a friend...: open a room, or join one."""

    HOST = N_("Host")
    JOIN = N_("Join")
    CANCEL = N_("Cancel")


class HostAnswer(Button):
    """The room's buttons, for the host."""

    START = N_("Start")
    BOARD = N_("Board")
    RULES = N_("Rules")
    GAMES = N_("Games")
    MAP = N_("Map")
    COPY = N_("Copy code")
    LEAVE = N_("Leave")


class GuestAnswer(Button):
    """The room's buttons, for the guest."""

    READY = N_("Ready")
    LEAVE = N_("Leave")


def race_choice_dialog() -> MessageDialog:
    """Host a room or join one; it answers a RaceChoice."""
    dialog = MessageDialog(
        N_("Race a friend"),
        [
            gettext("Race a friend on another computer: the same board, at the same moment."),
            gettext("Host: open a room and send its code. Join: type the code you were sent."),
        ],
        buttons=labels(list(RaceChoice)),
    )
    return answering(dialog, RaceChoice)


def join_dialog() -> FormDialog:
    """The room code to join (and the broker's address after it, as the host's Copy
    code puts them); it answers the code as shown and the address or None, or None
    when cancelled."""

    def validate(values: dict[str, str]) -> str | None:
        try:
            broker = invitation(values["code"])[1]
        except RoomCodeError:
            return gettext("A room code is 12 letters and digits, such as 7KQ2-M9XD-4RTA.")
        try:
            Broker.parse(broker or "mqtt://localhost")
        except BrokerError as error:
            return gettext("The race's broker cannot be used: {why}").format(why=error)
        return None

    dialog = FormDialog(
        N_("Join a race"),
        [Field("code", gettext("Room code"), "", max_len=MAX_INVITATION)],
        validate,
        lines=[gettext("Type or paste the room code your friend sent you.")],
    )
    dialog.answer_for = lambda values: invitation(field(values, "code"))
    return dialog


def room_dialog(lines: list[str], host: bool) -> MessageDialog:
    """The room: its lines (made by game.flows.live_race), and the host's or the
    guest's buttons; it answers a HostAnswer or a GuestAnswer."""
    buttons: type[HostAnswer] | type[GuestAnswer] = HostAnswer if host else GuestAnswer
    dialog = MessageDialog(N_("Race room"), lines, buttons=labels(list(buttons)))
    dialog.told = True  # (who came, who is ready, the board chosen: said as they change)
    return answering(dialog, buttons)
