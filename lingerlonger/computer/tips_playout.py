"""Four ``tips`` players playing a hand to its end, on plain lists: the searching players' rollouts.

The strong player, the coach and the review judge a card by playing the hand on with four
``tips`` players (``coach.winner_after``). Through the engine that costs a ``SeatView`` and a
``_Table`` per card played (about 1 ms a rollout on the bench machine); here the same
decisions are made from what each seat could know, kept as the hand goes (the cards played,
the voids shown and not yet refilled by a draw, who drew lately), on the playout kernel's
lists. The result is the same, card for card: ``tests/test_tips_playout.py`` plays thousands
of hands of every rule set both ways and compares every play. A rule set or position this
module does not follow (``covers``) is played through the engine instead.

>>> from lingerlonger.game.engine import new_hand
>>> from lingerlonger.game.rules import Rules
>>> from lingerlonger.game.play_loop import finish
>>> from lingerlonger.computer.tips import TipsPlayer
>>> state, _ = new_hand(Rules(), 4, dealer=3, seed=5)
>>> tips_winner(state) == finish(state, [TipsPlayer()] * 4)[0].winner
True
"""

from __future__ import annotations

from bisect import bisect_left, insort

from lingerlonger.computer.playout import NO_TRUMP, ROTATIONS, STRENGTH, KernelPosition
from lingerlonger.computer.tips import HIGH_TRUMP_RANK, _highest, _lowest
from lingerlonger.game.cards import CARDS
from lingerlonger.game.engine import State

__all__ = ["tips_winner", "tips_plays"]

_HIGH = HIGH_TRUMP_RANK - 2  # the same rank as a card's index within its suit (2 is 0)
_SUIT_START = tuple(range(0, len(CARDS) + 1, 13))  # where each suit's cards start, and the end


class _Hand:
    """One hand's play, with what every seat has seen so far (all of it public)."""

    def __init__(self, state: State) -> None:
        position = KernelPosition.from_state(state)
        rules = state.rules
        self.n = position.players
        # plain ints: a Card's arithmetic goes through its subclass, several times slower
        self.hands = [[int(card) for card in hand] for hand in position.hands]
        self.stock, self.trump = [int(card) for card in position.stock], position.trump
        self.order, self.trick = position.order, [int(card) for card in position.played]
        self.trump_lead_due = position.trump_lead_due
        self.naming_after = position.name_trump_after_trick
        self.namer = state.namer  # grand-coup: the seat that names trump before anyone plays
        self.draw_per_card = rules.draw_per_card
        self.instant = rules.instant_elimination
        self.out_when_stock_empty = rules.out_at_once(stock_empty=True)
        self.exhaustion_end = rules.exhaustion_end
        self.dealt = rules.cards_per_player(self.n)
        self.played = [False] * len(CARDS)
        self.played_by = [0] * self.n  # cards each seat has played this hand
        # Each completed trick: (winner, the draw ``draws_per_trick`` counts for it while the stock
        # lasts, the voids shown in it as (seat, suit)).
        self.tricks: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
        if state.history:  # the past as every seat counts it (draws_per_trick while the stock lasts)
            last_trick_of = {seat: t for t, trick in enumerate(state.history) for seat, _ in trick.plays}
            in_trick = set(state.order[: len(state.trick)])
            for t, trick in enumerate(state.history):
                self._seen(trick.plays)
                winner = trick.winner
                went_out = self.instant and winner in state.out and last_trick_of[winner] == t
                full = 0 if went_out and winner not in in_trick else len(trick.plays) if self.draw_per_card else 1
                self.tricks.append((winner, full, self._voids(trick.plays)))
        self._seen(state.current_plays)
        self.current_voids = list(self._voids(state.current_plays))
        self.log: list[tuple[int, int]] | None = None

    # --- what is public ------------------------------------------------------------------
    def _seen(self, plays) -> None:
        for seat, card in plays:
            self.played[card] = True
            self.played_by[seat] += 1

    @staticmethod
    def _voids(plays) -> tuple[tuple[int, int], ...]:
        if not plays:
            return ()
        led = plays[0][1] // 13
        return tuple((seat, led) for seat, card in plays[1:] if card // 13 != led)

    def _full(self, winner: int, plays) -> int:
        """The draw ``draws_per_trick`` counts for a trick just resolved while the stock lasts: none
        for an instant-elimination winner who went out with the trick's card."""
        if self.instant and not self.hands[winner]:
            return 0
        return len(plays) if self.draw_per_card else 1

    def _draws(self) -> list[int]:
        """``inference.draws_per_trick`` of the tricks so far, from the same public facts."""
        full = [trick[1] for trick in self.tricks]
        if self.stock:
            return full
        n, hands = self.n, self.hands
        drawn_by = [len(hands[seat]) - self.dealt + self.played_by[seat] for seat in range(n)]
        stock, actual, simulated = sum(drawn_by), [], [0] * n
        for (winner, _, _), count in zip(self.tricks, full, strict=True):
            drawn = min(count, stock)
            stock -= drawn
            actual.append(drawn)
            simulated[winner] += drawn
        return actual if simulated == drawn_by and min(drawn_by) >= 0 else full

    def _void_suits(self, opponents: list[int], draws: list[int]) -> set[int]:
        """Suits an active opponent has shown it holds none of, with no draw since (``void_caps``)."""
        void = [0] * self.n
        for (winner, _, voids), drawn in zip(self.tricks, draws, strict=True):
            for seat, suit in voids:
                void[seat] |= 1 << suit
            if drawn:
                void[winner] = 0
        for seat, suit in self.current_voids:
            void[seat] |= 1 << suit
        return {suit for suit in range(4) for seat in opponents if void[seat] >> suit & 1}

    # --- the tips (computer/tips.py), card for card ------------------------------------------
    def _is_boss(self, card: int, hand: list[int]) -> bool:
        played = self.played
        return all(played[higher] or higher in hand for higher in range(card + 1, card - card % 13 + 13))

    def _lead(self, seat: int, legal: list[int], opponents: list[int], stock_large: bool) -> int:
        trump, hand = self.trump, self.hands[seat]
        trumps = [card for card in legal if card // 13 == trump]
        plain = [card for card in legal if card // 13 != trump]
        if not stock_large and trumps and self._is_boss(_highest(trumps), hand):
            return _highest(trumps)
        draws = self._draws()
        voids = self._void_suits(opponents, draws)
        against_void = [card for card in plain if card // 13 in voids]
        if against_void:
            return _lowest(against_void)
        bosses = [card for card in plain if self._is_boss(card, hand)]
        if bosses:
            return _highest(bosses)
        recent = len(opponents) + 1
        if any(
            trick[0] in opponents and drawn for trick, drawn in zip(self.tricks[-recent:], draws[-recent:], strict=True)
        ):
            by_suit: dict[int, list[int]] = {}
            for card in plain or legal:
                by_suit.setdefault(card // 13, []).append(card)
            return _lowest(max(by_suit.values(), key=lambda cards: (len(cards), -min(cards))))
        return _lowest(plain or legal)

    def _follow(self, legal: list[int], led: int, best: int, stock_large: bool) -> int:
        trump, strength = self.trump, STRENGTH[self.trump][led]
        winners = [card for card in legal if strength[card] > best]
        if legal[0] // 13 == led:
            if winners:
                cheapest = _lowest(winners)
                if cheapest // 13 == trump and cheapest % 13 >= _HIGH and stock_large:
                    return _lowest(legal)
                return cheapest
            return _lowest(legal)
        trump_winners = [card for card in winners if card // 13 == trump]
        if trump_winners:
            cheapest = _lowest(trump_winners)
            if not stock_large or cheapest % 13 < _HIGH:
                return cheapest
        plain = [card for card in legal if card // 13 != trump]
        return _lowest(plain or legal)

    def _name_trump(self, seat: int) -> int:
        hand = self.hands[seat]
        return max(
            range(4),
            key=lambda suit: (
                sum(card // 13 == suit for card in hand),
                sum(card % 13 + 2 for card in hand if card // 13 == suit),
            ),
        )

    def _choose(self, seat: int, led: int | None, best: int) -> int:
        """The card ``seat`` plays: the tips' choice among its legal cards."""
        hand = self.hands[seat]
        if led is None:
            legal = hand
            if self.trump_lead_due and self.trump != NO_TRUMP:
                trumps = [card for card in hand if card // 13 == self.trump]
                legal = trumps or hand
        else:
            low = bisect_left(hand, _SUIT_START[led])
            high = bisect_left(hand, _SUIT_START[led + 1], low)
            legal = hand[low:high] or hand
        if len(legal) == 1:
            return legal[0]
        active = [other for other in range(self.n) if self.hands[other]]
        stock_large = len(self.stock) >= len(active)
        if led is None:
            return self._lead(seat, list(legal), [other for other in active if other != seat], stock_large)
        return self._follow(list(legal), led, best, stock_large)

    # --- the rules (playout._run, engine.apply) ------------------------------------------------
    def play(self) -> int:
        """Play to the end; the winner."""
        hands, stock, n = self.hands, self.stock, self.n
        rotation = ROTATIONS[n]
        if self.namer is not None:
            self.naming_after = False  # the first trick is won: this is its naming
            self._named(self.namer)
        while True:
            out_at_once = self.instant or (self.out_when_stock_empty and not stock)
            order = self.order
            plays: list[tuple[int, int]] = []
            led, best, best_seat = None, -2, -1
            for seat, card in zip(order, self.trick, strict=False):
                plays.append((seat, card))
                led = card // 13 if led is None else led
                strength = STRENGTH[self.trump][led]
                if strength[card] > best:
                    best, best_seat = strength[card], seat
            for at in range(len(self.trick), len(order)):
                seat = order[at]
                card = self._choose(seat, led, best)
                hand = hands[seat]
                hand.pop(bisect_left(hand, card))
                if led is None:
                    led = card // 13
                    self.trump_lead_due = False
                elif card // 13 != led:
                    self.current_voids.append((seat, led))
                plays.append((seat, card))
                self.played[card] = True
                self.played_by[seat] += 1
                if self.log is not None:
                    self.log.append((seat, card))
                if STRENGTH[self.trump][led][card] > best:
                    best, best_seat = STRENGTH[self.trump][led][card], seat
                if out_at_once and not hand and at < len(order) - 1:  # a trick its card ends is resolved
                    holders = [other for other in range(n) if hands[other]]
                    if len(holders) == 1:
                        return holders[0]
            self.trick = []
            winner = best_seat
            hand = hands[winner]
            drawn = 0
            if stock and (hand or not self.instant):
                count = min(len(order), len(stock)) if self.draw_per_card else 1
                for _ in range(count):
                    insort(hand, stock.pop())
                drawn = count
            drew_last = drawn > 0 and not stock
            self.tricks.append((winner, self._full(winner, plays), tuple(self.current_voids)))
            self.current_voids = []
            self.order = [seat for seat in rotation[winner] if hands[seat]]
            if self.exhaustion_end and drew_last:
                return winner
            if len(self.order) < 2:
                return self.order[0] if self.order else winner
            if self.naming_after:
                self.naming_after = False
                self._named(winner)

    def _named(self, seat: int) -> None:
        self.trump = self._name_trump(seat)
        if self.log is not None:
            self.log.append((seat, -1 - self.trump))


def tips_winner(state: State) -> int:
    """Who wins ``state`` played on by four ``tips`` players (as ``play_loop.finish`` would say)."""
    return _Hand(state).play()


def tips_plays(state: State) -> tuple[int, list[tuple[int, int]]]:
    """The winner and every play on the way, (seat, card), a trump named as (seat, -1 - suit): for tests."""
    hand = _Hand(state)
    hand.log = []
    return hand.play(), hand.log
