"""The widget package's dialogs: keys, clicks and typing in, closed/result out, and what they draw.

No event queue: each test builds pygame events by hand and hands them to the dialog,
as the window does. Clicks aim at the rectangles the dialog reports after a draw.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.view.sheet import GREY
from game.view.sprites import SpriteSheet
from game.view.theme import CLASSIC
from game.view.widgets import text as widget_text
from game.view.widgets.dialog import Dialog
from game.view.widgets.form import Field, FormDialog
from game.view.widgets.grid import GridDialog
from game.view.widgets.message import HelpOverlay, MessageDialog

SMALLEST = (168, 211)  # a 9x9 board at 1x
LARGEST = (504, 323)  # a 30x16 board at 1x


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.display.init()  # key names (the help's modifier test) need the video system
    pygame.font.init()


@pytest.fixture(scope="module")
def sprites() -> SpriteSheet:
    return SpriteSheet(1)


# --- events, as the window would hand them over ------------------------------------------


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod)


def text(s: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=s)


def down(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


def screen(size: tuple[int, int] = SMALLEST) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill(GREY)
    return surface


def drawn(dialog: Dialog, sprites: SpriteSheet, size: tuple[int, int] = SMALLEST) -> pygame.Surface:
    surface = screen(size)
    dialog.draw(surface, sprites)
    return surface


def click(dialog: Dialog, pos: tuple[int, int]) -> None:
    dialog.handle(down(pos))
    dialog.handle(up(pos))


def click_button(dialog: Dialog, sprites: SpriteSheet, label: str) -> None:
    drawn(dialog, sprites)
    click(dialog, dialog.button_rect(label).center)


def type_text(dialog: Dialog, s: str) -> None:
    """A keystroke as SDL delivers it: the KEYDOWN, then the text it made."""
    dialog.handle(key(pygame.K_a))
    dialog.handle(text(s))


def pixels(surface: pygame.Surface, rect: pygame.Rect) -> list[tuple[int, int, int]]:
    return [
        (c.r, c.g, c.b)
        for c in (
            surface.get_at((x, y))
            for y in range(rect.top, rect.bottom)
            for x in range(rect.left, rect.right)
        )
    ]


def count_red(surface: pygame.Surface, rect: pygame.Rect) -> int:
    return sum(1 for r, g, b in pixels(surface, rect) if r > 200 and g < 80 and b < 80)


def count_colour(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    return sum(1 for p in pixels(surface, rect) if p == colour)


def never(values: dict[str, str]) -> str | None:
    return None


def custom_field(validate: Callable[[dict[str, str]], str | None] = never) -> FormDialog:
    return FormDialog(
        "Custom Field",
        [
            Field("height", "Height:", "9", numeric=True, max_len=3),
            Field("width", "Width:", "9", numeric=True, max_len=3),
            Field("mines", "Mines:", "10", numeric=True, max_len=4),
        ],
        validate,
    )


def width_rule(values: dict[str, str]) -> str | None:
    if values["width"].isdigit() and 9 <= int(values["width"]) <= 30:
        return None
    return "Width must be 9 to 30."


# --- MessageDialog -----------------------------------------------------------------------


@pytest.mark.parametrize("enter", [pygame.K_RETURN, pygame.K_KP_ENTER])
def test_enter_picks_the_first_button(enter: int) -> None:
    dialog = MessageDialog("Quit", ["Leave the game?"], ("Yes", "No"))
    dialog.handle(key(enter))
    assert dialog.closed
    assert dialog.result == "Yes"


def test_escape_cancels_a_choice_of_buttons() -> None:
    dialog = MessageDialog("Quit", ["Leave the game?"], ("Yes", "No"))
    dialog.handle(key(pygame.K_ESCAPE))
    assert dialog.closed
    assert dialog.result is None


def test_escape_on_a_lone_ok_answers_ok() -> None:
    dialog = MessageDialog("Minesweeper", ["You won!"])
    dialog.handle(key(pygame.K_ESCAPE))
    assert dialog.closed
    assert dialog.result == "OK"


def test_other_keys_and_text_leave_a_message_open() -> None:
    dialog = MessageDialog("Minesweeper", ["You won!"])
    for event in (key(pygame.K_a), text("a"), key(pygame.K_TAB), key(pygame.K_F5)):
        dialog.handle(event)
    assert not dialog.closed
    assert dialog.result is None


@pytest.mark.parametrize("label", ["Yes", "No", "Cancel"])
def test_clicking_a_button_picks_it(sprites: SpriteSheet, label: str) -> None:
    dialog = MessageDialog("Save", ["Save the game before leaving?"], ("Yes", "No", "Cancel"))
    click_button(dialog, sprites, label)
    assert dialog.closed
    assert dialog.result == label


def test_button_fires_on_release_not_on_press(sprites: SpriteSheet) -> None:
    dialog = MessageDialog("Quit", ["Leave?"], ("Yes", "No"))
    drawn(dialog, sprites)
    centre = dialog.button_rect("No").center
    dialog.handle(down(centre))
    assert not dialog.closed
    dialog.handle(up(centre))
    assert dialog.result == "No"


def test_button_is_drawn_pressed_while_held_and_pops_up_when_dragged_off(
    sprites: SpriteSheet,
) -> None:
    dialog = MessageDialog("Quit", ["Leave?"], ("Yes", "No"))
    idle = drawn(dialog, sprites)
    rect = dialog.button_rect("No")
    dialog.handle(down(rect.center))
    assert dialog.dirty()
    held = drawn(dialog, sprites)
    assert pixels(held, rect) != pixels(idle, rect)
    # The pressed bevel is dark at the top left, where the raised one is light.
    assert held.get_at(rect.topleft)[:3] != idle.get_at(rect.topleft)[:3]

    dialog.handle(motion((rect.right + 20, rect.bottom + 20)))
    assert dialog.dirty()
    dragged_off = drawn(dialog, sprites)
    assert pixels(dragged_off, rect) == pixels(idle, rect)

    dialog.handle(up((rect.right + 20, rect.bottom + 20)))
    assert not dialog.closed, "a release off the button fires nothing"


def test_dragging_back_onto_the_button_and_releasing_fires(sprites: SpriteSheet) -> None:
    dialog = MessageDialog("Quit", ["Leave?"], ("Yes", "No"))
    drawn(dialog, sprites)
    rect = dialog.button_rect("Yes")
    dialog.handle(down(rect.center))
    dialog.handle(motion((0, 0)))
    dialog.handle(motion(rect.center))
    dialog.handle(up(rect.center))
    assert dialog.result == "Yes"


def test_release_over_another_button_fires_neither(sprites: SpriteSheet) -> None:
    dialog = MessageDialog("Quit", ["Leave?"], ("Yes", "No"))
    drawn(dialog, sprites)
    dialog.handle(down(dialog.button_rect("Yes").center))
    dialog.handle(up(dialog.button_rect("No").center))
    assert not dialog.closed


def test_release_without_a_press_on_the_dialog_does_nothing(sprites: SpriteSheet) -> None:
    dialog = MessageDialog("Quit", ["Leave?"], ("Yes", "No"))
    drawn(dialog, sprites)
    dialog.handle(up(dialog.button_rect("Yes").center))
    assert not dialog.closed


@pytest.mark.parametrize("button", [2, 3, 4, 5])
def test_other_mouse_buttons_do_not_press_buttons(sprites: SpriteSheet, button: int) -> None:
    dialog = MessageDialog("Quit", ["Leave?"], ("Yes", "No"))
    drawn(dialog, sprites)
    click_at = dialog.button_rect("Yes").center
    dialog.handle(down(click_at, button))
    dialog.handle(up(click_at, button))
    assert not dialog.closed


def test_clicks_before_the_first_draw_hit_nothing() -> None:
    dialog = MessageDialog("Quit", ["Leave?"], ("Yes", "No"))
    click(dialog, (84, 105))
    assert not dialog.closed
    assert dialog.rect is None
    with pytest.raises(LookupError):
        dialog.button_rect("Yes")


def test_button_rect_of_an_unknown_label_is_a_lookup_error(sprites: SpriteSheet) -> None:
    dialog = MessageDialog("Quit", ["Leave?"], ("Yes", "No"))
    drawn(dialog, sprites)
    with pytest.raises(LookupError):
        dialog.button_rect("Maybe")


def test_dirty_until_drawn_then_only_after_a_change(sprites: SpriteSheet) -> None:
    dialog = MessageDialog("Quit", ["Leave?"], ("Yes", "No"))
    assert dialog.dirty()
    drawn(dialog, sprites)
    assert not dialog.dirty()
    # Events that change nothing leave it clean.
    ignored = [
        pygame.event.Event(pygame.KEYUP, key=pygame.K_a, mod=0),
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1),
        pygame.event.Event(pygame.WINDOWFOCUSLOST),
        motion((5, 5)),
        text("x"),
    ]
    for event in ignored:
        dialog.handle(event)
    assert not dialog.dirty()
    assert not dialog.closed
    dialog.handle(down(dialog.button_rect("No").center))
    assert dialog.dirty()


def test_a_clean_draw_paints_the_same_picture(sprites: SpriteSheet) -> None:
    dialog = MessageDialog("Quit", ["Leave the game?"], ("Yes", "No"))
    first = drawn(dialog, sprites)
    again = drawn(dialog, sprites)
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(again, "RGB")


def test_long_lines_wrap_to_fit_the_smallest_window(sprites: SpriteSheet) -> None:
    short = MessageDialog("Minesweeper", ["Short."])
    long = MessageDialog("Minesweeper", ["word " * 60])
    drawn(short, sprites)
    drawn(long, sprites)
    assert short.rect is not None and long.rect is not None
    assert long.rect.width <= SMALLEST[0]
    assert long.rect.height > short.rect.height + 30


def test_a_message_needs_a_button() -> None:
    with pytest.raises(ValueError):
        MessageDialog("Minesweeper", ["?"], ())


# --- wrap --------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    words=st.lists(st.text(alphabet="abcdefgWMi0123.", min_size=1, max_size=30), max_size=20),
    width=st.integers(min_value=20, max_value=200),
)
def test_wrap_keeps_every_character_and_no_line_is_too_wide(words: list[str], width: int) -> None:
    font = pygame.font.Font(None, 15)
    lines = widget_text.wrap(font, " ".join(words), width)
    assert "".join(lines).replace(" ", "") == "".join(words)
    for line in lines:
        assert font.size(line)[0] <= width or len(line) == 1


def test_wrap_breaks_at_spaces_when_it_can() -> None:
    font = pygame.font.Font(None, 15)
    one = font.size("Minesweeper")[0]
    assert widget_text.wrap(font, "Minesweeper Minesweeper", one + 5) == ["Minesweeper"] * 2
    assert widget_text.wrap(font, "a\nb", 100) == ["a", "b"]
    assert widget_text.wrap(font, "", 100) == [""]


# --- FormDialog --------------------------------------------------------------------------


def test_form_starts_on_the_first_field_with_its_text_selected() -> None:
    form = custom_field()
    assert form.focus == "height"
    type_text(form, "2")
    assert form.values["height"] == "2", "typing replaces the selected text"
    type_text(form, "4")
    assert form.values["height"] == "24"


def test_numeric_fields_refuse_letters() -> None:
    form = custom_field()
    type_text(form, "x")
    assert form.values["height"] == "9", "a refused letter keeps the selected text"
    type_text(form, "1a2b")
    assert form.values["height"] == "12"
    type_text(form, "-")
    type_text(form, " ")
    type_text(form, "\u00b2")  # a superscript two is a digit to str.isdigit, not to us
    assert form.values["height"] == "12"


def test_text_fields_take_anything_printable_up_to_max_len() -> None:
    form = FormDialog("Name", [Field("name", "Name:", "Anonymous", max_len=8)], never)
    type_text(form, "Ada L.")
    type_text(form, "ovelace")
    assert form.values["name"] == "Ada L.ov"


def test_numeric_fields_stop_at_max_len() -> None:
    form = custom_field()
    type_text(form, "12345")
    assert form.values["height"] == "123"


def test_backspace_deletes_the_selection_then_the_last_character() -> None:
    form = custom_field()
    form.handle(key(pygame.K_TAB))  # to width, "9" selected
    form.handle(key(pygame.K_TAB))  # to mines, "10" selected
    form.handle(key(pygame.K_BACKSPACE))
    assert form.values["mines"] == ""
    type_text(form, "40")
    form.handle(key(pygame.K_BACKSPACE))
    assert form.values["mines"] == "4"
    form.handle(key(pygame.K_BACKSPACE))
    form.handle(key(pygame.K_BACKSPACE))
    assert form.values["mines"] == ""


def test_tab_order_goes_round_both_ways() -> None:
    form = custom_field()
    order = []
    for _ in range(6):
        form.handle(key(pygame.K_TAB))
        order.append(form.focused_button or form.focus)
    assert order == ["width", "mines", "OK", "Cancel", "height", "width"]
    back = []
    for _ in range(5):
        form.handle(key(pygame.K_TAB, pygame.KMOD_LSHIFT))
        back.append(form.focused_button or form.focus)
    assert back == ["height", "Cancel", "OK", "mines", "width"]


def test_up_and_down_move_the_focus() -> None:
    form = custom_field()
    form.handle(key(pygame.K_DOWN))
    assert form.focus == "width"
    form.handle(key(pygame.K_DOWN))
    assert form.focus == "mines"
    form.handle(key(pygame.K_UP))
    form.handle(key(pygame.K_UP))
    form.handle(key(pygame.K_UP))
    assert form.focus == "mines"


def test_a_field_that_gets_the_focus_has_its_text_selected() -> None:
    form = custom_field()
    form.handle(key(pygame.K_TAB))
    type_text(form, "2")
    type_text(form, "0")
    assert form.values == {"height": "9", "width": "20", "mines": "10"}


def test_text_from_the_keystroke_that_opened_the_form_is_ignored() -> None:
    form = custom_field()
    form.handle(text("5"))
    assert form.values["height"] == "9"
    type_text(form, "5")
    assert form.values["height"] == "5"


def test_clicking_a_field_focuses_it_and_selects_its_text(sprites: SpriteSheet) -> None:
    form = custom_field()
    drawn(form, sprites)
    click(form, form.field_rect("mines").center)
    assert form.focus == "mines"
    type_text(form, "7")
    assert form.values["mines"] == "7"
    click(form, form.field_rect("mines").center)  # the focused one: drop the selection
    type_text(form, "5")
    assert form.values["mines"] == "75"


def test_the_focused_fields_selection_is_drawn_white_on_navy(sprites: SpriteSheet) -> None:
    form = custom_field()
    surface = drawn(form, sprites)
    assert count_colour(surface, form.field_rect("height"), CLASSIC.highlight) > 0
    assert count_colour(surface, form.field_rect("width"), CLASSIC.highlight) == 0
    form.handle(key(pygame.K_TAB))
    surface = drawn(form, sprites)
    assert count_colour(surface, form.field_rect("height"), CLASSIC.highlight) == 0
    assert count_colour(surface, form.field_rect("width"), CLASSIC.highlight) > 0


def test_enter_submits_valid_values() -> None:
    form = custom_field(width_rule)
    form.handle(key(pygame.K_TAB))
    type_text(form, "30")
    form.handle(key(pygame.K_RETURN))
    assert form.closed
    assert form.result == {"height": "9", "width": "30", "mines": "10"}


def test_validation_error_keeps_the_form_open_and_shows_in_red(sprites: SpriteSheet) -> None:
    form = custom_field(width_rule)
    before = drawn(form, sprites)
    assert form.rect is not None
    assert count_red(before, form.rect) == 0
    form.handle(key(pygame.K_TAB))
    type_text(form, "31")
    form.handle(key(pygame.K_KP_ENTER))
    assert not form.closed
    assert form.result is None
    assert form.error == "Width must be 9 to 30."
    assert form.dirty()
    after = drawn(form, sprites)
    assert form.rect is not None
    assert count_red(after, form.rect) > 20
    # Fixed, OK (clicked, at its new place under the error line) closes it.
    form.handle(key(pygame.K_BACKSPACE))
    type_text(form, "0")
    click(form, form.button_rect("OK").center)
    assert form.closed
    assert form.result == {"height": "9", "width": "30", "mines": "10"}


def test_ok_click_validates_too(sprites: SpriteSheet) -> None:
    form = custom_field(lambda values: "Never right.")
    click_button(form, sprites, "OK")
    assert not form.closed
    assert form.error == "Never right."


@pytest.mark.parametrize("how", ["escape", "cancel"])
def test_escape_or_cancel_closes_with_none(sprites: SpriteSheet, how: str) -> None:
    calls: list[dict[str, str]] = []

    def validate(values: dict[str, str]) -> str | None:
        calls.append(values)
        return None

    form = custom_field(validate)
    if how == "escape":
        form.handle(key(pygame.K_ESCAPE))
    else:
        click_button(form, sprites, "Cancel")
    assert form.closed
    assert form.result is None
    assert calls == []


def test_form_lines_are_drawn_above_the_fields(sprites: SpriteSheet) -> None:
    plain = custom_field()
    explained = FormDialog(
        "Custom Field", plain.fields, never, lines=["Choose the size of the field."]
    )
    drawn(plain, sprites)
    drawn(explained, sprites)
    assert plain.rect is not None and explained.rect is not None
    assert explained.rect.height > plain.rect.height
    plain_y = plain.field_rect("height").y - plain.rect.y
    explained_y = explained.field_rect("height").y - explained.rect.y
    assert explained_y > plain_y


def test_a_form_needs_fields_with_distinct_keys() -> None:
    with pytest.raises(ValueError):
        FormDialog("Empty", [], never)
    with pytest.raises(ValueError):
        FormDialog("Twice", [Field("a", "A:"), Field("a", "B:")], never)


# --- GridDialog -------------------------------------------------------------------------


def best_times() -> GridDialog:
    return GridDialog(
        "Fastest Mine Sweepers",
        ["#", "Name", "Time", "Date"],
        [
            ["1", "Anonymous", "999", "2024-05-01"],
            ["2", "Ada Lovelace", "12", "2025-11-30"],
            ["3", "Bob"],  # short rows are padded
        ],
        ("Reset Scores", "OK"),
        lines=["Beginner level."],
    )


def test_table_enter_picks_the_first_button_and_escape_cancels() -> None:
    table = best_times()
    table.handle(key(pygame.K_RETURN))
    assert table.result == "Reset Scores"
    table = best_times()
    table.handle(key(pygame.K_ESCAPE))
    assert table.closed
    assert table.result is None


def test_table_escape_is_none_even_with_one_button() -> None:
    table = GridDialog("Statistics", ["Played"], [["3"]])
    table.handle(key(pygame.K_ESCAPE))
    assert table.closed
    assert table.result is None


def test_table_click_picks_a_button(sprites: SpriteSheet) -> None:
    table = best_times()
    click_button(table, sprites, "OK")
    assert table.result == "OK"


# --- HelpOverlay -------------------------------------------------------------------------

HELP_KEYS = [
    ("Left click", "Open a cell"),
    ("Right click", "Flag, question mark, clear"),
    ("Both buttons", "Open the neighbours of a number whose flags are all placed"),
    ("F2", "New game"),
    ("F1", "This help"),
]


@pytest.mark.parametrize(
    "k", [pygame.K_a, pygame.K_F1, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_RETURN]
)
def test_help_closes_on_any_key(k: int) -> None:
    overlay = HelpOverlay(HELP_KEYS)
    assert isinstance(overlay, HelpOverlay)
    overlay.handle(key(k))
    assert overlay.closed
    assert overlay.result == "OK"


@pytest.mark.parametrize("k", [pygame.K_LSHIFT, pygame.K_RCTRL, pygame.K_LALT])
def test_help_ignores_a_modifier_alone(k: int) -> None:
    overlay = HelpOverlay(HELP_KEYS)
    overlay.handle(key(k))
    assert not overlay.closed


@pytest.mark.parametrize("button", [1, 2, 3])
def test_help_closes_on_a_click_anywhere(sprites: SpriteSheet, button: int) -> None:
    overlay = HelpOverlay(HELP_KEYS)
    drawn(overlay, sprites)
    overlay.handle(down((1, 1), button))
    assert not overlay.closed, "closes on the release, so the click does not reach the game"
    overlay.handle(up((1, 1), button))
    assert overlay.closed
    assert overlay.result == "OK"


def test_help_ignores_the_release_of_a_click_it_did_not_see_start(sprites: SpriteSheet) -> None:
    overlay = HelpOverlay(HELP_KEYS)
    drawn(overlay, sprites)
    overlay.handle(up((1, 1)))
    assert not overlay.closed


def test_help_has_a_title() -> None:
    overlay = HelpOverlay(HELP_KEYS, title="Keys")
    assert overlay.title == "Keys"


# --- fitting the window ------------------------------------------------------------------


def every_kind() -> dict[str, Callable[[], Dialog]]:
    def long_message() -> Dialog:
        return MessageDialog(
            "A rather long title for such a small window",
            ["You have the fastest time for the intermediate level. " * 3, "Well done!"],
            ("Yes", "No", "Cancel"),
        )

    def form_with_error() -> Dialog:
        form = FormDialog(
            "Congratulations",
            [Field("name", "Your name:", "Anonymous", max_len=32)],
            lambda values: "Names may be at most thirty-two letters long, please.",
            lines=["You have the fastest time for the expert level. Please type your name."],
        )
        form.handle(key(pygame.K_RETURN))
        return form

    def statistics() -> Dialog:
        return GridDialog(
            "Statistics",
            ["Level", "Played", "Won", "%", "Best streak"],
            [
                ["Beginner", "120", "80", "67%", "5"],
                ["Intermediate", "30", "9", "30%", "2"],
                ["Expert", "12", "1", "8%", "1"],
                ["Custom", "3", "0", "0%", "0"],
            ],
            ("Reset", "Close"),
            lines=["Statistics are kept per level since the first game."],
        )

    def long_help() -> Dialog:
        return HelpOverlay(HELP_KEYS * 2, lines=["Mouse and keys:"])

    return {
        "message": lambda: MessageDialog("Minesweeper", ["You won!"]),
        "long message": long_message,
        "form": custom_field,
        "form with error": form_with_error,
        "best times": best_times,
        "statistics": statistics,
        "help": long_help,
    }


KINDS = every_kind()


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize(
    ("size", "zoom"),
    [(SMALLEST, 1), (LARGEST, 1), (SMALLEST, 2), (LARGEST, 2), (SMALLEST, 4)],
)
def test_every_kind_fits_and_draws_only_inside_its_rect(
    kind: str, size: tuple[int, int], zoom: int
) -> None:
    sprites = SpriteSheet(zoom)
    dialog = KINDS[kind]()
    surface = screen((size[0] * zoom, size[1] * zoom))
    before = surface.copy()
    dialog.draw(surface, sprites)

    rect = dialog.rect
    assert rect is not None
    inside = surface.get_rect().inflate(-2 * zoom, -2 * zoom)
    assert inside.contains(rect), f"{rect} is not inside {inside}"
    for label in dialog.buttons:
        assert rect.contains(dialog.button_rect(label))

    # Outside the dialog's rect nothing changed; inside, the dialog drew.
    assert pixels(surface, rect) != pixels(before, rect)
    blank_after, blank_before = surface.copy(), before.copy()
    blank_after.fill((1, 2, 3), rect)
    blank_before.fill((1, 2, 3), rect)
    assert pygame.image.tobytes(blank_after, "RGB") == pygame.image.tobytes(blank_before, "RGB")


def test_the_dialog_is_centred(sprites: SpriteSheet) -> None:
    dialog = MessageDialog("Minesweeper", ["You won!"])
    drawn(dialog, sprites, LARGEST)
    assert dialog.rect is not None
    assert abs(dialog.rect.centerx - LARGEST[0] // 2) <= 1
    assert abs(dialog.rect.centery - LARGEST[1] // 2) <= 1


def test_a_bigger_zoom_draws_a_bigger_dialog() -> None:
    dialog = MessageDialog("Minesweeper", ["You won!"])
    dialog.draw(screen(LARGEST), SpriteSheet(1))
    small = dialog.rect
    dialog.draw(screen((LARGEST[0] * 2, LARGEST[1] * 2)), SpriteSheet(2))
    big = dialog.rect
    assert small is not None and big is not None
    assert big.width >= small.width * 3 // 2
    assert big.height >= small.height * 3 // 2


def test_the_font_shrinks_when_the_text_cannot_fit_otherwise(sprites: SpriteSheet) -> None:
    # Many lines: wrapped at the full font they would overflow 211 pixels.
    many = MessageDialog("Help", [f"Line number {i} of the text." for i in range(16)])
    surface = drawn(many, sprites)
    assert many.rect is not None
    assert surface.get_rect().contains(many.rect)
    few = MessageDialog("Help", ["Line number 1 of the text."])
    drawn(few, sprites)
    assert few.rect is not None
    title_band = pygame.Rect(many.rect.x + 4, many.rect.y + 4, many.rect.width - 8, 30)
    few_band = pygame.Rect(few.rect.x + 4, few.rect.y + 4, few.rect.width - 8, 30)
    navy_many = count_colour(surface, title_band, CLASSIC.highlight) // title_band.width
    navy_few = count_colour(drawn(few, sprites), few_band, CLASSIC.highlight) // few_band.width
    assert navy_many < navy_few, "the title band (one line of the font) got shorter"


def test_text_too_long_for_any_font_is_cut_but_the_buttons_stay(sprites: SpriteSheet) -> None:
    dialog = MessageDialog("Licence", [f"Clause {i}: the text goes on." for i in range(60)])
    surface = drawn(dialog, sprites)
    assert dialog.rect is not None
    assert surface.get_rect().contains(dialog.rect)
    ok = dialog.button_rect("OK")
    assert dialog.rect.contains(ok)
    click(dialog, ok.center)
    assert dialog.result == "OK"
