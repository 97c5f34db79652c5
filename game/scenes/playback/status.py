"""The replay viewer's bar, over the menu bar: what the playback is doing and its
keys (as the key map binds them), the time played as a line along its foot, and,
while a GIF is being written, that work's progress in its place. Drawn in the look's
colours; the words are rendered only when they change.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.language import current, gettext
from game.scenes.playback.control import Playback
from game.view import scale
from game.view.commands import KeyMap
from game.view.commands import ViewerCommand as V
from game.view.fonts import ui_font
from game.view.scale import TEXT
from game.view.theme import current as theme
from game.words import ended_in

SHORT_NAMES = {"Escape": "Esc"}
"""Keys the bar names more briefly than SDL does."""


def key_name(keymap: KeyMap, command: V) -> str:
    """The first key of a viewer command, as the bar names it."""
    key = keymap.shortcut(command)
    return SHORT_NAMES.get(key, key)


def key_words(keymap: KeyMap) -> tuple[str, str, str]:
    """The viewer's keys named in the bar, longest first: every key with what it
    does (in the player's language), the keys alone, the fewest keys alone (worked
    out once for a key map and a language)."""
    return _key_words(keymap, current())


@lru_cache(maxsize=4)
def _key_words(keymap: KeyMap, language: str) -> tuple[str, str, str]:

    def k(command: V) -> str:
        return key_name(keymap, command)

    speed = f"{k(V.SPEED_1)}-{k(V.SPEED_8)} {k(V.SLOWER)} {k(V.FASTER)}"
    long = gettext(
        "{speed}: speed  {pause}: pause  {back} {on}: a move  {again}: again  "
        "{analysis}: analysis  {timeline}: timeline  {heatmap}: heatmap  {odds}: odds  "
        "{skip}: skip idle  {practise}: practise from here  {board}: play board  "
        "{gif}: GIF  {close}"
    ).format(
        speed=speed,
        pause=k(V.PAUSE),
        back=k(V.BACK),
        on=k(V.ON),
        again=k(V.AGAIN),
        analysis=k(V.ANALYSIS),
        timeline=k(V.TIMELINE),
        heatmap=k(V.HEATMAP),
        odds=k(V.ODDS),
        skip=k(V.SKIP_IDLE),
        practise=k(V.PRACTISE_HERE),
        board=k(V.PLAY_BOARD),
        gif=k(V.GIF),
        close=k(V.CLOSE),
    )
    keys = (
        V.PAUSE, V.AGAIN, V.ANALYSIS, V.TIMELINE, V.HEATMAP, V.ODDS, V.SKIP_IDLE,
        V.PRACTISE_HERE, V.PLAY_BOARD, V.GIF, V.CLOSE,
    )  # fmt: skip
    short = f"{k(V.SPEED_1)}/{k(V.SPEED_2)}/{k(V.SPEED_4)} " + " ".join(map(k, keys))
    fewest = (V.AGAIN, V.ANALYSIS, V.TIMELINE, V.HEATMAP, V.PLAY_BOARD, V.CLOSE)
    return long, short, " ".join(map(k, fewest))


def bar_state(playback: Playback, note: str) -> str:
    """What the playback is doing, as the bar says it: how the game ended and when,
    or paused, or its speed; idle time skipped; ``note``, a word about something
    just asked for."""
    if playback.finished:
        summary = playback.table.session.summary()
        state = ended_in(summary.status, summary.ms)
    else:
        state = gettext("paused") if playback.paused else f"{playback.speed:g}x"
    if playback.skip_idle:
        state = gettext("{state}, idle skipped").format(state=state)
    return f"{state} ({note})" if note else state


def status_forms(state: str, caption: str, keymap: KeyMap) -> tuple[str, ...]:
    """The bar's text, longest first (the first that fits is drawn), the state alone
    last: ``state`` says what the playback is doing, ``caption`` who played it."""
    long, short, fewest = key_words(keymap)
    forms = [
        gettext("Replay {state}").format(state=state) + f"   {long}",
        f"{state}  {short}",
        f"{state}  {fewest}",
    ]
    if caption:  # who played it comes before the keys' names
        name = caption.split(", ")[0]  # the player (or the program) alone
        player = name.split(" (")[0]  # (without the country)
        forms = [
            f"{caption}   {forms[0]}",
            f"{caption}   {forms[1]}",
            f"{caption}   {state}",
            f"{name}   {forms[1]}",
            f"{name}   {state}",
            f"{player}   {state}",
            *forms,
        ]
    return (*forms, state)


class StatusBar:
    """The bar's drawing, with the words last rendered kept."""

    def __init__(self) -> None:
        self._words: tuple[object, pygame.Surface] | None = None

    def _rendered(self, forms: tuple[str, ...], room: int, size: int) -> pygame.Surface:
        """The longest form that fits ``room`` pixels, rendered (again only when the
        text, the room or the look changed)."""
        ink = theme().text
        key = (forms, room, size, ink)
        if self._words is None or self._words[0] != key:
            font = ui_font(size)
            text = next((form for form in forms if font.size(form)[0] <= room), forms[-1])
            self._words = (key, font.render(text, True, ink))
        return self._words[1]

    def draw(
        self, screen: pygame.Surface, bar: pygame.Rect, forms: tuple[str, ...], played: float
    ) -> None:
        """The bar: the words, and the share of the replay's time played along its foot."""
        look = theme()
        screen.fill(look.face, bar)
        line = max(2, bar.h // 8)
        screen.fill(look.shadow, (bar.x, bar.bottom - line, bar.w, line))
        screen.fill(look.highlight, (bar.x, bar.bottom - line, int(bar.w * played), line))
        size = TEXT * scale.current()
        image = self._rendered(forms, bar.width - 4, size)
        # (centred by the font's line box: a line whose picture an underscore's foot
        # makes a pixel taller stands where every other line does)
        screen.blit(image, (bar.x + 4, bar.y + (bar.height - ui_font(size).get_height()) // 2))

    @staticmethod
    def draw_progress(screen: pygame.Surface, bar: pygame.Rect, done: float, stop: str) -> None:
        """Over the bar: how much of a GIF is written, as a bar and in words (``stop``:
        the key that stops it)."""
        look = theme()
        screen.fill(look.face, bar)
        inner = bar.inflate(-4, -max(4, bar.h // 4))
        screen.fill(look.shadow, inner)
        screen.fill(look.highlight, (inner.x, inner.y, int(inner.w * done), inner.h))
        font = ui_font(TEXT * scale.current())
        words = gettext("Exporting GIF {percent}   {stop}: stop").format(
            percent=f"{int(done * 100)}%", stop=stop
        )
        text = font.render(words, True, look.highlight_text)
        screen.blit(text, text.get_rect(center=inner.center))
