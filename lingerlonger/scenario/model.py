"""What a scenario file becomes: plain frozen values, each remembering where it was written.

The reader (``reader``, ``format1``) builds them, the writer writes them back, the
replay and every view read them; none of them knows YAML.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, overload

from lingerlonger.computer.task_judge import TaskGoal
from lingerlonger.game.cards import Card, Suit
from lingerlonger.game.engine import State, deal, from_position
from lingerlonger.game.errors import EXIT_FAILED, LingerError, Message
from lingerlonger.game.events import EndReason, Event
from lingerlonger.game.rules import Rules
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, SOURCE_LANGUAGE, error_text, translate

FORMAT = 1
EXPECT_KEYS = ("trick_winner", "drawn", "out", "hand_sizes", "stock_size", "leader", "legal")


class StepKind(StrEnum):
    """What a step does: a StrEnum, so that each kind is also the key a file writes it under."""

    PLAY = "play"
    CHOOSE_TRUMP = "choose_trump"
    EXPECT = "expect"
    ASK = "ask"  # a question only
    SAY = "say"  # narration only
    TASK = "task"  # the learner acts, the engine judges (a pause, like a question)


class AnswerKind(StrEnum):
    """What a question's ``answer:`` names (see ``Ask``), by its key in the file."""

    LEGAL = "legal"
    CARD = "card"
    WINNER = "winner"
    CHOICE = "choice"


#: The step keys that act (a step has at most one), in the Scenario format reference's order.
STEP_ACTIONS = (StepKind.PLAY, StepKind.CHOOSE_TRUMP, StepKind.EXPECT, StepKind.TASK)
TOP_KEYS = (
    "format",
    "title",
    "summary",
    "tags",
    "lang",
    "rules",
    "players",
    "names",
    "dealer",
    "deck",
    "hands",
    "stock",
    "trump",
    "leader",
    "steps",
    "result",
)
RULES_KEYS = ("profile", "variants", "hand_size")
#: How a lesson names one seat (``names: {Ana: {ru: Аня, gender: f}}``): the gender for every
#: language, and a language's name, or its name and gender (``es: {name: Dani, gender: m}``).
NAME_KEYS = ("gender", "name")
RESULT_KEYS = ("winner", "reason")
POSITION_KEYS = ("hands", "stock", "trump", "leader")
#: A quiz question (``ask:``) and the kinds of answer it may expect (see ``Ask``).
ASK_KEYS = ("question", "answer", "choices", "hint", "wrong")
ANSWER_KINDS = tuple(AnswerKind)
#: A task (``task:``): who acts, the goal the engine judges, and what the learner is told.
TASK_KEYS = ("id", "seat", "goal", "accept", "against", "deals", "tip", "choices", "hints", "right", "wrong")
#: Chapter 10's tips (book/10-strategy.md), which a strategy task's ``tip:`` names by number.
TIPS = 6
TASK_GOALS = tuple(TaskGoal)
MAX_HINTS = 3  # a nudge, the rule, then the answer
STEP_KEYS = (*STEP_ACTIONS, "ask", "say")


class Location(NamedTuple):
    """A place in a file (a tuple: cheap to make for every step of a large recorded file)."""

    path: str
    line: int  # 1-based
    column: int  # 1-based

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


class ScenarioError(LingerError):
    """A scenario refused or failed, at a place in its file: the ``message`` (a code and its
    parameters), then ``hint``, the catalog id of advice on the likely fix. Its words, in any
    language, come from ``text(lang)``; ``str()`` says it in English."""

    def __init__(self, where: Location, message: Message, hint: str | None = None) -> None:
        super().__init__(message.code, **message.params)
        self.where = where
        self.refusal = message
        self.hint = hint

    @property
    def message(self) -> str:
        """The refusal in English, without its place."""
        return error_text(self.refusal, SOURCE_LANGUAGE)

    exit_code: ClassVar[int] = EXIT_FAILED  # a scenario that cannot be read fails its check

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """``FILE:LINE:COLUMN: message``, then the hint, on one line, in ``lang``."""
        located = f"{self.where}: {error_text(self.refusal, lang)}"
        return f"{located.rstrip('.')}. {translate(self.hint, lang)}" if self.hint else located


class Text(str):
    """An author's text: the ``str`` in the scenario's own language, and its ``translations``.

    In a file, any text (a title, a ``say:``, a question, a choice...) is either a string or a
    mapping from language to string, ``{en: Who wins?, pt: Quem ganha?}``. A Text is a str, so
    whatever shows it as it is keeps working; ``in_(lang)`` gives it in another language the
    author wrote it in, else as written. ``where`` is where it was written (not compared).

    It compares as the str it is (its translations aside), so an answer is judged by meaning.

    >>> question = Text("Who wins?", {"pt": "Quem ganha?"})
    >>> question.in_("pt"), question.in_("ru"), question == "Who wins?"
    ('Quem ganha?', 'Who wins?', True)
    """

    translations: Mapping[str, str]
    where: Location | None

    def __new__(cls, text: str, translations: Mapping[str, str] | None = None, where: Location | None = None) -> Text:
        self = super().__new__(cls, text)
        self.translations = MappingProxyType(dict(translations or {}))
        self.where = where
        return self

    def in_(self, lang: str) -> str:
        return self.translations.get(lang, str(self))

    def languages(self, own: str) -> frozenset[str]:
        """The languages it is written in, ``own`` being the scenario's."""
        return frozenset(self.translations) | {own}

    def __reduce__(self) -> tuple[type[Text], tuple[str, dict[str, str], Location | None]]:
        return Text, (str(self), dict(self.translations), self.where)

    def __repr__(self) -> str:
        return f"Text({str(self)!r}, {dict(self.translations)!r})" if self.translations else str.__repr__(self)


def versions(text: str | None) -> tuple[str, ...]:
    """Every version of a text: as written, then its translations (none for None)."""
    if text is None:
        return ()
    return (str(text), *text.translations.values()) if isinstance(text, Text) else (text,)


@overload
def in_language(text: str, lang: str) -> str: ...
@overload
def in_language(text: None, lang: str) -> None: ...
@overload
def in_language(text: str | None, lang: str) -> str | None: ...
def in_language(text: str | None, lang: str) -> str | None:
    """``text`` in ``lang`` when its author wrote it so, else as written (None stays None)."""
    return text.in_(lang) if isinstance(text, Text) else text


def written_in(text: str | None, lang: str, own: str) -> str:
    """The language ``in_language(text, lang)`` is in: ``lang`` if the author wrote it, else ``own``."""
    return lang if (isinstance(text, Text) and lang in text.languages(own)) or lang == own else own


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
    given: frozenset[str] = frozenset()  # the keys present (null is a value)
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
    kind: AnswerKind
    where: Location = field(compare=False)  # the ask: mapping
    answer_where: Location = field(compare=False)  # its answer's value
    cards: frozenset[Card] = frozenset()
    seat: str | None = None
    choice: str | None = None
    choices: tuple[str, ...] = ()
    hint: str | None = None
    wrong: str | None = None

    def in_language(self, lang: str) -> Ask:
        """The question as a reader of ``lang`` sees it (see ``Text``)."""
        return replace(
            self,
            question=in_language(self.question, lang),
            choice=in_language(self.choice, lang),
            choices=tuple(in_language(choice, lang) for choice in self.choices),
            hint=in_language(self.hint, lang),
            wrong=in_language(self.wrong, lang),
        )


@dataclass(frozen=True)
class Task:
    """A task: ``seat`` acts towards ``goal`` on the table as it stands, and the engine judges.

    ``accept`` (None when the author leaves it to the engine) holds the right answers as the
    judge names them (computer/task_judge.py): cards ``"A♥"``, suits ``"♠"``, seat names,
    or for ``choice`` the indices of ``choices`` (``"0"``); ``check`` proves it is exactly the
    set the goal defines. ``id`` keeps a learner's progress when the text changes.
    """

    id: str
    seat: str
    goal: TaskGoal
    where: Location = field(compare=False)  # the task: mapping
    accept: tuple[str, ...] | None = None
    against: str | None = None
    deals: int | None = None  # best-chance: how many deals measure each card (None: the default)
    tip: int | None = None  # the tip of chapter 10 the task is about (1 to ``TIPS``), linked from its feedback
    choices: tuple[str, ...] = ()
    hints: tuple[str, ...] = ()
    right: str | None = None
    wrong: str | None = None
    locations: dict[str, Location] = field(default_factory=dict, compare=False)  # each key's value

    def texts(self) -> Iterator[str]:
        """The author's texts, in reading order."""
        yield from (text for text in (*self.choices, *self.hints, self.right, self.wrong) if text is not None)

    def at(self, key: str) -> Location:
        """Where ``key``'s value was written (the task itself when it was not)."""
        return self.locations.get(key, self.where)

    def in_language(self, lang: str) -> Task:
        """The task as a reader of ``lang`` sees it (see ``Text``)."""
        return replace(
            self,
            choices=tuple(in_language(choice, lang) for choice in self.choices),
            hints=tuple(in_language(hint, lang) for hint in self.hints),
            right=in_language(self.right, lang),
            wrong=in_language(self.wrong, lang),
        )


@dataclass(frozen=True)
class Step:
    """One step: a play, a trump choice, an expectation, a question, or narration only."""

    kind: StepKind
    where: Location = field(compare=False)  # the step's action value (or its ask, or its say)
    seat: str | None = None
    card: Card | None = None
    suit: Suit | None = None
    expect: Expect | None = None
    say: str | None = None
    ask: Ask | None = None
    task: Task | None = None


@dataclass(frozen=True)
class Result:
    winner: str | None
    reason: EndReason | None
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
    lang: str | None = None  # the language of the author's texts (i18n.LANGUAGES)
    deck: tuple[Card, ...] | None = None
    hands: dict[str, tuple[Card, ...]] | None = None
    stock: tuple[Card, ...] = ()
    trump: Suit | None = None
    leader: str | None = None
    result: Result | None = None
    #: How the seats are named in each language (``names:``): seat, then language (``"*"``: all
    #: of them), to a name (None: the default one, see ``words.people``) and a gender.
    names: dict[str, dict[str, tuple[str | None, str | None]]] = field(default_factory=dict)
    extras: dict[str, Any] = field(default_factory=dict)  # top-level x- keys, kept for the writer
    index: int = 0  # position in a YAML stream

    def texts(self) -> Iterator[str]:
        """Every text the author wrote, in reading order."""
        yield self.title
        if self.summary is not None:
            yield self.summary
        for step in self.steps:
            if step.say is not None:
                yield step.say
            if step.ask is not None:
                ask = step.ask
                yield from (text for text in (ask.question, *ask.choices, ask.hint, ask.wrong) if text is not None)
            if step.task is not None:
                yield from step.task.texts()

    def missing_languages(self, wanted: tuple[str, ...]) -> Iterator[tuple[str, tuple[str, ...]]]:
        """Each text lacking some of ``wanted``, with the languages it lacks."""
        own = self.lang or SOURCE_LANGUAGE
        for text in self.texts():
            written = text.languages(own) if isinstance(text, Text) else {own}
            lacking = tuple(lang for lang in wanted if lang not in written)
            if lacking:
                yield text, lacking

    def in_language(self, lang: str) -> Scenario:
        """The scenario as a reader of ``lang`` sees it: every text the author wrote in ``lang``
        in that language (the others as written); ``lang`` says so once all of them are."""
        steps = tuple(
            replace(
                step,
                say=in_language(step.say, lang),
                ask=None if step.ask is None else step.ask.in_language(lang),
                task=None if step.task is None else step.task.in_language(lang),
            )
            for step in self.steps
        )
        complete = next(self.missing_languages((lang,)), None) is None
        translated = replace(
            self,
            title=in_language(self.title, lang),
            summary=in_language(self.summary, lang),
            steps=steps,
            lang=lang if complete else self.lang,
        )
        translated.__dict__["_start"] = self._start  # the same deal: nothing to play again
        return translated

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
        assert self.hands is not None and self.leader is not None  # a position is read with both
        return from_position(
            self.rules,
            self.players,
            dealer=self.dealer,
            leader=self.leader,
            hands=self.hands,
            stock=self.stock,
            trump=self.trump,
        ), ()
