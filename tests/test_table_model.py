"""The family table as values (lingerlonger/session/family_table.py): people at one screen behind a
pass screen, computers in the other seats, a match scored by ``match`` (rules 18, 19, 21).

Expected values come from the rules (the lowest cut deals, the deal passes clockwise,
the first to 3 or 5 hands wins) and from which seats are people; none is copied from a run.
"""

from __future__ import annotations

import random

import pytest

from lingerlonger.game.cards import Card
from lingerlonger.game.engine import ChooseTrump, Play, apply, legal_cards
from lingerlonger.game.match import hand_chips
from lingerlonger.game.rules import Rules
from lingerlonger.session.family_table import PERSON, TableModel
from lingerlonger.session.stepping import Refused
from lingerlonger.views.table_html import card_label, table_html

NAMES = ("Ana", "Bruno", "Carla", "Dani")
TWO_PEOPLE = (PERSON, "random", PERSON, "random")


def start(rules: str = "standard", kinds=TWO_PEOPLE, seed: int = 1, chips=None) -> TableModel:
    return TableModel.start(
        Rules.parse(rules), NAMES[: len(kinds)], kinds, chips=chips, rng=random.Random(seed)
    ).computers_play()


def first_choice(table: TableModel):
    seat, state = table.person_to_act, table.state
    if state.namer == seat:
        return ChooseTrump(seat, next(iter(sorted({card.suit for card in state.hands[seat]}))))
    return Play(seat, legal_cards(state)[0])


def play_hand(table: TableModel, seen: list | None = None) -> TableModel:
    """Play the hand in progress to its end, each person taking the device in turn."""
    table = table.computers_play()
    for _ in range(400):
        if table.state.is_over:
            return table
        assert table.person_to_act is not None  # the computers paused at a person
        if table.hidden:
            table = table.reveal()
        if seen is not None:
            seen.append(table)
        table = table.play(first_choice(table)).computers_play()
    raise AssertionError("the hand did not end")


def cards_drawn(table: TableModel) -> str:
    """The table as the screen shows it now."""
    return table_html(table.state, seat=table.viewer, hidden=table.hidden, last_trick=table.last_trick)


@pytest.mark.parametrize("seed", range(6))
def test_the_computers_pause_at_every_persons_turn(seed):
    table = start(seed=seed)
    seen = []
    table = play_hand(table, seen)
    assert seen and all(step.state.to_act in (0, 2) for step in seen)
    assert table.state.is_over and table.results[-1].winner == table.state.winner


def test_a_new_hand_begins_behind_the_pass_screen_and_nobodys_cards_show():
    table = start(seed=4)
    assert table.hidden and table.person_to_act in (0, 2)
    assert not any(table.face_up(seat) for seat in range(4))
    drawn = cards_drawn(table)
    for seat in range(4):
        for card in table.state.hands[seat]:
            if card != table.state.trump_card:  # the trump card is public where it lies
                assert card_label(card) not in drawn, (seat, card)


def test_only_the_person_who_taps_sees_their_cards():
    table = start(seed=2).reveal()
    me = table.person_to_act
    other = 2 if me == 0 else 0
    assert not table.hidden and table.holder == me
    assert table.face_up(me) and not table.face_up(other)
    drawn = cards_drawn(table)
    assert all(card_label(card) in drawn for card in table.state.hands[me])
    assert not any(card_label(card) in drawn for card in table.state.hands[other] if card != table.state.trump_card)


def test_the_pass_screen_comes_up_whenever_the_other_person_is_to_play():
    table = start(seed=3)
    for _ in range(200):
        if table.state.is_over:
            break
        before = table.holder
        if table.hidden:
            assert table.person_to_act != before  # a new person takes the device
            table = table.reveal()
        else:
            assert table.person_to_act == before  # the same person still holds it
        table = table.play(first_choice(table)).computers_play()
    assert table.state.is_over and not table.hidden


def test_nobody_plays_behind_the_pass_screen_or_out_of_turn():
    table = start(seed=5)
    assert table.hidden
    assert table.play(first_choice(table.reveal())) is table  # not revealed yet
    shown = table.reveal()
    other = 2 if shown.person_to_act == 0 else 0
    card = shown.state.hands[other][0]
    assert shown.play(Play(other, card)) is shown


def test_an_illegal_card_is_refused_and_the_table_stays():
    for seed in range(40):
        table = start(seed=seed).reveal()
        state, me = table.state, table.person_to_act
        illegal = [card for card in state.hands[me] if card not in legal_cards(state)]
        if state.namer is None and illegal:
            assert isinstance(table.play(Play(me, illegal[0])), Refused)
            return
    pytest.fail("no seed gave a person a card they may not play")


def test_the_cut_chooses_the_first_dealer_under_the_standard_rules():
    table = start(seed=8)
    last = table.cuts[-1]
    lowest = min(card.rank for _, card in last)
    assert [seat for seat, card in last if card.rank == lowest] == [table.first]
    assert table.state.dealer == table.first
    assert all(isinstance(card, Card) for cuts in table.cuts for _, card in cuts)


def test_equal_hands_draws_the_first_dealer_by_lot_with_no_cut():
    table = start("equal-hands", seed=8)
    assert table.cuts == () and table.state.dealer == table.first


def test_a_match_to_three_passes_the_deal_clockwise_and_has_a_winner():
    table, rng = start(seed=11), random.Random(0)
    dealers = []
    for _ in range(40):
        table = play_hand(table)
        dealers.append(table.state.dealer)
        if table.is_over:
            break
        assert table.next_hand(rng) is not table
        table = table.next_hand(rng)
    assert dealers == [(table.first + i) % 4 for i in range(len(dealers))]
    points = table.match.points
    assert max(points) == 3 and points.count(3) == 1 and sum(points) == len(dealers)
    assert table.match.winner == points.index(3)
    assert table.next_hand(rng) is table  # a won match deals no more


def test_match_to_5_plays_until_five_hands_are_won():
    table, rng = start("standard+match-to-5", seed=12), random.Random(1)
    while True:
        table = play_hand(table)
        if table.is_over:
            break
        table = table.next_hand(rng)
    assert max(table.match.points) == 5


@pytest.mark.parametrize("option", ["per-trick", "per-opponent"])
def test_chips_are_the_match_modules_chips_for_each_hand(option):
    table = play_hand(start(seed=13, chips=option))
    assert table.results[-1].chips == hand_chips(table.state, option)
    assert sum(table.match.chips) == 0 and table.match.chips[table.state.winner] > 0


def test_no_deal_until_the_hand_is_over():
    table = start(seed=3)
    assert table.next_hand(random.Random(0)) is table


def test_a_table_of_people_only_stops_at_each_and_one_person_keeps_the_device():
    everyone = start(kinds=(PERSON, PERSON, PERSON), seed=2)
    assert everyone.hidden and everyone.person_to_act == everyone.state.to_act
    alone = play_hand(start(kinds=(PERSON, "tips", "tips"), seed=2).reveal())
    assert alone.state.is_over


def test_the_public_account_tells_the_plays_and_never_a_card_drawn():
    table = start(seed=6).reveal()
    table = table.play(first_choice(table)).computers_play()
    kinds = {type(event).__name__ for event in table.public_told}
    assert "Drew" not in kinds and "Dealt" not in kinds


def test_bad_settings_are_refused():
    with pytest.raises(ValueError):
        TableModel.start(Rules(), NAMES[:3], TWO_PEOPLE, rng=random.Random(0))
    with pytest.raises(ValueError):
        start(chips="per-card")


def test_the_hand_as_dealt_and_its_actions_replay_to_the_hand_played():
    table, rng = play_hand(start(seed=14)), random.Random(2)
    for _ in range(2):
        state = table.dealt
        assert not state.history and all(len(hand) for hand in state.hands)
        for action in table.actions:
            state, _ = apply(state, action)
        assert state == table.state and state.is_over
        table = play_hand(table.next_hand(rng))


def replays_to(dealt, actions):
    state = dealt
    for action in actions:
        state, _ = apply(state, action)
    return state


def test_every_hand_over_is_kept_as_dealt_and_the_hand_in_play_is_not():
    table, rng = start(seed=15), random.Random(3)
    for number in range(1, 4):
        assert len(table.played) == number - 1 == len(table.results)  # in play: not kept
        assert all(dealt is not table.dealt for dealt, _ in table.played)
        table = play_hand(table)
        assert len(table.played) == number == len(table.results)
        dealt, actions = table.played[-1]
        assert dealt is table.dealt and actions == table.actions
        if table.is_over:
            break
        table = table.next_hand(rng)
    for (dealt, actions), result in zip(table.played, table.results, strict=True):
        end = replays_to(dealt, actions)
        assert end.is_over and end.winner == result.winner and end.dealer == result.dealer


@pytest.mark.parametrize("kinds", [TWO_PEOPLE, (PERSON, "tips", "tips", "random")])
def test_while_the_computers_play_no_hand_is_face_up_but_a_lone_persons(kinds):
    """One card at a time (``turns``): the person who just played may already have passed
    the device, so every hand is face down until the next person taps; a person alone at
    the table keeps their own cards in view."""
    table, waits = start(kinds=kinds, seed=16), 0
    alone = len(table.humans) == 1
    for _ in range(400):
        if table.state.is_over:
            break
        if table.hidden:
            table = table.reveal()
        me = table.person_to_act
        table = table.play(first_choice(table))
        for step in [table, *table.turns()]:
            if step.waiting:
                waits += 1
                assert step.viewer == (me if alone else None) and step.hidden is not alone
                assert [seat for seat in range(4) if step.face_up(seat)] == ([me] if alone else [])
            table = step
    assert table.state.is_over and waits > 0
