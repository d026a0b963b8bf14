"""What summaries and plots need of many hands, as counters that add up.

A worker tallies its chunk of hands and sends back the tally, not the hands, so a
tournament of a million hands takes no more memory than one of a thousand, and
tallies merged in any order give the same totals.

>>> from lingerlonger.lab.runner import play_recorded_hand
>>> from lingerlonger.game.rules import Rules
>>> records = [play_recorded_hand(Rules(), ("tips", "random", "random"), hand, 1) for hand in range(6)]
>>> first, rest = Tally.of(records[:2]), Tally.of(records[2:])
>>> first.merge(rest)
>>> first == Tally.of(records), first.hands
(True, 6)
>>> [(rate.label, rate.hands) for rate in summarize(first, "kind")]
[('random', 12), ('tips', 6)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING

from lingerlonger.computer.players import kind_label
from lingerlonger.computer.statistics import wilson_interval
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, format_number, format_percent, translate

if TYPE_CHECKING:
    from lingerlonger.lab.records import HandRecord

__all__ = ["Tally", "WinRate", "summarize", "format_rates", "as_tally", "GROUPINGS"]


@dataclass(frozen=True, slots=True)
class WinRate:
    label: str
    hands: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.hands)


#: How ``summarize`` can group seats: each seat's key, and the key's label in a language.
GROUPINGS = {
    "seat": (
        lambda seat, kind, position: (seat, kind),
        lambda key, lang: translate("lab.seat", lang, seat=key[0] + 1, kind=kind_label(key[1], lang)),
    ),
    "kind": (lambda seat, kind, position: kind, kind_label),
    "position": (
        lambda seat, kind, position: position,
        lambda key, lang: translate("lab.position", lang, position=key),
    ),
    "seat-position": (
        lambda seat, kind, position: (seat, kind, position),
        lambda key, lang: translate(
            "lab.seat-at-position", lang, seat=key[0] + 1, kind=kind_label(key[1], lang), position=key[2]
        ),
    ),
}


@dataclass(slots=True)
class Tally:
    """Counts over hands. Each counter maps a key to a number of seats (one seat of one hand).

    ``sizes`` and ``holding`` count, after each trick, the cards held and the seats still
    holding cards, among seats whose hand lasted that long; ``ended*`` count the seats whose
    hand ended after a given number of tricks, so that a curve can carry their last size on.
    """

    players: int = 0
    hands: int = 0
    seats: Counter = field(default_factory=Counter)  # (seat, kind, position, won)
    early_tricks: Counter = field(default_factory=Counter)  # (tricks won in the first n, won)
    early_trumps: Counter = field(default_factory=Counter)  # (trumps spent in the first n, won)
    sizes: Counter = field(default_factory=Counter)  # (kind, trick) -> cards held
    holding: Counter = field(default_factory=Counter)  # (kind, trick) -> seats holding cards
    ended: Counter = field(default_factory=Counter)  # (kind, tricks) -> seats
    ended_sizes: Counter = field(default_factory=Counter)  # (kind, tricks) -> cards held at the end
    ended_holding: Counter = field(default_factory=Counter)  # (kind, tricks) -> seats holding at the end

    @classmethod
    def of(cls, records: Iterable[HandRecord]) -> Tally:
        tally = cls()
        for record in records:
            tally.add(record)
        return tally

    def add(self, record: HandRecord) -> None:
        self.players = len(record.seats)
        self.hands += 1
        for seat in record.seats:
            self.seats[seat.seat, seat.kind, seat.position, seat.won] += 1
            self.early_tricks[seat.early_tricks, seat.won] += 1
            self.early_trumps[seat.early_trumps, seat.won] += 1
            for trick, size in enumerate(seat.sizes):
                self.sizes[seat.kind, trick] += size
                self.holding[seat.kind, trick] += size > 0
            last = seat.sizes[-1] if seat.sizes else 0
            self.ended[seat.kind, len(seat.sizes)] += 1
            self.ended_sizes[seat.kind, len(seat.sizes)] += last
            self.ended_holding[seat.kind, len(seat.sizes)] += last > 0

    def merge(self, other: Tally) -> None:
        """Add ``other``'s counts to these (the order of merging never matters)."""
        if self.players and other.players and self.players != other.players:
            raise ValueError(f"cannot merge a {other.players}-player tally into a {self.players}-player one")
        self.players = self.players or other.players
        self.hands += other.hands
        for each in fields(self):
            counter = getattr(self, each.name)
            if isinstance(counter, Counter):
                counter.update(getattr(other, each.name))

    def win_rates(self, by: str = "seat", lang: str = DEFAULT_LANGUAGE) -> list[WinRate]:
        """Win rates grouped ``by`` "seat", "kind", "position" or "seat-position", labelled in ``lang``."""
        if by not in GROUPINGS:
            raise ValueError(f"cannot group by {by!r}: choose one of {', '.join(GROUPINGS)}")
        key_of, label = GROUPINGS[by]
        counts: Counter = Counter()
        for (seat, kind, position, won), count in self.seats.items():
            key = key_of(seat, kind, position)
            counts[key, "hands"] += count
            counts[key, "wins"] += count * won
        keys = sorted({key for key, _ in counts})
        return [WinRate(label(key, lang), counts[key, "hands"], counts[key, "wins"]) for key in keys]

    def early_rates(self, spent: str, cap: int) -> list[WinRate]:
        """Win rates by tricks won (``spent="tricks"``) or trumps spent (``"trumps"``) in the
        first n tricks; counts of ``cap`` or more share one group, labelled ``cap+``."""
        counter = {"tricks": self.early_tricks, "trumps": self.early_trumps}[spent]
        counts: Counter = Counter()
        for (count, won), seats in counter.items():
            counts[min(count, cap), "hands"] += seats
            counts[min(count, cap), "wins"] += seats * won
        keys = sorted({key for key, _ in counts})
        return [
            WinRate(f"{key}+" if key == cap else str(key), counts[key, "hands"], counts[key, "wins"]) for key in keys
        ]

    def size_curves(self) -> dict[str, tuple[list[float], list[float]]]:
        """Per kind, after each trick: mean cards in hand, and the share still holding cards.

        A finished hand holds its last sizes (the winner keeps cards, the others stay at 0)
        up to the longest hand of the tournament.
        """
        longest = max((tricks for _, tricks in self.ended), default=0)
        curves = {}
        for kind in sorted({kind for kind, _ in self.ended}):
            seats = sum(count for (each, _), count in self.ended.items() if each == kind)
            means, shares = [], []
            carried_sizes = carried_holding = 0
            for trick in range(longest):
                carried_sizes += self.ended_sizes[kind, trick]
                carried_holding += self.ended_holding[kind, trick]
                means.append((self.sizes[kind, trick] + carried_sizes) / seats)
                shares.append((self.holding[kind, trick] + carried_holding) / seats)
            curves[kind] = (means, shares)
        return curves


def as_tally(results: Tally | Iterable[HandRecord]) -> Tally:
    """A tally as it is, or the tally of hand records."""
    return results if isinstance(results, Tally) else Tally.of(results)


def summarize(results: Tally | Iterable[HandRecord], by: str = "seat", lang: str = DEFAULT_LANGUAGE) -> list[WinRate]:
    """Win rates grouped ``by`` "seat", "kind", "position" or "seat-position", labelled in ``lang``."""
    return as_tally(results).win_rates(by, lang)


def format_rates(rates: Sequence[WinRate], title: str | None = None, lang: str = DEFAULT_LANGUAGE) -> str:
    """One line per rate: wins, hands, the rate and its 95% interval, numbers as ``lang``
    writes them; under ``title`` when there is one."""
    width = max(len(rate.label) for rate in rates)

    def percent(share: float) -> str:
        return format_percent(share, lang, 1).rjust(6)

    lines = [] if title is None else [title]
    for rate in rates:
        low, high = rate.interval
        lines.append(
            f"  {rate.label:<{width}}  {format_number(rate.wins, lang):>6} / "
            f"{format_number(rate.hands, lang):<6} {percent(rate.rate)}"
            f"  [{percent(low)}, {percent(high)}]"
        )
    return "\n".join(lines)
