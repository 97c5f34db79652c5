"""Every way to play counts as its mode says, played through the real window: help
left on from the last game, a no-guess board's own records, a saved game declined at
the next start (game.modes)."""

from __future__ import annotations

import pygame
import test_window_records as records
from test_window import BEGINNER, FakeClock, cell_center, click, drawn_on, key, use_layout
from test_window_records import folder, make_app, top_dialog_title

from game.app import App
from game.core.board import FirstClick
from game.core.look import Look
from game.core.status import Status
from game.persist.history import History
from game.rules import Difficulty

app, clock = records.app, records.clock  # (its fixtures: zoom 2, seed 1, ready)


def clear_the_board(app: App) -> None:
    """Open every safe cell of the game on the table (its mines are laid)."""
    mines = set(app.table.game.mine_cells())
    board = app.table.board
    for r in range(board.rows):
        for c in range(board.cols):
            if app.table.game.look(r, c) is Look.HIDDEN and (r, c) not in mines:
                click(app, cell_center(app, r, c))
    assert app.table.game.status is Status.WON


def panel_lines(app: App) -> list[str]:
    panel = app.stage.top_dialog
    assert panel is not None
    return list(panel.lines)  # type: ignore[attr-defined]


def test_the_probabilities_left_on_from_the_last_game_make_the_next_one_unranked(
    app: App,
) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 0))  # a mine: lost
    key(pygame.K_ESCAPE, "\x1b")  # the end-of-game panel
    key(pygame.K_o, "o")  # the mine probabilities, on over the finished board
    key(pygame.K_F2)  # a new game: the overlay is still on
    app.run(frames=1)
    click(app, cell_center(app, 4, 4))
    clear_the_board(app)
    app.run(frames=1)
    assert app.profile.best_times(Difficulty.BEGINNER) == []
    won = app.profile.games()[0].record
    assert won.won and not won.ranked
    assert won.unranked == "assisted: the mine probabilities were shown"
    assert top_dialog_title(app) == "You won Beginner!"  # no best time asked for
    assert any("the mine probabilities were shown" in line for line in panel_lines(app))


def test_a_no_guess_win_has_records_of_its_own(app: App) -> None:
    app.prefs.change(first_click=FirstClick.NOGUESS)
    key(pygame.K_F2)
    app.run(frames=1)
    click(app, cell_center(app, 4, 4))
    clear_the_board(app)
    app.run(frames=1)
    assert top_dialog_title(app) == "A new best time!"
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    assert app.profile.best_times(Difficulty.BEGINNER) == []
    [entry] = app.profile.best_times("beginner/no-guess")
    assert entry.ms == app.profile.games()[0].record.ms
    assert app.profile.games()[0].record.difficulty == "beginner/no-guess"


def test_a_saved_game_declined_at_the_next_start_is_kept_as_abandoned(
    clock: FakeClock,
) -> None:
    first = make_app(clock)
    use_layout(first, BEGINNER)
    click(first, cell_center(first, 1, 1))
    first.close()
    second = make_app(clock)
    assert top_dialog_title(second) == "Unfinished game"
    key(pygame.K_TAB, "\t")  # from Resume (the default) to New game
    key(pygame.K_RETURN, "\r")
    second.run(frames=1)
    assert second.table.game.status is Status.READY
    second.close()
    kept = History.open(folder() / "history.sqlite3")
    [game] = kept.games("beginner")
    assert game.record.abandoned and not game.record.won
    assert kept.stats("beginner").played == 1  # abandoned counts as lost
    kept.close()


def test_the_history_charts_a_practice_win_but_its_best_line_never_drops_to_it(
    app: App,
) -> None:
    """The best-so-far line steps down through ranked wins only: a faster practice
    win (a death undone) is a dot, and the line stays at the ranked best above it."""
    from game.modes.practice import DEATH_UNDONE
    from game.persist.game_record import GameRecord
    from game.view import theme

    def won(day: int, ms: int, unranked: str | None = None) -> GameRecord:
        return GameRecord(
            f"2026-01-{day:02d}T10:00:00",
            "beginner",
            9,
            9,
            10,
            "safe",
            str(day),
            True,
            ms,
            20,
            20,
            unranked=unranked,
        )

    app.profile.record_game(won(1, 20_000))
    app.profile.record_game(won(2, 5_000, DEATH_UNDONE))
    app.profile.record_game(won(3, 15_000))  # (the practice win's dot in the middle)
    key(pygame.K_F7)
    app.run(frames=1)
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.rect is not None
    rect, screen, look = dialog.rect, drawn_on(app), theme.current()
    dots = [
        (x, y)
        for x in range(rect.left, rect.right)
        for y in range(rect.top + rect.height // 3, rect.bottom)
        if tuple(screen.get_at((x, y))[:3]) == tuple(look.highlight)
    ]
    lowest = max(y for _, y in dots)  # the practice win's dot: the faster, the lower
    xs = range(min(x for x, y in dots if y == lowest), max(x for x, y in dots if y == lowest) + 1)
    top = min(y for x, y in dots if x in xs)
    above = {tuple(screen.get_at((x, y))[:3]) for x in xs for y in range(top - 9, top - 2)}
    assert above == {tuple(look.field)}, "no line drops to the practice win's dot"
