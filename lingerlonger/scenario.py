"""Scenario files, format 1 (SCENARIO_FORMAT.md): loading with located errors.

YAML is composed into nodes (safely: no tags beyond plain data, no anchors or
aliases) and every value is read with its line and column, so a mistake is
reported as ``FILE:LINE:COLUMN: message`` at the value that is wrong.

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

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import yaml

from .cards import Card, CardError, Suit, parse_card, parse_suit
from .engine import SetupError, State, deal, from_position
from .events import END_REASONS, Event
from .rules import MAX_PLAYERS, MIN_PLAYERS, VARIANTS, Rules, RulesError

FORMAT = 1
_YAML = "tag:yaml.org,2002:"
_PLAIN_TAGS = {_YAML + name for name in ("str", "int", "bool", "null", "float", "seq", "map")}
EXPECT_KEYS = ("trick_winner", "drawn", "out", "hand_sizes", "stock_size", "leader", "legal")
STEP_ACTIONS = ("play", "choose_trump", "expect")
TOP_KEYS = ("format", "title", "summary", "tags", "rules", "players", "dealer", "deck", "hands",
            "stock", "trump", "leader", "steps", "result")
POSITION_KEYS = ("hands", "stock", "trump", "leader")


@dataclass(frozen=True, slots=True)
class Location:
    path: str
    line: int    # 1-based
    column: int  # 1-based

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


class ScenarioError(ValueError):
    """A scenario refused or failed, at a place in its file."""

    def __init__(self, where: Location, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


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
    where: dict[str, Location] = field(default_factory=dict)  # each key's value


@dataclass(frozen=True)
class Step:
    """One step: a play, a trump choice, an expectation, or narration only."""

    kind: str                       # "play" | "choose_trump" | "expect" | "say"
    where: Location                 # the step's action value (or the step itself)
    seat: str | None = None
    card: Card | None = None
    suit: Suit | None = None
    expect: Expect | None = None
    say: str | None = None


@dataclass(frozen=True)
class Result:
    winner: str | None
    reason: str | None
    where: Location
    given: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Scenario:
    """One scenario document; ``start()`` gives the engine state it begins from."""

    title: str
    rules: Rules
    players: tuple[str, ...]
    dealer: str
    steps: tuple[Step, ...]
    where: Location
    summary: str | None = None
    tags: tuple[str, ...] = ()
    deck: tuple[Card, ...] | None = None
    hands: dict[str, tuple[Card, ...]] | None = None
    stock: tuple[Card, ...] = ()
    trump: Suit | None = None
    leader: str | None = None
    result: Result | None = None
    extras: dict[str, Any] = field(default_factory=dict)  # x- keys, kept for the writer
    index: int = 0                                         # position in a YAML stream

    @property
    def is_deal(self) -> bool:
        return self.deck is not None

    def start(self) -> tuple[State, list[Event]]:
        """The first state, and the events of the deal (none for a position)."""
        if self.deck is not None:
            return deal(self.rules, self.players, self.dealer, self.deck)
        return from_position(self.rules, self.players, dealer=self.dealer, leader=self.leader,
                             hands=self.hands, stock=self.stock, trump=self.trump), []


# --- reading YAML safely -----------------------------------------------------------

class _Reader:
    """Reads typed values out of YAML nodes, each error located at its node."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.seen: set[int] = set()

    def at(self, node: yaml.Node) -> Location:
        return Location(self.path, node.start_mark.line + 1, node.start_mark.column + 1)

    def fail(self, node: yaml.Node, message: str) -> ScenarioError:
        return ScenarioError(self.at(node), message)

    def check_node(self, node: yaml.Node) -> None:
        """Refuse a node met twice (an alias: the way to a "billion laughs") or with a tag."""
        if id(node) in self.seen:
            raise self.fail(node, "anchors and aliases (&name, *name) are not allowed in "
                            "scenario files: write the value out")
        self.seen.add(id(node))
        self.check_tag(node)

    def check_tag(self, node: yaml.Node) -> None:
        if node.tag not in _PLAIN_TAGS:
            raise self.fail(node, f"the tag {node.tag.replace(_YAML, '!!')} is not allowed: "
                            "scenario files hold plain data only")

    def mapping(self, node: yaml.Node, what: str) -> list[tuple[str, yaml.Node, yaml.Node]]:
        self.check_node(node)
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, f"{what}: expected a mapping (key: value lines), got {_kind(node)}")
        items, keys = [], set()
        for key_node, value_node in node.value:
            self.check_tag(key_node)  # read again as a seat name, so not marked as seen
            if not isinstance(key_node, yaml.ScalarNode):
                raise self.fail(key_node, f"{what}: keys must be plain words")
            key = key_node.value
            if key in keys:
                raise self.fail(key_node, f"{what}: the key {key!r} appears twice")
            keys.add(key)
            items.append((key, key_node, value_node))
        return items

    def sequence(self, node: yaml.Node, what: str) -> list[yaml.Node]:
        self.check_node(node)
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail(node, f"{what}: expected a list, got {_kind(node)}")
        return node.value

    def scalar(self, node: yaml.Node, what: str) -> yaml.ScalarNode:
        self.check_node(node)
        if not isinstance(node, yaml.ScalarNode):
            raise self.fail(node, f"{what}: expected a single value, got {_kind(node)}")
        return node

    def is_null(self, node: yaml.Node) -> bool:
        return isinstance(node, yaml.ScalarNode) and node.tag == _YAML + "null"

    def text(self, node: yaml.Node, what: str) -> str:
        node = self.scalar(node, what)
        if node.tag == _YAML + "null" or node.value == "":
            raise self.fail(node, f"{what}: expected some text, got nothing")
        return node.value  # the text as written: a seat called On or No stays a name

    def integer(self, node: yaml.Node, what: str, minimum: int = 0) -> int:
        node = self.scalar(node, what)
        if node.tag != _YAML + "int":
            raise self.fail(node, f"{what}: expected a whole number, got {node.value!r}")
        value = int(node.value.replace("_", ""), 0)
        if value < minimum:
            raise self.fail(node, f"{what}: expected a number of at least {minimum}, got {value}")
        return value

    def card(self, node: yaml.Node, what: str) -> Card:
        text = self.text(node, what)
        try:
            return parse_card(text)
        except CardError as error:
            raise self.fail(node, f"{what}: {error}") from None

    def cards(self, node: yaml.Node, what: str) -> tuple[Card, ...]:
        cards: list[Card] = []
        for item in self.sequence(node, what):
            card = self.card(item, what)
            if card in cards:
                raise self.fail(item, f"{what}: {card} appears twice")
            cards.append(card)
        return tuple(cards)

    def seat(self, node: yaml.Node, what: str, players: tuple[str, ...]) -> str:
        name = self.text(node, what)
        if name not in players:
            raise self.fail(node, f"{what}: no seat {name!r} at this table (seats are "
                            f"{', '.join(players)})")
        return name


def _kind(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if node.tag == _YAML + "null" or node.value == "":
        return "nothing"
    return repr(node.value)


def _check_keys(reader: _Reader, items, allowed: tuple[str, ...], what: str) -> None:
    for key, key_node, _ in items:
        if key not in allowed and not key.startswith("x-"):
            raise reader.fail(key_node, f"{what}: unknown key {key!r} (expected one of "
                              f"{', '.join(allowed)}, or an x- key of your own)")


# --- building a scenario -------------------------------------------------------------

def _rules(reader: _Reader, node: yaml.Node) -> Rules:
    try:
        if isinstance(node, yaml.ScalarNode):
            return Rules.parse(reader.text(node, "rules"))
        items = reader.mapping(node, "rules")
        _check_keys(reader, items, ("profile", "variants", "hand_size"), "rules")
        values = {key: value for key, _, value in items}
        if "profile" not in values:
            raise reader.fail(node, "rules: expected a profile: standard, sift-smoke or equal-hands")
        profile = reader.text(values["profile"], "rules: profile")
        variants = []
        if "variants" in values:
            for item in reader.sequence(values["variants"], "rules: variants"):
                name = reader.text(item, "rules: variants")
                if name not in VARIANTS:
                    raise reader.fail(item, f"rules: unknown variant {name!r}: expected any of "
                                      + ", ".join(VARIANTS))
                variants.append(name)
        hand_size = None
        if "hand_size" in values and not reader.is_null(values["hand_size"]):
            hand_size = reader.integer(values["hand_size"], "rules: hand_size", minimum=1)
        return Rules.of(profile, variants, hand_size)
    except RulesError as error:
        raise reader.fail(node, f"rules: {error}") from None


def _expect(reader: _Reader, node: yaml.Node, players: tuple[str, ...]) -> Expect:
    items = reader.mapping(node, "expect")
    _check_keys(reader, items, EXPECT_KEYS, "expect")
    values: dict[str, Any] = {}
    where: dict[str, Location] = {}
    for key, _, value in items:
        if key.startswith("x-"):
            continue
        what = f"expect: {key}"
        where[key] = reader.at(value)
        if key in ("trick_winner", "leader"):
            values[key] = None if reader.is_null(value) else reader.seat(value, what, players)
        elif key == "stock_size":
            values[key] = reader.integer(value, what)
        elif key == "out":
            values[key] = frozenset(reader.seat(item, what, players)
                                    for item in reader.sequence(value, what))
        elif key == "hand_sizes":
            values[key] = {reader.seat(seat, what, players): reader.integer(size, what)
                           for _, seat, size in reader.mapping(value, what)}
        elif key == "drawn":
            values[key] = {reader.seat(seat, what, players): reader.cards(cards, what)
                           for _, seat, cards in reader.mapping(value, what)}
        elif key == "legal":
            entries = reader.mapping(value, what)
            if len(entries) != 1:
                raise reader.fail(value, f"{what}: name exactly one seat, the one to act, "
                                  "with its legal cards")
            _, seat, cards = entries[0]
            values[key] = (reader.seat(seat, what, players), frozenset(reader.cards(cards, what)))
    return Expect(**values, given=frozenset(values), where=where)


def _step(reader: _Reader, node: yaml.Node, players: tuple[str, ...]) -> Step:
    items = reader.mapping(node, "step")
    _check_keys(reader, items, STEP_ACTIONS + ("say",), "step")
    values = {key: value for key, _, value in items}
    say = reader.text(values["say"], "say") if "say" in values else None
    actions = [key for key in STEP_ACTIONS if key in values]
    if len(actions) > 1:
        raise reader.fail(node, f"step: one action per step, this one has {' and '.join(actions)}")
    if not actions:
        if say is None:
            raise reader.fail(node, "step: expected play, choose_trump, expect or say")
        return Step("say", reader.at(values["say"]), say=say)
    kind = actions[0]
    value = values[kind]
    if kind == "expect":
        return Step(kind, reader.at(value), expect=_expect(reader, value, players), say=say)
    parts = reader.text(value, kind).split()
    example = "B 3♣" if kind == "play" else "C ♠"
    if len(parts) != 2:
        raise reader.fail(value, f"{kind}: expected \"SEAT {'CARD' if kind == 'play' else 'SUIT'}\""
                          f", like \"{example}\"")
    seat, thing = parts
    if seat not in players:
        raise reader.fail(value, f"{kind}: no seat {seat!r} at this table (seats are "
                          f"{', '.join(players)})")
    try:
        if kind == "play":
            return Step(kind, reader.at(value), seat=seat, card=parse_card(thing), say=say)
        return Step(kind, reader.at(value), seat=seat, suit=parse_suit(thing), say=say)
    except CardError as error:
        raise reader.fail(value, f"{kind}: {error}") from None


def _result(reader: _Reader, node: yaml.Node, players: tuple[str, ...]) -> Result:
    items = reader.mapping(node, "result")
    _check_keys(reader, items, ("winner", "reason"), "result")
    values = {key: value for key, _, value in items if not key.startswith("x-")}
    winner = reason = None
    if "winner" in values and not reader.is_null(values["winner"]):
        winner = reader.seat(values["winner"], "result: winner", players)
    if "reason" in values and not reader.is_null(values["reason"]):
        reason = reader.text(values["reason"], "result: reason")
        if reason not in END_REASONS:
            raise reader.fail(values["reason"], f"result: reason {reason!r} is not one of "
                              + ", ".join(END_REASONS))
    return Result(winner, reason, reader.at(node), frozenset(values))


def _plain(reader: _Reader, node: yaml.Node) -> Any:
    """An x- value as plain Python data (still no tags, no aliases)."""
    if isinstance(node, yaml.MappingNode):
        return {key: _plain(reader, value) for key, _, value in reader.mapping(node, "x- key")}
    if isinstance(node, yaml.SequenceNode):
        return [_plain(reader, item) for item in reader.sequence(node, "x- key")]
    node = reader.scalar(node, "x- key")
    kind = node.tag[len(_YAML):]
    if kind == "null":
        return None
    if kind == "bool":
        return node.value.lower() in ("true", "yes", "on", "y")
    if kind == "int":
        return int(node.value.replace("_", ""), 0)
    if kind == "float":
        return float(node.value.replace("_", ""))
    return node.value


def _scenario(reader: _Reader, node: yaml.Node, index: int) -> Scenario:
    reader.seen.clear()  # node ids of an earlier document may be reused
    items = reader.mapping(node, "a scenario")
    _check_keys(reader, items, TOP_KEYS, "scenario")
    values = {key: value for key, _, value in items}
    keys = {key: key_node for key, key_node, _ in items}

    def need(key: str, what: str) -> yaml.Node:
        if key not in values:
            raise reader.fail(node, f"missing {key}: {what}")
        return values[key]

    format_node = need("format", f"the format version ({FORMAT})")
    if reader.scalar(format_node, "format").value != str(FORMAT):
        raise reader.fail(format_node, f"format: this is format {FORMAT}; "
                          f"got {format_node.value!r}")
    title = reader.text(need("title", "a title for the scenario"), "title")
    summary = reader.text(values["summary"], "summary") if "summary" in values else None
    tags = tuple(reader.text(tag, "tags") for tag in reader.sequence(values["tags"], "tags")) \
        if "tags" in values else ()
    rules = _rules(reader, need("rules", "a profile name, or {profile: ..., variants: [...]}"))
    players_node = need("players", "the seats, clockwise, e.g. [A, B, C, D]")
    players = tuple(reader.text(item, "players") for item in reader.sequence(players_node, "players"))
    if len(set(players)) != len(players):
        raise reader.fail(players_node, "players: seat names must be unique")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise reader.fail(players_node, f"players: Linger Longer is for {MIN_PLAYERS} to "
                          f"{MAX_PLAYERS} players, not {len(players)}")
    try:
        rules.check_players(len(players))
    except RulesError as error:
        raise reader.fail(values["rules"], f"rules: {error}") from None
    dealer = reader.seat(need("dealer", "the dealer's seat"), "dealer", players)

    position = [key for key in POSITION_KEYS if key in values]
    setup: dict[str, Any] = {}
    if "deck" in values:
        if position:
            raise reader.fail(keys[position[0]], "use either deck (a deal) or hands, stock, trump "
                              "and leader (a position), not both")
        deck = reader.cards(values["deck"], "deck")
        if len(deck) != 52:
            raise reader.fail(values["deck"], f"deck: a deck has 52 distinct cards, this one "
                              f"has {len(deck)}")
        setup["deck"] = deck
    elif position:
        hands = {}
        for _, seat_node, cards_node in reader.mapping(need("hands", "every seat's cards"), "hands"):
            hands[reader.seat(seat_node, "hands", players)] = reader.cards(cards_node, "hands")
        setup["hands"] = hands
        setup["leader"] = reader.seat(need("leader", "the seat that leads next"), "leader", players)
        if "stock" in values:
            setup["stock"] = reader.cards(values["stock"], "stock")
        if "trump" in values and not reader.is_null(values["trump"]):
            trump_text = reader.text(values["trump"], "trump")
            if trump_text.lower() != "none":
                try:
                    setup["trump"] = parse_suit(trump_text)
                except CardError as error:
                    raise reader.fail(values["trump"], f"trump: {error}, or none") from None
        seen: dict[Card, str] = {}
        for where, cards in [*((f"{seat}'s hand", cards) for seat, cards in hands.items()),
                             ("the stock", setup.get("stock", ()))]:
            for card in cards:
                if card in seen:
                    raise reader.fail(values["hands"], f"{card} is both in {seen[card]} and in {where}")
                seen[card] = where
    else:
        raise reader.fail(node, "missing setup: give either deck (52 cards, a deal) or hands, "
                          "stock, trump and leader (a position)")
    steps = tuple(_step(reader, item, players)
                  for item in reader.sequence(need("steps", "a list of steps (may be [])"), "steps"))
    result = _result(reader, values["result"], players) if "result" in values else None
    extras = {key: _plain(reader, value) for key, value in values.items() if key.startswith("x-")}
    scenario = Scenario(title=title, rules=rules, players=players, dealer=dealer, steps=steps,
                        where=reader.at(node), summary=summary, tags=tags, result=result,
                        extras=extras, index=index, **setup)
    try:
        scenario.start()
    except SetupError as error:
        culprit = values.get("deck") or values.get("hands") or node
        raise reader.fail(culprit, str(error)) from None
    return scenario


# --- entry points ---------------------------------------------------------------------

def iter_scenarios(text: str, path: str = "<string>") -> Iterator[Scenario]:
    """Each scenario of a YAML stream, read lazily (a large stream is never held whole)."""
    reader = _Reader(path)
    try:
        documents = yaml.compose_all(text, Loader=_SafeComposer)
        index = 0
        for node in documents:
            if node is None or reader.is_null(node):  # an empty document between two ---
                continue
            yield _scenario(reader, node, index)
            index += 1
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = Location(path, mark.line + 1, mark.column + 1) if mark else Location(path, 1, 1)
        problem = error.problem or error.context or "unreadable YAML"
        raise ScenarioError(where, f"YAML syntax error: {problem}") from None
    except yaml.YAMLError as error:
        raise ScenarioError(Location(path, 1, 1), f"YAML error: {error}") from None


class _SafeComposer(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The safe loader; only its composer is used (nodes with marks, nothing constructed)."""


def loads(text: str, path: str = "<string>") -> list[Scenario]:
    """Every scenario in a YAML text; raises ``ScenarioError`` at the first problem."""
    scenarios = list(iter_scenarios(text, path))
    if not scenarios:
        raise ScenarioError(Location(path, 1, 1), "no scenario in this file")
    return scenarios


def load(path: str | Path) -> list[Scenario]:
    """Every scenario in a file (see ``loads``)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise ScenarioError(Location(str(path), 1, 1), f"not UTF-8 text: {error.reason}") from None
    except OSError as error:
        raise ScenarioError(Location(str(path), 1, 1), f"cannot read: {error.strerror}") from None
    return loads(text, str(path))

