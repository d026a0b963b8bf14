"""Recorded games: whole hands in the deal form that the checker accepts again."""

from __future__ import annotations

import pytest
from golden_data import RECORDED

from lingerlonger.computer.players import PLAYER_KINDS
from lingerlonger.game.engine import ChooseTrump, Play, deal
from lingerlonger.game.rules import Rules
from lingerlonger.scenario import load
from lingerlonger.scenario.recording import record_hand, simulate
from lingerlonger.scenario.replay import check, replay
from lingerlonger.scenario.writer import dump

RULE_SETS = [
    "standard",
    "equal-hands",
    "standard+draw-per-card",
    "standard+no-trump",
    "standard+random-trump",
    "standard+grand-coup",
    "standard+long-hand",
    "standard+instant-elimination",
    "equal-hands+trump-lead",
    "equal-hands+draw-per-card+no-trump",
]


@pytest.mark.parametrize("spec", RULE_SETS)
def test_every_recorded_hand_checks_again(spec):
    for players in range(3, 7):
        for hand in simulate(Rules.parse(spec), players, seed=players, games=3):
            assert check(hand) == []


def test_a_recorded_hand_is_complete():
    for hand in simulate(Rules.parse("standard+grand-coup"), 4, seed=5, games=10):
        run = replay(hand)
        tricks = len(run.final.history)
        expects = [step.expect for step in hand.steps if step.kind == "expect"]
        # one expect per trick, each with the three keys book/scenario-format.md names
        assert len(expects) == tricks
        assert all(expect.given == {"trick_winner", "drawn", "out"} for expect in expects)
        assert sum(step.kind == "play" for step in hand.steps) == sum(len(trick.plays) for trick in run.final.history)
        assert sum(step.kind == "choose_trump" for step in hand.steps) == 1
        assert run.final.is_over and hand.result.given == {"winner", "reason"}
        assert hand.is_deal and len(hand.deck) == 52 and hand.players == ("P1", "P2", "P3", "P4")


def test_the_same_seed_records_the_same_hands():
    rules = Rules.parse("equal-hands+draw-per-card")
    first = list(simulate(rules, 5, seed=42, games=4))
    assert first == list(simulate(rules, 5, seed=42, games=4))
    assert first != list(simulate(rules, 5, seed=43, games=4))
    assert len({hand.deck for hand in first}) == 4


def test_titles_read_like_the_recorded_ones():
    hands = list(simulate(Rules.parse("standard+no-trump"), 3, seed=1000, games=2))
    assert [hand.title for hand in hands] == [
        "Random hand 1 of seed 1000 (standard+no-trump, 3 players)",
        "Random hand 2 of seed 1000 (standard+no-trump, 3 players)",
    ]


def test_each_deck_is_dealt_as_recorded():
    for hand in simulate(Rules(), 4, seed=3, games=3):
        state, _ = deal(hand.rules, hand.players, hand.dealer, hand.deck)
        first_play = hand.steps[0]
        assert first_play.seat == hand.players[state.to_act]


def test_computer_players_can_take_the_seats():
    hands = list(simulate(Rules(), 4, seed=8, games=3, seats=PLAYER_KINDS.parse("tips,random", 2) * 2))
    assert all(check(hand) == [] for hand in hands)
    assert hands[0].title == "Hand 1 of seed 8 (standard, 4 players; tips, random, tips, random)"


@pytest.mark.parametrize(
    "spec, players, message",
    [("random,tips", 3, "2 player kinds for 3 seats"), ("dealer", 3, "unknown player 'dealer'")],
)
def test_seat_kinds_are_checked(spec, players, message):
    with pytest.raises(ValueError, match=message):
        next(simulate(Rules(), players, seed=1, games=1, seats=spec))


class _Script:
    """Plays the recorded actions in order, whoever is asked (the engine checks the turn)."""

    def __init__(self, steps):
        self.actions = iter(step for step in steps if step.kind in ("play", "choose_trump"))

    def act(self, seat_view):
        step = next(self.actions)
        seat = seat_view.players.index(step.seat)
        return Play(seat, step.card) if step.kind == "play" else ChooseTrump(seat, step.suit)


@pytest.mark.parametrize("path", RECORDED, ids=lambda path: path.stem)
def test_recording_the_recorded_plays_writes_what_the_independent_implementation_wrote(path):
    """Same deck, same plays: ``simulate``'s recorder puts every ``expect`` (after each trick, and
    after a hand that ends in the middle of one) and the ``result`` exactly where the oracle did."""
    for hand in load(path):
        script = _Script(hand.steps)
        recorded = record_hand(
            hand.rules,
            hand.players,
            hand.players.index(hand.dealer),
            hand.deck,
            [script] * len(hand.players),
            hand.title,
            index=hand.index,
        )
        assert dump([recorded]) == dump([hand]), hand.title
