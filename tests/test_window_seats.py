"""Two windows on one data folder: the second opens offset from the first (a cascade
step right and down), as a desktop places its programs' windows; a window closed, or
killed, lets its seat go (game.persist.seats)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from test_window import FakeClock

from game import cli
from game.app import App
from game.persist.seats import SEATS, Seat
from game.view.window import CASCADE, desktop_size, opening_corner


@contextmanager
def window_at(folder: Path) -> Iterator[App]:
    """A window on the data folder, its first frame drawn; closed after."""
    app = App(cli.Options(zoom=1, sound=False, seed=1, data_dir=str(folder)), clock=FakeClock())
    try:
        app.run(frames=1)
        yield app
    finally:
        app.close()


def seat(app: App) -> int:
    assert app.viewport.seat is not None
    return app.viewport.seat.number


def test_a_second_window_on_one_data_folder_opens_a_cascade_step_away(tmp_path: Path) -> None:
    with window_at(tmp_path) as first:
        with window_at(tmp_path) as second:
            (x1, y1), (x2, y2) = first.viewport.window.corner, second.viewport.window.corner
            assert (x2 - x1, y2 - y1) == (CASCADE, CASCADE)
        with window_at(tmp_path) as third:  # (the second's seat, let go: taken again)
            assert seat(third) == 1
    with window_at(tmp_path) as again:  # every window closed: the first seat, centred
        assert seat(again) == 0


def test_a_window_on_another_folder_opens_centred(tmp_path: Path) -> None:
    with window_at(tmp_path / "a"), window_at(tmp_path / "b") as other:
        assert seat(other) == 0


def test_a_seat_held_by_a_process_that_ended_is_free(tmp_path: Path) -> None:
    script = textwrap.dedent(
        """
        import os, sys
        from pathlib import Path
        from game.persist.seats import Seat
        seat = Seat.take(Path(sys.argv[1]))
        print(seat.number, flush=True)
        os._exit(0)  # (killed, as it were: nothing released)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=60
    )
    assert done.stdout.strip() == "0"
    seat = Seat.take(tmp_path)
    assert seat.number == 0
    seat.release()


def test_seats_past_the_last_share_it_and_an_unwritable_folder_gives_the_first(
    tmp_path: Path,
) -> None:
    held = [Seat.take(tmp_path) for _ in range(SEATS + 1)]
    assert [seat.number for seat in held] == [*range(SEATS), SEATS - 1]
    for seat in held:
        seat.release()
    assert Seat.take(tmp_path / "missing" / "folder").number == 0


def test_the_cascade_keeps_the_window_on_the_desktop() -> None:
    desktop = desktop_size()
    size = (desktop[0] // 2, desktop[1] // 2)
    for seat in range(SEATS):
        x, y = opening_corner(size, seat, desktop)
        assert 0 <= x <= desktop[0] - size[0] and 0 <= y <= desktop[1] - size[1]
