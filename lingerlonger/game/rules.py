"""The rule set of one hand: a profile plus variants (book/rules-reference.md, rules 17 to 29).

``Rules`` is a frozen value, so it can be shared by every state of a hand,
compared, hashed and written back as the spec it came from.

>>> rules = Rules.parse("standard+draw-per-card+no-trump")
>>> rules.spec, rules.draw_per_card, rules.has_trump
('standard+draw-per-card+no-trump', True, False)
>>> Rules.parse("equal-hands+grand-coup+random-trump")
Traceback (most recent call last):
...
lingerlonger.game.rules.RulesError: the variants random-trump and grand-coup cannot be combined: each decides trump its own way
"""  # noqa: E501 (a doctest's expected error is one line)

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from lingerlonger.game.errors import LingerError

PROFILES = ("standard", "equal-hands")
PROFILE_ALIASES = {"sift-smoke": "standard"}
VARIANTS = (
    "draw-per-card",
    "no-trump",
    "random-trump",
    "grand-coup",
    "long-hand",
    "instant-elimination",
    "trump-lead",
    "match-to-5",
)
#: The variants that change the match, never a hand.
MATCH_VARIANTS = frozenset({"match-to-5"})
_EXCLUSIVE = (("no-trump", "random-trump"), ("no-trump", "grand-coup"), ("random-trump", "grand-coup"))
LONG_HAND_SIZE = 7


class RulesError(LingerError):
    """A profile, variant or size that the Rules reference does not allow."""


@dataclass(frozen=True)
class Rules:
    """A profile name, a set of variants and an optional explicit hand size."""

    profile: str = "standard"
    variants: frozenset[str] = field(default_factory=frozenset)
    hand_size: int | None = None

    def __post_init__(self) -> None:
        profile = PROFILE_ALIASES.get(self.profile, self.profile)
        if profile not in PROFILES:
            raise RulesError(
                "rules.unknown-profile", profile=self.profile, expected=", ".join(PROFILES + tuple(PROFILE_ALIASES))
            )
        object.__setattr__(self, "profile", profile)
        variants = frozenset(self.variants)
        for name in sorted(variants):
            if name not in VARIANTS:
                raise RulesError("rules.unknown-variant", variant=name, expected=", ".join(VARIANTS))
        object.__setattr__(self, "variants", variants)
        for first, second in _EXCLUSIVE:
            if first in variants and second in variants:
                raise RulesError(f"rules.exclusive.{first}+{second}")
        if self.hand_size is not None and (
            isinstance(self.hand_size, bool) or not isinstance(self.hand_size, int) or self.hand_size < 1
        ):
            raise RulesError("rules.hand-size", size=self.hand_size)

    @classmethod
    def parse(cls, spec: str, hand_size: int | None = None) -> Rules:
        """Rules from ``profile[+variant...]``, e.g. ``standard+draw-per-card``."""
        profile, *variants = [part.strip() for part in spec.strip().split("+")]
        return cls(profile, frozenset(variants), hand_size)

    @classmethod
    def of(cls, profile: str = "standard", variants: Iterable[str] = (), hand_size: int | None = None) -> Rules:
        return cls(profile, frozenset(variants), hand_size)

    @property
    def spec(self) -> str:
        """The ``profile+variant...`` form, variants in the Rules reference's order."""
        return "+".join([self.profile] + [v for v in VARIANTS if v in self.variants])

    def __str__(self) -> str:
        size = "" if self.hand_size is None else f" ({self.hand_size} cards each)"
        return self.spec + size

    # --- what the rules say, one property a question -----------------------
    @property
    def has_trump(self) -> bool:
        return "no-trump" not in self.variants

    @property
    def draw_per_card(self) -> bool:
        return "draw-per-card" in self.variants

    @property
    def random_trump(self) -> bool:
        return "random-trump" in self.variants

    @property
    def grand_coup(self) -> bool:
        return "grand-coup" in self.variants

    @property
    def trump_revealed_from_deal(self) -> bool:
        """The dealer's last card shows trump (no variant decides it otherwise)."""
        return self.has_trump and not self.random_trump and not self.grand_coup

    @property
    def instant_elimination(self) -> bool:
        return "instant-elimination" in self.variants

    def out_at_once(self, stock_empty: bool) -> bool:
        """Whether a player who plays their last card is out at once, in the middle of the trick.

        Standard: once the stock is empty nothing can refill a hand, so yes (rule 13 of book/rules-reference.md);
        instant-elimination: always. Equal-hands otherwise waits for the trick (rule 12).
        """
        return self.instant_elimination or (stock_empty and self.profile == "standard")

    @property
    def trump_lead(self) -> bool:
        return "trump-lead" in self.variants

    @property
    def exhaustion_end(self) -> bool:
        """Equal-hands: the draw that empties the stock ends the hand."""
        return self.profile == "equal-hands"

    @property
    def match_target(self) -> int:
        return 5 if "match-to-5" in self.variants else 3

    def cards_per_player(self, players: int) -> int:
        """The hand size dealt: explicit, else 7 for long-hand, else one per player."""
        if self.hand_size is not None:
            return self.hand_size
        if "long-hand" in self.variants:
            return LONG_HAND_SIZE
        return players
