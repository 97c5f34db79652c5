"""The end-of-game panel's Save as EVF: a game's replay written as an EVF file (the
community's format, Metasweeper's) beside the kept replays, with its mode's EVF facts
(game.modes: the mode number, official, fair)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.language import gettext, shown
from game.persist import replays as replay_files
from game.replay.evf_write import export_evf

if TYPE_CHECKING:
    from game.replay.format import Replay
    from game.session.play import PlaySession
    from game.session.table import GameTag


def save_evf(folder: Path, replay: Replay, tag: GameTag, session: PlaySession) -> str:
    """Save the replay as an EVF file in the data ``folder``'s exports, beside the kept
    replays; what became of it, as the panel says."""
    name = replay_files.file_name(replay, suffix=".evf")
    try:
        facts = tag.mode.replay_facts(session)
        data = export_evf(replay, mode=facts.evf_mode, official=facts.official, fair=facts.fair)
        path = replay_files.export(folder, name, data)
    except (OSError, ValueError) as error:
        why = getattr(error, "strerror", None) or shown(error)
        return gettext("The EVF file could not be saved ({error}).").format(error=why)
    return gettext("Saved for Metasweeper and the community's players: {name}").format(
        name=path.name
    )
