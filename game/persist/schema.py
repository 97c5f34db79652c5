"""Strict readers for the fields of the game's JSON files, and version handling.

Every data file is a JSON object with a ``"version"`` number. A reader either
returns a value of exactly the expected type and range or raises DataError, so a
file that a person (or a bug, or a dying disk) has bent out of shape is noticed
as a whole and moved aside, instead of leaking a wrong value into the game.

JSON gives booleans to Python as ``bool``, which is a subclass of ``int``; the
readers check ``type(x) is int`` so that ``true`` is never taken for 1.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import TypeVar

from game.language import N_, AsWritten

E = TypeVar("E", bound=Enum)

MAX_GAME_MS = 366 * 24 * 60 * 60 * 1000
"""Longest believable game (a year): a larger time in a file means damage."""

JsonObject = dict[str, object]
"""A decoded JSON object (what ``json.loads`` gives for ``{...}``)."""


class DataError(ValueError):
    """Data read from a file (or given to a constructor) that is not valid."""


class FutureVersionError(DataError):
    """A file written by a newer version of the game, in a format we do not know."""


def require_object(value: object, what: str) -> JsonObject:
    """The value as a JSON object; DataError if it is anything else."""
    if not isinstance(value, dict) or not all(isinstance(key, str) for key in value):
        raise DataError(AsWritten(N_("{what} is not a JSON object"), what=what))
    return value


def require_key(doc: Mapping[str, object], key: str, what: str) -> object:
    """The value under key; DataError if it is missing."""
    if key not in doc:
        raise DataError(AsWritten(N_("{what} has no {key}"), what=what, key=repr(key)))
    return doc[key]


def read_bool(doc: Mapping[str, object], key: str, what: str) -> bool:
    """A true/false field."""
    value = require_key(doc, key, what)
    if not isinstance(value, bool):
        raise DataError(
            AsWritten(N_("{what}: {key} is not true or false"), what=what, key=repr(key))
        )
    return value


def check_int(value: object, low: int, high: int, what: str) -> int:
    """value as an int within [low, high]; DataError otherwise (bools are not ints)."""
    if type(value) is not int:
        raise DataError(AsWritten(N_("{what} is not a whole number"), what=what))
    if not low <= value <= high:
        raise DataError(
            AsWritten(N_("{what} is outside {low}..{high}"), what=what, low=low, high=high)
        )
    return value


def read_int(doc: Mapping[str, object], key: str, low: int, high: int, what: str) -> int:
    """A whole-number field within [low, high]."""
    return check_int(require_key(doc, key, what), low, high, f"{what}: {key!r}")


def read_str(doc: Mapping[str, object], key: str, what: str) -> str:
    """A text field."""
    value = require_key(doc, key, what)
    if not isinstance(value, str):
        raise DataError(AsWritten(N_("{what}: {key} is not text"), what=what, key=repr(key)))
    return value


def read_enum(doc: Mapping[str, object], key: str, enum: type[E], what: str) -> E:
    """A field holding the text value of one of enum's members."""
    value = require_key(doc, key, what)
    for member in enum:
        if isinstance(value, str) and member.value == value:
            return member
    names = ", ".join(str(member.value) for member in enum)
    raise DataError(f"{what}: {key!r} is {value!r}, not one of {names}")


Upgrade = Callable[[JsonObject], JsonObject]
"""Turns a document of version n into the same document in version n + 1."""


def read_version(doc: Mapping[str, object], current: int, what: str) -> int:
    """The document's version; FutureVersionError if newer than ``current``."""
    version = require_key(doc, "version", what)
    if type(version) is not int or version < 1:
        raise DataError(f"{what}: 'version' is not a positive whole number")
    if version > current:
        raise FutureVersionError(
            f"{what} has version {version}; this game reads up to version {current}"
        )
    return version


def upgrade(doc: JsonObject, current: int, steps: Mapping[int, Upgrade], what: str) -> JsonObject:
    """Bring a document of any known version up to ``current`` (a copy: the caller's
    document is left as it was).

    ``steps[n]`` converts version n to n + 1: this is where a later version teaches
    itself to read what an earlier one wrote.
    """
    version = read_version(doc, current, what)
    doc = dict(doc)
    while version < current:
        step = steps.get(version)
        if step is None:
            raise DataError(f"{what}: no way to read version {version}")
        doc = step(doc)
        version += 1
        doc["version"] = version
    return doc
