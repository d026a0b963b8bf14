"""The canonical writer: load → write → load gives the same scenarios, written the recorded way."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from corpora import POSITION
from golden_data import RECORDED
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from lingerlonger.game.declared import Game, SetupError
from lingerlonger.game.rules import VARIANTS, Rules
from lingerlonger.scenario import Expect, Location, Result, Step, load, loads
from lingerlonger.scenario.author_names import skeleton
from lingerlonger.scenario.recording import simulate
from lingerlonger.scenario.replay import check
from lingerlonger.scenario.writer import (
    SCHEMA_HINT,
    SCHEMA_NAME,
    SITE_SETTING,
    dump,
    header_comments,
    schema_file,
    schema_line,
    write,
    write_schema,
)

GOOD_FILES = sorted((Path(__file__).resolve().parent / "good").glob("*.yaml"))
SCHEMA_LINE = "# yaml-language-server: $schema=scenario.schema.json"
REPO = Path(__file__).resolve().parents[1]
HERE = Location("<test>", 1, 1)
[TEMPLATE] = loads(POSITION)


@pytest.mark.parametrize("path", GOOD_FILES, ids=lambda path: path.name)
def test_good_files_round_trip(path):
    scenarios = load(path)
    text = dump(scenarios)
    assert loads(text) == scenarios
    assert dump(loads(text)) == text  # canonical: writing again changes nothing


def test_recorded_hands_round_trip_and_are_written_as_they_were():
    for path in RECORDED:
        scenarios = load(path)
        text = dump(scenarios)
        assert loads(text) == scenarios
        # Written the recorded way, line for line, but for the schema line and its hint, one
        # empty document, and the order of `out` (a set, written in seat order).
        original = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("    out:")]
        written = [line for line in text.splitlines()[2:] if not line.startswith("    out:")]
        assert [line for line in written if line != "---"] == [line for line in original if line != "---"]


def test_the_layout():
    [scenario] = load(GOOD_FILES[0].parent / "deal-every-key.yaml")
    lines = dump([scenario]).splitlines()
    assert lines[:2] == [SCHEMA_LINE, SCHEMA_HINT]
    assert lines[2:5] == ["format: 1", "title: Every key of format 1, on a deal", "summary: |"]
    assert "rules:" in lines and "  variants: [draw-per-card, trump-lead]" in lines
    assert any(line.startswith("deck: [4♣, A♥, 4♠,") for line in lines)
    assert "- {play: On A♣}" in lines
    assert "- play: Ann 9♣" not in lines  # a step with nothing to say is one flow line
    assert '  say: "Ann holds trumps, so trump-lead makes her lead one."' in lines
    assert "    legal: {On: [K♠, 6♠, J♦, 4♦, 2♣, A♥, 8♥, 7♥]}" in lines  # by suit, high to low
    assert lines[lines.index("result: {winner: null, reason: null}") + 1] == "x-author: tests"


def test_cards_are_written_in_the_output_notation():
    [scenario] = load(GOOD_FILES[0].parent / "stream-notations.yaml")[:1]
    text = dump([scenario])
    assert "  A: [10♥, 2♣]" in text and "  B: [Q♠, 9♥]" in text and "  C: [10♦, K♣]" in text
    assert "- {play: A 10♥}" in text and "- {play: B 9♥}" in text


def test_a_stream_of_several_scenarios_starts_each_with_a_marker():
    scenarios = load(GOOD_FILES[0].parent / "stream-notations.yaml")
    assert dump(scenarios).count("\n---\n") == 3
    assert "---" not in dump(scenarios[:1])


def test_write_keeps_the_comments_on_top_and_points_at_the_schema(tmp_path):
    path = tmp_path / "lesson.yaml"
    path.write_text(
        "# yaml-language-server: $schema=old.json\n# A lesson.\n#   by me\n\n"
        + GOOD_FILES[0].parent.joinpath("position-worked-example.yaml").read_text(encoding="utf-8").split("\n", 2)[2],
        encoding="utf-8",
    )
    scenarios = load(path)
    write(path, scenarios, keep_header_from=path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[:2] == [SCHEMA_LINE, SCHEMA_HINT]  # no schema near it yet: say how to get one
    assert lines[2:4] == ["# A lesson.", "#   by me"]
    assert load(path) == scenarios
    assert header_comments(path) == "# A lesson.\n#   by me\n"
    write_schema(tmp_path)
    write(path, scenarios, keep_header_from=path)  # written again: the hint is gone, not doubled
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[:3] == [SCHEMA_LINE, "# A lesson.", "#   by me"]
    assert (path.parent / SCHEMA_NAME).read_bytes() == schema_file().read_bytes()


def test_the_schema_line_names_a_schema_near_the_file_never_the_install(tmp_path):
    lessons = tmp_path / "lessons" / "week-1"
    lessons.mkdir(parents=True)
    assert schema_line(lessons / "a.yaml") == SCHEMA_LINE  # nothing near: beside it, once written
    write_schema(tmp_path / "lessons")
    assert schema_line(lessons / "a.yaml") == "# yaml-language-server: $schema=../scenario.schema.json"
    # In a copy of this repository, the package's own schema, as the library's files say.
    assert schema_line(REPO / "scenarios" / "new.yaml") == (
        "# yaml-language-server: $schema=../lingerlonger/scenario/scenario.schema.json"
    )
    # The folder moves with its schema, and the line still holds.
    moved = tmp_path / "moved"
    (tmp_path / "lessons").rename(moved)
    ref = schema_line(moved / "week-1" / "a.yaml").split("=", 1)[1]
    assert (moved / "week-1" / ref).resolve() == (moved / SCHEMA_NAME).resolve()


def test_with_a_published_site_the_schema_line_points_there_wherever_the_file_goes(tmp_path, monkeypatch):
    site = "https://ana.github.io/linger-longer/"
    published = f"# yaml-language-server: $schema={site}{SCHEMA_NAME}"
    [scenario] = loads(POSITION)
    text = dump([scenario], site=site)
    assert text.splitlines()[0] == published and SCHEMA_HINT not in text  # nothing to write first
    assert loads(text) == [scenario]
    monkeypatch.setenv(SITE_SETTING, site)
    (tmp_path / "deep").mkdir()
    write(tmp_path / "deep" / "a.yaml", [scenario])
    assert (tmp_path / "deep" / "a.yaml").read_text(encoding="utf-8").splitlines()[0] == published
    assert schema_line(REPO / "scenarios" / "new.yaml") == published  # even beside a schema
    # Only a plain http(s) address ending in "/" is a site; anything else is ignored.
    for odd in ("javascript:alert(1)/", "https://a b/", 'https://x/"onload="', "ftp://x/", "https://x"):
        assert schema_line(site=odd) == SCHEMA_LINE
    monkeypatch.setenv(SITE_SETTING, "")
    assert schema_line() == SCHEMA_LINE


# --- hypothesis: any hand, any text ---------------------------------------------------------

rules_specs = st.lists(st.sampled_from(VARIANTS), unique=True, max_size=3).map(
    lambda variants: "+".join(["standard", *variants])
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=rules_specs, players=st.integers(3, 6), seed=st.integers(0, 10**6))
def test_simulated_hands_round_trip(spec, players, seed):
    try:
        rules = Game.of(spec, players).rules
    except SetupError:
        rules = None
    assume(rules is not None)  # a table these rules cannot deal is discarded, not passed
    hands = list(simulate(rules, players, seed, games=2))
    assert loads(dump(hands)) == hands


texts = st.text(min_size=1).filter(lambda text: text.strip())
names = st.text(st.characters(blacklist_categories=("Cs", "Z", "Cc", "Cf", "Co", "Cn")), min_size=1, max_size=6).filter(
    lambda name: name.split() == [name]
)


@settings(max_examples=200, deadline=None)
@given(
    title=texts,
    say=texts,
    summary=st.none() | texts,
    tags=st.lists(texts, max_size=3),
    seats=st.lists(names, min_size=3, max_size=3, unique_by=skeleton),
    extra=st.recursive(
        st.none() | st.booleans() | st.integers() | st.text() | st.floats(allow_nan=False),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
        max_leaves=6,
    ),
)
def test_any_text_round_trips(title, say, summary, tags, seats, extra):
    a, b, c = seats
    renamed = dict(zip("ABC", seats, strict=True))
    play = Step("play", HERE, seat=a, card=TEMPLATE.hands["A"][0], say=say)
    expect = Step(
        "expect",
        HERE,
        expect=Expect(trick_winner=None, out=frozenset(), given=frozenset({"trick_winner", "out"})),
        say=say,
    )
    scenario = replace(
        TEMPLATE,
        title=title,
        summary=summary,
        tags=tuple(tags),
        players=(a, b, c),
        dealer=c,
        leader=a,
        hands={renamed[seat]: cards for seat, cards in TEMPLATE.hands.items()},
        steps=(expect, play, Step("say", HERE, say=say)),
        result=Result(None, None, HERE, frozenset({"winner"})),
        extras={"x-extra": extra},
    )
    assert loads(dump([scenario])) == [scenario]


def test_a_written_simulation_checks():
    hands = list(simulate(Rules.parse("equal-hands+instant-elimination"), 6, seed=9, games=5))
    for scenario in loads(dump(hands)):
        assert check(scenario) == []
