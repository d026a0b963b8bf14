"""Worlds in which the others played as the ``tips`` player would have: the strong player's inference.

``inference.sample_world`` deals the unseen cards within what is certain (and, with
``sensible``, how people follow suit). The tips player is deterministic, so each card
another seat played since it last drew says more: in a sampled world that seat's hand
at that moment is known exactly (its hand now and the cards it played since), and the
tips would have played one card from it. ``TipsModel.deal`` samples worlds until one
agrees with every such play (at most ``attempts`` tries; otherwise the one that agrees
with most), so the strong player searches deals like the real one far more often. A
player who does not play like the tips makes every world disagree somewhere; then the
worlds that disagree least are used, and nothing is refused.

>>> from lingerlonger.game.engine import new_hand
>>> from lingerlonger.game.play_loop import play_out
>>> from lingerlonger.game.rules import Rules
>>> from lingerlonger.game.seat_view import view
>>> from lingerlonger.computer.tips import TipsPlayer
>>> state, _ = new_hand(Rules(), 4, dealer=3, seed=2)
>>> for turn in play_out(state, [TipsPlayer()] * 4, until=lambda now: len(now.history) == 3):
...     state = turn.state
>>> model = TipsModel(view(state, state.to_act), random.Random(1))
>>> model.disagreements(state), len(model.checks) > 0
(0, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from lingerlonger.computer.inference import WorldSampler, draws_per_trick
from lingerlonger.computer.tips import _Table, _tips_follow, _tips_lead
from lingerlonger.game.cards import SUIT_OF, Card
from lingerlonger.game.engine import State
from lingerlonger.game.seat_view import SeatView

__all__ = ["TipsModel"]


@dataclass(slots=True)
class _Check:
    """One play another seat made since it last drew: what it saw but its hand, and the card."""

    seat: int
    table: _Table  # the seat's view then; its hand is filled in per world
    played_since: tuple[Card, ...]  # its cards played from this one on, this one included
    card: Card


class TipsModel:
    """Checks sampled worlds against the others' plays, as the tips would have made them."""

    def __init__(self, view: SeatView, rng: random.Random, sensible: bool = True, attempts: int = 12) -> None:
        self.view, self.rng, self.sensible, self.attempts = view, rng, sensible, attempts
        self.sampler = WorldSampler(view, sensible)
        self.checks = [] if view.rules.grand_coup else _checks(view)

    def disagreements(self, world: State) -> int:
        """How many of the checked plays the tips would not have made in ``world``."""
        wrong = 0
        for check in self.checks:
            hand = tuple(sorted(world.hands[check.seat] + check.played_since))
            table = check.table
            past = table.view
            if past.current_plays:
                led = SUIT_OF[past.current_plays[0][1]]
                legal = tuple(card for card in hand if SUIT_OF[card] == led) or hand
            elif past.trump_lead_due:
                legal = tuple(card for card in hand if SUIT_OF[card] == past.trump) or hand
            else:
                legal = hand
            if len(legal) < 2:
                wrong += check.card not in legal
                continue
            table.hand = hand  # the table reads the hand only through this (the legal cards are given)
            chosen = _tips_follow(list(legal), table) if past.current_plays else _tips_lead(list(legal), table)
            wrong += chosen != check.card
        return wrong

    def deal(self) -> State:
        """A world that agrees with every checked play, else the one that agrees with most."""
        best, fewest = None, -1
        for _ in range(self.attempts if self.checks else 1):
            world = self.sampler.sample(self.rng)
            wrong = self.disagreements(world) if self.checks else 0
            if best is None or wrong < fewest:
                best, fewest = world, wrong
            if wrong == 0:
                break
        assert best is not None
        return best


def _checks(view: SeatView) -> list[_Check]:
    """The others' plays whose hand is known in any sampled world: those since their last draw."""
    tricks = [trick.plays for trick in view.history] + [view.current_plays]
    draws = [*draws_per_trick(view), 0]
    winners = [trick.winner for trick in view.history] + [None]
    n = len(view.players)
    checks = []
    for seat in range(n):
        if seat == view.seat:
            continue
        since: list[Card] = []
        for t in range(len(tricks) - 1, -1, -1):
            if winners[t] == seat and draws[t]:
                break  # it drew after this trick: its hand before is not known
            for j in range(len(tricks[t]) - 1, -1, -1):
                player, card = tricks[t][j]
                if player != seat:
                    continue
                since.append(card)
                checks.append(
                    _Check(seat, _Table(_past_view(view, seat, t, j, tricks, draws, winners)), tuple(since), card)
                )
    return checks


def _past_view(view: SeatView, seat: int, t: int, j: int, tricks: list, draws: list[int], winners: list) -> SeatView:
    """``seat``'s view just before its card ``j`` of trick ``t`` (its hand left empty)."""
    sizes = list(view.hand_sizes)
    stock = view.stock_size
    for later in range(t, len(tricks)):
        for k, (player, _) in enumerate(tricks[later]):
            if later > t or k >= j:
                sizes[player] += 1
        if winners[later] is not None and draws[later]:
            sizes[winners[later]] -= draws[later]
            stock += draws[later]
    history = view.history[:t]
    tricks_won = [0] * len(view.players)
    for trick in history:
        tricks_won[trick.winner] += 1
    return replace(
        view,
        seat=seat,
        hand=(),
        hand_sizes=tuple(sizes),
        stock_size=stock,
        known=(),
        leader=tricks[t][0][0],
        to_act=seat,
        current_plays=tuple(tricks[t][:j]),
        history=history,
        tricks_won=tuple(tricks_won),
        legal=(),
        must_name_trump=False,
        trump_lead_due=t == 0 and j == 0 and view.rules.trump_lead and view.trump is not None,
        naming_trump_after_trick=False,
    )
