"""The Windows executable's version resource (Properties > Details), from the version
in pyproject.toml.

build.spec writes ``version_info_text(version)`` into PyInstaller's work folder and
passes that file as ``EXE(version=...)``; PyInstaller reads it back with
``PyInstaller.utils.win32.versioninfo.load_version_info_from_text_file`` (tests do
the same). Plain text out, no PyInstaller import: the tests need only Python.
"""

from __future__ import annotations

import re

PRODUCT = "Minesweeper"
COMPANY = "Minesweeper CE contributors"
DESCRIPTION = "Minesweeper - the classic desktop game"
EXE_NAME = "minesweeper.exe"


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """ "1.2.3" -> (1, 2, 3, 0); a pre- or post-release suffix ("1.2.3rc1") is dropped:
    the resource holds four 16-bit numbers and nothing else."""
    found = re.match(r"(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?", version)
    if not found:
        raise ValueError(f"not a version: {version!r}")
    numbers = tuple(int(part or 0) for part in found.groups())
    if any(n > 0xFFFF for n in numbers):
        raise ValueError(f"a Windows version part is at most 65535: {version!r}")
    return numbers  # type: ignore[return-value]


def version_info_text(version: str) -> str:
    """The version resource in PyInstaller's text form (as grab_version.py writes)."""
    numbers = version_tuple(version)
    strings = {
        "CompanyName": COMPANY,
        "FileDescription": DESCRIPTION,
        "FileVersion": version,
        "InternalName": "minesweeper",
        "LegalCopyright": f"Copyright (c) {COMPANY}. MIT License.",
        "OriginalFilename": EXE_NAME,
        "ProductName": PRODUCT,
        "ProductVersion": version,
    }
    table = ",\n".join(f"          StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""# UTF-8
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers},
    prodvers={numbers},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo(
      [
        StringTable(
          '040904B0',
          [
{table}
          ]
        )
      ]
    ),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""
