"""settings.py: defaults, the JSON form, strict reading of damage, and files of other
versions read rather than set aside."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.persist import schema
from game.persist.schema import DataError, FutureVersionError
from game.persist.settings import SETTINGS_VERSION, Settings
from game.rules import PRESETS, Board, Difficulty, FirstClick

DEFAULT_DOC: dict[str, Any] = {
    "version": 4,
    "question_marks": True,
    "left_click_chords": False,
    "first_click": "opening",
    "fate": "none",
    "recursion": "none",
    "counter_below_zero": True,
    "sound": True,
    "zoom": None,
    "board": {"rows": 9, "columns": 9, "mines": 10},
    "custom": {"rows": 16, "columns": 30, "mines": 99},
    "theme": "classic",
    "keys": {},
    "ranked_beginner": False,
    "language": None,
    "player": "",
    "identifier": "",
    "country": "",
    "counters_shown": True,
    "counters": [
        "time",
        "bbbv",
        "bbbv_s",
        "etime",
        "clicks",
        "ce",
        "ioe",
        "corr",
        "thrp",
        "rqp",
        "flag",
        "path",
        "pace",
        "ghost",
    ],
    "own_counters": [],
    "speech": None,
    "speech_brief": False,
    "speech_rate": 0,
    "earcons": True,
    "ui_scale": None,
    "race_broker": None,
}

VERSION_2_DOC: dict[str, Any] = {
    "version": 2,
    "question_marks": False,
    "left_click_chords": True,
    "first_click": "safe",
    "counter_below_zero": False,
    "sound": False,
    "zoom": 2,
    "board": {"rows": 16, "columns": 16, "mines": 40},
    "custom": {"rows": 20, "columns": 24, "mines": 99},
}
"""A settings file as version 2 of the game wrote it (one look: no theme)."""

VERSION_1_DOC: dict[str, Any] = {
    "version": 1,
    "question_marks": False,
    "left_click_chords": True,
    "first_click": "safe",
    "counter_below_zero": False,
    "sound": False,
    "zoom": 3,
    "difficulty": "expert",
    "custom": {"rows": 20, "columns": 24, "mines": 99},
}
"""A settings file as version 1 of the game wrote it."""


def test_the_defaults_are_a_new_players_settings() -> None:
    settings = Settings()
    assert settings.question_marks is True
    assert settings.left_click_chords is False
    assert settings.first_click is FirstClick.OPENING
    assert settings.counter_below_zero is True
    assert settings.sound is True
    assert settings.zoom is None
    assert settings.board == PRESETS[Difficulty.BEGINNER]
    assert settings.custom == Board(16, 30, 99)
    assert settings.theme == "classic"


def test_the_json_form_is_the_documented_one() -> None:
    assert Settings().to_json() == DEFAULT_DOC
    assert SETTINGS_VERSION == 4


def test_every_setting_round_trips() -> None:
    settings = Settings(
        question_marks=False,
        left_click_chords=True,
        first_click=FirstClick.SAFE,
        counter_below_zero=False,
        sound=False,
        zoom=3,
        board=Board(24, 30, 667),
        custom=Board(24, 30, 667),
        theme="contrast",
        ranked_beginner=True,
    )
    assert Settings.from_json(settings.to_json()) == settings
    ranked = Settings(ranked_beginner=True, board=Board(8, 8, 10))  # smaller than a custom one
    assert Settings.from_json(ranked.to_json()) == ranked


@pytest.mark.parametrize("theme", ["classic", "colourblind", "contrast"])
def test_every_theme_round_trips(theme: str) -> None:
    settings = Settings(theme=theme)
    assert settings.to_json()["theme"] == theme
    assert Settings.from_json(settings.to_json()) == settings


def test_a_version_2_file_reads_as_the_classic_look_with_nothing_else_lost() -> None:
    before = copy.deepcopy(VERSION_2_DOC)
    settings = Settings.from_json(VERSION_2_DOC)
    assert settings.theme == "classic"
    assert settings == Settings(
        question_marks=False,
        left_click_chords=True,
        first_click=FirstClick.SAFE,
        counter_below_zero=False,
        sound=False,
        zoom=2,
        board=Board(16, 16, 40),
        custom=Board(20, 24, 99),
    )
    assert settings.to_json() == {
        **VERSION_2_DOC,
        "version": 4,
        "fate": "none",
        "recursion": "none",
        "theme": "classic",
        "keys": {},
        "ranked_beginner": False,
        "language": None,
        "player": "",
        "identifier": "",
        "country": "",
        "counters_shown": True,
        "counters": list(DEFAULT_DOC["counters"]),
        "own_counters": [],
        "speech": None,
        "speech_brief": False,
        "speech_rate": 0,
        "earcons": True,
        "ui_scale": None,
        "race_broker": None,
    }
    assert before == VERSION_2_DOC  # read, not changed


@pytest.mark.parametrize("value", ["dark", "", "CLASSIC", None, 3, True, [], {"name": "contrast"}])
def test_an_unknown_theme_reads_as_classic_and_is_no_damage(value: object) -> None:
    """A newer version's theme (or a bent value) costs the look, never the other settings."""
    doc = {**DEFAULT_DOC, "theme": value, "sound": False}
    assert Settings.from_json(doc) == Settings(sound=False)


def test_a_settings_value_cannot_name_an_unknown_theme() -> None:
    with pytest.raises(DataError):
        Settings(theme="dark")
    with pytest.raises(DataError):
        Settings(theme=None)  # type: ignore[arg-type]


@pytest.mark.parametrize("zoom", [None, 1, 2, 3, 4])
def test_zoom_is_1_to_4_or_automatic(zoom: int | None) -> None:
    assert Settings.from_json({**DEFAULT_DOC, "zoom": zoom}).zoom == zoom


def test_unknown_keys_from_a_newer_minor_version_are_ignored() -> None:
    doc = {**DEFAULT_DOC, "theme": "dark", "custom": {**DEFAULT_DOC["custom"], "wrap": True}}
    assert Settings.from_json(doc) == Settings()


def test_a_newer_version_is_refused_as_such() -> None:
    with pytest.raises(FutureVersionError):
        Settings.from_json({**DEFAULT_DOC, "version": SETTINGS_VERSION + 1})


def test_a_version_1_file_is_upgraded_with_nothing_lost() -> None:
    before = copy.deepcopy(VERSION_1_DOC)
    settings = Settings.from_json(VERSION_1_DOC)
    assert settings == Settings(
        question_marks=False,
        left_click_chords=True,
        first_click=FirstClick.SAFE,
        counter_below_zero=False,
        sound=False,
        zoom=3,
        board=PRESETS[Difficulty.EXPERT],
        custom=Board(20, 24, 99),
    )
    assert before == VERSION_1_DOC  # read, not changed


def test_a_version_1_custom_difficulty_plays_its_custom_size() -> None:
    doc = {**VERSION_1_DOC, "difficulty": "custom"}
    assert Settings.from_json(doc).board == Board(20, 24, 99)


@pytest.mark.parametrize("label", ["hard", None, 3])
def test_a_version_1_file_with_an_unknown_difficulty_is_damage(label: object) -> None:
    with pytest.raises(DataError):
        Settings.from_json({**VERSION_1_DOC, "difficulty": label})


@pytest.mark.parametrize("key", [k for k in DEFAULT_DOC if k != "version"])
def test_a_missing_key_takes_its_default(key: str) -> None:
    # A file from a version that did not have this setting yet.
    assert Settings.from_json(_without(key)) == Settings()
    changed = {**VERSION_1_DOC}
    if key in changed:
        del changed[key]
        Settings.from_json(changed)  # read, not refused


def test_a_version_1_file_missing_every_setting_is_all_defaults() -> None:
    assert Settings.from_json({"version": 1}) == Settings()


def _with(key: str, value: object) -> dict[str, object]:
    doc = copy.deepcopy(DEFAULT_DOC)
    if key.startswith("custom."):
        doc["custom"][key.removeprefix("custom.")] = value
    else:
        doc[key] = value
    return doc


def _without(key: str) -> dict[str, object]:
    doc = copy.deepcopy(DEFAULT_DOC)
    del doc[key]
    return doc


BAD = [
    ("version", 0),
    ("version", -1),
    ("version", "1"),
    ("version", 1.0),
    ("version", True),
    ("version", None),
    ("question_marks", 1),
    ("question_marks", "yes"),
    ("question_marks", None),
    ("left_click_chords", 0),
    ("counter_below_zero", "true"),
    ("sound", []),
    ("first_click", "no-guessing"),
    ("first_click", "OPENING"),
    ("first_click", 1),
    ("zoom", 0),
    ("zoom", 5),
    ("zoom", -1),
    ("zoom", 2.0),
    ("zoom", True),
    ("zoom", "auto"),
    ("zoom", 10**30),
    ("board", None),
    ("board", {"rows": 9, "columns": 9}),
    ("board", {"rows": 1001, "columns": 1000, "mines": 10}),
    ("custom", None),
    ("custom", [16, 30, 99]),
    ("custom.rows", 8),
    ("custom.rows", 1001),
    ("custom.columns", 8),
    ("custom.columns", 1001),
    ("custom.columns", "30"),
    ("custom.mines", 9),
    ("custom.mines", 15 * 29 + 1),
    ("custom.mines", -99),
    ("custom.mines", 10**30),
    ("race_broker", 1883),
    ("race_broker", True),
    ("race_broker", ["mqtt://h"]),
    ("race_broker", {"url": "mqtt://h"}),
    ("race_broker", "mqtt://" + "h" * 300),
    ("race_broker", "mqtt://h\n"),
    ("race_broker", " mqtt://h"),
    ("race_broker", "mqtt://h\x00"),
]


@pytest.mark.parametrize(("key", "value"), BAD)
def test_a_wrong_type_or_value_makes_the_file_unreadable(key: str, value: object) -> None:
    with pytest.raises(DataError):
        Settings.from_json(_with(key, value))


def test_a_missing_version_makes_the_file_unreadable() -> None:
    with pytest.raises(DataError):
        Settings.from_json(_without("version"))


@pytest.mark.parametrize("value", [None, [], "settings", 1, {1: 2}])
def test_a_document_that_is_not_an_object_is_refused(value: object) -> None:
    with pytest.raises(DataError):
        Settings.from_json(value)


def test_custom_mine_limits_follow_the_size() -> None:
    assert Settings(custom=Board(9, 9, 64)).custom.mines == 64
    with pytest.raises(DataError):
        Settings(custom=Board(9, 9, 65))
    assert Settings(custom=Board(24, 30, 23 * 29)).custom.mines == 667


def test_invalid_settings_cannot_be_built() -> None:
    with pytest.raises(DataError):
        Settings().replace(zoom=7)
    with pytest.raises(DataError):
        Settings(sound=1)  # type: ignore[arg-type]
    with pytest.raises(DataError):
        Settings(first_click="safe")  # type: ignore[arg-type]
    with pytest.raises(ValueError):  # DataError is a ValueError
        Settings(board=Board(1001, 9, 10))


def test_difficulty_knows_the_presets() -> None:
    assert [d.is_preset for d in Difficulty] == [True, True, True, False, True]


def test_upgrade_steps_are_applied_in_order() -> None:
    steps: dict[int, schema.Upgrade] = {
        1: lambda doc: {**doc, "b": doc["a"]},
        2: lambda doc: {**doc, "c": doc["b"]},
    }
    assert schema.upgrade({"version": 1, "a": 5}, 3, steps, "x") == {
        "version": 3,
        "a": 5,
        "b": 5,
        "c": 5,
    }
    with pytest.raises(DataError):
        schema.upgrade({"version": 1}, 2, {}, "x")


def test_rebound_keys_round_trip_and_older_files_have_none() -> None:
    settings = Settings(keys=(("flag", ("G",)), ("open or chord", ("Space", "X"))))
    assert Settings.from_json(settings.to_json()) == settings
    old = {**Settings().to_json(), "version": 3}
    del old["keys"]
    assert Settings.from_json(old).keys == ()


@pytest.mark.parametrize(
    "keys",
    [[], "G", {"flag": "G"}, {"flag": []}, {"flag": [1]}, {"flag": ["\x00"]}, {"flag": ["x" * 33]}],
)
def test_mistyped_rebound_keys_are_damage(keys: object) -> None:
    with pytest.raises(DataError):
        Settings.from_json({**Settings().to_json(), "keys": keys})


def test_settings_of_equal_values_are_equal_and_hash_alike() -> None:
    chosen = Settings(zoom=2, sound=False, board=PRESETS[Difficulty.EXPERT], player="Ada")
    again = Settings().replace(zoom=2, sound=False, board=Board(16, 30, 99), player="Ada")
    assert chosen == again and hash(chosen) == hash(again) and repr(chosen) == repr(again)
    assert chosen != again.replace(player="Bob") and chosen != Settings()
    assert again.replace(zoom=3).zoom == 3 and again.replace(zoom=3).player == "Ada"
    assert len({chosen, again, Settings()}) == 2
    with pytest.raises(TypeError):
        Settings().replace(colour="red")  # (no such setting)


@pytest.mark.parametrize(
    "doc",
    [{"speech": "yes"}, {"speech_rate": 101}, {"speech_rate": True}, {"earcons": 1}],
)
def test_a_bent_speech_setting_is_damage(doc: dict[str, object]) -> None:
    with pytest.raises(DataError):
        Settings.from_json({**DEFAULT_DOC, **doc})


def test_the_speech_settings_are_kept() -> None:
    settings = Settings(speech=True, speech_brief=True, speech_rate=-30, earcons=False)
    assert Settings.from_json(settings.to_json()) == settings
    assert Settings.from_json({**DEFAULT_DOC, "speech": None}).speech is None


def test_the_ui_scale_is_kept_and_a_bent_one_is_damage() -> None:
    """The words' scale the player chose survives the file; one outside 1 to 3 is
    damage, not a guess; a file without one reads as chosen from the screen."""
    kept = Settings(ui_scale=2)
    assert Settings.from_json(kept.to_json()).ui_scale == 2
    assert Settings.from_json({"version": 4}).ui_scale is None
    for bent in (0, 4, "2", 2.0):
        with pytest.raises(DataError):
            Settings.from_json({"version": 4, "ui_scale": bent})


def test_the_race_broker_is_kept_and_none_chosen_is_null() -> None:
    chosen = Settings(race_broker="mqtts://broker.emqx.io:8883")
    assert Settings.from_json(chosen.to_json()) == chosen
    assert Settings().to_json()["race_broker"] is None  # (none chosen: not the default's URL)
    for none in ({"version": 4}, {"version": 4, "race_broker": None}):
        assert Settings.from_json(none).race_broker is None
    assert Settings.from_json({"version": 4, "race_broker": ""}).race_broker is None
    # A text that names no broker this version knows (a newer scheme) is kept: the race
    # says it in one line when the player races.
    assert Settings.from_json({"version": 4, "race_broker": "quic://h"}).race_broker == "quic://h"


@given(st.none() | st.booleans() | st.integers() | st.text(max_size=400) | st.lists(st.text()))
def test_any_race_broker_value_is_kept_whole_or_is_damage(value: object) -> None:
    doc = {"version": SETTINGS_VERSION, "race_broker": value}
    try:
        read = Settings.from_json(doc)
    except DataError as error:
        assert "\n" not in str(error)
        return
    broker = read.race_broker
    assert broker is None or (broker == value and broker.isprintable() and len(broker) <= 300)
    assert Settings.from_json(read.to_json()) == read
