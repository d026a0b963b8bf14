"""What a seat can infer from what it sees: the cards others may hold, and worlds to match.

A seat sees its own hand, every card played, hand sizes and the stock size, the
revealed trump card while its holder keeps it (rule 6 of book/rules-reference.md),
the face-up bottom card of the stock under random-trump, and *shown voids*: a seat
that did not follow suit X held no X then, and since then can hold at most as many
X as it has drawn cards. ``hand_limits`` and ``void_caps`` turn that into limits;
``sample_world`` deals the unseen cards at random within them, so that a rollout
(``coach``, the expert player) starts from a world the seat cannot tell from the real one.

>>> from lingerlonger.game.engine import new_hand
>>> from lingerlonger.game.seat_view import view
>>> from lingerlonger.game.rules import Rules
>>> state, _ = new_hand(Rules(), 4, dealer=3, seed=11)
>>> world = sample_world(view(state, 0), random.Random(1))
>>> view(world, 0) == view(state, 0), world.hands[0] == state.hands[0]
(True, True)
"""

from __future__ import annotations

import random

from lingerlonger.computer.playout import ROTATIONS
from lingerlonger.game.cards import CARDS, SUIT_OF, Card
from lingerlonger.game.engine import State
from lingerlonger.game.seat_view import SeatView

__all__ = ["sample_world", "WorldSampler", "hand_limits", "void_caps", "draws_per_trick", "Limits"]


def draws_per_trick(view: SeatView) -> list[int]:
    """How many cards each completed trick's winner drew — exact, or an upper bound.

    Nobody's draw is shown, only hand sizes, so the counts are inferred: while
    the stock is not empty every winner drew in full (one card, or one per card
    played with draw-per-card), except an instant-elimination winner who had
    just played their last card. Once the stock has run out, the dealt hand
    size (checked against every seat's present hand size) tells when; a
    position set up mid-way (no dealt sizes) gets the full count, an upper bound.
    """
    rules, n = view.rules, len(view.players)
    last_trick_of = {seat: t for t, trick in enumerate(view.history) for seat, _ in trick.plays}
    full = []
    for t, trick in enumerate(view.history):
        went_out = (
            rules.instant_elimination
            and trick.winner in view.out
            and last_trick_of[trick.winner] == t
            and trick.winner not in {seat for seat, _ in view.current_plays}
        )
        full.append(0 if went_out else len(trick.plays) if rules.draw_per_card else 1)
    if view.stock_size > 0:
        return full
    played = [0] * n
    for trick in view.history:
        for seat, _ in trick.plays:
            played[seat] += 1
    for seat, _ in view.current_plays:
        played[seat] += 1
    dealt = rules.cards_per_player(n)
    drawn_by = [view.hand_sizes[seat] - dealt + played[seat] for seat in range(n)]
    stock, actual, simulated = sum(drawn_by), [], [0] * n
    for trick, count in zip(view.history, full, strict=True):
        drawn = min(count, stock)
        stock -= drawn
        actual.append(drawn)
        simulated[trick.winner] += drawn
    return actual if simulated == drawn_by and min(drawn_by) >= 0 else full


Limits = list[dict[tuple[int, int], int]]


def hand_limits(view: SeatView, sensible: bool = False) -> Limits:
    """``limits[seat][(low, high)] = cap``: the seat holds at most ``cap`` cards with index in [low, high).

    Sound inference: a seat that did not follow a led suit held none of it.
    With ``sensible``, an assumption about the players too: a player who
    followed a plain (non-trump) suit before anyone trumped played the cheapest
    card that took the trick, or their lowest if none could — so a follower who
    stayed below the best card held nothing above it, and one who took the lead
    held nothing between the old best and their card. The tips and most people
    play so; random players do not. Either way only cards drawn since (in that
    trick's draw or later) can break a limit, so each cap grows with every draw.
    """
    n, trump = len(view.players), view.trump
    limits: Limits = [{} for _ in range(n)]

    def limit(seat: int, low: int, high: int) -> None:
        if high > low:
            limits[seat][(low, high)] = 0

    tricks = [trick.plays for trick in view.history]
    if view.current_plays:
        tricks.append(view.current_plays)
    draws = [*draws_per_trick(view), 0]
    for t, plays in enumerate(tricks):
        best = plays[0][1]
        led = SUIT_OF[best]
        suit_start = led * 13
        trumped = False
        for seat, card in plays[1:]:
            if SUIT_OF[card] != led:
                limit(seat, suit_start, suit_start + 13)
                trumped = trumped or SUIT_OF[card] == trump
            elif sensible and not trumped and led != trump:
                limit(seat, best + 1, suit_start + 13 if card < best else card)
            if SUIT_OF[card] == led and card > best:
                best = card
        if t < len(view.history):
            winner = view.history[t].winner
            limits[winner] = {span: cap + draws[t] for span, cap in limits[winner].items()}
    return limits


def void_caps(view: SeatView) -> list[list[int | None]]:
    """``caps[seat][suit]``: the most cards of that suit the seat can hold now (None: no limit).

    A seat that did not follow a led suit held none of it; only cards it drew
    since (in that trick's draw or later) can be of that suit.

    >>> from lingerlonger.game.engine import from_position, apply
    >>> from lingerlonger.game.seat_view import view
    >>> from lingerlonger.game.rules import Rules
    >>> state = from_position(Rules(), "ABC", dealer="C", leader="A", trump="♥",
    ...                       hands={"A": "K♣ 7♦", "B": "3♠ Q♠", "C": "2♣ 5♦"}, stock="9♦")
    >>> for play in ["A K♣", "B 3♠", "C 2♣"]:
    ...     state, _ = apply(state, state.play(play))
    >>> void_caps(view(state, 0))[1]    # B showed no clubs and drew nothing since
    [None, None, None, 0]
    """
    return [[seat_limits.get((suit * 13, suit * 13 + 13)) for suit in range(4)] for seat_limits in hand_limits(view)]


def _active_order(view: SeatView) -> tuple[int, ...]:
    """The seats playing the current trick: holders when it started, clockwise from the leader."""
    played = {seat for seat, _ in view.current_plays}
    return tuple(seat for seat in ROTATIONS[len(view.players)][view.leader] if view.hand_sizes[seat] or seat in played)


def sample_world(view: SeatView, rng: random.Random, sensible: bool = False) -> State:
    """A full ``State`` the seat cannot tell from the real one: ``view(world, seat) == view``.

    The unseen cards are dealt at random to the other hands and the stock,
    respecting hand sizes, known holders and shown voids (``hand_limits``; with
    ``sensible``, its assumptions about how people follow suit too). Seats
    with limits are filled first, from the cards they may hold; if that fails
    after a few shuffles (limits competing for few cards) the limits are
    dropped rather than refuse a hint. Under a position set up mid-way, cards missing
    from it are out of play but the view cannot say which: any may be left out.
    A searching player samples many worlds of one view: ``WorldSampler`` does the view's
    part once.
    """
    return WorldSampler(view, sensible).sample(rng)


class WorldSampler:
    """``sample_world`` for one view, many times: what depends on the view alone (the unseen
    cards, the hidden places, the limits and which cards each limit covers) is worked out
    once, so each world costs a shuffle and a deal. The same ``rng`` gives the same worlds
    as ``sample_world``."""

    def __init__(self, view: SeatView, sensible: bool = False) -> None:
        n, seat = len(view.players), view.seat
        known = {card: holder for holder, card in view.known}
        seen = set(view.hand) | set(known)
        seen.update(card for trick in view.history for _, card in trick.plays)
        seen.update(card for _, card in view.current_plays)
        if view.stock_bottom is not None:
            seen.add(view.stock_bottom)
        unseen = [card for card in CARDS if card not in seen]
        slots = [0 if other == seat else view.hand_sizes[other] for other in range(n)]
        for holder in known.values():
            slots[holder] -= 1
        stock_slots = view.stock_size - (view.stock_bottom is not None)
        if min(slots) < 0 or stock_slots < 0 or sum(slots) + stock_slots > len(unseen):
            raise ValueError("this view is inconsistent: more hidden places than unseen cards")
        limits = hand_limits(view, sensible)
        for card, holder in known.items():
            limits[holder] = {
                (low, high): max(0, cap - (low <= card < high)) for (low, high), cap in limits[holder].items()
            }
        # Per limited seat, the limits covering each unseen card; the seat with the fewest cards
        # it may hold is filled first (the count does not depend on the shuffle).
        covering = {
            holder: {card: [span for span in limits[holder] if span[0] <= card < span[1]] for card in unseen}
            for holder in range(n)
            if slots[holder] and limits[holder]
        }
        self._constrained = sorted(
            covering,
            key=lambda holder: sum(all(limits[holder][span] for span in covering[holder][card]) for card in unseen),
        )
        self._view, self._known, self._unseen, self._slots = view, known, unseen, slots
        self._stock_slots, self._limits, self._covering = stock_slots, limits, covering
        won: list[tuple[Card, ...]] = [()] * n
        for trick in view.history:
            won[trick.winner] += tuple(card for _, card in trick.plays)
        self._won, self._order = tuple(won), _active_order(view)
        self._trick = tuple(card for _, card in view.current_plays)
        naming = view.rules.grand_coup and view.trump is None and view.history and view.to_act is not None
        self._namer = view.to_act if naming else None

    def sample(self, rng: random.Random) -> State:
        """One world, dealt at random within the limits (without them after 20 failed shuffles)."""
        view = self._view
        hands = None
        for _ in range(20):
            hands = self._deal(rng, self._constrained)
            if hands is not None:
                break
        if hands is None:
            hands = self._deal(rng, [])
            assert hands is not None  # with no seat constrained, a deal always succeeds
        pool = hands.pop()
        for card, holder in self._known.items():
            hands[holder].append(card)
        hands[view.seat] = list(view.hand)
        stock = pool[: self._stock_slots] + ([view.stock_bottom] if view.stock_bottom is not None else [])
        return State(
            rules=view.rules,
            players=view.players,
            dealer=view.dealer,
            hands=tuple(tuple(hand) for hand in hands),
            stock=tuple(stock),
            trump=view.trump,
            trump_card=view.trump_card,
            leader=view.leader,
            order=self._order,
            trick=self._trick,
            won=self._won,
            tricks_won=view.tricks_won,
            out=view.out,
            history=view.history,
            trump_lead_due=view.trump_lead_due,
            namer=self._namer,
        )

    def _deal(self, rng: random.Random, constrained: list[int]) -> list[list[Card]] | None:
        """Hands for the hidden slots plus, last, the shuffled rest (None if a limit cannot be met)."""
        slots = self._slots
        pool = self._unseen[:]
        rng.shuffle(pool)
        hands: list[list[Card]] = [[] for _ in slots]
        for holder in constrained:
            room = dict(self._limits[holder])
            covering = self._covering[holder]
            mine, wanted, rest = hands[holder], slots[holder], []
            for card in pool:
                spans = covering[card]
                if len(mine) < wanted and all(room[span] > 0 for span in spans):
                    mine.append(card)
                    for span in spans:
                        room[span] -= 1
                else:
                    rest.append(card)
            if len(mine) < wanted:
                return None
            pool = rest
        for holder, size in enumerate(slots):
            missing = size - len(hands[holder])
            hands[holder] += pool[:missing]
            pool = pool[missing:]
        hands.append(pool)
        return hands
