"""A match: hands in sequence, the first dealer by cut or by lot, scores and chips
(rules 18, 19 and 21 of book/rules-reference.md)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from lingerlonger.game.cards import CARDS, Card
from lingerlonger.game.engine import State, new_hand
from lingerlonger.game.play_loop import Player, finish
from lingerlonger.game.rules import Rules

CHIP_OPTIONS = ("per-trick", "per-opponent")


@dataclass(frozen=True)
class HandResult:
    dealer: int
    winner: int
    reason: str
    tricks_won: tuple[int, ...]
    chips: tuple[int, ...]  # chip change per seat for this hand (zero without a chip option)


@dataclass
class MatchResult:
    players: tuple[str, ...]
    cuts: list[list[tuple[int, Card]]] = field(default_factory=list)  # standard: each round of cutting
    hands: list[HandResult] = field(default_factory=list)
    winner: int | None = None

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(sum(hand.winner == seat for hand in self.hands) for seat in range(len(self.players)))

    @property
    def chips(self) -> tuple[int, ...]:
        return tuple(sum(hand.chips[seat] for hand in self.hands) for seat in range(len(self.players)))

    def record(self, hand: HandResult, target: int) -> None:
        """Add a hand played; its winner wins the match on reaching ``target`` hands won."""
        self.hands.append(hand)
        if self.points[hand.winner] >= target:
            self.winner = hand.winner


def cut_for_deal(players: int, rng: random.Random) -> tuple[int, list[list[tuple[int, Card]]]]:
    """Standard: everyone cuts, the lowest card deals (2 low, ace high); the tied cut again.

    Returns the dealer and every round of cuts, so the book can show them.
    """
    candidates = list(range(players))
    rounds = []
    while True:
        deck = list(CARDS)
        cuts = list(zip(candidates, rng.sample(deck, len(candidates)), strict=True))
        rounds.append(cuts)
        lowest = min(card.rank for _, card in cuts)
        candidates = [seat for seat, card in cuts if card.rank == lowest]
        if len(candidates) == 1:
            return candidates[0], rounds


def first_dealer(rules: Rules, players: int, rng: random.Random) -> tuple[int, list[list[tuple[int, Card]]]]:
    """By cut under the standard profile, by lot under equal-hands."""
    if rules.profile == "standard":
        return cut_for_deal(players, rng)
    return rng.randrange(players), []


def hand_chips(state: State, option: str | None) -> tuple[int, ...]:
    """What each seat gains (+) or pays (−) at the end of a hand under a chip option."""
    n = len(state.players)
    if option is None:
        return (0,) * n
    if option not in CHIP_OPTIONS:
        raise ValueError(f"unknown chip option {option!r}: expected one of {', '.join(CHIP_OPTIONS)}")
    winner = state.winner
    assert winner is not None, "the hand is not over"
    each = state.tricks_won[winner] if option == "per-trick" else 1
    return tuple(each * (n - 1) if seat == winner else -each for seat in range(n))


def hand_result(state: State, chips: str | None = None) -> HandResult:
    """A finished hand as a line of the match's score."""
    winner, reason = state.winner, state.reason
    assert winner is not None and reason is not None, "the hand is not over"
    return HandResult(state.dealer, winner, reason, state.tricks_won, hand_chips(state, chips))


def next_dealer(dealer: int, players: int) -> int:
    """The deal passes clockwise (to the left) after each hand."""
    return (dealer + 1) % players


def play_match(
    rules: Rules, names: Sequence[str], seats: Sequence[Player], seed: int | None = None, chips: str | None = None
) -> MatchResult:
    """Hands until one seat reaches the rules' target (3, or 5 with match-to-5)."""
    rng = random.Random(seed)
    result = MatchResult(tuple(names))
    dealer, result.cuts = first_dealer(rules, len(names), rng)
    while result.winner is None:
        state, _ = new_hand(rules, names, dealer, rng)
        state, _ = finish(state, seats)
        result.record(hand_result(state, chips), rules.match_target)
        dealer = next_dealer(dealer, len(names))
    return result
