"""The playout kernel: a hand played to its end on plain lists, for rollouts (coach, expert, benchmarks).

``engine.apply`` is the reference: immutable, checked, with events, and about
30,000 plays a second. Monte Carlo players need hundreds of thousands of plays
per decision, so this module plays the same rules on plain lists: each hand a
sorted list of card ints (a suit is a contiguous run, found by ``bisect``),
the stock a list with its top card last (``pop``), and the trick winner kept
incrementally through a precomputed strength table. It covers every profile
and variant, starts from any engine ``State`` (mid-trick, or while trump is
being named), and returns only the winner and the reason — optionally a trace
of every trick for tests and plots.

Random choices follow one contract, so that a driver of ``engine.apply`` can
reproduce a playout exactly (``tests/test_playout.py`` does, over every rule
set): a choice among ``k > 1`` options consumes one ``random()`` and takes
option ``int(random() * k)``; a single option consumes nothing. Cards are
chosen among the legal cards sorted by card index; a trump to name among the
suits in ``Suit`` order.

>>> from lingerlonger.game.engine import new_hand
>>> from lingerlonger.game.rules import Rules
>>> state, _ = new_hand(Rules.parse("standard"), 4, dealer=0, seed=7)
>>> position = KernelPosition.from_state(state)
>>> winner, reason = playout(position.copy(), random.Random(1))
>>> winner == playout(position.copy(), random.Random(1))[0], isinstance(reason, EndReason)
(True, True)
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from lingerlonger.game.cards import CARDS
from lingerlonger.game.declared import PLAYERS, Game
from lingerlonger.game.engine import State
from lingerlonger.game.events import EndReason
from lingerlonger.game.rules import Rules

__all__ = ["KernelPosition", "KernelRules", "TrickRecord", "POLICIES", "playout", "traced_playout", "NO_TRUMP"]

#: The trump index used when no suit is trump (no-trump, or grand-coup's first trick).
NO_TRUMP = 4
_EXHAUSTION, _LAST_HOLDER, _LAST_TRICK = EndReason.EXHAUSTION, EndReason.LAST_HOLDER, EndReason.LAST_TRICK


def _strengths(trump: int, led: int) -> tuple[int, ...]:
    """Per card: 100 + index for a trump, the index for the led suit, −1 for a card that cannot win."""
    return tuple(100 + card if card // 13 == trump else card if card // 13 == led else -1 for card in range(len(CARDS)))


#: STRENGTH[trump][led][card]: the highest value in a trick wins it (rule 9 of book/rules-reference.md).
STRENGTH = tuple(tuple(_strengths(trump, led) for led in range(4)) for trump in range(NO_TRUMP + 1))
#: ROTATIONS[n][seat]: the n seats clockwise from ``seat``.
ROTATIONS = {n: tuple(tuple((seat + i) % n for i in range(n)) for seat in range(n)) for n in PLAYERS.options}
_SUIT_START = tuple(range(0, len(CARDS) + 1, 13))  # where each suit's cards start, and the end


@dataclass(frozen=True, slots=True)
class KernelRules:
    """What the kernel asks of a ``Rules`` value, as plain flags: derived once per rule set."""

    draw_per_card: bool
    instant_elimination: bool  # out at once whatever the stock
    out_when_stock_empty: bool  # out at once once the stock is empty (standard, rule 13)
    exhaustion_end: bool

    @staticmethod
    @cache
    def of(rules: Rules) -> KernelRules:
        """The flags of ``rules`` (cached: a rule set is translated once, not per position)."""
        return KernelRules(
            rules.draw_per_card,
            rules.out_at_once(stock_empty=False),
            rules.out_at_once(stock_empty=True),
            rules.exhaustion_end,
        )


@dataclass(slots=True)
class KernelPosition:
    """The mutable form of a ``State`` that ``playout`` consumes (``copy`` it for each rollout)."""

    players: int
    hands: list[list[int]]  # each sorted by card index
    stock: list[int]  # top card last
    trump: int  # 0..3, or NO_TRUMP
    order: list[int]  # seats playing the current trick, from its leader
    played: list[int]  # cards already played to it, aligned with ``order``
    trump_lead_due: bool
    name_trump_now: bool  # grand-coup: the first trick is won, its winner names trump first
    name_trump_after_trick: bool  # grand-coup: the current trick is played without trump
    kernel_rules: KernelRules

    @classmethod
    def from_state(cls, state: State) -> KernelPosition:
        if state.winner is not None:
            raise ValueError("the hand is over: there is nothing left to play out")
        return cls(
            players=len(state.players),
            hands=[sorted(hand) for hand in state.hands],
            stock=list(reversed(state.stock)),
            trump=NO_TRUMP if state.trump is None else int(state.trump),
            order=list(state.order),
            played=list(state.trick),
            trump_lead_due=state.trump_lead_due,
            name_trump_now=state.namer is not None,
            name_trump_after_trick=state.naming_trump_after_trick,
            kernel_rules=KernelRules.of(state.rules),
        )

    @classmethod
    def deal(cls, game: Game, dealer: int, deck: Sequence[int]) -> KernelPosition:
        """The position ``engine.deal`` reaches from the same deck (top first), without the State.

        For benchmarks and mass simulation (``game`` is checked once, not per deal);
        ``tests/test_playout.py`` checks it equals ``KernelPosition.from_state(engine.deal(...))``
        for every rule set.
        """
        rules, players, size = game.rules, game.players, game.hand_size
        dealt = size * players
        # The deal goes round from the dealer's left: seat s gets every n-th card from its turn.
        hands = [sorted(deck[(seat - dealer - 1) % players : dealt : players]) for seat in range(players)]
        stock = list(deck[dealt:])
        trump = NO_TRUMP
        if rules.trump_revealed_from_deal:
            trump = deck[dealt - 1] // 13
        elif rules.random_trump:
            stock.append(stock.pop(0))  # turned up, then face up at the bottom
            trump = stock[-1] // 13
        stock.reverse()
        return cls(
            players,
            hands,
            stock,
            trump,
            list(ROTATIONS[players][(dealer + 1) % players]),
            [],
            rules.trump_lead and trump != NO_TRUMP,
            False,
            rules.grand_coup,
            KernelRules.of(rules),
        )

    def copy(self) -> KernelPosition:
        return KernelPosition(
            self.players,
            [hand[:] for hand in self.hands],
            self.stock[:],
            self.trump,
            self.order[:],
            self.played[:],
            self.trump_lead_due,
            self.name_trump_now,
            self.name_trump_after_trick,
            self.kernel_rules,
        )


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """One trick of a traced playout: what an engine replay of it must show too."""

    trump_named: int | None  # grand-coup: the suit named before this trick
    plays: tuple[tuple[int, int], ...]
    winner: int | None  # None: the hand ended in the middle of this trick
    drawn: tuple[int, ...]
    eliminated: tuple[int, ...]  # in the order the engine reports them
    hand_sizes: tuple[int, ...]  # after the trick


POLICIES = ("random", "greedy")


def playout(position: KernelPosition, rng: random.Random, policy: str = "random") -> tuple[int, EndReason]:
    """Play ``position`` (consumed) to the end: (winner, reason).

    ``policy``: "random" plays uniformly random legal cards; "greedy" models
    a sensible player for Monte Carlo rollouts, as the tips do: follow with the
    cheapest card that takes the trick as it stands, else throw the lowest card
    (off-trump first); lead a card nobody can beat or ruff, else the weakest
    card. Greedy players see the whole (sampled) position, so use it only on a
    sampled world. Either way every card is legal: only the choice differs.
    """
    return _run(position, rng.random, None, _greedy(policy))


def _greedy(policy: str) -> bool:
    if policy not in POLICIES:
        raise ValueError(f"unknown playout policy {policy!r}: expected one of {', '.join(POLICIES)}")
    return policy == "greedy"


def traced_playout(
    position: KernelPosition, rng: random.Random, policy: str = "random"
) -> tuple[int, str, list[TrickRecord]]:
    """Like ``playout``, also returning every trick (slower; for tests and plots)."""
    trace: list[TrickRecord] = []
    winner, reason = _run(position, rng.random, trace, _greedy(policy))
    return winner, reason, trace


def _greedy_lead(hands: list[list[int]], seat: int, low: int, high: int, trump: int) -> int:
    """The cheapest sure winner off trump, else the weakest card off trump, else the lowest trump."""
    hand = hands[seat]
    others = [other for other in hands if other and other is not hand]
    weakest = -1
    for i in range(low, high):
        card = hand[i]
        suit = card // 13
        if suit == trump:
            continue
        if weakest < 0 or card % 13 < hand[weakest] % 13:
            weakest = i
        start, end = _SUIT_START[suit], _SUIT_START[suit + 1]
        sure = True
        for other in others:
            first = bisect_left(other, start)
            holds_suit = first < len(other) and other[first] < end
            if (holds_suit and other[bisect_left(other, end) - 1] > card) or (
                not holds_suit
                and trump != NO_TRUMP
                and bisect_left(other, _SUIT_START[trump]) < bisect_left(other, _SUIT_START[trump + 1])
            ):
                sure = False
                break
        if sure:
            return i
    return weakest if weakest >= 0 else low


def _greedy_follow(
    hand: list[int], low: int, count: int, following: bool, strength: tuple[int, ...], best: int, trump: int
) -> int:
    """The cheapest card that takes the trick, else the lowest of the led suit, else the weakest off trump."""
    for i in range(low, low + count):  # ascending within a suit: the first winner is the cheapest
        if strength[hand[i]] > best:
            return i
    if following:
        return low
    return min(range(len(hand)), key=lambda i: (hand[i] // 13 == trump, hand[i] % 13))


def _last_holder(hands: list[list[int]]) -> int:
    """The one seat still holding cards, or −1 if there are more (the mid-trick end of rule 13)."""
    holder = -1
    for seat, hand in enumerate(hands):
        if hand:
            if holder >= 0:
                return -1
            holder = seat
    return holder


def _ended_mid_trick(
    holder: int,
    trace: list[TrickRecord] | None,
    trump_named: int | None,
    plays: list[tuple[int, int]],
    eliminated: list[int],
    hands: list[list[int]],
) -> tuple[int, EndReason]:
    """The last holder wins at once; a trace keeps the unfinished trick, with no winner."""
    if trace is not None:
        trace.append(
            TrickRecord(trump_named, tuple(plays), None, (), tuple(eliminated), tuple(len(hand) for hand in hands))
        )
    return holder, _LAST_HOLDER


def _run(
    position: KernelPosition, random: Callable[[], float], trace: list[TrickRecord] | None, greedy: bool = False
) -> tuple[int, EndReason]:
    """The kernel. Locals only in the loops; each branch mirrors a step of ``engine.apply``."""
    hands, stock, trump = position.hands, position.stock, position.trump
    order, played = position.order, position.played
    rotation = ROTATIONS[position.players]
    kernel_rules = position.kernel_rules
    draw_per_card = kernel_rules.draw_per_card
    instant = kernel_rules.instant_elimination
    out_when_stock_empty = kernel_rules.out_when_stock_empty
    exhaustion_end = kernel_rules.exhaustion_end
    trump_lead_due = position.trump_lead_due
    naming_after = position.name_trump_after_trick
    tracing = trace is not None
    trump_named = None
    if position.name_trump_now:
        trump = int(random() * 4)
        trump_named, naming_after = trump, False
    while True:
        plays: list[tuple[int, int]] = []
        eliminated: list[int] = []
        out_at_once = instant or (out_when_stock_empty and not stock)
        if played:  # a trick already under way when the playout starts
            led = played[0] // 13
            strength = STRENGTH[trump][led]
            best, best_seat = -2, -1
            for seat, card in zip(order, played, strict=False):  # not every seat has played yet
                if strength[card] > best:
                    best, best_seat = strength[card], seat
                if tracing:
                    plays.append((seat, card))
            followers = order[len(played) :]
            played = []
        else:
            seat = order[0]
            hand = hands[seat]
            low, high = 0, len(hand)
            if trump_lead_due:
                trump_lead_due = False
                if trump != NO_TRUMP:
                    trump_low = bisect_left(hand, _SUIT_START[trump])
                    trump_high = bisect_left(hand, _SUIT_START[trump + 1], trump_low)
                    if trump_high > trump_low:
                        low, high = trump_low, trump_high
            count = high - low
            if greedy:
                card = hand.pop(_greedy_lead(hands, seat, low, high, trump))
            else:
                card = hand.pop(low + int(random() * count) if count > 1 else low)
            led = card // 13
            strength = STRENGTH[trump][led]
            best, best_seat = strength[card], seat
            if tracing:
                plays.append((seat, card))
            if out_at_once and not hand:
                eliminated.append(seat)
                last = _last_holder(hands)
                if last >= 0:
                    return _ended_mid_trick(last, trace, trump_named, plays, eliminated, hands)
            followers = order[1:]
        suit_low, suit_high = _SUIT_START[led], _SUIT_START[led + 1]
        for seat in followers:
            hand = hands[seat]
            low = bisect_left(hand, suit_low)
            count = bisect_left(hand, suit_high, low) - low
            following = count > 0
            if not following:
                low, count = 0, len(hand)
            if greedy:
                card = hand.pop(_greedy_follow(hand, low, count, following, strength, best, trump))
            else:
                card = hand.pop(low + int(random() * count) if count > 1 else low)
            if strength[card] > best:
                best, best_seat = strength[card], seat
            if tracing:
                plays.append((seat, card))
            if out_at_once and not hand:
                eliminated.append(seat)
                if seat != order[-1]:  # a trick finished by this card is resolved as usual
                    last = _last_holder(hands)
                    if last >= 0:
                        return _ended_mid_trick(last, trace, trump_named, plays, eliminated, hands)
        # Resolve: the winner draws, then the empty-handed go out, then the end check.
        winner = best_seat
        hand = hands[winner]
        drew_last = False
        drawn: tuple[int, ...] = ()
        if stock and (hand or not instant):
            if draw_per_card:
                count = min(len(order), len(stock))
                drawn = tuple(stock[-count:][::-1])
                del stock[-count:]
                for card in drawn:
                    insort(hand, card)
            else:
                drawn = (stock.pop(),)
                insort(hand, drawn[0])
            drew_last = not stock
        if tracing and not out_at_once:
            eliminated = [seat for seat in order if not hands[seat]]
        order = [seat for seat in rotation[winner] if hands[seat]]
        if trace is not None:
            trace.append(
                TrickRecord(trump_named, tuple(plays), winner, drawn, tuple(eliminated), tuple(len(h) for h in hands))
            )
            trump_named = None
        if exhaustion_end and drew_last:
            return winner, _EXHAUSTION
        if len(order) < 2:
            return (order[0], _LAST_HOLDER) if order else (winner, _LAST_TRICK)
        if naming_after:
            trump = int(random() * 4)
            trump_named, naming_after = trump, False
