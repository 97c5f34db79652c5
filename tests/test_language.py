"""The player's language (game.language): chosen from --lang, the settings, the
system; switched at once; and every catalog complete, current and fitting."""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from test_window import FakeClock, post
from test_window_dialogs import OPENERS as DIALOGS

from game import cli, language
from game.app import App
from game.persist.schema import DataError
from game.persist.settings import Settings
from game.scenes.menubar import MenuBarScene
from game.view.commands import Command
from game.view.fonts import ui_font
from game.view.menus import MENUS
from game.view.widgets.menubar import TEXT_SIZE, TITLE_PAD

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [code for code in language.LANGUAGES if code != language.ENGLISH]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def marked_words() -> dict[str | tuple[str, str], tuple[str, int]]:
    """Every word marked in the code (as tools/catalogs.py extracts them, babel.cfg),
    with where it is."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)
    found: dict[str | tuple[str, str], tuple[str, int]] = {}
    for path, line, message, _, context in extract_from_dir(
        str(ROOT), method_map, options_map, strip_comment_tags=True
    ):
        key = message if isinstance(message, str) else (message[0], message[1])
        found[(context, key) if context else key] = (path, line)  # type: ignore[index]
    return found


def catalog(code: str) -> Path:
    return language.CATALOGS / code / "LC_MESSAGES" / f"{language.DOMAIN}.po"


@pytest.fixture(scope="module")
def words() -> dict[str | tuple[str, str], tuple[str, int]]:
    return marked_words()


def test_the_marked_words_include_the_menu_bar_and_a_plural(
    words: dict[str | tuple[str, str], tuple[str, int]],
) -> None:
    for menu in MENUS:
        assert menu.title in words
        for item in menu.items:
            if item is not None and item.translated:
                assert item.label in words, item.label
    assert "English" not in words and "Deutsch" not in words  # (a language's own name)
    assert any(isinstance(key, tuple) for key in words)  # ngettext's singular and plural


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_marked_word_is_translated_in_every_catalog_and_none_is_fuzzy(
    code: str, words: dict[str | tuple[str, str], tuple[str, int]]
) -> None:
    with open(catalog(code), "rb") as po:
        entries = read_po(po, locale=code)
    assert not entries.fuzzy, f"{code}: the catalog's header is fuzzy"
    translated: dict[object, object] = {}
    for entry in entries:
        if entry.id:
            assert "fuzzy" not in entry.flags, f"{code}: {entry.id!r} is fuzzy (stale)"
            key = entry.id if isinstance(entry.id, str) else tuple(entry.id)
            translated[(entry.context, key) if entry.context else key] = entry.string
    for key, (path, line) in words.items():
        assert key in translated, f"{code}: {key!r} ({path}:{line}) is not in the catalog"
        strings = translated[key]
        forms = [strings] if isinstance(strings, str) else list(strings)  # type: ignore[call-overload]
        assert forms and all(forms), f"{code}: {key!r} ({path}:{line}) is not translated"
        english = key if isinstance(key, str) else key[-1]
        wanted = sorted(PLACEHOLDER.findall(english if isinstance(english, str) else english[0]))
        for form in forms:
            assert sorted(PLACEHOLDER.findall(form)) == wanted, f"{code}: {form!r} placeholders"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_compiled_catalog_is_its_po_file(code: str) -> None:
    with open(catalog(code), "rb") as po:
        entries = read_po(po, locale=code)
    with open(catalog(code).with_suffix(".mo"), "rb") as mo:
        compiled = gettext.GNUTranslations(io.BytesIO(mo.read()))
    plural = gettext.c2py(entries.plural_expr)  # (which form a number takes)
    for entry in entries:
        if not entry.id:
            continue
        if isinstance(entry.id, str) and entry.context:  # (pgettext's words)
            assert compiled.pgettext(entry.context, entry.id) == entry.string, entry.id
        elif isinstance(entry.id, str):
            assert compiled.gettext(entry.id) == entry.string, entry.id
        else:
            for n in range(0, 30):
                form = entry.string[plural(n)]
                assert compiled.ngettext(entry.id[0], entry.id[1], n) == form, (entry.id, n)


def test_plural_forms_follow_each_language() -> None:
    singular = "Daily board of {day}: best today {today}, streak {n} day."
    plural = "Daily board of {day}: best today {today}, streak {n} days."
    language.use("pl")
    forms = {n: language.ngettext(singular, plural, n) for n in (1, 2, 5, 22, 25)}
    assert forms[1].endswith("{n} dzień.") and forms[2].endswith("{n} dni.")
    language.use("de")
    assert language.ngettext(singular, plural, 1).endswith("{n} Tag.")
    assert language.ngettext(singular, plural, 3).endswith("{n} Tage.")
    language.use("ja")
    assert language.ngettext(singular, plural, 1) == language.ngettext(singular, plural, 7)


@pytest.mark.parametrize(
    ("code", "ours"),
    [
        ("zh_CN", "zh_CN"),
        ("zh-CN", "zh_CN"),
        ("zh_Hans", "zh_CN"),
        ("zh", "zh_CN"),
        ("de_DE.UTF-8", "de"),
        ("de-AT", "de"),
        ("pl_PL", "pl"),
        ("ja_JP.eucJP", "ja"),
        ("en_GB", "en"),
        ("German_Germany.1252", "de"),
        ("zh_TW", None),
        ("fr_FR", None),
        ("", None),
        ("x" * 10_000, None),
        (None, None),
        (42, None),
    ],
)
def test_codes_are_read_as_players_and_systems_write_them(code: object, ours: str | None) -> None:
    assert language.known(code) == ours
    assert language.choose(code) == (ours or "en")  # an unknown language is English


@pytest.mark.parametrize(
    ("environ", "ours"),
    [
        ({"LANG": "zh_CN.UTF-8"}, "zh_CN"),
        ({"LANGUAGE": "fr:ja", "LANG": "de_DE.UTF-8"}, "ja"),
        ({"LC_ALL": "pl_PL.UTF-8", "LANG": "de_DE.UTF-8"}, "pl"),
        ({"LC_MESSAGES": "de_CH.UTF-8"}, "de"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
    ],
)
def test_the_systems_language_is_read_from_its_locale(environ: dict[str, str], ours: str) -> None:
    assert language.system_language(environ) == ours


def test_the_command_line_wins_over_the_settings_over_the_system() -> None:
    system = {"LANG": "ja_JP.UTF-8"}
    assert language.first_choice("de", "pl", system) == "de"
    assert language.first_choice(None, "pl", system) == "pl"
    assert language.first_choice(None, None, system) == "ja"
    assert language.first_choice("klingon", "pl", system) == "en"
    assert cli.parse_args(["--lang", "zh_CN"]).language == "zh_CN"
    assert cli.parse_args(["--lang", "xx"]).language == "xx"  # (English, with no error)
    assert cli.parse_args([]).language is None


def test_an_unknown_language_speaks_english_with_no_error() -> None:
    assert language.use("tlh") == "en"
    assert language.gettext("Game") == "Game"
    assert language.use("de") == "de" and language.gettext("Game") == "Spiel"
    assert language.use("zh_CN") == "zh_CN" and language.gettext("Game") == "游戏"


def test_the_language_setting_is_kept_and_checked() -> None:
    assert Settings().language is None
    assert Settings.from_json(Settings(language="ja").to_json()).language == "ja"
    doc = Settings().to_json()
    for unknown in ("ko", "x" * 100_000, ""):
        doc["language"] = unknown
        assert Settings.from_json(doc).language == "en"  # a newer version's: English
    for damage in (1, ["de"], {"de": 1}, True):
        doc["language"] = damage
        with pytest.raises(DataError):
            Settings.from_json(doc)
    with pytest.raises(DataError):
        Settings(language="klingon")


# ---------------------------------------------------------------- in the window


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(
        cli.Options(zoom=1, sound=False, seed=1, data_dir=str(tmp_path)), clock=FakeClock()
    )
    application.run(frames=2)
    yield application
    application.close()


def title_width(words: str, zoom: int = 1) -> int:
    return ui_font(TEXT_SIZE * zoom).size(words)[0] + 2 * TITLE_PAD * zoom


def test_the_first_start_keeps_the_systems_language(tmp_path: Path) -> None:
    application = App(cli.Options(sound=False, data_dir=str(tmp_path)), clock=FakeClock())
    try:
        assert application.prefs.settings.language == "en"  # (the tests' system: C.UTF-8)
        assert application.profile.settings.language == "en"
    finally:
        application.close()


def test_lang_on_the_command_line_speaks_for_the_session_only(tmp_path: Path) -> None:
    application = App(
        cli.Options(zoom=1, sound=False, data_dir=str(tmp_path), language="zh_CN"),
        clock=FakeClock(),
    )
    try:
        application.run(frames=1)
        assert language.current() == "zh_CN"
        assert application.menubar.title_rect(0).w == title_width("游戏")
        assert application.prefs.settings.language == "en"  # the kept one is untouched
        assert application.play.checked(Command.LANGUAGE_ZH_CN) is True  # the one spoken
        assert application.play.checked(Command.LANGUAGE_EN) is False
    finally:
        application.close()


def test_a_language_chosen_in_the_options_menu_shows_at_once_and_is_kept(app: App) -> None:
    before = [app.menubar.title_rect(i).w for i in range(len(MENUS))]
    assert before[0] == title_width("Game")
    post(pygame.KEYDOWN, key=pygame.K_F10, mod=0, unicode="")
    app.run(frames=1)
    app.play.command(Command.LANGUAGE_DE)  # (the Options menu's line gives this command)
    app.run(frames=1)
    assert language.current() == "de"
    assert app.prefs.settings.language == "de" and app.profile.settings.language == "de"
    assert app.play.checked(Command.LANGUAGE_DE) is True
    assert app.play.checked(Command.LANGUAGE_EN) is False
    assert [app.menubar.title_rect(i).w for i in range(3)] == [
        title_width(w) for w in ("Spiel", "Optionen", "Hilfe")
    ]
    app.play.command(Command.LANGUAGE_JA)
    app.run(frames=1)
    assert app.menubar.title_rect(1).w == title_width("オプション")


def test_the_settings_dialog_changes_the_language_and_lays_itself_out_again(app: App) -> None:
    app.play.command(Command.SETTINGS)
    app.run(frames=1)
    dialog = app.stage.top_dialog
    assert dialog is not None
    width = dialog.rect.w if dialog.rect is not None else 0
    lines = [what for what, _ in dialog.items]  # type: ignore[attr-defined]
    for _ in range(lines.index("Language")):
        post(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")
    app.run(frames=2)
    assert language.current() == "zh_CN"  # (English, then the next: Simplified Chinese)
    shown = dict(dialog.items)  # type: ignore[attr-defined]
    assert shown["语言"] == "简体中文" and shown["声音"] == "关"  # (the fixture: sound=False)
    assert dialog.rect is not None and dialog.rect.w != width  # laid out anew


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_menu_bar_fits_the_beginner_window_at_zoom_1_in_every_language(code: str) -> None:
    language.use(code)
    bar = sum(title_width(menu.shown) for menu in MENUS) + 2
    assert bar <= 9 * 16 + 2 * 12  # (Beginner's window at zoom 1: nine cells and its frame)


@pytest.mark.parametrize(
    ("code", "time", "when"),
    [
        ("en", "3.796 s", "2026-02-07"),
        ("de", "3,796 s", "07.02.2026"),
        ("pl", "3,796 s", "07.02.2026"),
        ("zh_CN", "3.796 s", "2026年2月7日"),
        ("ja", "3.796 s", "2026年2月7日"),
    ],
)
def test_numbers_and_days_are_written_as_the_language_writes_them(
    code: str, time: str, when: str
) -> None:
    from datetime import date

    from game.words import seconds

    language.use(code)
    assert seconds(3796) == time
    assert language.decimal(0.5, 2) == ("0,50" if code in ("de", "pl") else "0.50")
    assert language.day(date(2026, 2, 7)) == when


def test_the_end_of_game_panel_speaks_polish_and_offers_keep_once(tmp_path: Path) -> None:
    from test_window import cell_center
    from test_window_replay import slow_click

    from game.core.status import Status
    from game.modes.ordinary import Ordinary
    from game.rules import PRESETS, Difficulty
    from game.screens.end_of_game import PanelAnswer

    keep_replay, copy_code = PanelAnswer.KEEP_REPLAY.label, PanelAnswer.COPY_CODE.label

    clock = FakeClock()
    application = App(
        cli.Options(zoom=2, sound=False, seed=1, data_dir=str(tmp_path), language="pl"),
        clock=clock,
    )
    try:
        application.run(frames=1)
        settings = application.prefs.settings
        application.play.play(Ordinary(PRESETS[Difficulty.BEGINNER], settings.rules, seed=77))
        application.run(frames=1)
        slow_click(application, clock, cell_center(application, 4, 4))
        for row, col in application.table.game.mine_cells():
            if application.table.game.status.is_over:
                break
            slow_click(application, clock, cell_center(application, row, col))
        assert application.table.game.status is Status.LOST
        panel = application.stage.top_dialog
        assert panel is not None and keep_replay in panel.buttons
        panel.choose(keep_replay)
        application.stage.settle()
        panel = application.stage.top_dialog
        assert panel is not None
        lines = " ".join(getattr(panel, "lines", []))
        assert "Powtórka zachowana: " in lines and "nie liczy się do statystyk" not in lines
        assert keep_replay not in panel.buttons  # kept: not offered again
        panel.choose(copy_code)
        application.stage.settle()
        panel = application.stage.top_dialog
        assert panel is not None
        assert "schowk" in " ".join(getattr(panel, "lines", []))  # (schowka, schowku)
        assert keep_replay not in panel.buttons  # still kept
    finally:
        application.close()


@pytest.mark.parametrize("name", list(DIALOGS))
@pytest.mark.parametrize("code", list(language.LANGUAGES))
def test_every_dialog_fits_whole_at_zoom_1_on_beginner_in_every_language(
    code: str, name: str, tmp_path: Path
) -> None:
    """Every dialog the game shows (test_window_dialogs.OPENERS), in each language:
    within the window, nothing cut, the text no smaller than the dialogs' font."""
    from test_window import key

    from game.view.widgets.style import FONT_SIZE

    application = App(
        cli.Options(zoom=1, sound=False, seed=1, data_dir=str(tmp_path), language=code),
        clock=FakeClock(),
    )
    try:
        application.run(frames=1)
        DIALOGS[name](application)
        application.run(frames=1)
        dialog = application.stage.top_dialog
        assert dialog is not None and dialog.rect is not None
        page = getattr(application.stage.top, "page", None)  # (a page of its own)
        surface = application.viewport.screen if page is None else page.surface
        assert surface.get_rect().contains(dialog.rect)
        assert not dialog.cut, f"{name} in {code} cut its text"
        assert dialog.font_size >= FONT_SIZE
        key(pygame.K_ESCAPE, "\x1b")
        application.run(frames=1)
    finally:
        application.close()


@pytest.mark.parametrize("code", list(language.LANGUAGES))
def test_every_menu_is_whole_on_screen_at_zoom_1_on_beginner_in_every_language(
    code: str, tmp_path: Path
) -> None:
    application = App(
        cli.Options(zoom=1, sound=False, seed=1, data_dir=str(tmp_path), language=code),
        clock=FakeClock(),
    )
    try:
        application.run(frames=1)
        screen = application.viewport.screen.get_rect()
        (bar,) = [s for s, _ in application.stage.scenes if isinstance(s, MenuBarScene)]
        for index, menu in enumerate(MENUS):
            application.menubar.open(index)
            application.run(frames=1)
            box = application.menubar.covered()
            screen = application.viewport.screen.get_rect()
            assert screen.contains(application.menubar.title_rect(index))
            if bar.popup is not None:  # (a menu of its own window, under its title)
                assert bar.popup.window is not None
                screen = pygame.Rect(bar.popup.offset(), bar.popup.window.size)
            assert box is not None and screen.contains(box), (code, menu.title, box, screen)
            for item in menu.items:
                if item is not None:
                    assert screen.contains(application.menubar.line_rect(item.label))
            application.menubar.close()
            application.run(frames=1)
    finally:
        application.close()
