"""The code stays clean: ruff (lint and format) and mypy --strict, as configured in
pyproject.toml, over the whole project."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
