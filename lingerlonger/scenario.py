"""Scenario files, format 1 (SCENARIO_FORMAT.md): loading with located errors.

The YAML is read as a stream of parser events and built into small nodes here,
not by PyYAML's constructors: nothing but plain data can come out (an object
tag is refused), an alias is refused where it stands (so an "alias bomb" costs
nothing), nesting is bounded (deep nesting crashes the C composer), and a large
stream is read one scenario at a time. Plain scalars are read as YAML 1.2 does
(what editors use with the JSON Schema): ``No`` and ``On`` are names, ``3`` is a
number. Every value keeps its line and column, so a mistake is reported as
``FILE:LINE:COLUMN: message`` at the value that is wrong.

>>> [scenario] = loads('''
... format: 1
... title: The last card can still save you
... rules: equal-hands
... players: [A, B, C, D]
... dealer: D
... hands: {A: [K♣, 7♦], B: [3♣, Q♠], C: [2♥], D: [A♣, 5♠]}
... stock: [9♦, 4♠, J♥]
... trump: ♥
... leader: A
... steps:
...   - play: A K♣
...     say: A leads the king of clubs.
... ''', "example.yaml")
>>> scenario.title, scenario.steps[0].seat, scenario.steps[0].card
('The last card can still save you', 'A', Card('K♣'))
>>> loads("format: 1\\ntitle: x\\nrules: standard\\nplayers: [A, B]\\n", "bad.yaml")
Traceback (most recent call last):
...
lingerlonger.scenario.ScenarioError: bad.yaml:4:10: players: Linger Longer is for 3 to 6 players, not 2
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, NamedTuple, TextIO

import yaml

from .cards import Card, CardError, Suit, parse_card, parse_suit
from .engine import SetupError, State, deal, from_position
from .events import END_REASONS, Event
from . import limits
from .i18n import DEFAULT_LANGUAGE, LANGUAGES, format_number, translate
from .names import no_seat, seat_name_problem
from .visible import quoted
from .rules import MAX_PLAYERS, MIN_PLAYERS, PROFILE_ALIASES, PROFILES, VARIANTS, Rules, RulesError

__all__ = ["FORMAT", "Location", "ScenarioError", "Expect", "Ask", "Step", "Result", "Scenario",
           "iter_documents", "iter_scenarios", "loads", "load", "EXPECT_KEYS", "STEP_ACTIONS",
           "TOP_KEYS", "RULES_KEYS", "RESULT_KEYS", "POSITION_KEYS", "ASK_KEYS", "ANSWER_KINDS",
           "STEP_KEYS", "scalar_type"]

FORMAT = 1
EXPECT_KEYS = ("trick_winner", "drawn", "out", "hand_sizes", "stock_size", "leader", "legal")
STEP_ACTIONS = ("play", "choose_trump", "expect")
TOP_KEYS = ("format", "title", "summary", "tags", "lang", "rules", "players", "dealer", "deck",
            "hands", "stock", "trump", "leader", "steps", "result")
RULES_KEYS = ("profile", "variants", "hand_size")
RESULT_KEYS = ("winner", "reason")
POSITION_KEYS = ("hands", "stock", "trump", "leader")
#: A quiz question (``ask:``) and the kinds of answer it may expect (see ``Ask``).
ASK_KEYS = ("question", "answer", "choices", "hint", "wrong")
ANSWER_KINDS = ("legal", "card", "winner", "choice")
STEP_KEYS = STEP_ACTIONS + ("ask", "say")
#: Far deeper than any scenario needs; bounds the work a hostile file can cause.
MAX_DEPTH = 64


class Location(NamedTuple):
    """A place in a file (a tuple: cheap to make for every step of a large recorded file)."""

    path: str
    line: int    # 1-based
    column: int  # 1-based

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


class ScenarioError(ValueError):
    """A scenario refused or failed, at a place in its file; ``hint`` is the catalog id of
    advice on the likely fix, shown after the message in the reader's language."""

    def __init__(self, where: Location, message: str, hint: str | None = None) -> None:
        self.where = where
        self.message = message
        self.hint = hint
        super().__init__(self.text())

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """``FILE:LINE:COLUMN: message``, then the hint in ``lang``, on one line."""
        located = f"{self.where}: {self.message}"
        return f"{located.rstrip('.')}. {translate(self.hint, lang)}" if self.hint else located


# Locations never take part in equality: a scenario written back and read again
# is the same scenario even though its lines moved.

@dataclass(frozen=True)
class Expect:
    """The checks of one ``expect`` step; None means "not compared"."""

    trick_winner: str | None = None
    drawn: dict[str, tuple[Card, ...]] | None = None
    out: frozenset[str] | None = None
    hand_sizes: dict[str, int] | None = None
    stock_size: int | None = None
    leader: str | None = None
    legal: tuple[str, frozenset[Card]] | None = None
    given: frozenset[str] = frozenset()                      # the keys present (null is a value)
    where: dict[str, Location] = field(default_factory=dict, compare=False)  # each key's value


@dataclass(frozen=True)
class Ask:
    """A quiz question, put to the reader before the step that carries it is played.

    The answer is of one ``kind``: ``legal`` (every card the seat to act may play,
    ``cards`` exactly), ``card`` (what the seat to act should play: any of ``cards``),
    ``winner`` (who wins the trick in progress: ``seat``) or ``choice`` (``choice``,
    one of ``choices``). Replaying checks the first three against the engine.
    """

    question: str
    kind: str
    where: Location = field(compare=False)         # the ask: mapping
    answer_where: Location = field(compare=False)  # its answer's value
    cards: frozenset[Card] = frozenset()
    seat: str | None = None
    choice: str | None = None
    choices: tuple[str, ...] = ()
    hint: str | None = None
    wrong: str | None = None


@dataclass(frozen=True)
class Step:
    """One step: a play, a trump choice, an expectation, a question, or narration only."""

    kind: str                       # "play" | "choose_trump" | "expect" | "ask" | "say"
    where: Location = field(compare=False)  # the step's action value (or its ask, or its say)
    seat: str | None = None
    card: Card | None = None
    suit: Suit | None = None
    expect: Expect | None = None
    say: str | None = None
    ask: Ask | None = None


@dataclass(frozen=True)
class Result:
    winner: str | None
    reason: str | None
    where: Location = field(compare=False)
    given: frozenset[str] = frozenset()
    locations: dict[str, Location] = field(default_factory=dict, compare=False)  # each key's value


@dataclass(frozen=True)
class Scenario:
    """One scenario document; ``start()`` gives the engine state it begins from."""

    title: str
    rules: Rules
    players: tuple[str, ...]
    dealer: str
    steps: tuple[Step, ...]
    where: Location = field(compare=False)
    summary: str | None = None
    tags: tuple[str, ...] = ()
    lang: str | None = None          # the language of the author's texts (i18n.LANGUAGES)
    deck: tuple[Card, ...] | None = None
    hands: dict[str, tuple[Card, ...]] | None = None
    stock: tuple[Card, ...] = ()
    trump: Suit | None = None
    leader: str | None = None
    result: Result | None = None
    extras: dict[str, Any] = field(default_factory=dict)  # top-level x- keys, kept for the writer
    index: int = 0                                         # position in a YAML stream

    @property
    def is_deal(self) -> bool:
        return self.deck is not None

    def start(self) -> tuple[State, list[Event]]:
        """The first state, and the events of the deal (none for a position)."""
        state, events = self._start
        return state, list(events)

    @functools.cached_property
    def _start(self) -> tuple[State, tuple[Event, ...]]:
        """Dealt once: loading validates the setup, and replaying starts from the same state."""
        if self.deck is not None:
            state, events = deal(self.rules, self.players, self.dealer, self.deck)
            return state, tuple(events)
        return from_position(self.rules, self.players, dealer=self.dealer, leader=self.leader,
                             hands=self.hands, stock=self.stock, trump=self.trump), ()


# --- YAML events → located nodes -------------------------------------------------------

_MAP, _SEQ, _SCALAR = "a mapping", "a list", "a value"
_PLAIN_TAGS = {"tag:yaml.org,2002:" + name: name
               for name in ("str", "int", "bool", "null", "float", "seq", "map")} | {"!": "str"}
_NULLS = {"", "~", "null", "Null", "NULL"}
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?"
                    r"|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)")
_ONE_WORD = re.compile(r"\S+")
#: The first characters of every plain scalar that may be something other than text.
_MAY_NOT_BE_TEXT = frozenset("~nNtTfF+-.0123456789") | {""}


class _Node:
    """A YAML node: a scalar's text, a list's items or a mapping's keys and values in turn."""

    __slots__ = ("kind", "value", "mark", "type")

    def __init__(self, kind: str, value, mark, scalar_type: str | None = None) -> None:
        self.kind = kind
        self.value = value
        self.mark = mark          # where the node starts (0-based line and column)
        self.type = scalar_type   # a scalar's YAML 1.2 core type: str, int, float, bool or null

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


def _events_to_documents(events, path: str) -> Iterator[_Node | ScenarioError]:
    """Root node of each document, or the error that refused it (the stream then goes on)."""
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


def _compose(events, path: str) -> _Node | None:
    """Build one document's nodes from its events; plain data only, no aliases, bounded depth."""
    stack: list[_Node] = []
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
            if event.tag is None:
                text = bool(event.style)
            else:
                text = _plain_tag(event.tag, event, path) == "str"
            node = _Node(_SCALAR, event.value, event.start_mark, "str" if text else None)
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
                raise ScenarioError(_location(path, event.start_mark),
                                    f"nested more than {MAX_DEPTH} levels deep: not a scenario")
            node = _Node(_SEQ if cls is sequence_start else _MAP, [], event.start_mark)
            if stack:
                stack[-1].value.append(node)
            stack.append(node)
        elif cls is alias_event:
            raise ScenarioError(_location(path, event.start_mark),
                                f"the alias *{event.anchor} is not allowed: scenario files use no "
                                "anchors or aliases (&name, *name); write the value out")
        elif cls is document_end:
            return root
    return root


class _Oversized(ScenarioError):
    """A document with more values than limits.py allows: the stream is not read any further."""


class _Budget:
    """Counts a document's values as they are read, refusing one too many or a text too long
    (limits.py) before any work that grows with them."""

    __slots__ = ("path", "left")

    def __init__(self, path: str) -> None:
        self.path, self.left = path, limits.MAX_VALUES

    def take(self, event) -> None:
        self.left -= 1
        if self.left < 0:
            raise _Oversized(_location(self.path, event.start_mark), limits.too_many_values())
        if len(getattr(event, "value", "")) > limits.MAX_TEXT_CHARS:
            number = not event.style and scalar_type(event.value) in ("int", "float")
            raise ScenarioError(_location(self.path, event.start_mark),
                                limits.too_long(event.value, number))


def _plain_tag(tag: str, event, path: str) -> str:
    kind = _PLAIN_TAGS.get(tag)
    if kind is None:
        shown = tag.replace("tag:yaml.org,2002:", "!!")
        raise ScenarioError(_location(path, event.start_mark),
                            f"the tag {shown} is not allowed: scenario files hold plain data only")
    return kind


def _location(path: str, mark) -> Location:
    return Location(path, mark.line + 1, mark.column + 1)


# --- reading typed values from nodes ------------------------------------------------

#: parse_card, remembered: a recorded file writes the same few spellings thousands of times.
_parse_card = functools.lru_cache(maxsize=1024)(parse_card)


class _Reader:
    """Reads typed values out of nodes, each error located at its node."""

    def __init__(self, path: str) -> None:
        self.path = path

    def at(self, node: _Node) -> Location:
        return Location(self.path, node.mark.line + 1, node.mark.column + 1)

    def fail(self, node: _Node, message: str) -> ScenarioError:
        return ScenarioError(self.at(node), message)

    def mapping(self, node: _Node, what: str) -> list[tuple[str, _Node, _Node]]:
        if node.kind is not _MAP:
            raise self.fail(node, f"{what}: expected a mapping (key: value), got {_kind(node)}")
        items, keys = [], set()
        pairs = node.value
        for key_node, value_node in zip(pairs[::2], pairs[1::2]):
            if key_node.kind is not _SCALAR:
                raise self.fail(key_node, f"{what}: keys must be plain words, not {_kind(key_node)}")
            key = key_node.value
            if key in keys:
                raise self.fail(key_node, f"{what}: the key {key!r} appears twice")
            keys.add(key)
            items.append((key, key_node, value_node))
        return items

    def fields(self, node: _Node, what: str, allowed: tuple[str, ...]) -> dict[str, _Node]:
        """A mapping of known keys to their values; refuses a key that is neither allowed nor
        an author's x- key (x- keys are left out)."""
        if node.kind is not _MAP:
            raise self.fail(node, f"{what}: expected a mapping (key: value), got {_kind(node)}")
        values: dict[str, _Node] = {}
        pairs = node.value
        for i in range(0, len(pairs), 2):
            key_node = pairs[i]
            if key_node.kind is not _SCALAR:
                raise self.fail(key_node, f"{what}: keys must be plain words, not {_kind(key_node)}")
            key = key_node.value
            if key not in allowed:
                if key.startswith("x-"):
                    continue
                raise self.fail(key_node, f"{what}: unknown key {key!r} (expected one of "
                                f"{', '.join(allowed)}, or an x- key of your own)")
            if key in values:
                raise self.fail(key_node, f"{what}: the key {key!r} appears twice")
            values[key] = pairs[i + 1]
        return values

    def key_node(self, node: _Node, key: str) -> _Node:
        """Where ``key`` is written in a mapping (for an error about the key itself)."""
        return next(key_node for key_node in node.value[::2] if key_node.value == key)

    def sequence(self, node: _Node, what: str, limit: int | None = None) -> list[_Node]:
        if node.kind is not _SEQ:
            raise self.fail(node, f"{what}: expected a list, got {_kind(node)}")
        if limit is not None and len(node.value) > limit:
            raise self.fail(node, limits.too_many_items(what, len(node.value), limit))
        return node.value

    def scalar(self, node: _Node, what: str) -> _Node:
        if node.kind is not _SCALAR:
            raise self.fail(node, f"{what}: expected a single value, got {_kind(node)}")
        return node

    @staticmethod
    def is_null(node: _Node) -> bool:
        return node.kind is _SCALAR and node.resolve() == "null"

    def text(self, node: _Node, what: str) -> str:
        node = self.scalar(node, what)
        kind = node.resolve()
        if kind == "null":
            raise self.fail(node, f"{what}: expected some text, got nothing")
        if not node.value.strip():
            raise self.fail(node, f"{what}: expected some text, got only blanks")
        if kind != "str":
            raise self.fail(node, f"{what}: expected text, got {_kind(node)} (put it in quotes "
                            f"if you mean the text: \"{node.value}\")")
        return node.value

    def integer(self, node: _Node, what: str, minimum: int = 0) -> int:
        node = self.scalar(node, what)
        if node.resolve() != "int" or not node.value.lstrip("+-").isdigit():
            raise self.fail(node, f"{what}: expected a whole number, got {_kind(node)}")
        self.check_digits(node, what)
        value = int(node.value)
        if value < minimum:
            raise self.fail(node, f"{what}: expected a number of at least {minimum}, got {value}")
        if value > limits.MAX_COUNT:
            raise self.fail(node, limits.count_too_large(what, minimum, value))
        return value

    def check_digits(self, node: _Node, what: str) -> None:
        """Refuses a number too long to be read cheaply (Python reads at most 4,300 digits)."""
        if limits.digits(node.value) > limits.MAX_NUMBER_DIGITS:
            raise self.fail(node, limits.number_too_long(what, node.value))

    def card(self, node: _Node, what: str) -> Card:
        node = self.scalar(node, what)
        if node.value in _NULLS and node.resolve() == "null":
            raise self.fail(node, f"{what}: expected a card like 10♥ or QS, got nothing")
        try:
            return _parse_card(node.value)
        except CardError as error:
            raise self.fail(node, f"{what}: {error}") from None

    def cards(self, node: _Node, what: str) -> tuple[Card, ...]:
        cards: list[Card] = []
        for item in self.sequence(node, what, limits.MAX_CARDS):
            card = self.card(item, what)
            if card in cards:
                raise self.fail(item, f"{what}: {card} appears twice")
            cards.append(card)
        return tuple(cards)

    def seat(self, node: _Node, what: str, players: tuple[str, ...]) -> str:
        name = self.text(node, what)
        if name not in players:
            raise self.fail(node, no_seat(what, name, players))
        return name

    def seats(self, node: _Node, what: str, players: tuple[str, ...]) -> frozenset[str]:
        seats: set[str] = set()
        for item in self.sequence(node, what):
            seat = self.seat(item, what, players)
            if seat in seats:
                raise self.fail(item, f"{what}: {seat} appears twice")
            seats.add(seat)
        return frozenset(seats)

    def plain(self, node: _Node) -> Any:
        """An x- value as plain Python data."""
        if node.kind is _MAP:
            return {key: self.plain(value) for key, _, value in self.mapping(node, "x- key")}
        if node.kind is _SEQ:
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


def _kind(node: _Node) -> str:
    if node.kind is not _SCALAR:
        return node.kind
    kind = node.resolve()
    if kind == "null":
        return "nothing"
    if kind in ("int", "float"):
        return f"the number {node.value if len(node.value) <= 20 else node.value[:20] + '…'}"
    if kind == "bool":
        return f"the boolean {node.value}"
    return quoted(node.value)


# --- building a scenario -------------------------------------------------------------

def _rules(reader: _Reader, node: _Node) -> Rules:
    try:
        if node.kind is _SCALAR:
            return Rules.parse(reader.text(node, "rules"))
        values = reader.fields(node, "rules", RULES_KEYS)
        if "profile" not in values:
            raise reader.fail(node, "rules: missing profile: one of "
                              + ", ".join(PROFILES + tuple(PROFILE_ALIASES)))
        profile = reader.text(values["profile"], "rules: profile")
        if PROFILE_ALIASES.get(profile, profile) not in PROFILES:
            raise reader.fail(values["profile"], f"rules: unknown profile {profile!r}: expected "
                              "one of " + ", ".join(PROFILES + tuple(PROFILE_ALIASES)))
        variants: list[str] = []
        listed = reader.sequence(values["variants"], "rules: variants") if "variants" in values else []
        for item in listed:
            name = reader.text(item, "rules: variants")
            if name not in VARIANTS:
                raise reader.fail(item, f"rules: unknown variant {name!r}: expected any of "
                                  + ", ".join(VARIANTS))
            if name in variants:
                raise reader.fail(item, f"rules: variants: {name} appears twice")
            variants.append(name)
        hand_size = None
        if "hand_size" in values and not reader.is_null(values["hand_size"]):
            hand_size = reader.integer(values["hand_size"], "rules: hand_size", minimum=1)
        return Rules.of(profile, variants, hand_size)
    except RulesError as error:
        raise reader.fail(node, f"rules: {error}") from None


def _expect(reader: _Reader, node: _Node, players: tuple[str, ...]) -> Expect:
    values: dict[str, Any] = {}
    where: dict[str, Location] = {}
    for key, value in reader.fields(node, "expect", EXPECT_KEYS).items():
        what = f"expect: {key}"
        where[key] = reader.at(value)
        if key in ("trick_winner", "leader"):
            values[key] = None if reader.is_null(value) else reader.seat(value, what, players)
        elif key == "stock_size":
            values[key] = reader.integer(value, what)
        elif key == "out":
            values[key] = reader.seats(value, what, players)
        elif key == "hand_sizes":
            values[key] = {reader.seat(seat, what, players): reader.integer(size, what)
                           for _, seat, size in reader.mapping(value, what)}
        elif key == "drawn":
            values[key] = {reader.seat(seat, what, players): reader.cards(cards, what)
                           for _, seat, cards in reader.mapping(value, what)}
        else:  # legal
            entries = reader.mapping(value, what)
            if len(entries) != 1:
                raise reader.fail(value, f"{what}: name exactly one seat, the one to act, "
                                  "with its legal cards, like {B: [3♣, 9♣]}")
            _, seat, cards = entries[0]
            values[key] = (reader.seat(seat, what, players), frozenset(reader.cards(cards, what)))
    return Expect(**values, given=frozenset(values), where=where)


def _ask(reader: _Reader, node: _Node, players: tuple[str, ...]) -> Ask:
    values = reader.fields(node, "ask", ASK_KEYS)
    for key in ("question", "answer"):
        if key not in values:
            raise reader.fail(node, f"ask: missing {key}" + (
                "" if key == "question" else ": one of {legal: [CARDS]}, {card: [CARDS]}, "
                "{winner: SEAT} or {choice: TEXT} with choices: [TEXT, ...]"))
    texts = {key: reader.text(values[key], f"ask: {key}")
             for key in ("question", "hint", "wrong") if key in values}
    entries = [entry for entry in reader.mapping(values["answer"], "ask: answer")
               if not entry[0].startswith("x-")]
    if len(entries) != 1 or entries[0][0] not in ANSWER_KINDS:
        raise reader.fail(values["answer"], "ask: answer: give exactly one of "
                          + ", ".join(ANSWER_KINDS) + ", like {legal: [3♣]} or {winner: C}")
    kind, _, answer = entries[0]
    what = f"ask: answer: {kind}"
    found: dict[str, Any] = {}
    if kind in ("legal", "card"):
        listed = reader.cards(answer, what) if answer.kind is _SEQ else (reader.card(answer, what),)
        if kind == "card" and not listed:
            raise reader.fail(answer, f"{what}: name at least one card")
        found["cards"] = frozenset(listed)
    elif kind == "winner":
        found["seat"] = reader.seat(answer, what, players)
    else:
        found["choice"] = reader.text(answer, what)
    if "choices" in values:
        if kind != "choice":
            raise reader.fail(values["choices"], "ask: choices go with an answer of kind choice")
        found["choices"] = tuple(reader.text(item, "ask: choices")
                                 for item in reader.sequence(values["choices"], "ask: choices",
                                                             limits.MAX_CHOICES))
        if found["choice"] not in found["choices"]:
            raise reader.fail(answer, f"{what}: {found['choice']!r} is not one of the choices")
    elif kind == "choice":
        raise reader.fail(node, "ask: an answer of kind choice needs choices: [TEXT, ...]")
    return Ask(texts["question"], kind, reader.at(node), reader.at(answer), hint=texts.get("hint"),
               wrong=texts.get("wrong"), **found)


def _step(reader: _Reader, node: _Node, players: tuple[str, ...], rules: Rules) -> Step:
    values = reader.fields(node, "step", STEP_KEYS)
    say = reader.text(values["say"], "say") if "say" in values else None
    ask = _ask(reader, values["ask"], players) if "ask" in values else None
    actions = [key for key in STEP_ACTIONS if key in values]
    if len(actions) > 1:
        raise reader.fail(node, f"step: one action per step, this one has {' and '.join(actions)}")
    if not actions:
        if ask is not None:
            return Step("ask", reader.at(values["ask"]), say=say, ask=ask)
        if say is None:
            raise reader.fail(node, "step: expected play, choose_trump, expect or say (or ask: a question)")
        return Step("say", reader.at(values["say"]), say=say)
    kind = actions[0]
    value = values[kind]
    if kind == "expect":
        return Step(kind, reader.at(value), expect=_expect(reader, value, players), say=say, ask=ask)
    if kind == "choose_trump" and not rules.grand_coup:
        raise reader.fail(value, "choose_trump: only the grand-coup variant lets a player name "
                          f"trump, and these rules are {rules.spec}")
    parts = reader.text(value, kind).split()
    example = "B 3♣" if kind == "play" else "C ♠"
    if len(parts) != 2:
        raise reader.fail(value, f"{kind}: expected \"SEAT {'CARD' if kind == 'play' else 'SUIT'}\""
                          f", like \"{example}\"")
    seat, thing = parts
    if seat not in players:
        raise reader.fail(value, no_seat(kind, seat, players))
    try:
        if kind == "play":
            return Step(kind, reader.at(value), seat=seat, card=_parse_card(thing), say=say, ask=ask)
        return Step(kind, reader.at(value), seat=seat, suit=parse_suit(thing), say=say, ask=ask)
    except CardError as error:
        raise reader.fail(value, f"{kind}: {error}") from None


def _result(reader: _Reader, node: _Node, players: tuple[str, ...]) -> Result:
    values = reader.fields(node, "result", RESULT_KEYS)
    winner = reason = None
    if "winner" in values and not reader.is_null(values["winner"]):
        winner = reader.seat(values["winner"], "result: winner", players)
    if "reason" in values and not reader.is_null(values["reason"]):
        reason = reader.text(values["reason"], "result: reason")
        if reason not in END_REASONS:
            raise reader.fail(values["reason"], f"result: reason {reason!r} is not one of "
                              + ", ".join(END_REASONS))
    return Result(winner, reason, reader.at(node), frozenset(values),
                  {key: reader.at(value) for key, value in values.items()})


def _players(reader: _Reader, node: _Node) -> tuple[str, ...]:
    players: list[str] = []
    listed = reader.sequence(node, "players")
    if not MIN_PLAYERS <= len(listed) <= MAX_PLAYERS:  # before reading any name
        raise reader.fail(node, f"players: Linger Longer is for {MIN_PLAYERS} to "
                          f"{MAX_PLAYERS} players, not {format_number(len(listed), 'en')}")
    for item in listed:
        name = reader.text(item, "players")
        if not _ONE_WORD.fullmatch(name):
            raise reader.fail(item, f"players: a seat name is one word (it is written before "
                              f"the card in a play, like \"B 3♣\"), not {quoted(name)}")
        message = seat_name_problem(name, players)
        if message:
            raise reader.fail(item, message)
        players.append(name)
    return tuple(players)


def _position(reader: _Reader, values: dict[str, _Node], need, players) -> dict[str, Any]:
    """The setup of form (b): hands, stock, trump and the next leader."""
    seen: dict[Card, str] = {}

    def cards(node: _Node, what: str, where: str) -> tuple[Card, ...]:
        """A list of cards, none of them already somewhere else in the position."""
        read = reader.cards(node, what)
        for item, card in zip(node.value, read):
            if card in seen:
                raise reader.fail(item, f"{card} is both in {seen[card]} and in {where}")
            seen[card] = where
        return read

    hands = {}
    for _, seat_node, cards_node in reader.mapping(need("hands", "every seat's cards"), "hands"):
        seat = reader.seat(seat_node, "hands", players)
        hands[seat] = cards(cards_node, "hands", f"{seat}'s hand")
    setup: dict[str, Any] = {"hands": hands}
    setup["leader"] = reader.seat(need("leader", "the seat that leads next"), "leader", players)
    if "stock" in values:
        setup["stock"] = cards(values["stock"], "stock", "the stock")
    if "trump" in values and not reader.is_null(values["trump"]):
        trump_text = reader.text(values["trump"], "trump")
        if trump_text.strip().lower() != "none":
            try:
                setup["trump"] = parse_suit(trump_text)
            except CardError as error:
                raise reader.fail(values["trump"], f"trump: {error}, or none") from None
    return setup


def _refuse_hand_size(reader: _Reader, rules_node: _Node, rules: Rules) -> None:
    """A position deals nothing, so a hand size there would be silently ignored."""
    if rules.hand_size is not None:
        raise reader.fail(reader.fields(rules_node, "rules", RULES_KEYS)["hand_size"],
                          "rules: hand_size: a position deals no cards, so a hand size changes "
                          "nothing here; leave it out (it is for a deal: deck)")


def _scenario(reader: _Reader, node: _Node, index: int) -> Scenario:
    values = reader.fields(node, "scenario", TOP_KEYS)

    def need(key: str, what: str) -> _Node:
        if key not in values:
            raise reader.fail(node, f"missing {key}: {what}")
        return values[key]

    format_node = reader.scalar(need("format", f"the format version ({FORMAT})"), "format")
    if format_node.resolve() != "int" or format_node.value != str(FORMAT):
        raise reader.fail(format_node, f"format: expected {FORMAT} (the only format there is), "
                          f"got {_kind(format_node)}")
    title = reader.text(need("title", "a title for the scenario"), "title")
    summary = reader.text(values["summary"], "summary") if "summary" in values else None
    tags = tuple(reader.text(tag, "tags")
                 for tag in reader.sequence(values["tags"], "tags", limits.MAX_TAGS)) \
        if "tags" in values else ()
    lang = None
    if "lang" in values:
        lang = reader.text(values["lang"], "lang")
        if lang not in LANGUAGES:
            raise reader.fail(values["lang"], f"lang: {lang!r} is not a language of the book "
                              f"(one of {', '.join(LANGUAGES)})")
    rules = _rules(reader, need("rules", "a profile name, or {profile: ..., variants: [...]}"))
    players_node = need("players", "the seats, clockwise, e.g. [A, B, C, D]")
    players = _players(reader, players_node)
    try:
        rules.check_players(len(players))
    except RulesError as error:
        raise reader.fail(values["rules"], f"rules: {error}") from None
    dealer = reader.seat(need("dealer", "the dealer's seat"), "dealer", players)

    position = [key for key in POSITION_KEYS if key in values]
    if "deck" in values:
        if position:
            raise reader.fail(reader.key_node(node, position[0]), "use either deck (a deal) or "
                              "hands, stock, trump and leader (a position), not both")
        deck = reader.cards(values["deck"], "deck")
        if len(deck) != 52:
            raise reader.fail(values["deck"], f"deck: a deck has 52 distinct cards, this one "
                              f"has {len(deck)}")
        setup: dict[str, Any] = {"deck": deck}
    elif position:
        _refuse_hand_size(reader, values["rules"], rules)
        setup = _position(reader, values, need, players)
    else:
        raise reader.fail(node, "missing setup: give either deck (52 cards, a deal) or hands, "
                          "stock, trump and leader (a position)")
    steps = tuple(_step(reader, item, players, rules) for item in
                  reader.sequence(need("steps", "a list of steps (may be [])"), "steps", limits.MAX_STEPS))
    over = limits.markdown_overflow((step.say for step in steps), already=len(summary or ""))
    if over is not None:
        raise ScenarioError(steps[over].where, limits.too_much_markdown())
    result = _result(reader, values["result"], players) if "result" in values else None
    extras = {key: reader.plain(value) for key, _, value in reader.mapping(node, "scenario")
              if key.startswith("x-")}
    scenario = Scenario(title=title, rules=rules, players=players, dealer=dealer, steps=steps,
                        where=reader.at(node), summary=summary, tags=tags, lang=lang, result=result,
                        extras=extras, index=index, **setup)
    try:
        scenario.start()
    except SetupError as error:
        culprit = (values.get(error.field) or values.get("deck") or values.get("hands")
                   or node)
        raise reader.fail(culprit, str(error)) from None
    return scenario


# --- entry points ---------------------------------------------------------------------

class _Parser(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """libyaml's parser when available; only its events are used, nothing is constructed."""


def iter_documents(source: str | TextIO, path: str = "<string>") -> Iterator[Scenario | ScenarioError]:
    """Each document of a YAML stream as a ``Scenario``, or the ``ScenarioError`` refusing it.

    ``source`` is the text or an open text file; a file is read a piece at a time
    and each scenario is built only when reached, so a large stream is never held
    whole. A refused document does not stop the stream; a YAML syntax error does
    (it is the last item).
    """
    reader = _Reader(path)
    index = 0
    try:
        for root in _events_to_documents(yaml.parse(source, Loader=_Parser), path):
            if isinstance(root, ScenarioError):
                yield root
            elif root is None or (root.kind is _SCALAR and root.resolve() == "null"):
                continue  # an empty document, e.g. between two ---
            else:
                try:
                    yield _scenario(reader, root, index)
                except ScenarioError as error:
                    yield error
            index += 1
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = _location(path, mark) if mark else Location(path, 1, 1)
        problem = error.problem or error.context or "unreadable YAML"
        if error.problem and error.context and error.context_mark:
            context = error.context_mark
            problem += f" ({error.context} at line {context.line + 1}, column {context.column + 1})"
        yield ScenarioError(where, f"YAML syntax error: {problem}", _syntax_hint(error))
    except yaml.reader.ReaderError as error:  # a character YAML does not allow
        yield ScenarioError(_offset_location(source, path, error.position),
                            f"the character U+{error.character:04X} is not allowed in YAML "
                            f"({error.reason}): remove it, or write it as an escape in quotes")
    except yaml.YAMLError as error:
        yield ScenarioError(Location(path, 1, 1), f"YAML error: {' '.join(str(error).split())}")
    except UnicodeDecodeError as error:
        yield ScenarioError(Location(path, 1, 1), f"not UTF-8 text: {error.reason}")
    except ScenarioError as error:  # refused by a bounded source (source.py) as it was read
        yield error


def _syntax_hint(error: yaml.MarkedYAMLError) -> str | None:
    """The book's advice for the syntax error a newcomer meets first: a ": " inside a text."""
    problem = error.problem or ""
    return "load.quote-colon" if problem.startswith("mapping values are not allowed") else None


def _offset_location(source: str | TextIO, path: str, offset: int) -> Location:
    """The line and column of libyaml's byte offset (on this error path only, the text is read again)."""
    if hasattr(source, "location_of"):  # a bounded source remembers what it just read
        return source.location_of(offset)
    try:
        text = source if isinstance(source, str) else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return Location(path, 1, 1)
    before = text.encode("utf-8")[:offset].decode("utf-8", errors="ignore")
    offset = len(before)
    return Location(path, before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1)


def iter_scenarios(source: str | TextIO, path: str = "<string>") -> Iterator[Scenario]:
    """Each scenario of a YAML stream, read lazily; raises ``ScenarioError`` at the first problem."""
    for item in iter_documents(source, path):
        if isinstance(item, ScenarioError):
            raise item
        yield item


def loads(text: str, path: str = "<string>") -> list[Scenario]:
    """Every scenario in a YAML text; raises ``ScenarioError`` at the first problem."""
    scenarios = list(iter_scenarios(text, path))
    if not scenarios:
        raise ScenarioError(Location(path, 1, 1), "no scenario in this file")
    return scenarios


def load(path: str | Path) -> list[Scenario]:
    """Every scenario in a file (see ``loads``)."""
    from .source import open_source  # it builds on this module: bounded, located reading
    name = str(path)
    try:
        with open_source(name) as source:
            scenarios = list(iter_scenarios(source, name))
    except OSError as error:
        raise ScenarioError(Location(name, 1, 1), f"cannot read: {error.strerror}") from None
    if not scenarios:
        raise ScenarioError(Location(name, 1, 1), "no scenario in this file")
    return scenarios
