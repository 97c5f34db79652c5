"""The solver's hints speak the player's language: a reason is made in the pure core
(game.core.reasons.Reason: its English sentence, with its template and fields kept),
and said in the language in use where it is shown (the hint box); its str stays the
English sentence, word for word (logs, the JSON, the tests of the solver)."""

from __future__ import annotations

import copy
import pickle

import pytest
from test_window import BEGINNER, cell_center, click, use_layout

from game import language
from game.app import App
from game.core.game import Game
from game.core.reasons import Reason, cell_name, mines_word, single_reason, the_number
from game.core.solver import analyse
from game.session.picture import Advice
from game.session.table import TOO_LARGE
from game.view.advice import box_text
from game.view.commands import Command

TRANSLATED = [code for code in language.LANGUAGES if code != language.ENGLISH]
TOUCHES = "\n".join(["...", "11.", "#1.", "##."])
"""The 1 at (2,1) already touches its mine at (2,0): the cells below it are safe."""


def touches_reason() -> Reason:
    found = [d for d in analyse(TOUCHES, 1).deductions if "already touches" in d.reason]
    assert found
    return found[0].reason


def test_a_reason_is_the_english_sentence_and_translates_whole() -> None:
    reason = touches_reason()
    english = (
        "the 1 at row 3, column 2 already touches its mine at row 3, column 1, "
        "so row 4, column 1 is safe"
    )
    assert isinstance(reason, Reason) and str(reason) == english and reason == english
    language.use("de")
    assert language.shown(reason) == (
        "die 1 in Zeile 3, Spalte 2 berührt ihre Mine schon in Zeile 3, Spalte 1, "
        "also ist Zeile 4, Spalte 1 sicher"
    )
    assert str(reason) == english  # (the language changes what is shown, never the str)
    language.use("zh_CN")
    assert language.shown(reason) == (
        "第 3 行第 2 列的“1”已经在第 3 行第 1 列接触到它全部的 1 个雷，所以第 4 行第 1 列是安全的"
    )


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_reason_of_a_game_is_said_in_every_language(code: str) -> None:
    game = Game.new(16, 30, 99, seed=7)
    game.reveal(8, 15)
    reasons = [d.reason for d in analyse(game.view(), 99).deductions]
    assert len(reasons) >= 5
    language.use(code)
    for reason in reasons:
        said = language.shown(reason)
        assert said and said != str(reason), reason
        assert "row" not in said and "column" not in said and "{" not in said, said


def test_the_hint_box_says_the_reason_in_german_with_a_capital() -> None:
    game = Game.from_layout("*.\n..\n.*")
    game.reveal(0, 1)
    hint = game.hint()
    assert hint is not None and hint.rule == "chance"
    assert box_text(Advice(hint=hint)).startswith("Nothing is certain. No cell is certain; ")
    language.use("de")
    text = box_text(Advice(hint=hint, exact=False))
    assert text.startswith("Nichts ist gewiss. Kein Feld ist gewiss; Zeile "), text
    assert text.endswith("(eine Schätzung: das Spielfeld ist zu breit, um genau zu zählen)")
    assert box_text(Advice(note=TOO_LARGE)).startswith("Tipps und Minenwahrscheinlichkeiten")


def test_polish_counts_take_the_three_plural_forms() -> None:
    language.use("pl")
    assert [language.shown(mines_word(n)) for n in (1, 2, 5, 22, 25)] == [
        "1 mina",
        "2 miny",
        "5 min",
        "22 miny",
        "25 min",
    ]
    the = the_number(3, (1, 1))
    target = cell_name((0, 0))

    def hidden(n: int) -> str:
        cells = [(0, c) for c in range(n)]
        return language.shown(single_reason(the, 3, 3, [], cells, False, target, True))

    assert "ma dokładnie 3 zakryte pola (wiersz 1, kolumny 1, 2 i 3)" in hidden(3)
    assert "ma dokładnie 5 zakrytych pól (wiersz 1, kolumny 1, 2, 3, 4 i 5)" in hidden(5)
    assert hidden(3).startswith("liczba 3 (wiersz 2, kolumna 2) potrzebuje min: 3 miny;")
    language.use(language.ENGLISH)
    assert hidden(5) == (
        "the 3 at row 2, column 2 needs 3 mines; it has exactly 5 hidden cells (row 1, "
        "columns 1, 2, 3, 4 and 5), so row 1, column 1 is a mine"
    )


def test_a_reason_is_frozen_and_copies_whole() -> None:
    reason = touches_reason()
    with pytest.raises(AttributeError):
        reason.template = "x"  # type: ignore[misc]
    for again in (copy.deepcopy(reason), pickle.loads(pickle.dumps(reason))):
        assert again == reason and isinstance(again, Reason)
        language.use("ja")
        assert language.shown(again) == language.shown(reason) != str(reason)
        language.use(language.ENGLISH)


@pytest.mark.parametrize("code", ["de", "zh_CN"])
def test_the_hint_box_in_the_window_speaks_the_language(app: App, code: str) -> None:
    use_layout(app, BEGINNER)
    click(app, cell_center(app, 0, 5))
    language.use(code)
    app.play.command(Command.HINT)
    app.run(frames=1)
    hint, advice = app.table.hint, app.table.advice()
    assert hint is not None and advice is not None
    box = app.play.notes.rect
    assert box is not None and box.width > 0 and box.height > 0
    text = box_text(advice)
    assert text[:1] == language.shown(hint.reason)[:1].upper()
    assert text[1:] == language.shown(hint.reason)[1:]
    assert ("Zeile" if code == "de" else "行") in text and "row" not in text
    # The box is drawn: its pixels are not the board's alone.
    colours = {
        app.viewport.screen.get_at((x, y))[:3]
        for x in range(box.left, box.right, 3)
        for y in range(box.top, box.bottom, 3)
    }
    assert len(colours) > 1
