"""The layers as a contract (import-linter, configured in pyproject.toml): the shell on
top, the pure core at the bottom, nothing importing upwards; and nothing imports the
shell but the entry point."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")


def lint(tree: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run(
        [LINT, "--config", str(tree / "pyproject.toml"), "--no-cache"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def copy_tree(tmp_path: Path) -> Path:
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "game", tree / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tree / "pyproject.toml")
    return tree


def test_the_layers_are_kept() -> None:
    done = lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 kept, 0 broken" in done.stdout


@pytest.mark.parametrize(
    ("module", "upward"),
    [
        ("game/core/board.py", "import game.session"),
        ("game/session/table.py", "import game.scenes.play"),
        ("game/persist/paths.py", "import game.view.render"),
        ("game/scenes/menubar.py", "import game.app"),
    ],
)
def test_an_upward_import_breaks_the_contract(tmp_path: Path, module: str, upward: str) -> None:
    tree = copy_tree(tmp_path)
    path = tree / module
    path.write_text(path.read_text() + f"\n{upward}  # noqa\n")
    done = lint(tree)
    assert done.returncode != 0
    assert "BROKEN" in done.stdout or "broken" in done.stdout


def test_nothing_imports_the_shell_but_the_entry_point() -> None:
    shell = re.compile(r"^\s*(from game\.app import|import game\.app|from game import app)", re.M)
    importers = [
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "game").rglob("*.py")
        if shell.search(path.read_text(encoding="utf-8"))
    ]
    assert importers == ["game/__main__.py"]
