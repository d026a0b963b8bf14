"""The position editor's model: clicks place cards, problems are the loader's refusals, and
a position without problems saves as a file that loads and replays as set up."""

import random
from datetime import date

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from lingerlonger.game.cards import CARDS, Suit, parse_card
from lingerlonger.game.declared import HAND_RULE_SETS, SetupError
from lingerlonger.game.rules import Rules
from lingerlonger.scenario import loads
from lingerlonger.scenario.replay import replay
from lingerlonger.session import STOCK, Position
from lingerlonger.session.save_lesson import lesson_name, lesson_text, position_lesson
from lingerlonger.words.i18n import LANGUAGES, error_text


def placed(position: Position, cards: dict) -> Position:
    """``cards``: a place (seat number or STOCK) → card texts, clicked in that order."""
    for place, texts in cards.items():
        position = position.aim(place)
        for text in texts.split():
            position = position.click(text)
    return position


def codes(position: Position) -> list[str]:
    return [error.code for error in position.problems]


def test_a_card_clicked_where_it_lies_goes_back_to_the_deck():
    position = placed(Position.empty(players=3), {0: "A♥ K♣", STOCK: "2♦"})
    assert parse_card("K♣") not in position.remaining and position.place_of(parse_card("2♦")) == STOCK
    back = position.click("K♣").click("2♦")
    assert back.hands[0] == (parse_card("A♥"),) and back.stock == ()
    assert len(back.remaining) == 51


def test_problems_are_the_loaders_refusals_in_every_language():
    alone = placed(Position.empty(players=3), {0: "A♥"})
    assert codes(alone) == ["setup.too-few-holders"]
    assert codes(placed(alone, {1: "2♥"}).with_leader(2)) == ["setup.leader-empty"]
    assert codes(placed(alone, {1: "2♥"}).with_rules(Rules.parse("standard+no-trump")).with_trump(Suit.SPADES)) == [
        "setup.trump-without-trump"
    ]
    for lang in LANGUAGES:
        assert "{" not in error_text(alone.problems[0], lang)


def test_a_hand_over_the_games_size_is_a_problem_named_in_every_language():
    position = placed(Position.empty(players=3), {0: "A♥ K♥ Q♥ J♥", 1: "2♣"})
    assert position.hand_size == 3 and codes(position) == ["setup.hand-too-big"]
    words = {lang: error_text(position.problems[0], lang) for lang in LANGUAGES}
    assert all("A" in text and "4" in text and "3" in text for text in words.values())
    assert len(set(words.values())) == len(LANGUAGES)
    assert codes(position.with_rules(Rules.parse("standard+long-hand"))) == []


def test_fewer_seats_give_their_cards_back_and_keep_the_choices_in_range():
    position = placed(Position.empty(players=5), {4: "A♠", 0: "2♠"}).with_dealer(4).with_leader(4).aim(4)
    fewer = position.with_players(3)
    assert len(fewer.hands) == 3 and parse_card("A♠") in fewer.remaining
    assert (fewer.dealer, fewer.leader, fewer.target) == (2, 2, 0)
    with pytest.raises(SetupError):
        position.with_players(7)
    with pytest.raises(SetupError):
        position.with_leader(5)


def test_the_trump_follows_the_rules():
    assert Position.empty().trump is Suit.HEARTS
    assert Position.empty().with_rules(Rules.parse("standard+no-trump")).trump is None
    assert Position.empty().with_trump(Suit.CLUBS).with_rules(Rules.parse("equal-hands")).trump is Suit.CLUBS


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(HAND_RULE_SETS), players=st.integers(3, 6), seed=st.integers(0, 10**6))
def test_a_position_without_problems_saves_as_a_file_that_loads_as_set_up(rules, players, seed):
    rng = random.Random(seed)
    position = Position.empty(rules, players)
    deck = list(CARDS)
    rng.shuffle(deck)
    for card in deck[: rng.randint(2, position.hand_size * players + 6)]:
        room = [seat for seat, hand in enumerate(position.hands) if len(hand) < position.hand_size]
        position = position.aim(rng.choice([*room, STOCK])).click(card)
    held = [seat for seat, hand in enumerate(position.hands) if hand]
    position = position.with_leader(rng.choice(held or [0])).with_dealer(rng.randrange(players))
    assume(len(held) >= 2)
    assert position.problems == ()
    [loaded] = loads(lesson_text(position.scenario("Set up by clicking")))
    assert loaded.hands == dict(zip(position.players, position.hands, strict=True))
    assert (loaded.stock, loaded.trump, loaded.leader) == (
        position.stock,
        position.trump,
        position.players[position.leader],
    )
    assert replay(loaded).ok


def test_a_position_saves_as_a_lesson_in_the_readers_language():
    position = placed(Position.empty(players=3), {0: "A♥ K♣", 1: "2♥", STOCK: "Q♠"})
    text = lesson_text(position_lesson(position, "ru", date(2026, 11, 30)))
    [loaded] = loads(text)
    assert loaded.title == "Позиция, расставленная 2026-11-30" and loaded.lang == "ru"
    assert lesson_name(date(2026, 11, 30), kind="position") == "position-2026-11-30.yaml"
