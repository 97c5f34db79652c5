"""The history's import and export against hostile files and targets (issue 33):
every notice said and a non-zero exit when it did not do what was asked, nothing
imported into a history that will not be kept, no export onto the game's own
files nor onto anything but a new or regular file, ASCII digits only, blank lines
and a byte-order mark accepted, formula cells neutralised and read back, skipped
rows said, games told apart; and a fuzz test of the import and the targets."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks import history_fill
from game.persist import store
from game.persist.history import History
from game.persist.history_transfer import (
    FIELDS,
    TransferError,
    export_history,
    import_history,
    read_export,
)
from game.persist.paths import HISTORY_FILE

ROOT = Path(__file__).resolve().parent.parent


def _game(*args: str) -> tuple[int, str, str]:
    run = subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return run.returncode, run.stdout, run.stderr


def _filled(folder: Path, count: int = 30) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    history_fill.fill(folder / HISTORY_FILE, count)
    return folder


def _export(tmp_path: Path, count: int = 30, name: str = "games.csv") -> Path:
    history = History.open(_filled(tmp_path / "source", count) / HISTORY_FILE)
    export_history(history, tmp_path / name)
    history.close()
    return tmp_path / name


def _damage(path: Path) -> None:
    """Spoil every page of a history but its first (the header and the schema left
    whole): it opens cleanly, and the damage is found whenever the games are read,
    whichever of their pages or indexes a query reads (with only the second half
    spoilt, a query answered from the first half's pages could miss it)."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode = DELETE")
    db.close()
    data = bytearray(path.read_bytes())
    pages = len(data) // 4096
    for page in range(1, pages):
        data[page * 4096 + 100 : page * 4096 + 400] = b"\xff" * 300
    path.write_bytes(bytes(data))


# ---------------------------------------------------------------- 1. notices


def test_damage_found_while_exporting_is_said_and_exits_1(tmp_path: Path) -> None:
    data = _filled(tmp_path / "data", 300)
    _damage(data / HISTORY_FILE)
    code, out, err = _game("--data-dir", str(data), "--export-history", str(tmp_path / "x.csv"))
    assert code == 1 and out == ""
    assert "nothing was exported" in err and "was damaged" in err and "corrupt-" in err
    assert "Traceback" not in err and not (tmp_path / "x.csv").exists()


def test_damage_found_while_importing_is_said_and_exits_1(tmp_path: Path) -> None:
    export = _export(tmp_path)
    data = _filled(tmp_path / "data", 300)
    _damage(data / HISTORY_FILE)
    code, _, err = _game("--data-dir", str(data), "--import-history", str(export))
    assert code == 1 and "was damaged" in err and "Traceback" not in err


# ---------------------------------------------------------------- 2. not kept


def test_no_import_into_a_history_of_a_newer_version(tmp_path: Path) -> None:
    export = _export(tmp_path)
    data = _filled(tmp_path / "data", 5)
    db = sqlite3.connect(data / HISTORY_FILE)
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()
    before = (data / HISTORY_FILE).read_bytes()
    code, out, err = _game("--data-dir", str(data), "--import-history", str(export))
    assert code == 1 and out == "" and "nothing was imported" in err and "newer" in err
    assert (data / HISTORY_FILE).read_bytes() == before


def test_no_import_when_the_data_folder_is_a_file(tmp_path: Path) -> None:
    export = _export(tmp_path)
    (tmp_path / "file").write_text("x")
    code, out, err = _game("--data-dir", str(tmp_path / "file"), "--import-history", str(export))
    assert code == 1 and out == "" and "nothing was imported" in err
    assert "games added" not in out + err


def test_no_import_into_a_history_in_memory(tmp_path: Path) -> None:
    export = _export(tmp_path)
    history = History.memory()
    with pytest.raises(TransferError, match="nothing was imported"):
        import_history(history, export)
    assert history.count() == 0


# ---------------------------------------------------------------- 3. own files


@pytest.mark.parametrize("name", [HISTORY_FILE, "settings.json", f"{HISTORY_FILE}-wal"])
def test_no_export_onto_the_games_own_files(tmp_path: Path, name: str) -> None:
    data = _filled(tmp_path / "data")
    before = (data / HISTORY_FILE).read_bytes()
    code, out, err = _game("--data-dir", str(data), "--export-history", str(data / name))
    assert code == 1 and out == "" and "one of the game's own files" in err
    assert err.count("\n") == 1
    assert (data / HISTORY_FILE).read_bytes() == before
    code, out, _ = _game("--data-dir", str(data), "--export-history", str(tmp_path / "ok.csv"))
    assert code == 0 and out.startswith("30 games written")


def test_no_export_onto_a_hard_link_to_the_history(tmp_path: Path) -> None:
    data = _filled(tmp_path / "data")
    os.link(data / HISTORY_FILE, tmp_path / "alias.csv")
    code, _, err = _game("--data-dir", str(data), "--export-history", str(tmp_path / "alias.csv"))
    assert code == 1 and "own files" in err
    assert (data / HISTORY_FILE).read_bytes()[:15] == b"SQLite format 3"


# ---------------------------------------------------------------- 4. said, told apart


def test_a_row_that_cannot_be_read_is_said_and_exits_1(tmp_path: Path) -> None:
    data = _filled(tmp_path / "data", 54)
    db = sqlite3.connect(data / HISTORY_FILE)
    db.execute("PRAGMA ignore_check_constraints = ON")
    db.execute("UPDATE games SET first_click = 'whatever' WHERE id = 7")
    db.commit()
    db.close()
    code, out, _ = _game("--data-dir", str(data), "--export-history", str(tmp_path / "x.csv"))
    assert code == 1
    assert out.startswith("53 games written (1 damaged rows of the history could not be read")


def test_games_without_a_seed_ended_in_the_same_second_stay_apart(tmp_path: Path) -> None:
    source = History.open(tmp_path / "a" / HISTORY_FILE)
    one = history_fill.record(1).replace(seed=None)
    source.add_game(one)
    source.add_game(one.replace(ms=one.ms + 1, left_clicks=one.left_clicks + 3))
    source.add_game(one)  # the very same game twice is two games played
    export_history(source, tmp_path / "x.csv")
    target = History.open(tmp_path / "b" / HISTORY_FILE)
    assert import_history(target, tmp_path / "x.csv") == 2
    assert import_history(target, tmp_path / "x.csv") == 0
    source.close()
    target.close()


# ---------------------------------------------------------------- 5. digits


@pytest.mark.parametrize("digit", ["\u00b2", "\u0663", "\uff13", "\u2463", "-3", " 3", "3.0"])
def test_a_number_that_is_not_ascii_digits_is_refused_naming_line_and_field(
    tmp_path: Path, digit: str
) -> None:
    export = _export(tmp_path, 5)
    lines = export.read_text(encoding="utf-8").splitlines()
    cells = lines[3].split(",")
    cells[FIELDS.index("ms")] = digit
    lines[3] = ",".join(cells)
    export.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = _game("--data-dir", str(tmp_path / "d"), "--import-history", str(export))
    assert (code, out) == (1, "") and err.count("\n") == 1
    assert "line 4, field ms" in err and "Traceback" not in err


# ---------------------------------------------------------------- 6. special files


def _special(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """Every kind of file that is not a regular one, as far as this system makes them."""
    yield "folder", tmp_path
    yield "device", Path(os.devnull)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    yield "fifo", fifo
    link = tmp_path / "link"
    link.symlink_to(fifo)
    yield "link to a fifo", link
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    yield "dangling link", dangling
    path = tmp_path / "sock"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
    except OSError:
        return
    yield "socket", path
    server.close()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX special files")
def test_anything_but_a_regular_file_is_refused_by_the_import_at_once(tmp_path: Path) -> None:
    history = History.open(tmp_path / "data" / HISTORY_FILE)
    for kind, path in _special(tmp_path / "special" if _mkdir(tmp_path / "special") else tmp_path):
        with pytest.raises(TransferError) as raised:
            import_history(history, path)
        assert "\n" not in str(raised.value), kind
    assert history.count() == 0
    history.close()


def _mkdir(folder: Path) -> bool:
    folder.mkdir()
    return True


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX special files")
def test_a_fifo_given_to_the_command_line_import_does_not_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    code, _, err = _game(
        "--data-dir", str(tmp_path / "d"), "--import-history", str(tmp_path / "fifo")
    )
    assert code == 1 and "not a regular file" in err and err.count("\n") == 1


# ---------------------------------------------------------------- 10. targets


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX special files")
def test_an_export_writes_only_a_new_or_regular_file(tmp_path: Path) -> None:
    history = History.open(_filled(tmp_path / "data", 3) / HISTORY_FILE)
    (tmp_path / "special").mkdir()
    for kind, path in _special(tmp_path / "special"):
        before = os.lstat(path)
        with pytest.raises(TransferError, match="could not be written") as raised:
            export_history(history, path)
        assert "\n" not in str(raised.value), kind
        after = os.lstat(path)
        assert (after.st_ino, stat.S_IFMT(after.st_mode)) == (
            before.st_ino,
            stat.S_IFMT(before.st_mode),
        ), kind
    readonly = tmp_path / "readonly.csv"
    readonly.write_text("mine")
    readonly.chmod(0o444)
    with pytest.raises(TransferError, match="read-only"):
        export_history(history, readonly)
    assert readonly.read_text() == "mine"
    assert export_history(history, tmp_path / "new.csv").written == 3
    assert export_history(history, tmp_path / "new.csv").written == 3  # a regular file: replaced
    history.close()


def test_a_device_is_never_a_target() -> None:
    with pytest.raises(store.Refused, match="a device"):
        store.check_target(Path(os.devnull))


def test_a_name_near_the_systems_limit_is_written_and_read(tmp_path: Path) -> None:
    history = History.open(_filled(tmp_path / "data", 4) / HISTORY_FILE)
    for length in (240, 251):
        path = tmp_path / ("h" * (length - 4) + ".csv")
        assert export_history(history, path).written == 4
        assert len(read_export(path.read_bytes())) == 4
        target = History.open(tmp_path / f"new{length}" / HISTORY_FILE)
        assert import_history(target, path) == 4
        target.close()
    history.close()


# ---------------------------------------------------------------- 12. valid files


def test_a_trailing_blank_line_and_a_byte_order_mark_are_accepted(tmp_path: Path) -> None:
    export = _export(tmp_path, 31)
    text = export.read_text(encoding="utf-8")
    export.write_bytes(b"\xef\xbb\xbf" + (text + "\r\n\n").replace("\n", "\r\n").encode())
    history = History.open(tmp_path / "data" / HISTORY_FILE)
    assert import_history(history, export) == 31
    history.close()


def test_a_json_list_is_told_for_what_it_is() -> None:
    with pytest.raises(TransferError, match="JSON list"):
        read_export(b'[{"format": "minesweeper-history"}]')


# ---------------------------------------------------------------- 13. formulas


NAMES = ['=HYPERLINK("http://x","y")', "+1", "-2", "@SUM(A1)", "\tx", "\rx", "'quoted", "Zoë"]


@pytest.mark.parametrize("name", ["x.csv", "x.json"])
def test_cells_a_spreadsheet_would_run_are_neutralised_and_read_back(
    tmp_path: Path, name: str
) -> None:
    source = History.open(tmp_path / "a" / HISTORY_FILE)
    for i, player in enumerate(NAMES, start=1):
        game_id = source.add_game(history_fill.record(i))
        assert game_id is not None and source.set_name(game_id, player)
    stored = {g.record.name for g in source.games()}
    export_history(source, tmp_path / name)
    if name.endswith(".csv"):
        import csv
        import io

        rows = list(csv.DictReader(io.StringIO((tmp_path / name).read_text(encoding="utf-8"))))
        assert not [r["name"] for r in rows if r["name"][:1] in ("=", "+", "-", "@", "\t", "\r")]
    target = History.open(tmp_path / "b" / HISTORY_FILE)
    assert import_history(target, tmp_path / name) == len(NAMES)
    assert {g.record.name for g in target.games()} == stored
    source.close()
    target.close()


# ---------------------------------------------------------------- fuzz


def _exports() -> list[bytes]:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        return [_export(Path(folder) / name, 12, name).read_bytes() for name in ("x.csv", "x.json")]


EXPORTS = _exports()
ODD = ["\u00b2", "\u0663", "\uff11", "\u00bd", "\ufeff", "\x00", "\r", "\n", '"', ",", "'", "="]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(EXPORTS),
    st.lists(
        st.tuples(st.integers(0, 5000), st.sampled_from(ODD) | st.text(max_size=3)), max_size=6
    ),
)
def test_fuzz_unicode_in_real_exports_is_read_or_refused_with_one_line(
    data: bytes, changes: list[tuple[int, str]]
) -> None:
    text = data.decode("utf-8")
    for place, insert in changes:
        place %= len(text) + 1
        text = text[:place] + insert + text[place + len(insert) :]
    try:
        records = read_export(text.encode("utf-8", "surrogatepass"))
    except TransferError as error:
        assert "\n" not in str(error) and str(error)
    else:
        assert len(records) <= 14
        for record in records:  # every number taken was written in ASCII digits
            values = (getattr(record, name) for name in record.fields)
            assert all(isinstance(v, int | None | str | bool) for v in values)


@settings(max_examples=60, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(
                st.sampled_from([*FIELDS, "format", "version", "games"]), inner, max_size=6
            )
        ),
        max_leaves=30,
    )
)
def test_fuzz_any_json_is_read_or_refused_with_one_line(doc: object) -> None:
    for wrapped in (doc, {"format": "minesweeper-history", "version": 1, "games": [doc]}):
        try:
            read_export(json.dumps(wrapped).encode())
        except TransferError as error:
            assert "\n" not in str(error)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX special files")
@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.sampled_from(
        [
            "folder",
            "device",
            "fifo",
            "link to a fifo",
            "dangling link",
            "socket",
            "read-only",
            "the input",
            "missing folder",
        ]
    )
)
def test_fuzz_export_targets_are_written_only_when_new_or_regular(
    tmp_path_factory: pytest.TempPathFactory, kind: str
) -> None:
    folder = tmp_path_factory.mktemp("targets")
    kinds = dict(_special(folder))
    readonly = folder / "ro.csv"
    readonly.write_text("keep")
    readonly.chmod(0o444)
    kinds["read-only"] = readonly
    kinds["the input"] = folder / "in.csv"
    kinds["the input"].write_text("in")
    kinds["missing folder"] = folder / "no" / "x.csv"
    if kind not in kinds:
        return
    target = kinds[kind]
    with pytest.raises(OSError) as raised:
        store.atomic_write_bytes(target, b"new", inputs=[folder / "in.csv"])
    assert "\n" not in str(raised.value)
    assert not list(folder.glob(".*.tmp"))
    if kind in ("read-only", "the input"):
        assert target.read_text() in ("keep", "in")


def test_damage_found_by_an_import_leaves_the_profile_on_the_new_history(tmp_path: Path) -> None:
    from game.persist.profile import Profile

    export = _export(tmp_path)
    data = _filled(tmp_path / "data", 300)
    _damage(data / HISTORY_FILE)
    profile = Profile.open(data)
    profile.history  # noqa: B018 (the window's connection, open on the damaged file)
    assert profile.import_from(export).games == 30
    assert any("was damaged" in problem for problem in profile.take_new_problems())
    assert profile.count() == 30 and len(profile.games(limit=100)) == 30
    set_aside = sorted(data.glob(f"{HISTORY_FILE}.corrupt-*"))
    # set aside once (with its write-ahead log, which holds a batch of the import's
    # games that went in before the damage was met: history_merge)
    assert len([path for path in set_aside if not path.name.endswith("-wal")]) == 1
    assert all(path.name == f"{set_aside[0].name}-wal" for path in set_aside[1:]), set_aside
    profile.close()
