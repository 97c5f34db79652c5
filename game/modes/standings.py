"""A tournament's standings: each player's score, as the Golden Sheep Cup counts it.

For each level the tournament counts, a player's wins on that level's board with at
least its minimum 3BV are taken fastest first, its ``best`` of them count, and each
game short of ``best`` counts as the level's default time; the score is the sum
over the levels, in seconds (lower is better). Games lost, games of other boards
and games below the minimum 3BV count for nothing.

The games come from the player's history (the games entered in the tournament:
game.flows.tournament_games) or from a folder of replay files from many players
(game.modes.tournament_folder).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.language import N_, gettext
from game.modes.tournament import Count, Tournament
from game.rules import Board

UNNAMED = N_("(no name)")
"""The player of a file that names none (translated where the standings are shown)."""


@dataclass(frozen=True)
class Played:
    """One game as the standings see it."""

    player: str
    board: Board
    won: bool
    ms: int
    bbbv: int | None


@dataclass(frozen=True)
class LevelScore:
    """A player's score on one level."""

    count: Count
    times: tuple[int, ...]
    """The counted wins' times (ms), fastest first (at most ``count.best``)."""

    @property
    def missing(self) -> int:
        """Games short of ``best``, each counted at the default time."""
        return self.count.best - len(self.times)

    @property
    def ms(self) -> int:
        """The level's score in milliseconds."""
        return sum(self.times) + self.missing * self.count.default_ms


@dataclass(frozen=True)
class Score:
    """A player's score in a tournament."""

    player: str
    levels: tuple[LevelScore, ...]

    @property
    def ms(self) -> int:
        """The total, in milliseconds (lower is better)."""
        return sum(level.ms for level in self.levels)

    @property
    def counted(self) -> int:
        """Games that counted (the rest were default times)."""
        return sum(len(level.times) for level in self.levels)


def score(tournament: Tournament, player: str, games: Iterable[Played]) -> Score:
    """One player's score from their games."""
    levels = []
    games = list(games)
    for count in tournament.counts:
        times = sorted(
            game.ms
            for game in games
            if game.won
            and game.board == count.board
            and game.bbbv is not None
            and game.bbbv >= count.min_bbbv
        )
        levels.append(LevelScore(count, tuple(times[: count.best])))
    return Score(player, tuple(levels))


def standings(tournament: Tournament, games: Iterable[Played]) -> list[Score]:
    """Every player's score, best first (ties: by name)."""
    by_player: dict[str, list[Played]] = {}
    for game in games:
        by_player.setdefault(game.player, []).append(game)
    scores = [score(tournament, player, played) for player, played in by_player.items()]
    return sorted(scores, key=lambda s: (s.ms, s.player.casefold(), s.player))


def table(tournament: Tournament, scores: list[Score]) -> str:
    """The standings as text: place, player, score, and each level's counted games."""
    lines = [f"{tournament.name} ({tournament.ident})"]
    if not scores:  # (a table's header over no rows says nothing more)
        return "\n".join([*lines, gettext("No games yet.")])
    heads = [f"{gettext(c.level.label)} ({c.best})" for c in tournament.counts]
    place_word = gettext("Place")
    width = max(5, len(place_word))
    head = [f"{place_word:<{width}}", f"{gettext('Player'):<20}", f"{gettext('Score'):>10}"]
    lines.append("  ".join([*head, *heads]))
    for place, entry in enumerate(scores, start=1):
        cells = [f"{len(lv.times)}/{lv.count.best} {lv.ms / 1000:.3f}" for lv in entry.levels]
        player = gettext(UNNAMED) if entry.player == UNNAMED else entry.player
        name, total = f"{player[:20]:<20}", f"{entry.ms / 1000:>10.3f}"
        lines.append("  ".join([f"{place:>{width}}", name, total, *cells]))
    return "\n".join(lines)
