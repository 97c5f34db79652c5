"""Forms: labelled input fields over OK and Cancel."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.record import Record
from game.view.sprites import SpriteSheet
from game.view.theme import current as theme
from game.view.widgets.clipboard import paste, selection
from game.view.widgets.dialog import Arrangement, Dialog
from game.view.widgets.grid import GridPiece
from game.view.widgets.pieces import Piece
from game.view.widgets.style import WRAP_WIDTH, Style
from game.view.widgets.text import TextPiece, wrap_width

_DIGITS = frozenset("0123456789")


class Field(Record):
    """One input of a form: its key in the result, its label, its starting text."""

    __slots__ = ("key", "label", "max_len", "numeric", "too_long", "value")

    key: str
    label: str
    value: str
    numeric: bool
    """Digits only."""
    max_len: int
    too_long: str | None
    """What the form says when text arrives that would take the field past max_len
    (a paste; the field kept as it was); None: the text is cut at max_len."""

    def __init__(
        self,
        key: str,
        label: str,
        value: str = "",
        numeric: bool = False,
        max_len: int = 12,
        too_long: str | None = None,
    ) -> None:
        self.key = key
        self.label = label
        self.value = value
        self.numeric = numeric
        self.max_len = max_len
        self.too_long = too_long


class FieldsPiece(Piece):
    """A form's labelled input boxes, one per row, labels in a column on the left."""

    def __init__(self, style: Style, form: FormDialog, width: int) -> None:
        self.style, self.form = style, form
        z = style.zoom
        fields = form.fields
        self.label_w = max((style.width(f.label) for f in fields), default=0)
        self.inner_pad = 3 * z
        natural = max(
            (style.width(("0" if f.numeric else "n") * f.max_len) for f in fields), default=0
        )
        natural = max(natural + 2 * self.inner_pad + 5 * z, 4 * style.line)
        room = width - self.label_w - style.column_gap
        self.box_w = max(min(natural, room), 3 * style.line)
        self.width = self.label_w + style.column_gap + self.box_w
        self.row_gap = style.field_gap
        self.height = len(fields) * style.field_h + max(len(fields) - 1, 0) * self.row_gap

    def said(self) -> str:
        pairs = zip(self.form.fields, self.form.values_list, strict=True)
        return " ".join(f"{field.label}: {value}." for field, value in pairs)

    def boxes(self) -> list[pygame.Rect]:
        """Each field's box (bevel included), in the dialog picture's pixels."""
        x = self.x + self.label_w + self.style.column_gap
        step = self.style.field_h + self.row_gap
        return [
            pygame.Rect(x, self.y + i * step, self.box_w, self.style.field_h)
            for i in range(len(self.form.fields))
        ]

    def draw(self, image: pygame.Surface, sprites: SpriteSheet) -> None:
        style, form, z = self.style, self.form, self.style.zoom
        for i, (f, box) in enumerate(zip(form.fields, self.boxes(), strict=True)):
            label = style.text(f.label)
            label_y = box.y + (box.h - label.get_height()) // 2 + style.nudge
            image.blit(label, (self.x, label_y))
            sprites.frame(image, "sunken2", (box.x, box.y, box.w, box.h), fill=False)
            inside = box.inflate(-4 * z, -4 * z)
            image.fill(theme().field, inside)
            focused = i == form.focus_index and form.field_has_focus
            selected = focused and form.selected and form.values_list[i] != ""
            text = style.text(form.values_list[i], theme().highlight_text if selected else None)
            ty = inside.y + (inside.h - style.line) // 2 + style.nudge
            room = inside.w - 2 * self.inner_pad + z
            # A text wider than its box shows its end, where the caret is.
            tx = inside.x + self.inner_pad - max(0, text.get_width() - room)
            previous = image.get_clip()
            image.set_clip(inside.clip(previous))
            if selected:
                image.fill(theme().highlight, (tx - z, ty, text.get_width() + 2 * z, style.line))
            image.blit(text, (tx, ty))
            if focused and not selected:
                image.fill(theme().text, (tx + text.get_width() + z, ty, z, style.line))
            image.set_clip(previous)


class FormDialog(Dialog):
    """Labelled input fields with OK and Cancel; result is {key: text} or None.

    Tab moves the focus through the fields and on to the buttons, Shift+Tab back
    (wrapping round); Up and Down move between fields; a click on a field focuses
    it. A field that gets the focus has its whole text selected, so typing replaces
    it; clicking the field that already has the focus drops the selection.
    Characters arrive as TEXTINPUT events; numeric fields take digits only, and no
    field grows past its max_len. Backspace deletes the last character (or the
    selection). The caret stays at the end of the text and does not blink (so an
    idle form never needs redrawing).

    TEXTINPUT is taken only after the form has seen a KEYDOWN: the text of the very
    keystroke that opened the dialog (say, a space that won the game) belongs to the
    game, not to the form.

    Enter (unless a button has the focus) or OK calls validate(values): a message is
    shown in red inside the dialog, which stays open; None closes it with the values
    as result. Once an error shows, every edit checks again, so the error goes as
    soon as the values are right (or changes to the next thing wrong). ``note``, if
    given, writes a line under the fields from the values as typed (a limit that
    depends on them). Esc or Cancel closes it with None.
    """

    def __init__(
        self,
        title: str,
        fields: list[Field],
        validate: Callable[[dict[str, str]], str | None],
        lines: list[str] | None = None,
        note: Callable[[dict[str, str]], str] | None = None,
        buttons: tuple[str, ...] = ("OK", "Cancel"),
        figures: list[list[str]] | None = None,
        below: list[str] | None = None,
    ) -> None:
        if not fields:
            raise ValueError("a form needs at least one field")
        if len({f.key for f in fields}) != len(fields):
            raise ValueError("field keys must differ")
        self.fields = list(fields)
        super().__init__(title, buttons, buttons[0])
        self.figures = [list(row) for row in figures or []]
        """A grid of figures under the fields (the end of a game's, by a best time's name)."""
        self.below = list(below or [])
        """Lines under the figures."""
        self.pressed = buttons[0]
        """The button that closed the form: every button but Cancel checks and answers
        the values (a form with more buttons than OK says which with this)."""
        self._stop = 0
        self.validate = validate
        self.note = note
        self.lines = list(lines or [])
        self.values_list = [f.value for f in fields]
        self.focus_index = 0
        self.selected = True
        self.error: str | None = None
        self._keys_seen = False
        self._field_rects: list[pygame.Rect] = []

    @property
    def values(self) -> dict[str, str]:
        """The text of every field, by key."""
        return {f.key: value for f, value in zip(self.fields, self.values_list, strict=True)}

    @property
    def focus(self) -> str:
        """The key of the field last focused."""
        return self.fields[self.focus_index].key

    def focus_said(self) -> str:
        if not self.field_has_focus:
            return super().focus_said()
        field = self.fields[self.focus_index]
        value = self.values_list[self.focus_index]
        said = f"{field.label}: {value}"
        return f"{said}. {self.error}" if self.error else said

    @property
    def field_has_focus(self) -> bool:
        """True when a field (not a button) has the keyboard focus."""
        return self._stop < len(self.fields)

    def field_rect(self, key: str) -> pygame.Rect:
        """The field's input box as last drawn, in surface pixels.

        Raises LookupError for an unknown key or before the first draw.
        """
        for f, rect in zip(self.fields, self._field_rects, strict=False):
            if f.key == key:
                return rect.copy()
        raise LookupError(f"no field {key!r} drawn")

    def _body_stops(self) -> int:
        return len(self.fields)

    def _focus_rect(self, pieces: list[Piece]) -> pygame.Rect | None:
        boxes = [piece.boxes() for piece in pieces if isinstance(piece, FieldsPiece)]
        return boxes[0][self.focus_index] if boxes and self.field_has_focus else None

    def _focus_stop(self, stop: int) -> None:
        self.focus_index = stop
        self.selected = True

    def _focus_on(self, index: int) -> None:
        self._stop = index % len(self.fields)
        self._focus_stop(self._stop)
        self._changed()

    def _submit(self) -> None:
        values = self.values
        error = self.validate(values)
        if error is None:
            self._close(values)
        else:
            self.error = error
            self._changed()

    def _edited(self) -> None:
        if self.error is not None:
            self.error = self.validate(self.values)
        self._changed()

    def choose(self, label: str) -> None:
        if label == "Cancel":
            self._close(None)
        else:
            self.pressed = label
            self._submit()

    def _key(self, key: int, mod: int) -> None:
        self._keys_seen = True
        in_field = self.field_has_focus
        if key == pygame.K_UP and in_field:
            self._focus_on(self.focus_index - 1)
        elif key == pygame.K_DOWN and in_field:
            self._focus_on(self.focus_index + 1)
        elif key == pygame.K_v and mod & pygame.KMOD_CTRL and in_field:
            self._typed(" ".join(paste().split()))  # one line, as typed
        elif key == pygame.K_BACKSPACE and in_field:
            i = self.focus_index
            self.values_list[i] = "" if self.selected else self.values_list[i][:-1]
            self.selected = False
            self._edited()
        else:
            super()._key(key, mod)

    def takes_key(self, key: int) -> bool:
        """A field being typed in takes every key but the function keys (F2 still
        starts a new game; 1, 2 and 3 are typed)."""
        name = pygame.key.name(key, False)
        return self.field_has_focus and not (name[:1] in "Ff" and name[1:].isdigit())

    def _typed(self, text: str) -> None:
        if not self._keys_seen or not self.field_has_focus:
            return
        f = self.fields[self.focus_index]
        accepted = "".join(c for c in text if c in _DIGITS) if f.numeric else text
        accepted = "".join(c for c in accepted if c.isprintable())
        if not accepted:
            return
        i = self.focus_index
        current = "" if self.selected else self.values_list[i]
        room = f.max_len - len(current)
        if len(accepted) > room and f.too_long is not None:  # (not cut: said so)
            self.error = f.too_long
            self._changed()
            return
        if room <= 0:
            return
        self.values_list[i] = current + accepted[:room]
        self.selected = False
        self._edited()

    def _mouse_down(self, pos: tuple[int, int], button: int) -> None:
        if button == 2:  # the middle button pastes the primary selection (X11, Wayland)
            for i, rect in enumerate(self._field_rects):
                if rect.collidepoint(pos):
                    if i != self.focus_index or not self.field_has_focus:
                        self._focus_on(i)
                    self._keys_seen = True
                    self.selected = False
                    self._typed(" ".join(selection().split()))
                    return
        if button == 1:
            for i, rect in enumerate(self._field_rects):
                if rect.collidepoint(pos):
                    if i == self.focus_index and self.field_has_focus:
                        self.selected = False
                        self._changed()
                    else:
                        self._focus_on(i)
                    return
        super()._mouse_down(pos, button)

    def _body(self, style: Style, width: int) -> list[Piece]:
        text_w = min(width, WRAP_WIDTH * style.zoom)
        pieces: list[Piece] = []
        if self.lines:  # (a board code in them is shown whole: it widens the box)
            pieces.append(TextPiece(style, self.lines, wrap_width(style, self.lines, width)))
        pieces.append(FieldsPiece(style, self, width))
        if self.note is not None:
            pieces.append(TextPiece(style, [self.note(self.values)], text_w))
        if self.error:
            pieces.append(TextPiece(style, [self.error], text_w, theme().error))
        if self.figures:
            pieces.append(GridPiece(style, [], self.figures, width, [1]))  # (a code: wraps)
        if self.below:
            pieces.append(TextPiece(style, self.below, wrap_width(style, self.below, width)))
        return pieces

    def _painted(self, layout: Arrangement) -> None:
        assert self._rect is not None
        for piece in layout.pieces:
            if isinstance(piece, FieldsPiece):
                self._field_rects = [box.move(self._rect.topleft) for box in piece.boxes()]
