"""The coach: hints cover every legal action with a Wilson interval, never peek, and keep
to their budget."""

from __future__ import annotations

import random

import pytest

from lingerlonger.computer.coach import CardAdvice, coach
from lingerlonger.computer.inference import sample_world
from lingerlonger.computer.statistics import wilson_interval
from lingerlonger.game.cards import Suit, parse_card
from lingerlonger.game.engine import apply, from_position, new_hand
from lingerlonger.game.rules import Rules
from lingerlonger.game.seat_view import view


def _last_card_position():
    """Equal-hands, one card left in the stock: whoever wins this trick wins the hand."""
    return from_position(
        Rules.parse("equal-hands"),
        "ABCD",
        dealer="D",
        leader="A",
        trump="♥",
        hands={"A": "A♥ 2♣", "B": "5♣ 6♦", "C": "4♣ 7♦", "D": "7♣ 8♠"},
        stock="9♦",
    )


def test_a_card_that_wins_the_hand_outright_is_rated_certain():
    advice = coach(_last_card_position(), budget_s=None, rollouts=300, seed=2, policy="random")
    assert advice[0].card == parse_card("A♥")
    assert advice[0].win_rate == 1.0 and advice[0].low > 0.98
    assert advice[1].win_rate < 1.0


def test_hints_cover_every_legal_card_with_a_wilson_interval():
    state, _ = new_hand(Rules(), 4, dealer=3, seed=8)
    advice = coach(state, budget_s=None, rollouts=400, seed=1, policy="random")
    assert sorted(a.card for a in advice) == sorted(state.hands[0])
    for a in advice:
        assert a.rollouts == 400
        assert (a.low, a.high) == pytest.approx(wilson_interval(round(a.win_rate * 400), 400))
    assert [a.win_rate for a in advice] == sorted((a.win_rate for a in advice), reverse=True)


def test_the_coach_never_peeks():
    """Same view, other hidden cards, same seed: the same advice."""
    state, _ = new_hand(Rules(), 4, dealer=3, seed=5)
    other = sample_world(view(state, 0), random.Random(9))
    assert other.hands[1:] != state.hands[1:]
    first = coach(state, budget_s=None, rollouts=12, seed=4)
    assert coach(other, budget_s=None, rollouts=12, seed=4) == first
    assert coach(view(state, 0), budget_s=None, rollouts=12, seed=4) == first


def test_the_time_budget_cuts_rollouts_short():
    state, _ = new_hand(Rules(), 4, dealer=3, seed=5)
    advice = coach(state, budget_s=0.05, rollouts=100_000, seed=1, policy="random")
    assert all(1 <= a.rollouts < 100_000 for a in advice)


def test_naming_trump_is_advised_per_suit():
    state = from_position(
        Rules.parse("standard+grand-coup"),
        "ABCD",
        dealer="D",
        leader="A",
        trump=None,
        hands={"A": "2♣ 3♠", "B": "K♦ Q♦ 3♦ 4♥", "C": "4♣ 6♠", "D": "7♣ 8♠"},
        stock="9♥ 10♥ J♥",
    )
    for play in ["A 2♣", "B K♦", "C 4♣", "D 7♣"]:
        state, _ = apply(state, state.play(play))
    advice = coach(state, budget_s=None, rollouts=50, seed=0, policy="random")
    assert sorted(a.suit for a in advice) == list(Suit)
    assert all(
        a.card is None and a.label().startswith("Trump ") and a.label("pt").startswith("Trunfo ") for a in advice
    )


def test_no_advice_when_the_seat_has_nothing_to_decide():
    state, _ = new_hand(Rules(), 4, dealer=3, seed=5)
    assert coach(state, seat=2, budget_s=None, rollouts=10) == []
    with pytest.raises(ValueError, match="seat 0's, not seat 2's"):
        coach(view(state, 0), seat=2)


def test_wilson_interval_matches_the_textbook_values():
    # Wilson (1927) / Newcombe (1998) table: 81/263 → 0.2553–0.3662; 0/10 → 0–0.2775.
    assert wilson_interval(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert CardAdvice(None, 0.5, 0.4, 0.6, 10, Suit.CLUBS).label("ru") == "Козырь ♣"


def test_a_hint_keeps_to_the_apps_budget_outside_the_browser():
    """Issue 26: 0.3 s a hint in the app (a Python kernel), 1 s in the browser (Pyodide)."""
    from lingerlonger.session import COACH_BUDGET_S

    assert COACH_BUDGET_S == 0.3
