"""Rule sets: profiles and variants (book/rules-reference.md, rules 17 to 29); the tables they
cannot deal are tests/test_game.py's."""

import subprocess
import sys

import pytest

from lingerlonger.game.rules import VARIANTS, Rules, RulesError


def test_profiles_and_the_sift_smoke_alias():
    # Standard rules: also named `sift-smoke`.
    assert Rules.parse("sift-smoke") == Rules.parse("standard")
    assert Rules.parse("equal-hands").profile == "equal-hands"
    assert Rules().profile == "standard"


def test_unknown_profile_or_variant_is_refused_naming_it():
    with pytest.raises(RulesError, match="unknown profile 'hoyle'"):
        Rules.parse("hoyle")
    with pytest.raises(RulesError, match="unknown variant 'double-trump'"):
        Rules.parse("standard+double-trump")


@pytest.mark.parametrize(
    "first, second", [("no-trump", "random-trump"), ("no-trump", "grand-coup"), ("random-trump", "grand-coup")]
)
@pytest.mark.parametrize("profile", ["standard", "equal-hands"])
def test_incompatible_variants_are_refused_with_the_reason(profile, first, second):
    # Ruling 10: variants that cannot be combined are refused: `no-trump` with `random-trump`
    # or `grand-coup`, and `random-trump` with `grand-coup`.
    for spec in (f"{profile}+{first}+{second}", f"{profile}+{second}+{first}"):
        with pytest.raises(RulesError) as error:
            Rules.parse(spec)
        message = str(error.value)
        assert first in message and second in message and "cannot be combined" in message
        assert message.split(":", 1)[1].strip()  # and a reason after the colon


def test_every_other_pair_of_variants_combines():
    exclusive = {
        frozenset(pair)
        for pair in [("no-trump", "random-trump"), ("no-trump", "grand-coup"), ("random-trump", "grand-coup")]
    }
    for first in VARIANTS:
        for second in VARIANTS:
            if first != second and frozenset((first, second)) not in exclusive:
                assert Rules.of("standard", [first, second]).variants == {first, second}


def test_spec_lists_variants_in_rules_order_and_parses_back():
    rules = Rules.parse("equal-hands+trump-lead+draw-per-card")
    assert rules.spec == "equal-hands+draw-per-card+trump-lead"
    assert Rules.parse(rules.spec) == rules
    assert Rules.parse(" standard + no-trump ") == Rules.of("standard", ["no-trump"])


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_default_hand_size_is_the_number_of_players(players):
    # Rule 3: by default as many cards as there are players; 4 players → 4 each, 36 in the stock.
    assert Rules().cards_per_player(players) == players


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_long_hand_is_seven_cards_whatever_the_number_of_players(players):
    # Rule 26, long hand: 7 cards each whatever the number of players.
    assert Rules.parse("standard+long-hand").cards_per_player(players) == 7


def test_explicit_hand_size_wins_over_long_hand():
    # Ruling 11: `long-hand` means a hand size of 7; an explicit hand size given with it wins.
    assert Rules.parse("standard+long-hand", hand_size=5).cards_per_player(4) == 5
    assert Rules.parse("equal-hands", hand_size=2).cards_per_player(6) == 2


@pytest.mark.parametrize("size", [0, -1, 2.5, "7", True])
def test_hand_size_must_be_a_whole_number_of_at_least_one(size):
    with pytest.raises(RulesError, match="hand size"):
        Rules(hand_size=size)


def test_rule_properties_follow_the_variants():
    assert Rules().has_trump and Rules().trump_revealed_from_deal
    assert not Rules.parse("standard+no-trump").has_trump
    for spec in ("standard+no-trump", "standard+random-trump", "standard+grand-coup"):
        assert not Rules.parse(spec).trump_revealed_from_deal
    assert Rules.parse("equal-hands").exhaustion_end and not Rules().exhaustion_end


def test_match_goes_to_three_or_five():
    # Rule 19: the first player to win 3 hands wins (option: 5); rule 29, match-to-5.
    assert Rules().match_target == 3
    assert Rules.parse("equal-hands").match_target == 3
    assert Rules.parse("standard+match-to-5").match_target == 5


def test_rules_are_frozen_values():
    rules = Rules.parse("standard+no-trump")
    with pytest.raises(AttributeError):
        rules.profile = "equal-hands"
    assert hash(rules) == hash(Rules.parse("standard+no-trump"))


def test_importing_the_engine_loads_no_words_no_formats_and_no_views():
    """The engine layer stays below i18n, render, scenario and widgets, and needs no yaml or json."""
    code = (
        "import sys, lingerlonger.game.engine, lingerlonger.computer.playout; "
        "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('json', 'yaml', 'ipywidgets') or m.startswith('lingerlonger.'))))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert loaded == sorted(
        [
            "lingerlonger.computer",
            "lingerlonger.computer.playout",
            "lingerlonger.game",
            "lingerlonger.game.cards",
            "lingerlonger.game.engine",
            "lingerlonger.game.errors",  # codes and the English of refusals, no catalog
            "lingerlonger.game.events",
            "lingerlonger.game.declared",
            "lingerlonger.game.rules",
            "lingerlonger.game.seat_view",
            "lingerlonger.game.visible_text",
        ]
    )  # how a refused card's text is quoted  # how a refused card's text is quoted
