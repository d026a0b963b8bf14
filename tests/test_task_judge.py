"""The task judge (computer/task_judge.py) on positions whose answers are worked out by hand."""

from __future__ import annotations

import random
import time

import pytest

from lingerlonger.computer.players import PLAYER_KINDS, make_player
from lingerlonger.computer.task_judge import DETERMINISTIC_KINDS, TaskError, TaskGoal, Verdict, judge, right_answers
from lingerlonger.game.cards import parse_card
from lingerlonger.game.engine import apply, from_position, new_hand
from lingerlonger.game.rules import Rules
from lingerlonger.game.seat_view import view


def played(state, *plays):
    """The state after ``plays`` ("A K♣"), and the events of the last one."""
    events = []
    for text in plays:
        state, events = apply(state, state.play(text))
    return state, events


def clubs_led(c_hand="Q♣ 5♠", stock="9♦ 4♠", rules="standard", b_hand="3♣ A♣ 2♥"):
    """Hearts trump; A has led K♣; B is to play."""
    state = from_position(
        Rules.parse(rules),
        "ABC",
        dealer="C",
        leader="A",
        trump="♥",
        hands={"A": "K♣ 7♦", "B": b_hand, "C": c_hand},
        stock=stock,
    )
    return played(state, "A K♣")[0]


def by_answer(verdicts):
    return {verdict.answer: verdict for verdict in verdicts}


def test_win_trick_needs_the_ace_and_an_illegal_card_is_wrong_by_rule_8():
    verdicts = by_answer(judge(clubs_led(), "B", TaskGoal.WIN_TRICK))
    assert list(verdicts) == ["3♣", "A♣", "2♥"]  # every card of the hand, illegal ones too
    assert verdicts["A♣"] == Verdict("A♣", True, 9, ())
    assert verdicts["3♣"] == Verdict("3♣", False, 9, ("B 3♣", "C Q♣"))  # C must follow: A's king wins
    assert verdicts["2♥"] == Verdict("2♥", False, 8, ())  # B holds clubs: rule 8


def test_win_trick_is_wrong_when_some_continuation_beats_it():
    # C is void in clubs and may trump: the ace wins only if C does not; so no card is right.
    verdicts = by_answer(judge(clubs_led(c_hand="5♥ 5♠"), "B", "win-trick"))
    assert right_answers(verdicts.values()) == ()
    assert verdicts["A♣"].line == ("B A♣", "C 5♥")  # the refutation: C trumps
    assert verdicts["A♣"].rule == 9


def test_lose_trick_and_legal():
    verdicts = by_answer(judge(clubs_led(), "B", TaskGoal.LOSE_TRICK))
    assert right_answers(verdicts.values()) == ("3♣",)
    assert verdicts["A♣"].line == ("B A♣", "C Q♣")
    assert right_answers(judge(clubs_led(), "B", TaskGoal.LEGAL)) == ("3♣", "A♣")


def test_stay_in_with_a_last_card_means_winning_and_drawing():
    assert right_answers(judge(clubs_led(b_hand="A♣"), "B", TaskGoal.STAY_IN)) == ("A♣",)
    # C may trump: then B draws nothing and goes out after the trick (rule 12).
    [verdict] = judge(clubs_led(b_hand="A♣", c_hand="5♥ 5♠"), "B", TaskGoal.STAY_IN)
    assert verdict == Verdict("A♣", False, 12, ("B A♣", "C 5♥"))


def test_stay_in_fails_at_once_when_the_last_card_is_played_on_an_empty_stock():
    # Standard rules, empty stock: B's last card puts B out at once, even if it wins (rule 13).
    [verdict] = judge(clubs_led(b_hand="A♣", stock=""), "B", TaskGoal.STAY_IN)
    assert verdict == Verdict("A♣", False, 13, ("B A♣", "C Q♣"))


def test_stay_in_counts_the_last_holder_of_a_hand_that_ends():
    # Empty stock: A's K♣ was A's last card (out at once); C then plays its last card and the
    # hand ends with B, the seat of the task, holding cards: B stays in (and wins the hand).
    state = from_position(Rules(), "ABC", dealer="C", leader="A", trump="♥", hands={"A": "K♣", "B": "3♣ A♣", "C": "Q♣"})
    state, _ = played(state, "A K♣")
    assert right_answers(judge(state, "B", TaskGoal.STAY_IN)) == ("3♣", "A♣")


def two_left():
    """Standard rules, empty stock, no trump in play: whoever plays their last card first is out at once."""
    return from_position(Rules(), "ABC", dealer="B", leader="A", trump="♥", hands={"A": "A♠ 2♣", "B": "K♠ 3♣"})


def test_win_hand_is_an_exact_search_against_a_deterministic_kind():
    verdicts = by_answer(judge(two_left(), "A", TaskGoal.WIN_HAND, against="tips"))
    # Leading 2♣ loses the trick; B must then lead its last card and is out at once: the end in
    # the middle of a trick decides (rule 13), not the general end of a hand (rule 15).
    assert verdicts["2♣"] == Verdict("2♣", True, 13, ())
    # Leading A♠ wins it, and A must then lead its own last card.
    assert verdicts["A♠"] == Verdict("A♠", False, 13, ("A A♠", "B K♠", "A 2♣"))


@pytest.mark.parametrize("against", [None, "random", "expert", "nobody"])
def test_win_hand_refuses_a_kind_that_is_missing_or_not_deterministic(against):
    with pytest.raises(TaskError) as refused:
        judge(two_left(), "A", TaskGoal.WIN_HAND, against=against)
    assert refused.value.code == ("task.against-missing" if against is None else "task.against-unknown")


def test_the_deterministic_kinds_play_the_same_card_whatever_their_seed():
    assert set(DETERMINISTIC_KINDS) <= set(PLAYER_KINDS)
    for seed in range(20):
        state, _ = new_hand(Rules(), 4, dealer=3, seed=seed)
        while not state.is_over:
            seat = state.to_act
            seen = view(state, seat)
            actions = {make_player(kind, seed=other).act(seen) for kind in DETERMINISTIC_KINDS for other in (0, 1, 7)}
            assert len(actions) == 1
            state, _ = apply(state, actions.pop())


def test_win_hand_on_a_dealt_hand_is_fast():
    state, _ = new_hand(Rules.parse("equal-hands"), 4, dealer=3, seed=5)
    start = time.perf_counter()
    judge(state, state.to_act, TaskGoal.WIN_HAND, against="tips")
    assert time.perf_counter() - start < 5


def test_the_seat_must_be_the_one_to_act():
    with pytest.raises(TaskError) as refused:
        judge(clubs_led(), "C", TaskGoal.LEGAL)
    assert refused.value.code == "task.not-to-act"


def test_an_illegal_trump_lead_is_wrong_by_rule_28():
    rules = Rules.parse("standard+trump-lead")
    state = next(
        state
        for seed in range(100)
        for state in [new_hand(rules, 4, dealer=3, seed=seed)[0]]
        if 0 < sum(card.suit == state.trump for card in state.hands[state.to_act]) < 4
    )
    verdicts = judge(state, state.to_act, TaskGoal.LEGAL)
    assert {verdict.rule for verdict in verdicts if not verdict.right} == {28}
    assert all(verdict.right is (parse_card(verdict.answer).suit == state.trump) for verdict in verdicts)


def test_trick_winner_out_and_drawn_name_seats():
    # The K♣ trick: B takes it with A♣ and draws; C had only Q♣ left and goes out after it.
    state = clubs_led(c_hand="Q♣")
    state, events = played(state, "B A♣", "C Q♣")
    assert right_answers(judge(state, "A", TaskGoal.TRICK_WINNER)) == ("B",)
    out = judge(state, "A", TaskGoal.OUT)
    assert [verdict.answer for verdict in out] == ["A", "B", "C"] and right_answers(out) == ("C",)
    assert {verdict.rule for verdict in out} == {12}
    assert right_answers(judge(state, "A", TaskGoal.DRAWN, events=events)) == ("B",)
    with pytest.raises(TaskError):
        judge(state, "A", TaskGoal.DRAWN)  # who drew is in the events, not in the state


def test_nobody_drew_from_an_empty_stock_and_nobody_went_out():
    state, events = played(clubs_led(stock=""), "B A♣", "C Q♣")
    assert right_answers(judge(state, "A", TaskGoal.DRAWN, events=events)) == ()
    assert right_answers(judge(state, "A", TaskGoal.OUT)) == ()


def test_name_trump_takes_the_authors_suits_and_choice_the_authors_indices():
    rules = Rules.parse("standard+grand-coup")
    state = from_position(rules, "ABC", dealer="B", leader="A", trump=None, hands={"A": "A♠ 2♣", "B": "K♠ 3♣"})
    state, _ = played(state, "A A♠", "B K♠")
    verdicts = judge(state, "A", TaskGoal.NAME_TRUMP, accept=["♣"])
    assert [verdict.answer for verdict in verdicts] == ["♠", "♥", "♦", "♣"]
    assert right_answers(verdicts) == ("♣",) and {verdict.rule for verdict in verdicts} == {25}
    with pytest.raises(TaskError):
        judge(state, "B", TaskGoal.NAME_TRUMP, accept=["♣"])  # A names trump, not B
    choices = judge(state, "A", TaskGoal.CHOICE, choices=["one", "two", "three"], accept=[1, 2])
    assert right_answers(choices) == ("1", "2")


def test_a_random_position_is_judged_the_same_twice():
    rng = random.Random(3)
    state, _ = new_hand(Rules(), 3, dealer=2, seed=rng)
    assert judge(state, state.to_act, "win-trick") == judge(state, state.to_act, "win-trick")


# --- the rule named is the most specific one that decides the answer ------------------------


def rules_named(verdicts):
    return {verdict.answer: verdict.rule for verdict in verdicts}


def test_a_first_lead_is_free_by_rule_7_and_a_later_lead_or_follow_by_rule_8():
    first = from_position(Rules(), "ABC", dealer="B", leader="A", trump="♥", hands={"A": "A♠ 2♣", "B": "K♠ 3♣"})
    assert rules_named(judge(first, "A", TaskGoal.LEGAL)) == {"A♠": 7, "2♣": 7}
    assert set(rules_named(judge(clubs_led(), "B", TaskGoal.LEGAL)).values()) == {8}


def test_every_first_lead_under_trump_lead_is_decided_by_rule_28():
    rules = Rules.parse("standard+trump-lead")
    state = next(
        state
        for seed in range(100)
        for state in [new_hand(rules, 4, dealer=3, seed=seed)[0]]
        if 0 < sum(card.suit == state.trump for card in state.hands[state.to_act]) < 4
    )
    assert set(rules_named(judge(state, state.to_act, TaskGoal.LEGAL)).values()) == {28}


def test_a_trick_under_no_trump_is_decided_by_rule_23():
    state = from_position(
        Rules.parse("standard+no-trump"),
        "ABC",
        dealer="C",
        leader="A",
        trump=None,
        hands={"A": "K♣ 7♦", "B": "3♣ A♣ 2♥", "C": "Q♣ 5♠"},
        stock="9♦ 4♠",
    )
    state, _ = played(state, "A K♣")
    assert rules_named(judge(state, "B", TaskGoal.WIN_TRICK)) == {"3♣": 23, "A♣": 23, "2♥": 8}
    state, _ = played(state, "B A♣", "C Q♣")
    assert set(rules_named(judge(state, "A", TaskGoal.TRICK_WINNER)).values()) == {23}


def test_the_first_trick_of_grand_coup_is_decided_by_rule_25_and_later_ones_by_rule_9():
    rules = Rules.parse("standard+grand-coup")
    state = from_position(
        rules,
        "ABC",
        dealer="C",
        leader="A",
        trump=None,
        hands={"A": "K♣ 7♦", "B": "3♣ A♣", "C": "Q♣ 5♥"},
        stock="9♦ 4♠",
    )
    state, _ = played(state, "A K♣")
    assert rules_named(judge(state, "B", TaskGoal.WIN_TRICK)) == {"3♣": 25, "A♣": 25}
    state, _ = played(state, "B A♣", "C Q♣")
    assert set(rules_named(judge(state, "A", TaskGoal.TRICK_WINNER)).values()) == {25}  # B names trump next
    state, _ = apply(state, state.choose("B ♦"))
    state, _ = played(state, "B 3♣", "C 5♥", "A 7♦")
    assert set(rules_named(judge(state, "A", TaskGoal.TRICK_WINNER)).values()) == {9}  # diamonds are trump now


def test_instant_elimination_decides_who_draws_and_who_is_out_by_rule_27():
    # B wins the trick with its last card: out at once, so nobody draws though the stock holds cards.
    rules = Rules.parse("equal-hands+instant-elimination")
    state = from_position(
        rules, "ABC", dealer="C", leader="A", trump="♥", hands={"A": "K♣ 7♦", "B": "A♣", "C": "Q♣ 5♠"}, stock="9♦ 4♠"
    )
    assert rules_named(judge(played(state, "A K♣")[0], "B", TaskGoal.STAY_IN)) == {"A♣": 27}
    state, events = played(state, "A K♣", "B A♣", "C Q♣")
    drawn = judge(state, "A", TaskGoal.DRAWN, events=events)
    assert right_answers(drawn) == () and set(rules_named(drawn).values()) == {27}
    out = judge(state, "A", TaskGoal.OUT)
    assert right_answers(out) == ("B",) and set(rules_named(out).values()) == {27}


def test_the_end_in_the_middle_of_a_trick_is_decided_by_rule_13():
    # Standard, empty stock: whoever plays a last card is out at once; A leads its last card and
    # B, left the only holder, wins at once (the trick is abandoned, ruling 14).
    state = from_position(Rules(), "ABC", dealer="B", leader="A", trump="♥", hands={"A": "A♣", "B": "K♣ 3♦"})
    assert rules_named(judge(state, "A", TaskGoal.WIN_TRICK)) == {"A♣": 13}
    assert rules_named(judge(state, "A", TaskGoal.STAY_IN)) == {"A♣": 13}


def test_a_hand_won_or_lost_by_exhaustion_names_rule_20_either_way():
    # Equal hands, one card in the stock: whoever wins this trick draws it and wins the hand.
    state = from_position(
        Rules.parse("equal-hands"),
        "ABC",
        dealer="B",
        leader="A",
        trump="♥",
        hands={"A": "A♠ 2♣", "B": "K♠ 3♣"},
        stock="9♦",
    )
    verdicts = by_answer(judge(state, "A", TaskGoal.WIN_HAND, against="tips"))
    assert (verdicts["A♠"].right, verdicts["A♠"].rule) == (True, 20)
    assert (verdicts["2♣"].right, verdicts["2♣"].rule) == (False, 20)


@pytest.mark.parametrize("goal", [TaskGoal.OUT, TaskGoal.TRICK_WINNER, TaskGoal.DRAWN])
def test_a_question_about_the_trick_just_played_is_refused_while_a_trick_is_being_played(goal):
    # Issue 39: out with accept: [] passed here, though no trick had been completed.
    with pytest.raises(TaskError) as refused:
        judge(clubs_led(), "B", goal)
    assert refused.value.code == "task.no-trick"
    # The same after a trick completed, once the next one is led.
    state, _ = played(clubs_led(c_hand="Q♣ 5♠"), "B A♣", "C Q♣", "B 3♣")
    with pytest.raises(TaskError) as refused:
        judge(state, "C", goal)
    assert refused.value.code == "task.no-trick"
