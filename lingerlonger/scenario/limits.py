"""How big a scenario may be: the bounds every reader of an author's file enforces.

A scenario file comes from anyone in a class (the app takes uploads), so every
reader checks these bounds *before* doing work that grows with the input: a
file that exceeds one is refused with a located error, and the time and memory
a file can cost stay small (``bench/limits.py`` prints the worst case). Each
bound is far above what a real hand needs; the comment says how far. Chapter 12
of the book and ``scenarios/README.md`` list them for authors.

This module is plain data and the messages that refuse a file past a bound (in the
catalogs, ``error.input.*``); it imports nothing of the game.
"""

from __future__ import annotations

from collections.abc import Iterable

from lingerlonger.game.cards import CARDS
from lingerlonger.game.errors import Message
from lingerlonger.words.i18n import format_number

#: The most bytes one scenario document may take, and the largest file the app takes
#: (an upload). A stream of many scenarios (``lingerlonger simulate``) may be longer:
#: it is read a document at a time, but no stretch longer than this between two
#: ``---`` lines is read. The largest real scenario is about 17 kB.
MAX_DOCUMENT_BYTES = 2_000_000
#: The most scenarios the app opens from one upload (each is replayed when opened; a
#: lesson file holds a handful, a longer stream is for ``lingerlonger check``).
MAX_UPLOAD_SCENARIOS = 100
#: The most values (texts, numbers, lists, mappings) in one scenario document. A
#: recorded 3-player hand with every check written out needs about 500.
MAX_VALUES = 20_000
#: The most characters in one value: a title, a ``say:``, a summary, a question. It also
#: bounds the Markdown work per text (the longest ``say:`` in the library is about 450).
MAX_TEXT_CHARS = 2_000
#: The most characters of Markdown (``summary:`` and every ``say:``) in one scenario: each
#: is rendered as HTML. The library's wordiest lesson has about 1,200.
MAX_MARKDOWN_CHARS = 50_000
#: The most steps in one scenario: a hand plays at most 52 cards; a step per card, a
#: check after each and some words between fit many times over.
MAX_STEPS = 500
#: The most choices of one quiz question.
MAX_CHOICES = 10
#: The most tags of one scenario.
MAX_TAGS = 20
#: The most characters in a seat name (it is drawn under a card on a phone).
MAX_SEAT_NAME = 20
#: The most cards in one list (hands, stock, deck, drawn, legal): the whole deck.
MAX_CARDS = len(CARDS)
#: The largest count a scenario may give (stock_size, hand_sizes, hand_size): a deck.
MAX_COUNT = len(CARDS)
#: The most digits of a number in an author's own ``x-`` key.
MAX_NUMBER_DIGITS = 100
#: The most characters in a task's id: the browser's progress store keeps no longer one
#: (``TASK_ID`` of views/static/learn/course_progress.js; tests/test_task_step.py holds them together).
MAX_TASK_ID = 120
#: The names every object of a browser's JavaScript already has (those of ``Object.prototype``):
#: an author's key that the page keeps in an object (a task's id, a seat's name) may be none of
#: them, or the page would read the object's own ``constructor`` or ``__proto__`` instead
#: (tests/test_task_step.py asks node for the list).
OBJECT_PROTOTYPE_NAMES = frozenset(
    {
        "__defineGetter__",
        "__defineSetter__",
        "__lookupGetter__",
        "__lookupSetter__",
        "__proto__",
        "constructor",
        "hasOwnProperty",
        "isPrototypeOf",
        "propertyIsEnumerable",
        "toLocaleString",
        "toString",
        "valueOf",
    }
)

#: Every bound by name: chapter 12 lists each (tests/test_hostile_text.py checks it does).
LIMITS = {
    "document bytes": MAX_DOCUMENT_BYTES,
    "scenarios in an upload": MAX_UPLOAD_SCENARIOS,
    "values": MAX_VALUES,
    "text characters": MAX_TEXT_CHARS,
    "Markdown characters": MAX_MARKDOWN_CHARS,
    "steps": MAX_STEPS,
    "choices": MAX_CHOICES,
    "tags": MAX_TAGS,
    "seat name characters": MAX_SEAT_NAME,
    "cards in a list": MAX_CARDS,
    "count": MAX_COUNT,
    "number digits": MAX_NUMBER_DIGITS,
}


def digits(text: str) -> int:
    """How many digits a number written as ``text`` has (sign, ``0x`` and ``0o`` not counted).

    >>> digits("-00123"), digits("0x1F")
    (5, 2)
    """
    body = text.lstrip("+-")
    if body[:2] in ("0x", "0o"):
        body = body[2:]
    return len(body)


def _grouped(number: int) -> str:
    return format_number(number, "en")


def too_many_values() -> Message:
    return Message("input.too-many-values", limit=_grouped(MAX_VALUES))


def too_long(value: str, is_number: bool) -> Message:
    """A value over ``MAX_TEXT_CHARS``: a number is named as one."""
    if is_number:
        return Message("input.long-number", digits=_grouped(len(value)), limit=MAX_NUMBER_DIGITS)
    return Message("input.text-too-long", size=_grouped(len(value)), limit=_grouped(MAX_TEXT_CHARS))


def too_many_items(what: str, count: int, limit: int) -> Message:
    return Message("input.too-many-items", what=what, count=_grouped(count), limit=limit)


def number_too_long(what: str, number: str) -> Message:
    return Message("input.number-too-long", what=what, digits=_grouped(digits(number)), limit=MAX_NUMBER_DIGITS)


def count_too_large(what: str, minimum: int, value: int) -> Message:
    return Message("input.count-too-large", what=what, minimum=minimum, limit=MAX_COUNT, value=value)


def markdown_overflow(texts: Iterable[str | None], already: int = 0) -> int | None:
    """The position of the text that takes the Markdown (``already`` characters, then ``texts``)
    over ``MAX_MARKDOWN_CHARS``, if one does.

    >>> markdown_overflow(["a" * 30_000, None, "b" * 30_000]), markdown_overflow(["a"], 10)
    (2, None)
    """
    total = already
    for position, text in enumerate(texts):
        total += len(text or "")
        if total > MAX_MARKDOWN_CHARS:
            return position
    return None


def too_much_markdown() -> Message:
    return Message("input.too-much-markdown", limit=_grouped(MAX_MARKDOWN_CHARS))
