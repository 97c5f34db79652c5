"""The window never moves by itself, on a real X server (Xvfb with openbox): the side
shown and hidden again and again (C), and a dialog opened (in a window of its own)
and closed beside a classic window, leave its top-left corner where the window
manager put it and its size as it was, as the X server reports it (xwininfo). At
zoom 4 on 1280x1024 openbox puts a Beginner window lower than the room this game
keeps for a task bar; the first C used to move it up 14 pixels, for good.

These need Xvfb, openbox and xwininfo (x11-utils), which .ci/run installs; on a
machine without them they are skipped, except under CI, where that is a failure.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_window_x11 import drive
from test_window_x11_side import X_GEOMETRY, screen_size
from test_window_x11_side import screen as desktop  # noqa: F401  (the fixture: Xvfb, openbox)

DRIVER = (
    r"""
import json, re, subprocess, sys, time
from game import cli
from game.app import App
from game.view.commands import Command

data, zoom = sys.argv[1], sys.argv[2]
options = cli.parse_args(["--data-dir", data, "--no-sound", "--zoom", zoom,
                          "--difficulty", "beginner"])
app = App(options)
app.run(frames=1)
app.get_ready()
seen = []

def settle():
    for _ in range(8):
        app.run(frames=1)
        time.sleep(0.03)

"""
    + X_GEOMETRY
    + r"""
def step(name):
    settle()
    seen.append({"step": name, "x": x_geometry(), "side": app.viewport.side.width,
                 "zoom": app.viewport.zoom,
                 "page": getattr(app.stage.top, "page", None) is not None})

step("start")
for n in range(4):
    app.play.command(Command.COUNTERS)
    step("C")
app.play.command(Command.COUNTERS)  # the classic window: a dialog in its own
step("C")
app.play.command(Command.STATISTICS)
step("statistics")
app.stage.clear_dialogs()
step("closed")
app.close()
print(json.dumps(seen))
"""
)


@pytest.mark.parametrize(
    ("desktop", "zoom"),
    [("1280x1024", 4), ("1920x1080", 2)],
    indirect=["desktop"],
    ids=["1280x1024-zoom-4", "1920x1080-zoom-2"],
)
def test_the_side_toggled_and_a_dialog_never_move_the_window(
    desktop: str,  # noqa: F811  (the fixture imported above)
    zoom: int,
    tmp_path: Path,
) -> None:
    seen = drive(desktop, DRIVER, str(tmp_path), str(zoom))
    assert [shot["zoom"] for shot in seen] == [zoom] * len(seen)
    sides = [bool(shot["side"]) for shot in seen]
    assert sides == [True, False, True, False, True, False, False, False]  # (no side for a page)
    assert [shot["page"] for shot in seen] == [False] * 6 + [True, False]
    corners = {tuple(shot["x"][:2]) for shot in seen}  # type: ignore[index]
    assert len(corners) == 1, seen  # the corner stays where openbox put it
    sizes = {tuple(shot["x"][2:]) for shot in seen}  # type: ignore[index]
    assert len(sizes) == 2, seen  # with the side and without it, nothing else


ZOOMS = (
    r"""
import json, sys, time
from game import cli
from game.app import App
from game.view.commands import Command
"""
    + X_GEOMETRY
    + r"""
data, *arguments = sys.argv[1].split(), *sys.argv[2:]
options = cli.parse_args(["--data-dir", data[0], "--no-sound", *data[1:]])
app = App(options)
app.run(frames=1)
app.get_ready()
seen = []

def step(name):
    for _ in range(6):
        app.run(frames=app.frame + 1)
        time.sleep(0.03)
    layout = app.viewport.layout
    seen.append({"step": name, "zoom": app.viewport.zoom, "note": app.table.note,
                 "whole": layout.shown_cols == layout.cols and layout.shown_rows == layout.rows,
                 "size": app.viewport.window.size, "x": x_geometry()})

step("start")
for name in arguments:
    if name == "CLOSE":
        app.stage.clear_dialogs()
    else:
        app.play.command(Command[name])
    step(name)
app.close()
print(json.dumps(seen))
"""
)


@pytest.mark.parametrize(
    ("desktop", "start", "steps", "zooms"),
    [
        ("1920x1080", "--zoom 4", ["INTERMEDIATE", "BEGINNER"], [4, 3, 4]),
        (  # (the side shown, hidden with C, shown again)
            "1280x1024",
            "--zoom 2 --difficulty expert",
            ["BEGINNER", "EXPERT", "COUNTERS", "ZOOM_IN", "COUNTERS", "COUNTERS"],
            [1, 2, 1, 2, 2, 1, 2],
        ),
        (  # (a classic Expert at 2x: its pages in windows of their own, the window kept)
            "1280x1024",
            "--zoom 2 --difficulty expert",
            ["COUNTERS", "STATISTICS", "CLOSE", "HISTORY", "CLOSE"],
            [1, 2, 2, 2, 2, 2],
        ),
    ],
    indirect=["desktop"],
    ids=["1920x1080-zoom-4", "1280x1024-expert-zoom-2", "1280x1024-classic-expert-pages"],
)
def test_the_players_zoom_is_used_where_it_fits_and_a_line_says_when_it_does_not(
    desktop: str,  # noqa: F811  (the fixture imported above)
    start: str,
    steps: list[str],
    zooms: list[int],
    tmp_path: Path,
) -> None:
    seen = drive(desktop, ZOOMS, f"{tmp_path} {start}", *steps)
    assert [shot["zoom"] for shot in seen] == zooms, seen
    chosen = int(start.split()[1])  # (the player's, from --zoom)
    for at, shot in enumerate(seen):
        if shot["step"] == "CLOSE":  # the page closed: the window is back where it was
            assert shot["x"] == seen[at - 2]["x"], (seen[at - 2], shot)
        if shot["step"] in ("STATISTICS", "HISTORY"):  # a page: the window as it was
            assert (shot["size"], shot["x"]) == (seen[at - 1]["size"], seen[at - 1]["x"]), shot
    for shot in seen:
        forced = shot["zoom"] != chosen
        assert shot["whole"], shot  # never a board cut off (a page is in its own window)
        if forced and shot["step"] != "ZOOM_IN":
            assert f"At {chosen}x this board does not fit" in str(shot["note"]), shot
        elif not forced:
            assert "does not fit" not in str(shot["note"]), shot
    width, height = (int(n) for n in screen_size(desktop))
    assert all(shot["size"][0] <= width and shot["size"][1] <= height for shot in seen)  # type: ignore[index]
