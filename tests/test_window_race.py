"""Racing: a ghost on a board played again (its cursor and solved 3BV in step with
the game's clock), and the pace meter against the personal best on a preset, with
its split by quarters of the 3BV after the game. Real events through the real loop."""

from __future__ import annotations

import pygame
import pytest
import test_window_records as records
from test_window import BEGINNER, FakeClock, cell_center, click, key, use_layout

from game.app import App
from game.core.status import Status
from game.modes.practice import Practice
from game.modes.shared import Code
from game.replay.boardcode import BoardCode
from game.rules import PRESETS, Difficulty, GameRules
from game.screens.race import RaceAnswer
from game.view.speech_out import Recording

app, clock, close_all = records.app, records.clock, records.close_all  # (its fixtures)


def said_by_b(app: App) -> str:
    """The 3BV/s key (B) with speech on: what it says (the race's standing with it)."""
    voice = Recording()
    app.speaker.make_backend = lambda: voice
    app.prefs.change(speech=True)
    key(pygame.K_b)
    app.run(frames=1)
    assert app.speaker.wait()
    app.prefs.change(speech=False)
    return voice.spoken[-1]


SAFE_ORDER = [(0, 5), (4, 0), (8, 8), (7, 0), (8, 4)]
"""The first clicks of the scripted games on BEGINNER: an opening, then the rest."""


def play_all(app: App, clock: FakeClock, step_ms: int) -> list[tuple[int, int]]:
    """Open every safe cell of the game on the table, a click every step_ms; the
    cells clicked."""
    clicked = []
    mines = set(app.table.game.mine_cells()) if app.table.game.minefield else set()
    board = app.table.board
    order = [*SAFE_ORDER, *((r, c) for r in range(board.rows) for c in range(board.cols))]
    for cell in order:
        if app.table.game.status.is_over:
            break
        if app.table.game.look(*cell).name != "HIDDEN" or cell in mines:
            continue
        click(app, cell_center(app, *cell))
        clicked.append(cell)
        mines = set(app.table.game.mine_cells())
        clock.ms += step_ms
    return clicked


def test_the_pace_meter_says_how_far_behind_the_best_and_the_panel_splits_it(
    app: App, clock: FakeClock
) -> None:
    use_layout(app, BEGINNER)
    first, second, *_ = play_all(app, clock, 1000)  # the best: a click a second
    assert app.table.game.status is Status.WON
    best_ms = app.table.session.elapsed_ms
    close_all(app)
    assert [e.ms for e in app.profile.best_times(Difficulty.BEGINNER)] == [best_ms]
    use_layout(app, BEGINNER)  # the same board, the same clicks, 1.5 s apart
    click(app, cell_center(app, *first))
    clock.ms += 1500
    click(app, cell_center(app, *second))
    # The best had solved as much after 1 s: 0.5 s behind, on a red bar under the timer.
    ahead = app.play.race.ahead_ms()
    assert ahead == pytest.approx(-500)
    renderer = app.viewport.renderer
    tx, ty, tw, th = renderer.scaled(renderer.layout.timer)
    z = app.viewport.zoom
    under = [app.viewport.screen.get_at((x, ty + th + z + 1))[:3] for x in range(tx, tx + tw)]
    assert under.count((200, 40, 40)) >= round(tw / 2 * 500 / 10_000) - 1
    assert said_by_b(app).endswith("; 0.5 seconds behind your best")  # spoken too
    clock.ms += 1500
    play_all(app, clock, 1500)
    assert app.table.game.status is Status.WON
    # Second of the best times: the panel asks for the name over its figures and lines.
    panel = app.stage.top_dialog
    assert panel is not None and panel.title == "A new best time!"
    split = [line for line in panel.below if line.startswith("Against your best")]  # type: ignore[attr-defined]
    assert split and "slower" in split[0] and "Q4" in split[0]
    # A game on a board code is raced against no preset's best: no split after it.
    close_all(app)
    code = BoardCode(PRESETS[Difficulty.BEGINNER], GameRules(), 5, start=(4, 4))
    app.play.play(Code(code))
    click(app, cell_center(app, 4, 4))
    play_all(app, clock, 1000)
    assert app.table.game.status is Status.WON
    panel = app.stage.top_dialog
    assert panel is not None and panel.title == "You won Beginner!"
    assert not any(line.startswith("Against") for line in panel.lines)  # type: ignore[attr-defined]


def test_a_ghost_races_a_board_code_in_step_with_the_clock(app: App, clock: FakeClock) -> None:
    code = BoardCode(PRESETS[Difficulty.BEGINNER], GameRules(), 77, start=(4, 4))

    def start_code() -> None:
        app.play.play(Code(code))
        app.run(frames=1)

    start_code()
    assert app.stage.top_dialog is None  # no game of this code yet: no ghost to offer
    click(app, cell_center(app, 4, 4))
    clock.ms += 700
    play_all(app, clock, 700)
    assert app.table.game.status is Status.WON
    close_all(app)
    ghost_ms = app.table.session.elapsed_ms
    start_code()  # the same code again: the best of it is offered as a ghost
    offer = app.stage.top_dialog
    assert offer is not None and offer.title == "Race a ghost"
    assert any("your best on this board" in line for line in offer.lines)  # type: ignore[attr-defined]
    offer.choose(RaceAnswer.RACE.label)
    app.stage.settle()
    race = app.play.race
    assert race.ghost is not None and race.ghost.progress.finish_ms == int(ghost_ms)
    progress = race.ghost.progress
    # Before the first click the ghost waits at its start; from the click on, it plays
    # in the game's own time.
    click(app, cell_center(app, 4, 4))
    for ms in (0, 700, 1400, 2100):  # the game's time, a step at a time
        now = app.table.session.elapsed_ms
        assert now == pytest.approx(ms)
        state = race.ghost_now()
        assert state is not None
        pointer, solved, bbbv = state
        assert solved == progress.solved_at(now) and bbbv == progress.bbbv
        assert pointer == progress.pointer_at(now)
        if ms == 1400:  # the standing said with 3BV/s (B)
            said = f"the ghost: {solved} of {bbbv} 3BV, you: {app.play.race.solved()}"
            assert said_by_b(app).endswith(f"; {said}")
        clock.ms += 700
        app.run(frames=1)
    # Its cursor is drawn, translucent, where its pointer is; its solved 3BV runs
    # under the mine counter.
    state = race.ghost_now()
    assert state is not None and state[0] is not None
    x, y = app.viewport.window_pos(state[0])
    z = app.viewport.zoom
    spot = (x + 2 * z, y + 7 * z)
    with_ghost = app.viewport.screen.get_at(spot)[:3]
    ghost = race.ghost
    race.ghost = None
    app.stage.repaint()
    app.run(frames=1)
    assert app.viewport.screen.get_at(spot)[:3] != with_ghost
    race.ghost = ghost
    # At the end, who finished first and by how much: here the ghost, 700 ms a click
    # against 1 s.
    clock.ms += 1000
    play_all(app, clock, 1000)
    assert app.table.game.status is Status.WON
    panel = app.stage.top_dialog
    assert panel is not None
    said = [line for line in panel.lines if line.startswith("Race against")]  # type: ignore[attr-defined]
    assert said and "the ghost finished first by" in said[0]


def test_retry_races_the_game_just_played_with_its_progress_on_a_small_board(
    app: App, clock: FakeClock
) -> None:
    from game.scenes.rivals import mini_board_room
    from game.screens.end_of_game import PanelAnswer

    app.play.new_game(PRESETS[Difficulty.EXPERT])  # room beside the counter for one
    app.run(frames=1)
    click(app, cell_center(app, 8, 15))
    clock.ms += 500
    play_all(app, clock, 500)
    if app.table.game.status is not Status.WON:  # (a mine: the game is lost; fine too)
        assert app.table.game.status is Status.LOST
    panel = app.stage.top_dialog  # (a best time's name box is in the panel: one view)
    assert panel is not None and PanelAnswer.RETRY.label in panel.buttons  # type: ignore[attr-defined]
    layout = app.table.game.minefield
    panel.choose(PanelAnswer.RETRY.label)
    app.stage.settle()
    app.run(frames=1)
    assert app.table.game.minefield == layout and isinstance(app.table.tag.mode, Practice)
    offer = app.stage.top_dialog
    assert offer is not None and offer.title == "Race a ghost"
    offer.choose(RaceAnswer.RACE_BOARD.label)
    app.stage.settle()
    race = app.play.race
    assert race.ghost is not None and race.ghost.small_board
    click(app, cell_center(app, 8, 15))
    clock.ms += 1200
    app.run(frames=1)
    room = mini_board_room(app.viewport)
    assert room is not None
    rect, size = room
    light = sum(
        app.viewport.screen.get_at((x, y))[:3] == (255, 255, 255)
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    )
    opened = race.ghost.progress.open_cells(app.table.session.elapsed_ms)
    assert opened and light == len(set(opened)) * size * size


def test_a_game_played_on_after_a_death_and_won_offers_retry(app: App, clock: FakeClock) -> None:
    from game.screens.end_of_game import PanelAnswer

    use_layout(app, BEGINNER)
    click(app, cell_center(app, 4, 4))
    clock.ms += 500
    mine = next(iter(app.table.game.mine_cells()))
    click(app, cell_center(app, *mine))
    panel = app.stage.top_dialog
    assert panel is not None
    panel.choose(PanelAnswer.UNDO.label)
    app.stage.settle()
    app.run(frames=1)
    assert isinstance(app.table.tag.mode, Practice)
    play_all(app, clock, 400)
    assert app.table.game.status is Status.WON
    panel = app.stage.top_dialog
    assert panel is not None
    assert PanelAnswer.RETRY.label in panel.buttons  # type: ignore[attr-defined]
    layout = app.table.game.minefield
    panel.choose(PanelAnswer.RETRY.label)  # (no replay of its own: no ghost to race)
    app.stage.settle()
    assert isinstance(app.table.tag.mode, Practice) and app.table.game.minefield == layout
    assert app.stage.top_dialog is None
