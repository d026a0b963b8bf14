"""The lab's figures, drawn from a tally (or from hand records, tallied first), worded in a
reader's language.

matplotlib loads only when a figure is drawn, so the command line starts fast.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from lingerlonger.computer.players import kind_label
from lingerlonger.lab.tally import Tally, WinRate, as_tally
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, format_percent, translate

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from lingerlonger.lab.runner import HandRecord

__all__ = ["plot_win_rates", "plot_hand_sizes", "plot_early_wins_and_trumps"]


def _figure() -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(10, 4), layout="constrained")


def _percent_axis(axis, lang: str) -> None:
    axis.set_major_formatter(lambda value, _: format_percent(value, lang))


def _with_errors(ax, rates: list[WinRate], fair: float, title: str, lang: str) -> None:
    lows = [rate.rate - rate.interval[0] for rate in rates]
    highs = [rate.interval[1] - rate.rate for rate in rates]
    ax.bar(
        [rate.label for rate in rates], [rate.rate for rate in rates], yerr=[lows, highs], capsize=4, color="#4c72b0"
    )
    ax.axhline(
        fair,
        color="#c44e52",
        linestyle="--",
        label=translate("lab.plot.fair-share", lang, share=format_percent(fair, lang)),
    )
    ax.set_ylabel(translate("lab.plot.hands-won", lang))
    ax.set_title(title)
    _percent_axis(ax.yaxis, lang)
    ax.legend(loc="upper right")


def plot_win_rates(results: Tally | Iterable[HandRecord], lang: str = DEFAULT_LANGUAGE) -> Figure:
    """Win rate by strategy and by position at the table, with 95% Wilson intervals, in ``lang``."""
    tally = as_tally(results)
    fair = 1 / tally.players
    figure = _figure()
    by_kind, by_position = figure.subplots(1, 2)
    _with_errors(by_kind, tally.win_rates("kind", lang), fair, translate("lab.plot.by-strategy", lang), lang)
    _with_errors(by_position, tally.win_rates("position", lang), fair, translate("lab.plot.by-position", lang), lang)
    return figure


def plot_hand_sizes(results: Tally | Iterable[HandRecord], lang: str = DEFAULT_LANGUAGE) -> Figure:
    """Mean hand size and share of players still in, trick by trick, per strategy, in ``lang``."""
    figure = _figure()
    sizes_ax, alive_ax = figure.subplots(1, 2)
    for kind, (means, shares) in as_tally(results).size_curves().items():
        tricks = range(1, len(means) + 1)
        sizes_ax.plot(tricks, means, label=kind_label(kind, lang))
        alive_ax.step(tricks, shares, where="post", label=kind_label(kind, lang))
    trick = translate("lab.plot.trick", lang)
    sizes_ax.set(
        xlabel=trick, ylabel=translate("lab.plot.cards-in-hand", lang), title=translate("lab.plot.hand-size", lang)
    )
    alive_ax.set(
        xlabel=trick, ylabel=translate("lab.plot.still-holding", lang), title=translate("lab.plot.survival", lang)
    )
    _percent_axis(alive_ax.yaxis, lang)
    sizes_ax.legend()
    alive_ax.legend()
    return figure


def plot_early_wins_and_trumps(
    results: Tally | Iterable[HandRecord], cap: int = 4, lang: str = DEFAULT_LANGUAGE
) -> Figure:
    """The value of winning early versus saving trumps, over the first n tricks (n = players).

    Left: win rate by tricks won among them; right: by trumps spent in them.
    Counts of ``cap`` or more share one bar. These are associations across
    hands (a strong deal both wins early and wins the hand), not causes.
    """
    tally = as_tally(results)
    n = tally.players
    figure = _figure()
    early_ax, trumps_ax = figure.subplots(1, 2)
    _with_errors(
        early_ax, tally.early_rates("tricks", cap), 1 / n, translate("lab.plot.by-early-tricks", lang, count=n), lang
    )
    _with_errors(
        trumps_ax, tally.early_rates("trumps", cap), 1 / n, translate("lab.plot.by-early-trumps", lang, count=n), lang
    )
    early_ax.set_xlabel(translate("lab.plot.tricks-won", lang))
    trumps_ax.set_xlabel(translate("lab.plot.trumps-played", lang))
    return figure
