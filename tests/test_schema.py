"""The JSON Schema agrees with the loader: on the good corpus, the bad corpus and recorded hands.

Files are turned into JSON the way an editor's YAML 1.2 language server sees them
(``true``/``false`` are booleans, ``On``/``No`` are names, no dates) by a loader
written here, independent of ``lingerlonger.scenario``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml
from corpora import BAD_FILES, expectation
from golden_data import RECORDED

from lingerlonger.game.cards import RANK_LABELS, SUIT_SYMBOLS, CardError, parse_card
from lingerlonger.game.declared import HAND_SIZE, PLAYERS, PROFILE, VARIANT_SET
from lingerlonger.game.events import END_REASONS, EndReason, HandEnded
from lingerlonger.game.rules import PROFILE_ALIASES, Rules
from lingerlonger.scenario import (
    EXPECT_KEYS,
    RESULT_KEYS,
    RULES_KEYS,
    STEP_ACTIONS,
    TOP_KEYS,
    AnswerKind,
    StepKind,
    loads,
)
from lingerlonger.scenario.recording import simulate
from lingerlonger.scenario.replay import replay
from lingerlonger.scenario.writer import dump, schema_file

GOOD_FILES = sorted((Path(__file__).resolve().parent / "good").glob("*.yaml"))
SCHEMA = json.loads(schema_file().read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft7Validator(SCHEMA)


class Yaml12Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """PyYAML's safe loader with YAML 1.2 core booleans and no timestamps, as editors read YAML."""


Yaml12Loader.yaml_implicit_resolvers = {
    first: [
        (tag, regexp)
        for tag, regexp in resolvers
        if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp")
    ]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
Yaml12Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


def as_json(text: str) -> list | None:
    """The documents as JSON data, or None when they cannot be JSON at all (syntax, tags, aliases)."""
    try:
        if any(isinstance(event, yaml.AliasEvent) for event in yaml.parse(text, Loader=Yaml12Loader)):
            return None  # JSON has no aliases (and expanding a bomb is what must not happen)
        return [
            json.loads(json.dumps(document))
            for document in yaml.load_all(text, Loader=Yaml12Loader)
            if document is not None
        ]
    except yaml.YAMLError:
        return None


def schema_accepts(text: str) -> bool:
    documents = as_json(text)
    return documents is not None and all(VALIDATOR.is_valid(document) for document in documents)


def test_the_schema_is_a_valid_draft_7_schema():
    jsonschema.Draft7Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", GOOD_FILES, ids=lambda path: path.name)
def test_every_good_file_is_valid(path):
    for document in as_json(path.read_text(encoding="utf-8")):
        errors = [error.message for error in VALIDATOR.iter_errors(document)]
        assert errors == []


@pytest.mark.parametrize("path", BAD_FILES, ids=lambda path: path.stem)
def test_the_schema_refuses_structural_mistakes_and_lets_rules_mistakes_through(path):
    *_, verdict = expectation(path)
    assert schema_accepts(path.read_text(encoding="utf-8")) == (verdict == "accept")


LIBRARY = sorted((Path(__file__).resolve().parents[1] / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", LIBRARY, ids=lambda path: path.name)
def test_the_library_is_valid(path):
    assert schema_accepts(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", RECORDED, ids=lambda path: path.name)
def test_recorded_hands_are_valid(path):
    documents = as_json(path.read_text(encoding="utf-8"))
    assert len(documents) == 40
    for document in documents[::8]:  # five hands of each rule set: validating is slow
        assert VALIDATOR.is_valid(document)


def test_simulated_hands_are_valid():
    for spec in ("standard", "equal-hands+draw-per-card", "standard+grand-coup+long-hand"):
        assert schema_accepts(dump(simulate(Rules.parse(spec), players=5, seed=2, games=3)))


def test_every_file_points_editors_at_the_schema():
    for path in GOOD_FILES:
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        assert first == "# yaml-language-server: $schema=../../lingerlonger/scenario/scenario.schema.json"
        assert (path.parent / first.split("=", 1)[1]).resolve() == schema_file().resolve()


def test_the_schema_names_the_same_keys_and_words_as_the_loader():
    definitions = SCHEMA["definitions"]
    assert set(SCHEMA["properties"]) == set(TOP_KEYS)
    assert set(definitions["step"]["properties"]) == set(STEP_ACTIONS) | {"ask", "say"}
    assert set(definitions["expect"]["properties"]) == set(EXPECT_KEYS)
    assert set(definitions["result"]["properties"]) == set(RESULT_KEYS)
    rules_mapping = definitions["rules"]["oneOf"][1]
    assert set(rules_mapping["properties"]) == set(RULES_KEYS)
    assert set(definitions["result"]["properties"]["reason"]["enum"]) == set(END_REASONS) | {None}
    assert set(definitions["step"]["properties"]) == set(StepKind)  # every kind, by its key
    answer = definitions["ask"]["properties"]["answer"]
    assert {kind for option in answer["oneOf"] for kind in option["required"]} == set(AnswerKind)


def test_step_kinds_answer_kinds_and_end_reasons_are_enums_read_and_written_as_the_files_words():
    """Dispatched on members, not on strings; the file format stays the same words."""
    text = (GOOD_FILES[0].parent / "position-every-say.yaml").read_text(encoding="utf-8")
    [scenario] = loads(text)
    assert all(isinstance(step.kind, StepKind) for step in scenario.steps)
    asks = [step.ask for step in scenario.steps if step.ask is not None]
    assert {ask.kind for ask in asks} >= {AnswerKind.WINNER, AnswerKind.CHOICE}
    assert all(isinstance(ask.kind, AnswerKind) for ask in asks)
    [ending] = loads((GOOD_FILES[0].parent / "position-worked-example.yaml").read_text(encoding="utf-8"))
    run = replay(ending)
    [ended] = [event for frame in run.frames for event in frame.events if isinstance(event, HandEnded)]
    assert run.final.reason is ended.reason is ending.result.reason and isinstance(ended.reason, EndReason)
    assert [str(kind) for kind in STEP_ACTIONS] == ["play", "choose_trump", "expect", "task"]
    assert json.dumps([EndReason.LAST_TRICK, AnswerKind.CARD]) == '["last-trick", "card"]'
    [again] = loads(dump([scenario]))
    assert again == scenario


def test_the_schema_offers_what_the_parameter_spec_declares():
    """Its enums and ranges are the spec's (lingerlonger.game.declared.PARAMETERS), so the schema an
    editor checks with agrees with the command line and the app's menus."""
    rules_mapping = SCHEMA["definitions"]["rules"]["oneOf"][1]["properties"]
    assert set(rules_mapping["profile"]["enum"]) == set(PROFILE.choices) | set(PROFILE_ALIASES)
    assert rules_mapping["variants"]["items"]["enum"] == list(VARIANT_SET.choices)
    assert rules_mapping["variants"]["uniqueItems"] is VARIANT_SET.many
    assert (rules_mapping["hand_size"]["minimum"], rules_mapping["hand_size"]["maximum"]) == (
        HAND_SIZE.low,
        HAND_SIZE.high,
    )
    players = SCHEMA["properties"]["players"]
    assert (players["minItems"], players["maxItems"]) == (PLAYERS.low, PLAYERS.high)


def _valid(definition: str, value) -> bool:
    return jsonschema.Draft7Validator({**SCHEMA, "$ref": f"#/definitions/{definition}"}).is_valid(value)


def _parses(text: str) -> bool:
    try:
        parse_card(text)
    except CardError:
        return False
    return True


def test_the_card_pattern_accepts_exactly_the_notations_of_rules_section_5():
    ranks = [*RANK_LABELS.values(), "T"]
    suits = list(SUIT_SYMBOLS) + list("SHDC") + list("♤♡♢♧")
    written = [rank + suit for rank in ranks for suit in suits]
    written += [text.lower() for text in written] + [f" {text} " for text in written[:20]]
    written += ["11♥", "1♥", "0♥", "10", "♥", "10♥♥", "K", "KX", "10 h", "", "A♥,", "J♣ Q♣"]
    for text in written:
        assert _valid("card", text) == _parses(text), text


def test_rules_strings_and_mappings():
    for spec in ("standard", "sift-smoke", "equal-hands+draw-per-card+no-trump", "standard + long-hand"):
        assert _valid("rules", spec) and Rules.parse(spec)
    assert not _valid("rules", "standard+jokers")
    assert not _valid("rules", {"variants": ["no-trump"]})
    assert _valid("rules", {"profile": "equal-hands", "variants": [], "hand_size": None, "x-a": 1})
