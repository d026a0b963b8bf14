"""The searching players: strong decides on what its seat can know, perfect sees every card."""

from __future__ import annotations

import functools
import itertools
from dataclasses import replace
from random import Random

import pytest

from lingerlonger.computer.coach import JUDGE_POLICY, candidate_actions, coach, winner_after
from lingerlonger.computer.inference import sample_world
from lingerlonger.computer.opponent_model import TipsModel
from lingerlonger.computer.players import PLAYER_KINDS, kind_label, make_player
from lingerlonger.computer.search import PerfectInformationPlayer, StrongPlayer
from lingerlonger.computer.statistics import wilson_interval
from lingerlonger.game.cards import CARDS
from lingerlonger.game.engine import State, from_position, new_hand
from lingerlonger.game.play_loop import play_out
from lingerlonger.game.rules import Rules
from lingerlonger.game.seat_view import view
from lingerlonger.lab import run_tournament


def position(b: str) -> State:
    """A leads 2♣ or K♦ and wants to lose the trick (its winner must lead a last card and go out):
    the 2♣ is the better bet, unless B holds A♦ and neither a club nor a trump."""
    return from_position(
        Rules(), "ABC", dealer="C", leader="A", trump="♥", hands={"A": "2♣ K♦", "B": b, "C": ""}, stock=""
    )


def test_strong_is_a_kind_readers_see_as_a_level():
    assert "strong" in PLAYER_KINDS
    assert isinstance(make_player("strong", seed=1), StrongPlayer)
    assert {kind_label("strong", lang) for lang in ("en", "pt", "es", "ru")} == {"strong", "forte", "fuerte", "сильный"}


def test_strong_plays_the_same_on_the_same_view_whatever_the_hidden_cards():
    lucky, unlucky = position("5♣ 6♠"), position("A♦ 5♠")
    assert view(lucky, 0) == view(unlucky, 0)
    played = {str(StrongPlayer(seed=4, worlds=30).act(view(state, 0)).card) for state in (lucky, unlucky)}
    assert played == {"2♣"}


def test_strong_is_seeded_mid_hand_too():
    state, _ = new_hand(Rules(), 4, dealer=1, seed=5)
    for turn in play_out(state, [make_player("tips")] * 4, until=lambda now: len(now.history) == 2):
        state = turn.state
    seat = state.to_act
    assert seat is not None and len(state.history) == 2
    first = StrongPlayer(seed=9, worlds=6).values(view(state, seat))
    assert first == StrongPlayer(seed=9, worlds=6).values(view(state, seat))
    assert all(done == 6 for _, _, done in first)


def test_perfect_information_plays_what_the_real_deal_needs():
    state = position("A♦ 5♠")
    player = PerfectInformationPlayer()
    with pytest.raises(ValueError):
        player.act(view(state, 0))  # it was shown nothing
    player.see(state)
    assert str(player.act(view(state, 0)).card) == "K♦"
    player.see(position("5♣ 6♠"))
    assert str(player.act(view(position("5♣ 6♠"), 0)).card) == "2♣"


def test_the_lab_shows_every_card_to_a_perfect_information_player():
    kinds = PLAYER_KINDS.with_kind("perfect", PerfectInformationPlayer)
    records = run_tournament(
        Rules(), ["perfect", "tips", "tips"], hands=3, seed=2, workers=1, progress=False, kinds=kinds
    )
    assert [record.seats[0].kind for record in records] == ["perfect"] * 3


def test_the_coach_can_judge_with_the_strong_players_rollouts():
    advice = coach(position("A♦ 5♠"), seat=0, budget_s=None, rollouts=30, seed=2, policy="tips")
    assert [str(card.card) for card in advice] == ["2♣", "K♦"]
    assert all(card.rollouts == 30 and card.low <= card.win_rate <= card.high for card in advice)


@functools.cache
def exhaustive_tips_values(b_hand: str) -> dict[str, float]:
    """A's chance with each card of ``position``, every two-card hand B may hold dealt in turn
    (all equally likely: nothing has been played) and the hand played on by tips players."""
    state = position(b_hand)
    unseen = [card for card in CARDS if card not in state.hands[0]]
    wins: dict[str, int] = {}
    deals = list(itertools.combinations(unseen, 2))
    for pair in deals:
        world = replace(state, hands=(state.hands[0], pair, ()))
        for action in candidate_actions(view(world, 0)):
            wins[str(action.card)] = wins.get(str(action.card), 0) + (
                winner_after(world, action, Random(0), "tips") == 0
            )
    return {card: won / len(deals) for card, won in wins.items()}


def test_strong_values_match_an_exhaustive_search_of_the_unseen_cards():
    exact = exhaustive_tips_values("A♦ 5♠")
    assert exact == pytest.approx({"2♣": 37 / 49, "K♦": 904 / 2450})  # 925 and 452 of 1,225 deals
    for action, won, done in StrongPlayer(seed=3, worlds=300).values(view(position("A♦ 5♠"), 0)):
        low, high = wilson_interval(won, done)
        assert done == 300 and low <= exact[str(action.card)] <= high


def test_the_coach_judges_as_the_strong_player_by_default():
    """Played on by tips players, not random ones: random players make 2♣ worth about 54%."""
    exact = exhaustive_tips_values("A♦ 5♠")
    advice = coach(position("A♦ 5♠"), seat=0, budget_s=None, rollouts=300, seed=2)
    assert JUDGE_POLICY == "tips"
    assert all(a.low <= exact[str(a.card)] <= a.high for a in advice)


def hand_so_far(seed: int, tricks: int) -> State:
    state, _ = new_hand(Rules(), 4, dealer=seed % 4, seed=seed)
    for turn in play_out(state, [make_player("tips")] * 4, until=lambda now: len(now.history) == tricks):
        state = turn.state
    return state


def test_the_real_deal_agrees_with_every_play_the_tips_model_checks():
    """Against tips players the model is exact: the true hands explain every checked play."""
    checked = 0
    for seed in range(6):
        for tricks in (1, 3, 6):
            state = hand_so_far(seed, tricks)
            if state.to_act is None:
                continue  # this hand ended sooner
            model = TipsModel(view(state, state.to_act), Random(seed))
            checked += len(model.checks)
            assert model.disagreements(state) == 0
    assert checked > 30


def test_the_strong_player_searches_worlds_where_the_others_played_as_the_tips():
    """Plain sampling deals many worlds the tips' plays rule out; the model's worlds agree."""
    state = hand_so_far(1, 4)
    seat_view = view(state, state.to_act)
    model = TipsModel(seat_view, Random(5))
    plain = [model.disagreements(sample_world(seat_view, Random(i), sensible=True)) for i in range(30)]
    modelled = [model.disagreements(model.deal()) for _ in range(30)]
    assert sum(plain) > 10 and sum(modelled) < sum(plain) / 4


def test_strong_values_are_seeded_with_the_model_too():
    state = hand_so_far(1, 3)
    seat_view = view(state, state.to_act)
    assert StrongPlayer(seed=7, worlds=5).values(seat_view) == StrongPlayer(seed=7, worlds=5).values(seat_view)
