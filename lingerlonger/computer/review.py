"""The review of a finished hand, as values: each decision a person made, every card's chances, a verdict.

For each decision of the reviewed seat (one with more than one legal action) and for
every legal action there, two chances to win the hand, each a ``Chance`` with its
Wilson 95% interval:

- ``known``: judged on what the seat could know then (the strong player's value). The
  cards the seat could not see are dealt at random consistently with its view
  (``inference.sample_world``, with the others following suit sensibly), the action
  is played and the hand played on by ``policy`` (``tips`` players by default), in
  ``deals`` sampled deals.
- ``face_up``: the same had every hand been face up: the other hands as they really
  were, only the stock's order still unknown (it is reshuffled in each deal, the
  face-up bottom card of random-trump kept), played on the same way.

A verdict on the action played, from the ``known`` chance lost against the best action, in
points and as a share of the best card's chance (the verdicts follow the hand, not fixed points:
losing a third of one's chance is a mistake even when the chance was 20%):

- ``good``: less than ``INACCURACY`` (5 points) and less than ``SHARE_INACCURACY`` (a sixth
  of the best chance, or under ``SHARE_FLOOR``, 2 points) lost;
- ``inaccuracy``: more, but less than ``MISTAKE`` (15 points) and ``SHARE_MISTAKE`` (a third);
- ``mistake``: 15 points or a third of the best chance or more lost;
- ``close``: an inaccuracy or a mistake by those counts, but the two intervals overlap: too
  close to call;
- ``unlucky``: good on what could be known, yet with every hand face up another action
  was at least 5 points better, and their ``face_up`` intervals do not overlap.

Each moment also says why (``review_reasons``): the idea at stake and the fact behind it, and
for a mistake, an inaccuracy or an unlucky card, a deal where the card played loses and the
better one wins. The ``known`` chances are the coach's (``coach.deal_of``): one estimator.

Two intervals that do not overlap separate the actions (conservative: the actions are
judged on the same deals, which a paired test would exploit). The chances are what the
rollout players make of the position, not a promise: people play otherwise.

>>> from lingerlonger.game.engine import from_position
>>> from lingerlonger.game.rules import Rules
>>> state = from_position(Rules(), "ABC", dealer="C", leader="A", trump="♥",
...                       hands={"A": "A♥ 2♣", "B": "5♣ 6♠", "C": ""}, stock="")
>>> moment = review_decision(state, state.play("A A♥"), deals=20)
>>> moment.verdict, str(moment.best.card), moment.played_value.known.rate
('mistake', '2♣', 0.0)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lingerlonger.computer.coach import deal_of, evaluate
from lingerlonger.computer.inference import WorldSampler
from lingerlonger.computer.review_reasons import Line, Reason, line_of, luck_holder, reason_of
from lingerlonger.computer.statistics import wilson_interval
from lingerlonger.game.cards import Card, Suit
from lingerlonger.game.engine import Action, ChooseTrump, Play, State, apply
from lingerlonger.game.seat_view import SeatView
from lingerlonger.game.seat_view import view as seat_view

__all__ = [
    "INACCURACY",
    "MISTAKE",
    "SHARE_INACCURACY",
    "SHARE_MISTAKE",
    "SHARE_FLOOR",
    "VERDICTS",
    "Chance",
    "ActionValue",
    "Moment",
    "Review",
    "verdict",
    "review_decision",
    "review_hand",
    "decisions",
    "moment_seed",
    "budget_share",
    "face_up_deal",
]

#: Chance lost against the best action from which a card is an inaccuracy, and a mistake.
INACCURACY = 0.05
MISTAKE = 0.15
#: The same as shares of the best action's chance, counted from a loss of ``SHARE_FLOOR`` points.
SHARE_INACCURACY = 1 / 6
SHARE_MISTAKE = 1 / 3
SHARE_FLOOR = 0.02
VERDICTS = ("good", "inaccuracy", "mistake", "unlucky", "close")


@dataclass(frozen=True, slots=True)
class Chance:
    """``wins`` of ``deals``: the rate and its Wilson 95% interval."""

    wins: int
    deals: int

    @property
    def rate(self) -> float:
        return self.wins / self.deals if self.deals else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.deals)

    def separated_above(self, other: Chance) -> bool:
        """This chance's interval lies wholly above ``other``'s."""
        return self.interval[0] > other.interval[1]


@dataclass(frozen=True, slots=True)
class ActionValue:
    """One legal action's chances: ``card`` to play, or under grand-coup ``suit`` to name."""

    action: Action
    known: Chance
    face_up: Chance

    @property
    def card(self) -> Card | None:
        return self.action.card if isinstance(self.action, Play) else None

    @property
    def suit(self) -> Suit | None:
        return self.action.suit if isinstance(self.action, ChooseTrump) else None


@dataclass(frozen=True, slots=True)
class Moment:
    """One decision: ``step`` (its index in the hand's actions), the state before it, the action
    played, every legal action's values (best ``known`` first) and the verdict on the one played;
    ``reason`` why, ``line`` a deal that shows it (None when none was found or none is needed),
    and for an unlucky card ``luck`` the seat whose hidden cards made it so."""

    step: int
    state: State
    played: Action
    values: tuple[ActionValue, ...]
    verdict: str
    reason: Reason | None = None
    line: Line | None = None
    luck: int | None = None

    @property
    def view(self) -> SeatView:
        """What the seat knew then: show this, not ``state`` (it holds every hand, the stock too)."""
        return seat_view(self.state, self.played.seat)

    @property
    def played_value(self) -> ActionValue:
        return next(value for value in self.values if value.action == self.played)

    @property
    def best(self) -> ActionValue:
        """The best action on what could be known (``face_up_best`` with every hand seen)."""
        return self.values[0]

    @property
    def acceptable(self) -> tuple[ActionValue, ...]:
        """The actions within ``INACCURACY`` of the best on what could be known: the answers of an
        exercise made of this moment (the best card, or one within the stated margin)."""
        return tuple(value for value in self.values if self.best.known.rate - value.known.rate < INACCURACY)

    @property
    def face_up_best(self) -> ActionValue:
        return max(self.values, key=lambda value: value.face_up.rate)

    @property
    def loss(self) -> float:
        """The chance lost against the best action, on what could be known."""
        return self.best.known.rate - self.played_value.known.rate

    @property
    def face_up_loss(self) -> float:
        return self.face_up_best.face_up.rate - self.played_value.face_up.rate

    @property
    def size(self) -> float:
        """How much the moment weighs: the chance lost (face up, for an unlucky moment)."""
        return self.face_up_loss if self.verdict == "unlucky" else self.loss


@dataclass(frozen=True, slots=True)
class Review:
    """The reviewed seat's moments in hand order; ``counts`` per verdict (every verdict listed)."""

    seat: int
    moments: tuple[Moment, ...]

    @property
    def counts(self) -> dict[str, int]:
        return {name: sum(moment.verdict == name for moment in self.moments) for name in VERDICTS}

    def biggest(self, count: int = 3) -> tuple[Moment, ...]:
        """The ``count`` moments that cost most (mistakes, inaccuracies, unlucky ones), biggest first."""
        costly = [moment for moment in self.moments if moment.verdict in ("mistake", "inaccuracy", "unlucky")]
        return tuple(sorted(costly, key=lambda moment: -moment.size)[:count])


def verdict(played: ActionValue, values: Sequence[ActionValue]) -> str:
    """The verdict on ``played`` among ``values`` (the rules are in the module's docstring)."""
    best = max(values, key=lambda value: value.known.rate)
    loss = best.known.rate - played.known.rate
    share = loss / best.known.rate if best.known.rate and loss >= SHARE_FLOOR else 0.0
    if loss < INACCURACY and share < SHARE_INACCURACY:
        face_up_best = max(values, key=lambda value: value.face_up.rate)
        if face_up_best.face_up.rate - played.face_up.rate >= INACCURACY and face_up_best.face_up.separated_above(
            played.face_up
        ):
            return "unlucky"
        return "good"
    if not best.known.separated_above(played.known):
        return "close"
    return "mistake" if loss >= MISTAKE or share >= SHARE_MISTAKE else "inaccuracy"


def face_up_deal(state: State, rng: random.Random) -> State:
    """``state`` with its stock reshuffled: every hand as it is, the stock's order unknown
    (random-trump's face-up bottom card stays at the bottom)."""
    bottom = state.stock[-1:] if state.trump_card is not None and state.stock[-1:] == (state.trump_card,) else ()
    hidden = list(state.stock[: len(state.stock) - len(bottom)])
    rng.shuffle(hidden)
    return dataclasses.replace(state, stock=(*hidden, *bottom))


def review_decision(
    state: State,
    played: Action,
    deals: int = 40,
    policy: str = "tips",
    seed: int | random.Random = 0,
    step: int = 0,
    budget_s: float | None = None,
) -> Moment:
    """The ``Moment`` of ``played`` in ``state`` (the seat to act's decision), from ``deals`` deals each way
    (fewer if ``budget_s`` seconds run out: half for each way; None: no limit, and reproducible)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    view = seat_view(state, played.seat)
    # 40% of the time for each way of judging, 20% for the line that shows the verdict
    half = None if budget_s is None else budget_s * 0.4
    line_s = None if budget_s is None else budget_s * 0.2
    known_deal = deal_of(view, rng, policy)
    known = evaluate(view, rng, deals, half, policy, sensible=True, deal=known_deal)
    face_up_world = lambda: face_up_deal(state, rng)  # noqa: E731 (named: the line reuses it)
    face_up = evaluate(view, rng, deals, half, policy, deal=face_up_world)
    values = [
        ActionValue(action, Chance(won, done), Chance(face_won, face_done))
        for (action, won, done), (_, face_won, face_done) in zip(known, face_up, strict=True)
    ]
    values.sort(key=lambda value: -value.known.rate)
    played_value = next(value for value in values if value.action == played)
    moment = Moment(step, state, played, tuple(values), verdict(played_value, values))
    if moment.verdict in ("mistake", "inaccuracy", "close"):
        reason = reason_of(view, played, moment.best.action)
    else:
        reason = reason_of(view, played, played)
    line, luck = None, None
    if moment.verdict in ("mistake", "inaccuracy"):
        deal = known_deal or (lambda: WorldSampler(view, True).sample(rng))
        line = line_of(deal, played, moment.best.action, played.seat, line_s)
    elif moment.verdict == "unlucky":
        luck = luck_holder(state, played.seat, played)
        line = line_of(face_up_world, played, moment.face_up_best.action, played.seat, line_s)
    return dataclasses.replace(moment, reason=reason, line=line, luck=luck)


def review_hand(
    start: State,
    actions: Sequence[Action],
    seat: int,
    deals: int = 40,
    policy: str = "tips",
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    budget_s: float | None = None,
) -> Review:
    """The review of ``seat``'s decisions in the hand played from ``start`` by ``actions``.

    Decisions with a single legal action are not moments. ``progress(done, total)`` is
    called after each decision reviewed (for a progress bar). ``budget_s``: the most seconds
    for the whole review, shared equally by the decisions (None: no limit; then the same
    call gives the same review).
    """
    chosen = decisions(start, actions, seat)
    moments = []
    for done, (step, before, action) in enumerate(chosen, 1):
        share = budget_share(chosen, done - 1, budget_s)
        moments.append(review_decision(before, action, deals, policy, moment_seed(seed, step), step, share))
        if progress is not None:
            progress(done, len(chosen))
    return Review(seat, tuple(moments))


def budget_share(chosen: Sequence[tuple[int, State, Action]], index: int, budget_s: float | None) -> float | None:
    """The seconds of ``budget_s`` for decision ``index`` of ``chosen``: shared by what each costs (its
    legal actions times the cards still to be played), so that the first tricks, the dearest, get
    enough deals to tell their cards apart, as the coach's hint does there."""
    if budget_s is None:
        return None

    def cost(state: State, seat: int) -> int:
        return max(1, len(seat_view(state, seat).legal)) * (sum(map(len, state.hands)) + len(state.stock))

    costs = [cost(state, action.seat) for _, state, action in chosen]
    return budget_s * costs[index] / sum(costs)


def decisions(start: State, actions: Sequence[Action], seat: int) -> list[tuple[int, State, Action]]:
    """``seat``'s decisions in the hand played from ``start`` by ``actions``: (step, the state
    before, the action), those with a single legal action left out. A caller that reviews them
    one at a time (live mode's progress bar) gets ``review_hand``'s moments with ``moment_seed``."""
    chosen = []
    state = start
    for step, action in enumerate(actions):
        if action.seat == seat and (isinstance(action, ChooseTrump) or len(seat_view(state, seat).legal) > 1):
            chosen.append((step, state, action))
        state, _ = apply(state, action)
    return chosen


def moment_seed(seed: int, step: int) -> random.Random:
    """The random draws of the moment at ``step``: the same whether reviewed alone or in a hand."""
    return random.Random(f"{seed}/{step}")
