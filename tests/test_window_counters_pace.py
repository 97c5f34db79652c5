"""The live counters in a race against the personal best on a preset: the pace in
seconds ahead or behind, and its bar six pixels high at 1x. Real events through the
real loop (the best played first, as tests/test_window_race.py does)."""

from __future__ import annotations

import test_window_records as records
from test_window import BEGINNER, FakeClock, cell_center, click, use_layout
from test_window_race import play_all

from game.app import App
from game.core.status import Status
from game.scenes.counters import BEHIND

app, clock, close_all = records.app, records.clock, records.close_all  # (its fixtures)


def tallest_run(app: App, colour: tuple[int, int, int]) -> int:
    """The most pixels of a colour one above the other in a column of the panel."""
    area = app.viewport.beside()
    best = 0
    for x in range(area.x, area.right, 2):
        run = 0
        for y in range(area.y, area.bottom):
            run = run + 1 if app.viewport.screen.get_at((x, y))[:3] == colour else 0
            best = max(best, run)
    return best


def test_the_panel_shows_the_pace_against_the_best_in_seconds_and_a_bar(
    app: App, clock: FakeClock
) -> None:
    use_layout(app, BEGINNER)
    first, second, *_ = play_all(app, clock, 1000)  # the best: a click a second
    assert app.table.game.status is Status.WON
    close_all(app)
    app.prefs.change(counters_shown=True)
    use_layout(app, BEGINNER)  # the same board, the same clicks, 1.5 s apart
    click(app, cell_center(app, *first))
    clock.ms += 1500
    click(app, cell_center(app, *second))
    app.run(frames=app.frame + 1)
    rows = {row.key: row for row in app.play.counters.rows()}
    assert rows["pace"].value == "0.5\u00a0s behind"
    scale = app.viewport.side.scale  # (the side's, which its words and bars are drawn at)
    assert tallest_run(app, BEHIND) >= 6 * scale  # the bar, red, from the middle leftwards
