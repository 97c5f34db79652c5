"""Export and import of the history: CSV and JSON, merged without duplicates,
and any other file refused with one line, nothing half imported."""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks import history_fill
from game.persist.game_record import Sort
from game.persist.history import History
from game.persist.history_transfer import (
    FIELDS,
    LATER_FIELDS,
    TransferError,
    export_history,
    import_history,
    read_export,
)
from game.persist.paths import HISTORY_FILE
from game.rules import Difficulty

NOW = dt.datetime(2025, 3, 4, 5, 6, 7)


def _open(folder: Path) -> History:
    return History.open(folder / HISTORY_FILE, clock=lambda: NOW)


def _source(folder: Path, count: int = 300) -> History:
    folder.mkdir()
    history_fill.fill(folder / HISTORY_FILE, count)
    history = _open(folder)
    history.set_name(4, 'Zoë, "the" sweeper')
    history.set_replay(7, "game 7.avf")
    return history


def _answers(history: History) -> object:
    return (
        [history.stats(d) for d in Difficulty],
        [history.best_times(d) for d in Difficulty],
        [history.best_rate(d) for d in Difficulty],
        [history.page(None, None, sort, offset) for sort in Sort for offset in (0, 120)],
        history.page("expert", True, Sort.RATE),
        history.count(),
        history.last_name(),
    )


@pytest.mark.parametrize("name", ["games.csv", "games.json"])
def test_export_then_import_into_an_empty_folder_gives_the_same_history(
    tmp_path: Path, name: str
) -> None:
    source = _source(tmp_path / "old")
    assert export_history(source, tmp_path / name).written == 300
    target = _open(tmp_path / "new")
    assert import_history(target, tmp_path / name) == 300
    assert _answers(target) == _answers(source)
    assert import_history(target, tmp_path / name) == 0  # twice: nothing more
    assert target.count() == 300
    source.close()
    target.close()


def test_an_import_merges_only_the_games_not_there(tmp_path: Path) -> None:
    source = _source(tmp_path / "old", 200)
    export_history(source, tmp_path / "all.json")
    target = _open(tmp_path / "new")
    for i in (5, 50, 500):  # two of them are in the export
        target.add_game(history_fill.record(i))
    assert import_history(target, tmp_path / "all.json") == 198
    assert target.count() == 201
    source.close()
    target.close()


FOREIGN = {
    "empty": b"",
    "binary": bytes(range(256)) * 4,
    "other csv": b"a,b,c\n1,2,3\n",
    "other json": b'{"format": "something else", "games": []}',
    "newer export": b'{"format": "minesweeper-history", "version": 2, "games": []}',
    "json list": b"[1, 2, 3]",
    "deep json": b"[" * 100_000,
}


@pytest.mark.parametrize("kind", list(FOREIGN))
def test_a_foreign_file_is_refused_with_one_line(tmp_path: Path, kind: str) -> None:
    (tmp_path / "file").write_bytes(FOREIGN[kind])
    history = _open(tmp_path)
    with pytest.raises(TransferError) as raised:
        import_history(history, tmp_path / "file")
    assert "\n" not in str(raised.value) and str(raised.value)
    assert history.count() == 0
    history.close()


def test_a_damaged_row_refuses_the_whole_file(tmp_path: Path) -> None:
    source = _source(tmp_path / "old", 50)
    export_history(source, tmp_path / "games.csv")
    lines = (tmp_path / "games.csv").read_text().splitlines()
    lines[30] = lines[30].replace(",beginner,", ",beginner,99,", 1)
    lines[40] = lines[40].replace("opening", "whatever")
    (tmp_path / "games.csv").write_text("\n".join(lines) + "\n")
    target = _open(tmp_path / "new")
    with pytest.raises(TransferError, match="line 31"):
        import_history(target, tmp_path / "games.csv")
    assert target.count() == 0
    source.close()
    target.close()


def test_an_export_to_a_folder_that_is_not_there_says_so(tmp_path: Path) -> None:
    history = _open(tmp_path)
    with pytest.raises(TransferError, match="could not be written"):
        export_history(history, tmp_path / "no" / "such" / "x.csv")
    history.close()


def _real_exports() -> list[bytes]:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        source = _source(Path(folder) / "h", 20)
        out = []
        for name in ("x.csv", "x.json"):
            export_history(source, Path(folder) / name)
            out.append((Path(folder) / name).read_bytes())
        source.close()
    return out


EXPORTS = _real_exports()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(EXPORTS),
    st.lists(st.tuples(st.integers(0, 10_000), st.binary(max_size=8)), max_size=6),
    st.integers(0, 4000),
)
def test_mutants_of_real_exports_are_read_or_refused_with_one_line(
    data: bytes, changes: list[tuple[int, bytes]], cut: int
) -> None:
    for place, bytes_ in changes:
        place %= len(data) + 1
        data = data[:place] + bytes_ + data[place + len(bytes_) :]
    if cut:
        data = data[: len(data) - cut]
    try:
        records = read_export(data)
    except TransferError as error:
        assert "\n" not in str(error)
    else:
        assert len(records) <= 40


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_are_read_or_refused_with_one_line(data: bytes) -> None:
    try:
        read_export(data)
    except TransferError as error:
        assert "\n" not in str(error)


def test_the_fields_are_every_field_of_a_game() -> None:
    assert FIELDS[0] == "id" and "daily" in FIELDS and "used_hint" in FIELDS


def _game_command(*args: str) -> tuple[int, str, str]:
    import subprocess

    run = subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=Path(__file__).resolve().parent.parent,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return run.returncode, run.stdout, run.stderr


def test_the_command_line_exports_and_imports(tmp_path: Path) -> None:
    _source(tmp_path / "old", 120).close()
    export = tmp_path / "games.csv"
    assert _game_command("--data-dir", str(tmp_path / "old"), "--export-history", str(export)) == (
        0,
        f"120 games written to {export}\n",
        "",
    )
    code, out, err = _game_command(
        "--data-dir", str(tmp_path / "new"), "--import-history", str(export)
    )
    assert (code, err) == (0, "") and out.startswith("120 games added from ")
    code, out, _ = _game_command(
        "--data-dir", str(tmp_path / "new"), "--import-history", str(export)
    )
    assert code == 0 and out.startswith("0 games added")
    (tmp_path / "junk.csv").write_bytes(b"\x89PNG\r\n\x1a\n")
    code, out, err = _game_command(
        "--data-dir", str(tmp_path / "new"), "--import-history", str(tmp_path / "junk.csv")
    )
    assert (code, out) == (1, "") and err.count("\n") == 1 and "junk.csv" in err


@pytest.mark.parametrize("name", ["games.csv", "games.json"])
def test_an_export_of_the_version_before_abandoned_and_code_still_imports(
    tmp_path: Path, name: str
) -> None:
    import csv
    import io
    import json

    source = _source(tmp_path / "old", 20)
    export_history(source, tmp_path / name)
    text = (tmp_path / name).read_text(encoding="utf-8")
    if name.endswith(".json"):
        data = json.loads(text)
        for row in data["games"]:
            del row["abandoned"], row["code"], row["death_row"], row["death_col"]
        text = json.dumps(data)
    else:
        rows = list(csv.DictReader(io.StringIO(text)))
        out = io.StringIO()
        older = [field for field in FIELDS if field not in LATER_FIELDS]
        writer = csv.DictWriter(out, older, extrasaction="ignore", lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        text = out.getvalue()
    assert "abandoned" not in text
    (tmp_path / f"older-{name}").write_text(text, encoding="utf-8")
    target = _open(tmp_path / "new")
    assert import_history(target, tmp_path / f"older-{name}") == 20
    assert {(g.record.abandoned, g.record.code) for g in target.games()} == {(False, None)}
    assert {g.record.death_row for g in target.games()} == {None}
    source.close()
    target.close()
