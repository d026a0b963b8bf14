"""The playout kernel plays exactly like the engine: same plays, winners, draws, eliminations, end.

Both sides are driven by the same random numbers under the contract stated in
``lingerlonger.computer.playout``: a choice among k > 1 options takes option
``int(random() * k)`` of the legal cards sorted by index (or of the suits in
``Suit`` order), a forced choice consumes nothing.
"""

from __future__ import annotations

import itertools
import random

import pytest
from corpora import deals_to
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from lingerlonger.computer.playout import (
    NO_TRUMP,
    STRENGTH,
    KernelPosition,
    KernelRules,
    TrickRecord,
    playout,
    traced_playout,
)
from lingerlonger.game.cards import Card, Suit
from lingerlonger.game.declared import HAND_RULE_SETS, Game
from lingerlonger.game.engine import ChooseTrump, Play, apply, deal, legal_actions, new_hand, trick_winner
from lingerlonger.game.events import Drew, Eliminated, TrickWon
from lingerlonger.game.rules import Rules

ALL_RULES = list(HAND_RULE_SETS)


def _choose(actions, draw):
    """The kernel's choice contract applied to the engine's legal actions."""
    if isinstance(actions[0], Play):
        actions = sorted(actions, key=lambda action: action.card)
    return actions[0] if len(actions) == 1 else actions[int(draw() * len(actions))]


def engine_playout(state, rng: random.Random):
    """The reference: play ``state`` out through ``engine.apply``, recording each trick."""
    trace, named, eliminated = [], None, []
    plays = [(seat, int(card)) for seat, card in state.current_plays]
    while not state.is_over:
        action = _choose(legal_actions(state), rng.random)
        state, events = apply(state, action)
        if isinstance(action, ChooseTrump):
            named = int(action.suit)
            continue
        plays.append((action.seat, int(action.card)))
        won = next((e for e in events if isinstance(e, TrickWon)), None)
        eliminated += [e.seat for e in events if isinstance(e, Eliminated)]
        if won is None:
            continue
        drawn = next((tuple(e.cards) for e in events if isinstance(e, Drew)), ())
        trace.append(
            TrickRecord(
                named, tuple(plays), won.seat, drawn, tuple(eliminated), tuple(len(hand) for hand in state.hands)
            )
        )
        plays, named, eliminated = [], None, []
    if plays:  # the hand ended in the middle of a trick (rule 13, out at once)
        trace.append(
            TrickRecord(named, tuple(plays), None, (), tuple(eliminated), tuple(len(hand) for hand in state.hands))
        )
    return state.winner, state.reason, trace


def _random_start(rules: Rules, players: int, seed: int, steps: int):
    """A dealt hand advanced ``steps`` random actions, so playouts also start mid-trick."""
    rng = random.Random(seed)
    state, _ = new_hand(rules, players, dealer=seed % players, seed=rng)
    for _ in range(steps):
        if state.is_over:
            break
        state, _ = apply(state, _choose(legal_actions(state), rng.random))
    return state


@settings(max_examples=400, deadline=None)
@given(
    rules=st.sampled_from(ALL_RULES),
    players=st.integers(3, 6),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 12),
)
def test_kernel_plays_exactly_like_the_engine(rules, players, seed, steps):
    assume(deals_to(rules, players))
    state = _random_start(rules, players, seed, steps)
    assume(not state.is_over)  # a vacuous example is discarded, never counted as a pass
    expected = engine_playout(state, random.Random(seed + 1))
    assert traced_playout(KernelPosition.from_state(state), random.Random(seed + 1)) == expected


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda rules: rules.spec)
def test_every_rule_set_from_the_deal(rules):
    for players, seed in itertools.product(range(3, 7), range(3)):
        if not deals_to(rules, players):
            continue
        state, _ = new_hand(rules, players, dealer=seed % players, seed=seed)
        expected = engine_playout(state, random.Random(seed))
        assert traced_playout(KernelPosition.from_state(state), random.Random(seed)) == expected


def test_explicit_hand_sizes_with_a_full_deck_and_a_long_stock():
    for rules, players in [
        (Rules.parse("standard", hand_size=13), 4),
        (Rules.parse("equal-hands+draw-per-card", hand_size=2), 6),
    ]:
        for seed in range(20):
            state, _ = new_hand(rules, players, dealer=0, seed=seed)
            expected = engine_playout(state, random.Random(seed))
            assert traced_playout(KernelPosition.from_state(state), random.Random(seed)) == expected


def test_strength_table_agrees_with_the_engine_trick_winner():
    rng = random.Random(5)
    for _ in range(2000):
        cards = rng.sample(range(52), rng.randint(2, 6))
        trump = rng.choice([None, *Suit])
        strength = STRENGTH[NO_TRUMP if trump is None else trump][cards[0] // 13]
        values = [strength[card] for card in cards]
        assert values.index(max(values)) == trick_winner([Card(c) for c in cards], trump)


def test_playout_leaves_the_position_it_copied_untouched():
    state, _ = new_hand(Rules(), 4, dealer=0, seed=3)
    position = KernelPosition.from_state(state)
    before = position.copy()
    rng = random.Random(0)
    winners = {playout(position.copy(), rng)[0] for _ in range(50)}
    assert position == before
    assert len(winners) > 1  # the copies really were played out, differently


def test_a_finished_hand_cannot_be_played_out():
    state = _random_start(Rules(), 4, seed=1, steps=200)
    assert state.is_over
    with pytest.raises(ValueError, match="over"):
        KernelPosition.from_state(state)


def test_the_differential_deals_reach_every_end_reason():
    """Guards the comparison above against silently never testing an ending.

    An all-empty last trick needs equal-hands with an empty stock (4 × 13), since the
    standard profile's out-at-once leaves a last holder first; the mid-trick end needs a
    standard hand that runs its stock dry.
    """
    endings = set()
    tables = [(rules, players) for rules, players in itertools.product(ALL_RULES, range(3, 7))]
    tables.append((Rules.parse("equal-hands", hand_size=13), 4))
    for rules, players in tables:
        if not deals_to(rules, players):
            continue
        for seed in range(3):
            state, _ = new_hand(rules, players, dealer=0, seed=seed)
            _winner, reason, trace = traced_playout(KernelPosition.from_state(state), random.Random(seed))
            endings.add((reason, trace[-1].winner is None))
    assert endings == {("exhaustion", False), ("last-holder", False), ("last-holder", True), ("last-trick", False)}


def test_greedy_playouts_only_play_legal_cards():
    """The greedy policy chooses differently, never illegally: the engine accepts its every play."""
    for rules, players, seed in itertools.product(ALL_RULES[::2], (3, 4, 6), range(2)):
        if not deals_to(rules, players):
            continue
        state = _random_start(rules, players, seed, steps=seed * 5)
        if state.is_over:
            continue
        winner, reason, trace = traced_playout(KernelPosition.from_state(state), random.Random(seed), "greedy")
        plays_done = len(state.trick)
        for trick in trace:
            if trick.trump_named is not None:
                state, _ = apply(state, ChooseTrump(state.namer, Suit(trick.trump_named)))
            for seat, card in trick.plays[plays_done:]:
                state, _ = apply(state, Play(seat, Card(card)))
            plays_done = 0
        assert (state.winner, state.reason) == (winner, reason)


def test_an_unknown_policy_is_refused():
    state, _ = new_hand(Rules(), 4, dealer=0, seed=3)
    with pytest.raises(ValueError, match="unknown playout policy 'smart'"):
        playout(KernelPosition.from_state(state), random.Random(0), "smart")


@pytest.mark.parametrize(
    "rules",
    [*ALL_RULES, Rules.parse("standard", hand_size=13), Rules.parse("equal-hands+random-trump", hand_size=2)],
    ids=str,
)
def test_the_fast_deal_matches_the_engine_deal(rules):
    rng = random.Random(rules.spec)
    for players in range(3, 7):
        if not deals_to(rules, players):
            continue
        deck = list(range(52))
        rng.shuffle(deck)
        dealer = rng.randrange(players)
        state, _ = deal(rules, players, dealer, [Card(card) for card in deck])
        assert KernelPosition.deal(Game.of(rules, players), dealer, deck) == KernelPosition.from_state(state)


def test_a_rule_set_is_translated_for_the_kernel_once():
    """Every position under equal rules shares one ``KernelRules``, derived on first use."""
    first, _ = new_hand(Rules.parse("equal-hands+draw-per-card"), 4, 0, seed=1)
    second, _ = new_hand(Rules.parse("equal-hands+draw-per-card"), 5, 2, seed=2)
    assert KernelPosition.from_state(first).kernel_rules is KernelPosition.from_state(second).kernel_rules
    assert KernelPosition.from_state(first).kernel_rules == KernelRules(True, False, False, True)
