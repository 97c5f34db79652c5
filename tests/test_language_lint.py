"""No words reach the player unmarked: an AST scan of the packages that speak to the
player (game/screens, flows, scenes, view, modes, cli, persist, and the shell, game/app.py;
the readers of replay files and board codes, game/replay, whose complaints the player reads)
for string literals that reach the screen or the terminal unmarked for the catalogs
(game.language: gettext, ngettext, pgettext, N_, Words), so a word left in English
fails here rather than in a player's hands.

Where words reach the player (SINKS, SETS, SAYS): the dialogs' and the window's
entry points (a title, lines, items, buttons, a form's label, the window's title,
text drawn with a font), the notes of the window and of the viewer, the command
line's output (say, its usage errors, its help), the data folder's messages, the
replay readers' errors (ReplayError, VideoError, BoardCodeError); and
what the modes' and the flows' sayers return (a title, a panel's line, a progress
line). A literal is words when, its {fields} and %(codes)s taken out, two letters
are left; only the few of ALLOWED reach the player as they are, each for the reason
given. A literal marked for the catalogs must be plain (an f-string is never found
by the extractor)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCANNED = [
    *(ROOT / "game" / name for name in ("screens", "flows", "scenes", "view", "modes", "cli")),
    ROOT / "game" / "persist",
    ROOT / "game" / "app.py",
    ROOT / "game" / "replay" / "report_text.py",  # (--analyse's report, for a person)
    # the readers of the files a player can be handed: their complaints
    *(ROOT / "game" / "replay" / name for name in ("format.py", "reader.py", "files.py")),
    *(ROOT / "game" / "replay" / name for name in ("video.py", "from_video.py", "boardcode.py")),
    ROOT / "game" / "replay" / "formats",
    ROOT / "game" / "rules.py",  # (the rule modes' names: the Settings dialog's Rules line)
    ROOT / "game" / "words.py",
]
MARKERS = frozenset({"gettext", "ngettext", "pgettext", "N_", "Words"})
"""Calls that mark their literal for the catalogs (Words: its template is N_'s)."""

SINKS: dict[str, tuple[int | str, ...] | None] = {
    # the dialogs (game/view/widgets) and the screens' own makers: every text argument
    "MessageDialog": (0, 1, "buttons", "title", "lines"),
    "MenuDialog": (0, 1, 2, "lines", "buttons", "title"),
    "GridDialog": (0, 1, 2, "buttons", "lines"),
    "FormDialog": (0, "lines"),
    "HelpOverlay": (0, 1),
    "WorkScene": (0, "buttons"),
    "Field": (1,),
    "notice": None,
    "problems_dialog": None,
    "saved_dialog": (0,),
    "history_transfer_dialog": None,
    "race_dialog": None,
    "confirm_dialog": None,
    # the window and the drawing
    "set_title": None,
    "render": (0,),
    "say": None,  # a dialog's new lines; the command line's printed line
    "wait_for_key": (1,),
    # the command line and the shell
    "warn_to_stderr": None,
    "ArgumentTypeError": None,
    "ArgumentParser": ("description",),
    "add_argument": ("help",),
    # the data folder's messages
    "_cannot_save": None,
    "_go_in_memory": None,
    # the data folder's files, an import's and an export's complaints (their messages)
    "TransferError": None,
    "NotAFile": None,
    "Unreadable": None,
    "Refused": None,
    "GameRecordError": None,
    "ExportError": None,  # (a GIF that cannot be made: --export-gif, the viewer's)
    # the replay readers' complaints (the viewer's message, the History's, the command line)
    "ReplayError": None,
    "VideoError": None,
    "BoardCodeError": None,
    "fail": None,  # (the replay reader's error at a line)
    # the words a table of constants hands the screen, translated where shown
    "Theme": ("label",),  # (the Settings dialog's Look line)
    "Binding": (2, 3, 4, "shown", "covers"),  # (the help's key names and what they do)
}
"""Calls whose arguments reach the player, by the called name: which arguments
(positions and keywords; None: all of them)."""
SETS = frozenset({"note", "lines", "caption", "copy_button", "labels"})
"""Attributes whose value the window shows (a dialog's note, the table's note, a
viewer's note, a dialog's lines)."""
SAYS = frozenset(
    {
        *("title", "describe", "progress", "unranked", "words", "line", "status"),
        *("missing_display", "summary", "details", "move_table", "label", "read_legacy"),
    }
)
"""Functions whose returned words the window or the terminal shows (a mode's title
and panel lines, a job's progress line, the viewer's state, an export's words, why
no window can open, --analyse's report)."""
STREAMS = frozenset({"out", "err", "sys.stdout", "sys.stderr"})
"""``X.write(words)`` with X one of these: a line the command line prints."""
ADDERS = frozenset({"_messages"})
"""``X.add(words)`` with X one of these: a message for the player (game/persist)."""

ALLOWED: dict[str, str] = {
    r"^minesweeper(: |\s+$)": "the command's name before its message or its version (the only "
    "words of --version), as command-line tools write it",
    r"\bGIF\b": "a file format's name, written so in every language",
    r"\b3BV/s\b": "the community's abbreviation, the same in every language (docs/LANGUAGES.md)",
}
"""The only words that reach the player as they are (patterns), each with why."""

VERBATIM: dict[str, str] = {
    "NAMES": "the live counters' names a player types in an expression "
    "(game/screens/counters.py): identifiers, the same in every language",
    "GAMES": "the name of an archive's member of games, history.csv: a file's name",
    "FIELDS": "the columns of a history's export, the same in every language (a file's format)",
}
"""Constants of words-like names shown as they are, each with why (not followed)."""

WORDS = re.compile(r"[^\W\d_]{2,}")
FIELDS = re.compile(r"\{[^{}]*\}|%\([^)]*\)[a-z]|%[a-z]")


def words_in(text: str) -> bool:
    """The text says something in a language: two letters, fields and ALLOWED left out."""
    for allowed in ALLOWED:
        text = re.sub(allowed, " ", text)
    return bool(WORDS.search(FIELDS.sub(" ", text)))


def name_of(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


Constants = dict[str, ast.AST]
"""A module's constants: each name bound once at its top level, and its value."""


def constants_of(tree: ast.Module) -> Constants:
    """The names a module binds once at its top level to a value (its tables of words)."""
    bound: dict[str, list[ast.AST]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Name):
            bound.setdefault(target.id, []).append(value)
    return {name: values[0] for name, values in bound.items() if len(values) == 1}


def shown_literals(
    node: ast.AST, constants: Constants | None = None, followed: frozenset[str] = frozenset()
) -> Iterator[ast.AST]:
    """The literals of an expression that the player reads: not those under a marker
    (checked apart), nor keys, tests and the arguments of calls that only use them
    (getattr's name, a dict's key); a .format's and a .join's parts are read, and so
    are the module's constants the expression names (a table of words, followed)."""
    constants = constants or {}

    def inner(child: ast.AST) -> Iterator[ast.AST]:
        return shown_literals(child, constants, followed)

    if isinstance(node, ast.Name):
        if node.id in constants and node.id not in followed | VERBATIM.keys():
            yield from shown_literals(constants[node.id], constants, followed | {node.id})
        return
    if isinstance(node, ast.Dict):
        for value in node.values:
            yield from inner(value)
        return
    if isinstance(node, ast.Constant):
        if isinstance(node.value, str) and words_in(node.value):
            yield node
        return
    if isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
        if words_in(text):
            yield node
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                yield from inner(value.value)
        return
    if isinstance(node, ast.Call):
        name = name_of(node)
        if name in MARKERS:
            return
        if isinstance(node.func, ast.Attribute):
            yield from inner(node.func.value)  # ("words".format(...), ", ".join)
        if name in ("format", "join"):
            for argument in [*node.args, *(k.value for k in node.keywords)]:
                yield from inner(argument)
        return
    if isinstance(node, ast.Subscript):
        yield from inner(node.value)
        return
    if isinstance(node, ast.IfExp):
        yield from inner(node.body)
        yield from inner(node.orelse)
        return
    if isinstance(node, (ast.Compare, ast.Lambda)):
        return
    for child in ast.iter_child_nodes(node):
        yield from inner(child)


def sink_arguments(call: ast.Call) -> Iterator[ast.AST]:
    name = name_of(call)
    if name == "write" and isinstance(call.func, ast.Attribute):
        receiver = ast.unparse(call.func.value)
        if receiver in STREAMS:
            yield from call.args
        return
    if name == "add" and isinstance(call.func, ast.Attribute):
        receiver = call.func.value
        if isinstance(receiver, ast.Attribute) and receiver.attr in ADDERS:
            yield from call.args
        return
    if name not in SINKS:
        return
    which = SINKS[name]
    for at, argument in enumerate(call.args):
        if which is None or at in which:
            yield argument
    for keyword in call.keywords:
        if which is None or keyword.arg in which:
            yield keyword.value


def unmarked(source: str, where: str = "<source>") -> list[str]:
    """Each literal of ``source`` that reaches the player unmarked, and each marked
    one that is no plain literal: 'where:line: text'."""
    tree = ast.parse(source)
    constants = constants_of(tree)
    found: list[tuple[int, str]] = []

    def report(node: ast.AST, why: str = "") -> None:
        line = getattr(node, "lineno", 0)
        found.append((line, f"{where}:{line}: {why}{ast.unparse(node)}"))

    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if name_of(node) in ("gettext", "ngettext", "pgettext", "N_"):
                for argument in node.args:
                    if isinstance(argument, ast.JoinedStr) or (
                        isinstance(argument, ast.BinOp) and isinstance(argument.op, ast.Mod)
                    ):
                        report(argument, "a marked f-string (the catalogs never find it): ")
            for argument in sink_arguments(node):
                for literal in shown_literals(argument, constants):
                    report(literal)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if node.value is not None and any(
                isinstance(t, ast.Attribute) and t.attr in SETS for t in targets
            ):
                for literal in shown_literals(node.value, constants):
                    report(literal)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in SAYS:
            for inner in ast.walk(node):
                if isinstance(inner, ast.Return) and inner.value is not None:
                    for literal in shown_literals(inner.value, constants):
                        report(literal)
    return [text for _, text in sorted(set(found))]


def scanned_files() -> list[Path]:
    files: list[Path] = []
    for place in SCANNED:
        files += sorted(place.rglob("*.py")) if place.is_dir() else [place]
    return files


def test_no_words_reach_the_player_unmarked() -> None:
    left = []
    for path in scanned_files():
        left += unmarked(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert not left, "words shown unmarked (mark them: game.language):\n" + "\n".join(left)


PLANTED = [
    'MessageDialog("Oops", [gettext("Fine.")])',
    'MessageDialog(N_("Title"), ["An unmarked line."])',
    'MenuDialog(TITLE, items, lines=[f"Folder: {folder}"], buttons=(CANCEL,))',
    'dialog.note = f"Level {n} is locked."',
    'self.table.note = "largest zoom" if big else gettext("smallest zoom")',
    'say(sys.stderr, f"cannot read {path}")',
    'window.set_title(f"{TITLE} - replay")',
    'p.add_argument("--zoom", help="pixel scale")',
    'raise argparse.ArgumentTypeError(f"zoom is {z}; got {text!r}")',
    'self._messages.add(f"The file {path} could not be read.")',
    'font.render("Exporting GIF " + percent, True, colour)',
    'out.write(f"The ladder: {won} of {levels} levels won\\n")',
    'text = gettext(f"Hello {name}")',
    'MessageDialog(N_("T"), ["Saved: {name}".format(name=name)])',
    'MessageDialog(N_("T"), [gettext("{what} saved").format(what="the replay")])',
    'raise VideoError(f"more than {MAX_EVENTS} mouse events")',
    'raise ReplayError("a finished game\'s replay has no moves")',
    'raise BoardCodeError("the board code\'s start cell is off its board") from None',
    'raise self.fail(f"unknown header key {key}")',
    # words built from a module's constants, followed to the table that holds them
    '_MODES = {1: (0, "Win7 (first click opens an area)")}\ndef label(self):\n'
    "    return _MODES[self][2]",
    'CLASSIC = Theme(name="classic", label="Classic")',
    'LOST = "lost"\nself.labels = ("", "0 s", LOST)',
    'Binding(Command.OPEN, ("Space",), N_("open"), shown="Space, Enter")',
]
"""Words left unmarked as they could be: each must be found."""
FINE = [
    '"""A docstring says nothing to the player."""',
    'MessageDialog(N_("Title"), [gettext("A line.")], buttons=(OK,))',
    "say(sys.stdout, json.dumps(entry, ensure_ascii=False))",
    'say(sys.stderr, f"minesweeper: {shown(problem)}")',
    'saved_dialog("GIF", path)',
    'x = {"file": name}',
    'self.note = gettext("paused") if entry["kind"] == "won" else getattr(e, "strerror", "")',
    'Field("name", gettext("Name"), last, max_len=20)',
    'self._messages.add(Words(N_("The file {path} was moved."), path=path))',
    'print("SELECT name FROM games")',
    'lines.append(("..", UP))',
    'log.write(f"--- minesweeper {version()} at {time.ctime()}\\n")',
    "raise VideoError(Words(MORE_EVENTS, n=MAX_EVENTS))",
    'raise ReplayError(Words(N_("the file ends inside its last event")))',
    'LOST = N_("lost")\nself.labels = ("", "0 s", gettext(LOST))',
    'NAMES = ("time", "bbbv")\nMessageDialog(N_("T"), [", ".join(NAMES)])',
]
"""Literals that are no words for the player, or marked: none may be found."""


@pytest.mark.parametrize("source", PLANTED)
def test_a_planted_unmarked_string_is_found(source: str) -> None:
    assert unmarked(source), source


def test_what_a_sayer_returns_is_checked() -> None:
    source = 'def progress(self, session):\n    return f"Board {n} won."\n'
    assert unmarked(source) == ["<source>:2: f'Board {n} won.'"]
    marked = 'def title(self):\n    return gettext("daily board of {day}").format(day=d)\n'
    assert unmarked(marked) == []


@pytest.mark.parametrize("source", FINE)
def test_what_is_no_players_words_or_is_marked_is_not_found(source: str) -> None:
    assert unmarked(source) == [], source
