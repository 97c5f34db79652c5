"""Replays opened in the game: from the Game menu's file browser, by dropping a file
on the window; Esc goes back to the board, B plays the replay's board as practice,
and a file that is no replay is named in one line. Real events through the real
loop."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_window import FakeClock, cell_center, click, drawn_on, key, post
from test_window_replay import write_replay

from game import cli
from game.app import App
from game.core.status import Status
from game.modes.practice import Practice
from game.replay.reader import load
from game.scenes.playback import PlaybackScene
from game.view.commands import Command


@pytest.fixture
def app() -> Iterator[App]:
    application = App(cli.Options(zoom=2, sound=False, seed=1), clock=FakeClock())
    application.run(frames=2)
    yield application
    application.close()


def top(app: App) -> object:
    return app.stage.top


def dropped(app: App, path: Path) -> PlaybackScene:
    """A replay file dropped on the window: the viewer that plays it."""
    post(pygame.DROPFILE, file=str(path))
    app.run(frames=1)
    scene = top(app)
    assert isinstance(scene, PlaybackScene)
    return scene


def test_a_replay_dropped_on_the_window_plays_and_esc_goes_back_to_the_board(
    app: App, tmp_path: Path
) -> None:
    board = app.table.board
    path = write_replay(tmp_path)
    post(pygame.DROPFILE, file=str(path))
    app.run(frames=1)
    scene = top(app)
    assert isinstance(scene, PlaybackScene) and not scene.standalone
    assert scene.replay == load(path)
    assert app.viewport.board == load(path).board
    for _ in range(600):
        scene.update(1000 / 60)
        if scene.finished:
            break
    assert scene.finished and scene.table.session.status is Status.LOST
    key(pygame.K_ESCAPE, "\x1b")
    app.run(frames=1)
    assert not isinstance(top(app), PlaybackScene) and not app.stage.quitting
    assert app.viewport.board == board  # the player's board again
    click(app, cell_center(app, 4, 4))
    assert app.table.game.status is not Status.READY  # and it plays


def test_a_game_under_way_is_paused_while_a_replay_is_watched(app: App, tmp_path: Path) -> None:
    click(app, cell_center(app, 4, 4))
    assert app.table.session.stopwatch.running
    post(pygame.DROPFILE, file=str(write_replay(tmp_path)))
    app.run(frames=1)
    assert isinstance(top(app), PlaybackScene)
    assert app.table.session.paused and not app.table.session.stopwatch.running


def test_b_plays_the_replays_board_as_practice_that_no_record_counts(
    app: App, tmp_path: Path
) -> None:
    path = write_replay(tmp_path)
    post(pygame.DROPFILE, file=str(path))
    app.run(frames=1)
    key(pygame.K_b, "b")
    app.run(frames=1)
    assert not isinstance(top(app), PlaybackScene)
    assert isinstance(app.table.tag.mode, Practice)
    assert app.table.game.minefield == load(path).minefield
    offer = app.stage.top_dialog  # a race against the replay is offered: not now
    assert offer is not None and offer.title == "Race a ghost"
    key(pygame.K_ESCAPE, "\x1b")
    app.run(frames=1)
    assert app.play.race.ghost is None
    click(app, cell_center(app, 3, 4))  # the replay's mine
    assert app.table.game.status is Status.LOST
    panel = app.stage.top_dialog
    assert panel is not None and any("practice" in line for line in panel.lines)  # type: ignore[attr-defined]
    # The history shows it, unranked; no statistic counts it.
    [kept] = app.profile.games()
    assert kept.record.unranked is not None and "played again" in kept.record.unranked
    assert app.profile.stats(app.table.board.difficulty).played == 0


def test_the_game_menu_opens_a_replay_through_the_file_browser(app: App, tmp_path: Path) -> None:
    folder = app.profile.folder / "replays"
    folder.mkdir(parents=True, exist_ok=True)
    write_replay(folder)
    (folder / "notes.txt").write_text("not a replay")
    (folder / "older").mkdir()
    app.play.command(Command.OPEN_REPLAY)
    app.run(frames=1)
    browser = app.stage.top_dialog
    assert browser is not None and browser.title == "Open a replay"
    names = [name for name, _ in browser.items]  # type: ignore[attr-defined]
    assert names == ["..", "older/", "game.msreplay"]  # no other files
    for _ in range(2):
        key(pygame.K_DOWN)
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    scene = top(app)
    assert isinstance(scene, PlaybackScene)
    assert scene.replay == load(folder / "game.msreplay")


def test_a_file_that_is_no_replay_is_named_in_one_line(app: App, tmp_path: Path) -> None:
    bad = tmp_path / "broken.msreplay"
    bad.write_bytes(b"\x00\x01 not a replay")
    post(pygame.DROPFILE, file=str(bad))
    app.run(frames=1)
    message = app.stage.top_dialog
    assert message is not None and message.title == "This replay cannot be played"
    [line] = message.lines  # type: ignore[attr-defined]
    assert line.startswith("broken.msreplay: ") and "\n" not in line
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)
    assert app.stage.top_dialog is None


COMMUNITY = Path(__file__).parent / "data" / "replays"


@pytest.mark.parametrize(
    "name",
    [
        "flop-player/avf/arbiter_beg.avf",
        "flop-player/rmv/int.rmv",
        "flop-player/mvf/2007_release_1.mvf",
        "ms-toollib/test_files/b_5_3.796_3BV=3_3BVs=0.790_王嘉宁(元3.1.9_v3).evf",
        "flop-player/rawvf/custom.rawvf",
    ],
)
def test_a_community_replay_dropped_on_the_window_plays_to_its_end(app: App, name: str) -> None:
    from game.replay.formats import open_video
    from game.replay.tally import tally

    path = COMMUNITY / name
    video = open_video(path)
    scene = dropped(app, path)
    assert video.facts.player in scene.caption and scene.caption  # a name, or the program
    assert scene.caption in app.viewport.window.window.title
    assert app.viewport.board.rows == video.rows and app.viewport.board.cols == video.cols
    for _ in range(20_000):
        scene.update(1000 / 60 * 8)
        if scene.finished:
            break
    assert scene.finished
    assert (scene.table.session.status is Status.WON) == tally(video).won
    key(pygame.K_b, "b")  # its board, to practise
    app.run(frames=1)
    assert isinstance(app.table.tag.mode, Practice)
    assert app.table.game.minefield is not None
    assert frozenset(app.table.game.minefield) == video.mines


def test_beginner_8x8_ranked_size_is_a_setting_with_records_of_its_own(app: App) -> None:
    from game.rules import PRESETS, Difficulty

    app.play.command(Command.RANKED_BEGINNER)
    assert app.prefs.settings.ranked_beginner and app.play.checked(Command.RANKED_BEGINNER)
    key(pygame.K_1, "1")
    app.run(frames=1)
    assert app.table.board == PRESETS[Difficulty.RANKED_BEGINNER] == app.viewport.board
    assert app.table.board.difficulty.label == "Beginner 8x8"
    game = app.table.game
    click(app, cell_center(app, 3, 3))
    mines = set(game.mine_cells())
    for r in range(8):
        for c in range(8):
            if (r, c) not in mines and game.look(r, c).name == "HIDDEN":
                click(app, cell_center(app, r, c))
    assert game.status is Status.WON
    key(pygame.K_RETURN, "\r")  # the name
    app.run(frames=1)
    assert len(app.profile.best_times(Difficulty.RANKED_BEGINNER)) == 1
    assert app.profile.best_times(Difficulty.BEGINNER) == []  # kept apart from 9x9
    assert app.profile.stats(Difficulty.RANKED_BEGINNER).won == 1
    # Turned off, 1 is the 9x9 Beginner again.
    app.play.command(Command.RANKED_BEGINNER)
    while app.stage.top_dialog is not None:
        key(pygame.K_ESCAPE, "\x1b")
        app.run(frames=1)
    key(pygame.K_1, "1")
    app.run(frames=1)
    assert app.table.board == PRESETS[Difficulty.BEGINNER]


def test_a_replay_seeks_steps_and_changes_speed(app: App, tmp_path: Path) -> None:
    path = COMMUNITY / "flop-player/avf/arbiter_int.avf"
    scene = dropped(app, path)
    key(pygame.K_END)
    app.run(frames=1)
    assert scene.finished and scene.table.session.status is Status.WON
    end_view = scene.table.game.view()
    key(pygame.K_HOME)
    app.run(frames=1)
    assert scene.table.game.opened_count == 0  # back at the start
    key(pygame.K_RIGHT)
    app.run(frames=1)
    assert scene.paused and scene.table.game.opened_count > 0  # one move on: the first
    first = scene.table.game.view()
    key(pygame.K_RIGHT)
    key(pygame.K_LEFT)
    app.run(frames=1)
    assert scene.table.game.view() == first  # on and back: the same position
    # A click on the bar over the window goes to that moment: the middle, then the end.
    bar = app.viewport.bar()
    post(pygame.MOUSEBUTTONUP, pos=(bar.right - 1, bar.centery), button=1)
    app.run(frames=1)
    assert scene.table.game.view() == end_view
    key(pygame.K_RIGHTBRACKET, "]")
    app.run(frames=1)
    assert scene.speed == 2
    for _ in range(3):
        key(pygame.K_LEFTBRACKET, "[")
    app.run(frames=1)
    assert scene.speed == 0.25


def test_a_in_a_community_replay_opens_its_analysis_with_the_oracles_figures(app: App) -> None:
    import json

    from game.view.widgets.menu import MenuDialog

    name = "ms-toollib/test_files/HI-SCORE Exp_49.25_3BV=127_3BVs=2.57_Wang Jianing G01825.avf"
    expected = next(
        row
        for row in map(json.loads, (COMMUNITY / "expected.jsonl").read_text("utf-8").splitlines())
        if row["file"] == name
    )
    scene = dropped(app, COMMUNITY / name)
    key(pygame.K_a, "a")
    app.run(frames=1)
    dialog = app.stage.top_dialog
    assert isinstance(dialog, MenuDialog) and dialog.title == "Analysis"
    assert scene.paused  # the playback waits under it
    shown = dict(dialog.items)
    assert shown["3BV/s"] == f"{expected['stats']['bbbv_s']:.3f}"
    assert shown["IOE"] == f"{expected['stats']['ioe']:.3f}"
    assert shown["ZiNi"] == str(expected["stats"]["zini"])
    assert shown["Clicks"] == (
        f"{expected['left']} left, {expected['right']} right, {expected['double']} double"
    )
    assert {"Guesses", "Needless guesses", "Mistakes", "Wasted clicks", "Luck"} <= set(shown)
    # The line under the figures says what the one under the pointer means.
    labels = [label for label, _ in dialog.items]
    zini = labels.index("ZiNi")
    post(pygame.MOUSEMOTION, pos=dialog.row_rect(zini).center, rel=(0, 0), buttons=(0, 0, 0))
    app.run(frames=1)
    assert dialog.index == zini and dialog.note is not None and "greedy" in dialog.note
    lit = dialog.row_rect(zini)
    assert drawn_on(app).get_at((lit.x + 2, lit.centery))[:3] == (0, 0, 128)
    key(pygame.K_DOWN)  # and the keyboard's highlight
    app.run(frames=1)
    assert dialog.note is not None and "opening clicked first" in dialog.note
    key(pygame.K_ESCAPE, "\x1b")
    app.run(frames=1)
    assert top(app) is scene


def _navy_in(app: App, area: pygame.Rect) -> int:
    screen = app.viewport.screen
    return sum(
        screen.get_at((x, y))[:3] == (0, 0, 128)
        for x in range(area.left, area.right, 2)
        for y in range(area.top, area.bottom)
    )


def test_the_viewer_shows_a_timeline_thinking_heat_and_odds_and_a_click_on_it_seeks(
    app: App,
) -> None:

    scene = dropped(app, COMMUNITY / "flop-player/avf/arbiter_int.avf")
    key(pygame.K_END)
    app.run(frames=1)
    assert scene.finished
    renderer = app.viewport.renderer
    area = scene.overlays.timeline_area()  # (in the side beside the board)
    assert app.viewport.beside().contains(area)
    fours = _navy_in(app, area)  # (the 4s are navy too, over a board)
    key(pygame.K_t, "t")
    app.run(frames=1)
    assert _navy_in(app, area) > fours + 100  # the 3BV solved, drawn over the game's time
    judgment = scene.judgment
    assert judgment is not None and judgment.moves[-1].bbbv_solved == scene.replay.bbbv
    # A click on the timeline goes to that moment: a quarter of the way in.
    post(pygame.MOUSEBUTTONUP, pos=(area.x + area.w // 4, area.centery), button=1)
    app.run(frames=1)
    first, last = scene.span
    assert not scene.finished and first < scene.clock.ms < first + (last - first) / 2
    assert scene.table.game.opened_count > 0
    key(pygame.K_t, "t")  # and away
    app.run(frames=1)
    assert _navy_in(app, area) <= fours
    # H: the thinking time before each cell, as heat over the board.
    spent = scene.thinking()
    assert spent and all(value >= 0 for value in spent.values())
    hottest = max(spent, key=lambda cell: spent[cell])
    x, y, _, h = renderer.scaled(renderer.layout.cell_rect(*hottest))
    spot = (x + 2, y + h - 3)
    plain = app.viewport.screen.get_at(spot)[:3]
    key(pygame.K_h, "h")
    app.run(frames=1)
    heated = app.viewport.screen.get_at(spot)[:3]
    assert heated != plain and heated[0] > heated[2]  # warmer
    key(pygame.K_o, "o")  # the mine probabilities of the position shown
    app.run(frames=1)
    assert scene.table.show_probabilities and scene.table.advice() is not None


def test_s_skips_the_idle_time_of_a_replay(app: App) -> None:
    name = (
        "ms-toollib/test_files/b_0_504.985_10_0.020_匿_fake(wait_500_secs_元3.2.1_in_test_v4).evf"
    )
    scene = dropped(app, COMMUNITY / name)
    key(pygame.K_s, "s")
    app.run(frames=1)
    assert scene.skip_idle and "idle skipped" in scene.status()[-1]
    steps = 0
    while not scene.finished and steps < 100_000:
        scene.update(1000 / 60)
        steps += 1
    assert scene.finished and scene.clock.ms > 500_000  # the game's own time...
    assert steps < 60 * 60  # ...watched in under a minute, not eight and a half


def test_c_practises_from_the_moment_shown_at_that_exact_position(app: App) -> None:
    scene = dropped(app, COMMUNITY / "flop-player/avf/arbiter_int.avf")
    key(pygame.K_END)
    app.run(frames=1)
    key(pygame.K_c, "c")  # at the end: the game is over there, nothing to play on
    app.run(frames=1)
    assert top(app) is scene and "over here" in scene.status()[-1]
    for _ in range(6):
        key(pygame.K_LEFT)  # six moves back
    app.run(frames=1)
    shown, moment = scene.table.game.view(), scene.clock.ms
    assert scene.table.session.status is Status.PLAYING
    key(pygame.K_c, "c")
    app.run(frames=1)
    assert not isinstance(top(app), PlaybackScene)
    assert isinstance(app.table.tag.mode, Practice)
    assert app.table.game.view() == shown and app.table.game.status is Status.PLAYING
    assert app.table.session.elapsed_ms >= moment  # the clock runs on from that moment
    assert app.table.board.rows == 16 and app.viewport.board == app.table.board
    hidden = next(
        (r, c)
        for r in range(16)
        for c in range(16)
        if app.table.game.look(r, c).name == "HIDDEN"
        and (r, c) not in set(app.table.game.mine_cells())
    )
    click(app, cell_center(app, *hidden))  # and the player plays on
    assert app.table.game.look(*hidden).name != "HIDDEN"
