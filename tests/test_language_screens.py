"""The screens (game/screens) speak the player's language: their titles, buttons,
headings and lines, with each language's plural forms and decimal comma; English
stays the default, word for word."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from test_window import FakeClock

from game import cli, language
from game.app import App
from game.persist.game_record import BestTimeEntry
from game.rules import PRESETS, Difficulty
from game.screens.history import history_dialog
from game.screens.messages import rules_dialog
from game.screens.race import race_dialog
from game.screens.records import best_times_dialog, confirm_dialog
from game.screens.statistics import deaths_dialog
from game.view.commands import Command
from game.view.widgets.dialog import Dialog

TRANSLATED = [code for code in language.LANGUAGES if code != language.ENGLISH]
BEGINNER = PRESETS[Difficulty.BEGINNER]
SAME_WORDS = ("OK", "Name", "Export", "Import", "3BV/s")
"""Words some languages write as English does (German, Polish; 3BV/s in all)."""

SCREENS: dict[str, Callable[[], Dialog]] = {
    "best times": lambda: best_times_dialog([], Difficulty.BEGINNER, 1.25),
    "confirm": lambda: confirm_dialog("all best times"),
    "history": lambda: history_dialog([], None),
    "rules": rules_dialog,
    "race": lambda: race_dialog("your best", "12.345 s"),
    "deaths": lambda: deaths_dialog(BEGINNER, {(0, 0): 2}),
}


@pytest.fixture
def speaking() -> Iterator[Callable[[str], str]]:
    """Switch the language for a test (back to English after it)."""
    yield language.use
    language.use(language.ENGLISH)


def words_of(dialog: Dialog) -> list[str]:
    """What a dialog says, as the player reads it (title and buttons translated as the
    widget lays them out)."""
    said = [language.gettext(dialog.title), *(language.gettext(b) for b in dialog.buttons)]
    said += [line for line in getattr(dialog, "lines", []) if line]
    said += [h for h in getattr(dialog, "headers", []) if h]
    said += [getattr(dialog, name) for name in ("caption", "legend") if hasattr(dialog, name)]
    return said


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("name", list(SCREENS))
def test_every_screen_says_its_words_in_the_language(
    speaking: Callable[[str], str], name: str, code: str
) -> None:
    english = words_of(SCREENS[name]())
    speaking(code)
    translated = words_of(SCREENS[name]())
    assert len(translated) == len(english)
    same = [
        words
        for words, theirs in zip(english, translated, strict=True)
        if words == theirs and words not in SAME_WORDS
    ]
    assert not same, f"{name} in {code}: still English: {same}"
    assert not any("{" in words for words in translated), translated


def test_english_is_the_default_word_for_word() -> None:
    assert language.current() == language.ENGLISH
    assert words_of(SCREENS["deaths"]()) == [
        "Where you died",
        "OK",
        "Next",
        "Beginner, 9x9: 2 games lost",
        "The reddest cell: 2 deaths; a clear cell: none.",
    ]
    assert "Best 3BV/s: 1.25" in words_of(SCREENS["best times"]())


@pytest.mark.parametrize(
    ("lost", "caption"),
    [
        (1, "1 przegrana gra"),
        (3, "3 przegrane gry"),
        (5, "5 przegranych gier"),
        (22, "22 przegrane"),
    ],
)
def test_counts_take_each_languages_plural_forms(
    speaking: Callable[[str], str], lost: int, caption: str
) -> None:
    speaking("pl")
    dialog = deaths_dialog(BEGINNER, {(0, 0): lost})
    assert caption in dialog.caption


def test_figures_are_written_with_the_languages_decimal_comma(
    speaking: Callable[[str], str],
) -> None:
    speaking("de")
    assert "Beste 3BV/s: 1,25" in words_of(SCREENS["best times"]())


@pytest.mark.parametrize(
    ("code", "when"), [("en", "2026-02-07"), ("de", "07.02.2026"), ("zh_CN", "2026年2月7日")]
)
def test_a_best_times_day_is_written_as_the_language_writes_it(
    speaking: Callable[[str], str], code: str, when: str
) -> None:
    speaking(code)
    entry = BestTimeEntry("Ann", "2026-02-07T10:52:07", 9_876, None)
    dialog = best_times_dialog([entry], Difficulty.BEGINNER)
    assert getattr(dialog, "rows", [])[0][-1] == when


def test_the_statistics_opened_in_the_window_speak_german(tmp_path: Path) -> None:
    application = App(
        cli.Options(zoom=1, sound=False, seed=1, data_dir=str(tmp_path), language="de"),
        clock=FakeClock(),
    )
    try:
        application.run(frames=1)
        application.play.command(Command.STATISTICS)
        application.run(frames=1)
        dialog = application.stage.top_dialog
        assert dialog is not None
        said = words_of(dialog)
        assert "Statistik" in said and "Schließen" in said and "Anf." in said, said
        rows = [row[0] for row in getattr(dialog, "rows", [])]
        assert "Gespielt" in rows and "Beste 3BV/s" in rows, rows
    finally:
        application.close()
        language.use(language.ENGLISH)


def test_the_analysis_writes_its_values_in_the_language(speaking: Callable[[str], str]) -> None:
    from game.analysis.glossary import figures

    entry = {
        "time": 12.5,
        "bbbv": 10,
        "solved_bbbv": 7,
        "left": 3,
        "right": 1,
        "double": 0,
        "path": 160.0,
        "stats": {"ioe": 0.5},
    }
    english = {f.label: f.value for f in figures(entry)}
    assert english["3BV"] == "7 of 10" and english["Clicks"] == "3 left, 1 right, 0 double"
    speaking("de")
    shown = {f.label: (f.value, language.gettext(f.means)) for f in figures(entry)}
    assert shown["Time"][0] == "12,500 s" and shown["3BV"][0] == "7 von 10"
    assert shown["Clicks"][0] == "3 links, 1 rechts, 0 beide"
    assert shown["IOE"][0] == "0,500" and shown["Mouse path"][0] == "10,0 Felder"
    assert shown["IOE"][1].startswith("Effizienz")


def test_the_keys_screen_and_the_help_say_what_each_key_does_in_the_language(
    speaking: Callable[[str], str],
) -> None:
    from game.screens.settings import keys_items
    from game.view.commands import KeyMap

    english = dict(keys_items(KeyMap()))
    assert "new game" in english and ("Left click", "open a cell") in KeyMap().help_rows()
    speaking("pl")
    assert "nowa gra" in dict(keys_items(KeyMap()))
    assert ("Lewy klik", "odkryj pole") in KeyMap().help_rows()


def test_a_forms_complaint_is_in_the_language(speaking: Callable[[str], str]) -> None:
    from game.identity import country_problem
    from game.rules import BoardChoiceError, custom

    speaking("de")
    with pytest.raises(BoardChoiceError, match="Ein 9x9-Feld fasst 10 bis 64 Minen, nicht 99"):
        custom(9, 9, 99)
    assert (country_problem("Germany") or "").startswith("das Land ist")
    from game.language import shown
    from game.replay.boardcode import BoardCodeError, parse

    with pytest.raises(BoardCodeError) as caught:  # (shown translated; its text English)
        parse("A" * 5)
    assert shown(caught.value).startswith("ein Spielfeldcode hat 31 Buchstaben und Ziffern")
    assert str(caught.value).startswith("a board code is 31 letters and digits")


def test_the_settings_notes_follow_a_language_chosen_in_the_settings(tmp_path: Path) -> None:
    import pygame
    from test_window import post

    application = App(
        cli.Options(zoom=1, sound=False, seed=1, data_dir=str(tmp_path)), clock=FakeClock()
    )
    try:
        application.run(frames=2)
        application.play.command(Command.SETTINGS)
        application.run(frames=1)
        dialog = application.stage.top_dialog
        assert dialog is not None
        assert getattr(dialog, "lines", [])[0].startswith("Click a line")
        lines = [what for what, _ in getattr(dialog, "items", [])]
        for _ in range(lines.index("Language")):
            post(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")
        post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")
        application.run(frames=2)
        assert language.current() == "zh_CN"
        assert getattr(dialog, "lines", [])[0] == "点击一行（或用上/下键和回车）来更改。"
    finally:
        application.close()
        language.use(language.ENGLISH)


def test_the_pause_box_and_the_key_prompt_speak_the_language() -> None:
    """The pause box's words are the language's (its pixels differ from English), and
    the Keys screen's prompt is translated where it is drawn."""
    import pygame

    from game import language
    from game.session.geometry import Layout
    from game.session.picture import Covered, Face, Picture
    from game.view.render import PAUSE_TEXT, Renderer
    from game.view.widgets.menu import PRESS_A_KEY

    pygame.font.init()

    def paused_box() -> bytes:
        renderer = Renderer(Layout(9, 9), 1)
        screen = pygame.Surface((400, 400))
        renderer.draw(screen, Covered(9, 9), Picture(frozenset(), Face.SMILE, 10, 0, paused=True))
        assert renderer.paused_box is not None
        return pygame.image.tobytes(screen.subsurface(renderer.paused_box), "RGB")

    english = paused_box()
    language.use("de")
    try:
        assert language.gettext(PAUSE_TEXT).startswith("Klicken")
        assert language.gettext(PRESS_A_KEY) == "Taste drücken…"
        assert paused_box() != english
    finally:
        language.use(language.ENGLISH)
