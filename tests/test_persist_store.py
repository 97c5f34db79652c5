"""store.py: atomic writes that survive interruption, reads that survive any bytes."""

from __future__ import annotations

import errno
import os
import sys
from datetime import datetime
from pathlib import Path

import pytest

from game.persist import schema, store
from game.persist.store import LoadStatus, WriteStep

NOW = datetime(2026, 11, 21, 19, 30, 0)
OLD = '{"version": 1, "n": 7}\n'
NEW = '{"version": 1, "n": 8, "padding": "' + "x" * 5000 + '"}\n'


class Interrupted(BaseException):
    """Stands for the process dying: not an Exception, so nothing swallows it."""


def _validate(value: object) -> int:
    doc = schema.require_object(value, "test file")
    schema.read_version(doc, 1, "test file")
    return schema.read_int(doc, "n", 0, 100, "test file")


def _load(path: Path, **kwargs: int) -> store.Loaded[int]:
    return store.load_json(
        path,
        _validate,
        now=lambda: NOW,
        label="test file",
        consequence="defaults are used",
        **kwargs,
    )


def _temps(folder: Path) -> list[Path]:
    return sorted(folder.glob(store.temp_name_pattern("data.json")))


@pytest.fixture
def data(tmp_path: Path) -> Path:
    path = tmp_path / "data.json"
    path.write_text(OLD, encoding="utf-8")
    return path


# ---------------------------------------------------------------- writing


def test_write_creates_the_file_with_exactly_the_text(tmp_path: Path) -> None:
    path = tmp_path / "data.json"
    store.atomic_write_text(path, NEW)
    assert path.read_bytes() == NEW.encode()
    assert _temps(tmp_path) == []


def test_write_replaces_the_old_file_and_leaves_no_temp(data: Path) -> None:
    store.atomic_write_text(data, NEW)
    assert data.read_text() == NEW
    assert [p.name for p in data.parent.iterdir()] == ["data.json"]


def test_the_checkpoints_come_in_order_with_the_temp_file_growing(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[WriteStep, int, str]] = []

    def spy(step: WriteStep, path: Path) -> None:
        seen.append((step, path.stat().st_size, data.read_text()))

    monkeypatch.setattr(store, "write_checkpoint", spy)
    store.atomic_write_text(data, NEW)
    size = len(NEW.encode())
    assert seen == [
        (WriteStep.BEFORE_WRITE, 0, OLD),
        (WriteStep.MID_WRITE, size // 2, OLD),
        (WriteStep.BEFORE_REPLACE, size, OLD),
        (WriteStep.AFTER_REPLACE, size, NEW),
    ]


@pytest.mark.parametrize(
    "step", [WriteStep.BEFORE_WRITE, WriteStep.MID_WRITE, WriteStep.BEFORE_REPLACE]
)
def test_a_write_interrupted_at_any_step_keeps_the_old_file(
    data: Path, monkeypatch: pytest.MonkeyPatch, step: WriteStep
) -> None:
    def die(at: WriteStep, path: Path) -> None:
        if at is step:
            raise Interrupted

    monkeypatch.setattr(store, "write_checkpoint", die)
    with pytest.raises(Interrupted):
        store.atomic_write_text(data, NEW)
    assert data.read_text() == OLD
    assert _temps(data.parent) == []
    assert _load(data).value == 7


def test_a_write_interrupted_after_the_replace_has_the_new_file(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def die(at: WriteStep, path: Path) -> None:
        if at is WriteStep.AFTER_REPLACE:
            raise Interrupted

    monkeypatch.setattr(store, "write_checkpoint", die)
    with pytest.raises(Interrupted):
        store.atomic_write_text(data, NEW)
    assert data.read_text() == NEW
    assert _temps(data.parent) == []


def _fail_with(code: int) -> object:
    def fail(*args: object, **kwargs: object) -> object:
        raise OSError(code, os.strerror(code))

    return fail


def test_a_full_disk_keeps_the_old_file_and_removes_the_temp(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "write", _fail_with(errno.ENOSPC))
    with pytest.raises(OSError) as caught:
        store.atomic_write_text(data, NEW)
    monkeypatch.undo()
    assert caught.value.errno == errno.ENOSPC
    assert data.read_text() == OLD
    assert _temps(data.parent) == []


def test_a_disk_that_fills_up_mid_write_keeps_the_old_file(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_write = os.write
    calls = []

    def write_then_fill(fd: int, chunk: bytes) -> int:
        calls.append(len(chunk))
        if len(calls) > 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, chunk)

    monkeypatch.setattr(os, "write", write_then_fill)
    with pytest.raises(OSError):
        store.atomic_write_text(data, NEW)
    monkeypatch.undo()
    assert data.read_text() == OLD
    assert _temps(data.parent) == []


def test_short_writes_are_carried_on_until_everything_is_written(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_write = os.write
    monkeypatch.setattr(os, "write", lambda fd, chunk: real_write(fd, bytes(chunk[:7])))
    store.atomic_write_text(data, NEW)
    monkeypatch.undo()
    assert data.read_text() == NEW


def test_a_write_that_accepts_nothing_counts_as_a_full_disk(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "write", lambda fd, chunk: 0)
    with pytest.raises(OSError) as caught:
        store.atomic_write_text(data, NEW)
    monkeypatch.undo()
    assert caught.value.errno == errno.ENOSPC
    assert data.read_text() == OLD
    assert _temps(data.parent) == []


@pytest.mark.parametrize("call", ["fsync", "replace"])
def test_a_failing_fsync_or_replace_keeps_the_old_file(
    data: Path, monkeypatch: pytest.MonkeyPatch, call: str
) -> None:
    monkeypatch.setattr(os, call, _fail_with(errno.EIO))
    with pytest.raises(OSError):
        store.atomic_write_text(data, NEW)
    monkeypatch.undo()
    assert data.read_text() == OLD
    assert _temps(data.parent) == []


def test_a_folder_where_no_file_can_be_created_raises_and_changes_nothing(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "open", _fail_with(errno.EROFS))
    with pytest.raises(OSError):
        store.atomic_write_text(data, NEW)
    monkeypatch.undo()
    assert data.read_text() == OLD
    assert _temps(data.parent) == []


def test_a_folder_that_cannot_be_fsynced_is_not_an_error(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_fsync = os.fsync
    file_fds: list[int] = []

    def fsync(fd: int) -> None:
        # The first fsync is the file's (must work); the folder's fails.
        if file_fds:
            raise OSError(errno.EINVAL, "Invalid argument")
        file_fds.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    store.atomic_write_text(data, NEW)
    monkeypatch.undo()
    assert data.read_text() == NEW


def test_stale_temps_are_removed_and_nothing_else(tmp_path: Path) -> None:
    (tmp_path / ".data.json.0123abcd.tmp").write_text("half a fi")
    (tmp_path / ".other.json.0123abcd.tmp").write_text("not ours")
    (tmp_path / "data.json").write_text(OLD)
    (tmp_path / "data.json.corrupt-20261121-193000").write_text("kept")
    store.remove_stale_temps(tmp_path, "data.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".other.json.0123abcd.tmp",
        "data.json",
        "data.json.corrupt-20261121-193000",
    ]


def test_remove_file_removes_and_tolerates_absence(data: Path) -> None:
    store.remove_file(data)
    assert not data.exists()
    store.remove_file(data)


# ---------------------------------------------------------------- reading


def test_a_missing_file_gives_defaults_and_no_message(tmp_path: Path) -> None:
    loaded = _load(tmp_path / "data.json")
    assert loaded == store.Loaded(LoadStatus.MISSING)
    assert list(tmp_path.iterdir()) == []


def test_a_data_folder_that_is_a_file_counts_as_missing(tmp_path: Path) -> None:
    (tmp_path / "folder").write_text("a file")
    assert _load(tmp_path / "folder" / "data.json").status is LoadStatus.MISSING


def test_a_valid_file_loads(data: Path) -> None:
    loaded = _load(data)
    assert (loaded.status, loaded.value, loaded.problem) == (LoadStatus.LOADED, 7, None)
    assert data.read_text() == OLD


def test_a_byte_order_mark_is_accepted(data: Path) -> None:
    data.write_bytes(b"\xef\xbb\xbf" + OLD.encode())
    assert _load(data).value == 7


BAD_CONTENTS = {
    "empty": b"",
    "whitespace": b"  \n",
    "truncated": OLD.encode()[:-5],
    "not json": b"best times: 12 seconds",
    "binary garbage": bytes(range(256)) * 3,
    "not utf-8": b'{"version": 1, "n": 7, "name": "\xff\xfe"}',
    "utf-16": OLD.encode("utf-16"),
    "a list": b"[1, 2, 3]",
    "a string": b'"hello"',
    "null": b"null",
    "NaN": b'{"version": 1, "n": NaN}',
    "Infinity": b'{"version": 1, "n": Infinity}',
    "wrong type": b'{"version": 1, "n": "7"}',
    "bool for int": b'{"version": 1, "n": true}',
    "float for int": b'{"version": 1, "n": 7.0}',
    "negative": b'{"version": 1, "n": -1}',
    "absurd": b'{"version": 1, "n": 1000000000000000000000000000000}',
    "huge number": b'{"version": 1, "n": 1e400}',
    "endless digits": b'{"version": 1, "n": ' + b"9" * 5000 + b"}",
    "no version": b'{"n": 7}',
    "version zero": b'{"version": 0, "n": 7}',
    "version as text": b'{"version": "1", "n": 7}',
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "key missing": b'{"version": 1}',
}


@pytest.mark.parametrize("contents", BAD_CONTENTS.values(), ids=BAD_CONTENTS.keys())
def test_an_unusable_file_is_moved_aside_whole_and_reported(data: Path, contents: bytes) -> None:
    data.write_bytes(contents)
    loaded = _load(data)
    moved = data.with_name("data.json.corrupt-20261121-193000")
    assert loaded.status is LoadStatus.MOVED_ASIDE
    assert loaded.value is None
    assert loaded.moved_to == moved
    assert not data.exists()
    assert moved.read_bytes() == contents
    assert loaded.problem == (
        f"Your test file was damaged and could not be read. It was moved to {moved}; "
        "defaults are used."
    )


def test_a_file_from_a_newer_version_is_left_as_it_is_and_said_so(data: Path) -> None:
    data.write_text('{"version": 2, "n": 7}')
    loaded = _load(data)
    assert loaded.status is LoadStatus.STUCK  # the profile then never writes over it
    assert loaded.problem is not None
    assert "newer version of Minesweeper" in loaded.problem
    assert data.read_text() == '{"version": 2, "n": 7}'
    assert loaded.moved_to is None


def test_a_huge_file_is_moved_aside_without_being_read(data: Path) -> None:
    # Valid JSON, but longer than any real data file: padded with spaces.
    data.write_bytes(OLD.encode() + b" " * store.MAX_FILE_BYTES)
    loaded = _load(data)
    assert loaded.status is LoadStatus.MOVED_ASIDE
    assert loaded.reason is not None and "bytes long" in loaded.reason
    assert loaded.moved_to is not None
    assert loaded.moved_to.stat().st_size == len(OLD) + store.MAX_FILE_BYTES


def test_the_size_cap_is_exact(data: Path) -> None:
    size = len(OLD.encode())
    assert _load(data, max_bytes=size).status is LoadStatus.LOADED
    assert _load(data, max_bytes=size - 1).status is LoadStatus.MOVED_ASIDE


def test_a_folder_where_the_file_should_be_is_moved_aside(tmp_path: Path) -> None:
    (tmp_path / "data.json").mkdir()
    (tmp_path / "data.json" / "inside").write_text("kept")
    loaded = _load(tmp_path / "data.json")
    assert loaded.status is LoadStatus.MOVED_ASIDE
    assert loaded.moved_to is not None
    assert (loaded.moved_to / "inside").read_text() == "kept"
    store.atomic_write_text(tmp_path / "data.json", OLD)
    assert _load(tmp_path / "data.json").value == 7


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_moved_aside_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "data.json")
    assert _load(tmp_path / "data.json").status is LoadStatus.MOVED_ASIDE


def test_a_file_the_system_cannot_read_is_moved_aside(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_open(*args: object, **kwargs: object) -> object:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(store, "open", broken_open, raising=False)
    loaded = _load(data)
    monkeypatch.undo()
    assert loaded.status is LoadStatus.MOVED_ASIDE
    assert loaded.moved_to is not None and loaded.moved_to.read_text() == OLD


def test_a_validator_raising_type_error_counts_as_damage(data: Path) -> None:
    def validate(value: object) -> int:
        raise TypeError("not what I expected")

    loaded = store.load_json(data, validate, now=lambda: NOW, label="x", consequence="y")
    assert loaded.status is LoadStatus.MOVED_ASIDE


def test_moved_aside_names_never_collide(data: Path) -> None:
    names = []
    for _ in range(3):
        data.write_text("garbage")
        loaded = _load(data)
        assert loaded.moved_to is not None
        names.append(loaded.moved_to.name)
    assert names == [
        "data.json.corrupt-20261121-193000",
        "data.json.corrupt-20261121-193000-2",
        "data.json.corrupt-20261121-193000-3",
    ]
    assert all((data.parent / name).read_text() == "garbage" for name in names)


def test_a_file_that_cannot_be_moved_aside_is_left_alone_and_said_so(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data.write_text("garbage")
    monkeypatch.setattr(os, "rename", _fail_with(errno.EROFS))
    loaded = _load(data)
    monkeypatch.undo()
    assert loaded.status is LoadStatus.STUCK
    assert loaded.problem is not None
    assert str(data) in loaded.problem and "left as it is" in loaded.problem
    assert data.read_text() == "garbage"


def test_dump_json_refuses_what_load_json_would_refuse() -> None:
    with pytest.raises(ValueError):
        store.dump_json({"x": float("nan")})
    with pytest.raises(TypeError):
        store.dump_json({"x": object()})


def test_dump_json_round_trips_any_text(tmp_path: Path) -> None:
    doc = {"version": 1, "n": 1, "text": "Zoë \ud800 \x00 ☃"}
    store.atomic_write_text(tmp_path / "data.json", store.dump_json(doc))
    assert store.parse_json((tmp_path / "data.json").read_bytes()) == doc


def test_this_layer_never_imports_pygame() -> None:
    import subprocess

    code = "import sys, game.persist; assert 'pygame' not in sys.modules, 'pygame imported'"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parent.parent)
