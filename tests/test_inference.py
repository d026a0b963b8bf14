"""What a seat can infer: sampled worlds agree with what the seat knows, draw counts and
shown voids hold in the real hands, and the sensible limits hold against sensible play."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from lingerlonger.computer.inference import draws_per_trick, hand_limits, sample_world, void_caps
from lingerlonger.computer.players import TipsPlayer
from lingerlonger.game.cards import SUIT_OF, Suit
from lingerlonger.game.declared import HAND_RULE_SETS as ALL_RULES
from lingerlonger.game.declared import Game, SetupError
from lingerlonger.game.engine import apply, from_position, legal_actions, new_hand
from lingerlonger.game.events import Drew
from lingerlonger.game.rules import Rules
from lingerlonger.game.seat_view import view


def _played_hands(players=(3, 4, 6), seeds=range(1)):
    """(rules, every state of a random hand with the Drew counts of each trick so far)."""
    for rules, n, seed in itertools.product(ALL_RULES, players, seeds):
        try:
            Game.of(rules, n)
        except SetupError:
            continue
        rng = random.Random(seed)
        state, _ = new_hand(rules, n, dealer=seed % n, seed=rng)
        draws: list[int] = []
        while not state.is_over:
            yield state, list(draws)
            tricks = len(state.history)
            state, events = apply(state, rng.choice(legal_actions(state)))
            if len(state.history) > tricks:
                draws.append(sum(len(e.cards) for e in events if isinstance(e, Drew)))


def test_a_sampled_world_looks_the_same_from_the_seat():
    rng = random.Random(0)
    checked = 0
    for state, _ in _played_hands(players=(3, 5)):
        seat = state.to_act if rng.random() < 0.5 else rng.randrange(len(state.players))
        known = view(state, seat)
        assert view(sample_world(known, rng), seat) == known
        checked += 1
    assert checked > 1000


def test_draw_counts_are_exact_for_dealt_hands():
    for state, draws in _played_hands():
        assert draws_per_trick(view(state, 0)) == draws


def test_shown_voids_hold_in_the_real_hands():
    """Soundness: what void_caps allows always includes the truth."""
    for state, _ in _played_hands(players=(4, 6)):
        caps = void_caps(view(state, 0))
        for seat, suit in itertools.product(range(len(state.players)), range(4)):
            if caps[seat][suit] is not None:
                assert sum(SUIT_OF[card] == suit for card in state.hands[seat]) <= caps[seat][suit]


def test_sampled_hands_respect_shown_voids_and_known_cards():
    rng = random.Random(3)
    constrained = 0
    for state, _ in _played_hands(players=(4,), seeds=range(1)):
        known = view(state, state.to_act)
        caps = void_caps(known)
        world = sample_world(known, rng)
        for seat, suit in itertools.product(range(4), range(4)):
            if seat != known.seat and caps[seat][suit] is not None:
                constrained += 1
                assert sum(SUIT_OF[card] == suit for card in world.hands[seat]) <= caps[seat][suit]
        for holder, card in known.known:
            assert card in world.hands[holder]
    assert constrained > 50


def test_the_dealer_keeps_the_revealed_trump_card_in_every_sample():
    state, _ = new_hand(Rules(), 4, dealer=2, seed=4)
    known = view(state, 0)
    rng = random.Random(1)
    samples = [sample_world(known, rng) for _ in range(30)]
    assert all(state.trump_card in world.hands[2] for world in samples)
    # ... while the rest of the hidden cards do move around between samples.
    assert len({world.hands[1] for world in samples}) > 20


def test_an_inconsistent_view_is_refused():
    state, _ = new_hand(Rules(), 4, dealer=0, seed=1)
    impossible = replace(view(state, 0), stock_size=60)
    with pytest.raises(ValueError, match="inconsistent"):
        sample_world(impossible, random.Random(0))


def test_sensible_limits_hold_when_the_others_play_the_tips():
    """The tips follow suit with the cheapest winning card or their lowest: what hand_limits assumes."""
    tips, checked = TipsPlayer(), 0
    for seed in range(60):
        rules = Rules.parse(["standard", "equal-hands+draw-per-card", "standard+no-trump"][seed % 3])
        state, _ = new_hand(rules, 4, dealer=seed % 4, seed=seed)
        while not state.is_over:
            limits = hand_limits(view(state, 0), sensible=True)
            for seat, seat_limits in enumerate(limits):
                for (low, high), cap in seat_limits.items():
                    assert sum(low <= card < high for card in state.hands[seat]) <= cap
                    checked += 1
            state, _ = apply(state, tips.act(view(state, state.to_act)))
    assert checked > 2000


def test_a_sensible_follower_who_stayed_low_holds_nothing_higher():
    state = from_position(
        Rules(),
        "ABCD",
        dealer="D",
        leader="A",
        trump="♥",
        hands={"A": "9♣ 2♠", "B": "3♣ 5♦", "C": "4♣ 6♠", "D": "7♣ 8♠"},
        stock="",
    )
    for play in ["A 9♣", "B 3♣"]:
        state, _ = apply(state, state.play(play))
    clubs = Suit.CLUBS * 13
    assert hand_limits(view(state, 2), sensible=True)[1] == {(clubs + 8, clubs + 13): 0}
    assert hand_limits(view(state, 2))[1] == {}
    world = sample_world(view(state, 2), random.Random(0), sensible=True)
    assert view(world, 2) == view(state, 2)
