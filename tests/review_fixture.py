"""Hands played to their end and reviewed, for the tests of the review's lessons and views:
a 3-player hand in which seat 0 plays at random against tips players (seed 9: four decisions,
the third a mistake with the review's default deals), and a two-card position whose lead of
the ace is a mistake whatever the sampling (it gives the trick away and leaves the last card)."""

from __future__ import annotations

import random

from lingerlonger.computer.review import Review, review_hand
from lingerlonger.game.engine import Action, State, apply, from_position, legal_actions
from lingerlonger.game.rules import Rules
from lingerlonger.session.hand import HandModel

#: Few deals: the tests check the wiring and the lessons, not the values (tests/test_review.py does).
DEALS = 12


def random_hand(seed: int = 9, players: int = 3, rules: str = "standard") -> HandModel:
    """A hand against tips players, seat 0 ("Sam") playing a random legal card, to its end
    (seed 2 under grand-coup: Sam names trump at the fourth action)."""
    rng = random.Random(seed)
    hand = HandModel.deal(
        Rules.parse(rules), players=players, you=0, name="Sam", opponents="tips", lang="en", rng=rng
    ).computers_play()
    while not hand.state.is_over:
        played = hand.play(rng.choice(legal_actions(hand.state)))
        assert isinstance(played, HandModel)  # a legal card is never refused
        hand = played.computers_play()
    return hand


def reviewed(hand: HandModel, deals: int = DEALS) -> Review:
    assert hand.start is not None
    return review_hand(hand.start, hand.actions, seat=hand.you, deals=deals)


def ace_lead(high: str = "A♥") -> tuple[State, list[Action]]:
    """A leads the A♥ (or another ``high`` heart: a mistake, the 2♣ keeps the trick and the last
    card), B follows, A ends."""
    start = from_position(
        Rules(), "ABC", dealer="C", leader="A", trump="♥", hands={"A": f"{high} 2♣", "B": "5♣ 6♠", "C": ""}, stock=""
    )
    actions, state = [], start
    while not state.is_over:
        action = state.play(f"A {high}") if not actions else legal_actions(state)[0]
        actions.append(action)
        state, _ = apply(state, action)
    return start, actions
