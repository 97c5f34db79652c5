"""The command line speaks the player's language: its help (argparse's own headings
too) and its usage errors, chosen before the help is built: --lang, else the language
the settings keep, else the system's; English stays the default, word for word; and
--analyse prints a Chinese player's name as the file has it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import language
from game.__main__ import main

ROOT = Path(__file__).parent.parent
WANG = (
    Path(__file__).parent
    / "data/replays/ms-toollib/test_files/b_5_3.796_3BV=3_3BVs=0.790_王嘉宁(元3.1.9_v3).evf"
)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    language.use(language.ENGLISH)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_help_is_english_by_default_word_for_word(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "--help")
    assert code == 0 and out.startswith("usage: minesweeper")
    assert "show this help message and exit" in out and "\noptions:\n" in out
    assert "start on a preset board" in out


def test_lang_says_the_help_in_chinese_argparse_s_words_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "--lang", "zh_CN", "--help")
    assert code == 0 and out.startswith("用法：minesweeper")
    assert "显示此帮助并退出" in out and "\n选项:\n" in out
    assert "从预设局面开始" in out and "在游戏中按 F1 查看所有按键" in out
    assert "show this help" not in out and "start on a preset board" not in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--lang=de", "--zoom", "9"], "minesweeper: Fehler: Argument --zoom: der Zoom ist"),
        (["--lang", "pl", "--bogus"], "minesweeper: błąd: nierozpoznane argumenty: --bogus"),
        (["--lang", "ja", "--difficulty", "x"], "エラー: 引数 --difficulty: 無効な選択"),
    ],
)
def test_a_usage_error_is_in_the_language(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert said in err, err


USAGE_ERRORS = [
    (["--bogus"], {"en": "unrecognized arguments: --bogus", "de": "unbekannte Argumente: --bogus"}),
    (["--zoom", "9"], {"en": "argument --zoom: zoom is 1, 2, 3 or 4; got '9'", "de": "der Zoom"}),
    (["--zoom"], {"en": "argument --zoom: expected one argument", "de": "Argument --zoom"}),
    (["a", "b", "c"], {"en": "unrecognized arguments: b c", "de": "unbekannte Argumente: b c"}),
    (["--daily", "--board", "x"], {"en": "not allowed with argument --daily", "de": "--daily"}),
    (["--ex", "x"], {"en": "ambiguous option: --ex could match", "de": "--ex"}),
    (["--difficulty", "x"], {"en": "invalid choice: 'x'", "de": "'x'"}),
    (["--ladder", "999"], {"en": "--ladder", "de": "--ladder"}),
    (["x", "b\nc\x1b[31m"], {"en": "arguments: b\\nc\\u001b[31m", "de": "b\\nc\\u001b"}),
]
"""Every kind of usage error argparse makes (an unknown option, a bad value, a missing
value, too many positionals, two options that exclude each other, an ambiguous
abbreviation, a choice not offered) and the game's own after it (a ladder's level),
a line break and an escape in the words given among them."""
AFTER = {"en": "(see --help)", "de": "(siehe --help)"}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("argv", "said"), USAGE_ERRORS)
def test_a_usage_error_is_one_line_in_the_language(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: list[str],
    said: dict[str, str],
    lang: str,
) -> None:
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "--lang", lang, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.endswith(f"{AFTER[lang]}\n"), err
    assert err.startswith("minesweeper: ") and said[lang] in err, err
    assert "usage" not in err and "Aufruf" not in err and "Traceback" not in err


def test_the_help_is_still_printed_whole(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "de", "--help")
    assert code == 0 and out.count("\n") > 40 and "--zoom ZOOM" in out


def test_without_lang_the_settings_language_is_spoken_then_the_systems(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"version": 4, "language": "ja"}))
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "--help")
    assert code == 0 and out.startswith("使い方: minesweeper"), out[:40]
    empty = tmp_path / "empty"
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    code, out, _ = run(capsys, "--data-dir", str(empty), "--help")
    assert code == 0 and out.startswith("użycie: minesweeper"), out[:40]
    assert not empty.exists()  # (asking for the help makes no data folder)
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "--lang", "en", "--help")
    assert out.startswith("usage: minesweeper")


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_analyse_prints_a_chinese_players_name_as_the_file_has_it(lang: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "--lang", lang, "--analyse", str(WANG)],
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    player = "Player" if lang == "en" else "玩家"
    assert any(line.split() == [player, "王嘉宁"] for line in out.splitlines()), out


def test_the_ladders_and_the_trials_printouts_are_in_the_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "--show-ladder")
    assert code == 0 and out.startswith("The ladder: 0 of 100 levels won; next: 1\n")
    assert out.splitlines()[1].split()[:2] == ["1", "open"]
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "--lang", "de", "--show-ladder")
    assert out.startswith("Die Leiter: 0 von 100 Stufen gewonnen; nächste: 1\n"), out[:60]
    assert out.splitlines()[1].split()[:2] == ["1", "offen"]
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "--lang", "pl", "--show-trials")
    assert code == 0
    assert "10 \u00d7 Początkujący (10 plansz): ukończone 0, porzucone 0" in out, out


def test_an_import_refused_says_why_in_the_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "export.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    data = str(tmp_path / "data")
    code, _, err = run(capsys, "--data-dir", data, "--import-history", str(bad))
    assert code == 1 and "it is a JSON list; a history export is a JSON object" in err, err
    code, _, err = run(capsys, "--data-dir", data, "--lang", "de", "--import-history", str(bad))
    assert code == 1 and "die Datei ist eine JSON-Liste" in err, err


def test_a_tournament_files_complaint_is_in_the_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cup = tmp_path / "cup.txt"
    cup.write_text("not a tournament at all\n", encoding="utf-8")
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "--tournament", str(cup))
    assert code == 2 and "cup.txt: not a tournament: the first line is not '" in err, err
    code, _, err = run(capsys, "--lang", "zh_CN", "--tournament", str(cup))
    assert code == 2 and "cup.txt: 不是比赛文件：第一行不是 '" in err, err


def test_a_file_that_is_no_replay_is_named_in_the_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    empty = tmp_path / "game.msreplay"
    empty.write_bytes(b"")
    code, _, err = run(capsys, "--verify-replay", str(empty))
    assert code == 2 and "not a replay: the file is empty" in err, err
    code, _, err = run(capsys, "--lang", "ja", "--verify-replay", str(empty))
    assert code == 2 and "リプレイではありません：ファイルが空です" in err, err
