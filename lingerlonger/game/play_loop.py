"""The one play loop, and the ``Player`` protocol: players act on their own views, one turn at a time.

Every hand the package plays between computer players (a match, the lab's
tournament, ``simulate``, the app's opponents, a what-if branch, the book's
examples) goes through ``play_out``, so there is one loop to read and to trust.

>>> from lingerlonger.game.engine import new_hand
>>> from lingerlonger.computer.players import make_player  # a computer player, from the layer above
>>> from lingerlonger.game.rules import Rules
>>> state, _ = new_hand(Rules(), 4, dealer=3, seed=2)
>>> last = list(play_out(state, [make_player("tips", seed=seat) for seat in range(4)]))[-1]
>>> last.state.is_over, last.state.winner in range(4)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from lingerlonger.game.engine import Action, State, apply
from lingerlonger.game.events import Event, TrickWon
from lingerlonger.game.seat_view import SeatView, view

__all__ = ["Player", "Turn", "play_out", "replayed", "finish"]


class Player(Protocol):
    """Anything that picks an action from what its seat can see: a computer, or a person's plan."""

    name: str

    def act(self, view: SeatView) -> Action: ...


@dataclass(frozen=True, slots=True)
class Turn:
    """One seat's action, the state it led to and what happened."""

    seat: int
    action: Action
    state: State
    events: tuple[Event, ...]

    @property
    def ended_trick(self) -> bool:
        """True when this turn finished a trick (a hand that ends mid-trick finishes none)."""
        return any(isinstance(event, TrickWon) for event in self.events)


def play_out(
    state: State, seats: Sequence[Player] | Mapping[int, Player], *, until: Callable[[State], bool] | None = None
) -> Iterator[Turn]:
    """Let the seat to act decide on its own view until the hand ends, or until ``until(state)``.

    ``seats`` gives each seat's player; ``until`` pauses before a turn (for example
    when a person's seat is to act), and the caller resumes from the last state.
    """
    while not state.is_over and not (until is not None and until(state)):
        seat = state.to_act
        assert seat is not None  # the hand is not over
        action = seats[seat].act(view(state, seat))
        state, events = apply(state, action)
        yield Turn(seat, action, state, tuple(events))


def replayed(state: State, actions: Iterable[Action]) -> Iterator[Turn]:
    """The turns of ``actions`` played one after the other from ``state`` (a hand played
    before, played again: ``IllegalAction`` if one of them is not legal then)."""
    for action in actions:
        seat = state.to_act
        state, events = apply(state, action)
        assert seat is not None  # apply refuses an action once the hand is over
        yield Turn(seat, action, state, tuple(events))


def finish(state: State, seats: Sequence[Player] | Mapping[int, Player]) -> tuple[State, list[Event]]:
    """Play the hand to its end; return the final state and every event on the way."""
    events: list[Event] = []
    for turn in play_out(state, seats):
        state = turn.state
        events += turn.events
    return state, events
