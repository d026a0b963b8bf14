"""What a scenario file becomes: plain frozen values, each remembering where it was written.

The reader (``reader``, ``format1``) builds them, the writer writes them back, the
replay and every view read them; none of them knows YAML.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, NamedTuple


from ..cards import Card, Suit
from ..engine import State, deal, from_position
from ..events import Event
from ..i18n import DEFAULT_LANGUAGE, translate
from ..rules import Rules

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
