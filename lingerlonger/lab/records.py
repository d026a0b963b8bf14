"""What a tournament keeps of each hand: plain frozen values, made by the runner, read by the tally."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SeatRecord", "HandRecord"]


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat's hand. ``position`` counts from the dealer's left: 1 leads first, n is the dealer."""

    seat: int
    kind: str
    position: int
    won: bool
    tricks_won: int
    early_tricks: int  # tricks won among the hand's first n (n = players)
    early_trumps: int  # trumps this seat played in those tricks
    sizes: tuple[int, ...]  # hand size after each trick


@dataclass(frozen=True, slots=True)
class HandRecord:
    hand: int
    dealer: int
    reason: str
    seats: tuple[SeatRecord, ...]
