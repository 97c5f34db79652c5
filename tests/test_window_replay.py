"""Replays in the window: a game recorded through the real loop (real pygame events,
headless) is played back to the same view and time; the command line verifies
replays (exit 0, 1, 2), plays board codes and the daily board; the panel shows
the board code; won games' replays are kept."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pygame
import pytest
from test_window import (
    BEGINNER,
    FakeClock,
    cell_center,
    key,
    post,
    run_game,
    use_layout,
)

from game import cli
from game.app import App
from game.core.game import Game
from game.core.moves import reveal
from game.core.status import Status
from game.modes.ordinary import Ordinary
from game.modes.practice import Practice
from game.persist import replays as replay_files
from game.persist.history import History
from game.replay.boardcode import BoardCode, daily
from game.replay.boardcode import parse as parse_code
from game.replay.drive import verify
from game.replay.format import EventKind
from game.replay.reader import load, parse
from game.rules import PRESETS, Board, Difficulty, GameRules
from game.screens.end_of_game import PanelAnswer
from game.session.play import PlaySession
from game.view.commands import Command


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def app(clock: FakeClock) -> Iterator[App]:
    application = App(cli.Options(zoom=2, sound=False, seed=1), clock=clock)
    application.run(frames=1)
    yield application
    application.close()


def slow_click(app: App, clock: FakeClock, pos: tuple[int, int], button: int = 1) -> None:
    """A click with time passing: the pointer arrives, the button goes down, then up."""
    post(pygame.MOUSEMOTION, pos=(pos[0] - 3, pos[1] - 2), rel=(0, 0), buttons=(0, 0, 0))
    app.run(frames=1)
    clock.ms += 70
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    app.run(frames=1)
    clock.ms += 90
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.run(frames=1)
    clock.ms += 240


def step(app: App) -> None:
    """One frame of the loop with a fixed step of game time (the loop measures real
    time from its own start, so a test hands it the steps)."""
    app.update(1000 / 60)
    app.run(frames=1)


def play_to_the_end(app: App, clock: FakeClock, *, lose: bool = False) -> None:
    use_layout(app, BEGINNER)
    clock.ms += 500
    slow_click(app, clock, cell_center(app, 0, 5))
    slow_click(app, clock, cell_center(app, 0, 0), button=3)  # a flag
    if lose:
        slow_click(app, clock, cell_center(app, 3, 4))
        return
    mines = set(app.table.game.mine_cells())
    for r in range(9):
        for c in range(9):
            if app.table.game.look(r, c).name == "HIDDEN" and (r, c) not in mines:
                slow_click(app, clock, cell_center(app, r, c))


def test_a_game_recorded_through_the_loop_plays_back_to_the_same_view_and_time(
    app: App, clock: FakeClock
) -> None:
    play_to_the_end(app, clock)
    assert app.table.game.status is Status.WON
    won_view, won_ms = app.table.game.view(), app.table.session.summary().ms
    key(pygame.K_RETURN, "\r")  # a best time: the name first, then the replay
    app.run(frames=1)
    replay = app.end_of_game.last_replay
    assert replay is not None
    kinds = {event.kind for event in replay.events}
    assert {EventKind.MOVE, EventKind.DOWN, EventKind.UP} <= kinds
    assert replay.ms == won_ms and replay.view == won_view
    assert verify(parse(replay.to_text())).ok

    # Kept automatically (a won game), and readable from its file.
    kept = sorted((app.profile.folder / replay_files.FOLDER).glob("*.msreplay"))
    assert len(kept) == 1
    assert load(kept[0]) == replay
    assert kept[0].name.endswith("-best.msreplay")  # the first win is a best time
    assert app.profile.history.games()[0].record.replay == kept[0].name

    # Played back in a fresh window, at 4x.
    app.close()
    again = App(cli.Options(zoom=2, sound=False), clock=clock)
    try:
        playback = again.watch(parse(replay.to_text()))
        key(pygame.K_4, "4")
        again.run(frames=1)
        assert playback.speed == 4
        seen_pressed = False
        for _ in range(2000):
            step(again)
            seen_pressed |= playback.machine.feedback.cell is not None
            if playback.finished:
                break
        assert playback.finished and seen_pressed
        assert playback.table.game.view() == won_view
        assert playback.table.session.summary().ms == won_ms
        assert playback.table.session.status is Status.WON
        assert "won in" in playback.status()[0]
        # Nothing of the playback reaches the player's history.
        assert again.profile.history.count() == 1
    finally:
        again.close()


def test_a_replay_watched_in_a_window_under_way_freezes_nothing_more(
    app: App, clock: FakeClock
) -> None:
    # Start-up's objects are frozen out of the collector's walks once; a game's, made
    # later, stay the collector's (frozen again, its cycles would never be freed).
    play_to_the_end(app, clock, lose=True)
    replay = app.end_of_game.last_replay
    assert replay is not None
    frozen = gc.get_freeze_count()
    app.watch(replay)
    app.run(frames=1)
    assert gc.isenabled() and gc.get_freeze_count() <= frozen  # (fewer: some were freed)


def test_playback_keys_pause_restart_and_quit(app: App, clock: FakeClock) -> None:
    play_to_the_end(app, clock, lose=True)
    replay = app.end_of_game.last_replay
    assert replay is not None and replay.result is Status.LOST
    assert not list((app.profile.folder / replay_files.FOLDER).glob("*"))  # lost: not kept
    playback = app.watch(replay)
    key(pygame.K_SPACE, " ")
    app.run(frames=1)
    assert playback.paused and app.is_idle()
    at = playback.clock.ms
    step(app)
    assert playback.clock.ms == at
    key(pygame.K_SPACE, " ")
    for _ in range(500):
        step(app)
    assert playback.finished and playback.table.game.status is Status.LOST
    key(pygame.K_r, "r")
    app.run(frames=1)
    assert not playback.finished and playback.table.game.status is Status.READY
    key(pygame.K_ESCAPE)  # back to the game's window (a replay watched on its own)
    app.run(frames=1)
    assert app.running and not app.watching
    key(pygame.K_ESCAPE)  # and Esc again quits
    app.run(frames=1)
    assert not app.running


def test_the_panel_shows_the_board_code_and_keeps_a_lost_game_on_request(
    app: App, clock: FakeClock
) -> None:
    app.play.play(Ordinary(PRESETS[Difficulty.BEGINNER], app.prefs.settings.rules, seed=77))
    app.run(frames=1)
    # The code names the layout played: the mines as placed around the first click.
    code = BoardCode(PRESETS[Difficulty.BEGINNER], app.table.session.rules, 77, (4, 4)).code
    # Lose: click mines until one explodes.
    slow_click(app, clock, cell_center(app, 4, 4))
    for row, col in app.table.game.mine_cells():
        if app.table.game.status.is_over:
            break
        slow_click(app, clock, cell_center(app, row, col))
    assert app.table.game.status is Status.LOST
    dialog = app.stage.top_dialog
    assert dialog is not None
    rows = getattr(dialog, "rows", [])
    assert ["Board code", code] in rows
    shared = parse_code(code)
    again = PlaySession.new(
        shared.board, shared.rules, lambda: 0.0, seed=shared.seed, start=shared.start
    )
    assert again.game.minefield == app.table.game.minefield  # one layout, for anyone
    dialog.choose(PanelAnswer.KEEP_REPLAY.label)  # the button, as a click would choose it
    app.stage.settle()
    kept = list((app.profile.folder / replay_files.FOLDER).glob("*-kept.msreplay"))
    assert len(kept) == 1 and verify(load(kept[0])).ok
    assert app.profile.history.games()[0].record.replay == kept[0].name
    panel = app.stage.top_dialog
    assert panel is not None
    panel.choose(PanelAnswer.COPY_CODE.label)
    app.stage.settle()
    assert "clipboard" in " ".join(getattr(app.stage.top_dialog, "lines", []))


def test_the_panel_saves_the_game_as_an_evf_file_the_community_reads(
    app: App, clock: FakeClock
) -> None:
    from game.replay.formats.evf import read as read_evf

    play_to_the_end(app, clock, lose=True)
    panel = app.stage.top_dialog
    assert panel is not None and PanelAnswer.EXPORT_EVF.label in panel.buttons  # type: ignore[attr-defined]
    panel.choose(PanelAnswer.EXPORT_EVF.label)
    app.stage.settle()
    [saved] = (app.profile.folder / replay_files.FOLDER).glob("*.evf")
    assert read_evf(saved.read_bytes()).mines == frozenset(app.table.game.mine_cells())
    note = " ".join(getattr(app.stage.top_dialog, "lines", []))
    assert saved.name in note


def play_code(app: App, code: BoardCode) -> None:
    """Game > Play board code..., the code typed in, Enter."""
    app.play.command(Command.BOARD_CODE)
    dialog = app.stage.top_dialog
    assert dialog is not None
    dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode=""))
    for ch in code.code:
        dialog.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.stage.settle()


def test_play_board_code_from_the_menu_command(app: App) -> None:
    code = BoardCode(Board(10, 12, 20), GameRules(question_marks=False), 5)
    play_code(app, code)
    assert app.table.board == code.board
    assert app.table.game.seed == 5 and app.table.session.rules == code.rules


def test_the_daily_board_is_one_layout_its_start_ringed_and_its_date_in_the_title(
    app: App, clock: FakeClock
) -> None:
    from game.session.table import START_HERE
    from game.view.advice import HINT_SAFE

    app.play.command(Command.DAILY)
    app.run(frames=1)
    today = daily(date.today())
    assert today.start is not None and app.table.session.start == today.start
    assert app.viewport.window.window.title.endswith(f"daily board of {date.today()}")
    hint = app.table.hint
    assert hint is not None and hint.cell == today.start and hint.reason == START_HERE
    x, y, _, h = app.viewport.renderer.scaled(app.viewport.renderer.layout.cell_rect(*today.start))
    assert app.viewport.screen.get_at((x + 1, y + h // 2))[:3] == HINT_SAFE  # ringed
    layout = app.table.game.minefield  # placed before the first click
    assert layout is not None and not app.table.session.used_hint
    # Anyone, clicking first anywhere, plays that layout: here a first click off the start.
    safe = next(
        (r, c)
        for r in range(16)
        for c in range(16)
        if (r, c) not in layout and (r, c) != today.start
    )
    slow_click(app, clock, cell_center(app, *safe))
    assert app.table.game.minefield == layout and app.table.hint is None
    for row, col in layout:
        if app.table.game.status.is_over:
            break
        slow_click(app, clock, cell_center(app, row, col))
    assert app.table.game.status is Status.LOST
    replay = app.end_of_game.last_replay
    assert replay is not None and replay.start == today.start and replay.daily
    assert verify(parse(replay.to_text())).ok


def test_the_daily_board_is_marked_in_the_history_with_its_streak(
    app: App, clock: FakeClock
) -> None:
    app.play.command(Command.DAILY)
    today = daily(date.today())
    assert app.table.board == today.board and app.table.game.seed == today.seed
    slow_click(app, clock, cell_center(app, 7, 7))
    for row, col in app.table.game.mine_cells():
        if app.table.game.status.is_over:
            break
        slow_click(app, clock, cell_center(app, row, col))
    stored = app.profile.history.games()[0].record
    assert stored.daily == date.today().isoformat() and stored.difficulty == "daily"
    assert app.profile.history.daily(date.today()).played == 1
    assert "Daily board of" in " ".join(getattr(app.stage.top_dialog, "lines", []))
    # Statistics has a line of its own for the daily boards, apart from the presets.
    key(pygame.K_ESCAPE, "\x1b")
    app.run(frames=1)
    app.play.command(Command.STATISTICS)
    app.run(frames=1)
    statistics = app.stage.top_dialog
    assert statistics is not None and statistics.title == "Statistics"
    [line] = [x for x in getattr(statistics, "lines", []) if x.startswith("Daily boards")]
    assert "1 day played, 0 won" in line and "streak 0 days" in line
    assert app.profile.stats(Difficulty.INTERMEDIATE).played == 0  # not an Intermediate game


def test_daily_stats_count_days_and_streaks(tmp_path: Path) -> None:
    from game.persist.game_record import GameRecord

    history = History.open(tmp_path / "h.sqlite3")
    for day, won, ms in [(1, True, 90000), (2, True, 80000), (2, False, 5000), (4, True, 70000)]:
        history.add_game(
            GameRecord(
                finished_at=f"2026-01-0{day}T12:00:00",
                difficulty="daily",
                rows=16,
                cols=16,
                mines=40,
                first_click="opening",
                seed="1",
                won=won,
                ms=ms,
                daily=f"2026-01-0{day}",
            )
        )
    stats = history.daily(date(2026, 1, 4))
    assert (stats.played, stats.won, stats.streak, stats.longest) == (3, 3, 1, 2)
    assert stats.today_ms == 70000 and stats.best_ms == 70000
    assert history.daily(date(2026, 1, 6)).streak == 0
    history.close()


def test_replays_beyond_the_last_50_go_but_bests_and_kept_stay(tmp_path: Path) -> None:
    for n in range(55):
        (tmp_path / f"2026{n:04d}-beginner-won-1ms.msreplay").write_text("x")
    (tmp_path / "20260000-beginner-won-1ms-best.msreplay").write_text("x")
    (tmp_path / "20260000-beginner-lost-1ms-kept.msreplay").write_text("x")
    removed = replay_files.prune(tmp_path)
    assert len(removed) == 5 and all("000" in p.name for p in removed)
    assert len(list(tmp_path.glob("*"))) == 52


# ---------------------------------------------------------------------- the command line


def write_replay(folder: Path) -> Path:
    from game.replay.recorder import Recorder
    from game.session.table import Table

    now = [900.0]
    table = Table.of(Ordinary.given(Game.from_layout(BEGINNER)), lambda: now[0])
    recorder = Recorder()
    table.tap(recorder)
    first, mine = (5 * 16 + 8, 8), (4 * 16 + 8, 3 * 16 + 8)
    table.pointer("down", 1, first, frozenset())
    now[0] = 1000.0
    table.pointer("up", 1, first, frozenset({1}), reveal(0, 5))
    now[0] = 1700.0
    table.pointer("down", 1, mine, frozenset())
    now[0] = 1800.0
    table.pointer("up", 1, mine, frozenset({1}), reveal(3, 4))
    replay = recorder.replay()
    assert replay is not None and replay.result is Status.LOST
    path = folder / "game.msreplay"
    path.write_text(replay.to_text())
    return path


def test_verify_replay_exits_0_1_2(tmp_path: Path) -> None:
    path = write_replay(tmp_path)
    done = run_game("--verify-replay", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok: lost in 0.800 s") and done.stdout.count("\n") == 1

    changed = tmp_path / "changed.msreplay"
    changed.write_text(path.read_text().replace("time-ms: 800", "time-ms: 801"))
    done = run_game("--verify-replay", str(changed))
    assert done.returncode == 1 and done.stdout.startswith("differs:")

    for bad in (b"", b"minesweeper-replay 1\nboard: x\n", b"\x00" * 100):
        broken = tmp_path / "broken.msreplay"
        broken.write_bytes(bad)
        done = run_game("--verify-replay", str(broken))
        assert done.returncode == 2
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    done = run_game("--verify-replay", str(tmp_path / "absent"))
    assert done.returncode == 2 and "cannot be read" in done.stderr


def test_replay_and_board_and_daily_options(tmp_path: Path) -> None:
    path = write_replay(tmp_path)
    assert run_game("--replay", str(path), "--frames", "5").returncode == 0
    done = run_game("--replay", str(tmp_path / "absent"))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    code = BoardCode(Board(12, 12, 30), GameRules(), 9).code
    assert run_game("--board", code, "--frames", "3").returncode == 0
    done = run_game("--board", "NOT-A-CODE")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "board code" in done.stderr
    assert run_game("--daily", "--frames", "3").returncode == 0


def test_a_replay_file_named_alone_is_played_back_as_with_replay(tmp_path: Path) -> None:
    """`minesweeper FILE`, as a file manager opens a replay (a usage error before)."""
    path = write_replay(tmp_path)
    assert run_game(str(path), "--frames", "5").returncode == 0
    assert cli.parse_args([str(path)]).replay == str(path)
    done = run_game(str(tmp_path / "absent.avf"))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert done.stderr.count("absent.avf") == 1 and "Traceback" not in done.stderr
    done = run_game(str(path), "--difficulty", "expert")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    # (the desktop's launcher hands a file opened with it so)
    linux = Path(__file__).parent.parent / "packaging" / "linux"
    desktop = linux / "io.github.minesweeper_ce.Minesweeper.desktop"
    assert "\nExec=minesweeper %f\n" in desktop.read_text()


def test_options_carry_a_board_code_and_the_daily_board() -> None:
    code = BoardCode(Board(12, 12, 30), GameRules(question_marks=False), 9)
    options = cli.parse_args(["--board", code.code])
    assert (options.board, options.seed, options.rules) == (code.board, 9, code.rules)
    options = cli.parse_args(["--daily"])
    today = daily(date.today())
    assert (options.board, options.seed, options.daily) == (
        today.board,
        today.seed,
        date.today().isoformat(),
    )


def test_python_m_game_help_lists_the_replay_options() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "--help"], capture_output=True, text=True, timeout=60
    )
    for option in ("--replay", "--verify-replay", "--board", "--daily"):
        assert option in done.stdout


def test_a_version_1_history_is_upgraded_with_no_daily_marker(tmp_path: Path) -> None:
    import sqlite3

    from game.persist import history_schema

    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path)
    for statement in history_schema.SCHEMA_V1:
        db.execute(statement)
    db.execute(
        "INSERT INTO games (finished_at, difficulty, rows, cols, mines, first_click, won, ms) "
        "VALUES ('2025-01-01T10:00:00', 'beginner', 9, 9, 10, 'opening', 1, 9000)"
    )
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    history = History.open(path)
    assert history.problems == ()
    assert [g.record.daily for g in history.games()] == [None]
    assert history.daily(date(2025, 1, 1)).played == 0
    history.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == history_schema.SCHEMA_VERSION
    db.close()


def test_set_replay_notes_a_file_name_and_refuses_a_path(tmp_path: Path) -> None:
    from game.persist.game_record import GameRecord, GameRecordError

    history = History.open(tmp_path / "h.sqlite3")
    game_id = history.add_game(
        GameRecord(
            finished_at="2026-01-01T12:00:00",
            difficulty="beginner",
            rows=9,
            cols=9,
            mines=10,
            first_click="opening",
            seed="1",
            won=True,
            ms=5000,
        )
    )
    assert game_id is not None
    assert history.set_replay(game_id, "a.msreplay")
    assert not history.set_replay(game_id + 1, "a.msreplay")
    with pytest.raises(GameRecordError):
        history.set_replay(game_id, "../a.msreplay")
    assert history.games()[0].record.replay == "a.msreplay"
    history.close()


def test_a_game_on_a_scrolled_big_board_records_where_the_clicks_landed(
    clock: FakeClock,
) -> None:
    from game.rules import custom

    big = App(cli.Options(zoom=1, sound=False, seed=4, board=custom(60, 200, 2000)), clock=clock)
    try:
        big.run(frames=1)
        assert big.viewport.renderer.layout.scrolls
        big.viewport.scroll(20, 120)
        layout = big.viewport.renderer.layout
        row, col = layout.top + 5, layout.left + 7
        clock.ms += 300
        slow_click(big, clock, big.viewport.cell_pos(row, col))
        assert big.table.game.look(row, col).name != "HIDDEN"
        mine = big.table.game.mine_cells()[0]
        big.viewport.scroll(
            mine[0] - big.viewport.renderer.layout.top - 3,
            mine[1] - big.viewport.renderer.layout.left - 3,
        )
        slow_click(big, clock, big.viewport.cell_pos(*mine))  # lost, on purpose
        assert big.table.game.status is Status.LOST
        replay = big.end_of_game.last_replay
        assert replay is not None
        assert verify(parse(replay.to_text())).ok, "the positions name the cells clicked"
    finally:
        big.close()


def test_the_end_of_game_panel_opens_the_games_analysis_and_comes_back(
    app: App, clock: FakeClock
) -> None:
    from game.view.widgets.menu import MenuDialog

    play_to_the_end(app, clock, lose=True)
    panel = app.stage.top_dialog
    assert panel is not None and PanelAnswer.ANALYSIS.label in panel.buttons  # type: ignore[attr-defined]
    panel.choose(PanelAnswer.ANALYSIS.label)
    app.stage.settle()
    app.run(frames=1)
    dialog = app.stage.top_dialog
    assert isinstance(dialog, MenuDialog) and dialog.title == "Analysis"
    shown = dict(dialog.items)
    summary = app.table.session.summary()
    assert shown["Time"] == f"{summary.ms / 1000:.3f} s"
    assert shown["3BV"] == f"{summary.bbbv_solved} of {summary.bbbv}"
    assert shown["Clicks"] == "2 left, 1 right, 0 double"
    assert "The death" in shown  # the fatal click, judged
    key(pygame.K_ESCAPE, "\x1b")
    app.run(frames=1)
    again = app.stage.top_dialog
    assert again is not None and again.title == "Game over"


def test_the_report_of_one_of_our_replays_has_its_mouse_path(tmp_path: Path) -> None:
    import math

    from game.replay.report import report

    entry = report(str(write_replay(tmp_path)))
    # From the first move (the release at row 0, column 5) to the press on the mine.
    assert entry["path"] == round(math.hypot(5 * 16 + 8 - (4 * 16 + 8), 8 - (3 * 16 + 8)), 3)
    # Its effective clicks by kind, our way: two reveals that changed the board.
    stats = entry["stats"]
    assert (stats["lce"], stats["rce"], stats["dce"], stats["flag"]) == (2, 0, 0, 0)
    assert "over_zini" not in stats  # (a lost game)


def test_a_won_games_report_counts_its_clicks_over_zini(app: App, clock: FakeClock) -> None:
    from game.replay.report import report_of

    play_to_the_end(app, clock)
    key(pygame.K_RETURN, "\r")  # the name of a best time
    app.run(frames=1)
    replay = app.end_of_game.last_replay
    assert replay is not None
    entry = report_of(replay, "game")
    stats = entry["stats"]
    clicks = entry["left"] + entry["right"] + entry["double"]
    assert stats["over_zini"] == max(0, clicks - stats["zini"])
    assert stats["rce"] == 1 and stats["flag"] == 1  # the one flag, kept to the end
    assert stats["lce"] + stats["rce"] + stats["dce"] == stats["ce"]


def test_undo_after_a_death_restores_the_position_and_counts_the_death(
    app: App, clock: FakeClock
) -> None:
    use_layout(app, BEGINNER)
    clock.ms += 500
    slow_click(app, clock, cell_center(app, 0, 5))
    slow_click(app, clock, cell_center(app, 0, 0), button=3)  # a flag
    before = app.table.game.view()
    clock.ms += 3_000
    slow_click(app, clock, cell_center(app, 3, 4))  # a mine
    assert app.table.game.status is Status.LOST
    recorded = app.profile.count()
    panel = app.stage.top_dialog
    assert panel is not None and PanelAnswer.UNDO.label in panel.buttons  # type: ignore[attr-defined]
    renderer = app.viewport.renderer
    fx, fy, _, fh = renderer.scaled(renderer.layout.face)
    cx, _, cw, _ = renderer.scaled(renderer.layout.mine_counter)
    gap = pygame.Rect(cx + cw, fy, fx - cx - cw, fh)

    def dark_in_gap() -> int:
        screen = app.viewport.screen
        return sum(
            screen.get_at((x, y))[:3] == (0, 0, 0)
            for x in range(gap.left, gap.right)
            for y in range(gap.top, gap.bottom)
        )

    assert dark_in_gap() == 0
    panel.choose(PanelAnswer.UNDO.label)
    app.stage.settle()
    app.run(frames=1)
    assert app.stage.top_dialog is None
    assert app.table.game.status is Status.PLAYING and app.table.game.view() == before
    assert app.table.deaths == 1 and isinstance(app.table.tag.mode, Practice)
    # The count has a place of its own beside the board (issue 41), at the UI scale,
    # not squeezed between the mine counter and the face at 1x.
    assert dark_in_gap() == 0 and app.play.notes.shown
    assert app.play.notes.text == "A practice game (1 death undone)"
    assert app.table.session.elapsed_ms >= 3_500  # the clock runs on from the death
    slow_click(app, clock, cell_center(app, 3, 4))  # the same mine again
    panel = app.stage.top_dialog
    assert panel is not None and any("1 death undone" in line for line in panel.lines)  # type: ignore[attr-defined]
    panel.choose(PanelAnswer.UNDO.label)
    app.stage.settle()
    assert app.table.deaths == 2 and app.table.game.view() == before
    # The practice after the undo is kept as a game of its own, unranked: the loss
    # stands, and the statistics count only it.
    assert app.profile.count() == recorded + 1
    practice = app.profile.games()[0].record
    assert practice.unranked is not None and "death was undone" in practice.unranked
    assert app.profile.stats(Difficulty.BEGINNER).played == 1
