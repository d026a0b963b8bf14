"""Reading YAML as located nodes: every value keeps its line and column, nothing is constructed.

The YAML is read as a stream of parser events and built into small nodes here,
not by PyYAML's constructors: nothing but plain data can come out (an object
tag is refused), an alias is refused where it stands (so an "alias bomb" costs
nothing), nesting is bounded (deep nesting crashes the C composer), and a large
stream is read one scenario at a time. Plain scalars are read as YAML 1.2 does
(what editors use with the JSON Schema): ``No`` and ``On`` are names, ``3`` is a
number. ``NodeReader`` turns nodes into typed values, each refusal a ``ScenarioError``
at the value that is wrong.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any

import yaml

from lingerlonger.game.cards import Card, CardError, parse_card
from lingerlonger.game.errors import Message
from lingerlonger.game.visible_text import quoted
from lingerlonger.scenario import limits
from lingerlonger.scenario.author_names import as_seen, no_seat
from lingerlonger.scenario.model import Location, ScenarioError, Text
from lingerlonger.words.i18n import LANGUAGES

#: Far deeper than any scenario needs; bounds the work a hostile file can cause.
MAX_DEPTH = 64


# --- YAML events → located nodes -------------------------------------------------------

MAPPING, SEQUENCE, SCALAR = "a mapping", "a list", "a value"
_PLAIN_TAGS = {"tag:yaml.org,2002:" + name: name for name in ("str", "int", "bool", "null", "float", "seq", "map")} | {
    "!": "str"
}
_NULLS = {"", "~", "null", "Null", "NULL"}
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+")
_FLOAT = re.compile(
    r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?"
    r"|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)"
)
ONE_WORD = re.compile(r"\S+")
#: The first characters of every plain scalar that may be something other than text.
_MAY_NOT_BE_TEXT = frozenset("~nNtTfF+-.0123456789") | {""}


class Node:
    """A YAML node: a scalar's text, a list's items or a mapping's keys and values in turn."""

    __slots__ = ("kind", "mark", "type", "value")

    def __init__(self, kind: str, value: Any, mark: yaml.Mark, scalar_type: str | None = None) -> None:
        self.kind = kind
        self.value = value
        self.mark = mark  # where the node starts (0-based line and column)
        self.type = scalar_type  # a scalar's YAML 1.2 core type: str, int, float, bool or null

    def resolve(self) -> str:
        """The scalar's type, found only when asked (most are read as cards or names)."""
        if self.type is None:
            self.type = scalar_type(self.value)
        return self.type


def scalar_type(text: str) -> str:
    """What YAML 1.2 (core schema) makes of a plain, unquoted scalar: str, int, float, bool or null.

    >>> [scalar_type(text) for text in ("No", "3", "0x1f", "1e3", "~", "TRUE", "10♥")]
    ['str', 'int', 'int', 'float', 'null', 'bool', 'str']
    """
    if text[:1] not in _MAY_NOT_BE_TEXT:
        return "str"
    if text in _NULLS:
        return "null"
    if text in _BOOLS:
        return "bool"
    if _INT.fullmatch(text):
        return "int"
    if _FLOAT.fullmatch(text):
        return "float"
    return "str"


#: PyYAML's events are told apart by their class, not by isinstance (it is faster), so their
#: attributes are not known to the type checker: an event is typed Any.
YamlEvent = Any


def documents_of(events: Iterator[YamlEvent], path: str) -> Iterator[Node | ScenarioError | None]:
    """Root node of each document (None for an empty one), or the error that refused it (the
    stream then goes on)."""
    for event in events:
        if event.__class__ is not yaml.DocumentStartEvent:
            continue
        try:
            yield _compose(events, path)
        except _Oversized as error:  # not a scenario stream: reading on would cost for nothing
            yield error
            return
        except ScenarioError as error:
            yield error
            for skipped in events:  # the rest of the refused document
                if skipped.__class__ is yaml.DocumentEndEvent:
                    break


def _compose(events: Iterator[YamlEvent], path: str) -> Node | None:
    """Build one document's nodes from its events; plain data only, no aliases, bounded depth."""
    stack: list[Node] = []
    root = None
    scalar_event, alias_event, document_end = yaml.ScalarEvent, yaml.AliasEvent, yaml.DocumentEndEvent
    sequence_start, mapping_start = yaml.SequenceStartEvent, yaml.MappingStartEvent
    sequence_end, mapping_end = yaml.SequenceEndEvent, yaml.MappingEndEvent
    budget = _Budget(path)
    for event in events:
        cls = event.__class__
        if cls is scalar_event:
            budget.take(event)
            # A quoted or block scalar is text; a plain one's type is found when asked.
            # An explicit !!int, !!bool... reads the value as a plain one would be read.
            text = bool(event.style) if event.tag is None else _plain_tag(event.tag, event, path) == "str"
            node = Node(SCALAR, event.value, event.start_mark, "str" if text else None)
            if stack:
                stack[-1].value.append(node)
            else:
                root = node
        elif cls is sequence_end or cls is mapping_end:
            node = stack.pop()
            if not stack:
                return node
        elif cls is sequence_start or cls is mapping_start:
            if event.tag is not None:
                _plain_tag(event.tag, event, path)
            budget.take(event)
            if len(stack) >= MAX_DEPTH:
                raise ScenarioError(
                    location_of_mark(path, event.start_mark), Message("scenario.too-deep", depth=MAX_DEPTH)
                )
            node = Node(SEQUENCE if cls is sequence_start else MAPPING, [], event.start_mark)
            if stack:
                stack[-1].value.append(node)
            stack.append(node)
        elif cls is alias_event:
            raise ScenarioError(
                location_of_mark(path, event.start_mark), Message("scenario.alias", anchor=event.anchor)
            )
        elif cls is document_end:
            return root
    return root


class _Oversized(ScenarioError):
    """A document with more values than limits.py allows: the stream is not read any further."""


class _Budget:
    """Counts a document's values as they are read, refusing one too many or a text too long
    (limits.py) before any work that grows with them."""

    __slots__ = ("left", "path")

    def __init__(self, path: str) -> None:
        self.path, self.left = path, limits.MAX_VALUES

    def take(self, event: YamlEvent) -> None:
        self.left -= 1
        if self.left < 0:
            raise _Oversized(location_of_mark(self.path, event.start_mark), limits.too_many_values())
        if len(getattr(event, "value", "")) > limits.MAX_TEXT_CHARS:
            number = not event.style and scalar_type(event.value) in ("int", "float")
            raise ScenarioError(location_of_mark(self.path, event.start_mark), limits.too_long(event.value, number))


def _plain_tag(tag: str, event: YamlEvent, path: str) -> str:
    kind = _PLAIN_TAGS.get(tag)
    if kind is None:
        shown = tag.replace("tag:yaml.org,2002:", "!!")
        raise ScenarioError(location_of_mark(path, event.start_mark), Message("scenario.tag", tag=shown))
    return kind


def location_of_mark(path: str, mark: yaml.Mark) -> Location:
    return Location(path, mark.line + 1, mark.column + 1)


# --- reading typed values from nodes ------------------------------------------------

#: parse_card, remembered: a recorded file writes the same few spellings thousands of times.
cached_card = functools.lru_cache(maxsize=1024)(parse_card)


class NodeReader:
    """Reads typed values out of nodes, each error located at its node."""

    def __init__(self, path: str) -> None:
        self.path = path

    def at(self, node: Node) -> Location:
        return Location(self.path, node.mark.line + 1, node.mark.column + 1)

    def fail(self, node: Node, message: Message) -> ScenarioError:
        return ScenarioError(self.at(node), message)

    def refuse(self, node: Node, code: str, **params: object) -> ScenarioError:
        """The refusal ``scenario.CODE`` (catalog ``error.scenario.CODE``), located at ``node``."""
        return ScenarioError(self.at(node), Message(f"scenario.{code}", **params))

    def mapping(self, node: Node, what: str) -> list[tuple[str, Node, Node]]:
        if node.kind is not MAPPING:
            raise self.refuse(node, "not-a-mapping", what=what, kind=kind_of(node))
        items, keys = [], set()
        pairs = node.value
        for key_node, value_node in zip(pairs[::2], pairs[1::2], strict=True):
            if key_node.kind is not SCALAR:
                raise self.refuse(key_node, "key-not-a-word", what=what, kind=kind_of(key_node))
            key = key_node.value
            if key in keys:
                raise self.refuse(key_node, "key-twice", what=what, key=key)
            keys.add(key)
            items.append((key, key_node, value_node))
        return items

    def fields(self, node: Node, what: str, allowed: tuple[str, ...]) -> dict[str, Node]:
        """A mapping of known keys to their values; refuses a key that is neither allowed nor
        an author's x- key (x- keys are left out)."""
        if node.kind is not MAPPING:
            raise self.refuse(node, "not-a-mapping", what=what, kind=kind_of(node))
        values: dict[str, Node] = {}
        pairs = node.value
        for i in range(0, len(pairs), 2):
            key_node = pairs[i]
            if key_node.kind is not SCALAR:
                raise self.refuse(key_node, "key-not-a-word", what=what, kind=kind_of(key_node))
            key = key_node.value
            if key not in allowed:
                if key.startswith("x-"):
                    continue
                raise self.refuse(key_node, "unknown-key", what=what, key=key, expected=", ".join(allowed))
            if key in values:
                raise self.refuse(key_node, "key-twice", what=what, key=key)
            values[key] = pairs[i + 1]
        return values

    def key_node(self, node: Node, key: str) -> Node:
        """Where ``key`` is written in a mapping (for an error about the key itself)."""
        keys: list[Node] = node.value[::2]
        return next(key_node for key_node in keys if key_node.value == key)

    def sequence(self, node: Node, what: str, limit: int | None = None) -> list[Node]:
        if node.kind is not SEQUENCE:
            raise self.refuse(node, "not-a-list", what=what, kind=kind_of(node))
        if limit is not None and len(node.value) > limit:
            raise self.fail(node, limits.too_many_items(what, len(node.value), limit))
        items: list[Node] = node.value
        return items

    def scalar(self, node: Node, what: str) -> Node:
        if node.kind is not SCALAR:
            raise self.refuse(node, "not-a-value", what=what, kind=kind_of(node))
        return node

    @staticmethod
    def is_null(node: Node) -> bool:
        return node.kind is SCALAR and node.resolve() == "null"

    def text(self, node: Node, what: str) -> str:
        node = self.scalar(node, what)
        kind = node.resolve()
        if kind == "null":
            raise self.refuse(node, "text-missing", what=what)
        if not node.value.strip():
            raise self.refuse(node, "text-blank", what=what)
        if kind != "str":
            raise self.refuse(node, "not-text", what=what, kind=kind_of(node), value=node.value)
        text: str = node.value
        return text

    def author_text(self, node: Node, what: str, own: str) -> Text:
        """A text an author writes: a string in the scenario's language ``own``, or a mapping
        from language to string, ``{en: …, pt: …}``, that holds ``own`` (x- keys are skipped)."""
        if node.kind is not MAPPING:
            return Text(self.text(node, what), where=self.at(node))
        versions: dict[str, str] = {}
        for lang, key_node, value in self.mapping(node, what):
            if lang.startswith("x-"):
                continue
            if lang not in LANGUAGES:
                raise self.refuse(
                    key_node, "not-a-text-language", what=what, lang=quoted(lang), languages=", ".join(LANGUAGES)
                )
            versions[lang] = self.text(value, f"{what}: {lang}")
        if own not in versions:
            raise self.refuse(node, "own-language-missing", what=what, own=own)
        return Text(versions.pop(own), versions, where=self.at(node))

    def choices(self, node: Node, what: str, own: str) -> tuple[Text, ...]:
        """The answers offered as buttons: no two that a reader could take for one another in
        any language they are shown in (a choice not written in it shows as written; compared
        ``as_seen``), the second one refused where it stands."""
        choices: list[Text] = []
        for item in self.sequence(node, what, limits.MAX_CHOICES):
            choice = self.author_text(item, what, own)
            for earlier in choices:
                if choice == earlier and choice.translations == earlier.translations:
                    raise self.refuse(item, "twice", what=what, item=quoted(choice))
                for lang in sorted(choice.languages(own) | earlier.languages(own)):
                    if as_seen(choice.in_(lang)) == as_seen(earlier.in_(lang)):
                        raise self.refuse(
                            item,
                            "choices-alike",
                            what=what,
                            first=quoted(earlier.in_(lang)),
                            second=quoted(choice.in_(lang)),
                            lang=lang,
                        )
            choices.append(choice)
        return tuple(choices)

    def integer(self, node: Node, what: str, minimum: int = 0) -> int:
        node = self.scalar(node, what)
        if node.resolve() != "int" or not node.value.lstrip("+-").isdigit():
            raise self.refuse(node, "not-whole", what=what, kind=kind_of(node))
        self.check_digits(node, what)
        value = int(node.value)
        if value < minimum:
            raise self.refuse(node, "too-small", what=what, minimum=minimum, value=value)
        if value > limits.MAX_COUNT:
            raise self.fail(node, limits.count_too_large(what, minimum, value))
        return value

    def check_digits(self, node: Node, what: str) -> None:
        """Refuses a number too long to be read cheaply (Python reads at most 4,300 digits)."""
        if limits.digits(node.value) > limits.MAX_NUMBER_DIGITS:
            raise self.fail(node, limits.number_too_long(what, node.value))

    def card(self, node: Node, what: str) -> Card:
        node = self.scalar(node, what)
        if node.value in _NULLS and node.resolve() == "null":
            raise self.refuse(node, "card-missing", what=what)
        try:
            return cached_card(node.value)
        except CardError as error:
            raise self.refuse(node, "in", what=what, error=error) from None

    def cards(self, node: Node, what: str) -> tuple[Card, ...]:
        cards: list[Card] = []
        for item in self.sequence(node, what, limits.MAX_CARDS):
            card = self.card(item, what)
            if card in cards:
                raise self.refuse(item, "twice", what=what, item=card)
            cards.append(card)
        return tuple(cards)

    def seat(self, node: Node, what: str, players: tuple[str, ...]) -> str:
        name = self.text(node, what)
        if name not in players:
            raise self.fail(node, no_seat(what, name, players))
        return name

    def seats(self, node: Node, what: str, players: tuple[str, ...]) -> frozenset[str]:
        seats: set[str] = set()
        for item in self.sequence(node, what):
            seat = self.seat(item, what, players)
            if seat in seats:
                raise self.refuse(item, "twice", what=what, item=seat)
            seats.add(seat)
        return frozenset(seats)

    def plain(self, node: Node) -> Any:
        """An x- value as plain Python data."""
        if node.kind is MAPPING:
            return {key: self.plain(value) for key, _, value in self.mapping(node, "x- key")}
        if node.kind is SEQUENCE:
            return [self.plain(item) for item in node.value]
        kind = node.resolve()
        if kind == "null":
            return None
        if kind == "bool":
            return _BOOLS[node.value]
        if kind == "int":
            self.check_digits(node, "x- key")
            return int(node.value, 0) if node.value[:2] in ("0o", "0x") else int(node.value)
        if kind == "float":
            return float(node.value.lower().replace(".inf", "inf").replace(".nan", "nan"))
        return node.value


_KIND_CODES = {MAPPING: "kind.mapping", SEQUENCE: "kind.list", SCALAR: "kind.value"}


def kind_of(node: Node) -> Message:
    """What a node is, for a refusal: "a list", "nothing", "the number 3", "'10x'"."""
    if node.kind is not SCALAR:
        return Message(_KIND_CODES[node.kind])
    kind = node.resolve()
    if kind == "null":
        return Message("kind.nothing")
    if kind in ("int", "float"):
        return Message("kind.number", number=node.value if len(node.value) <= 20 else node.value[:20] + "…")
    if kind == "bool":
        return Message("kind.boolean", value=node.value)
    return Message("kind.text", text=quoted(node.value))
