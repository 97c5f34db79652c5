"""The player's identity (issue 34, item 3): a name, an identifier and a country in
the settings, checked as hostile input; written into our replays (optional
``identifier:`` and ``country:`` lines) and into EVF's player, race, uniqueness and
country fields, which ms-toollib (in a child process) reads back; shown by the
viewer's bar and by --analyse."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_evf_export import won_game
from test_window import (
    BEGINNER,
    FakeClock,
    cell_center,
    click,
    key,
    post,
    type_text,
    use_layout,
    win_beginner,
)
from test_window_replay import write_replay

from game import cli
from game.app import App
from game.cli import commands
from game.identity import MAX_IDENTIFIER
from game.persist.schema import DataError
from game.persist.settings import Settings
from game.replay.evf_write import export_evf
from game.replay.format import ReplayError
from game.replay.reader import load, parse
from game.scenes.playback import PlaybackScene
from game.view import scale
from game.view.commands import Command
from game.view.fonts import ui_font
from game.view.scale import TEXT
from game.view.theme import current as theme

IDENTITY = {"player": "王嘉宁 Ada", "identifier": "saolei.wang/user/18400", "country": "CN"}


def test_the_settings_keep_the_identity_and_older_files_lack_it() -> None:
    chosen = Settings(**IDENTITY)
    doc = json.loads(json.dumps(chosen.to_json()))
    assert Settings.from_json(doc) == chosen
    for name in IDENTITY:
        del doc[name]
    assert Settings.from_json(doc) == Settings()  # (a file from before: no identity)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("player", "two\nlines"),
        ("player", "x" * 33),
        ("player", "double  space"),
        ("player", 7),
        ("identifier", "x" * (MAX_IDENTIFIER + 1)),
        ("identifier", " padded"),
        ("identifier", "tab\there"),
        ("identifier", None),
        ("country", "de"),
        ("country", "DEU"),
        ("country", "Germany"),
        ("country", ["DE"]),
    ],
)
def test_a_hostile_identity_in_the_settings_is_refused_in_one_line(key: str, value: object) -> None:
    with pytest.raises(DataError) as error:
        Settings.from_json({"version": 4, key: value})
    assert "\n" not in str(error.value) and key in str(error.value)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(IDENTITY)), st.text(max_size=80))
def test_any_identity_text_is_kept_whole_or_refused_with_a_data_error(key: str, text: str) -> None:
    try:
        read = Settings.from_json({"version": 4, key: text})
    except DataError as error:
        assert "\n" not in str(error)
        return
    assert getattr(read, key) == text
    assert Settings.from_json(json.loads(json.dumps(read.to_json()))) == read


def test_a_replay_keeps_the_identity_and_an_older_one_lacks_it() -> None:
    replay = won_game().replace(identifier="ada-18400", country="GB")
    text = replay.to_text()
    assert "identifier: ada-18400\n" in text and "country: GB\n" in text
    assert parse(text) == replay
    older = replay.replace(identifier="", country="")
    assert "identifier:" not in older.to_text() and parse(older.to_text()) == older


@pytest.mark.parametrize(
    "line",
    [
        "identifier: " + "x" * (MAX_IDENTIFIER + 1),
        "identifier:  lead",
        "country: gb",
        "country: GBR",
    ],
)
def test_a_malformed_identity_line_is_refused_in_one_line(line: str) -> None:
    text = won_game().to_text().replace("player: Ada\n", f"player: Ada\n{line}\n")
    with pytest.raises(ReplayError) as error:
        parse(text)
    assert "\n" not in str(error.value)
    assert "identifier" in str(error.value) or "country" in str(error.value)


ORACLE = """
import json, sys
import ms_toollib as ms
name = sys.argv[1]
v = ms.EvfVideo(file_name=name, raw_data=list(open(name, "rb").read()))
v.parse()
print(json.dumps(dict(player=v.player_identifier, race=v.race_identifier,
    unique=v.unique_identifier, country=v.country)))
"""


def test_ms_toollib_reads_the_player_race_uniqueness_and_country_of_an_export(
    tmp_path: Path,
) -> None:
    replay = won_game().replace(
        player="王嘉宁 Ada",
        identifier="saolei.wang/user/18400",
        country="CN",
        tournament="golden-sheep-2026",
    )
    path = tmp_path / "ada.evf"
    path.write_bytes(export_evf(replay))
    done = subprocess.run(
        [sys.executable, "-c", ORACLE, str(path)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == {
        "player": "王嘉宁 Ada",
        "race": "golden-sheep-2026",
        "unique": "saolei.wang/user/18400",
        "country": "CN",
    }
    plain = tmp_path / "plain.evf"  # a game in no tournament: the race field is empty
    plain.write_bytes(export_evf(replay.replace(tournament="")))
    done = subprocess.run(
        [sys.executable, "-c", ORACLE, str(plain)], capture_output=True, text=True, timeout=120
    )
    assert json.loads(done.stdout)["race"] == ""


def test_analyse_gives_the_identifier_and_country_in_text_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ours = tmp_path / "ours.msreplay"
    ours.write_text(won_game().replace(identifier="ada-18400", country="GB").to_text())
    evf = tmp_path / "ada.evf"
    evf.write_bytes(export_evf(won_game().replace(identifier="ada-18400", country="GB")))
    for path in (ours, evf):
        assert commands.analyse([str(path)], as_json=True, moves=False) == 0
        entry = json.loads(capsys.readouterr().out)
        assert (entry["player"], entry["identifier"], entry["country"]) == (
            "Ada",
            "ada-18400",
            "GB",
        )
        assert commands.analyse([str(path)], as_json=False, moves=False) == 0
        lines = [line.split() for line in capsys.readouterr().out.splitlines()]
        assert ["Identifier", "ada-18400"] in lines and ["Country", "GB"] in lines


def test_the_viewers_bar_shows_the_players_name_and_country(tmp_path: Path) -> None:
    path = write_replay(tmp_path)
    named = tmp_path / "named.msreplay"
    named.write_text(load(path).replace(player="Ada", country="GB").to_text())
    app = App(cli.Options(zoom=2, sound=False, seed=1), clock=FakeClock())
    try:
        app.run(frames=2)
        post(pygame.DROPFILE, file=str(named))
        app.run(frames=2)
        scene = app.stage.top
        assert isinstance(scene, PlaybackScene)
        bar = app.viewport.bar()
        screen = app.viewport.screen
        font = ui_font(TEXT * scale.current())  # (the bar's words at the UI scale)
        words = font.render("Ada (GB)", True, theme().text)
        expected = pygame.Surface(words.get_size())
        expected.fill(theme().face)
        expected.blit(words, (0, 0))
        top = bar.y + (bar.height - font.get_height()) // 2  # (centred by the line box)
        width = words.get_width() - 2  # (the next character may lean into the last pixel)
        drawn = [
            tuple(screen.get_at((bar.x + 4 + x, top + y)))[:3]
            for x in range(width)
            for y in range(words.get_height())
        ]
        wanted = [
            tuple(expected.get_at((x, y)))[:3]
            for x in range(width)
            for y in range(words.get_height())
        ]
        assert drawn == wanted
        assert len(set(wanted)) > 2  # (words, not the bar's face)
    finally:
        app.close()


def close_dialogs(app: App) -> None:
    """Esc until the board is in front (the end-of-game panels, the Settings)."""
    for _ in range(5):
        if app.stage.top_dialog is None:
            return
        key(pygame.K_ESCAPE, "\x1b")
        app.run(frames=1)
    assert app.stage.top_dialog is None


def test_the_player_form_in_the_settings_puts_the_identity_in_the_kept_replay(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    app = App(cli.Options(zoom=2, sound=False, seed=1, data_dir=str(tmp_path)), clock=clock)
    try:
        app.run(frames=1)
        win_beginner(app, clock, 9_000)  # a best time named Grace: the name remembered
        type_text("Grace")
        key(pygame.K_RETURN, "\r")
        app.run(frames=1)
        close_dialogs(app)
        app.play.command(Command.SETTINGS)
        app.run(frames=1)
        menu = app.stage.top_dialog
        assert menu is not None and menu.title == "Settings"
        lines = [what for what, _ in menu.items]  # type: ignore[attr-defined]
        assert lines[-2:] == ["Player", "Race's broker"]  # (the broker's: the last line)
        for _ in range(len(lines) - 2):
            key(pygame.K_DOWN)
        key(pygame.K_RETURN, "\r")
        app.run(frames=1)
        form = app.stage.top_dialog
        assert form is not None and form.title == "Player"
        type_text("Ada")
        key(pygame.K_TAB, "\t")
        type_text("ada-18400")
        key(pygame.K_TAB, "\t")
        type_text("gb")
        key(pygame.K_RETURN, "\r")
        app.run(frames=1)
        assert app.stage.top_dialog is menu
        assert dict(menu.items)["Player"] == "Ada (GB)"  # type: ignore[attr-defined]
        saved = json.loads((tmp_path / "settings.json").read_text())
        assert (saved["player"], saved["identifier"], saved["country"]) == (
            "Ada",
            "ada-18400",
            "GB",
        )
        close_dialogs(app)
        win_beginner(app, clock, 8_000)  # a better time: the name box offers Ada
        key(pygame.K_RETURN, "\r")
        app.run(frames=1)
        kept = tmp_path / "replays" / app.profile.games()[0].record.replay
        replay = load(kept)
        assert (replay.player, replay.identifier, replay.country) == ("Ada", "ada-18400", "GB")
    finally:
        app.close()


def test_without_a_name_in_the_settings_a_replay_has_the_last_best_times_name(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    app = App(cli.Options(zoom=2, sound=False, seed=1, data_dir=str(tmp_path)), clock=clock)
    try:
        app.run(frames=1)
        win_beginner(app, clock, 9_000)
        type_text("Grace")
        key(pygame.K_RETURN, "\r")
        app.run(frames=1)
        close_dialogs(app)
        use_layout(app, BEGINNER)
        click(app, cell_center(app, 0, 5))
        click(app, cell_center(app, 0, 0))  # a mine: lost, no name asked
        assert app.end_of_game is not None and app.end_of_game.last_replay is not None
        replay = app.end_of_game.last_replay
        assert (replay.player, replay.identifier, replay.country) == ("Grace", "", "")
    finally:
        app.close()


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(["identifier", "country"]),
    st.text(st.characters(blacklist_characters="\r\n"), max_size=90),  # (one line)
)
def test_any_identity_line_in_a_replay_reads_whole_or_is_refused_in_one_line(
    name: str, text: str
) -> None:
    replay = won_game()
    edited = replay.to_text().replace("player: Ada\n", f"player: Ada\n{name}: {text}\n")
    try:
        read = parse(edited)
    except ReplayError as error:
        assert "\n" not in str(error)
        return
    assert getattr(read, name) == text
    assert parse(read.to_text()) == read
