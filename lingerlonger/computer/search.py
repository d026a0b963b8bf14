"""Players that search: ``strong`` (what its seat can know) and ``perfect`` (every card seen).

Both try each legal card and play the hand out from there; the difference is the deal:

- ``StrongPlayer`` (the level "strong"): determinized rollouts (PIMC). It deals the
  cards its seat cannot see at random, consistently with everything its ``SeatView``
  shows (``inference.sample_world``, sensible followers) and with the others' plays
  since they last drew being the ones the tips would have made
  (``opponent_model.TipsModel``: without it, against three tips players, the strong
  player won no more than the tips themselves, 25.4% against 24.8% on 500 same deals,
  while a player who sees every card won 42.2%: knowing the cards is what pays), tries
  every legal card in every sampled deal and plays each on to the end with four
  ``tips`` players, the default policy. The card that won in most deals is played. The same deals serve
  every card, so their differences are not noise of the deal.
- ``PerfectInformationPlayer`` sees the whole state (the lab shows it every card
  through ``see``): it tries every legal card in the real deal and plays each on with
  ``tips`` players. It is the yardstick the bench measures the strong player against;
  people never meet it.

``tips`` players are deterministic, so in one deal a card's rollout is a fact, not a
draw; the randomness is all in the deals. A rollout (``tips_playout``, the engine's tips
card for card on plain lists) costs about 0.1 ms on the bench machine, and a world that
agrees with the others' plays a few samples (``opponent_model``): a decision with
``worlds`` deals costs about ``worlds`` × 0.45 ms at a first trick (``budget_s`` caps
it; bench/players.py measures it).

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

from lingerlonger.computer.coach import best_action, evaluate
from lingerlonger.computer.tips import TipsPlayer
from lingerlonger.game.engine import Action, Play, State
from lingerlonger.game.seat_view import SeatView
from lingerlonger.game.seat_view import view as seat_view

__all__ = ["StrongPlayer", "PerfectInformationPlayer"]

_TIPS = TipsPlayer()


def _best_or_tips(results: list[tuple[Action, int, int]], tips: Action) -> Action:
    """The action that won most; on a tie the tips' own: search overrules the tips only where it finds better."""
    most = max(won for _, won, _ in results)
    return tips if any(action == tips and won == most for action, won, _ in results) else best_action(results)


class StrongPlayer:
    """Determinized rollouts over the unseen cards, ``tips`` players after the card tried.

    ``worlds``: sampled deals per decision (320: at most 0.15 CPU s at a first trick of
    4-player standard, within the app's 0.3 s a hint, about 0.5 s a whole hand; more deals
    play better: on the same 1,000 deals against three tips players, 80 gained 1.9 points
    [-0.5, +4.3] over the tips, 320 gained 4.2 [+1.8, +6.6]);
    ``budget_s``: the most seconds a decision may take (None: no limit, and then the same
    seed gives the same play).
    """

    name = "strong"

    def __init__(
        self,
        seed: int | random.Random | None = None,
        worlds: int = 320,
        budget_s: float | None = None,
        policy: str = "tips",
    ) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.worlds = worlds
        self.budget_s = budget_s
        self.policy = policy

    def values(self, view: SeatView) -> list[tuple[Action, int, int]]:
        """(action, wins, deals) for each legal action, judged on what the seat can know."""
        # imported at the first decision: live mode's snapshot holds no more than a first start needs
        from lingerlonger.computer.opponent_model import TipsModel

        model = TipsModel(view, self.rng)
        return evaluate(view, self.rng, self.worlds, self.budget_s, self.policy, deal=model.deal)

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
        return _best_or_tips(evaluate(view, self.rng, 1, None, "tips", deal=lambda: state), tips)
