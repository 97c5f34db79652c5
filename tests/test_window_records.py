"""The window and the player's records, headless, through the real loop.

Each test's data folder is a fresh temp folder (tests/conftest.py sets
MINESWEEPER_DATA_DIR), so two Apps made in one test share their records.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from conftest import classic_window
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_window import (
    BEGINNER,
    FakeClock,
    cell_center,
    click,
    drawn_on,
    key,
    post,
    region,
    timer,
    type_text,
    use_layout,
    win_beginner,
)

from game import cli
from game.app import App
from game.core.status import Status
from game.persist.history import History
from game.rules import Difficulty
from game.view import theme
from game.view.widgets.chart import ChartPoint


def folder() -> Path:
    return Path(os.environ["MINESWEEPER_DATA_DIR"])


def make_app(clock: FakeClock) -> App:
    app = App(cli.Options(zoom=2, sound=False, seed=1), clock=clock)
    app.run(frames=2)  # the start-up offers come once the first frame is on screen
    return app


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def app(clock: FakeClock) -> Iterator[App]:
    application = make_app(clock)
    yield application
    application.close()


def screen_bytes(app: App) -> bytes:
    return region(app.viewport.screen, (0, 0, *app.viewport.screen.get_size()))


def top_dialog_title(app: App) -> str | None:
    return app.stage.top_dialog.title if app.stage.top_dialog is not None else None


def test_a_winning_time_asks_for_a_name_and_enters_the_best_times(
    app: App, clock: FakeClock
) -> None:
    win_beginner(app, clock, 12_345)
    assert top_dialog_title(app) == "A new best time!"
    type_text("Ada")
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    # The name, then the replay with the player's name; the name box was in the
    # statistics panel (one view, beside the board): no best times follow it.
    assert app.end_of_game is not None and app.end_of_game.last_replay is not None
    assert app.end_of_game.last_replay.player == "Ada"
    kept_replay = app.profile.folder / "replays" / app.profile.games()[0].record.replay
    assert "player: Ada" in kept_replay.read_text()
    assert top_dialog_title(app) is None
    kept = History.open(folder() / "history.sqlite3")  # what another window would read
    best = kept.best_times("beginner")
    assert [(entry.name, entry.ms) for entry in best] == [("Ada", 12_345)]
    assert kept.last_name() == "Ada"
    assert kept.stats("beginner").won == 1
    [game] = kept.games("beginner")
    assert game.record.bbbv == game.record.bbbv_solved and game.record.left_clicks > 0
    kept.close()


def test_the_last_name_is_offered_next_time(clock: FakeClock) -> None:
    for name in ("Grace", None):
        app = make_app(clock)
        win_beginner(app)
        dialog = app.stage.top_dialog
        if name is None:
            assert dialog.values["name"] == "Grace"  # type: ignore[attr-defined]
        else:
            type_text(name)
            key(pygame.K_RETURN, "\r")
            app.run(frames=1)
        app.close()


def test_a_loss_and_an_abandoned_game_count_in_the_statistics(app: App) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 1, 1))
    key(pygame.K_F2)  # abandoned mid-game: a loss, as in Windows 7
    app.run(frames=1)
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 0))  # a mine
    stats = app.profile.stats(Difficulty.BEGINNER)
    assert (stats.played, stats.won, stats.current_streak) == (2, 0, 0)
    kept = History.open(folder() / "history.sqlite3")  # a second reader sees them too
    assert [game.record.won for game in kept.games("beginner")] == [False, False]
    kept.close()
    key(pygame.K_ESCAPE)  # the end-of-game panel
    key(pygame.K_F4)
    app.run(frames=1)
    assert top_dialog_title(app) == "Statistics"


def test_closing_mid_game_saves_it_and_the_next_start_resumes_board_and_time(
    clock: FakeClock,
) -> None:
    classic_window()  # (the classic window, pixel for pixel: no live path to carry)
    first = make_app(clock)
    use_layout(first, BEGINNER)
    click(first, cell_center(first, 1, 1))
    click(first, cell_center(first, 0, 8))
    click(first, cell_center(first, 0, 0), button=3)
    clock.ms += 4_200
    first.run(frames=1)
    view, shown_time = first.table.game.view(), timer(first)
    picture = screen_bytes(first)
    assert shown_time == "005"
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    first.run(frames=5)
    first.close()
    assert (folder() / "resume.json").exists()

    clock.ms += 60_000  # the time away does not count
    second = make_app(clock)
    assert top_dialog_title(second) == "Unfinished game"
    key(pygame.K_RETURN, "\r")  # Resume is the first button
    second.run(frames=1)
    assert second.stage.top_dialog is None
    assert second.table.game.view() == view
    assert timer(second) == shown_time
    assert screen_bytes(second) == picture
    clock.ms += 1_000
    second.run(frames=1)
    assert timer(second) == "006"  # the timer carries on
    assert not (folder() / "resume.json").exists()  # offered once
    second.close()


def test_a_finished_game_is_never_saved(app: App) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 0))  # lost at once
    app.close()
    assert not (folder() / "resume.json").exists()


def test_declining_the_saved_game_starts_afresh(clock: FakeClock) -> None:
    first = make_app(clock)
    use_layout(first, BEGINNER)
    click(first, cell_center(first, 1, 1))
    first.close()
    second = make_app(clock)
    key(pygame.K_TAB, "\t")  # from Resume (the default) to New game
    key(pygame.K_RETURN, "\r")
    second.run(frames=1)
    assert second.table.game.status is Status.READY
    assert not (folder() / "resume.json").exists()
    second.close()


def test_escape_on_the_saved_game_offer_throws_nothing_away(clock: FakeClock) -> None:
    first = make_app(clock)
    use_layout(first, BEGINNER)
    click(first, cell_center(first, 1, 1))
    view = first.table.game.view()
    first.close()
    second = make_app(clock)
    key(pygame.K_ESCAPE, "\x1b")
    second.run(frames=1)
    assert second.stage.top_dialog is None
    assert second.table.game.status is Status.PLAYING and second.table.game.view() == view
    second.close()


def test_a_damaged_settings_file_is_moved_aside_and_the_player_told(clock: FakeClock) -> None:
    folder().mkdir(parents=True, exist_ok=True)
    (folder() / "settings.json").write_bytes(b"\x00\xffnot json at all")
    app = make_app(clock)
    assert top_dialog_title(app) == "Your records"
    moved = [p.name for p in folder().iterdir() if ".corrupt-" in p.name]
    assert len(moved) == 1 and moved[0].startswith("settings.json.corrupt-")
    dialog = app.stage.top_dialog
    assert any(moved[0] in line for line in dialog.lines)  # type: ignore[attr-defined]
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    click(app, cell_center(app, 4, 4))
    assert app.table.game.status is Status.PLAYING  # play goes on
    app.close()


def test_a_folder_that_cannot_be_written_does_not_stop_play(
    clock: FakeClock, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("MINESWEEPER_DATA_DIR", str(blocker / "minesweeper"))
    app = make_app(clock)
    assert top_dialog_title(app) == "Your records"
    text = " ".join(app.stage.top_dialog.lines)  # type: ignore[attr-defined]
    assert "cannot be saved" in text
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    win_beginner(app)
    assert app.table.game.status is Status.WON
    app.close()


def test_settings_are_kept_and_applied_at_the_next_start(clock: FakeClock) -> None:
    classic_window()  # (the zooms below are the classic window's on this desktop)
    app = make_app(clock)
    key(pygame.K_F5)
    app.run(frames=1)
    assert top_dialog_title(app) == "Settings"
    key(pygame.K_RETURN, "\r")  # the first line: question marks -> off
    key(pygame.K_ESCAPE, "\x1b")
    key(pygame.K_EQUALS, "=")  # zoom 3 (Beginner fits the dummy 1024x768 desktop at 3x)
    key(pygame.K_3)  # Expert: too wide at 3x, shown at 2x, the saved zoom kept
    app.run(frames=2)
    assert app.viewport.zoom == 2
    app.close()
    saved = json.loads((folder() / "settings.json").read_text())
    assert saved["question_marks"] is False
    assert saved["board"] == {"rows": 16, "columns": 30, "mines": 99} and saved["zoom"] == 3
    again = App(cli.Options(sound=False), clock=clock)
    again.run(frames=1)
    assert (
        again.table.board.difficulty is Difficulty.EXPERT and again.viewport.zoom == 2
    )  # re-fitted at start
    assert again.table.game.marks is False
    again.close()


def test_the_command_line_wins_over_the_saved_settings_without_changing_them(
    clock: FakeClock,
) -> None:
    app = make_app(clock)
    key(pygame.K_2)
    app.run(frames=1)
    app.close()
    override = App(cli.Options(sound=False, zoom=1), clock=clock)
    override.run(frames=1)
    assert (
        override.table.board.difficulty is Difficulty.INTERMEDIATE and override.viewport.zoom == 1
    )
    override.close()
    saved = json.loads((folder() / "settings.json").read_text())
    assert saved["zoom"] is None  # both --zoom options were for their sessions only
    assert saved["board"] == {"rows": 16, "columns": 16, "mines": 40}


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(garbage=st.binary(max_size=300), name=st.sampled_from(["settings", "records", "resume"]))
def test_any_bytes_in_any_data_file_never_stop_the_window_from_starting(
    clock: FakeClock, tmp_path_factory: pytest.TempPathFactory, garbage: bytes, name: str
) -> None:
    data = tmp_path_factory.mktemp("garbage")
    (data / f"{name}.json").write_bytes(garbage)
    app = App(cli.Options(zoom=1, sound=False, data_dir=str(data)), clock=clock)
    try:
        assert app.run(frames=2) == 0
        while app.stage.top_dialog is not None:
            key(pygame.K_ESCAPE, "\x1b")
            app.run(frames=1)
        click(app, cell_center(app, 4, 4))
        assert app.table.game.status is not Status.READY
    finally:
        app.close()


def test_a_changed_rule_applies_from_the_next_game_not_to_the_one_in_progress(
    clock: FakeClock,
) -> None:
    app = make_app(clock)
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 5))  # a game under way, question marks on
    key(pygame.K_F5)
    app.run(frames=1)
    settings_menu = app.stage.top_dialog
    assert settings_menu is not None
    assert any("next game" in line for line in settings_menu.lines)  # type: ignore[attr-defined]
    key(pygame.K_RETURN, "\r")  # question marks -> off
    key(pygame.K_ESCAPE, "\x1b")
    app.run(frames=1)
    for _ in range(2):
        click(app, cell_center(app, 8, 8), button=3)
    assert app.table.game.look(8, 8).name == "QUESTION"  # the game keeps its rules
    app.close()  # saved with the rules it started with
    again = make_app(clock)
    assert top_dialog_title(again) == "Unfinished game"
    key(pygame.K_RETURN, "\r")
    again.run(frames=1)
    assert again.table.game.marks is True and again.table.session.rules.question_marks is True
    click(again, cell_center(again, 8, 8), button=3)
    click(again, cell_center(again, 8, 8), button=3)  # ? -> hidden, then a new flag
    assert again.table.game.look(8, 8).name == "FLAG"
    key(pygame.K_F2)
    again.run(frames=1)
    assert again.table.game.marks is False  # the next game takes the changed setting
    again.close()


def close_all(app: App) -> None:
    while app.stage.top_dialog is not None:
        key(pygame.K_ESCAPE, "\x1b")
        app.run(frames=1)


def test_the_history_lists_games_newest_first_charts_them_and_filters(
    app: App, clock: FakeClock
) -> None:
    win_beginner(app, clock, ms=4_000)
    close_all(app)
    app.play.new_game()
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 0))  # a mine: lost
    close_all(app)
    key(pygame.K_F7)
    app.run(frames=1)
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.title == "History: all boards"
    rows = dialog.rows  # type: ignore[attr-defined]
    assert [row[2] for row in rows] == ["lost", "won"], "newest first"
    assert rows[1][3] == "4.000 s" and rows[1][1] == "Beginner"
    caption, points, days = dialog.chart  # type: ignore[attr-defined]
    assert points == [ChartPoint(4.0), ChartPoint(None)], "oldest to newest, a loss as None"
    assert caption.startswith("Beginner: times") and "2 games" in caption
    assert days[0] == days[1] and len(days[0]) == len("YYYY-MM-DD")
    # The chart is drawn below the table: the win a navy dot, the loss a red cross.
    rect = dialog.rect
    assert rect is not None
    below = [
        drawn_on(app).get_at((x, y))[:3]
        for x in range(rect.left, rect.right)
        for y in range(rect.top + rect.height // 3, rect.bottom)  # (under the title band)
    ]
    assert below.count((0, 0, 128)) >= 9
    assert below.count(theme.current().error) >= 5
    key(pygame.K_TAB, "\t")  # to Board
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    assert top_dialog_title(app) == "History: Beginner"
    titles = []
    for _ in range(7):
        key(pygame.K_TAB, "\t")
        key(pygame.K_RETURN, "\r")
        app.run(frames=1)
        titles.append(top_dialog_title(app))
    assert titles == [
        "History: Intermediate",
        "History: Expert",
        "History: Custom",
        f"History: {Difficulty.RANKED_BEGINNER.label}",
        "History: daily boards",
        "History: board codes",
        "History: all boards",
    ]
    for _ in range(4):
        key(pygame.K_TAB, "\t")
        key(pygame.K_RETURN, "\r")
        app.run(frames=1)
    assert top_dialog_title(app) == "History: Custom"
    assert app.stage.top_dialog.rows == []  # type: ignore[union-attr]


def test_an_abandoned_game_and_a_board_code_game_are_shown_apart(
    app: App, clock: FakeClock
) -> None:
    from test_window_replay import play_code

    from game.replay.boardcode import BoardCode
    from game.rules import Board, GameRules
    from game.screens.history import HistoryAnswer

    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 5))  # under way
    key(pygame.K_F2)  # a new game: the one under way is abandoned
    app.run(frames=1)
    code = BoardCode(Board(9, 9, 10), GameRules(), 5, start=(4, 4))
    play_code(app, code)
    layout = app.table.game.minefield
    assert layout is not None
    click(app, cell_center(app, *sorted(layout)[0]))  # a mine: lost
    assert app.table.game.status is Status.LOST
    close_all(app)
    key(pygame.K_F7)
    app.run(frames=1)
    dialog = app.stage.top_dialog
    assert dialog is not None
    assert [row[2] for row in dialog.rows] == ["lost", "abandoned"]  # type: ignore[attr-defined]
    assert dialog.rows[0][1] == "Code 9x9"  # type: ignore[attr-defined]
    # The newest game came from a board code, ranked among the codes' games: no chart
    # of one size's times for all boards; Beginner's has the abandoned game alone.
    assert dialog.chart is None  # type: ignore[attr-defined]
    while top_dialog_title(app) != "History: board codes":
        dialog.choose(HistoryAnswer.BOARD.label)
        app.stage.settle()
        app.run(frames=1)
        dialog = app.stage.top_dialog
        assert dialog is not None and top_dialog_title(app) != "History: all boards"
        if top_dialog_title(app) == "History: Beginner":
            _, points, _ = dialog.chart  # type: ignore[attr-defined]
            assert points == [ChartPoint(None, abandoned=True)]
    assert [row[2] for row in dialog.rows] == ["lost"]  # type: ignore[attr-defined]
    assert any("Board chooses" in line for line in dialog.lines)  # type: ignore[attr-defined]
    [stored] = app.profile.page("code")
    assert stored.record.code == code.code


def _press_history_button(app: App, tabs: int) -> None:
    for _ in range(tabs):
        key(pygame.K_TAB, "\t")
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)


def wait_for_import(app: App, seconds: float = 60.0) -> None:
    """Run frames while the import works off the loop (its dialog has Cancel)."""
    import time

    until = time.monotonic() + seconds
    while app.stage.top_dialog is not None and "Cancel" in app.stage.top_dialog.buttons:
        assert time.monotonic() < until, "the import did not end"
        app.run(frames=1)
        time.sleep(0.01)


def test_the_history_sorts_pages_exports_and_imports(app: App, clock: FakeClock) -> None:
    win_beginner(app, clock, ms=9_000)
    close_all(app)
    win_beginner(app, clock, ms=4_000)
    close_all(app)
    key(pygame.K_F7)
    app.run(frames=1)
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.lines[0] == "Games 1 to 2 of 2, newest first."  # type: ignore[attr-defined]
    _press_history_button(app, 3)  # Sort
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.lines[0] == "Games 1 to 2 of 2, fastest first."  # type: ignore[attr-defined]
    assert [row[3] for row in dialog.rows] == ["4.000 s", "9.000 s"]  # type: ignore[attr-defined]
    _press_history_button(app, 2)  # Result: the won
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.lines[0] == "Won games 1 to 2 of 2, fastest first."  # type: ignore[attr-defined]
    _press_history_button(app, 2)  # Result: the lost, of which there are none
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.rows == []  # type: ignore[attr-defined]
    _press_history_button(app, 6)  # Export (after Previous and More)
    [said] = app.stage.top_dialog.lines  # type: ignore[union-attr]
    assert said.startswith("2 games and 2 replays were written to ")
    folder = app.profile.folder
    [export] = list(folder.glob("history-export-*.zip"))
    assert str(export) in said
    close_all(app)
    key(pygame.K_F7)
    app.run(frames=1)
    _press_history_button(app, 7)  # Import: the same games, none added twice
    wait_for_import(app)
    [said] = app.stage.top_dialog.lines  # type: ignore[union-attr]
    assert said.startswith("0 games were added from ") and str(export) in said
    assert app.profile.count() == 2


def test_the_best_3bv_per_second_is_a_record(app: App, clock: FakeClock) -> None:
    win_beginner(app, clock, ms=5_000)
    close_all(app)
    rate = app.profile.best_rate(Difficulty.BEGINNER)
    assert rate is not None and abs(rate - app.table.game.bbbv / 5) < 1e-9  # type: ignore[operator]
    key(pygame.K_F4)
    app.run(frames=1)
    rows = app.stage.top_dialog.rows  # type: ignore[union-attr]
    assert rows[-1][0] == "Best 3BV/s" and rows[-1][1] == f"{rate:.2f}"
    close_all(app)
    app.dialogs.best_times(Difficulty.BEGINNER)
    app.run(frames=1)
    assert f"Best 3BV/s: {rate:.2f}" in app.stage.top_dialog.lines  # type: ignore[union-attr]


def test_where_a_game_is_lost_is_kept_and_the_deaths_are_a_heatmap(
    app: App, clock: FakeClock
) -> None:
    from game.screens.statistics import DeathsAnswer, StatisticsAnswer
    from game.view.widgets.heatmap import HeatmapDialog

    for _ in range(2):
        app.play.new_game()
        use_layout(app, BEGINNER)
        click(app, cell_center(app, 3, 4))  # a mine at the first click: lost there
        assert app.table.game.status is Status.LOST
        close_all(app)
    [last, _] = app.profile.page(Difficulty.BEGINNER)[:2]
    assert (last.record.death_row, last.record.death_col) == (3, 4)
    key(pygame.K_F4)
    app.run(frames=1)
    dialog = app.stage.top_dialog
    assert dialog is not None
    dialog.choose(StatisticsAnswer.DEATHS.label)
    app.stage.settle()
    app.run(frames=1)
    heat = app.stage.top_dialog
    assert isinstance(heat, HeatmapDialog) and heat.values == {(3, 4): 2}
    assert "Beginner, 9x9: 2 games lost" in heat.caption
    rect = heat.rect
    assert rect is not None
    warm = sum(
        (lambda c: c[0] > 200 and c[1] < 160 and c[2] < 140)(drawn_on(app).get_at((x, y)))
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    )
    assert warm >= 12 * 12  # the one cell, drawn hot
    heat.choose(DeathsAnswer.NEXT.label)  # the next size: Intermediate, where none was lost
    app.stage.settle()
    app.run(frames=1)
    other = app.stage.top_dialog
    assert isinstance(other, HeatmapDialog) and other.values == {}
    assert other.caption.startswith("Intermediate, 16x16")


def test_a_game_picked_in_the_history_opens_its_analysis_from_its_kept_replay(
    app: App, clock: FakeClock
) -> None:
    from game.screens.analysis import NO_REPLAY
    from game.view.widgets.menu import MenuDialog
    from game.view.widgets.message import MessageDialog

    win_beginner(app, clock, ms=4_000)  # a won game keeps its replay
    close_all(app)
    app.play.new_game()
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 0))  # a lost one keeps none
    close_all(app)
    key(pygame.K_F7)
    app.run(frames=1)
    history = app.stage.top_dialog
    assert history is not None and history.title == "History: all boards"
    key(pygame.K_DOWN)  # the rows take the focus: the newest is lit
    key(pygame.K_DOWN)  # the won game
    app.run(frames=1)
    assert history.index == 1  # type: ignore[attr-defined]
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    analysis = app.stage.top_dialog
    assert isinstance(analysis, MenuDialog) and analysis.title == "Analysis"
    assert dict(analysis.items)["Time"] == "4.000 s"
    key(pygame.K_ESCAPE, "\x1b")
    app.run(frames=1)
    again = app.stage.top_dialog
    assert again is not None and again.title == "History: all boards"
    # A click on the lost game: it has no replay, and the player is told why.
    assert again.rows[0][2] == "lost"  # type: ignore[attr-defined]
    row = again.row_rect(0)  # type: ignore[attr-defined]
    post(pygame.MOUSEMOTION, pos=row.center, rel=(0, 0), buttons=(0, 0, 0))
    app.run(frames=1)
    assert drawn_on(app).get_at((row.x + 1, row.centery))[:3] == (0, 0, 128)  # lit
    click(app, row.center)
    told = app.stage.top_dialog
    assert isinstance(told, MessageDialog) and told.lines == [NO_REPLAY]
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    assert top_dialog_title(app) == "History: all boards"
