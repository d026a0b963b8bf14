"""Computer players: legal, blind to hidden cards, and following the tips they claim to."""

from __future__ import annotations

import itertools
import pickle
import random
from dataclasses import replace

import pytest

from lingerlonger.computer.inference import void_caps
from lingerlonger.computer.players import PLAYER_KINDS, ExpertPlayer, PlayerKinds, RandomPlayer, TipsPlayer, make_player
from lingerlonger.computer.statistics import wilson_interval
from lingerlonger.game.cards import SUIT_OF, Suit, parse_card
from lingerlonger.game.declared import HAND_RULE_SETS as ALL_RULES
from lingerlonger.game.declared import Game, SetupError
from lingerlonger.game.engine import ChooseTrump, Play, State, apply, from_position, legal_actions, new_hand
from lingerlonger.game.errors import LingerError
from lingerlonger.game.rules import Rules
from lingerlonger.game.seat_view import view
from lingerlonger.lab import run_tournament


def _decision_points(rules: Rules, players: int, seed: int):
    """Every state of a hand played by random players, with the seat to act."""
    rng = random.Random(seed)
    state, _ = new_hand(rules, players, dealer=seed % players, seed=rng)
    while not state.is_over:
        yield state
        state, _ = apply(state, rng.choice(legal_actions(state)))


def _same_suit_swaps(state: State, seat: int, rng: random.Random) -> State | None:
    """``state`` with hidden cards exchanged between other hands and the stock.

    Only cards of one suit trade places, so every hand keeps its suit counts
    and no shown void is contradicted; publicly placed cards (the revealed
    trump card, the face-up bottom of the stock) never move.
    """
    public = {state.trump_card} if state.trump_card is not None else set()
    places = [list(hand) for hand in state.hands] + [list(state.stock)]
    hidden = [
        (where, i)
        for where, cards in enumerate(places)
        if where != seat
        for i, card in enumerate(cards)
        if card not in public
    ]
    swapped = False
    for _ in range(10):
        (a, i), (b, j) = rng.sample(hidden, 2) if len(hidden) >= 2 else (None, None)
        if a is None or a == b or SUIT_OF[places[a][i]] != SUIT_OF[places[b][j]]:
            continue
        places[a][i], places[b][j] = places[b][j], places[a][i]
        swapped = True
    if not swapped:
        return None
    return replace(state, hands=tuple(tuple(cards) for cards in places[:-1]), stock=tuple(places[-1]))


NO_PEEK_PLAYERS = {
    "random": lambda: RandomPlayer(7),
    "tips": lambda: TipsPlayer(7),
    "expert": lambda: ExpertPlayer(7, rollouts=6),
}


@pytest.mark.parametrize("kind", sorted(NO_PEEK_PLAYERS))
def test_no_player_peeks_at_hidden_cards(kind):
    """Same view and seed, different hidden cards: the same decision, every time."""
    rng = random.Random(kind)
    compared = 0
    for rules in ALL_RULES[::3]:
        for state in itertools.islice(_decision_points(rules, 4, rng.randrange(10**6)), 0, 30, 3):
            seat = state.to_act
            other = _same_suit_swaps(state, seat, rng)
            if other is None or (other.hands == state.hands and other.stock == state.stock):
                continue
            assert view(other, seat) == view(state, seat)
            first = NO_PEEK_PLAYERS[kind]().act(view(state, seat))
            second = NO_PEEK_PLAYERS[kind]().act(view(other, seat))
            assert first == second
            compared += 1
    assert compared >= 20  # the swaps did produce different hidden cards to compare


@pytest.mark.parametrize("rules", ALL_RULES[::2], ids=lambda rules: rules.spec)
def test_players_only_make_legal_actions(rules):
    for players in (3, 5):
        try:
            Game.of(rules, players)
        except SetupError:
            continue
        seats = [make_player(kind, seed=players) for kind in ("tips", "random", "tips", "random", "tips")]
        seats[1] = ExpertPlayer(seed=1, rollouts=4)
        state, _ = new_hand(rules, players, dealer=0, seed=players)
        while not state.is_over:
            action = seats[state.to_act].act(view(state, state.to_act))
            assert action in legal_actions(state)
            state, _ = apply(state, action)


def test_unknown_player_kind_is_refused():
    with pytest.raises(ValueError, match="unknown player 'genius'"):
        make_player("genius")


class _Shy(TipsPlayer):
    name = "shy"


def test_a_page_adds_its_kinds_to_a_registry_of_its_own_and_the_default_never_changes():
    before = dict(PLAYER_KINDS)
    mine = PLAYER_KINDS
    for name in ("shy", "shier"):  # as chapter 10 registers its players
        mine = mine.with_kind(name, _Shy)
    assert dict(PLAYER_KINDS) == before and list(PLAYER_KINDS) == ["random", "tips", "expert", "strong"]
    assert list(mine) == ["random", "tips", "expert", "strong", "shy", "shier"]
    assert isinstance(mine.make("shy", seed=1), _Shy) and isinstance(mine, PlayerKinds)
    with pytest.raises(TypeError):
        PLAYER_KINDS["shy"] = _Shy  # a value, not a place to write to
    with pytest.raises(ValueError, match="without commas"):
        mine.with_kind("shy,er", _Shy)
    assert pickle.loads(pickle.dumps(mine)) == mine  # it travels to worker processes


@pytest.mark.parametrize(
    "spec, players, code, params",
    [
        ("tips,genius", 2, "players.unknown-kind", {"kind": "genius", "expected": "random, tips, expert, strong"}),
        ("tips,random", 3, "players.kinds-for-seats", {"kinds": 2, "seats": 3}),
        (("tips", "tips", "tips", "tips"), 3, "players.kinds-for-seats", {"kinds": 4, "seats": 3}),
        ("", 3, "players.unknown-kind", {"kind": "", "expected": "random, tips, expert, strong"}),
    ],
)
def test_parsing_seats_refuses_unknown_kinds_and_wrong_counts_with_codes(spec, players, code, params):
    with pytest.raises(LingerError) as refused:
        PLAYER_KINDS.parse(spec, players)
    assert (refused.value.code, refused.value.params) == (code, params)


def test_parsing_seats_gives_one_kind_per_seat():
    assert PLAYER_KINDS.parse(" tips , random,expert", 3) == ("tips", "random", "expert")
    assert PLAYER_KINDS.parse("random", 4) == ("random",) * 4
    assert PLAYER_KINDS.with_kind("shy", _Shy).parse(["shy"], 2) == ("shy", "shy")


# --- each tip, in a position where it decides -----------------------------------


def _table(hands, stock="5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥", plays=(), trump="♥", leader="A", rules="standard"):
    state = from_position(Rules.parse(rules), "ABCD", dealer="D", leader=leader, trump=trump, hands=hands, stock=stock)
    for play in plays:
        state, _ = apply(state, state.play(play))
    return state


def _tips_card(state: State) -> str:
    action = TipsPlayer().act(view(state, state.to_act))
    return str(action.card)


def test_tips_win_a_trick_cheaply_while_the_stock_is_large():
    state = _table({"A": "5♣ 2♠", "B": "A♣ 9♣ K♣ 3♠", "C": "4♣ 6♠", "D": "7♣ 8♠"}, plays=["A 5♣"])
    assert _tips_card(state) == "9♣"


def test_tips_trump_a_low_lead_early_but_keep_high_trumps():
    low_and_high = _table({"A": "3♣ 2♠", "B": "A♥ 2♥ 7♠", "C": "4♣ 6♠", "D": "7♣ 8♠"}, plays=["A 3♣"])
    assert _tips_card(low_and_high) == "2♥"
    only_high = _table({"A": "3♣ 2♠", "B": "A♥ 7♠ 4♦", "C": "4♣ 6♠", "D": "7♣ 8♠"}, plays=["A 3♣"])
    assert _tips_card(only_high) == "4♦"  # the weakest card of another suit, not the ace of trumps


def test_tips_spend_the_high_trump_once_the_stock_runs_low():
    state = _table({"A": "3♣ 2♠", "B": "A♥ 7♠ 4♦", "C": "4♣ 6♠", "D": "7♣ 8♠"}, stock="9♦", plays=["A 3♣"])
    assert _tips_card(state) == "A♥"


def test_tips_throw_the_weakest_card_into_a_trick_they_cannot_win():
    state = _table({"A": "A♣ 2♠", "B": "K♦ 9♦ 3♠", "C": "4♣ 6♠", "D": "7♣ 8♠"}, plays=["A A♣"])
    assert _tips_card(state) == "3♠"
    following = _table({"A": "A♣ 2♠", "B": "K♣ 3♣ 9♦", "C": "4♣ 6♠", "D": "7♣ 8♠"}, plays=["A A♣"])
    assert _tips_card(following) == "3♣"


def test_tips_lead_a_suit_an_opponent_has_shown_void_in():
    # B shows no spades in the first trick; D wins it and leads next.
    state = _table(
        {"A": "4♠ 2♣", "B": "3♦ 5♣", "C": "5♠ 9♣", "D": "9♠ 8♠ K♣ J♦"}, plays=["A 4♠", "B 3♦", "C 5♠", "D 9♠"]
    )
    assert state.to_act == 3 and void_caps(view(state, 3))[1][Suit.SPADES] == 0
    assert _tips_card(state) == "8♠"


def test_tips_lead_long_suits_against_a_player_who_just_drew():
    # B wins the first trick and draws, A wins the second and leads: long clubs, lowest first.
    hands = {"A": "2♠ Q♣ 8♣ 9♣ 4♦ A♦", "B": "K♠ 3♦", "C": "5♠ 5♦ 7♠", "D": "8♠ 7♦ 10♠"}
    plays = ["A 2♠", "B K♠", "C 5♠", "D 8♠", "B 3♦", "C 5♦", "D 7♦", "A A♦"]
    state = _table(hands, plays=plays)
    assert state.to_act == 0
    assert _tips_card(state) == "8♣"
    # With nobody's recent draw (an empty stock) the weakest card goes instead.
    assert _tips_card(_table(hands, stock="", plays=plays)) == "4♦"


def test_tips_name_their_longest_suit_under_grand_coup():
    state = _table(
        {"A": "2♣ 3♠", "B": "K♦ Q♦ 3♦ 4♥", "C": "4♣ 6♠", "D": "7♣ 8♣ 9♣ 2♠"},
        trump=None,
        rules="standard+grand-coup",
        plays=["A 2♣", "B K♦", "C 4♣", "D 7♣"],
    )
    assert state.namer == 3
    assert TipsPlayer().act(view(state, 3)) == ChooseTrump(3, SUIT_OF[parse_card("7♣")])
    state = _table(
        {"A": "2♣ 3♠", "B": "K♣ Q♦ 3♦ 4♦", "C": "4♣ 6♠", "D": "7♣ 8♠"},
        trump=None,
        rules="standard+grand-coup",
        plays=["A 2♣", "B K♣", "C 4♣", "D 7♣"],
    )
    assert TipsPlayer().act(view(state, 1)).suit == SUIT_OF[parse_card("3♦")]


def test_expert_takes_the_card_that_wins_the_hand_outright():
    # Equal-hands: whoever wins this trick draws the last card and wins the hand.
    state = _table({"A": "A♥ 2♣", "B": "5♣ 6♦", "C": "4♣ 7♦", "D": "7♣ 8♠"}, stock="9♦", rules="equal-hands")
    action = ExpertPlayer(seed=1, rollouts=30).act(view(state, 0))
    assert action == Play(0, parse_card("A♥"))


def test_tips_beat_random_players():
    """A cheap strength check: tips win more than their fair 25% against three random players."""
    records = run_tournament(
        Rules(), ["tips", "random", "random", "random"], hands=600, seed=11, workers=1, progress=False
    )
    wins = sum(record.seats[0].won for record in records)
    assert wilson_interval(wins, len(records))[0] > 0.25
