"""The review's verdicts, on positions whose values are known by exhaustive search.

Each position: 3 players, C already out, the stock empty, hearts trump, A to lead with two
cards and B holding two. Whoever wins the first trick must lead their last card and goes out
at once, so A wants to *lose* it. A cannot see B's hand: every pair of the 50 cards A does not
hold is a deal A cannot tell from the real one, and the exact chance of each card is its share
of those 1,225 deals won when the hand is played on by tips players (``exhaustive``).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from functools import cache

from lingerlonger.computer.coach import winner_after
from lingerlonger.computer.players import make_player
from lingerlonger.computer.review import ActionValue, Chance, Review, review_decision, review_hand, verdict
from lingerlonger.game.cards import CARDS
from lingerlonger.game.engine import Play, State, from_position, new_hand
from lingerlonger.game.play_loop import play_out
from lingerlonger.game.rules import Rules
from lingerlonger.game.seat_view import view

RNG = random.Random(0)  # tips players draw nothing from it


def position(a: str, b: str) -> State:
    return from_position(Rules(), "ABC", dealer="C", leader="A", trump="♥", hands={"A": a, "B": b, "C": ""}, stock="")


@cache
def exhaustive(a: str) -> dict[str, Chance]:
    """A's exact chance with each card, over every hand B may hold (B's real hand does not matter)."""
    state = position(a, "2♦ 3♦")
    unseen = [card for card in CARDS if card not in state.hands[0]]
    deals = [dataclasses.replace(state, hands=(state.hands[0], pair, ())) for pair in itertools.combinations(unseen, 2)]
    return {
        str(card): Chance(sum(winner_after(deal, Play(0, card), RNG, "tips") == 0 for deal in deals), len(deals))
        for card in view(state, 0).legal
    }


FACE_UP_DEALS = 40


def face_up(state: State, card: str) -> Chance:
    """With B's hand face up (and no stock to shuffle) a card's outcome is certain: every one
    of the review's deals gives it."""
    return Chance(FACE_UP_DEALS * (winner_after(state, state.play(f"A {card}"), RNG, "tips") == 0), FACE_UP_DEALS)


def values(a: str, b: str) -> list[ActionValue]:
    state = position(a, b)
    known = exhaustive(a)
    return [ActionValue(state.play(f"A {card}"), chance, face_up(state, card)) for card, chance in known.items()]


def value_of(values: list[ActionValue], card: str) -> ActionValue:
    return next(value for value in values if str(value.card) == card)


def test_the_exhaustive_values_are_what_the_positions_say():
    # B takes the 2♣ with any club or trump: 50 cards, 11 clubs and 12 hearts among them
    assert exhaustive("2♣ K♦")["2♣"].wins == 1225 - 300  # 300 = C(25, 2) hands without either
    assert exhaustive("2♣ K♦")["2♣"].rate > exhaustive("2♣ K♦")["K♦"].rate + 0.15
    gap = exhaustive("2♣ 5♦")["2♣"].rate - exhaustive("2♣ 5♦")["5♦"].rate
    assert 0.05 <= gap < 0.15


def test_a_card_that_throws_away_most_of_the_chance_is_a_mistake():
    cards = values("2♣ K♦", "5♣ 6♠")
    assert verdict(value_of(cards, "K♦"), cards) == "mistake"
    assert verdict(value_of(cards, "2♣"), cards) == "good"


def test_a_smaller_loss_the_intervals_separate_is_an_inaccuracy():
    cards = values("2♣ 5♦", "6♣ 7♠")
    assert verdict(value_of(cards, "5♦"), cards) == "inaccuracy"


def test_the_same_loss_measured_on_few_deals_is_too_close_to_call():
    few = [
        dataclasses.replace(value, known=Chance(round(value.known.rate * 20), 20)) for value in values("2♣ 5♦", "6♣ 7♠")
    ]
    assert verdict(value_of(few, "5♦"), few) == "close"


def test_the_best_card_on_what_could_be_known_can_still_be_unlucky():
    # B held A♦ and no club or trump: the 2♣ wins the trick after all, the K♦ would have lost it
    unlucky = values("2♣ K♦", "A♦ 5♠")
    assert value_of(unlucky, "2♣").known.rate > value_of(unlucky, "K♦").known.rate
    assert verdict(value_of(unlucky, "2♣"), unlucky) == "unlucky"
    lucky = values("2♣ K♦", "5♣ 6♠")
    assert verdict(value_of(lucky, "2♣"), lucky) == "good"


def test_a_review_samples_values_close_to_the_exhaustive_ones():
    state = position("2♣ K♦", "A♦ 5♠")
    moment = review_decision(state, state.play("A 2♣"), deals=60, seed=3)
    assert moment.verdict == "unlucky"
    assert [str(value.card) for value in moment.values] == ["2♣", "K♦"]
    for value in moment.values:
        low, high = value.known.interval
        assert low <= exhaustive("2♣ K♦")[str(value.card)].rate <= high
        assert value.face_up.rate == face_up(state, str(value.card)).rate
    assert review_decision(state, state.play("A 2♣"), deals=60, seed=3) == moment


def test_a_whole_hand_is_reviewed_decision_by_decision_with_a_summary():
    start, _ = new_hand(Rules(), 4, dealer=3, seed=8)
    actions = [turn.action for turn in play_out(start, [make_player("tips") for _ in range(4)])]
    reported = []
    review = review_hand(start, actions, seat=0, deals=6, progress=lambda done, total: reported.append((done, total)))
    assert isinstance(review, Review) and review.moments
    assert [moment.played.seat for moment in review.moments] == [0] * len(review.moments)
    assert all(moment.view.hand == moment.state.hands[0] for moment in review.moments)
    assert all(len(moment.values) > 1 for moment in review.moments)  # forced cards are no decision
    assert reported == [(done, len(review.moments)) for done in range(1, len(review.moments) + 1)]
    assert sum(review.counts.values()) == len(review.moments)
    assert len(review.biggest()) <= 3
    sizes = [moment.size for moment in review.biggest()]
    assert sizes == sorted(sizes, reverse=True)


def test_the_summary_counts_every_verdict_and_ranks_the_costliest_moments():
    state = position("A♥ 2♣", "5♣ 6♠")
    mistake = review_decision(state, state.play("A A♥"), deals=20, step=0)
    good = review_decision(state, state.play("A 2♣"), deals=20, step=0)
    review = Review(0, (good, mistake))
    assert review.counts == {"good": 1, "inaccuracy": 0, "mistake": 1, "unlucky": 0, "close": 0}
    assert review.biggest() == (mistake,)
    assert [str(value.card) for value in mistake.acceptable] == ["2♣"]  # the exercise's answer


def test_a_review_keeps_to_its_time_budget_with_at_least_one_deal_a_card():
    start, _ = new_hand(Rules(), 4, dealer=3, seed=8)
    actions = [turn.action for turn in play_out(start, [make_player("tips") for _ in range(4)])]
    review = review_hand(start, actions, seat=0, deals=1000, budget_s=0.0)
    assert review.moments
    assert {value.known.deals for moment in review.moments for value in moment.values} == {1}
