"""Why a reviewed card was good or not, as values: the idea at stake and the fact behind it.

A review's verdict is a number until someone says why. ``reason_of`` names, for a moment of
``review.py``, one idea (a tip of chapter 10, or a rule of the Rules reference) and the fact of
the position that brings it into play ("the seat spent its only trump while two cards were
left in the stock", "a lower card would have won the trick as well", "Bruno had shown no
clubs"). ``line_of`` finds a deal, consistent with what the seat could know, where the card
played loses and the better one wins, each played out by the tips players: the line that shows
the verdict can happen, as the course's refutations do. Both are values without words; the
views say them in the reader's language (catalog ``review.why.FACT``, ``review.idea.*``).

>>> from lingerlonger.game.engine import from_position
>>> from lingerlonger.game.rules import Rules
>>> from lingerlonger.game.seat_view import view as seat_view
>>> state = from_position(Rules(), "ABC", dealer="C", leader="B", trump="♥",
...                       hands={"A": "A♣ 7♣ 3♦", "B": "5♣ 6♠", "C": "K♠"}, stock="4♠ 9♦")
>>> state, _ = apply(state, state.play("B 5♣"))
>>> reason = reason_of(seat_view(state, 0), state.play("A A♣"), state.play("A 7♣"))
>>> reason.fact, reason.idea, str(reason.card), str(reason.other)
('cheaper-winner', Idea(kind='rule', number=9), 'A♣', '7♣')
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from lingerlonger.computer.inference import void_caps
from lingerlonger.computer.tips import HIGH_TRUMP_RANK
from lingerlonger.computer.tips_playout import tips_plays
from lingerlonger.game.cards import Card, Suit
from lingerlonger.game.engine import Action, ChooseTrump, Play, State, apply, trick_winner
from lingerlonger.game.seat_view import SeatView

__all__ = ["Idea", "Reason", "Line", "FACTS", "reason_of", "luck_holder", "line_of", "LINE_TRIES"]

#: Every fact a reason may state (catalog ``review.why.FACT`` in each language).
FACTS = (
    "cheaper-winner",
    "only-trump",
    "high-trump",
    "spent-trump",
    "cannot-win",
    "could-win-full",
    "could-win-clock",
    "void",
    "trump-named",
    "played-out",
    "good-cheapest-winner",
    "good-win-full",
    "good-weakest",
    "good-void",
    "good-kept-trump",
    "good-clock",
    "good-trump-named",
    "good-played-out",
)
#: How many deals ``line_of`` tries before it gives up on finding one that shows the verdict.
LINE_TRIES = 60


@dataclass(frozen=True, slots=True)
class Idea:
    """A tip of chapter 10 (``kind="tip"``, 1 to 6) or a rule of the Rules reference (``"rule"``)."""

    kind: str
    number: int


@dataclass(frozen=True, slots=True)
class Reason:
    """``fact`` (one of ``FACTS``) about ``card`` (the card played; a suit under grand-coup) and
    ``other`` (the better card, or the one compared), with ``seat`` (a seat the fact names),
    ``suit`` and ``count`` (cards left in the stock, unless the fact says otherwise)."""

    fact: str
    idea: Idea
    card: Card | Suit
    other: Card | Suit | None = None
    seat: int | None = None
    suit: Suit | None = None
    count: int = 0


@dataclass(frozen=True, slots=True)
class Line:
    """A deal (``world``: every hand and the stock) consistent with what the seat knew, and the
    actions from the card played to the hand's end, the tips players deciding; ``winner`` won it,
    and with ``better`` played instead ``better_winner`` would have."""

    world: State
    actions: tuple[Action, ...]
    winner: int
    better: Action
    better_winner: int


def _is_trump(card: Card, view: SeatView) -> bool:
    return view.trump is not None and card.suit == view.trump


def _wins_now(card: Card, view: SeatView) -> bool:
    """``card`` takes the trick as it stands (the seat is not leading)."""
    cards = [played for _, played in view.current_plays] + [card]
    return trick_winner(cards, view.trump) == len(cards) - 1


def _stock_low(view: SeatView) -> bool:
    """The stock cannot give every seat still in one more card: the clock is striking (tip 1)."""
    return view.stock_size < sum(1 for size in view.hand_sizes if size)


def _void_seat(suit: Suit, view: SeatView) -> int | None:
    """The first opponent still in, in play order, who has shown it holds none of ``suit``."""
    caps = void_caps(view)
    n = len(view.players)
    for step in range(1, n):
        seat = (view.seat + step) % n
        if view.hand_sizes[seat] and caps[seat][suit] == 0:
            return seat
    return None


def reason_of(view: SeatView, played: Action, better: Action) -> Reason:
    """Why ``played`` was worse than ``better`` (``better == played``: why it was good), from
    what the seat could see then (``view``): the first fact of the position that applies."""
    if isinstance(played, ChooseTrump):
        assert isinstance(better, ChooseTrump)
        fact = "good-trump-named" if better == played else "trump-named"
        return Reason(fact, Idea("rule", 25), played.suit, better.suit)
    assert isinstance(played, Play) and isinstance(better, Play)
    if better == played:
        return _good(view, played.card)
    return _worse(view, played.card, better.card)


def _worse(view: SeatView, card: Card, other: Card) -> Reason:
    stock, following = view.stock_size, bool(view.current_plays)
    trumps = [held for held in view.hand if _is_trump(held, view)]
    cheaper = other.suit == card.suit and other.rank < card.rank
    if following and cheaper and _wins_now(card, view) and _wins_now(other, view):
        high = _is_trump(card, view) and card.rank >= HIGH_TRUMP_RANK and stock
        return Reason("cheaper-winner", Idea("tip", 3) if high else Idea("rule", 9), card, other, count=stock)
    if _is_trump(card, view) and not _is_trump(other, view) and stock:
        if len(trumps) == 1:
            return Reason("only-trump", Idea("tip", 3), card, other, count=stock)
        if card.rank >= HIGH_TRUMP_RANK:
            return Reason("high-trump", Idea("tip", 3), card, other, count=stock)
        if not _stock_low(view) and not (following and _wins_now(other, view)):
            return Reason("spent-trump", Idea("tip", 3), card, other, count=stock)
    if following and not _wins_now(card, view) and not _wins_now(other, view) and other.rank < card.rank:
        return Reason("cannot-win", Idea("tip", 4), card, other, count=stock)
    if following and _wins_now(other, view) and not _wins_now(card, view):
        if _stock_low(view):
            return Reason("could-win-clock", Idea("tip", 1), card, other, count=stock)
        return Reason("could-win-full", Idea("tip", 2), card, other, count=stock)
    if not following:
        seat = _void_seat(other.suit, view)
        if seat is not None and _void_seat(card.suit, view) is None and not _is_trump(other, view):
            return Reason("void", Idea("tip", 5), card, other, seat=seat, suit=other.suit, count=stock)
    return Reason("played-out", Idea("tip", 1) if _stock_low(view) else Idea("tip", 2), card, other, count=stock)


def _good(view: SeatView, card: Card) -> Reason:
    stock, following = view.stock_size, bool(view.current_plays)
    legal = list(view.legal)
    if following and _wins_now(card, view):
        if not _stock_low(view) and _is_trump(card, view) and not _is_trump(view.current_plays[0][1], view):
            return Reason("good-win-full", Idea("tip", 2), card, count=stock)
        cheaper = [other for other in legal if other.suit == card.suit and other.rank < card.rank]
        if not any(_wins_now(other, view) for other in cheaper):
            return Reason("good-cheapest-winner", Idea("rule", 9), card, count=stock)
    if following and not _wins_now(card, view):
        plain = [other for other in legal if not _is_trump(other, view)] or legal
        if card == min(plain, key=lambda other: (other.rank, other)):
            return Reason("good-weakest", Idea("tip", 4), card, count=stock)
    if not following:
        seat = _void_seat(card.suit, view)
        if seat is not None and not _is_trump(card, view):
            return Reason("good-void", Idea("tip", 5), card, seat=seat, suit=card.suit, count=stock)
    high = [held for held in view.hand if _is_trump(held, view) and held.rank >= HIGH_TRUMP_RANK and held != card]
    if high and stock and not _is_trump(card, view) and not _stock_low(view):
        return Reason("good-kept-trump", Idea("tip", 3), card, high[-1], count=stock)
    if _stock_low(view):
        return Reason("good-clock", Idea("tip", 1), card, count=stock)
    return Reason("good-played-out", Idea("tip", 2), card, count=stock)


def luck_holder(state: State, seat: int, played: Action) -> int:
    """The opponent whose hidden cards made an unlucky card unlucky: the first still in, in play
    order, who really held a card that beats ``played`` (a higher one of its suit, or a trump),
    else the next opponent still in."""
    n = len(state.players)
    others = [(seat + step) % n for step in range(1, n) if state.hands[(seat + step) % n]]
    if isinstance(played, Play):
        card, trump = played.card, state.trump
        for other in others:
            if any(
                (held.suit == card.suit and held.rank > card.rank)
                or (trump is not None and held.suit == trump and card.suit != trump)
                for held in state.hands[other]
            ):
                return other
    return others[0] if others else (seat + 1) % n


def line_of(
    deal: Callable[[], State], played: Action, better: Action, seat: int, budget_s: float | None = None
) -> Line | None:
    """A deal from ``deal`` (a callable giving worlds: the review's own sampler) in which
    ``played`` loses and ``better`` wins, the hand played on by the tips players; None when none
    of ``LINE_TRIES`` deals shows it (the difference is one of chances, seldom seen), or when
    ``budget_s`` seconds run out first."""
    deadline = None if budget_s is None else time.perf_counter() + budget_s
    for _ in range(LINE_TRIES):
        if deadline is not None and time.perf_counter() > deadline:
            return None
        world = deal()
        after_better, _ = apply(world, better)
        better_winner = after_better.winner if after_better.winner is not None else tips_plays(after_better)[0]
        if better_winner != seat:
            continue
        after, _ = apply(world, played)
        plays: list[tuple[int, int]] = []
        if after.winner is not None:
            winner = after.winner
        else:
            winner, plays = tips_plays(after)
        if winner == seat:
            continue
        actions = [played, *(_action(who, card) for who, card in plays)]
        return Line(world, tuple(actions), winner, better, better_winner)
    return None


def _action(seat: int, card: int) -> Action:
    """A play of ``tips_plays``'s log as an action (a trump named is ``-1 - suit``)."""
    return ChooseTrump(seat, Suit(-1 - card)) if card < 0 else Play(seat, Card(card))
