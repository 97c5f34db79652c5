"""The commands tell the truth (issue 46): an export or import that found damage
(or anything not ours) at the start says it and exits 1, even when what follows
works; --standings with a folder it cannot read exits 1; a file that cannot be
read is never called damaged; a message names a file and its problem, never the
file's bytes."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from benchmarks import history_fill
from game.__main__ import main
from game.persist.paths import HISTORY_FILE
from tests.test_gif_export import _Terminal


def _truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:5000])


def _text(path: Path) -> None:
    path.write_text("my notes\n" * 100)


def _sql(*statements: str) -> Callable[[Path], None]:
    def spoil(path: Path) -> None:
        db = sqlite3.connect(path)
        for statement in statements:
            db.execute(statement)
        db.commit()
        db.close()

    return spoil


def _link(path: Path) -> None:
    other = path.with_name("other.txt")
    other.write_text("not a history\n" * 300)
    path.unlink()
    path.symlink_to(other)


SPOILT = {
    "truncated": _truncated,
    "text": _text,
    "unknown version": _sql("PRAGMA user_version = -3"),
    "a table dropped": _sql("DROP TABLE resets"),
    "a view for a table": _sql("DROP TABLE resets", "CREATE VIEW resets AS SELECT 1"),
    "a link to another file": _link,
}


@pytest.mark.parametrize("kind", list(SPOILT))
@pytest.mark.parametrize("command", ["--export-history", "--import-history"])
def test_damage_found_at_the_start_is_said_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, command: str
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    history_fill.fill(data / HISTORY_FILE, 300)
    export = tmp_path / "games.csv"
    if command == "--import-history":
        assert main(["--data-dir", str(data), "--export-history", str(export)]) == 0
    SPOILT[kind](data / HISTORY_FILE)
    status = main(["--data-dir", str(data), command, str(export)])
    out, err = capsys.readouterr()
    assert status == 1, (out, err)
    assert "minesweeper: " in err and "Traceback" not in err


# ---------------------------------------------------------------- --standings


def _cup(tmp_path: Path) -> tuple[Path, Path]:
    from tests.test_tournament import TEXT, won_replay

    folder = tmp_path / "replays"
    folder.mkdir()
    for seed in range(3):
        (folder / f"g{seed}.msreplay").write_text(won_replay(seed, "Ada").to_text())
    tournament = tmp_path / "cup.mstournament"
    tournament.write_text(TEXT)
    return tournament, folder


def test_standings_over_a_folder_that_cannot_be_read_exit_2_and_show_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament, folder = _cup(tmp_path)
    real = Path.iterdir

    def unreadable(self: Path) -> object:
        if self == folder:
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "iterdir", unreadable)
    assert main(["--standings", str(tournament), str(folder)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "cannot be read (Permission denied)" in err and err.count("\n") == 1


def test_standings_over_a_folder_show_the_bar_on_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    tournament, folder = _cup(tmp_path)
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr("game.terminal_bar.EVERY_S", 0.0)
    assert main(["--standings", str(tournament), str(folder)]) == 0
    assert "\r" in terminal.text and "[" in terminal.text and "%" in terminal.text
    assert terminal.text.endswith("\r")  # (cleared before the table)
    assert "Ada" in capsys.readouterr().out


# ---------------------------------------------------------------- no file's bytes


SECRET = "root:x:0:0:topsecret:/root:/bin/bash"


@pytest.mark.parametrize(
    "content",
    [
        f"{SECRET}\nline two\n",
        "{" + f'"format": "minesweeper-history", "version": "{SECRET}", "games": []' + "}",
        "id,finished_at,difficulty\n" + SECRET + "\n",
    ],
)
def test_an_import_refused_names_the_file_and_never_quotes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str
) -> None:
    (tmp_path / "passwd").write_text(content)
    (tmp_path / "games.csv").symlink_to(tmp_path / "passwd")
    status = main(
        ["--data-dir", str(tmp_path / "data"), "--import-history", str(tmp_path / "games.csv")]
    )
    out, err = capsys.readouterr()
    assert status == 1 and "games.csv" in err
    assert "topsecret" not in out + err


def test_a_cell_refused_is_named_by_line_and_field_not_quoted(tmp_path: Path) -> None:
    from game.persist.history_transfer import TransferError, read_export
    from tests.test_history_hostile import _export

    lines = _export(tmp_path, 3).read_text().splitlines()
    cells = lines[1].split(",")
    cells[1] = SECRET  # (finished_at)
    cells[4] = "topsecret"  # (rows)
    for broken in ([*cells[:4], "topsecret", *cells[5:]], [*cells[:1], SECRET, *cells[2:]]):
        data = "\n".join([lines[0], ",".join(broken)]).encode()
        with pytest.raises(TransferError) as refused:
            read_export(data)
        assert "line 2" in str(refused.value) and "topsecret" not in str(refused.value)


def test_a_tournament_refused_never_quotes_the_file(tmp_path: Path) -> None:
    from game.modes.tournament import TournamentError, parse
    from tests.test_tournament import TEXT

    for text in (
        TEXT + SECRET + "\n",
        TEXT.replace("id: ", "id: topsecret "),
        TEXT.replace("count: beginner", "count: topsecret"),
        TEXT + "first-click: topsecret\n",
    ):
        with pytest.raises(TournamentError) as refused:
            parse(text)
        assert "topsecret" not in str(refused.value), str(refused.value)


# ---------------------------------------------------------------- unread is not damaged


@pytest.mark.parametrize("name", ["resume.json", "pending-games.json", "settings.json"])
def test_a_file_that_cannot_be_read_is_said_so_and_why_not_damaged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    from game.language import shown
    from game.persist import store
    from game.persist.profile import Profile

    (tmp_path / name).write_text("{}")
    real = store.read_regular

    def unreadable(path: Path, max_bytes: int, **kwargs: bool) -> bytes:
        if Path(path).name == name:
            raise PermissionError(13, "Permission denied")
        return real(path, max_bytes, **kwargs)

    monkeypatch.setattr(store, "read_regular", unreadable)
    profile = Profile.open(tmp_path)
    profile.history  # noqa: B018 (the pending games are read with the history)
    said = [shown(problem) for problem in profile.take_new_problems()]
    profile.close()
    [line] = [line for line in said if "could not be read" in line]
    assert "Permission denied" in line and "damaged" not in line, said


def test_a_games_unknown_fields_are_counted_not_quoted() -> None:
    from game.persist.history_transfer import TransferError, read_export

    doc = '{"format": "minesweeper-history", "version": 1, "games": [{"topsecret": 1}]}'
    with pytest.raises(TransferError) as refused:
        read_export(doc.encode())
    assert "game 1" in str(refused.value) and "topsecret" not in str(refused.value)
