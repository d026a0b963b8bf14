"""The coach: each legal card's chance to win the hand, from what the seat knows.

``coach(state_or_view, seat)`` returns one ``CardAdvice`` per legal action of
the seat to act, best first. Each estimate comes from rollouts: deal the cards
the seat cannot see at random, consistently with everything public
(``sample_world``), play the candidate card, then play the hand out with
uniformly random legal cards for everyone (``lingerlonger.fast``). The same
sampled worlds serve every candidate, so their differences are not noise of
the deal. ``win_rate`` is the share of rollouts the seat won; ``low``–``high``
is its 95% Wilson interval. Rollouts stop at ``rollouts`` per card or when
``budget_s`` seconds have passed, whichever comes first (``budget_s=None``:
no time limit, and then a seeded call is reproducible). About 1,000 rollouts a
card give an interval of ±3%.

What a seat knows, and so what ``sample_world`` respects: its own hand, every
card played, hand sizes and the stock size, the revealed trump card while its
holder keeps it (rule 6 of book/rules-reference.md), the face-up bottom card of
the stock under random-trump, and *shown voids*: a seat that did not follow suit X held no X
then, and since then can hold at most as many X as it has drawn cards. The
rollouts model the other players as random, so a win rate is the chance
against random play from here on; it ranks cards, it does not promise a result.

The UI asks for a hint like this (a State is turned into the seat's view first,
so the coach never reads a hidden card):

>>> from lingerlonger.engine import new_hand
>>> from lingerlonger.rules import Rules
>>> state, _ = new_hand(Rules(), 4, dealer=3, seed=11)
>>> advice = coach(state, seat=0, budget_s=None, rollouts=200, seed=1)
>>> sorted(str(a.card) for a in advice) == sorted(str(c) for c in state.hands[0])
True
>>> all(a.low <= a.win_rate <= a.high and a.rollouts == 200 for a in advice)
True
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Sequence

from .cards import CARDS, SUIT_OF, Card, Suit
from .engine import Action, ChooseTrump, Play, SeatView, State, apply, view as seat_view
from .fast import ROTATIONS, Position, playout
from .i18n import DEFAULT_LANGUAGE, translate

__all__ = ["CardAdvice", "coach", "evaluate", "sample_world", "hand_limits", "void_caps",
           "wilson_interval", "draws_per_trick"]

Z_95 = 1.959963984540054


def wilson_interval(wins: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (sound near 0% and 100%, unlike ±2σ).

    >>> low, high = wilson_interval(25, 100)
    >>> round(low, 3), round(high, 3)
    (0.175, 0.343)
    """
    if trials <= 0:
        return 0.0, 1.0
    rate = wins / trials
    denominator = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / denominator
    # The interval always holds the observed rate; clamping to it keeps rounding (e.g. 0 wins
    # in 7) from putting a bound a hair on the wrong side, which error bars refuse.
    return max(0.0, min(rate, centre - half)), min(1.0, max(rate, centre + half))


@dataclass(frozen=True, slots=True)
class CardAdvice:
    """One legal action's estimated chance to win the hand.

    ``card`` is the card to play; under grand-coup, when the seat must name
    trump, ``card`` is None and ``suit`` names the candidate trump instead.
    """

    card: Card | None
    win_rate: float
    low: float
    high: float
    rollouts: int
    suit: Suit | None = None

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The card ("10♥"), or the suit to name as trump ("Trump ♥"), in ``lang``."""
        return str(self.card) if self.card is not None else f"{translate('table.trump', lang)} {self.suit}"


# --- what the seat knows ----------------------------------------------------------

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
        went_out = (rules.instant_elimination and trick.winner in view.out
                    and last_trick_of[trick.winner] == t
                    and trick.winner not in {seat for seat, _ in view.current_plays})
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
    for trick, count in zip(view.history, full):
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
    draws = draws_per_trick(view) + [0]
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

    >>> from lingerlonger.engine import from_position, apply, view
    >>> from lingerlonger.rules import Rules
    >>> state = from_position(Rules(), "ABC", dealer="C", leader="A", trump="♥",
    ...                       hands={"A": "K♣ 7♦", "B": "3♠ Q♠", "C": "2♣ 5♦"}, stock="9♦")
    >>> for play in ["A K♣", "B 3♠", "C 2♣"]:
    ...     state, _ = apply(state, state.play(play))
    >>> void_caps(view(state, 0))[1]    # B showed no clubs and drew nothing since
    [None, None, None, 0]
    """
    return [[seat_limits.get((suit * 13, suit * 13 + 13)) for suit in range(4)]
            for seat_limits in hand_limits(view)]


def _active_order(view: SeatView) -> tuple[int, ...]:
    """The seats playing the current trick: holders when it started, clockwise from the leader."""
    played = {seat for seat, _ in view.current_plays}
    return tuple(seat for seat in ROTATIONS[len(view.players)][view.leader]
                 if view.hand_sizes[seat] or seat in played)


def sample_world(view: SeatView, rng: random.Random, sensible: bool = False) -> State:
    """A full ``State`` the seat cannot tell from the real one: ``view(world, seat) == view``.

    The unseen cards are dealt at random to the other hands and the stock,
    respecting hand sizes, known holders and shown voids (``hand_limits``; with
    ``sensible``, its assumptions about how people follow suit too). Seats
    with limits are filled first, from the cards they may hold; if that fails
    after a few shuffles (limits competing for few cards) the limits are
    dropped rather than refuse a hint. Under a position set up mid-way, cards missing
    from it are out of play but the view cannot say which: any may be left out.
    """
    n, seat = len(view.players), view.seat
    known = {card: holder for holder, card in view.known}
    seen = set(view.hand) | set(known)
    seen.update(card for trick in view.history for _, card in trick.plays)
    seen.update(card for _, card in view.current_plays)
    if view.stock_bottom is not None:
        seen.add(view.stock_bottom)
    unseen = [card for card in CARDS if card not in seen]
    slots = [0 if other == seat else view.hand_sizes[other] for other in range(n)]
    for card, holder in known.items():
        slots[holder] -= 1
    stock_slots = view.stock_size - (view.stock_bottom is not None)
    if min(slots) < 0 or stock_slots < 0 or sum(slots) + stock_slots > len(unseen):
        raise ValueError("this view is inconsistent: more hidden places than unseen cards")
    limits = hand_limits(view, sensible)
    for card, holder in known.items():
        limits[holder] = {(low, high): max(0, cap - (low <= card < high))
                          for (low, high), cap in limits[holder].items()}
    constrained = [other for other in range(n) if slots[other] and limits[other]]
    hands = None
    for _ in range(20):
        hands = _deal_hidden(unseen, slots, limits, constrained, rng)
        if hands is not None:
            break
    if hands is None:
        hands = _deal_hidden(unseen, slots, limits, [], rng)
    pool = hands.pop()
    for card, holder in known.items():
        hands[holder].append(card)
    hands[seat] = list(view.hand)
    stock = pool[:stock_slots] + ([view.stock_bottom] if view.stock_bottom is not None else [])
    won: list[tuple[Card, ...]] = [()] * n
    for trick in view.history:
        won[trick.winner] += tuple(card for _, card in trick.plays)
    grand_coup_naming = (view.rules.grand_coup and view.trump is None and view.history
                         and view.to_act is not None)
    return State(rules=view.rules, players=view.players, dealer=view.dealer,
                 hands=tuple(tuple(hand) for hand in hands), stock=tuple(stock), trump=view.trump,
                 trump_card=view.trump_card, leader=view.leader, order=_active_order(view),
                 trick=tuple(card for _, card in view.current_plays), won=tuple(won),
                 tricks_won=view.tricks_won, out=view.out, history=view.history,
                 trump_lead_due=view.trump_lead_due,
                 namer=view.to_act if grand_coup_naming else None)


def _deal_hidden(unseen: list[Card], slots: list[int], limits: Limits,
                 constrained: list[int], rng: random.Random) -> list[list[Card]] | None:
    """Hands for the hidden slots plus, last, the shuffled rest (None if a limit cannot be met)."""
    pool = unseen[:]
    rng.shuffle(pool)
    hands: list[list[Card]] = [[] for _ in slots]

    def spans(holder: int, card: Card) -> list[tuple[int, int]]:
        return [(low, high) for low, high in limits[holder] if low <= card < high]

    def allowed(holder: int) -> int:
        return sum(all(limits[holder][span] for span in spans(holder, card)) for card in pool)

    for holder in sorted(constrained, key=allowed):
        room = dict(limits[holder])
        rest = []
        for card in pool:
            covering = spans(holder, card)
            if len(hands[holder]) < slots[holder] and all(room[span] > 0 for span in covering):
                hands[holder].append(card)
                for span in covering:
                    room[span] -= 1
            else:
                rest.append(card)
        if len(hands[holder]) < slots[holder]:
            return None
        pool = rest
    for holder, size in enumerate(slots):
        missing = size - len(hands[holder])
        hands[holder] += pool[:missing]
        pool = pool[missing:]
    hands.append(pool)
    return hands


# --- rollouts ----------------------------------------------------------------------

def _candidates(view: SeatView) -> list[Action]:
    if view.must_name_trump:
        return [ChooseTrump(view.seat, suit) for suit in Suit]
    return [Play(view.seat, card) for card in view.legal]


def evaluate(view: SeatView, rng: random.Random, rollouts: int = 1000,
             budget_s: float | None = None, policy: str = "random",
             sensible: bool = False) -> list[tuple[Action, int, int]]:
    """(action, wins, rollouts) for each legal action, one shared sampled world per round.

    ``policy``: how everyone plays after the candidate (see ``fast.playout``);
    ``sensible``: sample worlds assuming the others follow suit sensibly (``hand_limits``).
    """
    seat = view.seat
    candidates = _candidates(view)
    wins = [0] * len(candidates)
    done = 0
    deadline = None if budget_s is None else time.perf_counter() + budget_s
    while done < rollouts and (deadline is None or done == 0 or time.perf_counter() < deadline):
        world = sample_world(view, rng, sensible)
        for i, action in enumerate(candidates):
            after, _ = apply(world, action)
            if after.winner is not None:
                wins[i] += after.winner == seat
            else:
                wins[i] += playout(Position.from_state(after), rng, policy)[0] == seat
        done += 1
    return [(action, won, done) for action, won in zip(candidates, wins)]


def coach(state_or_view: State | SeatView, seat: int | None = None, budget_s: float | None = 2.0,
          rollouts: int = 1000, seed: int | random.Random | None = None,
          policy: str = "random") -> list[CardAdvice]:
    """Advice for every legal action of ``seat`` (default: the seat to act), best first.

    ``state_or_view``: an engine ``State`` (only ``view(state, seat)`` is read)
    or that seat's ``SeatView``. ``rollouts``: the most per card; ``budget_s``:
    the most seconds in all (None: no limit). ``policy``: how everyone plays
    after the card (``fast.playout``; "random" by default). Returns [] when the
    seat has nothing to decide (not its turn, or the hand is over).
    """
    if isinstance(state_or_view, State):
        seat = state_or_view.to_act if seat is None else seat
        if seat is None:
            return []
        known = seat_view(state_or_view, seat)
    else:
        known = state_or_view
        if seat is not None and seat != known.seat:
            raise ValueError(f"this view is seat {known.seat}'s, not seat {seat}'s")
    if known.to_act != known.seat:
        return []
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    advice = []
    for action, won, done in evaluate(known, rng, rollouts, budget_s, policy):
        low, high = wilson_interval(won, done)
        card = action.card if isinstance(action, Play) else None
        suit = action.suit if isinstance(action, ChooseTrump) else None
        advice.append(CardAdvice(card, won / done, low, high, done, suit))
    return sorted(advice, key=lambda a: -a.win_rate)


def best_action(results: Sequence[tuple[Action, int, int]]) -> Action:
    """The action with the most wins (the first listed on a tie)."""
    return max(results, key=lambda result: result[1])[0]
