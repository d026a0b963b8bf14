"""What can happen in a hand, as plain frozen values.

``engine.apply`` returns these; narration, replays, scenario expectations and
tests all read them instead of diffing states. Seats are indices into the
state's ``players``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from lingerlonger.game.cards import Card, Suit


class EndReason(StrEnum):
    """Why a hand ended (the Rules reference's three ways), written as its value in a
    scenario's ``result: reason:`` and in a tournament's records: a StrEnum, so that it is
    that string wherever one is read or compared."""

    LAST_HOLDER = "last-holder"  # everyone else ran out of cards
    LAST_TRICK = "last-trick"  # the stock was gone, and the last trick decided
    EXHAUSTION = "exhaustion"  # every hand ran out together


@dataclass(frozen=True, slots=True)
class Dealt:
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock_size: int


@dataclass(frozen=True, slots=True)
class TrumpRevealed:
    """The card that sets trump; ``seat`` is the dealer, or None when it came from the stock."""

    card: Card
    seat: int | None


@dataclass(frozen=True, slots=True)
class Led:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Followed:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Trumped:
    """Void in the led suit, the seat played a trump."""

    seat: int
    card: Card
    led: Suit


@dataclass(frozen=True, slots=True)
class Discarded:
    """Void in the led suit, the seat played a card that can never win the trick."""

    seat: int
    card: Card
    led: Suit


@dataclass(frozen=True, slots=True)
class TrickWon:
    seat: int
    card: Card
    plays: tuple[tuple[int, Card], ...]
    by_trump: bool


@dataclass(frozen=True, slots=True)
class Drew:
    seat: int
    cards: tuple[Card, ...]
    stock_left: int


@dataclass(frozen=True, slots=True)
class Eliminated:
    """The seat holds no cards and is out of the hand.

    ``at_once``: out the moment it played its last card, in the middle of the trick,
    because ``stock_empty`` (standard profile: nothing left to draw) or else because
    of the instant-elimination variant.
    """

    seat: int
    at_once: bool = False
    stock_empty: bool = False


@dataclass(frozen=True, slots=True)
class LeadPassed:
    """The trick winner is out, so the next seat clockwise still holding cards leads."""

    from_seat: int
    to_seat: int


@dataclass(frozen=True, slots=True)
class TrumpChosen:
    seat: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class HandEnded:
    """The hand is won; ``mid_trick`` when the last holder won before the trick was finished."""

    winner: int
    reason: EndReason
    mid_trick: bool = False


Event = (
    Dealt
    | TrumpRevealed
    | Led
    | Followed
    | Trumped
    | Discarded
    | TrickWon
    | Drew
    | Eliminated
    | LeadPassed
    | TrumpChosen
    | HandEnded
)
END_REASONS = tuple(EndReason)
