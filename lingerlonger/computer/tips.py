"""The ``tips`` player: the advice of the Portuguese and Spanish rules ("Dicas e estratégias").

One rule each: win tricks cheaply while the stock is large; trump a low lead early;
keep high trumps for when the stock runs low; throw the weakest card of another suit
into a trick it cannot win; lead a suit an opponent has shown void in; lead long
suits against a player who just drew. It is its own module because the searching
players (``search``) play their rollouts with it.
"""

from __future__ import annotations

import random

from lingerlonger.computer.inference import draws_per_trick, void_caps
from lingerlonger.game.cards import SUIT_OF, Card, Suit
from lingerlonger.game.engine import Action, ChooseTrump, Play, trick_winner
from lingerlonger.game.seat_view import SeatView

__all__ = ["TipsPlayer", "HIGH_TRUMP_RANK"]

HIGH_TRUMP_RANK = 12  # queen: Q, K and A of trump are the "high trumps" kept for the end


class _Table:
    """What the tips look at, worked out once per decision from the view."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.hand = view.hand  # the opponent model puts each sampled world's hand here
        self.trump = view.trump
        active = [seat for seat, size in enumerate(view.hand_sizes) if size]
        # "Large" while every active player can still draw once more.
        self.stock_large = view.stock_size >= len(active)
        self.opponents = [seat for seat in active if seat != view.seat]
        self.played = {card for trick in view.history for _, card in trick.plays}
        self.played.update(card for _, card in view.current_plays)
        self.caps = void_caps(view)

    def is_trump(self, card: Card) -> bool:
        return SUIT_OF[card] == self.trump

    def is_boss(self, card: Card) -> bool:
        """No card still unseen by this seat can beat it within its suit."""
        suit = SUIT_OF[card]
        return all(higher in self.played or higher in self.hand for higher in range(card + 1, suit * 13 + 13))

    def void_suits(self) -> set[Suit]:
        """Suits some active opponent has shown it holds none of."""
        return {Suit(suit) for seat in self.opponents for suit in range(4) if self.caps[seat][suit] == 0}

    def opponent_just_drew(self) -> bool:
        """An opponent still in drew cards in the last round of tricks (one per active player)."""
        view = self.view
        recent = len(self.opponents) + 1
        draws = draws_per_trick(view)[-recent:]
        return any(
            trick.winner in self.opponents and drawn for trick, drawn in zip(view.history[-recent:], draws, strict=True)
        )

    def beats(self, card: Card) -> bool:
        """Would ``card`` take the trick as it stands?"""
        cards = [played for _, played in self.view.current_plays] + [card]
        return trick_winner(cards, self.trump) == len(cards) - 1


def _lowest(cards) -> Card:
    return min(cards, key=lambda card: (card % 13, card))


def _highest(cards) -> Card:
    return max(cards, key=lambda card: (card % 13, -card))


def _longest_suit_lowest(cards: list[Card], table: _Table) -> Card:
    """The lowest card of the longest suit, trumps only when nothing else is left."""
    plain = [card for card in cards if not table.is_trump(card)] or cards
    by_suit: dict[int, list[Card]] = {}
    for card in plain:
        by_suit.setdefault(SUIT_OF[card], []).append(card)
    longest = max(by_suit.values(), key=lambda suit_cards: (len(suit_cards), -min(suit_cards)))
    return _lowest(longest)


def _tips_lead(legal: list[Card], table: _Table) -> Card:
    trumps = [card for card in legal if table.is_trump(card)]
    plain = [card for card in legal if not table.is_trump(card)]
    if not table.stock_large and trumps and table.is_boss(_highest(trumps)):
        return _highest(trumps)  # the kept high trump: now every trick is existential
    voids = table.void_suits()
    against_void = [card for card in plain if SUIT_OF[card] in voids]
    if against_void:
        return _lowest(against_void)  # they must ruff or throw a card away again
    bosses = [card for card in plain if table.is_boss(card)]
    if bosses:
        return _highest(bosses)  # a cheap win: nothing unseen beats it in its suit
    if table.opponent_just_drew():
        return _longest_suit_lowest(legal, table)
    return _lowest(plain or legal)  # nothing to win with: give up the weakest card


def _tips_follow(legal: list[Card], table: _Table) -> Card:
    led = SUIT_OF[table.view.current_plays[0][1]]
    winners = [card for card in legal if table.beats(card)]
    if SUIT_OF[legal[0]] == led:  # following suit
        if winners:
            cheapest = _lowest(winners)
            if table.is_trump(cheapest) and cheapest.rank >= HIGH_TRUMP_RANK and table.stock_large:
                return _lowest(legal)  # keep the high trump for later
            return cheapest
        return _lowest(legal)
    trump_winners = [card for card in winners if table.is_trump(card)]
    if trump_winners:
        cheapest = _lowest(trump_winners)
        if not table.stock_large or cheapest.rank < HIGH_TRUMP_RANK:
            return cheapest  # a low trump early, or any trump once the stock runs low
    plain = [card for card in legal if not table.is_trump(card)]
    return _lowest(plain or legal)  # the weakest card of another suit


def _tips_trump(view: SeatView) -> Suit:
    """Grand-coup: name the suit held longest (highest cards on a tie)."""
    return max(
        Suit,
        key=lambda suit: (
            sum(SUIT_OF[card] == suit for card in view.hand),
            sum(card.rank for card in view.hand if SUIT_OF[card] == suit),
        ),
    )


class TipsPlayer:
    """Follows the source texts' tips; deterministic (the seed is accepted for a uniform API)."""

    name = "tips"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.seed = seed

    def act(self, view: SeatView) -> Action:
        if view.must_name_trump:
            return ChooseTrump(view.seat, _tips_trump(view))
        legal = list(view.legal)
        if len(legal) == 1:
            return Play(view.seat, legal[0])
        table = _Table(view)
        card = _tips_follow(legal, table) if view.current_plays else _tips_lead(legal, table)
        return Play(view.seat, card)
