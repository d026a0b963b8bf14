"""The engine judges a task: every answer a learner can give, right or wrong, and why.

A task (a scenario's ``task:`` step, book/scenario-format.md) asks one seat to act on the
table as it stands. ``judge`` returns one ``Verdict`` per answer the learner can tap, so
that a page can ship every verdict at build time and ``lingerlonger check`` can prove the
author's ``accept:``. Every hand is known in a position, so "whatever the others play" is
an exhaustive search over their legal cards; ``win-hand`` is an exact search over the
seat's own choices while every other seat plays a deterministic computer kind.

Hearts trump; A leads K♣ and B, holding a club, must follow suit (rule 8):

>>> from lingerlonger.game.engine import apply, from_position
>>> from lingerlonger.game.rules import Rules
>>> state = from_position(Rules(), "ABC", dealer="C", leader="A", trump="♥",
...                       hands={"A": "K♣ 7♦", "B": "3♣ A♣ 2♥", "C": "Q♣ 5♠"}, stock="9♦ 4♠")
>>> state, _ = apply(state, state.play("A K♣"))
>>> [(verdict.answer, verdict.right, verdict.rule) for verdict in judge(state, "B", TaskGoal.WIN_TRICK)]
[('3♣', False, 9), ('A♣', True, 9), ('2♥', False, 8)]
>>> judge(state, "B", TaskGoal.WIN_TRICK)[0].line
('B 3♣', 'C Q♣')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from lingerlonger.computer.players import PLAYER_KINDS
from lingerlonger.computer.statistics import wilson_interval
from lingerlonger.computer.task_search import (
    ANY,
    CHANCE_KINDS,
    DEFAULT_DEALS,
    FILE_SEARCH_BUDGET,
    HAND_NODE,
    MAX_DEALS,
    AnySearch,
    HandSearch,
    SearchBudget,
    TaskError,
    TrickGoal,
    action_answer,
    measure_chances,
    played_out,
    refute_trick,
    text,
    touching_class,
    trick_class,
)
from lingerlonger.game.cards import Suit, parse_card, parse_suit
from lingerlonger.game.engine import Play, State, apply, play_refusal, seat_index
from lingerlonger.game.events import Drew, Eliminated, EndReason, Event, HandEnded
from lingerlonger.game.play_loop import Player
from lingerlonger.game.seat_view import view

__all__ = [
    "TaskGoal",
    "Verdict",
    "TaskError",
    "DETERMINISTIC_KINDS",
    "WIN_HAND_AGAINST",
    "CHANCE_KINDS",
    "DEFAULT_DEALS",
    "MAX_DEALS",
    "CARD_GOALS",
    "CHANCE_GOALS",
    "SEAT_GOALS",
    "SEAT_SET_GOALS",
    "FILE_SEARCH_BUDGET",
    "SearchBudget",
    "judge",
    "right_answers",
    "example_world",
    "Topic",
    "deciding_rule",
]


class TaskGoal(StrEnum):
    """What a task asks, by its ``goal:`` value in a file."""

    LEGAL = "legal"  # any legal card
    WIN_TRICK = "win-trick"  # a card that wins the current trick whatever the others play
    LOSE_TRICK = "lose-trick"  # a card that loses it whatever the others play
    STAY_IN = "stay-in"  # still holding cards once the trick is resolved
    WIN_HAND = "win-hand"  # the hand can still be won against ``against`` players (or any play)
    BEST_CHANCE = "best-chance"  # the best chance to win the hand from what the seat can know
    NAME_TRUMP = "name-trump"  # grand coup: the author's choice of suit(s)
    TRICK_WINNER = "trick-winner"  # the seat that won the trick just resolved
    OUT = "out"  # every seat that went out in it (a set, maybe empty)
    DRAWN = "drawn"  # every seat that drew after it (a set)
    CHOICE = "choice"  # the author's ``choices:``, ``accept`` the right one(s)


#: The goals answered by a card of the seat's hand.
CARD_GOALS = frozenset({TaskGoal.LEGAL, TaskGoal.WIN_TRICK, TaskGoal.LOSE_TRICK, TaskGoal.STAY_IN, TaskGoal.WIN_HAND})
#: The goals whose right answers are measured, not proved: a card, or under grand-coup a suit.
CHANCE_GOALS = frozenset({TaskGoal.BEST_CHANCE})
#: The goals answered by naming seats (one, or a set).
SEAT_GOALS = frozenset({TaskGoal.TRICK_WINNER, TaskGoal.OUT, TaskGoal.DRAWN})
SEAT_SET_GOALS = frozenset({TaskGoal.OUT, TaskGoal.DRAWN})

#: The computer kinds that always play the same card in the same position (``random`` and
#: ``expert`` draw random numbers, so a search over their play would prove nothing).
DETERMINISTIC_KINDS = ("tips",)
#: ``win-hand``'s ``against``: a deterministic kind, or ``any`` (a sure win whatever they play).
WIN_HAND_AGAINST = (*DETERMINISTIC_KINDS, ANY)

# The Rules reference's numbers (book/rules-reference.md).
RULE_FIRST_LEAD, RULE_FOLLOW_SUIT, RULE_TRICK_WINNER, RULE_DRAW, RULE_OUT, RULE_OUT_AT_ONCE = 7, 8, 9, 11, 12, 13
RULE_HAND_END, RULE_EXHAUSTION, RULE_DRAW_PER_CARD, RULE_NO_TRUMP = 15, 20, 22, 23
RULE_GRAND_COUP, RULE_INSTANT_ELIMINATION, RULE_TRUMP_LEAD = 25, 27, 28


class Topic(StrEnum):
    """What an answer turns on, for ``deciding_rule``."""

    LEAD = "lead"  # which card may be led or followed with
    TRICK = "trick"  # who wins a trick
    DRAW = "draw"  # who draws after it
    OUT = "out"  # who goes out
    MID_TRICK = "mid-trick"  # the hand ending in the middle of a trick
    END = "end"  # how the hand ends


def deciding_rule(
    state: State, topic: Topic, *, refusal: str | None = None, reason: EndReason | None = None, at_once: bool = False
) -> int:
    """The most specific rule that decides an answer about ``topic`` in ``state`` (the table
    the answer is given on): a variant's rule, or a special one, before the general rule, so
    that a learner is sent to the rule that actually changes the outcome. The one place the
    judge chooses a rule number (``refusal``: the engine's reason a card may not be played, for
    ``Topic.LEAD``; ``reason``: how the hand ended, for ``Topic.END``; ``at_once``: a seat went
    out at once in the trick, for ``Topic.DRAW``)."""
    rules = state.rules
    if topic is Topic.LEAD:
        if refusal is not None:
            return RULE_TRUMP_LEAD if refusal == "trump-lead" else RULE_FOLLOW_SUIT
        if state.trump_lead_due:
            return RULE_TRUMP_LEAD
        return RULE_FIRST_LEAD if not state.history and not state.trick else RULE_FOLLOW_SUIT
    if topic is Topic.TRICK:
        if not rules.has_trump:
            return RULE_NO_TRUMP
        if rules.grand_coup and (state.trump is None or state.namer is not None):
            return RULE_GRAND_COUP  # the first trick is played without trump (ruling 8)
        return RULE_TRICK_WINNER  # random trump changes which suit is trump, not how a trick is won
    if topic is Topic.DRAW:
        if at_once and rules.instant_elimination:  # the winner went out at once: nobody draws (ruling 6)
            return RULE_INSTANT_ELIMINATION
        return RULE_DRAW_PER_CARD if rules.draw_per_card else RULE_DRAW
    if topic is Topic.END and reason == EndReason.EXHAUSTION:
        return RULE_EXHAUSTION
    if topic is Topic.END:
        return RULE_HAND_END
    if rules.instant_elimination:  # out at once whatever the stock (ruling 6)
        return RULE_INSTANT_ELIMINATION
    if topic is Topic.MID_TRICK or rules.out_at_once(stock_empty=not state.stock):
        return RULE_OUT_AT_ONCE
    return RULE_OUT


@dataclass(frozen=True)
class Verdict:
    """The engine's word on one answer.

    ``answer`` is what the learner taps: a card ("Q♥"; every card of the hand, illegal ones
    too), a suit ("♠"), a seat's name, or a choice's index ("0"). ``rule`` is the Rules
    reference's number that decides it. ``line`` is, for a wrong card, the plays ("SEAT CARD")
    of a continuation in which the goal fails, the answer first; empty otherwise.
    ``best-chance`` adds ``chance``, (wins, deals) of a legal answer, and for a wrong one
    ``example``: a deal (every hand, then the stock, as card texts) in which ``line`` loses
    and ``best_line``, the best answer's, wins.
    """

    answer: str
    right: bool
    rule: int | None
    line: tuple[str, ...] = ()
    chance: tuple[int, int] | None = None
    example: tuple[tuple[str, ...], ...] = ()
    best_line: tuple[str, ...] = ()

    @property
    def interval(self) -> tuple[float, float] | None:
        """The 95% Wilson interval of ``chance`` (None when it was not measured)."""
        return None if self.chance is None else wilson_interval(*self.chance)


def judge(
    state: State,
    seat: int | str,
    goal: TaskGoal | str,
    *,
    against: str | None = None,
    choices: Sequence[object] | None = None,
    accept: Iterable[object] | None = None,
    events: Sequence[Event] | None = None,
    budget: SearchBudget | None = None,
    fast: bool = True,
    deals: int | None = None,
    seed: str = "",
) -> tuple[Verdict, ...]:
    """Every answer to the task, judged; ``TaskError`` when the task cannot be asked here.

    ``against`` is, for win-hand, a kind of ``DETERMINISTIC_KINDS`` or ``any``, for
    best-chance one of ``CHANCE_KINDS`` (by default tips), which plays the ``deals`` deals
    (by default ``DEFAULT_DEALS``) dealt from ``seed`` (the task's id); ``choices`` and ``accept``
    (choice: indices; name-trump: suits) say what the author calls right; ``events`` (drawn)
    are those of the play that resolved the trick. ``budget``: the search nodes left to the
    file the task is in (None: a budget of its own, ``FILE_SEARCH_BUDGET``); past it,
    ``TaskError("task.search-too-large")``. ``fast=False``: the plain search, every card
    tried (what the fast one is tested against).
    """
    goal = TaskGoal(goal)
    seat = seat_index(state.players, seat)
    budget = SearchBudget() if budget is None else budget
    if goal is TaskGoal.BEST_CHANCE:
        return _judge_chances(state, seat, against or "tips", DEFAULT_DEALS if deals is None else deals, seed, budget)
    if goal in CARD_GOALS:
        return _judge_cards(state, seat, goal, against, budget, fast)
    if goal is TaskGoal.NAME_TRUMP:
        return _judge_trump(state, seat, accept)
    if goal is TaskGoal.CHOICE:
        return _judge_choice(choices, accept)
    return _judge_seats(state, goal, events)


def right_answers(verdicts: Iterable[Verdict]) -> tuple[str, ...]:
    """The answers judged right, in the verdicts' order."""
    return tuple(verdict.answer for verdict in verdicts if verdict.right)


# --- cards -------------------------------------------------------------------------


def _judge_cards(
    state: State, seat: int, goal: TaskGoal, against: str | None, budget: SearchBudget, fast: bool
) -> tuple[Verdict, ...]:
    if state.to_act != seat or state.namer is not None:
        raise TaskError("task.not-to-act", seat=state.players[seat], to_act=state.name(state.to_act) or "-")
    search: HandSearch | AnySearch | None = None
    if goal is TaskGoal.WIN_HAND and against == ANY:
        search = AnySearch(seat, budget, fast=fast)
    elif goal is TaskGoal.WIN_HAND:
        search = HandSearch(seat, _against_players(state, against), budget, fast=fast)
    # A card that plays like one judged already wins or loses as it does: its class's verdict, or end.
    judged: dict[object, Verdict] = {}
    ends: dict[object, State | None] = {}
    verdicts = []
    for card in state.hands[seat]:
        refusal = play_refusal(state, card)
        if refusal is not None:
            verdicts.append(Verdict(str(card), False, deciding_rule(state, Topic.LEAD, refusal=refusal.rule)))
            continue
        action = Play(seat, card)
        if goal is TaskGoal.LEGAL:
            verdicts.append(Verdict(str(card), True, deciding_rule(state, Topic.LEAD)))
        elif search is not None:
            kind = touching_class(state, seat, card) if fast else card
            if kind not in ends:
                ends[kind] = search.won_end(apply(state, action)[0])
            verdicts.append(_win_hand_verdict(state, action, ends[kind], search))
        else:
            kind = trick_class(state, card) if fast else card
            if kind not in judged:
                judged[kind] = _judge_trick(state, seat, goal, action, budget, fast)
            verdict = judged[kind]
            line = (text(state, action), *verdict.line[1:]) if verdict.line else ()
            verdicts.append(Verdict(str(card), verdict.right, verdict.rule, line))
    return tuple(verdicts)


def _judge_trick(state: State, seat: int, goal: TaskGoal, action: Play, budget: SearchBudget, fast: bool) -> Verdict:
    """Right when the goal holds at the end of the trick in every continuation of the others."""
    refutation = refute_trick(state, action, seat, TrickGoal(goal), budget, fast=fast)
    answer = str(action.card)
    if refutation is None:
        return Verdict(answer, True, deciding_rule(state, Topic.OUT if goal is TaskGoal.STAY_IN else Topic.TRICK))
    events, line = refutation
    if any(isinstance(event, HandEnded) and event.mid_trick for event in events):
        topic = Topic.MID_TRICK  # the trick was abandoned (ruling 14)
    elif goal is TaskGoal.STAY_IN:
        at_once = any(isinstance(event, Eliminated) and event.seat == seat and event.at_once for event in events)
        topic = Topic.MID_TRICK if at_once else Topic.OUT
    else:
        topic = Topic.TRICK
    return Verdict(answer, False, deciding_rule(state, topic), tuple(line))


# --- win-hand ----------------------------------------------------------------------


def _against_players(state: State, against: str | None) -> dict[int, Player]:
    if against is None:
        raise TaskError("task.against-missing", kinds=", ".join(WIN_HAND_AGAINST))
    if against not in DETERMINISTIC_KINDS:
        raise TaskError("task.against-unknown", kind=against, kinds=", ".join(WIN_HAND_AGAINST))
    return {other: PLAYER_KINDS.make(against, seed=0) for other in range(len(state.players))}


def _win_hand_verdict(state: State, action: Play, end: State | None, search: HandSearch | AnySearch) -> Verdict:
    """Right when the seat can still win after ``action`` (``end``: how the search found it
    won, None when it cannot)."""
    if end is not None:
        return Verdict(str(action.card), True, _end_rule(end))
    if isinstance(search, AnySearch):  # the refutation: a defence that beats every try of the seat's
        line, after = search.defence(state, action)
        return Verdict(str(action.card), False, _end_rule(after), tuple(line))
    # The refutation: everyone, the seat too, plays as ``against`` plays, to the end (its
    # positions cost the file's budget too: a file of many tasks is bounded all the same).
    after, _ = apply(state, action)
    line = [text(state, action)]
    while not after.is_over:
        search.budget.spend(HAND_NODE)
        to_act = after.to_act
        assert to_act is not None
        reply = search.players[to_act].act(view(after, to_act))
        line.append(text(after, reply))
        after, _ = apply(after, reply)
    return Verdict(str(action.card), False, _end_rule(after), tuple(line))


# --- best-chance -------------------------------------------------------------------------


def _judge_chances(
    state: State, seat: int, against: str, deals: int, seed: str, budget: SearchBudget
) -> tuple[Verdict, ...]:
    """Each legal answer's chance to win from what the seat can know; right: the best answer,
    and every answer whose 95% interval overlaps the best one's. A wrong one is shown with
    a deal in which it loses and the best one wins, both played out."""
    if state.to_act != seat:
        raise TaskError("task.not-to-act", seat=state.players[seat], to_act=state.name(state.to_act) or "-")
    if against not in CHANCE_KINDS:
        raise TaskError("task.chance-against-unknown", kind=against, kinds=", ".join(CHANCE_KINDS))
    if not 1 <= deals <= MAX_DEALS:
        raise TaskError("task.deals-out-of-range", deals=deals, most=MAX_DEALS)
    chances = measure_chances(state, seat, against, deals, seed, budget)
    best = max(range(len(chances.actions)), key=lambda index: chances.wins[index])  # the first of equals
    best_low = wilson_interval(chances.wins[best], deals)[0]
    measured: dict[str, Verdict] = {}
    for index, action in enumerate(chances.actions):
        chance = (chances.wins[index], deals)
        right = wilson_interval(*chance)[1] >= best_low
        verdict = Verdict(action_answer(action), right, None, chance=chance)
        example = None if right else chances.example(index, best)
        if example is not None:
            world = chances.worlds[example]
            verdict = replace(
                verdict,
                line=tuple(played_out(world, action, against, example)[1]),
                best_line=tuple(played_out(world, chances.actions[best], against, example)[1]),
                example=(*(tuple(map(str, hand)) for hand in world.hands), tuple(map(str, world.stock))),
            )
        measured[verdict.answer] = verdict
    if state.namer == seat:
        return tuple(measured.values())
    verdicts = []
    for card in state.hands[seat]:
        refusal = play_refusal(state, card)
        if refusal is not None:
            verdicts.append(Verdict(str(card), False, deciding_rule(state, Topic.LEAD, refusal=refusal.rule)))
        else:
            verdicts.append(measured[str(card)])
    return tuple(verdicts)


def example_world(state: State, verdict: Verdict) -> State | None:
    """The deal of a wrong best-chance answer's ``example``, on the table of ``state`` (None
    when the verdict has none): where its ``line`` and ``best_line`` are played."""
    if not verdict.example:
        return None
    *hands, stock = verdict.example
    return replace(
        state, hands=tuple(tuple(map(parse_card, hand)) for hand in hands), stock=tuple(map(parse_card, stock))
    )


def _end_rule(end: State) -> int:
    """The rule that decides how the hand ``end`` came about: a trick left on the table was
    cut short by an end in its middle (rule 13)."""
    return deciding_rule(end, Topic.MID_TRICK if end.trick else Topic.END, reason=end.reason)


# --- suits, seats, choices ---------------------------------------------------------------


def _judge_trump(state: State, seat: int, accept: Iterable[object] | None) -> tuple[Verdict, ...]:
    if state.namer != seat:
        raise TaskError("task.not-to-act", seat=state.players[seat], to_act=state.name(state.to_act) or "-")
    right = {str(suit) for suit in _suits(accept)}
    if not right:
        raise TaskError("task.accept-missing", goal=TaskGoal.NAME_TRUMP)
    return tuple(Verdict(str(suit), str(suit) in right, RULE_GRAND_COUP) for suit in Suit)


def _suits(accept: Iterable[object] | None) -> list[Suit]:
    return [suit if isinstance(suit, Suit) else parse_suit(suit) for suit in accept or ()]


def _judge_choice(choices: Sequence[object] | None, accept: Iterable[object] | None) -> tuple[Verdict, ...]:
    if not choices:
        raise TaskError("task.choices-missing")
    right = {str(index) for index in accept or ()}
    if not right:
        raise TaskError("task.accept-missing", goal=TaskGoal.CHOICE)
    return tuple(Verdict(str(index), str(index) in right, None) for index in range(len(choices)))


def _judge_seats(state: State, goal: TaskGoal, events: Sequence[Event] | None) -> tuple[Verdict, ...]:
    """Who won the trick just resolved, who went out in it, who drew after it."""
    if goal is TaskGoal.DRAWN:
        if events is None:
            raise TaskError("task.no-trick")
        drew = {event.seat for event in events if isinstance(event, Drew)}
        # The trick's winner went out with its card (or the trick was cut short): nobody drew.
        at_once = bool(state.trick) or (bool(state.history) and state.history[-1].winner in state.out)
        rule = deciding_rule(state, Topic.DRAW, at_once=at_once)
        return tuple(Verdict(name, index in drew, rule) for index, name in enumerate(state.players))
    plays = _last_trick_seats(state)
    if not plays or (state.trick and not state.is_over):  # none yet, or one still being played
        raise TaskError("task.no-trick")
    if goal is TaskGoal.TRICK_WINNER:
        if state.trick:  # the hand ended in the middle of a trick: nobody won it
            raise TaskError("task.no-trick")
        winner = state.history[-1].winner
        rule = deciding_rule(state, Topic.TRICK)
        return tuple(Verdict(state.players[index], index == winner, rule) for index in plays)
    rule = deciding_rule(state, Topic.OUT)
    return tuple(Verdict(name, index in plays and index in state.out, rule) for index, name in enumerate(state.players))


def _last_trick_seats(state: State) -> tuple[int, ...]:
    """The seats that played the trick just resolved (or cut short by the hand's end)."""
    if state.trick:
        return state.order[: len(state.trick)]
    return tuple(index for index, _ in state.history[-1].plays) if state.history else ()
