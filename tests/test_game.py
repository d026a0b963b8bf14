"""The declared game: rules, seats and hand size checked once, each refusal naming its field;
and the parameter spec that the command line, the schema and the tests read."""

import argparse
import json
import time

import pytest

from lingerlonger.command_line import commands as cli
from lingerlonger.game.cards import DECK
from lingerlonger.game.declared import (
    HAND_RULE_SETS,
    HAND_SIZE,
    PARAMETERS,
    PLAYERS,
    PROFILE,
    RULE_SETS,
    VARIANT_SET,
    Game,
    SetupError,
)
from lingerlonger.game.engine import deal, from_position
from lingerlonger.game.rules import MATCH_VARIANTS, PROFILES, VARIANTS, Rules
from lingerlonger.scenario.writer import schema_file
from lingerlonger.words.i18n import LANGUAGES

CATALOGS = {
    lang: json.loads((schema_file().parents[1] / "words" / "locale" / f"{lang}.json").read_text(encoding="utf-8"))
    for lang in LANGUAGES
}


def _refusal(*args, **kwargs) -> SetupError:
    with pytest.raises(SetupError) as refused:
        Game.of(*args, **kwargs)
    return refused.value


# --- one check, the field named ------------------------------------------------------------


@pytest.mark.parametrize("players", [0, 1, 2, 7, 10])
def test_tables_outside_3_to_6_players_are_refused_naming_the_players(players):
    # Rule 1: 3 to 6 players.
    refusal = _refusal("standard", players)
    assert refusal.field == "players" and str(refusal).endswith(f"3 to 6 players, not {players}")


def test_a_huge_seat_count_is_refused_before_any_seat_is_named():
    start = time.perf_counter()
    assert _refusal("standard", 10**12).field == "players"
    assert time.perf_counter() - start < 1


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_tables_of_3_to_6_players_are_accepted(players):
    assert Game.of("standard", players).players == players
    assert Game.of("standard+long-hand", players).hand_size == 7


def test_seats_must_be_unique():
    with pytest.raises(SetupError, match="unique") as refused:
        Game(Rules(), ("A", "B", "A"))
    assert refused.value.field == "players"


def test_six_players_times_nine_cards_does_not_fit_in_52():
    # Ruling 11: a hand size can be any number that fits the deck.
    refusal = _refusal("standard", 6, hand_size=9)
    assert refusal.field == "hand_size"
    assert "6 players × 9 cards = 54" in str(refusal) and "52" in str(refusal)


def test_a_hand_size_that_exactly_fills_the_deck_fits():
    assert Game.of("standard", 4, hand_size=13).hand_size == 13  # 52 cards, an empty stock
    assert Game.of("standard", 3, hand_size=HAND_SIZE.high).hand_size == 17


def test_random_trump_needs_a_stock_card_to_turn():
    # Rule 24, random trump: turn the top card of the stock — there must be one.
    refusal = _refusal("standard+random-trump", 4, hand_size=13)
    assert refusal.field == "hand_size" and "no stock" in str(refusal)
    Game.of("standard+random-trump", 4, hand_size=12)


@pytest.mark.parametrize(
    "rules, hand_size, field",
    [
        ("jokers", None, "rules.profile"),
        ("standard+jokers", None, "rules.variants"),
        ("standard+no-trump+grand-coup", None, "rules.variants"),
        ("standard", 0, "hand_size"),
        ("standard", "7", "hand_size"),
        (Rules(), -1, "hand_size"),
    ],
)
def test_each_bad_field_is_named(rules, hand_size, field):
    assert _refusal(rules, 4, hand_size=hand_size).field == field


def test_an_explicit_hand_size_wins_over_the_rules_own():
    game = Game.of(Rules.parse("standard+long-hand", hand_size=5), 4, hand_size=6)
    assert game.hand_size == 6 and game.rules == Rules.parse("standard+long-hand", hand_size=6)


def test_a_game_is_a_frozen_value():
    game = Game.of("equal-hands", ["Ana", "Bo", "Cy"])
    assert game == Game(Rules.parse("equal-hands"), ("Ana", "Bo", "Cy")) and hash(game)
    with pytest.raises(AttributeError):
        game.seats = ("X", "Y", "Z")


def test_the_engine_refuses_an_impossible_table_with_the_field_at_fault():
    with pytest.raises(SetupError, match="does not fit in a 52-card deck") as refused:
        deal(Rules(hand_size=9), 6, 0, DECK)
    assert refused.value.field == "hand_size"
    with pytest.raises(SetupError, match="not 7") as refused:
        from_position(Rules(), 7, dealer=0, leader=0, hands={"A": "2♣", "B": "3♣"}, trump="♥")
    assert refused.value.field == "players"


# --- the parameter spec ------------------------------------------------------------------


def test_the_spec_declares_every_field_a_refusal_can_name():
    assert [parameter.name for parameter in PARAMETERS] == ["rules.profile", "rules.variants", "players", "hand_size"]
    assert PROFILE.choices == PROFILES and VARIANT_SET.choices == VARIANTS and VARIANT_SET.many
    assert PLAYERS.options == (3, 4, 5, 6) and PLAYERS.default in PLAYERS.options
    assert Game.of().rules == Rules(PROFILE.default, VARIANT_SET.default, HAND_SIZE.default)


def test_every_title_help_and_choice_label_is_in_every_catalog():
    for lang, catalog in CATALOGS.items():
        for parameter in PARAMETERS:
            assert parameter.title in catalog and parameter.help in catalog, (lang, parameter.name)
            for choice in parameter.choices:
                assert parameter.label(choice) in catalog, (lang, choice)
    assert PLAYERS.label(4) is None  # a number is shown as it is


def test_every_rule_set_is_listed_once_and_valid():
    # 2 profiles × (at most one of no-trump/random-trump/grand-coup: 4 ways) × 2^5 other subsets
    assert len(RULE_SETS) == 2 * 4 * 2**5 == len(set(RULE_SETS))
    assert {rules.profile for rules in RULE_SETS} == set(PROFILE.choices)
    assert set().union(*(rules.variants for rules in RULE_SETS)) == set(VARIANT_SET.choices)
    assert len(HAND_RULE_SETS) == len(RULE_SETS) // 2
    assert not any(rules.variants & MATCH_VARIANTS for rules in HAND_RULE_SETS)


# --- the command line reads the spec -------------------------------------------------------


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    [commands] = [action for action in parser._actions if isinstance(action, argparse._SubParsersAction)]
    return dict(commands.choices)


def _option(parser: argparse.ArgumentParser, flag: str) -> argparse.Action | None:
    return next((action for action in parser._actions if flag in action.option_strings), None)


@pytest.mark.parametrize("command", ["demo", "simulate", "new", "tournament"])
def test_the_game_options_offer_what_the_spec_declares(command):
    parser = _subcommands()[command]
    players, rules = _option(parser, "--players"), _option(parser, "--rules")
    assert tuple(players.choices) == PLAYERS.options and players.default == PLAYERS.default
    assert rules.default == Game.of().rules
    assert all(name in rules.help for name in PROFILE.choices + VARIANT_SET.choices)
    hand_size = _option(parser, "--hand-size")
    if command == "new":  # a starter position deals no cards
        assert hand_size is None
    else:
        assert hand_size.default == HAND_SIZE.default and "--hand-size" in parser.format_help()


def test_a_hand_size_on_the_command_line_reaches_the_deal(capsys):
    assert cli.main(["demo", "--players", "3", "--hand-size", "5", "--seed", "4", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "--players 3 --hand-size 5 --seed 4" in out
    assert len(out.split("\n  A: ", 1)[1].split("\n")[0].split()) == 5


def test_a_table_the_deck_cannot_deal_is_a_usage_error(capsys):
    assert cli.main(["demo", "--players", "6", "--hand-size", "9"]) == 2
    assert "6 players × 9 cards = 54" in capsys.readouterr().err
