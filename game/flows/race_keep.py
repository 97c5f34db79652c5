"""Both replays of a live race's game kept together: the player's own (kept by the
end of the game, won or lost: game.modes.live_race) and, beside it, the one the
opponent sent with its finish, named after the player's (game.persist.replays:
``-opponent`` when it verified, ``-opponent-unverified`` when it did not), so that
the history's row of the game, which names the player's replay, knows both. The
viewer plays the pair (game.scenes.watching.Watching.pair)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.net.messages import Finish, unpack_replay
from game.persist import replays as replay_files
from game.persist.store import atomic_write_text

if TYPE_CHECKING:
    from game.persist.profile import Profile


class PairKeeper:
    """The pairs of one room's games, each kept once both replays are known."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.mine: tuple[int, str | None] | None = None
        """The player's game that ended last (its number) and its replay's name."""
        self.theirs: tuple[int, str, bool] | None = None
        """The opponent's replay of a game (its number, its text, whether it verified)."""
        self.kept: tuple[int, str] | None = None
        """The last game whose pair is kept, and the player's replay's name (the pair's)."""

    def own_ended(self, game: int, code: str | None) -> None:
        """The player's own game ``game`` on the board ``code`` ended (and is in the
        history, with its replay, when they could be kept)."""
        newest = self.profile.history.games(limit=1)
        record = newest[0].record if newest else None
        same = record is not None and record.code is not None and record.code == code
        self.mine = (game, record.replay if same and record is not None else None)
        self._keep()

    def heard(self, game: int, finish: Finish, why: str | None) -> None:
        """The opponent's finish of game ``game``, and why it did not verify (None: it
        did); a replay that does not unpack is nothing to keep."""
        text = unpack_replay(finish.replay)
        if text is not None:
            self.theirs = (game, text, why is None)
            self._keep()

    def _keep(self) -> None:
        mine, theirs = self.mine, self.theirs
        if mine is None or theirs is None or mine[0] != theirs[0] or mine[1] is None:
            return
        self.theirs = None
        folder = self.profile.folder
        if not self.profile.writable:
            return
        name = replay_files.partner_name(mine[1], theirs[2])
        try:
            atomic_write_text(folder / replay_files.FOLDER / name, theirs[1])
        except OSError:
            return  # (the player's own is kept: the pair is not, as with any replay)
        self.kept = (mine[0], mine[1])
