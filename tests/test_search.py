"""The searching players: strong decides on what its seat can know, perfect sees every card."""

from __future__ import annotations

import pytest

from lingerlonger.computer.coach import coach
from lingerlonger.computer.players import PLAYER_KINDS, kind_label, make_player
from lingerlonger.computer.search import PerfectInformationPlayer, StrongPlayer
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
