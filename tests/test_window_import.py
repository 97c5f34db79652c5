"""The History's Import in the window (issue 33): a damaged file is one line in a
dialog, never a crash; many games are imported off the loop under a dialog that
shows how far it got, the window answering all the while; Esc cancels it with
nothing imported."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_window import FakeClock, key
from test_window_records import folder, make_app, wait_for_import

from benchmarks import history_fill
from game.app import App
from game.persist.history import History
from game.persist.history_transfer import FIELDS, export_history


@pytest.fixture
def app() -> Iterator[App]:
    application = make_app(FakeClock())
    yield application
    application.close()


def _export(tmp_path: Path, count: int) -> Path:
    """An export of ``count`` games, put in the data folder as the History finds it."""
    (tmp_path / "source").mkdir()
    history_fill.fill(tmp_path / "source" / "history.sqlite3", count)
    source = History.open(tmp_path / "source" / "history.sqlite3")
    target = folder() / "history-export-20260101-000000.csv"
    export_history(source, target)
    source.close()
    return target


def _press_import(app: App) -> None:
    key(pygame.K_F7)
    app.run(frames=1)
    for _ in range(7):  # (Close, Next, Result, Sort, Previous, More, Export: Import)
        key(pygame.K_TAB, "\t")
    key(pygame.K_RETURN, "\r")
    app.run(frames=1)


def test_a_superscript_digit_is_one_line_in_a_dialog_not_a_crash(app: App, tmp_path: Path) -> None:
    export = _export(tmp_path, 5)
    lines = export.read_text(encoding="utf-8").splitlines()
    cells = lines[2].split(",")
    cells[FIELDS.index("ms")] = "12\u00b2"
    lines[2] = ",".join(cells)
    export.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _press_import(app)
    wait_for_import(app)
    assert app.running
    [said] = app.stage.top_dialog.lines  # type: ignore[union-attr]
    assert said.startswith("The games of ") and "line 3, field ms" in said
    assert app.profile.count() == 0


def test_many_games_are_imported_under_a_progress_dialog_and_the_window_answers(
    app: App, tmp_path: Path
) -> None:
    _export(tmp_path, 30_000)
    _press_import(app)
    dialog = app.stage.top_dialog
    assert dialog is not None and dialog.buttons == ("Cancel",)
    frames, slowest = 0, 0.0
    seen: set[str] = set()
    until = time.monotonic() + 120
    while app.stage.top_dialog is dialog:
        assert time.monotonic() < until
        started = time.monotonic()
        app.run(frames=1)
        slowest = max(slowest, time.monotonic() - started)
        frames += 1
        seen.update(dialog.lines)  # type: ignore[attr-defined]
        time.sleep(0.005)
    assert frames > 3 and slowest < 1.0  # frames kept coming while it worked
    assert any("Importing the games" in line and "% done" in line for line in seen)
    [said] = app.stage.top_dialog.lines  # type: ignore[union-attr]
    assert said.startswith("30000 games were added from ")
    assert app.profile.count() == 30_000


def test_esc_cancels_an_import_and_nothing_is_imported(app: App, tmp_path: Path) -> None:
    _export(tmp_path, 30_000)
    _press_import(app)
    key(pygame.K_ESCAPE, "\x1b")
    app.run(frames=1)
    wait_for_import(app)
    [said] = app.stage.top_dialog.lines  # type: ignore[union-attr]
    assert said == "The import was cancelled: nothing was imported."
    time.sleep(1.0)  # (the work stops at its next step, rolled back)
    assert app.profile.count() == 0
