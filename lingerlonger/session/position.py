"""A position set up by clicking, as a value: what the position editors (the app's, the
browser's) show and change.

A teacher chooses the players, rules, trump, dealer and leader, picks a place (a seat's
hand or the stock) and clicks cards from the remaining deck into it; a card clicked where
it lies goes back to the deck. Every change gives a new ``Position``; ``problems`` says what
still keeps it from being played, in the loader's own refusals (``from_position``'s: a card
twice, fewer than two hands, a leader without cards, a trump that does not fit the rules),
and a hand holding more cards than the game deals. A position without problems is a
format-1 scenario (``scenario``): its file (``lesson_text``) loads as written, and its
replay is where the players play on, step and save.

>>> from lingerlonger.game.cards import format_cards, parse_cards
>>> position = Position.empty(players=3)
>>> for card in parse_cards("A♥ K♣"):
...     position = position.click(card)
>>> position = position.aim(1).click(parse_card("2♥")).aim(STOCK).click(parse_card("Q♠"))
>>> [error.code for error in position.problems]
[]
>>> format_cards(position.hands[0]), format_cards(position.stock), len(position.remaining)
('A♥, K♣', 'Q♠', 48)
>>> [error.code for error in position.with_leader(2).problems]
['setup.leader-empty']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final, Literal

from lingerlonger.game.cards import CARDS, Card, Suit, parse_card
from lingerlonger.game.declared import Game, SetupError
from lingerlonger.game.errors import LingerError
from lingerlonger.game.rules import Rules
from lingerlonger.scenario import Location, Scenario

__all__ = ["Position", "STOCK", "Place"]

#: The place a click puts a card when it is not a seat's hand.
STOCK: Final = "stock"
#: Where a card goes or is: a seat's number, or the stock.
Place = int | Literal["stock"]


@dataclass(frozen=True)
class Position:
    """The table as set up so far: seats clockwise, each hand, the stock (top first), the
    trump (None: no trump, or grand-coup's first trick), the dealer and the leader (seat
    numbers), and ``target``, the place the next clicked card goes to."""

    rules: Rules
    players: tuple[str, ...]
    dealer: int
    leader: int
    trump: Suit | None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...] = ()
    target: Place = 0

    @classmethod
    def empty(cls, rules: Rules | None = None, players: int | Sequence[str] = 4) -> Position:
        """No card placed yet; the last seat deals, so the first leads."""
        game = Game.of(_dealing_nothing(rules or Rules()), players)
        return cls(
            rules=game.rules,
            players=game.seats,
            dealer=len(game.seats) - 1,
            leader=0,
            trump=_fitting_trump(game.rules, Suit.HEARTS),
            hands=((),) * len(game.seats),
        )

    # --- choices -------------------------------------------------------------------------
    def with_players(self, players: int | Sequence[str]) -> Position:
        """Another table: the hands of seats that stay are kept, the others' cards go back."""
        seats = Game.of(self.rules, players).seats
        hands = tuple(self.hands[seat] if seat < len(self.hands) else () for seat in range(len(seats)))
        last = len(seats) - 1
        return replace(
            self,
            players=seats,
            hands=hands,
            dealer=min(self.dealer, last),
            leader=min(self.leader, last),
            target=self.target if self.target == STOCK or self.target <= last else 0,
        )

    def with_rules(self, rules: Rules) -> Position:
        """Other rules (a position deals nothing, so no hand size); the trump follows them."""
        rules = _dealing_nothing(rules)
        Game(rules, self.players)
        return replace(self, rules=rules, trump=_fitting_trump(rules, self.trump))

    def with_trump(self, trump: Suit | None) -> Position:
        return replace(self, trump=trump)

    def with_dealer(self, seat: int) -> Position:
        return replace(self, dealer=self._seat(seat))

    def with_leader(self, seat: int) -> Position:
        return replace(self, leader=self._seat(seat))

    def aim(self, target: Place) -> Position:
        """Where the next clicked card goes: a seat's hand, or ``STOCK``."""
        return replace(self, target=target if target == STOCK else self._seat(target))

    def _seat(self, seat: int) -> int:
        if not 0 <= seat < len(self.players):
            raise SetupError("setup.no-seat", seat=seat, seats=", ".join(self.players))
        return seat

    # --- cards ---------------------------------------------------------------------------
    def click(self, card: Card | str) -> Position:
        """A card from the deck into the target place; a placed card back to the deck."""
        card = card if isinstance(card, Card) else parse_card(card)
        if self.place_of(card) is not None:
            return replace(
                self,
                hands=tuple(tuple(held for held in hand if held != card) for hand in self.hands),
                stock=tuple(held for held in self.stock if held != card),
            )
        if self.target == STOCK:
            return replace(self, stock=(*self.stock, card))
        hands = list(self.hands)
        hands[self.target] += (card,)
        return replace(self, hands=tuple(hands))

    def cleared(self) -> Position:
        """Every card back to the deck; the table, rules, trump, dealer and leader kept."""
        return replace(self, hands=((),) * len(self.hands), stock=())

    def place_of(self, card: Card) -> Place | None:
        """The seat holding ``card``, ``STOCK``, or None while it is in the deck."""
        if card in self.stock:
            return STOCK
        return next((seat for seat, hand in enumerate(self.hands) if card in hand), None)

    @property
    def remaining(self) -> tuple[Card, ...]:
        """The cards not placed, in the deck's order (by suit, then rank)."""
        placed = set(self.stock).union(*self.hands)
        return tuple(card for card in CARDS if card not in placed)

    # --- checks --------------------------------------------------------------------------
    @property
    def hand_size(self) -> int:
        """The most cards a hand can hold: what the game deals each seat."""
        return Game(self.rules, self.players).hand_size

    @property
    def problems(self) -> tuple[LingerError, ...]:
        """What keeps this position from being played, as the loader words it: each hand
        over the game's size, then the first refusal of the position itself."""
        size = self.hand_size
        found: list[LingerError] = [
            SetupError("setup.hand-too-big", field="hands", name=self.players[seat], count=len(hand), size=size)
            for seat, hand in enumerate(self.hands)
            if len(hand) > size
        ]
        try:
            self.scenario("").start()
        except SetupError as error:
            found.append(error)
        return tuple(found)

    def scenario(self, title: str, lang: str | None = None) -> Scenario:
        """The position as a format-1 scenario with no steps yet (form b of the format)."""
        return Scenario(
            title=title,
            rules=self.rules,
            players=self.players,
            dealer=self.players[self.dealer],
            steps=(),
            where=Location("<position>", 1, 1),
            lang=lang,
            hands=dict(zip(self.players, self.hands, strict=True)),
            stock=self.stock,
            trump=self.trump,
            leader=self.players[self.leader],
        )


def _dealing_nothing(rules: Rules) -> Rules:
    """The rules without a hand size: a position deals nothing (the loader refuses one)."""
    return replace(rules, hand_size=None)


def _fitting_trump(rules: Rules, trump: Suit | None) -> Suit | None:
    """No trump under rules without one; a trump (``trump``, else hearts) under rules that
    play with one from the first trick (grand-coup names it after that trick)."""
    if not rules.has_trump or rules.grand_coup:
        return None
    return trump if trump is not None else Suit.HEARTS
