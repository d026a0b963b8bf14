"""The coach: each legal card's chance to win the hand, from what the seat knows.

``coach(state_or_view, seat)`` returns one ``CardAdvice`` per legal action of
the seat to act, best first. Each estimate comes from rollouts: deal the cards
the seat cannot see at random, consistently with everything public
(``inference.sample_world``), play the candidate card, then play the hand out.
Who plays it out is the coach's judge, ``JUDGE_POLICY``: four ``tips`` players, the
strong player's own rollouts (``search.StrongPlayer``), chosen below with the figures.
The same sampled worlds serve every candidate, so their differences are not noise of
the deal. ``win_rate`` is the share of rollouts the seat won; ``low``–``high``
is its 95% Wilson interval. Rollouts stop at ``rollouts`` per card or when
``budget_s`` seconds have passed, whichever comes first (``budget_s=None``:
no time limit, and then a seeded call is reproducible). About 1,000 rollouts a
card give an interval of ±3%.

The rollouts model the other players as ``tips`` players, so a win rate is the chance
against sensible play from here on; it ranks cards, it does not promise a result.

The UI asks for a hint like this (a State is turned into the seat's view first,
so the coach never reads a hidden card):

>>> from lingerlonger.game.engine import new_hand
>>> from lingerlonger.game.rules import Rules
>>> state, _ = new_hand(Rules(), 4, dealer=3, seed=11)
>>> advice = coach(state, seat=0, budget_s=None, rollouts=20, seed=1)
>>> sorted(str(a.card) for a in advice) == sorted(str(c) for c in state.hands[0])
True
>>> all(a.low <= a.win_rate <= a.high and a.rollouts == 20 for a in advice)
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from lingerlonger.computer.inference import WorldSampler
from lingerlonger.computer.playout import KernelPosition, playout
from lingerlonger.computer.statistics import wilson_interval
from lingerlonger.computer.tips_playout import tips_winner
from lingerlonger.game.cards import Card, Suit
from lingerlonger.game.engine import Action, ChooseTrump, Play, State, apply
from lingerlonger.game.seat_view import SeatView
from lingerlonger.game.seat_view import view as seat_view
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, translate

__all__ = [
    "CardAdvice",
    "JUDGE_POLICY",
    "coach",
    "evaluate",
    "deal_of",
    "too_close",
    "winner_after",
    "best_action",
    "candidate_actions",
]

#: Who plays each sampled deal out for the coach: the strongest judge that fits its time
#: budget (0.3 s a hint in the app, 1 s in the browser), measured by bench/players.py
#: (bench/results/ladder.txt). "tips" is the strong player's judge: rollouts by tips
#: players in deals that agree with the others' plays (``opponent_model``). "random" (the
#: coach's first judge) models nobody who plays well. "greedy" (the expert's) is weaker:
#: against three tips players, strong (320 deals) won 28.7% of 10,000 hands, expert 27.0%,
#: strong minus expert +1.7 points [+1.0, +2.3] on the same deals; and "tips" values are
#: those of the tips players the tables seat (tests/test_search.py checks them against an
#: exhaustive search).
#: Its 1,000 deals a card cost 0.48 to 0.58 CPU s at a first trick of 4-player standard (the
#: worst case; bench/players.py), so the app's 0.3 s plays about 500 deals before the budget
#: cuts it short (80 before the tips rollouts moved onto the kernel's lists, ``tips_playout``).
#: In the browser (bench/live.py), the hint's deals get 0.85 s of the 1 s
#: (``session.COACH_BUDGET_S``); the panel says how many were played.
JUDGE_POLICY = "tips"


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


# --- rollouts ----------------------------------------------------------------------


def candidate_actions(view: SeatView) -> list[Action]:
    """Every action the seat may take: its legal cards, or under grand-coup the four trumps to name."""
    if view.must_name_trump:
        return [ChooseTrump(view.seat, suit) for suit in Suit]
    return [Play(view.seat, card) for card in view.legal]


def winner_after(state: State, action: Action, rng: random.Random, policy: str = "random") -> int:
    """Who wins the hand when ``action`` is played in ``state`` and the hand played on by ``policy``:
    a policy of the playout kernel ("random", "greedy"), or "tips": four ``tips`` players, each
    deciding on what its seat could know (``tips_playout``: the engine's play, card for card, on
    the kernel's lists: 8 to 10 times faster than through the engine, 3 times slower than greedy)."""
    after, _ = apply(state, action)
    if after.winner is not None:
        return after.winner
    if policy == "tips":
        return tips_winner(after)
    return playout(KernelPosition.from_state(after), rng, policy)[0]


def evaluate(
    view: SeatView,
    rng: random.Random,
    rollouts: int = 1000,
    budget_s: float | None = None,
    policy: str = "random",
    sensible: bool = False,
    deal: Callable[[], State] | None = None,
) -> list[tuple[Action, int, int]]:
    """(action, wins, rollouts) for each legal action, one shared sampled world per round.

    ``policy``: how everyone plays after the candidate (``winner_after``);
    ``sensible``: sample worlds assuming the others follow suit sensibly (``inference.hand_limits``);
    ``deal``: where the worlds come from instead (the review's face-up deals, a perfect-information player's one).
    At least one world is played, however short the budget.
    """
    seat = view.seat
    candidates = candidate_actions(view)
    wins = [0] * len(candidates)
    done = 0
    deadline = None if budget_s is None else time.perf_counter() + budget_s
    if deal is None:
        deal = partial(WorldSampler(view, sensible).sample, rng)
    while done < rollouts and (deadline is None or done == 0 or time.perf_counter() < deadline):
        world = deal()
        for i, action in enumerate(candidates):
            wins[i] += winner_after(world, action, rng, policy) == seat
        done += 1
    return [(action, won, done) for action, won in zip(candidates, wins, strict=True)]


def coach(
    state_or_view: State | SeatView,
    seat: int | None = None,
    budget_s: float | None = 2.0,
    rollouts: int = 1000,
    seed: int | random.Random | None = None,
    policy: str = JUDGE_POLICY,
) -> list[CardAdvice]:
    """Advice for every legal action of ``seat`` (default: the seat to act), best first.

    ``state_or_view``: an engine ``State`` (only ``view(state, seat)`` is read)
    or that seat's ``SeatView``. ``rollouts``: the most per card; ``budget_s``:
    the most seconds in all (None: no limit). ``policy``: how everyone plays
    after the card (``winner_after``; by default the judge, ``JUDGE_POLICY``). Returns [] when the
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
    for action, won, done in evaluate(known, rng, rollouts, budget_s, policy, deal=deal_of(known, rng, policy)):
        low, high = wilson_interval(won, done)
        card = action.card if isinstance(action, Play) else None
        suit = action.suit if isinstance(action, ChooseTrump) else None
        advice.append(CardAdvice(card, won / done, low, high, done, suit))
    return sorted(advice, key=lambda a: -a.win_rate)


def deal_of(view: SeatView, rng: random.Random, policy: str = JUDGE_POLICY) -> Callable[[], State] | None:
    """Where the estimator's worlds come from, for the coach and the review alike (one estimator:
    the two agree): with the tips judge, worlds where the others' plays are the tips', as the strong
    player samples them; None (``evaluate``'s own sampler) for the kernel's policies."""
    if policy != "tips":
        return None
    # Imported at the first hint, not with the coach: live mode's snapshot of the interpreter is
    # taken after its imports, and every reader downloads it: it holds what a first start needs.
    from lingerlonger.computer.opponent_model import TipsModel

    return TipsModel(view, rng).deal


def too_close(advice: Sequence[CardAdvice]) -> list[CardAdvice]:
    """The actions the coach cannot tell from its best one: the best and every action whose 95%
    interval reaches the best's (the review says "too close to call" by the same rule). One
    action alone, or none, when the best stands clear."""
    if not advice:
        return []
    best = max(advice, key=lambda a: a.win_rate)
    return [a for a in advice if a is best or a.high >= best.low]


def best_action(results: Sequence[tuple[Action, int, int]]) -> Action:
    """The action with the most wins (the first listed on a tie)."""
    return max(results, key=lambda result: result[1])[0]
