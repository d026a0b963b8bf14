"""Seat names an author may write, and how to tell two names apart when they look alike.

A seat name shows in every view and in every terminal, so it may hold no control
character, no invisible formatting (a bidirectional override such as U+202E turns
the text around it) and no line break. Two seats whose names look the same (a
Latin ``A`` and a Cyrillic ``А``) would make every play ambiguous to a reader, so
they are refused; and a play naming a seat that only *looks* like one at the table
is explained letter by letter, with each letter's script.

>>> invisible_characters("Ana\\u202e")
['U+202E']
>>> looks_like("A", "\\u0410"), looks_like("A", "a")
(True, False)
>>> letters_described("\\u0410b")
'А (Cyrillic), b (Latin)'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from lingerlonger.game.errors import Message
from lingerlonger.game.visible_text import quoted
from lingerlonger.scenario.limits import MAX_SEAT_NAME, OBJECT_PROTOTYPE_NAMES

__all__ = [
    "SAME_SHAPE",
    "invisible_characters",
    "skeleton",
    "looks_like",
    "letters_described",
    "lookalike_of",
    "seat_name_problem",
    "no_seat",
    "cleaned_name",
    "as_seen",
]

#: Unicode categories no seat name may hold: controls, formatting (bidi overrides,
#: zero-width characters, BOM), private use, surrogates, unassigned, separators.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp", "Zs"})

#: Letters of other scripts drawn like a Latin letter (after NFKC), and I l 1 | drawn alike.
_SAME_SHAPE = str.maketrans(
    {
        **dict(zip("АВЕЅІЈКМНОРСТХУаеіјорсхуѕԁһԛԝ", "ABESIJKMHOPCTXYaeijopcxysdhqw", strict=True)),
        **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧοιν", "ABEZHIKMNOPTYXoiv", strict=True)),
        "I": "l",
        "1": "l",
        "|": "l",
        "Ӏ": "l",
        "0": "O",
        "ɑ": "a",
        "ɡ": "g",
    }
)


def invisible_characters(name: str) -> list[str]:
    """The code points of ``name`` a seat name may not hold, as ``U+XXXX``."""
    return [f"U+{ord(char):04X}" for char in name if unicodedata.category(char) in _REFUSED_CATEGORIES]


def cleaned_name(text: str, limit: int) -> str:
    """A name typed by a player, without its invisible characters, blanks collapsed, cut to
    ``limit`` characters (for a name the program takes rather than refuses).

    >>> cleaned_name("  Ana\u202e \x1b[2J  Maria ", 16)
    'Ana [2J Maria'
    """
    kept = "".join(
        " " if char.isspace() else char
        for char in text
        if char.isspace() or unicodedata.category(char) not in _REFUSED_CATEGORIES
    )
    return " ".join(kept.split())[:limit]


#: The table itself, for a page's script that tells names apart the same way (views/class_page.py).
SAME_SHAPE: dict[int, str] = _SAME_SHAPE


def skeleton(name: str) -> str:
    """What a name looks like: equal skeletons are names a reader cannot tell apart."""
    return unicodedata.normalize("NFKC", name).translate(_SAME_SHAPE)


def as_seen(text: str) -> str:
    """A text as a reader tells it from another on a button: compatibility forms folded
    (NFKC), invisible characters left out, blanks collapsed, capitals and small letters alike.

    >>> as_seen(" Yes\u200b,  ＳＵＲＥ ") == as_seen("yes, sure")
    True
    """
    folded = unicodedata.normalize("NFKC", text).casefold()
    seen = "".join(char for char in folded if char.isspace() or unicodedata.category(char) not in _REFUSED_CATEGORIES)
    return " ".join(seen.split())


def looks_like(first: str, second: str) -> bool:
    """Whether two different names look the same."""
    return first != second and skeleton(first) == skeleton(second)


def _script(char: str) -> str:
    """The script of a letter as Unicode names it (Latin, Cyrillic, Greek...), or its name."""
    name = unicodedata.name(char, f"U+{ord(char):04X}")
    word = name.split()[0]
    return word.title() if "LETTER" in name else name.lower()


def letters_described(name: str) -> str:
    """Each letter of a name with its script, so that look-alikes can be told apart in words."""
    return ", ".join(f"{char} ({_script(char)})" for char in name)


def lookalike_of(name: str, names: tuple[str, ...]) -> str | None:
    """The name among ``names`` that looks like ``name`` without being it, if any."""
    return next((other for other in names if looks_like(name, other)), None)


def seat_name_problem(name: str, earlier: Sequence[str]) -> Message | None:
    """Why ``name`` cannot be a seat after the seats ``earlier``, or None if it can."""
    hidden = invisible_characters(name)
    if hidden:
        return Message("input.seat-invisible", name=quoted(name), chars=", ".join(hidden))
    if len(name) > MAX_SEAT_NAME:
        return Message("input.seat-too-long", name=quoted(name), size=len(name), limit=MAX_SEAT_NAME)
    if name in OBJECT_PROTOTYPE_NAMES:  # a Learn page judges an answer by seat in an object
        return Message("input.seat-reserved", name=quoted(name))
    if name in earlier:
        return Message("input.seat-twice", name=name)
    twin = lookalike_of(name, tuple(earlier))
    if twin is not None:
        return Message(
            "input.seats-look-alike",
            first=quoted(twin),
            second=quoted(name),
            first_letters=letters_described(twin),
            second_letters=letters_described(name),
        )
    return None


def no_seat(what: str, name: str, players: tuple[str, ...]) -> Message:
    """Why ``name`` is no seat at this table; with a look-alike, each letter's script."""
    lookalike = lookalike_of(name, players)
    if lookalike is not None:
        return Message(
            "input.seat-lookalike",
            what=what,
            name=quoted(name),
            letters=letters_described(name),
            seat=quoted(lookalike),
            seat_letters=letters_described(lookalike),
        )
    return Message("input.no-seat", what=what, name=quoted(name), seats=", ".join(players))
