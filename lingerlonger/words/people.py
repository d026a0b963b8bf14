"""People's names in each language, and the grammatical gender a message agrees with.

A lesson's seats have a name in every language: Ana, Bruno, Carla and Dani are Аня, Боря,
Саша and Вера to a Russian reader (``locale/names.json``, as live mode names its computer
players), and a lesson may name its seats itself (the scenario format's ``names:``). A name
said to a reader is a :class:`Name`: a ``str`` that also knows its gender, so that a catalog
message can agree with it (``{name, select, f {сыграла} other {сыграл}}``, see ``i18n``).
Like ``i18n``, it imports nothing of the game.

>>> local_name("Carla", "ru"), local_name("Carla", "ru").gender, local_name("Zoe", "ru").gender
('Саша', 'f', None)
>>> gender_of("Боря"), gender_of("Sam")
('m', None)
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

__all__ = ["GENDERS", "Name", "Written", "local_name", "local_names", "gender_of", "lesson_seats"]

#: The grammatical genders a name may have; a message's select falls back on ``other``.
GENDERS = ("f", "m")


class Name(str):
    """A person's name as said in one language, with its grammatical gender (None: unknown)."""

    gender: str | None

    def __new__(cls, text: str, gender: str | None = None) -> Name:
        name = super().__new__(cls, text)
        name.gender = gender if gender in GENDERS else None
        return name

    def __reduce__(self) -> tuple[type[Name], tuple[str, str | None]]:
        return (Name, (str(self), self.gender))


@functools.cache
def _table() -> Mapping[str, Any]:
    text = (resources.files("lingerlonger.words") / "locale" / "names.json").read_text(encoding="utf-8")
    loaded: Mapping[str, Any] = json.loads(text)
    return loaded


def lesson_seats() -> Mapping[str, Mapping[str, tuple[str, str]]]:
    """The lessons' default seats: each name, and in each language its name and gender."""
    seats = _table()["lesson-seats"]
    return {seat: {lang: (said[0], said[1]) for lang, said in names.items()} for seat, names in seats.items()}


def gender_of(name: object) -> str | None:
    """The gender of ``name``: its own when it is a :class:`Name`, else the table's, else None."""
    own = getattr(name, "gender", None)
    if own is not None:
        return str(own)
    table = _table()
    if name in table["genders"]:
        return str(table["genders"][name])
    for names in table["lesson-seats"].values():
        for said, gender in names.values():
            if said == name:
                return str(gender)
    return None


#: How a lesson names its seats (the scenario's ``names:``): seat, then language (``"*"``: any),
#: to a name (None: the default one) and a gender (None: the default one).
Written = Mapping[str, Mapping[str, tuple[str | None, str | None]]]


def local_name(seat: str, lang: str, written: Written | None = None) -> Name:
    """How a reader of ``lang`` names the seat ``seat``: as the lesson writes it (``written``),
    else as the default seats do (``locale/names.json``), else as it is.

    >>> written = {"Dani": {"*": (None, "f"), "es": ("Dani", "m")}}
    >>> [(name, name.gender) for name in (local_name("Dani", lang, written) for lang in ("es", "ru", "en"))]
    [('Dani', 'm'), ('Вера', 'f'), ('Dani', 'f')]
    """
    own = (written or {}).get(seat, {})
    name, gender = own.get(lang, (None, None))
    default = _table()["lesson-seats"].get(seat, {}).get(lang)
    name = name or (default[0] if default else seat)
    gender = gender or own.get("*", (None, None))[1] or (default[1] if default else None) or gender_of(name)
    return Name(name, gender)


def local_names(seats: Sequence[str], lang: str, written: Written | None = None) -> tuple[Name, ...]:
    """Every seat of a table named for ``lang``; the seats keep their own names if two would
    then share one (a lesson with both Carla and Саша)."""
    said = tuple(local_name(seat, lang, written) for seat in seats)
    if len(set(said)) == len(said):
        return said
    return tuple(Name(seat, name.gender) for seat, name in zip(seats, said, strict=True))
