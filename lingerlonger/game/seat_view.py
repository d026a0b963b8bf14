"""What one seat may know of a hand: ``view(state, seat)``, a seat's information set.

Computer players decide from a ``SeatView`` alone, never from the full state, so a player that
cheats cannot be written by mistake.
"""

from __future__ import annotations

from dataclasses import dataclass

from lingerlonger.game.cards import Card, Suit
from lingerlonger.game.engine import State, Trick, legal_cards
from lingerlonger.game.rules import Rules

__all__ = ["SeatView", "view"]


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat may know: its own hand and what every seat has seen.

    ``known`` lists cards whose holder is public: the revealed trump card while
    it stays in the dealer's hand, or (random-trump) the face-up bottom card of
    the stock once drawn.
    """

    seat: int
    rules: Rules
    players: tuple[str, ...]
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    trump: Suit | None
    trump_card: Card | None
    known: tuple[tuple[int, Card], ...]
    stock_bottom: Card | None  # random-trump: the face-up card at the bottom of the stock
    leader: int
    to_act: int | None
    current_plays: tuple[tuple[int, Card], ...]
    history: tuple[Trick, ...]
    won_sizes: tuple[int, ...]
    tricks_won: tuple[int, ...]
    out: tuple[int, ...]
    legal: tuple[Card, ...]  # this seat's legal cards when it is to act
    must_name_trump: bool  # grand-coup: this seat won the first trick and names trump
    trump_lead_due: bool
    naming_trump_after_trick: bool


def view(state: State, seat: int) -> SeatView:
    """What ``seat`` knows of ``state``: nothing of other hands but their sizes and public cards."""
    known: list[tuple[int, Card]] = []
    stock_bottom = None
    if state.trump_card is not None:
        if state.stock and state.stock[-1] == state.trump_card:
            stock_bottom = state.trump_card
        for holder, hand in enumerate(state.hands):
            if holder != seat and state.trump_card in hand:
                known.append((holder, state.trump_card))
    return SeatView(
        seat=seat,
        rules=state.rules,
        players=state.players,
        dealer=state.dealer,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        stock_size=len(state.stock),
        trump=state.trump,
        trump_card=state.trump_card,
        known=tuple(known),
        stock_bottom=stock_bottom,
        leader=state.leader,
        to_act=state.to_act,
        current_plays=state.current_plays,
        history=state.history,
        won_sizes=tuple(len(pile) for pile in state.won),
        tricks_won=state.tricks_won,
        out=state.out,
        legal=legal_cards(state) if state.to_act == seat else (),
        must_name_trump=state.namer == seat,
        trump_lead_due=state.trump_lead_due,
        naming_trump_after_trick=state.naming_trump_after_trick,
    )
