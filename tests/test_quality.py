"""The code stays clean: ruff (lint and format) and mypy --strict, as configured in
pyproject.toml, over the whole project."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the tests run on 3.10 too
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
CODE = ["game", "tests", "benchmarks", "tools", "packaging"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_ruff_finds_nothing() -> None:
    done = run("ruff", "check", *CODE)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_code_is_ruff_formatted() -> None:
    done = run("ruff", "format", "--check", *CODE)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_passes_on_the_game() -> None:
    done = run("mypy")  # files and --strict come from pyproject.toml
    assert done.returncode == 0, done.stdout + done.stderr


def test_no_module_of_the_game_is_over_600_lines() -> None:
    long = {
        str(path.relative_to(ROOT)): count
        for path in (ROOT / "game").rglob("*.py")
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > 600
    }
    assert long == {}, "a file holds one idea: split these by role"


MODE_CLASSES = (
    "Ordinary",
    "Code",
    "Daily",
    "Practice",
    "Watching",
    "Resumed",
    "Ladder",
    "Trial",
    "Entered",
    "Mode",
)


def test_no_way_to_play_is_asked_for_outside_the_modes() -> None:
    """A way to play is one object: outside game/modes/ nothing asks which mode a game
    has (no isinstance or type test of a mode, no comparison of its name), and the old
    enum of sources is gone; each place asks the mode instead."""
    asked = re.compile(
        r"isinstance\([^)]*\b(" + "|".join(MODE_CLASSES) + r")\b"
        r"|type\([^)]*\.mode\)|\.mode\.name\s*[=!]=|\bSource\.\w"
    )
    found = [
        f"{path.relative_to(ROOT).as_posix()}:{number}"
        for path in sorted((ROOT / "game").rglob("*.py"))
        if "modes" not in path.relative_to(ROOT / "game").parts
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if asked.search(line)
    ]
    assert found == []


def test_at_most_eight_modules_sit_at_the_top_of_the_game() -> None:
    top = sorted(path.name for path in (ROOT / "game").glob("*.py"))
    assert len(top) <= 8, top


def test_every_package_of_the_game_is_a_layer_of_the_contract() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    named = {
        module.strip()
        for contract in contracts
        if "containers" not in contract
        for layer in contract["layers"]
        for module in layer.split(":")
    }
    packages = {
        "game." + path.parent.relative_to(ROOT / "game").as_posix().replace("/", ".")
        for path in (ROOT / "game").glob("*/__init__.py")
    }
    modules = {"game." + path.stem for path in (ROOT / "game").glob("*.py")} - {"game.__init__"}
    assert packages | modules <= named, sorted((packages | modules) - named)


def test_no_class_outside_the_core_is_over_300_lines() -> None:
    """A class holds one idea: outside the pure engine (whose Game is the rules
    themselves) none is over 300 lines."""
    import ast

    big = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        if "core" in path.relative_to(ROOT / "game").parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                lines = node.end_lineno - node.lineno + 1
                if lines > 300:
                    big[f"{path.relative_to(ROOT).as_posix()}:{node.name}"] = lines
    assert big == {}


def test_the_window_shell_makes_its_pieces_and_runs_the_loop_in_at_most_200_lines() -> None:
    """The shell (App) hands each piece what it needs when made and runs the loop: what
    a piece decides lives in that piece, so the shell stays within 200 lines."""
    import ast

    tree = ast.parse((ROOT / "game" / "app.py").read_text(encoding="utf-8"))
    (app,) = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "App"]
    assert app.end_lineno is not None and app.end_lineno - app.lineno + 1 <= 200


def function_level_imports(source: str) -> list[tuple[int, str]]:
    """The imports made inside a function (not those for the type checker only):
    each line number and its text."""
    found: list[tuple[int, str]] = []

    def walk(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            inside = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if in_function and isinstance(child, ast.Import | ast.ImportFrom):
                found.append((child.lineno, source.splitlines()[child.lineno - 1]))
            walk(child, inside)

    walk(ast.parse(source), False)
    return found


def test_modules_import_at_their_top_but_for_a_few_each_with_its_reason() -> None:
    """Start-up has one seam (game/__main__.py): a module's dependencies are at its
    top, where a reader sees them. At most 20 imports inside functions remain, each
    saying on its line why it waits."""
    lazy = [
        (path.relative_to(ROOT).as_posix(), line, text)
        for path in sorted((ROOT / "game").rglob("*.py"))
        for line, text in function_level_imports(path.read_text(encoding="utf-8"))
    ]
    assert len(lazy) <= 20, "\n".join(f"{path}:{line}: {text.strip()}" for path, line, text in lazy)
    unexplained = [f"{path}:{line}" for path, line, text in lazy if "#" not in text]
    assert not unexplained, f"no reason given: {unexplained}"


def test_the_import_counter_sees_an_import_in_a_function_and_not_one_for_the_checker() -> None:
    source = (
        "import os\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import sys\n"
        "def f():\n    import json  # why\n    if TYPE_CHECKING:\n        import re\n"
    )
    assert function_level_imports(source) == [(6, "    import json  # why")]
