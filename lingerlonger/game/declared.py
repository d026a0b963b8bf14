"""A declared game: the rules, the seats and the hand size, checked together and once.

Before a hand is dealt three things are agreed: the rule set (``Rules``), who sits at
the table, and how many cards each is dealt. ``Game`` holds the three and checks them
when it is made; every refusal is a ``SetupError`` whose ``field`` names the part at
fault ("players", "hand_size", "rules.profile", "rules.variants"), so that a scenario
file can point at the line of that field and the command line at its option.

``PARAMETERS`` declares what may be chosen: each parameter's name, type, choices or
range, default, help message and the catalog messages naming its choices. The command
line's options, the JSON Schema's enums and ranges, the app's menus and the list of
every rule set the tests iterate (``RULE_SETS``) are all read from it.

>>> game = Game.of("standard+long-hand", players=4)
>>> game.seats, game.hand_size
(('A', 'B', 'C', 'D'), 7)
>>> try:
...     Game.of("standard", players=6, hand_size=9)
... except SetupError as refusal:
...     print(refusal.field, "-", refusal)
hand_size - 6 players × 9 cards = 54 does not fit in a 52-card deck
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from lingerlonger.game.cards import CARDS
from lingerlonger.game.errors import LingerError
from lingerlonger.game.rules import MATCH_VARIANTS, PROFILES, VARIANTS, Rules, RulesError

__all__ = [
    "Game",
    "SetupError",
    "Parameter",
    "PARAMETERS",
    "PROFILE",
    "VARIANT_SET",
    "PLAYERS",
    "FEWEST_SEATS",
    "MOST_SEATS",
    "SMALLEST_HAND",
    "HAND_SIZE",
    "HAND_VARIANTS",
    "RULE_SETS",
    "HAND_RULE_SETS",
    "check_seat_count",
]


class SetupError(LingerError):
    """A game, deck or position that cannot start a hand; ``field`` names the part at fault."""

    def __init__(self, code: str, /, field: str | None = None, **params: object) -> None:
        super().__init__(code, **params)
        self.field = field

    @classmethod
    def because(cls, error: LingerError) -> SetupError:
        """The same refusal (a card or rules error) as a setup error; a rules error names its field."""
        field = None
        if isinstance(error, RulesError):
            field = {"rules.unknown-profile": "rules.profile", "rules.hand-size": "hand_size"}.get(
                error.code, "rules.variants"
            )
        return cls(error.code, field=field, **error.params)


#: A parameter's default: a str, a set of them, an int, or None (the rules decide).
D = TypeVar("D")


@dataclass(frozen=True)
class Parameter(Generic[D]):
    """One thing a game is declared with, as an option, a schema entry and a menu offer it."""

    name: str  # the field a refusal names: "players", "rules.variants"...
    kind: type  # the type of one value: str or int
    default: D  # None: the rules decide (a hand size)
    title: str  # catalog message naming it in a menu, e.g. "ui.players"
    help: str  # catalog message saying what it is, e.g. "param.players"
    choices: tuple[Any, ...] = ()  # the values offered (of type ``kind``), in the order a menu shows them
    low: int | None = None  # a number's range, both ends included
    high: int | None = None
    many: bool = False  # any set of the choices (variants), not one of them
    labels: str | None = None  # catalog prefix naming a choice: "variant" → "variant.no-trump"

    @property
    def options(self) -> tuple[Any, ...]:
        """Every value a menu or an option may offer: the choices, else the whole range."""
        if self.choices or self.low is None or self.high is None:
            return self.choices
        return tuple(range(self.low, self.high + 1))

    def label(self, choice: object) -> str | None:
        """The catalog message naming ``choice`` in a menu; None: a menu shows the value itself."""
        return f"{self.labels}.{choice}" if self.labels else None


PROFILE = Parameter("rules.profile", str, "standard", "ui.profile", "param.profile", choices=PROFILES, labels="profile")
VARIANT_SET: Parameter[frozenset[str]] = Parameter(
    "rules.variants", str, frozenset(), "ui.variants", "param.variants", choices=VARIANTS, many=True, labels="variant"
)
FEWEST_SEATS, MOST_SEATS = 3, 6
SMALLEST_HAND = 1
PLAYERS = Parameter("players", int, 4, "ui.players", "param.players", low=FEWEST_SEATS, high=MOST_SEATS)
#: The largest hand is the one that fills the deck at the smallest table.
HAND_SIZE: Parameter[int | None] = Parameter(
    "hand_size", int, None, "ui.hand-size", "param.hand-size", low=SMALLEST_HAND, high=len(CARDS) // FEWEST_SEATS
)
PARAMETERS = (PROFILE, VARIANT_SET, PLAYERS, HAND_SIZE)
#: The variants a hand's menus offer: match-to-5 only changes a match.
HAND_VARIANTS = tuple(variant for variant in VARIANT_SET.choices if variant not in MATCH_VARIANTS)


def check_seat_count(count: int) -> None:
    """Refuse a table of ``count`` seats; a reader calls it before reading thousands of names."""
    if not FEWEST_SEATS <= count <= MOST_SEATS:
        raise SetupError("rules.players", field="players", low=FEWEST_SEATS, high=MOST_SEATS, players=count)


@dataclass(frozen=True)
class Game:
    """The rules and the seats, clockwise; the hand size is the rules' (``Rules.hand_size``)."""

    rules: Rules
    seats: tuple[str, ...]

    def __post_init__(self) -> None:
        seats = tuple(self.seats)
        object.__setattr__(self, "seats", seats)
        check_seat_count(len(seats))
        if len(set(seats)) != len(seats):
            raise SetupError("setup.seats-not-unique", field="players", seats=", ".join(seats))
        players, size = len(seats), self.hand_size
        if size * players > len(CARDS):
            raise SetupError(
                "rules.deck-too-small", field="hand_size", players=players, size=size, total=size * players
            )
        if self.rules.random_trump and size * players == len(CARDS):
            raise SetupError("rules.no-stock-to-turn", field="hand_size", players=players, size=size)

    @classmethod
    def of(
        cls,
        rules: Rules | str = PROFILE.default,
        players: int | Sequence[str] = PLAYERS.default,
        hand_size: int | None = HAND_SIZE.default,
    ) -> Game:
        """A game as a person states it: a rules spec, a seat count (seats A, B, C…) or names,
        and a hand size that, when given, wins over the rules' own."""
        try:
            if isinstance(rules, str):
                rules = Rules.parse(rules, hand_size)
            elif hand_size is not None:
                rules = replace(rules, hand_size=hand_size)
        except RulesError as error:
            raise SetupError.because(error) from None
        if isinstance(players, int):
            check_seat_count(players)
            players = tuple(chr(ord("A") + seat) for seat in range(players))
        return cls(rules, tuple(players))

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def hand_size(self) -> int:
        """The cards dealt to each seat."""
        return self.rules.cards_per_player(len(self.seats))


def _every_rule_set() -> tuple[Rules, ...]:
    """Every profile with every combination of variants that the rules allow together."""
    found = []
    for profile in PROFILE.choices:
        for count in range(len(VARIANT_SET.choices) + 1):
            for chosen in itertools.combinations(VARIANT_SET.choices, count):
                try:
                    found.append(Rules.of(profile, chosen))
                except RulesError:
                    continue
    return tuple(found)


#: Every valid rule set (256), for tests and studies that must cover them all.
RULE_SETS = _every_rule_set()
#: The same without the variants that change the match but never a hand (128).
HAND_RULE_SETS = tuple(rules for rules in RULE_SETS if not rules.variants & MATCH_VARIANTS)
