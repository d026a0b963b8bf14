"""Does one change to a player help? Paired tournaments: the same deals, with and without it.

Two tournaments with the same seed deal the same cards hand for hand, so a player who
differs from the baseline in one decision can be compared with it deal by deal. Deals
that both win or both lose say nothing about the change; the ``gained`` deals (only the
changed player won) and the ``lost`` ones (only the baseline won) carry the difference.
Pairing removes the luck of the deal that two independent tournaments would add.

>>> changed = PairedDifference(hands=100, gained=12, lost=4)
>>> round(changed.difference, 2), [round(end, 3) for end in changed.interval]
(0.08, [0.003, 0.157])
>>> verdict(changed, "en")
'breaking it wins more: the tip does not hold up here'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lingerlonger.computer.players import PLAYER_KINDS, PlayerKinds, kind_label
from lingerlonger.computer.statistics import Z_95
from lingerlonger.game.rules import Rules
from lingerlonger.lab.runner import HandRecord, run_tournament
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, format_number, format_percent, translate
from lingerlonger.words.narration import rules_text

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "PairedDifference",
    "paired_difference",
    "verdict",
    "OneTipAtATime",
    "one_tip_at_a_time",
    "plot_differences",
    "format_differences",
]


@dataclass(frozen=True, slots=True)
class PairedDifference:
    """The change in seat 1's win rate over ``hands`` paired deals: it won ``gained`` deals
    that the baseline lost, and lost ``lost`` that the baseline won."""

    hands: int
    gained: int
    lost: int

    @property
    def difference(self) -> float:
        return (self.gained - self.lost) / self.hands

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wald interval for a difference of paired proportions (Agresti, *Categorical
        Data Analysis*, 3rd ed., §11.1.1; Newcombe 1998, method 1): the per-deal differences
        are +1, -1 or 0, and the variance of their mean is (b + c - (b - c)²/n) / n²
        with b gained, c lost and n deals. Fair for the hundreds of deals played here; it
        needs deals that differ (b + c > 0) to be any wider than a point."""
        n, b, c = self.hands, self.gained, self.lost
        spread = Z_95 * math.sqrt(max(b + c - (b - c) ** 2 / n, 0)) / n
        return self.difference - spread, self.difference + spread


def paired_difference(baseline: Sequence[HandRecord], changed: Sequence[HandRecord], seat: int = 0) -> PairedDifference:
    """How ``seat`` fared in ``changed`` against ``baseline``, two tournaments of the same deals."""
    if len(baseline) != len(changed):
        raise ValueError(f"paired tournaments need the same deals: {len(baseline)} and {len(changed)} hands")
    gained = sum(new.seats[seat].won and not old.seats[seat].won for old, new in zip(baseline, changed, strict=True))
    lost = sum(old.seats[seat].won and not new.seats[seat].won for old, new in zip(baseline, changed, strict=True))
    return PairedDifference(len(baseline), gained, lost)


def verdict(change: PairedDifference, lang: str = DEFAULT_LANGUAGE) -> str:
    """What the interval says of a broken tip: it costs wins, it gains some, or no clear answer."""
    low, high = change.interval
    key = "costs" if high < 0 else "gains" if low > 0 else "unclear"
    return translate(f"lab.paired.{key}", lang)


@dataclass(frozen=True, slots=True)
class OneTipAtATime:
    """Each changed kind in seat 1 against ``players - 1`` tips players, paired with an all-tips table."""

    rules: Rules
    players: int
    hands: int
    differences: Mapping[str, PairedDifference]  # by kind, in the order they were asked for


def one_tip_at_a_time(
    rules: Rules,
    players: int,
    hands: int,
    changed: Sequence[str],
    *,
    kinds: PlayerKinds = PLAYER_KINDS,
    seed: int = 7,
    workers: int | None = 1,
) -> OneTipAtATime:
    """Play ``hands`` deals with tips players in every seat, then the same deals with each kind
    of ``changed`` (from the registry ``kinds``) in seat 1, and pair them up."""

    def tournament(first: str) -> list[HandRecord]:
        return run_tournament(
            rules,
            [first] + ["tips"] * (players - 1),
            hands=hands,
            seed=seed,
            workers=workers,
            progress=False,
            kinds=kinds,
        )

    baseline = tournament("tips")
    return OneTipAtATime(
        rules, players, hands, {kind: paired_difference(baseline, tournament(kind)) for kind in changed}
    )


def format_differences(study: OneTipAtATime, lang: str = DEFAULT_LANGUAGE) -> str:
    """One line per changed kind: the difference, its 95% interval and the verdict, in ``lang``."""
    rows = [
        (
            kind_label(kind, lang) + ":",
            *(format_percent(share, lang, 1, sign=True) for share in (change.difference, *change.interval)),
        )
        for kind, change in study.differences.items()
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(4)]
    lines = [
        f"{label:>{widths[0]}} {middle:>{widths[1]}}  [{low:>{widths[2]}}, {high:>{widths[3]}}]  "
        f"{verdict(change, lang)}"
        for (label, middle, low, high), change in zip(rows, study.differences.values(), strict=True)
    ]
    lines.append(translate("lab.paired.deals", lang, hands=format_number(study.hands, lang)))
    return "\n".join(lines)


def plot_differences(study: OneTipAtATime, lang: str = DEFAULT_LANGUAGE) -> Figure:
    """A bar per changed kind: the change in percentage points, with its 95% interval."""
    from matplotlib.figure import Figure

    changes = list(study.differences.values())
    figure = Figure(figsize=(9, 0.6 + 0.55 * len(changes)), layout="constrained")
    axes = figure.subplots()
    middles = [change.difference * 100 for change in changes]
    errors = [
        [(change.difference - change.interval[0]) * 100 for change in changes],
        [(change.interval[1] - change.difference) * 100 for change in changes],
    ]
    axes.barh([kind_label(kind, lang) for kind in study.differences], middles, xerr=errors, capsize=4, color="#4c72b0")
    axes.axvline(0, color="#c44e52", linestyle="--")
    axes.invert_yaxis()
    axes.xaxis.set_major_formatter(  # percentage points: 2,5 where the reader writes a decimal comma
        lambda value, _: format_number(value, lang, 0 if value.is_integer() else 1)
    )
    axes.set_xlabel(translate("lab.paired.axis", lang))
    axes.set_title(translate("lab.paired.title", lang, players=study.players, rules=rules_text(study.rules, lang)))
    return figure
