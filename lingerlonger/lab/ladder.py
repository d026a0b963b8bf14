"""The bot ladder's measured counts, kept with the package so a page shows them without playing.

``bench/players.py --save`` plays each level in seat 1 against three ``tips`` players
(4-player standard; thousands of hands, far too many for a book build) and writes the
counts here; ``ladder_results()`` reads the committed file and ``format_ladder`` shows
each level's win rate with its Wilson 95% interval, and the paired differences measured
on the same deals (``lab.paired``).

>>> ladder = Ladder(4, "standard", "tips", 1, "2026-12-01",
...                 (Level("tips", 25, 100, 1), Level("strong", 30, 100, 9)),
...                 (Paired("tips", "strong", 100, 8, 3),))
>>> print(format_ladder(ladder))
player  hands  win rate  95% interval
tips    100    25.0%     17.5% – 34.3%
strong  100    30.0%     21.9% – 39.6%
strong against tips on the same 100 deals: +5.0 points [-1.4, +11.4]
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path

from lingerlonger.computer.players import kind_label
from lingerlonger.computer.statistics import wilson_interval
from lingerlonger.lab.paired import PairedDifference
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, format_number, format_percent, translate

__all__ = ["Ladder", "Level", "Paired", "ladder_results", "save_ladder", "format_ladder"]


@dataclass(frozen=True, slots=True)
class Level:
    """One player kind in seat 1 against the opponents: its wins in ``hands`` hands."""

    kind: str
    wins: int
    hands: int
    seconds: int  # the match's wall-clock time

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.hands)


@dataclass(frozen=True, slots=True)
class Paired:
    """``changed`` against ``baseline`` on the same ``hands`` deals (``lab.PairedDifference``)."""

    baseline: str
    changed: str
    hands: int
    gained: int
    lost: int

    @property
    def difference(self) -> PairedDifference:
        return PairedDifference(self.hands, self.gained, self.lost)


@dataclass(frozen=True, slots=True)
class Ladder:
    players: int
    rules: str
    opponents: str
    seed: int
    measured: str  # the day the bench played it
    levels: tuple[Level, ...]
    paired: tuple[Paired, ...]


def save_ladder(ladder: Ladder, path: str | Path) -> None:
    Path(path).write_text(json.dumps(asdict(ladder), indent=1) + "\n", encoding="utf-8")


def ladder_results(path: str | Path | None = None) -> Ladder:
    """The ladder in ``path``, by default the one committed with the package (``data/ladder.json``)."""
    source = resources.files("lingerlonger.lab").joinpath("data/ladder.json") if path is None else Path(path)
    data = json.loads(source.read_text(encoding="utf-8"))
    return Ladder(
        data["players"],
        data["rules"],
        data["opponents"],
        data["seed"],
        data["measured"],
        tuple(Level(**level) for level in data["levels"]),
        tuple(Paired(**pair) for pair in data["paired"]),
    )


def format_ladder(ladder: Ladder, lang: str = DEFAULT_LANGUAGE) -> str:
    """The levels with their intervals, then each paired difference, as aligned text."""
    header = [translate(f"lab.ladder-{column}", lang) for column in ("player", "hands", "rate", "interval")]
    rows = [header]
    for level in ladder.levels:
        low, high = level.interval
        rows.append(
            [
                kind_label(level.kind, lang),
                format_number(level.hands, lang),
                format_percent(level.wins / level.hands, lang, 1),
                f"{format_percent(low, lang, 1)} – {format_percent(high, lang, 1)}",
            ]
        )
    widths = [max(len(row[column]) for row in rows) for column in range(len(header))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows]
    for pair in ladder.paired:
        difference = pair.difference
        low, high = difference.interval
        lines.append(
            translate(
                "lab.ladder-paired",
                lang,
                changed=kind_label(pair.changed, lang),
                baseline=kind_label(pair.baseline, lang),
                hands=format_number(pair.hands, lang),
                difference=_points(difference.difference, lang),
                low=_points(low, lang),
                high=_points(high, lang),
            )
        )
    return "\n".join(lines)


def _points(share: float, lang: str) -> str:
    """A signed difference in percentage points ("+1.2")."""
    return format_number(share * 100, lang, 1, sign=True)
