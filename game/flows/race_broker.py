"""The live race's broker chosen in the Settings dialog: its menu's picks kept at once,
an address typed in kept once it names a broker (game.screens.race_broker). Nothing
here contacts a broker: the race reads the choice when the player races, and
``--broker`` overrides it for a run (game.scenes.race_friend)."""

from __future__ import annotations

from collections.abc import Callable

from game.screens.race_broker import (
    DEFAULT_LINE,
    OWN_LINE,
    PUBLIC_BROKERS,
    address_dialog,
    broker_lines,
    broker_menu,
)
from game.screens.settings import settings_lines
from game.view.prefs import Prefs
from game.view.stage import Stage
from game.view.widgets.menu import MenuDialog


def choose_broker(
    stage: Stage, prefs: Prefs, settings_menu: MenuDialog, told: Callable[[], None]
) -> None:
    """The broker's menu over the Settings menu (``told``: says what the profile could
    not save); the Settings menu's line follows each choice."""

    def keep(url: str | None) -> list[tuple[str, str]]:
        if url != prefs.settings.race_broker:
            prefs.save(prefs.settings.replace(race_broker=url))
            told()
        settings_menu.items = settings_lines(prefs.in_force)
        settings_menu.relayout()
        return broker_lines(prefs.settings.race_broker)

    menu = broker_menu(prefs.settings.race_broker)

    def picked(index: int) -> list[tuple[str, str]]:
        if index == OWN_LINE:
            stage.open(address_dialog(prefs.settings.race_broker), typed)
            return menu.items
        return keep(None if index == DEFAULT_LINE else PUBLIC_BROKERS[index - 1][0])

    def typed(url: object) -> None:
        if isinstance(url, str):
            menu.items = keep(url)
            menu.relayout()

    menu.on_pick = picked
    stage.open(menu)
