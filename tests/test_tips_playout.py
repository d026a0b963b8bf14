"""The tips rollout on plain lists (computer/tips_playout.py) plays exactly as four ``TipsPlayer``s
through the engine: the same card at every turn, the same trump named, the same winner, in every
rule set, from a deal, from the middle of a hand and trick, and from a position set up mid-way
(where the draws every seat infers are an upper bound once the stock is empty)."""

from __future__ import annotations

import random

import pytest
from corpora import deals_to
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from lingerlonger.computer.coach import winner_after
from lingerlonger.computer.tips import TipsPlayer
from lingerlonger.computer.tips_playout import tips_plays, tips_winner
from lingerlonger.game.cards import CARDS, Suit
from lingerlonger.game.declared import HAND_RULE_SETS, Game
from lingerlonger.game.engine import ChooseTrump, Play, State, apply, from_position, legal_actions, new_hand
from lingerlonger.game.errors import LingerError
from lingerlonger.game.play_loop import play_out
from lingerlonger.game.rules import Rules

ALL_RULES = list(HAND_RULE_SETS)


def through_the_engine(state: State) -> tuple[int | None, list[tuple[int, int]]]:
    """Four TipsPlayers, each on its own view: the winner and each action as ``tips_plays`` writes it."""
    plays, winner = [], None
    for turn in play_out(state, [TipsPlayer()] * len(state.players)):
        action = turn.action
        assert isinstance(action, Play | ChooseTrump)
        plays.append((action.seat, int(action.card)) if isinstance(action, Play) else (action.seat, -1 - action.suit))
        winner = turn.state.winner
    return winner, plays


def _advanced(state: State, rng: random.Random, steps: int) -> State:
    """``steps`` random legal actions on, so that rollouts also start mid-hand and mid-trick."""
    for _ in range(steps):
        if state.is_over:
            break
        state, _ = apply(state, rng.choice(legal_actions(state)))
    return state


@settings(max_examples=300, deadline=None)
@given(
    rules=st.sampled_from(ALL_RULES),
    players=st.integers(3, 6),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 30),
)
def test_from_a_deal_or_mid_hand_every_play_is_the_engines(rules, players, seed, steps):
    assume(deals_to(rules, players))
    rng = random.Random(seed)
    state = _advanced(new_hand(rules, players, dealer=seed % players, seed=rng)[0], rng, steps)
    assume(not state.is_over)  # a vacuous example is discarded, never counted as a pass
    assert tips_plays(state) == through_the_engine(state)


@settings(max_examples=300, deadline=None)
@given(rules=st.sampled_from(ALL_RULES), players=st.integers(3, 6), seed=st.integers(0, 2**32 - 1))
def test_from_a_position_set_up_mid_way_every_play_is_the_engines(rules, players, seed):
    """Hands of any size and a short or empty stock: the draws each seat infers are then often
    an upper bound (``inference.draws_per_trick``), and the voids it believes follow them."""
    assume(deals_to(rules, players))
    rng = random.Random(seed)
    names = Game.of(rules, players).seats
    deck = list(CARDS)
    rng.shuffle(deck)
    hands, at = {}, 0
    for name in names:
        size = rng.randint(0, 5)
        hands[name], at = deck[at : at + size], at + size
    stock = deck[at : at + rng.choice([0, 0, 1, 2, 5])]
    trump = None if not rules.has_trump or (rules.grand_coup and rng.random() < 0.5) else rng.choice(list(Suit))
    try:
        state = from_position(
            rules,
            players,
            dealer=rng.randrange(players),
            leader=rng.randrange(players),
            hands=hands,
            stock=stock,
            trump=trump,
        )
    except LingerError:
        assume(False)
    state = _advanced(state, rng, rng.randint(0, 8))
    assume(not state.is_over)
    assert tips_plays(state) == through_the_engine(state)


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda rules: rules.spec)
def test_every_rule_set_from_the_deal(rules):
    for players in range(3, 7):
        if deals_to(rules, players):
            state, _ = new_hand(rules, players, dealer=players - 1, seed=players)
            assert tips_winner(state) == through_the_engine(state)[0]


def test_the_coachs_tips_judge_plays_on_with_it():
    state, _ = new_hand(Rules(), 4, dealer=3, seed=7)
    for action in legal_actions(state):
        after, _ = apply(state, action)
        expected = after.winner if after.is_over else through_the_engine(after)[0]
        assert winner_after(state, action, random.Random(0), "tips") == expected


def test_the_state_it_plays_from_is_left_as_it_was():
    state, _ = new_hand(Rules.parse("standard+draw-per-card"), 5, dealer=0, seed=3)
    before = (state.hands, state.stock, state.trick, state.history)
    tips_plays(state)
    assert (state.hands, state.stock, state.trick, state.history) == before
