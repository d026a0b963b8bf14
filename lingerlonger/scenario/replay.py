"""Replaying a scenario: the frames a reader steps through, and every expectation checked.

A frame is what the reader sees after one step: the state, the events the
step caused (narrated by the engine), the author's ``say:``, and the quiz
questions (``ask:``) to answer before going on to the next frame. ``expect``
steps and bare questions make no frame: their ``say:`` joins the frame they are
about, the one before them, so every word an author writes is shown. Expectations
are checked against the state and the trick just played, answers to questions
against the engine, and each mismatch is a located ``ScenarioError``.

>>> from lingerlonger.scenario import loads
>>> [scenario] = loads('''
... format: 1
... title: C's last card
... rules: equal-hands
... players: [A, B, C, D]
... dealer: D
... hands: {A: [K♣, 7♦], B: [3♣, Q♠], C: [2♥], D: [A♣, 5♠]}
... stock: [9♦]
... trump: ♥
... leader: A
... steps:
...   - play: A K♣
...   - play: B 3♣
...   - play: C 2♥
...   - play: D A♣
...   - expect: {trick_winner: C, drawn: {C: [9♦]}, out: []}
... result: {winner: C, reason: exhaustion}
... ''', "example.yaml")
>>> run = replay(scenario)
>>> run.failures, len(run.frames)
([], 5)
>>> run.frames[-1].narration[-1]
'C wins the hand: they drew the last card of the stock.'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from lingerlonger.computer.task_judge import SEAT_GOALS, SearchBudget, Verdict
from lingerlonger.game.cards import Card, format_cards
from lingerlonger.game.engine import Action, ChooseTrump, IllegalAction, Play, State, Trick, apply, legal_cards
from lingerlonger.game.errors import Message
from lingerlonger.game.events import Drew, Eliminated, Event, Led, TrickWon
from lingerlonger.scenario import AnswerKind, Ask, Expect, Result, Scenario, ScenarioError, Step, StepKind, in_language
from lingerlonger.scenario.model import Task, Text
from lingerlonger.scenario.task_check import check_play_after, judge_task, task_ask
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, translate
from lingerlonger.words.narration import narrate


@dataclass(frozen=True)
class Frame:
    """What the reader sees after one step (the first frame is the deal or the position)."""

    index: int
    state: State
    events: tuple[Event, ...]
    step: Step | None = None
    say: str | None = None
    asks: tuple[Ask, ...] = ()  # answered on this frame, before the next one is shown
    task: Task | None = None  # a task's frame: the learner acts here
    verdicts: tuple[Verdict, ...] = ()  # the engine's word on each answer to the task

    @property
    def narration(self) -> list[str]:
        return self.narration_in(DEFAULT_LANGUAGE)

    def narration_in(self, lang: str) -> list[str]:
        """The engine's narration of this frame's events in ``lang``."""
        return [narrate(event, self.state.players, lang) for event in self.events]

    @property
    def last_trick(self) -> Trick | None:
        """The trick this step completed, so a table can still show its cards."""
        if any(isinstance(event, TrickWon) for event in self.events):
            return self.state.history[-1]
        if self.task is not None and self.task.goal in SEAT_GOALS and self.state.history and not self.state.trick:
            return self.state.history[-1]  # a task about the trick just played keeps it on the table
        return None


@dataclass
class Replay:
    scenario: Scenario
    frames: list[Frame] = field(default_factory=list)
    failures: list[ScenarioError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def final(self) -> State:
        return self.frames[-1].state


def replay(scenario: Scenario, budget: SearchBudget | None = None) -> Replay:
    """Play the scenario's steps; stops at an illegal action, collects failed expectations.

    ``budget``: the search nodes the tasks of the scenario's file share (pass one budget to
    the replay of each scenario of a file); None, a budget of this scenario's own."""
    budget = SearchBudget() if budget is None else budget
    state, events = scenario.start()
    run = Replay(scenario, [Frame(0, state, tuple(events))])
    trick_events: list[Event] = []  # since the current (or just completed) trick was led
    pending: list[Ask] = []  # "who wins this trick?" questions not yet settled
    judged: tuple[Task, tuple[Verdict, ...]] | None = None  # the task of the step before
    for step in scenario.steps:
        if judged is not None:
            run.failures += check_play_after(*judged, step)
            judged = None
        if step.kind == StepKind.TASK:
            assert step.task is not None
            verdicts, failures = judge_task(state, step.task, trick_events, budget)
            run.failures += failures
            asks = (task_ask(step.task, verdicts),) if verdicts else ()
            run.frames.append(Frame(len(run.frames), state, (), step, step.say, asks, step.task, verdicts))
            judged = step.task, verdicts
            continue
        if step.ask is not None:
            run.failures += _check_ask(state, step, pending)
            run.frames[-1] = replace(run.frames[-1], asks=(*run.frames[-1].asks, step.ask))
        if step.kind == StepKind.ASK and step.say is None:
            continue
        if step.kind == StepKind.EXPECT:
            assert step.expect is not None  # each kind of step carries its part
            run.failures += _check_expect(state, step.expect, trick_events)
            if step.say is not None:
                run.frames[-1] = replace(run.frames[-1], say=joined_say(run.frames[-1].say, step.say))
            continue
        events = []
        if step.kind in (StepKind.PLAY, StepKind.CHOOSE_TRUMP):
            seat = state.players.index(step.seat)
            action: Action
            if step.kind == StepKind.PLAY:
                assert step.card is not None
                action = Play(seat, step.card)
            else:
                assert step.suit is not None
                action = ChooseTrump(seat, step.suit)
            try:
                state, events = apply(state, action)
            except IllegalAction as error:
                run.failures.append(ScenarioError(step.where, error))
                return run
            trick_events = follow_trick(trick_events, events)
            run.failures += _settle_winner_questions(pending, events, state.players)
        run.frames.append(Frame(len(run.frames), state, tuple(events), step, step.say))
    run.failures += [
        ScenarioError(ask.answer_where, Message("replay.ask.winner-unsettled", seat=ask.seat)) for ask in pending
    ]
    if scenario.result is not None:
        run.failures += _check_result(state, scenario.result)
    return run


def joined_say(said: str | None, more: str) -> str:
    """Two pieces of an author's Markdown as paragraphs of one text, in each language the
    author wrote either in (a plain join kept the file's own language only: a Portuguese page
    showed lesson 25's English)."""
    if said is None:
        return more
    languages = {lang for text in (said, more) if isinstance(text, Text) for lang in text.translations}
    return Text(
        f"{said.rstrip()}\n\n{more}",
        {lang: f"{in_language(said, lang).rstrip()}\n\n{in_language(more, lang)}" for lang in languages},
    )


def check(scenario: Scenario, budget: SearchBudget | None = None) -> list[ScenarioError]:
    """Every failure of one scenario (empty when the engine agrees with all of it); ``budget``
    as for ``replay``."""
    return replay(scenario, budget).failures


@dataclass(frozen=True)
class TrickOutcome:
    """What the trick just completed did, as ``expect`` compares it (seat names)."""

    winner: str | None  # None: no trick has just been completed
    drawn: dict[str, tuple[Card, ...]]
    out: frozenset[str]


def trick_outcome(trick_events: list[Event], players: tuple[str, ...]) -> TrickOutcome:
    """Read from the events since the current (or just completed) trick was led."""
    won = [event for event in trick_events if isinstance(event, TrickWon)]
    return TrickOutcome(
        players[won[0].seat] if won else None,
        {players[event.seat]: event.cards for event in trick_events if isinstance(event, Drew)},
        frozenset(players[event.seat] for event in trick_events if isinstance(event, Eliminated)),
    )


def follow_trick(trick_events: list[Event], events: Sequence[Event]) -> list[Event]:
    """The events of the current trick after one more action: a lead starts them afresh."""
    if any(isinstance(event, Led) for event in events):
        return list(events)
    return trick_events + list(events)


def _names(seats: Sequence[str]) -> str | Message:
    return ", ".join(seats) if seats else Message("replay.word.nobody")


def _said_cards(cards: Iterable[Card], empty: str) -> str | Message:
    """Cards as ``K♣, 3♣``, or the word ``replay.word.EMPTY`` for none."""
    return format_cards(cards) or Message(f"replay.word.{empty}")


def _check_expect(state: State, expect: Expect, trick_events: list[Event]) -> list[ScenarioError]:
    names = state.players
    failures: list[ScenarioError] = []

    def differ(key: str, code: str, **params: object) -> None:
        failures.append(ScenarioError(expect.where[key], Message(f"replay.expect.{code}", **params)))

    trick = trick_outcome(trick_events, names)
    if "trick_winner" in expect.given and trick.winner != expect.trick_winner:
        if expect.trick_winner is None:
            differ("trick_winner", "trick-winner-unexpected", actual=trick.winner)
        elif trick.winner is None:
            differ("trick_winner", "trick-winner-none", expected=expect.trick_winner)
        else:
            differ("trick_winner", "trick-winner", expected=expect.trick_winner, actual=trick.winner)
    if "drawn" in expect.given and expect.drawn is not None:  # never None when given: the reader checks
        for seat, cards in expect.drawn.items():
            drawn = trick.drawn.get(seat, ())
            if drawn != cards:
                differ(
                    "drawn",
                    "drawn",
                    seat=seat,
                    expected=_said_cards(cards, "nothing"),
                    actual=_said_cards(drawn, "nothing"),
                )
    if "out" in expect.given and expect.out is not None and trick.out != expect.out:
        differ("out", "out", expected=_names(sorted(expect.out)), actual=_names(sorted(trick.out)))
    if "hand_sizes" in expect.given and expect.hand_sizes is not None:
        for seat, size in expect.hand_sizes.items():
            actual = len(state.hand_of(seat))
            if actual != size:
                differ("hand_sizes", "hand-size", seat=seat, expected=size, actual=actual)
    if "stock_size" in expect.given and len(state.stock) != expect.stock_size:
        differ("stock_size", "stock-size", expected=expect.stock_size, actual=len(state.stock))
    if "leader" in expect.given and state.leader_name != expect.leader:
        differ(
            "leader",
            "leader",
            expected=expect.leader or Message("replay.word.nobody-hand-over"),
            actual=state.leader_name or Message("replay.word.nobody-the-hand-is-over"),
        )
    if "legal" in expect.given and expect.legal is not None:
        seat, wanted = expect.legal
        acting = names[state.to_act] if state.to_act is not None else None
        if acting is None:
            differ("legal", "legal-hand-over", seat=seat)
        elif acting != seat:
            differ("legal", "legal-seat", seat=seat, acting=acting)
        else:
            legal_now = frozenset(legal_cards(state))
            if legal_now != wanted:
                differ("legal", "legal", seat=seat, expected=_cards(wanted), actual=_cards(legal_now))
    return failures


def answer_text(ask: Ask, lang: str = DEFAULT_LANGUAGE) -> str:
    """A question's right answer in words: the cards, the seat or the choice."""
    if ask.kind in (AnswerKind.LEGAL, AnswerKind.CARD):
        return format_cards(sorted(ask.cards)) or translate("quiz.no-cards", lang)
    answer = ask.seat if ask.kind == AnswerKind.WINNER else in_language(ask.choice, lang)
    assert answer is not None  # a "who wins" question names its seat, a choice its choice
    return answer


def _check_ask(state: State, step: Step, pending: list[Ask]) -> list[ScenarioError]:
    """What the engine can say about a question at once; "who wins" waits for the trick."""
    ask = step.ask
    assert ask is not None  # called for a step that asks

    def wrong(code: str, **params: object) -> list[ScenarioError]:
        return [ScenarioError(ask.answer_where, Message(f"replay.ask.{code}", kind=ask.kind, **params))]

    if ask.kind == AnswerKind.WINNER:
        pending.append(ask)
        return []
    if ask.kind == AnswerKind.CHOICE:
        return []
    if state.to_act is None:
        return wrong("hand-over")
    actual = frozenset(legal_cards(state))
    acting = state.players[state.to_act]
    if ask.kind == AnswerKind.LEGAL:
        if ask.cards != actual:
            return wrong("legal", seat=acting, expected=_cards(ask.cards), actual=_cards(actual))
        return []
    illegal = ask.cards - actual
    if illegal:
        return wrong("illegal", seat=acting, cards=_cards(illegal), actual=_cards(actual))
    if step.kind == StepKind.PLAY and step.card not in ask.cards:
        return wrong("not-played", card=step.card, cards=_cards(ask.cards))
    return []


def _settle_winner_questions(
    pending: list[Ask], events: Sequence[Event], players: tuple[str, ...]
) -> list[ScenarioError]:
    """Once a trick is won, every open "who wins?" question gets its verdict (and is closed)."""
    won = next((event for event in events if isinstance(event, TrickWon)), None)
    if won is None:
        return []
    failures = [
        ScenarioError(ask.answer_where, Message("replay.ask.winner", expected=ask.seat, actual=players[won.seat]))
        for ask in pending
        if ask.seat != players[won.seat]
    ]
    pending.clear()
    return failures


def _cards(cards: frozenset[Card]) -> str | Message:
    return _said_cards(sorted(cards), "none")


def _check_result(state: State, expected: Result) -> list[ScenarioError]:
    failures: list[ScenarioError] = []
    where = expected.locations
    winner = state.name(state.winner)
    if "winner" in expected.given and winner != expected.winner:
        wanted = expected.winner or Message("replay.word.none-yet")
        failures.append(
            ScenarioError(
                where.get("winner", expected.where),
                Message("replay.result.winner", expected=wanted, actual=winner, reason=state.reason)
                if winner
                else Message("replay.result.winner-not-over", expected=wanted),
            )
        )
    if "reason" in expected.given and state.reason != expected.reason:
        failures.append(
            ScenarioError(
                where.get("reason", expected.where),
                Message(
                    "replay.result.reason",
                    expected=expected.reason,
                    actual=state.reason or Message("replay.word.none-the-hand-is-not-over"),
                ),
            )
        )
    return failures
