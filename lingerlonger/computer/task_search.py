"""The searches behind a task's verdicts, and the one budget that a file's tasks share.

A trick goal (``win-trick``, ``lose-trick``, ``stay-in``) is proved against every card the
others may still play to the trick; ``win-hand`` by an exact search over the seat's own
choices while the others play a deterministic kind, or (``against: any``, ``AnySearch``)
over every seat's choices, the others' all against the seat (``task_judge`` says what each
means). They stay exact and try far fewer cards than there are, by trying one card of each set of
cards that cannot play differently:

- in a trick, two cards of one hand are alike when no card that may still meet them in it
  (those already played to it, those of the seats still to play) lies between them in rank;
  a card of neither the suit led nor trump never wins, whatever it is;
- in ``win-hand``, two cards of the seat's hand are alike when they touch: every card still
  in play between them is the seat's own (the others have already played the cards that
  lay between). The ``tips`` player compares cards only with the cards still unseen, so it
  plays the same against either. The shown trump card, which the others know the place of,
  is alike to no other.

Cards are tried in the engine's order and a card alike to one already tried is skipped, so
the first refutation found is the one the plain search (``fast=False``: every card) finds;
``tests/test_task_search.py`` holds them equal on random positions.

``best-chance`` is no search but a measurement from what the seat can know
(``measure_chances``): the unseen cards dealt again, each of the seat's cards played out in
the same deals.

A search (or a measurement) costs nodes of one ``SearchBudget`` (``FILE_SEARCH_BUDGET``), which every task of a
file shares: a file's check is bounded, however many tasks it holds (bench/task_search.py).
A search past the budget raises ``TaskError("task.search-too-large")``, and a task whose
search was cut short has no verdicts.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial

from lingerlonger.computer.coach import candidate_actions, winner_after
from lingerlonger.computer.inference import WorldSampler
from lingerlonger.computer.kept_results import kept
from lingerlonger.computer.players import PLAYER_KINDS
from lingerlonger.game.cards import SUIT_OF, Card
from lingerlonger.game.engine import Action, ChooseTrump, Play, State, apply, legal_actions
from lingerlonger.game.errors import LingerError
from lingerlonger.game.events import Event, HandEnded
from lingerlonger.game.play_loop import Player
from lingerlonger.game.seat_view import SeatView, view

__all__ = [
    "TaskError",
    "SearchBudget",
    "FILE_SEARCH_BUDGET",
    "TRICK_NODE",
    "HAND_NODE",
    "TrickGoal",
    "refute_trick",
    "HandSearch",
    "AnySearch",
    "ANY",
    "CHANCE_KINDS",
    "DEFAULT_DEALS",
    "MAX_DEALS",
    "Chances",
    "measure_chances",
]

#: The nodes every task of one file may visit between them: the worst file (every node a
#: ``win-hand`` one) is checked within about 10 s of one core of the bench machine
#: (bench/task_search.py). Counted in nodes, not seconds, so that a file passes or is
#: refused alike on every machine.
FILE_SEARCH_BUDGET = 500_000
#: What a node costs: a card played in a trick's search (one ``apply``), and a position of
#: ``win-hand`` (an ``apply``, and a computer's decision when another seat is to act).
TRICK_NODE, HAND_NODE = 1, 2
#: ``win-hand``'s ``against`` for "whatever every other seat plays" (``AnySearch``).
ANY = "any"
#: Who plays the deals of ``best-chance`` out, and what one play of theirs costs in nodes: a
#: ``tips`` play on the kernel's lists is about an eighth of a node (85 µs a whole 4-player
#: hand, a node about 13 µs: bench/task_search.py); a ``strong`` decision plays its own 320
#: deals out for each of its cards.
CHANCE_KINDS = ("tips", "strong")
_PLAYS_PER_NODE = 8
_STRONG_DECISION_ROLLOUTS = 320
#: ``best-chance``'s deals: by default, and at most (book/scenario-format.md).
DEFAULT_DEALS, MAX_DEALS = 1000, 10_000


class TaskError(LingerError):
    """A task the engine cannot judge as asked (the code names why, for a located refusal)."""


class SearchBudget:
    """The nodes the searches of one file may still visit (``spend`` raises past the end).

    >>> budget = SearchBudget(3)
    >>> budget.spend(2); budget.used
    2
    >>> budget.spend(2)
    Traceback (most recent call last):
    lingerlonger.computer.task_search.TaskError: task: the search went past 3 positions; give a smaller position
    """

    def __init__(self, nodes: int | None = None) -> None:
        self.nodes = FILE_SEARCH_BUDGET if nodes is None else nodes
        self.used = 0

    def spend(self, nodes: int) -> None:
        self.used += nodes
        if self.used > self.nodes:
            raise TaskError("task.search-too-large", budget=self.nodes)

    @property
    def spent(self) -> bool:
        """Whether a search has already gone past the budget (every later one fails at once)."""
        return self.used > self.nodes


class TrickGoal(StrEnum):
    """The goals proved over the rest of one trick (``task_judge.TaskGoal``'s values)."""

    WIN_TRICK = "win-trick"
    LOSE_TRICK = "lose-trick"
    STAY_IN = "stay-in"


def text(state: State, action: Action) -> str:
    """An action as a refutation's line says it: "SEAT CARD" (or "SEAT SUIT")."""
    what = action.card if isinstance(action, Play) else action.suit
    return f"{state.players[action.seat]} {what}"


# --- a trick ----------------------------------------------------------------------------


def trick_class(state: State, card: Card) -> tuple[int, int]:
    """Which cards ``card`` plays like in the rest of the current trick, for the seat to act:
    (its suit, how many cards that may meet it in the trick rank below it), or (-1, 0), a
    card that can never win it (neither the suit led nor trump)."""
    suit = SUIT_OF[card]
    if state.trick and suit != SUIT_OF[state.trick[0]] and suit != state.trump:
        return -1, 0
    meeting = [*state.trick, *(held for seat in state.order[len(state.trick) + 1 :] for held in state.hands[seat])]
    return suit, sum(1 for other in meeting if SUIT_OF[other] == suit and other < card)


def alike_skipped(actions: Sequence[Action], key) -> Iterator[Action]:
    """``actions`` in their order, without those ``key`` calls alike to one already given."""
    seen = set()
    for action in actions:
        kind = key(action)
        if kind not in seen:
            seen.add(kind)
            yield action


def refute_trick(
    state: State, action: Action, seat: int, goal: TrickGoal, budget: SearchBudget, *, fast: bool = True
) -> tuple[list[Event], list[str]] | None:
    """A continuation of the trick after ``action`` (its events and plays) in which the goal
    fails, or None when it holds whatever the others play."""
    return _refute(state, action, seat, goal, len(state.history), [], [], budget, fast)


def _refute(
    state: State,
    action: Action,
    seat: int,
    goal: TrickGoal,
    tricks: int,
    line: list[str],
    events: list[Event],
    budget: SearchBudget,
    fast: bool,
) -> tuple[list[Event], list[str]] | None:
    budget.spend(TRICK_NODE)
    line = [*line, text(state, action)]
    state, caused = apply(state, action)
    events = [*events, *caused]
    if state.is_over or len(state.history) > tricks:
        return None if trick_goal_holds(state, seat, goal, events) else (events, line)
    replies = legal_actions(state)
    if fast:
        replies = tuple(alike_skipped(replies, lambda reply: trick_class(state, reply.card)))
    for reply in replies:
        found = _refute(state, reply, seat, goal, tricks, line, events, budget, fast)
        if found is not None:
            return found
    return None


def trick_goal_holds(state: State, seat: int, goal: TrickGoal, events: Sequence[Event]) -> bool:
    """Whether the goal holds once the trick is resolved (or cut short by the hand's end)."""
    mid_trick = any(isinstance(event, HandEnded) and event.mid_trick for event in events)
    if goal is TrickGoal.STAY_IN:
        return bool(state.hands[seat]) or (mid_trick and state.winner == seat)
    # A trick abandoned by an end in its middle is won by nobody (ruling 14).
    won = not mid_trick and state.history[-1].winner == seat
    return won if goal is TrickGoal.WIN_TRICK else not won


# --- win-hand -----------------------------------------------------------------------------


def touching_class(state: State, seat: int, card: Card) -> tuple[int, int]:
    """Which cards of ``seat``'s hand ``card`` plays like for the rest of the hand: (its
    suit, how many cards still in play and not the seat's rank below it); the shown trump
    card is alike to no other."""
    if card == state.trump_card:
        return -1, card
    suit = SUIT_OF[card]
    elsewhere = [held for other, hand in enumerate(state.hands) if other != seat for held in hand]
    in_play = [*elsewhere, *state.stock, *state.trick]
    return suit, sum(1 for other in in_play if SUIT_OF[other] == suit and other < card)


class HandSearch:
    """The exact search of ``win-hand``: the seat tries each of its choices, the others play
    as their deterministic kind. Every line from the root passes through new positions (a
    position remembers every card played, in order), so none is remembered: the plain search
    (``fast=False``) keeps the memo it always had, and tries every card."""

    def __init__(self, seat: int, players: dict[int, Player], budget: SearchBudget, *, fast: bool = True) -> None:
        self.seat, self.players, self.budget, self.fast = seat, players, budget, fast
        self.solved: dict[State, State | None] = {}

    def won_end(self, state: State) -> State | None:
        """The end of a line the seat wins from ``state`` (how it ends names the rule), or None."""
        if state.is_over:
            return state if state.winner == self.seat else None
        if not self.fast and state in self.solved:
            return self.solved[state]
        self.budget.spend(HAND_NODE)
        to_act = state.to_act
        assert to_act is not None
        if to_act == self.seat:
            choices = legal_actions(state)
            if self.fast:
                choices = tuple(alike_skipped(choices, lambda choice: self._class(state, choice)))
            ends = (self.won_end(apply(state, action)[0]) for action in choices)
            result = next((end for end in ends if end is not None), None)
        else:
            result = self.won_end(apply(state, self.players[to_act].act(view(state, to_act)))[0])
        if not self.fast:
            self.solved[state] = result
        return result

    def _class(self, state: State, choice: Action) -> object:
        return touching_class(state, self.seat, choice.card) if isinstance(choice, Play) else choice


# --- win-hand against any ---------------------------------------------------------------


def future_of(state: State) -> tuple[object, ...]:
    """What decides how ``state`` can still end (not the piles won, nor the order of the tricks
    past): two lines that reach the same future are one position for ``AnySearch``."""
    return (
        state.hands,
        state.stock,
        state.trump,
        state.leader,
        state.order,
        state.trick,
        state.out,
        state.namer,
        state.trump_lead_due,
        bool(state.history),
    )


class AnySearch:
    """The exact search of ``win-hand`` ``against: any``: the seat tries each of its choices,
    and every other seat tries each of its own, all of them against the seat. A position is
    won when one of the seat's choices wins whatever the others then play; every hand is
    known, so the others may as well play as one. Cards of one hand that touch (the same
    ``touching_class``) play alike for any seat, and positions are remembered by their future
    (``future_of``): the order in which a trick's cards were played no longer matters."""

    def __init__(self, seat: int, budget: SearchBudget, *, fast: bool = True) -> None:
        self.seat, self.budget, self.fast = seat, budget, fast
        self.solved: dict[tuple[object, ...], State | None] = {}

    def choices(self, state: State) -> tuple[Action, ...]:
        """The actions worth trying for the seat to act (one of each set that plays alike)."""
        to_act = state.to_act
        assert to_act is not None
        actions = legal_actions(state)
        if not self.fast:
            return actions
        return tuple(
            alike_skipped(
                actions,
                lambda action: touching_class(state, to_act, action.card) if isinstance(action, Play) else action,
            )
        )

    def won_end(self, state: State) -> State | None:
        """The end of a line the seat wins from ``state`` whatever the others play, or None."""
        if state.is_over:
            return state if state.winner == self.seat else None
        key = future_of(state)
        if key in self.solved:
            return self.solved[key]
        self.budget.spend(HAND_NODE)
        result: State | None = None
        ours = state.to_act == self.seat
        for action in self.choices(state):
            end = self.won_end(apply(state, action)[0])
            if ours and end is not None:
                result = end
                break
            if not ours:
                if end is None:
                    result = None
                    break
                result = end
        self.solved[key] = result
        return result

    def defence(self, state: State, first: Action) -> tuple[list[str], State]:
        """A line after ``first`` (which ``won_end`` found lost) in which the seat loses: each
        other seat plays a card that keeps the seat from winning, the seat its first try (none
        of its tries wins); the line as "SEAT CARD", and where it ends."""
        line = [text(state, first)]
        state = apply(state, first)[0]
        while not state.is_over:
            choices = self.choices(state)
            if state.to_act == self.seat:
                action = choices[0]
            else:
                action = next(choice for choice in choices if self.won_end(apply(state, choice)[0]) is None)
            line.append(text(state, action))
            state = apply(state, action)[0]
        return line, state


# --- best-chance ------------------------------------------------------------------------


@dataclass(frozen=True)
class Chances:
    """Each action's wins in the same ``deals`` worlds, and the worlds with who won in each
    (for a deal that shows a card losing where another wins)."""

    actions: tuple[Action, ...]
    wins: tuple[int, ...]
    deals: int
    worlds: tuple[State, ...]
    outcomes: tuple[tuple[bool, ...], ...]  # per world, per action: the seat won

    def example(self, loser: int, winner: int) -> int | None:
        """The first world (its index) in which action ``loser`` loses and ``winner`` wins."""
        for index, won in enumerate(self.outcomes):
            if won[winner] and not won[loser]:
                return index
        return None


def chance_cost(state: State, actions: int, deals: int, against: str) -> int:
    """The nodes ``measure_chances`` would spend (an upper bound: every card left played)."""
    plays = sum(map(len, state.hands)) + len(state.stock)
    rollout = max(1, plays // _PLAYS_PER_NODE)
    if against == "strong":
        rollout *= plays * _STRONG_DECISION_ROLLOUTS * max(map(len, state.hands))
    return deals * actions * rollout


def measure_chances(state: State, seat: int, against: str, deals: int, seed: str, budget: SearchBudget) -> Chances:
    """Each of the seat's actions' chance to win the hand, judged from what the seat can know:
    the unseen cards dealt again ``deals`` times within what it saw (``WorldSampler``: hand
    sizes, known cards, shown voids, the stock's size), from a seed fixed by ``seed`` (the
    task's id), every seat then played by ``against``. The whole cost is spent first: a
    measurement past the budget is refused before it starts."""
    known = view(state, seat)
    actions = tuple(candidate_actions(known))
    cost = chance_cost(state, len(actions), deals, against)
    if budget.used + cost > budget.nodes:
        raise TaskError("task.chance-too-large", deals=deals, kind=against, cost=cost, budget=budget.nodes)
    budget.spend(cost)
    return kept(
        f"chances {_described(state)} {seat} {against} {deals} {seed!r}",
        partial(_measured, known, seat, actions, against, deals, seed),
        of_chapters=False,
    )


def _measured(known: SeatView, seat: int, actions: tuple[Action, ...], against: str, deals: int, seed: str) -> Chances:
    rng = random.Random(seed)
    sampler = WorldSampler(known)
    worlds, outcomes = [], []
    for index in range(deals):
        world = sampler.sample(rng)
        worlds.append(world)
        outcomes.append(tuple(_winner(world, action, against, rng, index) == seat for action in actions))
    wins = tuple(sum(won[index] for won in outcomes) for index in range(len(actions)))
    return Chances(actions, wins, deals, tuple(worlds), tuple(outcomes))


def _described(value: object) -> str:
    """A value in words that are the same in every process, for the key a measurement is kept
    under: a set's members sorted (the order of a set of strings changes from one process to the next),
    and every field of a dataclass (a ``State`` says itself in a summary: its stock's size, not its cards)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = (_described(getattr(value, field.name)) for field in dataclasses.fields(value))
        return f"{type(value).__name__}({', '.join(parts)})"
    if isinstance(value, set | frozenset):
        return "{" + ", ".join(sorted(map(_described, value))) + "}"
    if isinstance(value, tuple | list):
        return "(" + ", ".join(map(_described, value)) + ")"
    return repr(value)


def _winner(world: State, action: Action, against: str, rng: random.Random, index: int) -> int | None:
    """Who wins ``world`` after ``action``: the tips on the kernel's lists (the engine's play,
    card for card), other kinds through the engine, seeded by the world's ``index`` so that
    ``played_out`` shows the very line that was counted."""
    if against == "tips":
        return winner_after(world, action, rng, "tips")
    return played_out(world, action, against, index)[0].winner


def played_out(state: State, action: Action, against: str, seed: int = 0) -> tuple[State, list[str]]:
    """``action``, then every seat played by ``against`` to the end: where it ends, and the line."""
    players = [PLAYER_KINDS.make(against, seed=seed + index) for index in range(len(state.players))]
    line = [text(state, action)]
    state = apply(state, action)[0]
    while not state.is_over:
        to_act = state.to_act
        assert to_act is not None
        reply = players[to_act].act(view(state, to_act))
        line.append(text(state, reply))
        state = apply(state, reply)[0]
    return state, line


def action_answer(action: Action) -> str:
    """An action as a task's answer: its card ("A♥"), or the suit named ("♠")."""
    return str(action.suit) if isinstance(action, ChooseTrump) else str(action.card)
