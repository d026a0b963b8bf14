"""Counts over many hands of random legal play: how fast the stock goes, and how hands end.

The book's figures on the stock (chapters 2 and 5) and on the endings (chapter 7) come
from here, so that every chapter counts the same way. Each hand's deal and players follow
from its number alone, so a figure is the same on every build.

>>> row = census("standard", 4, hands=20)
>>> row.stock_at_start, row.ran_out, sum(row.reasons.values()), row.mid_trick
(36, 0.0, 20, 0)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from lingerlonger.computer.players import make_player
from lingerlonger.game.engine import new_hand
from lingerlonger.game.play_loop import finish
from lingerlonger.game.rules import Rules

__all__ = ["Census", "census"]


@dataclass(frozen=True)
class Census:
    """What ``hands`` hands of random legal play did with one rule set and table size."""

    rules: str
    players: int
    cards_each: int
    stock_at_start: int
    hands: int
    mean_tricks: float
    longest: int  # tricks in the longest hand
    mean_drawn: float  # cards drawn from the stock in a hand
    most_drawn: int
    ran_out: float  # share of hands whose stock was empty at the end
    reasons: Counter[str]  # how the hands ended: reason -> hands
    mid_trick: int  # hands won by the last holder in the middle of a trick

    def share(self, reason: str) -> float:
        """The share of hands that ended for ``reason``."""
        return self.reasons[reason] / self.hands


def census(spec: str, players: int, hands: int = 400, hand_size: int | None = None) -> Census:
    """Play ``hands`` hands of ``spec`` (like ``"standard+long-hand"``) between random players."""
    rules = Rules.parse(spec, hand_size=hand_size)
    tricks, drawn, reasons = [], [], Counter[str]()
    stock_at_start = ran_out = mid_trick = 0
    for hand in range(hands):
        state, _ = new_hand(rules, players, dealer=hand % players, seed=hand)
        stock_at_start = len(state.stock)
        seats = [make_player("random", seed=hand * 10 + seat) for seat in range(players)]
        state, _ = finish(state, seats)
        tricks.append(len(state.history))
        drawn.append(stock_at_start - len(state.stock))
        ran_out += not state.stock
        assert state.reason is not None  # finish plays the hand to its end
        reasons[state.reason] += 1
        mid_trick += bool(state.trick)  # the unfinished trick stays on the table
    return Census(
        spec,
        players,
        rules.cards_per_player(players),
        stock_at_start,
        hands,
        sum(tricks) / hands,
        max(tricks),
        sum(drawn) / hands,
        max(drawn),
        ran_out / hands,
        reasons,
        mid_trick,
    )
