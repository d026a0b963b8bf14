"""Computer players: each decides from a ``SeatView`` only, never from the full state.

- ``random``: a uniformly random legal card.
- ``tips``: the advice of the Portuguese and Spanish rules ("Dicas e estratégias"),
  one rule each: win tricks cheaply while the stock is large; trump a low lead
  early; keep high trumps for when the stock runs low; throw the weakest card
  of another suit into a trick it cannot win; lead a suit an opponent has shown
  void in; lead long suits against a player who just drew.
- ``expert``: Monte Carlo. For each legal card it deals the unseen cards at
  random consistently with what the seat knows (``inference.sample_world``: cards
  played, shown voids, the revealed trump card's holder, hand and stock sizes)
  and with how sensible players follow suit, plays the card and rolls the hand
  out; it plays the card that won most often.

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
from lingerlonger.computer.inference import draws_per_trick, void_caps
from lingerlonger.game.cards import SUIT_OF, Card, Suit
from lingerlonger.game.engine import Action, ChooseTrump, Play, trick_winner
from lingerlonger.game.errors import LingerError
from lingerlonger.game.play_loop import Player
from lingerlonger.game.seat_view import SeatView
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, catalog, translate

__all__ = [
    "Player",
    "RandomPlayer",
    "TipsPlayer",
    "ExpertPlayer",
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


# --- tips --------------------------------------------------------------------------

HIGH_TRUMP_RANK = 12  # queen: Q, K and A of trump are the "high trumps" kept for the end


class _Table:
    """What the tips look at, worked out once per decision from the view."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.trump = view.trump
        active = [seat for seat, size in enumerate(view.hand_sizes) if size]
        # "Large" while every active player can still draw once more.
        self.stock_large = view.stock_size >= len(active)
        self.opponents = [seat for seat in active if seat != view.seat]
        self.played = {card for trick in view.history for _, card in trick.plays}
        self.played.update(card for _, card in view.current_plays)
        self.caps = void_caps(view)

    def is_trump(self, card: Card) -> bool:
        return SUIT_OF[card] == self.trump

    def is_boss(self, card: Card) -> bool:
        """No card still unseen by this seat can beat it within its suit."""
        suit = SUIT_OF[card]
        return all(higher in self.played or higher in self.view.hand for higher in range(card + 1, suit * 13 + 13))

    def void_suits(self) -> set[Suit]:
        """Suits some active opponent has shown it holds none of."""
        return {Suit(suit) for seat in self.opponents for suit in range(4) if self.caps[seat][suit] == 0}

    def opponent_just_drew(self) -> bool:
        """An opponent still in drew cards in the last round of tricks (one per active player)."""
        view = self.view
        recent = len(self.opponents) + 1
        draws = draws_per_trick(view)[-recent:]
        return any(
            trick.winner in self.opponents and drawn for trick, drawn in zip(view.history[-recent:], draws, strict=True)
        )

    def beats(self, card: Card) -> bool:
        """Would ``card`` take the trick as it stands?"""
        cards = [played for _, played in self.view.current_plays] + [card]
        return trick_winner(cards, self.trump) == len(cards) - 1


def _lowest(cards) -> Card:
    return min(cards, key=lambda card: (card % 13, card))


def _highest(cards) -> Card:
    return max(cards, key=lambda card: (card % 13, -card))


def _longest_suit_lowest(cards: list[Card], table: _Table) -> Card:
    """The lowest card of the longest suit, trumps only when nothing else is left."""
    plain = [card for card in cards if not table.is_trump(card)] or cards
    by_suit: dict[int, list[Card]] = {}
    for card in plain:
        by_suit.setdefault(SUIT_OF[card], []).append(card)
    longest = max(by_suit.values(), key=lambda suit_cards: (len(suit_cards), -min(suit_cards)))
    return _lowest(longest)


def _tips_lead(legal: list[Card], table: _Table) -> Card:
    trumps = [card for card in legal if table.is_trump(card)]
    plain = [card for card in legal if not table.is_trump(card)]
    if not table.stock_large and trumps and table.is_boss(_highest(trumps)):
        return _highest(trumps)  # the kept high trump: now every trick is existential
    voids = table.void_suits()
    against_void = [card for card in plain if SUIT_OF[card] in voids]
    if against_void:
        return _lowest(against_void)  # they must ruff or throw a card away again
    bosses = [card for card in plain if table.is_boss(card)]
    if bosses:
        return _highest(bosses)  # a cheap win: nothing unseen beats it in its suit
    if table.opponent_just_drew():
        return _longest_suit_lowest(legal, table)
    return _lowest(plain or legal)  # nothing to win with: give up the weakest card


def _tips_follow(legal: list[Card], table: _Table) -> Card:
    led = SUIT_OF[table.view.current_plays[0][1]]
    winners = [card for card in legal if table.beats(card)]
    if SUIT_OF[legal[0]] == led:  # following suit
        if winners:
            cheapest = _lowest(winners)
            if table.is_trump(cheapest) and cheapest.rank >= HIGH_TRUMP_RANK and table.stock_large:
                return _lowest(legal)  # keep the high trump for later
            return cheapest
        return _lowest(legal)
    trump_winners = [card for card in winners if table.is_trump(card)]
    if trump_winners:
        cheapest = _lowest(trump_winners)
        if not table.stock_large or cheapest.rank < HIGH_TRUMP_RANK:
            return cheapest  # a low trump early, or any trump once the stock runs low
    plain = [card for card in legal if not table.is_trump(card)]
    return _lowest(plain or legal)  # the weakest card of another suit


def _tips_trump(view: SeatView) -> Suit:
    """Grand-coup: name the suit held longest (highest cards on a tie)."""
    return max(
        Suit,
        key=lambda suit: (
            sum(SUIT_OF[card] == suit for card in view.hand),
            sum(card.rank for card in view.hand if SUIT_OF[card] == suit),
        ),
    )


class TipsPlayer:
    """Follows the source texts' tips; deterministic (the seed is accepted for a uniform API)."""

    name = "tips"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.seed = seed

    def act(self, view: SeatView) -> Action:
        if view.must_name_trump:
            return ChooseTrump(view.seat, _tips_trump(view))
        legal = list(view.legal)
        if len(legal) == 1:
            return Play(view.seat, legal[0])
        table = _Table(view)
        card = _tips_follow(legal, table) if view.current_plays else _tips_lead(legal, table)
        return Play(view.seat, card)


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
    (['random', 'tips', 'expert', 'shy'], ['random', 'tips', 'expert'])
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
PLAYER_KINDS = PlayerKinds({"random": RandomPlayer, "tips": TipsPlayer, "expert": ExpertPlayer})

#: A player by name: ``random``, ``tips`` or ``expert``.
make_player = PLAYER_KINDS.make


def kind_label(kind: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A kind's name as a reader of ``lang`` reads it (catalog ``kind.NAME``); a kind the
    catalogs do not know keeps its own name.

    >>> kind_label("tips", "ru"), kind_label("my-own", "ru")
    ('по советам', 'my-own')
    """
    key = f"kind.{kind}"
    return translate(key, lang) if key in catalog(lang) else kind
