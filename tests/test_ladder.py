"""The bot ladder's committed counts: read without playing, shown in every language."""

from __future__ import annotations

import pytest

from lingerlonger.computer.statistics import wilson_interval
from lingerlonger.lab.ladder import Ladder, Level, Paired, format_ladder, ladder_results, save_ladder


def test_the_committed_ladder_has_every_level_and_the_pairings():
    ladder = ladder_results()
    assert [level.kind for level in ladder.levels] == ["random", "tips", "expert", "strong", "perfect"]
    assert all(0 <= level.wins <= level.hands and level.hands >= 100 for level in ladder.levels)
    assert [(pair.baseline, pair.changed) for pair in ladder.paired] == [("expert", "strong"), ("strong", "perfect")]


def test_a_saved_ladder_reads_back_the_same(tmp_path):
    ladder = Ladder(
        4, "standard", "tips", 3, "2026-12-01", (Level("tips", 30, 120, 2),), (Paired("tips", "strong", 120, 9, 4),)
    )
    save_ladder(ladder, tmp_path / "ladder.json")
    assert ladder_results(tmp_path / "ladder.json") == ladder


@pytest.mark.parametrize("lang", ["en", "pt", "es", "ru"])
def test_the_table_shows_each_rate_with_its_wilson_interval(lang):
    ladder = Ladder(
        4,
        "standard",
        "tips",
        3,
        "2026-12-01",
        (Level("strong", 300, 1000, 9),),
        (Paired("expert", "strong", 1000, 90, 40),),
    )
    low, high = wilson_interval(300, 1000)
    assert (low, high) == Level("strong", 300, 1000, 9).interval
    text = format_ladder(ladder, lang)
    decimal = "." if lang == "en" else ","
    assert f"30{decimal}0" in text and f"{low * 100:.1f}".replace(".", decimal) in text
    assert f"+5{decimal}0" in text  # the paired difference, in points
    assert ("strong" in text) == (lang == "en")
