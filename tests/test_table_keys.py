"""The table's command keys (words/table_keys.py): what each says, carried by the table
(data-ll-keys) in the reader's language; the browser side is tests/browser/test_keyboard.py."""

from __future__ import annotations

import html
import json
import re

import pytest

from lingerlonger import Rules, apply, legal_actions, new_hand
from lingerlonger.views.table_html import table_html
from lingerlonger.words.i18n import LANGUAGES
from lingerlonger.words.table_keys import COMMAND_KEYS, command_answers

PLAYERS = ["Ana", "Bruno", "Carla", "Dani"]


def dealt():
    state, _ = new_hand(Rules(), PLAYERS, dealer=3, seed=1)
    return state


def played(count: int):
    """The hand after ``count`` actions, each the first legal one."""
    state = dealt()
    for _ in range(count):
        state, _ = apply(state, legal_actions(state)[0])
    return state


def keys_of(markup: str) -> dict[str, str]:
    return json.loads(html.unescape(re.search(r'data-ll-keys="([^"]*)"', str(markup))[1]))


def test_the_hand_key_says_the_hand_suit_by_suit_trump_named():
    state = dealt()  # Ana: 6♣ 10♣ A♠ A♥, spades trump
    assert command_answers(state, 0, "en")["hand"] == "Ana's hand: clubs: 10, 6; hearts: ace; spades, trump: ace."
    assert command_answers(state, 0, "ru")["hand"] == (
        "Карты, которые держит Ana: трефы: десятка, шестёрка; червы: туз; пики, козырь: туз."
    )


def test_the_trick_key_names_each_card_on_the_table_and_who_played_it():
    state = played(2)
    (first, card1), (second, card2) = state.current_plays
    assert command_answers(state, 0, "en")["trick"] == (
        f"On the table: {PLAYERS[first]} played {name(card1)}; {PLAYERS[second]} played {name(card2)}."
    )
    assert command_answers(dealt(), 0, "en")["trick"] == "No card on the table yet."


def test_the_trump_key_names_the_suit():
    state = dealt()
    assert command_answers(state, 0, "en")["trump"] == f"Trump: {state.trump.name.lower()}."
    assert command_answers(state, 0, "ru")["trump"].startswith("Козырь: ")


def test_the_stock_key_counts_the_stock_in_the_readers_plural():
    state = dealt()
    count = len(state.stock)
    assert command_answers(state, 0, "en")["stock"] == f"{count} cards in the stock."
    assert command_answers(state, 0, "ru")["stock"] == f"В запасе {count} карт."  # 36: many


def test_the_scores_key_gives_every_seats_tricks_and_cards_won():
    state = played(4)  # a whole trick: its winner has 1 trick, 4 cards
    winner = state.history[-1].winner
    said = command_answers(state, 0, "en")["scores"]
    assert f"{PLAYERS[winner]}: 1 trick, 4 cards won" in said
    assert all(f"{name}: 0 tricks, 0 cards won" in said for seat, name in enumerate(PLAYERS) if seat != winner)


def test_the_last_trick_key_names_its_winner_and_cards():
    assert command_answers(dealt(), 0, "en")["last-trick"] == "No trick has been won yet."
    state = played(4)
    trick = state.history[-1]
    said = command_answers(state, 0, "pt")["last-trick"]
    assert said.startswith(f"Última vaza, ganha por {PLAYERS[trick.winner]}: ")
    assert said.count("jogou") == 4


def test_the_turn_key_says_the_tables_status_line():
    state = played(1)
    keys = keys_of(table_html(state))
    assert keys["turn"] == f"{PLAYERS[state.to_act]} to play"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_is_answered_by_the_table_in_each_language(lang):
    from lingerlonger.views.table_html import TableStyle

    keys = keys_of(table_html(played(5), options=TableStyle.of(lang)))
    assert set(keys) == set(COMMAND_KEYS.values())
    assert all(text.strip() for text in keys.values())


def test_a_table_passed_between_players_tells_no_hand():
    state = dealt()
    hidden = keys_of(table_html(state, seat=0, hidden=True))
    assert hidden["hand"] == "No hand is shown here."
    assert keys_of(table_html(state, seat=1))["hand"].startswith("Bruno's hand")


def test_a_trump_card_says_it_is_trump_and_no_other_does():
    state = dealt()
    labels = re.findall(r'aria-label="([^"]*)"', str(table_html(state)))
    trumps = [label for label in labels if label.endswith(", trump")]
    assert "ace of spades, trump" in trumps
    assert all(" of spades" in label for label in trumps)
    assert "ace of hearts" in labels


def name(card) -> str:
    from lingerlonger.words.narration import card_name

    return card_name(card, "en")
