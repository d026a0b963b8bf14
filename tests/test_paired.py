"""The paired test of chapter 10: the statistic against hand-worked numbers, its verdicts, and
its report and figure in the reader's language."""

from __future__ import annotations

import io
import re

import pytest

from lingerlonger.computer.players import PLAYER_KINDS, TipsPlayer
from lingerlonger.game.rules import Rules
from lingerlonger.lab import (
    OneTipAtATime,
    PairedDifference,
    format_differences,
    one_tip_at_a_time,
    paired_difference,
    plot_differences,
    verdict,
)
from lingerlonger.lab.runner import HandRecord, SeatRecord


def _hands(seat_1_won: str) -> list[HandRecord]:
    """Hands where seat 1 won where the text says W (seat 2 won the others)."""
    return [
        HandRecord(
            hand,
            0,
            "last-holder",
            tuple(SeatRecord(seat, "tips", seat + 1, (won == "W") == (seat == 0), 0, 0, 0, ()) for seat in range(2)),
        )
        for hand, won in enumerate(seat_1_won)
    ]


def test_only_the_deals_that_differ_count():
    #            deals: 1  2  3  4  5  6
    baseline = _hands("W  W  -  -  W  -".replace(" ", ""))
    changed = _hands("W  -  W  -  -  W".replace(" ", ""))
    assert paired_difference(baseline, changed) == PairedDifference(hands=6, gained=2, lost=2)
    with pytest.raises(ValueError, match="same deals"):
        paired_difference(baseline, changed[:5])


# Worked by hand: d = (b - c) / n, half-width = 1.959964 × √(b + c - (b - c)² / n) / n.
@pytest.mark.parametrize(
    "hands, gained, lost, difference, low, high, key",
    [
        # √(16 - 0.64) = 3.919184; × 1.959964 / 100 = 0.076815: excludes 0, above it
        (100, 12, 4, 0.08, 0.003185, 0.156815, "gains"),
        # √(22 - 3.24) = 4.331282; × 1.959964 / 100 = 0.084892: excludes 0, below it
        (100, 2, 20, -0.18, -0.264892, -0.095108, "costs"),
        # √(5 - 0.02) = 2.231591; × 1.959964 / 50 = 0.087477: holds 0
        (50, 3, 2, 0.02, -0.067477, 0.107477, "unclear"),
    ],
)
def test_the_interval_and_verdict_against_numbers_worked_by_hand(hands, gained, lost, difference, low, high, key):
    change = PairedDifference(hands, gained, lost)
    assert change.difference == pytest.approx(difference)
    assert change.interval == pytest.approx((low, high), abs=1e-6)
    english = {
        "gains": "breaking it wins more: the tip does not hold up here",
        "costs": "breaking it costs wins: the tip holds up",
        "unclear": "no clear difference in this many hands",
    }
    assert verdict(change, "en") == english[key]


def test_the_report_speaks_russian_with_decimal_commas():
    study = OneTipAtATime(
        Rules(), 4, 100, {"spendthrift": PairedDifference(100, 2, 20), "random-leader": PairedDifference(100, 12, 4)}
    )
    report = format_differences(study, "ru")
    assert "-18,0\u00a0%" in report
    assert report.replace("\u00a0", " ").splitlines() == [
        "        транжира: -18,0 %  [-26,5 %,  -9,5 %]  нарушение стоит выигрышей: совет работает",
        "выходящий наугад:  +8,0 %  [ +0,3 %, +15,7 %]  с нарушением выигрышей больше: здесь совет не работает",
        "(раздач: 100; каждая сыграна с изменением и без него)",
    ]  # a no-break space before each %
    figure = plot_differences(study, "ru")
    [axes] = figure.axes
    labels = [axes.get_title(), axes.get_xlabel(), *(label.get_text() for label in axes.get_yticklabels())]
    assert not any(re.search("[A-Za-z]", label) for label in labels), labels
    figure.savefig(io.BytesIO(), format="png")


class _Spendthrift(TipsPlayer):
    """Plays its highest legal card whenever it has a choice."""

    def act(self, view):
        action = super().act(view)
        if view.must_name_trump:
            return action
        return type(action)(view.seat, max(view.legal, key=lambda card: card.rank))


def test_one_tip_at_a_time_pairs_each_kind_with_the_same_deals_played_by_tips_players():
    kinds = PLAYER_KINDS.with_kind("spendthrift", _Spendthrift)
    study = one_tip_at_a_time(Rules(), 3, 60, ["spendthrift", "tips"], kinds=kinds, seed=2)
    assert (study.players, study.hands, list(study.differences)) == (3, 60, ["spendthrift", "tips"])
    assert study.differences["tips"] == PairedDifference(60, 0, 0)  # the baseline against itself
    assert (
        one_tip_at_a_time(Rules(), 3, 60, ["spendthrift"], kinds=kinds, seed=2, workers=2).differences["spendthrift"]
        == study.differences["spendthrift"]
    )
