"""A history archive against what a player may be handed or have damaged (issue 46):
an export takes only the regular files of the replays folder (never what a link
there points to), an import refuses a member twice and a replay member that is no
replay, bounds every member before reading it, and keeps its memory bounded."""

from __future__ import annotations

import tracemalloc
import warnings
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from benchmarks import history_fill
from game.persist import history_stream
from game.persist import replays as replay_files
from game.persist.history import History
from game.persist.history_stream import Limits, TransferError
from game.persist.history_transfer import export_history, import_history
from game.persist.paths import HISTORY_FILE
from game.persist.profile import Profile
from tests.test_history_archive import _profile_with_replays


def test_an_export_never_follows_a_link_in_the_replays_folder(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:secret\n")
    profile = _profile_with_replays(tmp_path / "data")
    game = next(g for g in profile.games() if g.record.replay is not None)
    assert game.record.replay is not None
    kept = tmp_path / "data" / replay_files.FOLDER / game.record.replay
    kept.unlink()
    kept.symlink_to(secret)
    assert replay_files.kept(tmp_path / "data", game.record.replay) is None
    assert kept not in replay_files.every(tmp_path / "data")
    exported = profile.export_to(tmp_path / "move.zip")
    assert exported.replays == 2
    with zipfile.ZipFile(tmp_path / "move.zip") as archive:
        assert all(b"secret" not in archive.read(name) for name in archive.namelist())
        assert "replays/" + game.record.replay not in archive.namelist()
    profile.close()


# ---------------------------------------------------------------- memory bounded


def _peak(action: Callable[[], object]) -> tuple[object, int]:
    """What the action returned (or the TransferError it raised), and the most
    memory Python held meanwhile."""
    tracemalloc.start()
    try:
        try:
            result: object = action()
        except TransferError as error:
            result = error
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return result, peak


def _csv(tmp_path: Path, games: int) -> Path:
    source = tmp_path / "source"
    source.mkdir()
    history_fill.fill(source / HISTORY_FILE, games)
    history = History.open(source / HISTORY_FILE)
    export_history(history, tmp_path / "games.csv")
    history.close()
    return tmp_path / "games.csv"


def test_the_limits_are_productions() -> None:
    assert Limits(line=65_536, game=65_536, value=4_096, chunk=65_536) == history_stream.LIMITS
    assert history_stream.records.__defaults__ == (history_stream.LIMITS,)


def test_a_huge_cell_or_name_is_refused_before_it_is_read(tmp_path: Path) -> None:
    header = _csv(tmp_path, 1).read_text().splitlines()[0]
    big = tmp_path / "big.csv"
    big.write_text(header + "\n1," + "x" * 8_000_000 + "\n")
    history = History.open(tmp_path / "data.sqlite3")
    said, peak = _peak(lambda: import_history(history, big))
    assert isinstance(said, TransferError) and "longer than 65536 bytes" in str(said)
    assert peak < 1_000_000, peak  # (the file is 8 MB; read whole it held over 24 MB)
    name = '{"format": "minesweeper-history", "version": 1, "games": [{"name": "'
    (tmp_path / "big.json").write_text(name + "y" * 8_000_000 + '"}]}')
    said, peak = _peak(lambda: import_history(history, tmp_path / "big.json"))
    assert isinstance(said, TransferError) and "game 1 is larger than" in str(said)
    assert peak < 1_000_000, peak
    assert history.count() == 0
    history.close()


def test_many_games_are_imported_in_memory_that_does_not_grow_with_them(tmp_path: Path) -> None:
    export = _csv(tmp_path, 2_000)
    size = export.stat().st_size
    history = History.open(tmp_path / "data.sqlite3")
    added, peak = _peak(lambda: import_history(history, export))
    assert added == 2_000 and history.count() == 2_000
    assert peak < min(size * 1.5, 500_000), (peak, size)  # (whole: its bytes, its text, each game)
    assert import_history(history, export) == 0  # (nothing twice, looked for by the index)
    history.close()


def _zip(path: Path, members: list[tuple[str, bytes]]) -> Path:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (zipfile warns of a duplicate name: the point)
        with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for name, data in members:
                archive.writestr(name, data)
    return path


def test_a_member_twice_is_refused(tmp_path: Path) -> None:
    games = _csv(tmp_path, 3).read_bytes()
    for doubled in ("history.csv", "replays/a.msreplay"):
        members = [("history.csv", games), ("replays/a.msreplay", b"x"), (doubled, b"y")]
        archive = _zip(tmp_path / "twice.zip", members)
        profile = Profile.open(tmp_path / "data")
        with pytest.raises(TransferError, match="twice"):
            profile.import_from(archive)
        assert profile.count() == 0
        profile.close()


def test_zeros_named_as_replays_are_refused_one_member_at_a_time(tmp_path: Path) -> None:
    export = _csv(tmp_path, 5)
    lines = export.read_text().splitlines()
    header, rows = lines[0].split(","), [line.split(",") for line in lines[1:]]
    at = header.index("replay")
    for number, row in enumerate(rows):
        row[at] = f"2026010{number}-000000-000-beginner-won-1ms.msreplay"
    games = "\n".join(",".join(row) for row in [header, *rows]).encode()
    zeros = b"\0" * 3_000_000
    members = [("history.csv", games), *((f"replays/{row[at]}", zeros) for row in rows)]
    archive = _zip(tmp_path / "zeros.zip", members)
    profile = Profile.open(tmp_path / "data")
    said, peak = _peak(lambda: profile.import_from(archive))
    assert isinstance(said, TransferError) and "is no replay" in str(said)
    assert peak < 3 * len(zeros), peak  # (one member at a time, and its copy: 15 MB in all)
    assert profile.count() == 0 and not list((tmp_path / "data").glob("replays/*"))
    profile.close()


def test_an_export_made_a_part_at_a_time_is_the_whole_documents_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.persist import history_transfer, store
    from game.persist.history_transfer import FIELDS, export_chunks

    PROGRESS_EVERY = 40  # (a part of the CSV: 2,000 games in production)
    monkeypatch.setattr(history_transfer, "PROGRESS_EVERY", PROGRESS_EVERY)

    folder = tmp_path / "source"
    folder.mkdir()
    history_fill.fill(folder / HISTORY_FILE, PROGRESS_EVERY + 7)
    history = History.open(folder / HISTORY_FILE)
    games = [g.replace(record=g.record.replace(name='雷 "x"')) for g in history.each(batch=9)]
    assert [g.id for g in games] == list(range(1, PROGRESS_EVERY + 8))  # (oldest first, all)
    rows = [{"id": g.id, **{n: getattr(g.record, n) for n in FIELDS[1:]}} for g in games]
    whole = {"format": "minesweeper-history", "version": 1, "games": rows}
    assert "".join(export_chunks(games, as_json=True)) == store.dump_json(whole, indent=None)
    assert "".join(export_chunks([], as_json=True)) == store.dump_json(
        {**whole, "games": []}, indent=None
    )
    text = "".join(export_chunks(games, as_json=False))
    assert text.count("\n") == len(games) + 1 and text.startswith(",".join(FIELDS) + "\n")
    assert export_history(history, tmp_path / "all.csv").written == len(games)
    assert import_history(History.open(tmp_path / "new.sqlite3"), tmp_path / "all.csv") == len(
        games
    )
    history.close()


def test_a_file_of_spaces_is_never_held(tmp_path: Path) -> None:
    (tmp_path / "spaces.csv").write_bytes(b" \n" * 4_000_000)
    history = History.open(tmp_path / "data.sqlite3")
    said, peak = _peak(lambda: import_history(history, tmp_path / "spaces.csv"))
    assert isinstance(said, TransferError) and peak < 1_000_000, (said, peak)
    history.close()
