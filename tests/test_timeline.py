"""The replay viewer's timeline: its axes say what they measure (the game's time in
seconds, the board's 3BV) beside the legend."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.playback.timeline import Timeline
from game.view.theme import current


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.font.init()


def test_the_time_axis_is_marked_in_whole_steps_that_fit() -> None:
    timeline = Timeline([], (-500.0, 61_000.0), 50)
    assert timeline.ticks(600, 30) == [0, 10, 20, 30, 40, 50, 60]  # 10 s steps: 7 fit
    assert timeline.ticks(6000, 30) == list(range(62))  # room for every second
    assert timeline.ticks(120, 30) == [0, 60]  # a narrow strip: a minute apart
    long = Timeline([], (0.0, 3_600_000.0), 50)  # an hour
    assert long.ticks(600, 30)[:3] == [0, 600, 1200]


def test_the_axes_words_are_drawn_under_the_plot_and_at_the_top_of_its_scale() -> None:
    surface = pygame.Surface((600, 160))
    area = surface.get_rect()
    Timeline([], (0.0, 30_000.0), 77).draw(surface, area, 0.0)
    text = current().text
    height = surface.get_height()
    bottom_line = [
        (x, y)
        for y in range(height - 16, height - 2)
        for x in range(2, 598)
        if surface.get_at((x, y))[:3] == text
    ]
    assert len(bottom_line) > 40  # "0 s", "5 s", ... "30 s" under the plot
    xs = [x for x, _ in bottom_line]
    assert min(xs) < 40 and max(xs) > 540  # from the left end to the right end


def test_the_heat_has_a_legend_a_clear_square_and_the_reddest_with_its_time() -> None:
    from game.view.widgets.heatmap import heat_legend

    legend = heat_legend(12.3, "12.3 s", 1)
    look = current()
    pad, cell = 3, legend.get_height() - 6
    clear = legend.get_at((pad + cell // 2, pad + cell // 2))[:3]
    assert clear == look.face
    reds = [
        legend.get_at((x, pad + cell // 2))[:3]
        for x in range(legend.get_width() // 2, legend.get_width())
    ]
    assert any(r > 150 and g < 80 and b < 80 for r, g, b in reds)  # the reddest square
    assert legend.get_width() > heat_legend(1.0, "1 s", 1).get_width()  # its time is written
