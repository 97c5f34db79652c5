"""Our replays written as EVF files (version 4; version 3 on request): ms-toollib
(Metasweeper's core, run in a child process: it aborts on bad files) reads them back
with the same board, result, time, clicks, every header field and every event (the
same as it reads from the version-3 file of the same replay), and so does our own EVF
reader. Also the command line's --export-evf."""

from __future__ import annotations

import itertools
import json
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import commands
from game.core.game import Game
from game.core.minefield import Minefield
from game.core.moves import Move, chord, mark, reveal
from game.core.status import Status
from game.modes.ordinary import Ordinary
from game.replay.evf_write import export_evf
from game.replay.format import Replay
from game.replay.formats.evf import read
from game.replay.reader import load
from game.replay.recorder import Recorder
from game.replay.tally import tally
from game.session.table import Table

LAYOUT = """
*........
.........
.........
....*....
.........
.........
********.
.........
.........
"""

ORACLE = """
import json, sys
import ms_toollib as ms
for name in sys.argv[1:]:
    data = open(name, "rb").read()
    v = ms.EvfVideo(file_name=name, raw_data=list(data))
    v.parse(); v.analyse(); v.current_time = 1e9
    mines = sorted([r, c] for r, row in enumerate(v.board) for c, x in enumerate(row) if x == -1)
    seen = dict(rows=v.row, cols=v.column, mines=mines, won=v.is_completed,
        time=v.rtime, left=v.left, right=v.right, double=v.double, bbbv=v.bbbv,
        solved=v.bbbv_solved, player=v.player_identifier, race=v.race_identifier,
        unique=v.unique_identifier, country=v.country, software=v.software, mode=v.mode,
        official=v.is_official, fair=v.is_fair, level=v.level, size=v.pix_size,
        start=v.start_time, end=v.end_time, rtime_ms=v.rtime_ms, version=data[0],
        events=[(e.time, m.mouse, m.x, m.y) for e in v.events for m in [e.event.unwrap_mouse()]])
    v.generate_evf_v4_raw_data()  # (ms-toollib's own writer of version 4, from what it read)
    print(json.dumps(dict(seen, written=bytes(v.raw_data).hex())))
"""


def centre(cell: tuple[int, int]) -> tuple[int, int]:
    return (cell[1] * 16 + 8, cell[0] * 16 + 8)


def record(
    game: Game,
    clicks: list[tuple[int, Move]],
    player: str = "Ada",
    waits: dict[int, float] | None = None,
    paused: frozenset[int] = frozenset(),
) -> Replay:
    """A replay recorded through the table, one click (button, move) every 300 ms;
    ``waits``: more ms before click n, the game paused for them if n is in ``paused``."""
    now = [1000.0]
    table = Table.of(Ordinary.given(game), lambda: now[0])
    recorder = Recorder()
    table.tap(recorder)
    for n, (button, move) in enumerate(clicks):
        if table.status.is_over:
            break
        if n in paused:
            assert table.pause()
        now[0] += (waits or {}).get(n, 0)
        if n in paused:
            table.unpause()
        pos = centre((move.row, move.col))
        table.pointer("move", 0, pos, frozenset())
        now[0] += 120
        table.pointer("down", button, pos, frozenset())
        now[0] += 80
        table.pointer("up", button, pos, frozenset({button}), move)
        now[0] += 100
    replay = recorder.replay(player=player, date="2026-11-25T10:00:00")
    assert replay is not None
    return replay


def won_game(waits: dict[int, float] | None = None, paused: frozenset[int] = frozenset()) -> Replay:
    game = Game.from_layout(LAYOUT)
    clicks: list[tuple[int, Move]] = [(1, reveal(0, 5)), (3, mark(0, 0)), (3, mark(3, 4))]
    mines = set(Minefield.from_text(LAYOUT))
    probe = Game.from_layout(LAYOUT)
    for _, move in clicks:
        probe.apply(move)
    clicks.append((2, chord(1, 1)))
    probe.apply(chord(1, 1))
    for r in range(9):
        for c in range(9):
            if (r, c) not in mines and probe.look(r, c).name == "HIDDEN":
                clicks.append((1, reveal(r, c)))
                probe.apply(reveal(r, c))
    replay = record(game, clicks, waits=waits, paused=paused)
    assert replay.result is Status.WON
    return replay


def slow_game() -> Replay:
    """A win with gaps EVF 4 writes as pause events (400 ms: one; 70 s: two, 65535 ms
    and the rest) and a pause of the game (90 s, not in the game's time)."""
    return won_game(waits={2: 400, 4: 70_000, 6: 90_000}, paused=frozenset({6}))


def lost_game() -> Replay:
    replay = record(Game.from_layout(LAYOUT), [(1, reveal(0, 5)), (1, reveal(6, 3))])
    assert replay.result is Status.LOST
    return replay


def expert_game() -> Replay:
    game = Game.new(16, 30, 99, seed=4)
    clicks = [(1, reveal(8, 15)), (3, mark(0, 0)), (3, mark(0, 0)), (1, reveal(2, 2))]
    return record(game, clicks, player="王嘉宁 Ünïcode")


Exported = list[tuple[Replay, Path, dict[str, object]]]


@pytest.fixture(scope="module")
def exported(
    tmp_path_factory: pytest.TempPathFactory,
) -> list[tuple[Replay, Path, dict[str, object]]]:
    folder = tmp_path_factory.mktemp("evf")
    replays = [won_game(), lost_game(), expert_game(), slow_game()]
    replays.append(replays[2].replace(country="cn", identifier="saolei-18400", tournament="t-1"))
    paths, olds = [], []
    for n, replay in enumerate(replays):
        path = folder / f"game{n}.evf"
        path.write_bytes(export_evf(replay))
        paths.append(path)
        olds.append(folder / f"game{n}-v3.evf")
        olds[-1].write_bytes(export_evf(replay, version=3))
    done = subprocess.run(
        [sys.executable, "-c", ORACLE, *map(str, paths + olds)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    readings = [json.loads(line) for line in done.stdout.splitlines()]
    for reading, old in zip(readings, readings[len(paths) :], strict=False):  # the version-3 file's
        reading["v3"] = old
    return list(zip(replays, paths, readings[: len(paths)], strict=True))


def test_ms_toollib_reads_the_same_board_result_time_and_clicks(
    exported: Exported,
) -> None:
    for replay, path, seen in exported:
        assert replay.minefield is not None
        assert (seen["rows"], seen["cols"]) == (replay.board.rows, replay.board.cols)
        assert seen["mines"] == sorted([r, c] for r, c in replay.minefield)
        assert seen["won"] == (replay.result is Status.WON)
        assert abs(float(seen["time"]) - replay.ms / 1000) < 0.0015  # type: ignore[arg-type]
        assert seen["bbbv"] == replay.bbbv
        # ms-toollib's counts are the community's (game.replay.tally); on these games,
        # whose every click reached the board, they are ours too.
        counted = tally(read(path.read_bytes()))
        assert (seen["left"], seen["right"], seen["double"]) == (
            counted.left,
            counted.right,
            counted.double,
        )
        assert (seen["left"], seen["right"], seen["double"]) == (
            replay.clicks.left,
            replay.clicks.right,
            replay.clicks.chord,
        )


def test_ms_toollib_reads_every_field_and_event_of_version_4_as_written(
    exported: Exported,
) -> None:
    """Each header field ms-toollib reads is what we wrote, and the events (kind, time,
    place: the changes and pause events added up) are those it reads from the
    version-3 file of the same replay, whose times and places are whole numbers."""
    from game.replay.evf_write import stamps
    from game.version import program

    kinds = set()
    for replay, _, seen in exported:
        old = seen["v3"]
        assert (seen["version"], old["version"]) == (4, 3)
        assert (seen["software"], seen["player"]) == (program(), replay.player)
        assert (seen["race"], seen["unique"]) == (replay.tournament, replay.identifier)
        assert seen["country"] == (replay.country.upper() or "XX")
        assert seen["mode"] == 0
        for name in ("official", "fair"):  # (ms-toollib's own, after its analysis)
            assert seen[name] == old[name], name
        assert (seen["size"], seen["rtime_ms"]) == (16, replay.ms)
        assert [seen["start"], seen["end"]] == list(stamps(replay) or (0, 0))
        assert seen["start"] > 0 and seen["end"] - seen["start"] == replay.ms * 1000
        assert seen["events"] == old["events"] and len(seen["events"]) >= 6
        for name in ("rows", "cols", "mines", "won", "time", "left", "right", "double"):
            assert seen[name] == old[name], name
        assert (seen["bbbv"], seen["solved"], seen["level"]) == (
            old["bbbv"],
            old["solved"],
            old["level"],
        )
        kinds |= {kind for _, kind, _, _ in seen["events"]}
    assert kinds == {"mv", "lc", "lr", "rc", "rr", "mc", "mr"}  # (the chord: the middle)
    slow = exported[3]
    times = [t for t, _, _, _ in slow[2]["events"]]
    assert max(b - a for a, b in itertools.pairwise(times)) > 65.535  # (two pause events)
    assert slow[0].ms < 100_000 and slow[2]["time"] == pytest.approx(slow[0].ms / 1000)


def test_ms_toollib_writes_the_same_version_4_file_from_our_version_3_file(
    exported: Exported,
) -> None:
    """ms-toollib's own version-4 writer (generate_evf_v4_raw_data), given what it
    read from our version-3 file, writes our version-4 file byte for byte, but for
    what it says of a file it converted: the transcoded bit 0x08 and the transcoder's
    two texts (empty) after the software, its own official bit (it judges the game
    official after its analysis, where we take the caller's word), and the times,
    which it reads as 0 from a version-3 file of ours (the test above reads ours)."""
    for _, path, seen in exported:
        theirs = bytearray(bytes.fromhex(seen["v3"]["written"]))  # type: ignore[arg-type]
        ours = bytearray(path.read_bytes())
        assert theirs[1] & 0x08 and not ours[1] & 0x08  # (ours: not transcoded)
        software = theirs.index(b"\x00", 34)
        assert theirs[software + 1 : software + 3] == b"\x00\x00"
        del theirs[software + 1 : software + 3]
        assert theirs[18:34] == bytes(16)
        ours[18:34] = bytes(16)
        assert (theirs[1] & ~0x48, theirs[2:]) == (ours[1] & ~0x40, ours[2:])


def test_version_4_writes_a_long_gap_as_pause_events_and_a_release_first_after_a_move() -> None:
    from game.replay.evf_write import _events_v4

    data = _events_v4([(3, 0, 20, 30), (2, 70_300, 4, 30)])
    assert data == bytes.fromhex(
        "01 00 0014 001e"  # a move to where the release was, first
        "03 00 0000 0000"  # the release
        "ff ffff"
        "ff 129d"  # 65535 ms and 4765 ms of pause events (as ms-toollib writes them)
        "02 00 fff0 0000"  # the press after them, 16 px to the left
    )


def test_our_reader_reads_the_export_back(
    exported: Exported,
) -> None:
    for replay, path, _ in exported:
        video = read(path.read_bytes())
        assert video.facts.player == replay.player
        assert replay.minefield is not None and video.mines == frozenset(replay.minefield)
        downs = [e for e in video.events if e.kind.value.endswith("c")]
        assert len(downs) == sum(1 for e in replay.events if e.kind.value == "down")
        assert tally(video).won == (replay.result is Status.WON)


def test_export_evf_on_the_command_line(tmp_path: Path) -> None:
    from test_window_replay import write_replay

    source = write_replay(tmp_path)
    out = tmp_path / "out.evf"
    root = Path(__file__).parent.parent
    done = subprocess.run(
        [sys.executable, "-m", "game", "--export-evf", str(source), str(out)],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    layout = load(source).minefield
    assert layout is not None and read(out.read_bytes()).mines == frozenset(layout)
    bad = tmp_path / "bad.msreplay"
    bad.write_text("not a replay")
    done = subprocess.run(
        [sys.executable, "-m", "game", "--export-evf", str(bad), str(out)],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=60,
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "bad.msreplay" in done.stderr


def test_an_export_on_a_full_disk_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno
    import os

    from test_window_replay import write_replay

    source = write_replay(tmp_path)

    def full(fd: int, data: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "write", full)
    assert commands.export_evf(str(source), str(tmp_path / "out.evf")) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == [source.name]


def test_an_export_never_writes_over_its_replay(tmp_path: Path) -> None:
    from test_window_replay import write_replay

    source = write_replay(tmp_path)
    before = source.read_bytes()
    assert commands.export_evf(str(source), str(source)) == 2
    assert source.read_bytes() == before


STAMPS = """
import json, sys
import ms_toollib as ms
for name in sys.argv[1:]:
    v = ms.EvfVideo(file_name=name, raw_data=list(open(name, "rb").read()))
    v.parse()
    print(json.dumps(dict(start=v.start_time, end=v.end_time, software=v.software)))
"""


def test_ms_toollib_reads_the_start_and_end_times_and_our_version(tmp_path: Path) -> None:
    """The start and end times as the standard's field 15 and 16 say: microseconds
    since 1970, UTC (the replay's date is the game's end, local time); the software
    field with our version."""
    import os
    import time

    from game.version import version

    before = os.environ.get("TZ")
    os.environ["TZ"] = "Asia/Shanghai"  # (UTC+8, no summer time: a local time not UTC)
    time.tzset()
    try:
        replay = won_game()  # (its date: 2026-11-25T10:00:00, local)
        path = tmp_path / "stamped.evf"
        path.write_bytes(export_evf(replay))
        undated = tmp_path / "undated.evf"
        undated.write_bytes(export_evf(replay.replace(date="")))
        old = export_evf(replay, version=3)
    finally:
        if before is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = before
        time.tzset()
    done = subprocess.run(
        [sys.executable, "-c", STAMPS, str(path), str(undated)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    stamped, blank = (json.loads(line) for line in done.stdout.splitlines())
    assert stamped["software"] == f"Minesweeper (this game) {version()}"
    # The fields as version 4 has them: after the time (bytes 12 to 15) and the
    # country, microseconds since 1970, UTC, 8 bytes each.
    end = (1795600800 - 8 * 3600) * 1_000_000  # 10:00 in Shanghai is 02:00 UTC
    data = path.read_bytes()
    assert struct.unpack_from(">I2sQQ", data, 12) == (replay.ms, b"XX", end - replay.ms * 1000, end)
    texts = old[old.index(b"Minesweeper (this game)") :].split(b"\x00")  # (version 3: text)
    assert texts[4:6] == [str(end - replay.ms * 1000).encode(), str(end).encode()]
    assert read(data).facts.date == "2026-11-25 01:59 UTC"  # (our reader: the start)
    assert (stamped["start"], stamped["end"]) == (end - replay.ms * 1000, end)
    assert (blank["start"], blank["end"]) == (0, 0)  # (no date: none written)
