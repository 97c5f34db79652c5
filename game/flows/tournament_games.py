"""A player's games in a tournament, from the history: those the series book
(game.persist.series) entered in it."""

from __future__ import annotations

from game.language import gettext
from game.modes.standings import Played
from game.modes.tournament import Tournament
from game.persist.profile import Profile
from game.persist.series import Series
from game.rules import Board

MAX_HISTORY_GAMES = 1_000_000
"""The most history rows read for a player's own standings."""


def own_games(profile: Profile, tournament: Tournament) -> list[Played]:
    """The player's games in a tournament, from the history (by the series book's ids),
    all under the player's last name (an assisted win counts as no win)."""
    wanted = set(Series(profile.folder).tournament_games(tournament.ident))
    games: list[Played] = []
    offset, page = 0, 1000
    history = profile.history
    name = profile.last_name or gettext("you")
    while wanted and offset < MAX_HISTORY_GAMES:
        stored = history.games(None, limit=page, offset=offset)
        if not stored:
            break
        for game in stored:
            if game.id in wanted:
                wanted.discard(game.id)
                r = game.record
                board = Board(r.rows, r.cols, r.mines)
                games.append(Played(name, board, r.won and r.ranked, r.ms, r.bbbv))
        offset += page
    return games
