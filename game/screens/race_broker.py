"""The Settings dialog's line for the live race's broker: its menu (none chosen: the
game's default; one of a few well-known public brokers, each said to be public; or an
address of the player's own) and the form an address is typed in, checked as the race
reads it (game.net.broker: a wrong one is its one line, and nothing is kept).

No broker is contacted here: the choice is only kept, and the race reads it when the
player races (docs/RACE.md)."""

from __future__ import annotations

from game.language import N_, gettext
from game.net.broker import MAX_URL, Broker, BrokerError
from game.screens.answers import field
from game.view.widgets.form import Field, FormDialog
from game.view.widgets.menu import MenuDialog

RACE_BROKER = N_("Race's broker")
"""The Settings dialog's line and the menu's title."""

PUBLIC_BROKERS: tuple[tuple[str, str], ...] = (
    ("mqtts://test.mosquitto.org:8886", "Eclipse Mosquitto"),
    ("mqtts://broker.emqx.io:8883", "EMQX"),
    ("mqtts://broker.hivemq.com:8883", "HiveMQ"),
)
"""Well-known public brokers, each with who runs it: their TLS ports, whose
certificates a public authority signed (the system's certificates verify them)."""

DEFAULT_LINE = 0
OWN_LINE = 1 + len(PUBLIC_BROKERS)
"""The menu's lines: the default, the public brokers, the player's own address."""


def host_of(url: str) -> str:
    """A broker's address as a line shows it: its host."""
    try:
        broker = Broker.parse(url)
    except BrokerError:
        return url[:40]
    return broker.host


def is_public(url: str | None) -> bool:
    """The address is one of the public brokers of the list."""
    return any(url == public for public, _ in PUBLIC_BROKERS)


def broker_shown(url: str | None) -> str:
    """The Settings dialog's value for the broker chosen."""
    if url is None:
        return gettext("the game's default")
    if is_public(url):
        return gettext("{host} (public)").format(host=host_of(url))
    return url


def broker_lines(chosen: str | None) -> list[tuple[str, str]]:
    """The menu's lines, the one chosen marked."""

    def mark(words: str, yes: bool) -> str:
        return gettext("{what}, chosen").format(what=words) if yes else words

    lines = [(gettext("None: the game's default"), gettext("chosen") if chosen is None else "")]
    for url, _ in PUBLIC_BROKERS:
        lines.append((host_of(url), mark(gettext("public"), chosen == url)))
    own = chosen if chosen is not None and not is_public(chosen) else None
    lines.append((gettext("An address of your own..."), own or ""))
    return lines


def broker_hints() -> list[str]:
    """What each line of the menu means, shown under it for the highlighted line."""
    public = gettext(
        "A public broker run by {who}: anyone can see that a room is busy; "
        "the race itself is sealed."
    )
    return [
        gettext("No broker on the internet: the game's own way (docs/RACE.md)."),
        *(public.format(who=who) for _, who in PUBLIC_BROKERS),
        gettext("Your club's broker: mqtt://, mqtts://, ws:// or wss://, then host:port."),
    ]


def broker_menu(chosen: str | None) -> MenuDialog:
    """The broker's menu: a pick keeps that broker (the menu's lines made again);
    the last line opens the address form. Close answers None."""
    dialog = MenuDialog(
        RACE_BROKER,
        broker_lines(chosen),
        lines=[
            gettext("The live race's messages go through this broker, sealed with the room's key."),
            gettext("None is contacted until you race; --broker overrides this for one run."),
        ],
    )
    dialog.hints = broker_hints()
    dialog.show_hint()
    return dialog


def address_problem(url: str) -> str | None:
    """Why a typed address names no broker (one line), or None."""
    try:
        Broker.parse(url.strip())
    except BrokerError as error:
        why = str(error)  # (a line of its own: "said" is a marker of the catalogs)
        return gettext("{why}.").format(why=why[0].upper() + why[1:])  # (。in Chinese)
    return None


def address_dialog(chosen: str | None) -> FormDialog:
    """The form an address is typed in; it answers the address (checked, stripped),
    or None when cancelled."""
    own = chosen if chosen is not None and not is_public(chosen) else ""
    dialog = FormDialog(
        RACE_BROKER,
        [
            Field(
                "url",
                gettext("Address"),
                own,
                max_len=MAX_URL,
                too_long=gettext("A broker's address is at most {n} characters.").format(n=MAX_URL),
            )
        ],
        lambda values: address_problem(values["url"]),
        lines=[
            gettext("For example mqtt://club.example:1883 or wss://club.example/mqtt."),
            gettext("A club's own certificate authority: see docs/RACE.md (TLS)."),
        ],
    )
    dialog.answer_for = lambda values: field(values, "url").strip()
    return dialog
