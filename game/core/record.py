"""A record: a value made of named fields, equal to a record of the same class whose
fields are equal, hashed and shown by them, copied with some changed by ``replace``.

A subclass names its fields in ``__slots__`` (a subclass of a record adds its own
after its base's) and writes its ``__init__`` (where its checks go); a field left out
of equality and hash is named in ``uncompared`` (a cache, a dealt game). A field is
set once, by ``__init__``: setting it again or deleting it raises AttributeError, as
a frozen dataclass does.

Not a dataclass: Python 3.11 compiles a dataclass's methods from source each time its
module is imported (about 0.5 ms a class), and the records here load before the
window's first input. These methods are written once, for every record.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, ClassVar, TypeVar

R = TypeVar("R", bound="Record")

put = object.__setattr__
"""Set a field in ``__init__`` without the set-once check, as a frozen dataclass's
``__init__`` does: for the records made by the thousand (a replay's events, the
history's rows, the solver's deductions)."""


class Record:
    """A value compared, hashed, shown and replaced by its fields (its slots)."""

    __slots__ = ()

    fields: ClassVar[tuple[str, ...]] = ()
    """Every field, its base's first, in the order of their ``__slots__``."""
    uncompared: ClassVar[frozenset[str]] = frozenset()
    """The fields out of equality and hash."""
    _compared: ClassVar[tuple[str, ...]] = ()
    _key: ClassVar[Callable[[Any], tuple[object, ...]]] = staticmethod(lambda record: ())
    """The compared fields' values, as a tuple (attrgetter: made in C)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        slots = (klass.__dict__.get("__slots__", ()) for klass in reversed(cls.__mro__))
        cls.fields = tuple(name for names in slots for name in names)
        cls._compared = compared = tuple(name for name in cls.fields if name not in cls.uncompared)
        if len(compared) > 1:
            cls._key = staticmethod(attrgetter(*compared))
        elif compared:
            one = attrgetter(compared[0])
            cls._key = staticmethod(lambda record: (one(record),))
        else:  # (every field uncompared: not its base's key)
            cls._key = staticmethod(lambda record: ())

    def __setattr__(self, name: str, value: object) -> None:
        if hasattr(self, name):
            raise AttributeError(f"{type(self).__qualname__}.{name} cannot be changed")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__qualname__}.{name} cannot be deleted")

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if other.__class__ is not self.__class__:
            return NotImplemented
        key = type(self)._key
        return key(self) == key(other)

    def __hash__(self) -> int:
        return hash(type(self)._key(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.fields)
        return f"{type(self).__qualname__}({shown})"

    def replace(self: R, **changes: Any) -> R:
        """A copy with ``changes`` (made by ``__init__``, so checked as any new one)."""
        return type(self)(**{name: getattr(self, name) for name in self.fields} | changes)
