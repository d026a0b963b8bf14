"""Matches (rules 18, 19, 21 of book/rules-reference.md): the first dealer, the deal passing
clockwise, scores and chips."""

import random

import pytest

from lingerlonger.computer.players import RandomPlayer
from lingerlonger.game.cards import parse_cards
from lingerlonger.game.engine import apply, from_position
from lingerlonger.game.match import cut_for_deal, first_dealer, hand_chips, play_match
from lingerlonger.game.rules import Rules


class StackedCuts:
    """Stands in for the random generator: each ``sample`` returns the next round of cut cards."""

    def __init__(self, *rounds):
        self.rounds = [list(parse_cards(cards)) for cards in rounds]

    def sample(self, population, count):
        cuts = self.rounds.pop(0)
        assert len(cuts) == count and set(cuts) <= set(population)
        return cuts


# standard: "First dealer: everyone cuts, lowest card deals (2 is lowest, ace highest)"
def test_lowest_cut_deals():
    dealer, rounds = cut_for_deal(4, StackedCuts("9♠ 2♥ K♦ 5♣"))
    assert dealer == 1
    assert rounds == [list(zip(range(4), parse_cards("9♠ 2♥ K♦ 5♣"), strict=True))]


def test_ace_is_the_highest_cut():
    dealer, _ = cut_for_deal(3, StackedCuts("A♠ K♥ Q♦"))
    assert dealer == 2


# "players tied for lowest cut again."
def test_players_tied_for_lowest_cut_again():
    dealer, rounds = cut_for_deal(4, StackedCuts("3♠ 7♥ 3♦ 5♣", "A♠ 4♦"))  # suits break no tie
    assert dealer == 2
    assert len(rounds) == 2 and rounds[1] == list(zip([0, 2], parse_cards("A♠ 4♦"), strict=True))


def test_ties_cut_again_as_often_as_needed():
    dealer, rounds = cut_for_deal(3, StackedCuts("2♠ 2♥ 2♦", "8♠ 8♥ 8♦", "Q♣ J♠ K♦"))
    assert dealer == 1 and len(rounds) == 3


@pytest.mark.parametrize("seed", range(20))
def test_real_cuts_are_distinct_cards_and_the_lowest_deals(seed):
    dealer, rounds = cut_for_deal(6, random.Random(seed))
    for cuts in rounds:
        assert len({card for _, card in cuts}) == len(cuts)
    last = rounds[-1]
    assert min(card.rank for _, card in last) == dict(last)[dealer].rank
    assert [card.rank for _, card in last].count(dict(last)[dealer].rank) == 1


# equal-hands: "First dealer drawn at random"
def test_equal_hands_first_dealer_is_drawn_at_random_without_cutting():
    dealers = set()
    for seed in range(100):
        dealer, cuts = first_dealer(Rules.parse("equal-hands"), 4, random.Random(seed))
        assert cuts == []
        dealers.add(dealer)
    assert dealers == {0, 1, 2, 3}


def test_standard_first_dealer_is_cut_for():
    dealer, cuts = first_dealer(Rules(), 5, random.Random(7))
    assert cuts and cuts[-1] and dealer in dict(cuts[-1])


def finished_hand():
    """A standard hand in which A takes both tricks, A♣ then A♦, and is left the only holder."""
    state = from_position(
        Rules(), "ABC", dealer="C", leader="A", trump="♥", hands={"A": "A♣ A♦ 4♠", "B": "2♣ 2♦", "C": "3♣ 3♦"}
    )
    for move in ("A A♣", "B 2♣", "C 3♣", "A A♦", "B 2♦", "C 3♦"):
        state, _ = apply(state, state.play(move))
    assert (state.winner, state.tricks_won) == (0, (2, 0, 0))
    return state


# "Chip scoring (option): at the end of a hand every other player pays the hand's winner 1 chip per
# trick the winner took in that hand."
def test_per_trick_chips_every_other_player_pays_one_per_trick_won():
    assert hand_chips(finished_hand(), "per-trick") == (4, -2, -2)


# "Second chip option: the winner receives 1 chip from each opponent"
def test_per_opponent_chips_winner_receives_one_from_each_opponent():
    assert hand_chips(finished_hand(), "per-opponent") == (2, -1, -1)


def test_without_a_chip_option_nobody_pays_and_an_unknown_option_is_refused():
    assert hand_chips(finished_hand(), None) == (0, 0, 0)
    with pytest.raises(ValueError, match="unknown chip option 'per-card'"):
        hand_chips(finished_hand(), "per-card")


def random_seats(count, seed):
    return [RandomPlayer(seed * 10 + seat) for seat in range(count)]


# standard: "The deal passes clockwise after each hand." / "Match: the first player to win 3 hands wins"
# equal-hands: "1 point per hand won; the first to 3 points wins." / match-to-5 (rules 19, 21 and 29)
@pytest.mark.parametrize(
    "spec, target", [("standard", 3), ("equal-hands", 3), ("standard+match-to-5", 5), ("equal-hands+match-to-5", 5)]
)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_match_deals_clockwise_and_ends_when_someone_reaches_the_target(spec, target, players):
    rules = Rules.parse(spec)
    names = "ABCDEF"[:players]
    for seed in range(3):
        result = play_match(rules, names, random_seats(players, seed), seed=seed)
        dealers = [hand.dealer for hand in result.hands]
        assert dealers == [(dealers[0] + i) % players for i in range(len(dealers))]
        if rules.profile == "standard":
            assert dealers[0] in dict(result.cuts[-1])
        else:
            assert result.cuts == []
        points = result.points
        assert points[result.winner] == target and max(points) == target
        assert sum(points) == len(result.hands)
        assert result.hands[-1].winner == result.winner
        before_last = [sum(hand.winner == seat for hand in result.hands[:-1]) for seat in range(players)]
        assert max(before_last) < target  # the match stopped at the first to reach it


@pytest.mark.parametrize("option", ["per-trick", "per-opponent"])
def test_match_chips_add_up_hand_by_hand_and_sum_to_zero(option):
    result = play_match(Rules(), "ABCD", random_seats(4, 3), seed=3, chips=option)
    assert sum(result.chips) == 0
    for hand in result.hands:
        assert sum(hand.chips) == 0 and hand.chips[hand.winner] > 0
        each = hand.tricks_won[hand.winner] if option == "per-trick" else 1
        assert all(hand.chips[seat] == -each for seat in range(4) if seat != hand.winner)
    assert result.chips == tuple(sum(hand.chips[seat] for hand in result.hands) for seat in range(4))


def test_the_same_seed_plays_the_same_match():
    first = play_match(Rules.parse("equal-hands"), "ABCD", random_seats(4, 5), seed=5, chips="per-trick")
    second = play_match(Rules.parse("equal-hands"), "ABCD", random_seats(4, 5), seed=5, chips="per-trick")
    assert first == second
