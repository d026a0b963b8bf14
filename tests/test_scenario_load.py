"""Loading format 1: every key and form of the good corpus, YAML read safely, large streams lazily.

The good corpus (tests/good/) was written by hand from the book's Scenario format and
Rules references (book/scenario-format.md, book/rules-reference.md);
the values asserted here are read off those files, not off a run of the loader.
"""

from __future__ import annotations

import io
import time
import tracemalloc
from pathlib import Path

import pytest
from corpora import POSITION

from lingerlonger.computer.task_judge import TaskGoal
from lingerlonger.game.cards import Suit, parse_card, parse_cards
from lingerlonger.game.rules import Rules
from lingerlonger.scenario import Location, ScenarioError, iter_documents, iter_scenarios, load, loads
from lingerlonger.scenario.recording import simulate
from lingerlonger.scenario.replay import check, replay
from lingerlonger.scenario.writer import dump

GOOD = Path(__file__).resolve().parent / "good"
GOOD_FILES = sorted(GOOD.glob("*.yaml"))


def test_the_good_corpus_covers_every_key_and_step_kind():
    scenarios = [scenario for path in GOOD_FILES for scenario in load(path)]
    kinds = {step.kind for scenario in scenarios for step in scenario.steps}
    expected = {
        key for scenario in scenarios for step in scenario.steps if step.kind == "expect" for key in step.expect.given
    }
    assert kinds == {"play", "choose_trump", "expect", "ask", "say", "task"}
    assert {step.task.goal for scenario in scenarios for step in scenario.steps if step.task} == set(TaskGoal)
    assert expected == {"trick_winner", "drawn", "out", "hand_sizes", "stock_size", "leader", "legal"}
    assert {scenario.is_deal for scenario in scenarios} == {True, False}
    assert any(scenario.summary for scenario in scenarios)
    assert any(scenario.tags for scenario in scenarios)
    assert any(scenario.extras for scenario in scenarios)
    assert any(scenario.rules.hand_size for scenario in scenarios)
    assert any(scenario.result and scenario.result.winner is None for scenario in scenarios)


@pytest.mark.parametrize("path", GOOD_FILES, ids=lambda path: path.name)
def test_every_good_file_loads_and_checks(path):
    scenarios = load(path)
    assert scenarios
    for scenario in scenarios:
        assert check(scenario) == []


def test_every_notation_of_rules_section_5_reads_as_the_same_cards():
    first = load(GOOD / "stream-notations.yaml")[0]
    assert first.hands == {"A": parse_cards("10♥ 2♣"), "B": parse_cards("Q♠ 9♥"), "C": parse_cards("10♦ K♣")}
    assert first.steps[0].card == parse_card("10♥")  # written "th"
    assert first.steps[1].card == parse_card("9♥")  # written "9H"


def test_a_stream_gives_each_scenario_with_its_index():
    scenarios = load(GOOD / "stream-notations.yaml")
    assert [scenario.index for scenario in scenarios] == [0, 1, 2]
    assert scenarios[0].rules == Rules.parse("equal-hands+no-trump")
    assert scenarios[1].rules == Rules.parse("standard")  # written sift-smoke
    assert scenarios[2].trump == Suit.HEARTS  # written ♡
    assert scenarios[0].trump is None  # written none


def test_x_keys_are_ignored_everywhere_and_kept_at_the_top():
    [scenario] = load(GOOD / "deal-every-key.yaml")
    assert scenario.extras == {"x-author": "tests"}
    assert scenario.rules == Rules.of("standard", ["draw-per-card", "trump-lead"], 5)
    assert scenario.result.given == {"winner", "reason"}


def test_names_are_read_as_yaml_1_2_reads_them():
    [scenario] = load(GOOD / "deal-every-key.yaml")
    assert scenario.players == ("Ann", "On", "Bo", "Di")  # YAML 1.1 would make On a boolean


def test_null_and_none():
    [scenario] = loads(POSITION.replace("trump: ♥", "trump: none").replace("standard", "standard+no-trump"))
    assert scenario.trump is None
    [scenario] = loads(POSITION + "result: {winner: null, reason: ~}\n")
    assert scenario.result.winner is None and scenario.result.given == {"winner", "reason"}


def test_locations_point_at_values_and_count_characters_not_bytes():
    [scenario] = loads(POSITION.replace("steps: []", "steps:\n  - {play: A K♣}\n  - play: B 7♣"), "f.yaml")
    assert scenario.steps[0].where == Location("f.yaml", 11, 12)
    assert scenario.steps[1].where == Location("f.yaml", 12, 11)
    with pytest.raises(ScenarioError) as error:
        loads(POSITION.replace("stock: [5♠]", "stock: [5♠, 5♥, 11♠]"), "f.yaml")
    assert str(error.value).startswith("f.yaml:7:17: stock: '11♠' is not a card")


def test_locations_do_not_take_part_in_equality():
    assert loads(POSITION) == loads("\n\n# moved down\n" + POSITION)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "no scenario in this file"),
        ("- a list\n", "scenario: expected a mapping"),
        (POSITION.replace("format: 1", "format: '1'"), "format: expected 1"),
        (POSITION.replace("title: T", "title:"), "title: expected some text, got nothing"),
        (POSITION.replace("title: T", "title: true"), "title: expected text, got the boolean true"),
        (POSITION.replace("[A, B, C]", "[A, B, A]"), "players: A appears twice"),
        (POSITION.replace("leader: A", "leader: Q"), "leader: no seat 'Q' at this table"),
        (POSITION.replace("trump: ♥", "trump: X"), "trump: 'X' is not a suit"),
        (POSITION.replace("steps: []", "steps:\n  - {}"), "step: expected play, choose_trump, expect, task or say"),
        (POSITION.replace("steps: []", "steps:\n  - expect: {drawn: {A: [5♠, 5♠]}}"), "5♠ appears twice"),
        (POSITION.replace("steps: []", "steps:\n  - expect: {out: [A, A]}"), "expect: out: A appears twice"),
        (POSITION.replace("steps: []", "steps:\n  - expect: {stock_size: 1.5}"), "expected a whole number"),
        (POSITION.replace("steps: []", "steps:\n  - expect: {bogus: 1}"), "expect: unknown key 'bogus'"),
        (POSITION.replace("steps: []", "steps: []\nresult: {who: A}"), "result: unknown key 'who'"),
        (POSITION.replace("rules: standard", "rules: {variants: [no-trump]}"), "rules: missing profile"),
        (POSITION.replace("rules: standard", "rules: {profile: classic}"), "rules: unknown profile 'classic'"),
        (
            POSITION.replace("rules: standard", "rules: {profile: standard, hand_size: 0}"),
            "rules: hand_size: expected a number of at least 1",
        ),
        (
            POSITION.replace("rules: standard", "rules: {profile: standard, variants: [no-trump, no-trump]}"),
            "rules: variants: no-trump appears twice",
        ),
        (POSITION.replace("title: T", "title: T\ntitle: U"), "scenario: the key 'title' appears twice"),
        (POSITION.replace("title: T", "? [a]\n: b"), "scenario: keys must be plain words, not a list"),
        (POSITION.replace("title: T", "title: !custom T"), "the tag !custom is not allowed"),
        (
            "%TAG !e! tag:example.com,2000:\n---\n" + POSITION.replace("title: T", "title: !e!x T"),
            "the tag tag:example.com,2000:x is not allowed",
        ),
    ],
)
def test_mistakes_are_refused_with_a_message(text, message):
    with pytest.raises(ScenarioError) as error:
        loads(text, "f.yaml")
    assert message in error.value.message
    assert str(error.value).startswith("f.yaml:")


def test_a_character_yaml_forbids_is_located_by_characters():
    with pytest.raises(ScenarioError) as error:
        loads("format: 1\ntitle: ♣♣♣a\x07b\n", "f.yaml")
    assert error.value.where == Location("f.yaml", 2, 12)
    assert "U+0007 is not allowed" in error.value.message


def test_a_refused_document_does_not_stop_the_stream():
    text = POSITION + "---\n" + POSITION.replace("title: T", "title: 7") + "---\n" + POSITION
    items = list(iter_documents(text, "f.yaml"))
    assert [type(item).__name__ for item in items] == ["Scenario", "ScenarioError", "Scenario"]
    assert items[1].where == Location("f.yaml", 13, 8)
    assert [item.index for item in (items[0], items[2])] == [0, 2]


def test_a_syntax_error_ends_the_stream_located():
    items = list(iter_documents(POSITION + "---\ntitle: [unclosed\n", "f.yaml"))
    assert isinstance(items[0], type(loads(POSITION)[0]))
    assert isinstance(items[-1], ScenarioError) and "YAML syntax error" in items[-1].message
    assert items[-1].where.line == 13


def test_a_billion_laughs_is_refused_at_once_without_expanding():
    laughs = ['x-a0: &a0 "lol"'] + [f"x-a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 10)]
    text = "\n".join(laughs) + "\n" + POSITION
    tracemalloc.start()
    started = time.perf_counter()
    with pytest.raises(ScenarioError) as error:
        loads(text, "laughs.yaml")
    elapsed = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert error.value.where == Location("laughs.yaml", 2, 12)
    assert "alias *a0 is not allowed" in error.value.message
    # 10**9 "lol"s expanded would take gigabytes and minutes; refusing takes next to nothing.
    assert peak < 1_000_000 and elapsed < 1.0


def test_deep_nesting_is_refused_not_a_crash():
    # libyaml's composer recurses in C and crashes the interpreter near 100,000 levels.
    text = POSITION + "x-deep: " + "[" * 200_000 + "]" * 200_000 + "\n"
    with pytest.raises(ScenarioError) as error:
        loads(text)
    assert "nested more than 64 levels deep" in error.value.message


def peak_reading(path: Path) -> tuple[int, int]:
    """How many scenarios the file at ``path`` holds, and the most memory reading them took."""
    tracemalloc.start()
    count = 0
    with open(path, encoding="utf-8") as source:
        for _ in iter_scenarios(source, str(path)):
            count += 1
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return count, peak


def test_a_stream_is_read_one_scenario_at_a_time_in_memory_that_does_not_grow_with_it(tmp_path):
    hands = list(simulate(Rules(), players=4, seed=1, games=20))
    short, long = tmp_path / "short.yaml", tmp_path / "long.yaml"
    short.write_text(dump(hands * 3), encoding="utf-8")
    long.write_text(dump(hands * 24), encoding="utf-8")
    (few, least), (many, most) = peak_reading(short), peak_reading(long)
    assert (few, many) == (60, 480)
    grown = long.stat().st_size - short.stat().st_size  # about 500 kB more to read
    # Holding the file's text would grow the peak by as much, its scenarios by many times that;
    # read one at a time, it grows by what the two runs' caches and garbage differ (some kB).
    assert most - least < grown / 4, (least, most, grown)


def test_iter_scenarios_reads_an_open_file_like_text():
    assert list(iter_scenarios(io.StringIO(POSITION))) == loads(POSITION)


def test_load_refuses_a_missing_or_binary_file(tmp_path):
    with pytest.raises(ScenarioError, match="cannot read"):
        load(tmp_path / "missing.yaml")
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"\xff\xfe\x00garbage\xff")
    with pytest.raises(ScenarioError) as error:
        load(binary)
    assert str(error.value).startswith(f"{binary}:1:1:")


def test_replay_frames_follow_the_steps():
    [scenario] = load(GOOD / "position-worked-example.yaml")
    run = replay(scenario)
    plays_and_says = [step for step in scenario.steps if step.kind != "expect"]
    assert len(run.frames) == 1 + len(plays_and_says)
    assert run.frames[1].say == "A leads the king of clubs."
    assert run.final.winner == scenario.players.index("C")
