"""The replay readers' complaints, --analyse's move table and --show-ladder's
difficulty speak the player's language (issue 31): a file cut short says what is
wrong in German or Chinese wherever it is shown (the viewer's message, the command
line), while the error's text stays the English sentence (logs, tests, the JSON)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_window import FakeClock
from test_window_replay import write_replay

from game import cli, language
from game.__main__ import main
from game.app import App
from game.cli import commands
from game.core.ladder import level, rating
from game.language import shown
from game.replay.boardcode import BoardCodeError, parse
from game.replay.files import open_replay
from game.replay.format import ReplayError
from game.replay.reader import load

DATA = Path(__file__).parent / "data" / "replays"
FILES = {
    "avf": DATA / "flop-player" / "avf" / "arbiter_beg.avf",
    "rmv": DATA / "flop-player" / "rmv" / "beg.rmv",
    "evf": DATA / "ms-toollib" / "test_files" / "c_10_1184.575_1021_0.862_Pu Tian Yi(Hu Bei).evf",
    "mvf": DATA / "ms-toollib" / "test_files" / "Zhang Shen Jia_Exp_38.82(3bv122).mvf",
}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    language.use(language.ENGLISH)


def _error(path: Path) -> ReplayError:
    with pytest.raises(ReplayError) as caught:
        open_replay(path)
    return caught.value


@pytest.mark.parametrize(
    ("fmt", "cut", "english", "german", "chinese"),
    [
        ("avf", 0, "the file is empty", "die Datei ist leer", "文件是空的"),
        (
            "avf",
            3,
            "the AVF file ends inside its header (at byte 0)",
            "die AVF-Datei endet mitten im Feld „Kopf“ (bei Byte 0)",
            "AVF 文件在“文件头”中途结束（第 0 字节）",
        ),
        (
            "avf",
            200,
            "the file ends inside its mouse events",
            "die Datei endet mitten in ihren Mausereignissen",
            "文件在鼠标事件中途结束",
        ),
        (
            "evf",
            200,
            "the EVF file ends inside the mines (at byte 98)",
            "die EVF-Datei endet mitten im Feld „Minen“ (bei Byte 98)",
            "EVF 文件在“雷”中途结束（第 98 字节）",
        ),
        (
            "rmv",
            40,
            "the RMV file ends inside the result string (at byte 28)",
            "die RMV-Datei endet mitten im Feld „Ergebnistext“ (bei Byte 28)",
            "RMV 文件在“结果字符串”中途结束（第 28 字节）",
        ),
        (
            "mvf",
            3,
            "the file is too short to be an MVF file",
            "die Datei ist zu kurz für eine MVF-Datei",
            "文件太短，不可能是 MVF 文件",
        ),
    ],
)
def test_a_community_file_cut_short_complains_in_the_language_its_text_stays_english(
    tmp_path: Path, fmt: str, cut: int, english: str, german: str, chinese: str
) -> None:
    path = tmp_path / f"cut.{fmt}"
    path.write_bytes(FILES[fmt].read_bytes()[:cut])
    error = _error(path)
    assert str(error) == f"cut.{fmt}: {english}"
    language.use("de")
    assert shown(error) == f"cut.{fmt}: {german}"
    assert str(error) == f"cut.{fmt}: {english}"  # (the text never changes)
    language.use("zh_CN")
    assert shown(error) == f"cut.{fmt}: {chinese}"
    assert "\n" not in shown(error)


def test_one_of_our_replays_wrong_at_a_line_complains_in_the_language(tmp_path: Path) -> None:
    path = tmp_path / "bad.replay"
    path.write_text("minesweeper-replay 1\nboard 9x9:10\n", encoding="utf-8")
    with pytest.raises(ReplayError) as caught:
        load(path)
    assert str(caught.value) == "line 2: a header line is 'key: value'; got 'board 9x9:10'"
    language.use("pl")
    assert shown(caught.value) == (
        "wiersz 2: wiersz nagłówka ma postać 'key: value'; podano 'board 9x9:10'"
    )


def test_a_header_key_keeps_its_case_in_any_language(tmp_path: Path) -> None:
    text = write_replay(tmp_path).read_text(encoding="utf-8")
    path = tmp_path / "bad.msreplay"
    path.write_text(re.sub(r"\ntime-ms: \d+", "\ntime-ms: soon", text), encoding="utf-8")
    error = _error(path)
    assert str(error) == "bad.msreplay: time-ms is a whole number; got 'soon'"
    language.use("de")
    assert shown(error) == "bad.msreplay: time-ms ist eine ganze Zahl; angegeben: 'soon'"


def test_a_mistyped_board_code_complains_in_the_language() -> None:
    with pytest.raises(BoardCodeError) as caught:
        parse("ABC")
    assert str(caught.value) == "a board code is 31 letters and digits; got 3"
    language.use("ja")
    assert shown(caught.value) == "盤面コードは英数字 31 文字です（入力：3 文字）"


def test_the_viewer_says_why_a_file_cannot_be_played_in_the_language(tmp_path: Path) -> None:
    app = App(cli.Options(zoom=2, sound=False, seed=1), clock=FakeClock())
    try:
        app.run(frames=1)
        language.use("de")
        path = tmp_path / "cut.evf"
        path.write_bytes(FILES["evf"].read_bytes()[:200])
        assert app.watcher().file(path) is None
        app.run(frames=1)
        lines = list(getattr(app.stage.top_dialog, "lines", []))
        assert lines == ["cut.evf: die EVF-Datei endet mitten im Feld „Minen“ (bei Byte 98)"]
    finally:
        app.close()


def test_the_command_line_says_a_replays_complaint_in_the_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "cut.avf"
    path.write_bytes(b"")
    assert main(["--lang", "de", "--verify-replay", str(path)]) == 2
    assert capsys.readouterr().err == "minesweeper: cut.avf: die Datei ist leer\n"
    assert main(["--lang", "zh_CN", "--replay", str(path)]) == 2
    assert capsys.readouterr().err == "minesweeper: cut.avf: 文件是空的\n"


def test_analyse_says_a_file_not_read_in_the_language_and_english_in_its_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "cut.rmv"
    path.write_bytes(b"*rm")
    language.use("de")
    assert commands.analyse([str(path)], as_json=False, moves=False) == 2
    out = capsys.readouterr().out
    said = f"{path}: nicht gelesen: die RMV-Datei endet mitten im Feld „Kennung“ (bei Byte 0)"
    assert said in out.splitlines(), out  # (the file named once, by its path)
    assert commands.analyse([str(path)], as_json=True, moves=False) == 2
    out = capsys.readouterr().out
    assert "cut.rmv: the RMV file ends inside its signature (at byte 0)" in out, out


def test_the_move_table_says_the_moves_kinds_and_classes_in_german(
    capsys: pytest.CaptureFixture[str],
) -> None:
    language.use("de")
    assert commands.analyse([str(FILES["avf"])], as_json=False, moves=True) == 0
    table = capsys.readouterr().out.split("\n\n")[-1]
    assert "Nachbarn öffnen" in table and "Logik" in table, table
    words = set(table.split())
    assert not words & {"open", "chord", "flag", "logic", "guess"}, table


def test_show_ladder_says_how_hard_each_level_is_in_chinese(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["--data-dir", str(tmp_path), "--show-ladder"]) == 0
    english = capsys.readouterr().out.splitlines()
    assert english[-1].endswith(f"({rating(level(100)).describe()})")  # (as the core says)
    assert main(["--data-dir", str(tmp_path), "--lang", "zh_CN", "--show-ladder"]) == 0
    chinese = capsys.readouterr().out.splitlines()
    last = chinese[-1]
    assert "需要雷数：" in last and "个单个数字" in last and "分数" in last, last
    assert not any("needed" in line or "score" in line for line in chinese)


def test_a_community_files_check_and_its_problems_speak_the_language() -> None:
    from game.replay.verify_video import verify_file

    check = verify_file(FILES["avf"])
    english = check.line()
    assert english.startswith("ok: won in ") and ", clicks " in english
    language.use("de")
    german = check.line()
    assert german.startswith("ok: gewonnen in ") and ", Klicks " in german, german
    language.use("zh_CN")
    assert check.line().startswith("正确：用时 ")


def test_an_evf_export_refused_and_a_tournament_folder_unread_speak_the_language(
    tmp_path: Path,
) -> None:
    from game.modes.tournament import load as load_tournament
    from game.modes.tournament_folder import FolderError, read_folder
    from game.replay.evf_write import export_evf

    replay = load(write_replay(tmp_path))
    with pytest.raises(ValueError) as refused:
        export_evf(replay, mode=70_000)
    assert str(refused.value) == "an EVF game mode is 0 to 65535; got 70000"
    language.use("de")
    assert shown(refused.value) == "ein EVF-Spielmodus ist 0 bis 65535; angegeben: 70000"
    tournament_file = tmp_path / "cup.tournament"
    tournament_file.write_text(
        "minesweeper-tournament 1\nname: Cup\nid: cup\n"
        "count: beginner best 3 min-3bv 5 default 60\n",
        encoding="utf-8",
    )
    with pytest.raises(FolderError) as unread:  # (a folder unread is no standings: issue 46)
        read_folder(load_tournament(tournament_file), tmp_path / "nowhere")
    notes = [str(unread.value)]
    assert len(notes) == 1 and "kann nicht gelesen werden" in notes[0], notes
