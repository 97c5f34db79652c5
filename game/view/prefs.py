"""The player's preferences in one place: the settings (kept in the profile), the look,
the sound, and the key map; the toggle commands are made from game.view.toggles' table."""

from __future__ import annotations

from collections.abc import Callable

from game import language
from game.language import gettext
from game.persist.profile import Profile
from game.persist.settings import Settings
from game.view import native, scale, toggles, waiting
from game.view import theme as themes
from game.view.commands import AnyCommand, Command, DuplicateKeyError, KeyMap
from game.view.sound import SoundPlayer, warn_to_stderr
from game.view.window import desktop_size


def keymap_of(settings: Settings) -> KeyMap:
    """The command table with the player's rebound keys (ignored if they clash)."""
    try:
        return KeyMap().rebound(settings.keys)
    except DuplicateKeyError:
        return KeyMap()


class Prefs:
    """Settings, look, sound and keys, each change kept in the profile at once."""

    def __init__(self, profile: Profile, sound: bool | None = None) -> None:
        self.profile = profile
        self.settings: Settings = profile.settings
        themes.use(self.settings.theme)
        scale.use(self.settings.ui_scale, desktop_size())
        waiting.when_looked(self.follow_screen)  # (the DPI with the system's calls)
        self.sound = SoundPlayer(
            enabled=self.settings.sound if sound is None else sound,
            warn=warn_to_stderr,
            open_now=False,  # (the window opens it once its first frame is on screen)
        )
        self.keymap = keymap_of(self.settings)
        self.listeners: list[Callable[[], None]] = []
        """Told after every change of the settings (the window's size follows the
        live counters' panel)."""
        self.relayout: Callable[[], None] = lambda: None
        """Lay the window out and draw it again (the window sets it): the language
        changed, and every word on screen with it."""

    def follow_screen(self) -> None:
        """The scale the screen suits, its DPI told (the first rest: ctypes is loaded
        then for the loop's sleep), unless the player chose one: the window laid out
        again if that changes it."""
        before = scale.current()
        if scale.use(self.settings.ui_scale, desktop_size(), native.display_dpi()) != before:
            for listener in self.listeners:
                listener()
            self.relayout()

    def speak(self, command_line: str | None = None) -> None:
        """Speak the language of this start: the command line's (this session only),
        else the settings' (the system's at the first start, kept from then on)."""
        if self.settings.language is None:
            self.change(language=language.system_language())
        language.use(command_line or self.settings.language or language.ENGLISH)

    def save(self, settings: Settings) -> None:
        """Apply new settings and keep them (a game in progress keeps its rules)."""
        if settings.sound != self.settings.sound:
            self.sound.enabled = settings.sound  # (so --no-sound holds until M is pressed)
        if settings.theme != self.settings.theme:
            themes.use(settings.theme)
        rescaled = settings.ui_scale != self.settings.ui_scale
        if rescaled:
            scale.use(settings.ui_scale, desktop_size())
        chosen = settings.language != self.settings.language
        self.settings = settings
        self.profile.save_settings(settings)
        for listener in self.listeners:
            listener()
        if chosen:
            self._speak_chosen()
        elif rescaled:
            self.relayout()

    def _speak_chosen(self) -> None:
        """Speak the settings' language, at once (no restart), if it is not spoken."""
        if self.settings.language is not None and self.settings.language != language.current():
            language.use(self.settings.language)
            self.relayout()

    def change(self, **values: object) -> None:
        """Keep the settings with some values changed."""
        self.save(self.settings.replace(**values))

    @property
    def in_force(self) -> Settings:
        """The settings as this session plays them: the sound as it is (--no-sound, M)
        and the language spoken (--lang's), which the Settings dialog and the Options
        menu's ticks show."""
        return self.settings.replace(sound=self.sound.enabled, language=language.current())

    def set(self, setting: toggles.Setting, command: Command | None = None) -> None:
        """Set one setting as its command (None: the Settings dialog's click, the next
        value) does from the value in force, and keep it; the others kept as they are."""
        shown = self.in_force
        new = setting.cycled(shown) if command is None else setting.by(command, shown)
        changed = {
            name: getattr(new, name)
            for name in Settings.__slots__
            if getattr(new, name) != getattr(shown, name)
        }
        self.sound.enabled = new.sound  # (--no-sound holds until the player turns it on)
        self.save(self.settings.replace(**changed))
        if setting is toggles.LANGUAGE:
            self._speak_chosen()  # (even the one kept, when --lang spoke another)

    def toggle(self, command: Command) -> bool:
        """Carry out a command that flips or picks a setting; False if it is none."""
        setting = toggles.setting_of(command)
        if setting is None:
            return False
        self.set(setting, command)
        return True

    def checked(self, command: Command) -> bool | None:
        """Whether a setting's menu line shows a tick (None: no setting's line)."""
        setting = toggles.setting_of(command)
        return None if setting is None else setting.checked(command, self.in_force)

    def next_theme(self) -> None:
        """The next look, round and round."""
        self.save(toggles.next_theme(self.settings))

    def rebind(self, command: AnyCommand, key: str) -> str:
        """Bind a key to a command (the play screen's or the replay viewer's), kept in
        the settings; what happened, in words. A key already bound elsewhere in the
        same scene is refused (the command table allows no key twice there)."""
        choice = dict(self.settings.keys)
        choice[command.value] = (key,)
        try:
            keymap = KeyMap().rebound(choice.items())
        except DuplicateKeyError:
            other = self.keymap.taken_by(key, command)
            what = other.value if other is not None else "the menu bar"
            return gettext("{key} is taken by {what}: kept as it was.").format(key=key, what=what)
        self.keymap = keymap
        self.save(self.settings.replace(keys=tuple(sorted(choice.items()))))
        does = next(b.does for b in keymap.bindings if b.command is command)
        return gettext("{key} now: {does}.").format(key=key, does=gettext(does))

    def default_keys(self) -> None:
        """Every key back to the command table's."""
        self.keymap = KeyMap()
        self.save(self.settings.replace(keys=()))
