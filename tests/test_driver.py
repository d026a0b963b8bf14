"""The play driver: each seat decides on its own view, and a paused hand resumes where it stopped."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lingerlonger.computer.players import RandomPlayer
from lingerlonger.game.declared import HAND_RULE_SETS
from lingerlonger.game.engine import apply, new_hand
from lingerlonger.game.events import TrickWon
from lingerlonger.game.play_loop import finish, play_out
from lingerlonger.game.rules import Rules
from lingerlonger.game.seat_view import SeatView


class Watcher:
    """A random player that records every view it is shown."""

    def __init__(self, seed):
        self.views = []
        self.player = RandomPlayer(seed)

    def act(self, seat_view):
        self.views.append(seat_view)
        return self.player.act(seat_view)


def test_each_seat_is_asked_on_its_own_view():
    state, _ = new_hand(Rules.parse("standard+grand-coup"), "ABCD", dealer=0, seed=11)
    watchers = [Watcher(seat) for seat in range(4)]
    final, events = finish(state, watchers)
    assert final.is_over and events[-1].winner == final.winner
    for seat, watcher in enumerate(watchers):
        assert watcher.views and all(isinstance(v, SeatView) and v.seat == seat == v.to_act for v in watcher.views)


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(HAND_RULE_SETS), players=st.integers(3, 6), seed=st.integers(0, 10**6))
def test_every_turn_is_the_engine_applying_the_seats_action(rules, players, seed):
    state, _ = new_hand(rules, players, dealer=seed % players, seed=seed)
    seats = [RandomPlayer(seed + seat) for seat in range(players)]
    before = state
    for turn in play_out(state, seats):
        assert turn.seat == before.to_act
        after, events = apply(before, turn.action)
        assert (after, tuple(events)) == (turn.state, turn.events)
        assert turn.ended_trick == any(isinstance(event, TrickWon) for event in events)
        before = turn.state
    assert before.is_over


def test_until_pauses_before_a_seat_and_the_hand_resumes_from_there():
    state, _ = new_hand(Rules(), 4, dealer=3, seed=5)
    seats = {seat: RandomPlayer(seat) for seat in (1, 2, 3)}  # seat 0 is a person
    turns = list(play_out(state, seats, until=lambda s: s.to_act == 0))
    paused = turns[-1].state if turns else state
    assert paused.to_act == 0 and not paused.is_over
    assert all(turn.seat != 0 for turn in turns)
    with pytest.raises(KeyError):  # nobody plays for seat 0 without the pause
        list(play_out(paused, seats))
