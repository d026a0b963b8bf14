"""The scenario player as values: a timeline, where the reader is, a what-if branch, the quiz.

Every view of a scenario (the ipywidgets player, the static book player, a live player
in the browser) reads a ``ScenarioModel`` and asks it for the next one: ``go``,
``try_action``, ``answer``... Nothing here draws, so all of them behave alike.

>>> from lingerlonger.scenario.library import lesson_folder
>>> from lingerlonger.scenario.replay import replay
>>> from lingerlonger.scenario import load
>>> from lingerlonger.game.cards import parse_card
>>> [scenario] = load(lesson_folder() / "06-last-card-saves.yaml")  # the worked example
>>> model = ScenarioModel.of(replay(scenario)).go(1)
>>> branch = model.try_action(Play(0, parse_card("7♦")))
>>> branch.at, branch.branch_at, branch.frames[-1].state.is_over
(2, 1, True)
>>> isinstance(model.try_action(Play(0, parse_card("2♥"))), Refused)  # A does not hold it
True
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from lingerlonger.computer.coach import CardAdvice, coach
from lingerlonger.computer.players import Player, make_player
from lingerlonger.game.cards import Card, Suit, parse_card, parse_cards, sort_hand
from lingerlonger.game.engine import Action, ChooseTrump, IllegalAction, Play, State, apply
from lingerlonger.game.events import Discarded, Event, Followed, Led, TrumpChosen, Trumped
from lingerlonger.game.play_loop import play_out
from lingerlonger.game.seat_view import SeatView, view
from lingerlonger.scenario import AnswerKind, Ask, in_language
from lingerlonger.scenario.replay import Frame, Replay
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, error_text, speaker, translate

__all__ = [
    "ScenarioModel",
    "Question",
    "Note",
    "ANSWER_FIRST",
    "Refused",
    "refusal",
    "Plan",
    "PlanPlayer",
    "action_of",
    "action_in",
    "next_action",
    "planned_action",
    "what_if",
    "advice",
    "BRANCH_PLAYER",
    "COACH_BUDGET_S",
]

#: The computer that plays the seats of a what-if branch the scenario no longer covers.
BRANCH_PLAYER = "tips"
#: The coach's time budget per hint, in seconds: 1 s in the browser (Pyodide, where live
#: mode runs), 0.3 s in the app (a Python kernel), as issue 26 sets them; the judge
#: (``coach.JUDGE_POLICY``) plays as many deals as fit. In the browser the worker's message
#: and the panel's drawing come on top (about 0.1 s: with the whole second for its deals, the
#: hint took 1.03 s on a desktop and 1.13 s on the phone profile, bench/live.py), so its deals
#: get 0.85 s of it.
COACH_BUDGET_S = 0.85 if sys.platform == "emscripten" else 0.3


def advice(state: State, seat: int | None = None) -> list[CardAdvice]:
    """The coach's chance for each choice of ``seat`` (the seat to act), within the budget."""
    return coach(state, seat=seat, budget_s=COACH_BUDGET_S)


@dataclass(frozen=True)
class Refused:
    """An action the rules forbid, and why: nothing changed. ``text`` words it in any
    language, so a view says it again when the reader switches."""

    action: Action
    error: IllegalAction

    def text(self, lang: str) -> str:
        return error_text(self.error, lang)


def refusal(state: State, action: Action) -> Refused | None:
    """Why the engine refuses ``action`` at ``state``, or None when it allows it."""
    try:
        apply(state, action)
    except IllegalAction as error:
        return Refused(action, error)
    return None


@dataclass(frozen=True)
class Note:
    """What the reader is told after a move: a catalog message and its kind (info, refused)."""

    msg_id: str
    kind: str = "info"

    def text(self, lang: str) -> str:
        return translate(self.msg_id, lang)


#: Going forward in quiz mode stopped at a question not answered yet.
ANSWER_FIRST = Note("quiz.answer-first", "refused")


# --- what-if: the scenario's line and a branch off it -------------------------------------


def action_of(frame: Frame) -> Action | None:
    """The action that made ``frame`` (None for the deal, a position or a say-only step)."""
    return action_in(frame.events)


def action_in(events: Sequence[Event]) -> Action | None:
    """The action that ``events`` (one ``apply``'s) tell of, if any."""
    for event in events:
        if isinstance(event, (Led, Followed, Trumped, Discarded)):
            return Play(event.seat, event.card)
        if isinstance(event, TrumpChosen):
            return ChooseTrump(event.seat, event.suit)
    return None


def next_action(frames: Sequence[Frame], at: int) -> tuple[int, Action] | None:
    """The first action after frame ``at`` and the frame it makes, if the line goes on."""
    for later in frames[at + 1 :]:
        action = action_of(later)
        if action is not None:
            return later.index, action
    return None


@dataclass(frozen=True)
class Plan:
    """What each seat does on the scenario's line, in order: a branch keeps to it where it can."""

    cards: tuple[tuple[Card, ...], ...]
    trumps: tuple[Suit | None, ...]

    @classmethod
    def of(cls, frames: Sequence[Frame]) -> Plan:
        seats = len(frames[0].state.players)
        cards: list[list[Card]] = [[] for _ in range(seats)]
        trumps: list[Suit | None] = [None] * seats
        for frame in frames:
            action = action_of(frame)
            if isinstance(action, Play):
                cards[action.seat].append(action.card)
            elif isinstance(action, ChooseTrump):
                trumps[action.seat] = action.suit
        return cls(tuple(map(tuple, cards)), tuple(trumps))


@dataclass(frozen=True)
class PlanPlayer:
    """A seat of a branch, as a ``Player``: its next planned card it still holds, if legal
    now, else the computer decides. A planned card not legal now stays planned."""

    name = "plan"  # what the Player protocol asks of every player
    plan: Plan
    computer: Player

    def act(self, seen: SeatView) -> Action:
        seat = seen.seat
        if seen.must_name_trump:
            suit = self.plan.trumps[seat]
            return ChooseTrump(seat, suit) if suit is not None else self.computer.act(seen)
        held = [card for card in self.plan.cards[seat] if card in seen.hand]
        if held and held[0] in seen.legal:
            return Play(seat, held[0])
        return self.computer.act(seen)


def planned_action(state: State, plan: Plan, computer: Player) -> Action:
    """What the seat to act does in a branch (``PlanPlayer``)."""
    seat = state.to_act
    assert seat is not None  # a branch is planned while the hand is in play
    return PlanPlayer(plan, computer).act(view(state, seat))


def what_if(start: Frame, action: Action, plan: Plan, computer: Player) -> list[Frame]:
    """The frames after playing ``action`` at ``start`` instead, to the end of the hand.

    Raises ``IllegalAction`` (with the rule in plain words) when the rules forbid it.
    """
    state, events = apply(start.state, action)
    frames = [Frame(start.index + 1, state, tuple(events))]
    everyone = PlanPlayer(plan, computer)
    for turn in play_out(state, [everyone] * len(state.players)):
        frames.append(Frame(frames[-1].index + 1, turn.state, turn.events))
    return frames


# --- the quiz -------------------------------------------------------------------------------

#: The rule a wrong answer recalls, by kind of question.
_RULES = {"legal": "rule.follow-suit", "card": "rule.follow-suit", "winner": "rule.trick-winner"}


@dataclass(frozen=True)
class Question:
    """A question waiting on the frame shown, and what each answer button stands for:
    ``choices`` (cards, seats or choices), ``words`` each as the reader reads it."""

    number: int
    ask: Ask
    choices: tuple[Card | str, ...]
    words: tuple[str, ...]


# --- the model ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScenarioModel:
    """One scenario player's state; every transition returns a new one.

    ``frames`` is the timeline shown: the scenario's line, or a what-if branch off it at
    ``branch_at``; ``timeline`` counts the timelines, so a view may cache by it.
    """

    run: Replay
    frames: tuple[Frame, ...]
    plan: Plan
    at: int = 0
    branch_at: int | None = None
    branch_action: tuple[int, Action] | None = None  # the latest what-if: where, what
    timeline: int = 0
    # what the reader chose to see
    seat: int | None = None
    show_legal: bool = False
    coaching: bool = False
    quiz: bool = False
    lang: str = DEFAULT_LANGUAGE
    large: bool = False
    four_colour: bool = False
    # the quiz: (frame, question) answered, cards picked, the question judged wrong
    answered: frozenset[tuple[int, int]] = frozenset()
    chosen: frozenset[Card] = frozenset()
    wrong: tuple[int, int] | None = None
    note: Note | None = field(default=None, compare=False)

    @classmethod
    def of(cls, run: Replay, **options: Any) -> ScenarioModel:
        """The model of a replay at its first frame; ``options`` as the fields."""
        return cls(run, tuple(run.frames), Plan.of(run.frames), **options)

    def replayed(self, run: Replay) -> ScenarioModel:
        """The same place in another replay of the same lesson (its seats named in another
        language: ``scenario.local_seats``); itself when the names are the same."""
        if run.scenario.players == self.run.scenario.players:
            return self
        return replace(self, run=run, frames=tuple(run.frames), plan=Plan.of(run.frames))

    @property
    def last_index(self) -> int:
        return len(self.frames) - 1

    @property
    def frame(self) -> Frame:
        return self.frames[self.at]

    # --- moving -------------------------------------------------------------------------
    def go(self, index: int) -> ScenarioModel:
        """Frame ``index`` (clamped); in quiz mode, going forward stops at the first frame
        whose question is not answered yet, with a note saying so."""
        index = max(0, min(self.last_index, index))
        gate = next((at for at in range(self.at, index) if self._pending(at) is not None), None)
        if gate is not None:
            return replace(self, at=gate, note=ANSWER_FIRST)
        return replace(self, at=index, note=None)

    def try_action(self, action: Action) -> ScenarioModel | Refused:
        """What if ``action`` were played here? The scenario's own play steps on; another
        legal one branches the hand and the engine plays it out; an illegal one is refused."""
        at = self.at
        # Up to where a branch left it, the scenario's line is the one to compare with.
        on_line = self.branch_at is None or at <= self.branch_at
        line = self.run.frames if on_line else self.frames
        following = next_action(line, at) if at < len(line) else None
        if following is not None and following[1] == action:
            moved = self._rejoined(following[0]) if on_line and self.branch_at is not None else self.go(following[0])
            return replace(moved, note=Note("ui.same-as-line"))
        try:
            branch = what_if(self.frame, action, self.plan, make_player(BRANCH_PLAYER, seed=0))
        except IllegalAction as error:
            return Refused(action, error)
        return replace(
            self,
            frames=self.frames[: at + 1] + tuple(branch),
            at=at + 1,
            branch_at=at if self.branch_at is None else min(at, self.branch_at),
            branch_action=(at, action),
            timeline=self.timeline + 1,
            note=None,
        )

    def back_to_scenario(self) -> ScenarioModel:
        """The scenario's line again, at the step the branch left it."""
        if self.branch_at is None:
            return self
        return self._rejoined(min(self.branch_at, len(self.run.frames) - 1))

    def _rejoined(self, at: int) -> ScenarioModel:
        return replace(
            self, frames=tuple(self.run.frames), branch_at=None, at=at, timeline=self.timeline + 1, note=None
        )

    def tryable(self) -> tuple[Card | Suit, ...]:
        """What the seat to act may be tried with here: its cards, or the suits to name;
        nothing when the hand is over or the reader's view hides that seat."""
        state = self.frame.state
        if state.to_act is None or self.seat not in (None, state.to_act):
            return ()
        if state.namer is not None:
            return tuple(Suit)
        return tuple(sort_hand(state.hands[state.to_act], state.trump))

    # --- what the reader chose to see ------------------------------------------------
    def with_options(self, **options: Any) -> ScenarioModel:
        """Another view of the same place: ``seat``, ``show_legal``, ``coaching``, ``lang``,
        ``large``, ``four_colour``."""
        return replace(self, **options)

    def quizzing(self, on: bool) -> ScenarioModel:
        """Quiz mode on or off: the last question's words go with the mode they belonged to."""
        return replace(self, quiz=on, chosen=frozenset(), wrong=None, note=None)

    # --- the quiz -----------------------------------------------------------------------
    def _pending(self, at: int) -> tuple[int, Ask] | None:
        """The first unanswered question of frame ``at``, in quiz mode on the scenario's line."""
        if not self.quiz or at >= len(self.frames):
            return None
        if self.branch_at is not None and at > self.branch_at:
            return None
        for number, ask in enumerate(self.frames[at].asks):
            if (at, number) not in self.answered:
                return number, ask
        return None

    @property
    def question(self) -> Question | None:
        """The question waiting on the frame shown, with its answers in the reader's words."""
        pending = self._pending(self.at)
        if pending is None:
            return None
        number, ask = pending
        state = self.frame.state
        if ask.kind in (AnswerKind.LEGAL, AnswerKind.CARD):
            hand = state.hands[state.to_act] if state.to_act is not None else ()
            choices: tuple[Card | str, ...] = tuple(sort_hand(hand, state.trump))
            return Question(number, ask, choices, tuple(map(str, choices)))
        named = tuple(state.players) if ask.kind == AnswerKind.WINNER else tuple(ask.choices)
        return Question(number, ask, named, tuple(in_language(choice, self.lang) for choice in named))

    def pick(self, index: int) -> ScenarioModel:
        """The reader pressed answer ``index``: for "which cards?" it is picked or unpicked
        (then ``check``), any other answer is judged at once."""
        question = self.question
        if question is None or not 0 <= index < len(question.choices):
            return self
        ask, choice = question.ask, question.choices[index]
        if ask.kind == AnswerKind.LEGAL:
            assert isinstance(choice, Card)  # "which cards?" offers the hand's cards
            return replace(self, chosen=self.chosen ^ {choice})
        return self._judged(
            choice in ask.cards
            if ask.kind == AnswerKind.CARD
            else choice == (ask.seat if ask.kind == AnswerKind.WINNER else ask.choice)
        )

    def check(self) -> ScenarioModel:
        """Judge the cards picked for a "which cards?" question."""
        question = self.question
        return self if question is None else self._judged(self.chosen == question.ask.cards)

    def answer(self, text: str) -> ScenarioModel:
        """Answer as the buttons do: a card, a seat, a choice in any language it is written
        in, or for "which cards?" the cards separated by spaces (then checked)."""
        question = self.question
        if question is None:
            return self
        if question.ask.kind == AnswerKind.LEGAL:
            return replace(self, chosen=frozenset(parse_cards(text))).check()
        wanted = parse_card(text) if question.ask.kind == AnswerKind.CARD else text
        for answers in (question.words, question.choices):  # a choice as read, or as written
            if wanted in answers:
                return self.pick(answers.index(wanted))
        return self._judged(False)

    def _judged(self, right: bool) -> ScenarioModel:
        """A right answer goes on to the next frame; a wrong one is kept to show its hint."""
        question = self.question
        assert question is not None  # judged while a question waits
        number = question.number
        if not right:
            return replace(self, wrong=(self.at, number))
        answered = replace(self, answered=self.answered | {(self.at, number)}, chosen=frozenset(), wrong=None)
        if answered.question is None:
            answered = answered.go(self.at + 1)
        return replace(answered, note=Note("quiz.right"))

    def feedback(self) -> list[str]:
        """After a wrong answer to the question shown: what the reader is told, line by line
        (plain text, in the reader's language); else nothing."""
        question = self.question
        if question is None or self.wrong != (self.at, question.number):
            return []
        ask, say = question.ask, speaker(self.lang)
        rule = _RULES.get(ask.kind)
        return [
            say("quiz.wrong"),
            *([in_language(ask.wrong, self.lang)] if ask.wrong else []),
            *([say("quiz.hint", hint=in_language(ask.hint, self.lang))] if ask.hint else []),
            *([say("quiz.rule", rule=say(rule))] if rule else []),
        ]
