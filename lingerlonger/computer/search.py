"""Players that search: ``strong`` (what its seat can know) and ``perfect`` (every card seen).

Both try each legal card and play the hand out from there; the difference is the deal:

- ``StrongPlayer`` (the level "strong"): determinized rollouts (PIMC). It deals the
  cards its seat cannot see at random, consistently with everything its ``SeatView``
  shows (``inference.sample_world``, sensible followers), tries every legal card in
  every sampled deal and plays each on to the end with four ``tips`` players, the
  default policy. The card that won in most deals is played. The same deals serve
  every card, so their differences are not noise of the deal.
- ``PerfectInformationPlayer`` sees the whole state (the lab shows it every card
  through ``see``): it tries every legal card in the real deal and plays each on with
  ``tips`` players. It is the yardstick the bench measures the strong player against;
  people never meet it.

``tips`` players are deterministic, so in one deal a card's rollout is a fact, not a
draw; the randomness is all in the deals. A rollout through the engine costs about
2 ms on the bench machine, so a decision with ``worlds`` deals and k legal cards costs
about k × ``worlds`` × 2 ms (``budget_s`` caps it; bench/players.py measures it).

>>> from lingerlonger.game.engine import new_hand
>>> from lingerlonger.game.seat_view import view
>>> from lingerlonger.game.rules import Rules
>>> state, _ = new_hand(Rules(), 4, dealer=3, seed=2)
>>> first = StrongPlayer(seed=5, worlds=4).act(view(state, 0))
>>> first == StrongPlayer(seed=5, worlds=4).act(view(state, 0)), first.card in state.hands[0]
(True, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from lingerlonger.computer.coach import best_action, candidate_actions
from lingerlonger.computer.inference import sample_world
from lingerlonger.computer.playout import KernelPosition, playout
from lingerlonger.computer.tips import TipsPlayer
from lingerlonger.game.engine import Action, Play, State, apply
from lingerlonger.game.play_loop import finish
from lingerlonger.game.seat_view import SeatView
from lingerlonger.game.seat_view import view as seat_view

__all__ = ["StrongPlayer", "PerfectInformationPlayer", "rollout_values", "winner_after", "ROLLOUT_POLICIES"]

#: How the hand is played on after the card tried: ``tips`` players through the engine
#: (the default: about 2 ms a hand), or a policy of the playout kernel (about 20 times faster).
ROLLOUT_POLICIES = ("tips", "greedy", "random")
_TIPS = TipsPlayer()
_TIPS_SEATS = (_TIPS,) * 6


def winner_after(state: State, action: Action, rng: random.Random, policy: str = "tips") -> int:
    """Who wins the hand when ``action`` is played in ``state`` and the hand played on by ``policy``."""
    after, _ = apply(state, action)
    if after.winner is not None:
        return after.winner
    if policy == "tips":
        final, _ = finish(after, _TIPS_SEATS)
        assert final.winner is not None  # finish plays to the end
        return final.winner
    return playout(KernelPosition.from_state(after), rng, policy)[0]


def rollout_values(
    view: SeatView,
    deal: Callable[[], State],
    worlds: int,
    budget_s: float | None = None,
    policy: str = "tips",
    rng: random.Random | None = None,
) -> list[tuple[Action, int, int]]:
    """(action, wins, deals) for each legal action of ``view``'s seat, over deals from ``deal()``.

    Stops after ``worlds`` deals, or once ``budget_s`` seconds have passed (at least one
    deal is always played). Without a time budget, seeded deals give the same counts.
    """
    rng = rng or random.Random(0)
    candidates = candidate_actions(view)
    wins = [0] * len(candidates)
    done = 0
    deadline = None if budget_s is None else time.perf_counter() + budget_s
    while done < worlds and (deadline is None or done == 0 or time.perf_counter() < deadline):
        world = deal()
        for i, action in enumerate(candidates):
            wins[i] += winner_after(world, action, rng, policy) == view.seat
        done += 1
    return [(action, won, done) for action, won in zip(candidates, wins, strict=True)]


def _best_or_tips(results: list[tuple[Action, int, int]], tips: Action) -> Action:
    """The action that won most; on a tie the tips' own: search overrules the tips only where it finds better."""
    most = max(won for _, won, _ in results)
    return tips if any(action == tips and won == most for action, won, _ in results) else best_action(results)


class StrongPlayer:
    """Determinized rollouts over the unseen cards, ``tips`` players after the card tried.

    ``worlds``: sampled deals per decision; ``budget_s``: the most seconds a decision
    may take (None: no limit, and then the same seed gives the same play).
    """

    name = "strong"

    def __init__(
        self,
        seed: int | random.Random | None = None,
        worlds: int = 40,
        budget_s: float | None = None,
        policy: str = "tips",
    ) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.worlds = worlds
        self.budget_s = budget_s
        self.policy = policy

    def values(self, view: SeatView) -> list[tuple[Action, int, int]]:
        """(action, wins, deals) for each legal action, judged on what the seat can know."""
        return rollout_values(
            view, lambda: sample_world(view, self.rng, True), self.worlds, self.budget_s, self.policy, self.rng
        )

    def act(self, view: SeatView) -> Action:
        if not view.must_name_trump and len(view.legal) == 1:
            return Play(view.seat, view.legal[0])
        return _best_or_tips(self.values(view), _TIPS.act(view))


class PerfectInformationPlayer:
    """Sees every card: the lab calls ``see(state)`` before each turn (``sees_every_card``).

    Each legal card is tried in the real deal, the hand played on by ``tips`` players;
    a card that wins is played (the tips' own card if it is one of them).
    """

    name = "perfect"
    sees_every_card = True

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.state: State | None = None

    def see(self, state: State) -> None:
        self.state = state

    def act(self, view: SeatView) -> Action:
        state = self.state
        if state is None or seat_view(state, view.seat) != view:
            raise ValueError("a perfect-information player acts only on a state it was shown (see)")
        tips = _TIPS.act(view)
        if not view.must_name_trump and len(view.legal) == 1:
            return tips
        return _best_or_tips(rollout_values(view, lambda: state, 1, None, "tips", self.rng), tips)
