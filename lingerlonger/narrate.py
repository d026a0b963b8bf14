"""Plain-English narration of events, for replays, the terminal demo and the book.

>>> from lingerlonger.events import Trumped, Eliminated
>>> from lingerlonger.cards import parse_card, Suit
>>> narrate(Trumped(2, parse_card("2h"), Suit.CLUBS), "ABCD")
'C has no clubs and trumps with 2♥.'
>>> narrate(Eliminated(1), "ABCD")
'B has no cards left and is out.'
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .cards import Suit, format_cards
from .events import (Dealt, Discarded, Drew, Eliminated, Event, Followed, HandEnded, LeadPassed,
                     Led, TrickWon, Trumped, TrumpChosen, TrumpRevealed)

SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
              Suit.CLUBS: "clubs"}
REASONS = {
    "last-holder": "the only player still holding cards",
    "last-trick": "everyone ran out in the same trick, and the winner of that last trick takes the hand",
    "exhaustion": "their trick drew the last card of the stock",
}


def _cards_word(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def narrate(event: Event, players: Sequence[str]) -> str:
    """One sentence for one event; ``players`` names the seats."""
    name = lambda seat: players[seat]  # noqa: E731 - a local shorthand
    match event:
        case Dealt(dealer=dealer, hands=hands, stock_size=stock):
            return (f"{name(dealer)} deals {_cards_word(len(hands[0]))} to each player; "
                    f"{_cards_word(stock)} stay in the stock.")
        case TrumpRevealed(card=card, seat=None):
            return (f"The top card of the stock, {card}, is turned up and put face up at the "
                    f"bottom: {SUIT_NAMES[card.suit]} are trump.")
        case TrumpRevealed(card=card, seat=seat):
            return (f"{name(seat)} shows their last card, {card}: {SUIT_NAMES[card.suit]} are "
                    f"trump. The card goes back into {name(seat)}'s hand.")
        case Led(seat=seat, card=card):
            return f"{name(seat)} leads {card}."
        case Followed(seat=seat, card=card):
            return f"{name(seat)} follows with {card}."
        case Trumped(seat=seat, card=card, led=led):
            return f"{name(seat)} has no {SUIT_NAMES[led]} and trumps with {card}."
        case Discarded(seat=seat, card=card, led=led):
            return f"{name(seat)} has no {SUIT_NAMES[led]} and discards {card}."
        case TrickWon(seat=seat, card=card, by_trump=by_trump):
            how = "with the trump " if by_trump else "with "
            return f"{name(seat)} wins the trick {how}{card}."
        case Drew(seat=seat, cards=cards, stock_left=left):
            tail = "the stock is now empty" if left == 0 else f"{_cards_word(left)} left in the stock"
            return f"{name(seat)} draws {format_cards(cards)} ({tail})."
        case Eliminated(seat=seat, at_once=True):
            return f"{name(seat)} played their last card and is out at once."
        case Eliminated(seat=seat):
            return f"{name(seat)} has no cards left and is out."
        case LeadPassed(from_seat=gone, to_seat=seat):
            return f"{name(gone)} is out, so the lead passes to {name(seat)}."
        case TrumpChosen(seat=seat, suit=suit):
            return f"{name(seat)} names {SUIT_NAMES[suit]} as trump for the rest of the hand."
        case HandEnded(winner=winner, reason=reason):
            return f"{name(winner)} wins the hand: {REASONS[reason]}."
    raise TypeError(f"no narration for {event!r}")


def narrate_all(events: Iterable[Event], players: Sequence[str]) -> list[str]:
    return [narrate(event, players) for event in events]
