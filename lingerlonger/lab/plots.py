"""The lab's figures, drawn from a tally (or from hand records, tallied first).

matplotlib loads only when a figure is drawn, so the command line starts fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from .tally import Tally, WinRate, as_tally

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from .runner import HandRecord

__all__ = ["plot_win_rates", "plot_hand_sizes", "plot_early_wins_and_trumps"]


def _figure() -> "Figure":
    from matplotlib.figure import Figure
    return Figure(figsize=(10, 4), layout="constrained")


def _with_errors(ax, rates: list[WinRate], fair: float, title: str) -> None:
    lows = [rate.rate - rate.interval[0] for rate in rates]
    highs = [rate.interval[1] - rate.rate for rate in rates]
    ax.bar([rate.label for rate in rates], [rate.rate for rate in rates], yerr=[lows, highs],
           capsize=4, color="#4c72b0")
    ax.axhline(fair, color="#c44e52", linestyle="--", label=f"fair share {fair:.0%}")
    ax.set_ylabel("hands won")
    ax.set_title(title)
    ax.yaxis.set_major_formatter(lambda value, _: f"{value:.0%}")
    ax.legend(loc="upper right")


def plot_win_rates(results: Tally | Iterable[HandRecord]) -> "Figure":
    """Win rate by strategy and by position at the table, with 95% Wilson intervals."""
    tally = as_tally(results)
    fair = 1 / tally.players
    figure = _figure()
    by_kind, by_position = figure.subplots(1, 2)
    _with_errors(by_kind, tally.win_rates("kind"), fair, "by strategy")
    _with_errors(by_position, tally.win_rates("position"), fair,
                 "by position (1 leads first, last deals)")
    return figure


def plot_hand_sizes(results: Tally | Iterable[HandRecord]) -> "Figure":
    """Mean hand size and share of players still in, trick by trick, per strategy."""
    figure = _figure()
    sizes_ax, alive_ax = figure.subplots(1, 2)
    for kind, (means, shares) in as_tally(results).size_curves().items():
        tricks = range(1, len(means) + 1)
        sizes_ax.plot(tricks, means, label=kind)
        alive_ax.step(tricks, shares, where="post", label=kind)
    sizes_ax.set(xlabel="trick", ylabel="cards in hand (mean)", title="hand size over tricks")
    alive_ax.set(xlabel="trick", ylabel="still holding cards", title="survival")
    alive_ax.yaxis.set_major_formatter(lambda value, _: f"{value:.0%}")
    sizes_ax.legend()
    alive_ax.legend()
    return figure


def plot_early_wins_and_trumps(results: Tally | Iterable[HandRecord], cap: int = 4) -> "Figure":
    """The value of winning early versus saving trumps, over the first n tricks (n = players).

    Left: win rate by tricks won among them; right: by trumps spent in them.
    Counts of ``cap`` or more share one bar. These are associations across
    hands (a strong deal both wins early and wins the hand), not causes.
    """
    tally = as_tally(results)
    n = tally.players
    figure = _figure()
    early_ax, trumps_ax = figure.subplots(1, 2)
    _with_errors(early_ax, tally.early_rates("tricks", cap), 1 / n, f"by tricks won in the first {n}")
    _with_errors(trumps_ax, tally.early_rates("trumps", cap), 1 / n,
                 f"by trumps spent in the first {n} tricks")
    early_ax.set_xlabel("tricks won")
    trumps_ax.set_xlabel("trumps played")
    return figure
