"""The searches behind a task's verdicts, and the one budget that a file's tasks share.

A trick goal (``win-trick``, ``lose-trick``, ``stay-in``) is proved against every card the
others may still play to the trick; ``win-hand`` by an exact search over the seat's own
choices while the others play a deterministic kind (``task_judge`` says what each means).
Both stay exact and try far fewer cards than there are, by trying one card of each set of
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

A search costs nodes of one ``SearchBudget`` (``FILE_SEARCH_BUDGET``), which every task of a
file shares: a file's check is bounded, however many tasks it holds (bench/task_search.py).
A search past the budget raises ``TaskError("task.search-too-large")``, and a task whose
search was cut short has no verdicts.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from enum import StrEnum

from lingerlonger.game.cards import SUIT_OF, Card
from lingerlonger.game.engine import Action, Play, State, apply, legal_actions
from lingerlonger.game.errors import LingerError
from lingerlonger.game.events import Event, HandEnded
from lingerlonger.game.play_loop import Player
from lingerlonger.game.seat_view import view

__all__ = [
    "TaskError",
    "SearchBudget",
    "FILE_SEARCH_BUDGET",
    "TRICK_NODE",
    "HAND_NODE",
    "TrickGoal",
    "refute_trick",
    "HandSearch",
]

#: The nodes every task of one file may visit between them: the worst file (every node a
#: ``win-hand`` one) is checked within about 10 s of one core of the bench machine
#: (bench/task_search.py). Counted in nodes, not seconds, so that a file passes or is
#: refused alike on every machine.
FILE_SEARCH_BUDGET = 500_000
#: What a node costs: a card played in a trick's search (one ``apply``), and a position of
#: ``win-hand`` (an ``apply``, and a computer's decision when another seat is to act).
TRICK_NODE, HAND_NODE = 1, 2


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
