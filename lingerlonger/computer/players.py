"""Computer players: each decides from a ``SeatView`` only, never from the full state.

- ``random``: a uniformly random legal card.
- ``tips``: the advice of the Portuguese and Spanish rules (``tips``).
- ``expert``: Monte Carlo. For each legal card it deals the unseen cards at
  random consistently with what the seat knows (``inference.sample_world``: cards
  played, shown voids, the revealed trump card's holder, hand and stock sizes)
  and with how sensible players follow suit, plays the card and rolls the hand
  out; it plays the card that won most often.
- ``strong``: determinized rollouts like the expert's, each played on by ``tips``
  players rather than a quick policy, in deals where the others' plays are the
  ones the tips would have made (``search``, ``opponent_model``).

>>> from lingerlonger.game.engine import new_hand
>>> from lingerlonger.game.seat_view import view
>>> from lingerlonger.game.rules import Rules
>>> state, _ = new_hand(Rules(), 4, dealer=3, seed=2)
>>> action = make_player("tips", seed=0).act(view(state, 0))
>>> action.seat, action.card in state.hands[0]
(0, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence

from lingerlonger.computer.coach import best_action, evaluate
from lingerlonger.computer.search import PerfectInformationPlayer, StrongPlayer
from lingerlonger.computer.tips import TipsPlayer
from lingerlonger.game.cards import Suit
from lingerlonger.game.engine import Action, ChooseTrump, Play
from lingerlonger.game.errors import LingerError
from lingerlonger.game.play_loop import Player
from lingerlonger.game.seat_view import SeatView
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, catalog, translate

__all__ = [
    "Player",
    "RandomPlayer",
    "TipsPlayer",
    "ExpertPlayer",
    "StrongPlayer",
    "PerfectInformationPlayer",
    "PlayerKinds",
    "PLAYER_KINDS",
    "make_player",
    "kind_label",
]


class RandomPlayer:
    """Plays a uniformly random legal card; names a random trump under grand-coup."""

    name = "random"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def act(self, view: SeatView) -> Action:
        if view.must_name_trump:
            return ChooseTrump(view.seat, self.rng.choice(list(Suit)))
        return Play(view.seat, self.rng.choice(view.legal))


# --- expert ------------------------------------------------------------------------


class ExpertPlayer:
    """Monte Carlo over sampled deals: ``rollouts`` sampled worlds per decision, each legal card tried in each.

    By default it models the others as sensible players, like the tips: the
    worlds it samples assume they follow suit with the cheapest winning card
    or their lowest (``coach.hand_limits``), and its rollouts play the
    ``greedy`` policy of ``lingerlonger.computer.playout``. That model suits opponents who
    play like the tips; ``sensible=False, policy="random"`` gives the plain,
    assumption-free player (its sampling then uses only what is certain).
    """

    name = "expert"

    def __init__(
        self,
        seed: int | random.Random | None = None,
        rollouts: int = 500,
        policy: str = "greedy",
        sensible: bool = True,
    ) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.rollouts = rollouts
        self.policy = policy
        self.sensible = sensible

    def act(self, view: SeatView) -> Action:
        if not view.must_name_trump and len(view.legal) == 1:
            return Play(view.seat, view.legal[0])
        return best_action(evaluate(view, self.rng, self.rollouts, policy=self.policy, sensible=self.sensible))


class PlayerKinds(Mapping[str, Callable[..., Player]]):
    """Player kinds by name, as a value: ``with_kind`` returns a new registry, none is changed.

    A registry is handed to whatever seats players (``run_tournament(..., kinds=...)``,
    ``simulate``), so a page can add its own kinds without touching ``PLAYER_KINDS``, and a
    worker process gets the registry with its task. Each factory takes a seed and returns a
    player; to play in other processes it must pickle (a class or a module-level function).

    >>> class Shy(TipsPlayer):
    ...     name = "shy"
    >>> mine = PLAYER_KINDS.with_kind("shy", Shy)
    >>> list(mine), list(PLAYER_KINDS)
    (['random', 'tips', 'expert', 'strong', 'shy'], ['random', 'tips', 'expert', 'strong'])
    >>> mine.parse("shy,tips", 2), mine.parse("tips", 3)
    (('shy', 'tips'), ('tips', 'tips', 'tips'))
    """

    __slots__ = ("_factories",)

    def __init__(self, factories: Mapping[str, Callable[..., Player]]) -> None:
        self._factories = dict(factories)

    def __getitem__(self, kind: str) -> Callable[..., Player]:
        return self._factories[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._factories)

    def __len__(self) -> int:
        return len(self._factories)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._factories!r})"

    def with_kind(self, kind: str, factory: Callable[..., Player]) -> PlayerKinds:
        """These kinds and ``kind`` (a name without commas: specs list kinds with commas)."""
        if not kind or "," in kind:
            raise ValueError(f"a player kind needs a name without commas, not {kind!r}")
        return PlayerKinds({**self._factories, kind: factory})

    def make(self, kind: str, seed: int | random.Random | None = None) -> Player:
        """A player of ``kind``, seeded."""
        [kind] = self.parse([kind], 1)
        return self._factories[kind](seed)

    def parse(self, spec: str | Sequence[str], players: int) -> tuple[str, ...]:
        """The kind of each of ``players`` seats from ``random`` or ``tips,random,expert``
        (or a list of names): one kind fills every seat, else one kind per seat."""
        kinds = tuple(kind.strip() for kind in (spec.split(",") if isinstance(spec, str) else spec))
        for kind in kinds:
            if kind not in self._factories:
                raise LingerError("players.unknown-kind", kind=kind, expected=", ".join(self))
        if len(kinds) == 1:
            return kinds * players
        if len(kinds) != players:
            raise LingerError("players.kinds-for-seats", kinds=len(kinds), seats=players)
        return kinds


#: The package's kinds. Nobody changes it: a page or a program with kinds of its own makes
#: its own registry with ``PLAYER_KINDS.with_kind(...)`` and passes it on.
PLAYER_KINDS = PlayerKinds({"random": RandomPlayer, "tips": TipsPlayer, "expert": ExpertPlayer, "strong": StrongPlayer})

#: A player by name: ``random``, ``tips``, ``expert`` or ``strong``.
make_player = PLAYER_KINDS.make


def kind_label(kind: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A kind's name as a reader of ``lang`` reads it (catalog ``kind.NAME``); a kind the
    catalogs do not know keeps its own name.

    >>> kind_label("tips", "ru"), kind_label("my-own", "ru")
    ('по советам', 'my-own')
    """
    key = f"kind.{kind}"
    return translate(key, lang) if key in catalog(lang) else kind
