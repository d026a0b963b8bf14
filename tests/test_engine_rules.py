"""One or more tests per rule and ruling of the book's Rules reference (book/rules-reference.md),
each on a position where the rule shows.

Expected outcomes come from the rule's text, never from a run of the engine.
"""

# rule → test (a rule of book/rules-reference.md, then the tests that pin it)
# Rules 1 to 16: common to both rule sets
#   Rules 1, 2: 3 to 6 players; 52-card French deck
#       test_three_to_six_players_only
#       test_a_deal_needs_52_distinct_cards
#   Rule 2: rank A high to 2 low; suits equal except trump
#       test_rank_order_decides_within_the_led_suit
#       test_suits_are_equal_except_trump
#   Rules 3 to 5, dealing: one at a time, clockwise from the dealer's left, hand size = players,
#   the rest is the stock, its top drawn first
#       test_deal_one_card_at_a_time_clockwise_from_dealers_left
#       test_default_hand_size_is_one_card_per_player
#       test_stock_top_card_is_drawn_first
#   Rule 6, trump reveal: dealer's last card, back in hand, not extra, everyone knows
#       test_trump_reveal_is_dealers_last_card_and_goes_back_into_hand
#   Rule 7: dealer's left leads the first trick
#       test_dealers_left_leads_the_first_trick
#   Rule 8: every active player, clockwise, plays one card
#       test_active_players_play_clockwise_from_the_leader
#   Rule 8: must follow suit
#       test_must_follow_suit_when_holding_the_led_suit
#   Rule 8, void: may trump or discard anything
#       test_void_player_may_trump_or_discard_anything
#   Rule 8: no duty to overtake
#       test_no_duty_to_overtake
#   Rule 9, winner: highest trump, else highest of led suit
#       test_lowest_trump_beats_highest_card_of_led_suit
#       test_highest_of_several_trumps_wins
#       test_without_trump_highest_card_of_led_suit_wins
#   Rule 10: trick cards go to the won pile, never return
#       test_trick_cards_go_to_winners_won_pile
#   Rule 11: draw exactly one from the top (none if empty)
#       test_winner_draws_exactly_one_card_not_one_per_card
#       test_no_draw_from_an_empty_stock
#       test_winning_keeps_hand_size_losing_shrinks_it
#   Rule 12: elimination only after resolution and draw
#       test_nobody_is_out_before_the_trick_is_resolved
#   Rule 13, out at once (standard, stock empty): the card stays and may win (ruling 13)
#       test_standard_last_card_with_an_empty_stock_is_out_at_once
#       test_standard_last_card_while_the_stock_lasts_waits_for_the_trick
#       test_out_at_once_card_can_still_win_and_the_lead_passes
#   ...and a single holder left wins at once, the trick unfinished (ruling 14)
#       test_last_holder_wins_in_the_middle_of_the_trick
#       test_standard_same_cards_end_mid_trick_with_the_last_holder
#   Rule 13: equal-hands without instant-elimination: nobody out before the trick
#       test_trick_is_completed_before_end_conditions_are_checked
#   Ruling 15: a trick whose last card leaves a single holder is resolved as usual
#       test_a_trick_finished_by_the_last_holders_exit_is_resolved_as_usual
#       test_loser_with_last_card_is_out_even_with_stock_left
#       test_winner_with_last_card_draws_and_survives
#   Rule 14, next lead: the winner; else clockwise
#       test_trick_winner_leads_next
#       test_lead_passes_clockwise_when_the_winner_is_out
#   Rules 8 and 12: eliminated players are skipped
#       test_eliminated_players_are_skipped_in_later_tricks
#   Rule 15, hand ends: exactly one holder wins
#       test_last_holder_wins_the_hand
#       test_last_holder_wins_even_if_someone_else_took_the_trick
#   Ruling 1: none left → last trick's winner
#       test_none_left_last_trick_winner_wins
#   Rule 6: trump stays the same for the whole hand
#       test_trump_stays_the_same_for_the_whole_hand
#   Rules 12 and 15: a trick is completed before the end is checked
#       test_trick_is_completed_before_end_conditions_are_checked
#   Ruling 2: exhaustion beats last-holder
#       test_exhaustion_is_the_reason_when_last_holder_also_holds
# Rules 17 to 19: standard
#   Rule 18 and ruling 4: cut for first dealer, deal passes clockwise
#       tests/test_match.py
#   Rule 17, stock empty: tricks go on without drawing
#       test_standard_plays_on_without_drawing_after_the_stock_empties
#   Rule 19 and ruling 5: match to 3 (option 5), both chip options
#       tests/test_match.py
# Rules 20 and 21: equal-hands
#   Rule 21: first dealer at random, deal passes clockwise
#       tests/test_match.py
#   Rule 20: exhaustion end
#       test_exhaustion_ends_the_hand_when_a_draw_takes_the_last_card
#   Ruling 3: an empty-stock position plays on under rules 12, 14 and 15
#       test_equal_hands_position_with_empty_stock_plays_on
#   Rule 21, match: first to 3 points
#       tests/test_match.py
# Rules 22 to 29: variants (rulings 6 to 12)
#   draw-per-card (rule 22)
#       test_draw_per_card_draws_one_card_per_card_played
#       test_draw_per_card_draws_as_far_as_the_stock_lasts
#       test_draw_per_card_under_equal_hands_exhausts_the_stock
#   no-trump (rule 23)
#       test_no_trump_deal_reveals_nothing
#       test_no_trump_highest_card_of_led_suit_wins
#   random-trump (rule 24, ruling 7)
#       test_random_trump_turns_the_stock_top_to_the_bottom
#       test_random_trump_card_is_drawn_last_and_seen_by_all
#   grand-coup (rule 25, ruling 8)
#       test_grand_coup_first_trick_has_no_trump_and_winner_names_it
#       test_grand_coup_nobody_else_names_trump_and_never_at_another_time
#       test_grand_coup_winner_names_trump_even_when_out
#   long-hand (rule 26, ruling 11)
#       test_long_hand_deals_seven_each
#       test_explicit_hand_size_wins_over_long_hand
#   instant-elimination (rule 27, ruling 6)
#       test_instant_elimination_last_card_is_out_at_once
#       test_instant_elimination_winning_last_card_draws_nothing
#       test_instant_elimination_lead_passes_clockwise_from_that_seat
#   trump-lead (rule 28, ruling 12)
#       test_trump_lead_first_lead_must_be_a_trump
#       test_trump_lead_is_free_when_the_leader_holds_no_trump
#       test_trump_lead_binds_only_the_very_first_lead
#       test_trump_lead_does_not_apply_to_a_position
#   match-to-5 (rule 29)
#       tests/test_match.py
#   Ruling 10: incompatible variants refused; ruling 11: an explicit hand size wins over long-hand
#       tests/test_rules.py
# Rule 16: the worked example (both ways)
#       test_worked_example_nine_of_diamonds_not_last
#       test_worked_example_nine_of_diamonds_last_under_equal_hands
#       test_worked_example_nine_of_diamonds_last_under_standard
#       test_worked_example_opponent_spending_last_card_is_out
# Card notation
#       tests/test_cards.py; test_actions_read_any_card_notation
# Errors, setup and views
#       the tests after the rule sections
# Every rule of 1 to 29 again, on random hands of every rule set: tests/test_engine_properties.py

import copy

import pytest

from lingerlonger.game.cards import DECK, Suit, parse_card, parse_cards
from lingerlonger.game.engine import (
    ChooseTrump,
    IllegalAction,
    Play,
    SetupError,
    apply,
    deal,
    from_position,
    legal_actions,
    legal_cards,
)
from lingerlonger.game.events import (
    Dealt,
    Discarded,
    Drew,
    Eliminated,
    Followed,
    HandEnded,
    LeadPassed,
    Led,
    TrickWon,
    TrumpChosen,
    Trumped,
    TrumpRevealed,
)
from lingerlonger.game.rules import Rules
from lingerlonger.game.seat_view import view

HEARTS = Suit.HEARTS


def position(spec="standard", players="ABC", *, leader="A", dealer=None, trump="♥", stock="", hand_size=None, **hands):
    """A position from seat letters: ``position("standard", "ABC", A="5♣", B="K♣ 2♦", ...)``."""
    return from_position(
        Rules.parse(spec, hand_size),
        tuple(players),
        dealer=dealer if dealer is not None else players[-1],
        leader=leader,
        hands=hands,
        stock=stock,
        trump=trump,
    )


def moves(state, text):
    """Play ``"A K♣, B 3♣"`` in order; the final state and every event."""
    events = []
    for move in text.split(","):
        state, new = apply(state, state.play(move.strip()))
        events += new
    return state, events


def deck_starting_with(text):
    """A 52-card deck whose top cards are ``text``, the rest in a fixed order."""
    top = parse_cards(text)
    return top + tuple(card for card in DECK if card not in top)


def cards(text):
    return parse_cards(text)


def of_type(events, kind):
    return [event for event in events if isinstance(event, kind)]


# ============================================================================ rules 1 to 16
# "3 to 6 players, each for themself, seated clockwise."
@pytest.mark.parametrize("players", [2, 7])
def test_three_to_six_players_only(players):
    with pytest.raises(SetupError, match=f"3 to 6 players, not {players}"):
        deal(Rules(), players, 0, DECK)
    with pytest.raises(SetupError, match=f"3 to 6 players, not {players}"):
        from_position(Rules(), "ABCDEFG"[:players], dealer=0, leader=0, trump="♥", hands={"A": "2♣", "B": "3♣"})


# "52-card French deck, no jokers."
@pytest.mark.parametrize(
    "deck, why",
    [
        (DECK[:51], "52 cards, this one has 51"),
        (DECK + DECK[:1], "52 cards, this one has 53"),
        (DECK[:51] + DECK[:1], "2♠ appears twice"),
    ],
)
def test_a_deal_needs_52_distinct_cards(deck, why):
    with pytest.raises(SetupError, match=why):
        deal(Rules(), 4, 0, deck)


# "Rank, high to low: A K Q J 10 9 8 7 6 5 4 3 2."
@pytest.mark.parametrize(
    "higher, lower", [("A♣", "K♣"), ("K♣", "Q♣"), ("Q♣", "J♣"), ("J♣", "10♣"), ("10♣", "9♣"), ("3♣", "2♣")]
)
def test_rank_order_decides_within_the_led_suit(higher, lower):
    state = position(A=lower, B=higher, C="4♦ 5♦", stock="9♠")
    state, events = moves(state, f"A {lower}, B {higher}, C 4♦")
    assert of_type(events, TrickWon)[0].seat == 1  # B, with the higher card


# "Suits are equal except trump."
def test_suits_are_equal_except_trump():
    # An ace of another (non-trump) suit never beats the led suit's two.
    state = position(A="2♠ 3♦", B="A♦ 4♦", C="A♣ 5♦", trump="♥")
    state, events = moves(state, "A 2♠, B A♦, C A♣")
    assert of_type(events, TrickWon)[0].seat == 0


# "Deal one card at a time, clockwise, starting with the player on the dealer's left, until each
# player holds the hand size ... The rest is the stock, face down; its top card is drawn first."
def test_deal_one_card_at_a_time_clockwise_from_dealers_left():
    state, events = deal(Rules(), "ABCD", "C", DECK)
    # C deals: D (C's left) gets the 1st card, A the 2nd, B the 3rd, C the 4th, D the 5th...
    assert state.hand_of("D") == (DECK[0], DECK[4], DECK[8], DECK[12])
    assert state.hand_of("A") == (DECK[1], DECK[5], DECK[9], DECK[13])
    assert state.hand_of("B") == (DECK[2], DECK[6], DECK[10], DECK[14])
    assert state.hand_of("C") == (DECK[3], DECK[7], DECK[11], DECK[15])
    assert state.stock == DECK[16:]
    assert events[0] == Dealt(2, state.hands, 36)


# "default: as many cards as there are players; 4 players → 4 each, 36 in the stock"
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_default_hand_size_is_one_card_per_player(players):
    state, _ = deal(Rules(), players, 0, DECK)
    assert [len(hand) for hand in state.hands] == [players] * players
    assert len(state.stock) == 52 - players * players


# "its top card is drawn first."
def test_stock_top_card_is_drawn_first():
    state, _ = deal(Rules.parse("standard+no-trump"), "ABC", "C", DECK)
    # No trump: A leads 2♠ (DECK[0]); B follows 3♠ (DECK[1]); C follows 4♠ (DECK[2]) and wins.
    state, events = moves(state, "A 2♠, B 3♠, C 4♠")
    assert of_type(events, Drew) == [Drew(2, (DECK[9],), 42)]


# "The last card dealt to the dealer (the last card of the deal) is shown to everyone; its suit is
# trump for the whole hand; the card goes back into the dealer's hand. It is not an extra card.
# Everyone now knows the dealer holds it."
def test_trump_reveal_is_dealers_last_card_and_goes_back_into_hand():
    deck = deck_starting_with("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ J♥")  # 3 players: the 9th card is B's last
    state, events = deal(Rules(), "ABC", "B", deck)
    trump_card = parse_card("J♥")
    assert events[1] == TrumpRevealed(trump_card, 1)
    assert state.trump == HEARTS and state.trump_card == trump_card
    assert trump_card in state.hand_of("B") and len(state.hand_of("B")) == 3  # not an extra card
    assert len(state.stock) == 52 - 9
    for seat in (0, 2):
        assert view(state, seat).known == ((1, trump_card),)
    assert trump_card in view(state, 1).hand


# "The player on the dealer's left leads the first trick."
@pytest.mark.parametrize("dealer, leader", [(0, 1), (2, 3), (3, 0)])
def test_dealers_left_leads_the_first_trick(dealer, leader):
    state, _ = deal(Rules(), 4, dealer, DECK)
    assert state.to_act == leader
    assert {action.seat for action in legal_actions(state)} == {leader}


# "Every active player (one holding at least one card when the trick starts), clockwise from the
# leader, plays one card."
def test_active_players_play_clockwise_from_the_leader():
    state = position(players="ABCDE", leader="D", A="5♣ 6♣", B="", C="7♣", D="8♣", E="9♣ 2♦", stock="")
    seen = []
    for card in ("8♣", "9♣", "5♣", "7♣"):  # D leads, then E, A, (B holds nothing), C
        seen.append(state.name(state.to_act))
        state, _ = apply(state, Play(state.to_act, parse_card(card)))
    assert seen == ["D", "E", "A", "C"]


# "A player holding the led suit must follow suit"
def test_must_follow_suit_when_holding_the_led_suit():
    state = position(A="5♣ 2♦", B="7♣ Q♠ 9♣", C="3♣ 4♦")
    state, _ = moves(state, "A 5♣")
    assert set(legal_cards(state)) == set(cards("7♣ 9♣"))
    with pytest.raises(IllegalAction) as error:
        apply(state, state.play("B Q♠"))
    assert error.value.rule == "follow-suit"
    assert "B must follow ♣: holds 7♣, 9♣" in str(error.value)


# "a player void in it may trump or discard anything."
def test_void_player_may_trump_or_discard_anything():
    state = position(A="5♣ 2♦", B="2♥ Q♠ 9♦", C="3♣ 4♦")
    state, _ = moves(state, "A 5♣")
    assert set(legal_cards(state)) == set(cards("2♥ Q♠ 9♦"))
    trumped, _ = apply(state, state.play("B 2♥"))
    assert trumped.trick[-1] == parse_card("2♥")
    _, events = apply(state, state.play("B Q♠"))
    assert events == [Discarded(1, parse_card("Q♠"), Suit.CLUBS)]


# "There is no duty to overtake."
def test_no_duty_to_overtake():
    state = position(A="5♣ 2♦", B="K♣ 3♣ 4♦", C="2♥ 7♦")
    state, _ = moves(state, "A 5♣")
    assert parse_card("3♣") in legal_cards(state)  # B may stay under the 5♣
    state, _ = moves(state, "B 3♣")
    assert parse_card("7♦") in legal_cards(state)  # C, void, need not trump
    state, events = moves(state, "C 7♦")
    assert of_type(events, TrickWon)[0].seat == 0


# "Highest trump played; if none, highest card of the led suit."
def test_lowest_trump_beats_highest_card_of_led_suit():
    state = position(A="K♣ 2♦", B="2♥ 3♦", C="A♣ 4♦", trump="♥")
    state, events = moves(state, "A K♣, B 2♥, C A♣")
    won = of_type(events, TrickWon)[0]
    assert (won.seat, won.card, won.by_trump) == (1, parse_card("2♥"), True)
    assert of_type(events, Trumped) == [Trumped(1, parse_card("2♥"), Suit.CLUBS)]


def test_highest_of_several_trumps_wins():
    state = position(players="ABCD", A="K♣ 2♦", B="3♥ 3♦", C="9♥ 4♦", D="4♥ 5♦", trump="♥")
    state, events = moves(state, "A K♣, B 3♥, C 9♥, D 4♥")
    assert of_type(events, TrickWon)[0].seat == 2


def test_without_trump_highest_card_of_led_suit_wins():
    state = position(A="9♣ 2♦", B="A♠ 3♦", C="J♣ 4♦", trump="♥")
    state, events = moves(state, "A 9♣, B A♠, C J♣")
    won = of_type(events, TrickWon)[0]
    assert (won.seat, won.card, won.by_trump) == (2, parse_card("J♣"), False)


# "Trick cards go to the winner's won pile and never return to play."
def test_trick_cards_go_to_winners_won_pile():
    state = position(A="9♣ 2♦", B="A♠ 3♦", C="J♣ 4♦", stock="8♠ 7♠")
    state, _ = moves(state, "A 9♣, B A♠, C J♣")
    assert sorted(state.won[2]) == sorted(cards("9♣ A♠ J♣"))
    assert state.won[0] == state.won[1] == ()
    assert state.tricks_won == (0, 0, 1)
    held = {card for hand in state.hands for card in hand} | set(state.stock)
    assert held.isdisjoint(cards("9♣ A♠ J♣"))
    assert state.hand_of("C") == cards("4♦ 8♠")  # C drew 8♠, not a trick card


# "The winner draws exactly one card from the top of the stock"
def test_winner_draws_exactly_one_card_not_one_per_card():
    state = position(players="ABCD", A="9♣ 2♦", B="A♠ 3♦", C="J♣ 4♦", D="2♣ 5♦", stock="8♠ 7♠ 6♠ 5♠ 4♠")
    state, events = moves(state, "A 9♣, B A♠, C J♣, D 2♣")
    assert of_type(events, Drew) == [Drew(2, cards("8♠"), 4)]
    assert state.stock == cards("7♠ 6♠ 5♠ 4♠")


# "(none if it is empty)"
def test_no_draw_from_an_empty_stock():
    state = position(A="9♣ 2♦", B="A♠ 3♦", C="J♣ 4♦", stock="")
    state, events = moves(state, "A 9♣, B A♠, C J♣")
    assert of_type(events, Drew) == []
    assert state.hand_of("C") == cards("4♦")


# "Winning therefore keeps a hand's size; losing shrinks it by one."
def test_winning_keeps_hand_size_losing_shrinks_it():
    state = position(A="9♣ 2♦ 3♠", B="A♠ 3♦ 4♠", C="J♣ 4♦ 5♠", stock="8♠ 7♠")
    state, _ = moves(state, "A 9♣, B A♠, C J♣")
    assert [len(hand) for hand in state.hands] == [2, 2, 3]


# "Elimination happens only after the trick is resolved and the winner has drawn"
@pytest.mark.parametrize("spec", ["standard", "equal-hands"])
def test_nobody_is_out_before_the_trick_is_resolved(spec):
    state = position(spec, A="5♣", B="K♣", C="3♣ 4♦", stock="9♦ J♥")
    state, events = moves(state, "A 5♣, B K♣")  # A and B have played their last cards
    assert state.out == () and of_type(events, Eliminated) == []
    state, events = moves(state, "C 3♣")
    kinds = [type(event) for event in events]
    assert kinds == [Followed, TrickWon, Drew, Eliminated]
    assert state.out == (0,)


# "then every player holding no cards is out, even if the stock still has cards"
# Ruling: "this holds for the standard profile too".
@pytest.mark.parametrize("spec", ["standard", "equal-hands"])
def test_loser_with_last_card_is_out_even_with_stock_left(spec):
    state = position(spec, A="5♣", B="K♣ 2♦", C="3♣ 4♦", stock="9♦ J♥ 7♠")
    state, events = moves(state, "A 5♣, B K♣, C 3♣")
    assert Eliminated(0) in events and state.out == (0,)
    assert len(state.stock) == 2 and not state.is_over


# "A player who wins a trick with their last card and draws survives."
@pytest.mark.parametrize("spec", ["standard", "equal-hands"])
def test_winner_with_last_card_draws_and_survives(spec):
    state = position(spec, A="5♣ 2♦", B="K♣", C="3♣ 4♦", stock="9♦ J♥")
    state, events = moves(state, "A 5♣, B K♣, C 3♣")
    assert of_type(events, Drew) == [Drew(1, cards("9♦"), 1)]
    assert state.out == () and state.hand_of("B") == cards("9♦")
    assert state.to_act == 1


# "The winner leads."
def test_trick_winner_leads_next():
    state = position(A="9♣ 2♦", B="A♣ 3♦", C="J♣ 4♦", stock="8♠ 7♠")
    state, _ = moves(state, "A 9♣, B A♣, C J♣")
    assert state.leader_name == "B" and state.to_act == 1


# "If the winner is out, the lead passes clockwise to the next player still holding cards."
def test_lead_passes_clockwise_when_the_winner_is_out():
    # Empty stock: C wins with their last card and cannot draw; D (next clockwise) is out too.
    state = position(players="ABCD", A="5♣ 6♦", B="3♣ 7♦", C="K♣", D="2♣", stock="")
    state, events = moves(state, "A 5♣, B 3♣, C K♣, D 2♣")
    assert set(state.out) == {2, 3}
    assert LeadPassed(2, 0) in events
    assert state.leader_name == "A" and state.to_act == 0


# "Eliminated players are skipped in every later trick."
def test_eliminated_players_are_skipped_in_later_tricks():
    state = position(players="ABCD", A="5♣ 6♦ 8♦", B="3♣ 7♦ 9♦", C="K♣ 2♠", D="2♣", stock="")
    state, _ = moves(state, "A 5♣, B 3♣, C K♣, D 2♣")  # D is out
    state, _ = moves(state, "C 2♠, A 6♦")
    with pytest.raises(IllegalAction, match="it is B's turn, not D's"):
        apply(state, Play(3, parse_card("2♣")))
    state, events = moves(state, "B 7♦")  # the trick completes without D
    assert [seat for seat, _ in of_type(events, TrickWon)[0].plays] == [2, 0, 1]


# "A hand ends when, after a trick is resolved, at most one player holds cards. Exactly one: that
# player wins the hand."
def test_last_holder_wins_the_hand():
    state = position("equal-hands", A="5♣", B="3♣", C="K♣ 2♦", stock="")
    state, events = moves(state, "A 5♣, B 3♣, C K♣")
    assert events[-1] == HandEnded(2, "last-holder")
    assert (state.winner, state.reason, state.to_act) == (2, "last-holder", None)


def test_last_holder_wins_even_if_someone_else_took_the_trick():
    state = position("equal-hands", A="A♣", B="3♣", C="K♣ 2♦", stock="")
    state, events = moves(state, "A A♣, B 3♣, C K♣")
    assert of_type(events, TrickWon)[0].seat == 0
    assert events[-1] == HandEnded(2, "last-holder")


# "None (all played their last cards in the same trick, which the mid-trick end leaves possible only
# under equal-hands, from a position whose stock is empty): Ruling — the winner of that last trick wins"
def test_none_left_last_trick_winner_wins():
    state = position("equal-hands", A="5♣", B="K♣", C="3♣", stock="")
    state, events = moves(state, "A 5♣, B K♣, C 3♣")
    assert events[-1] == HandEnded(1, "last-trick")
    assert state.holders == ()


# The same cards under the standard profile: "out at once", then "the remaining player who still
# has cards wins the game immediately" (rule 13, ruling 14), so C wins without playing and B's king never wins.
def test_standard_same_cards_end_mid_trick_with_the_last_holder():
    state = position("standard", A="5♣", B="K♣", C="3♣", stock="")
    state, events = moves(state, "A 5♣, B K♣")
    assert events[-1] == HandEnded(2, "last-holder", mid_trick=True)
    assert of_type(events, TrickWon) == [] and state.trick == cards("5♣ K♣")
    assert (state.winner, state.reason, state.to_act) == (2, "last-holder", None)


# "While the stock is empty ... under the standard profile that player is out at once, in the
# middle of the trick. Their card stays in the trick and may still win it."
def test_standard_last_card_with_an_empty_stock_is_out_at_once():
    state = position("standard", "ABCD", A="5♣", B="3♣ 9♦", C="K♣ 2♦", D="4♣ 8♦", stock="")
    state, events = moves(state, "A 5♣")
    assert events == [Led(0, parse_card("5♣")), Eliminated(0, at_once=True, stock_empty=True)]
    assert state.out == (0,) and state.trick == cards("5♣") and not state.is_over
    state, events = moves(state, "B 3♣, C K♣, D 4♣")
    assert of_type(events, TrickWon)[0].seat == 2 and of_type(events, Eliminated) == []


def test_standard_last_card_while_the_stock_lasts_waits_for_the_trick():
    state = position("standard", A="5♣", B="3♣ 9♦", C="K♣ 2♦", stock="7♠")
    state, events = moves(state, "A 5♣")
    assert state.out == () and of_type(events, Eliminated) == []
    state, events = moves(state, "B 3♣, C K♣")  # C wins and draws; only then is A out
    assert [type(event) for event in events][-3:] == [TrickWon, Drew, Eliminated]
    assert events[-1] == Eliminated(0)


# "Their card stays in the trick and may still win it (then the lead passes, as below)."
def test_out_at_once_card_can_still_win_and_the_lead_passes():
    state = position("standard", "ABCD", A="A♣", B="3♣ 9♦", C="K♣ 2♦", D="4♣ 8♦", stock="")
    state, events = moves(state, "A A♣, B 3♣, C K♣, D 4♣")
    assert of_type(events, TrickWon)[0].seat == 0 and of_type(events, Drew) == []
    assert LeadPassed(0, 1) in events and state.to_act == 1


# "If that leaves exactly one player holding cards, that player wins the hand at once and the trick
# is not finished ... The same holds with the instant-elimination variant, under either profile,
# whatever the stock."
@pytest.mark.parametrize(
    "spec, stock", [("standard", ""), ("standard+instant-elimination", "9♠"), ("equal-hands+instant-elimination", "9♠")]
)
def test_last_holder_wins_in_the_middle_of_the_trick(spec, stock):
    state = position(spec, "ABCD", A="5♣", B="3♣", C="K♣ 2♦", D="", stock=stock)
    state, events = moves(state, "A 5♣, B 3♣")
    assert events[-2:] == [
        Eliminated(1, at_once=True, stock_empty=not stock),
        HandEnded(2, "last-holder", mid_trick=True),
    ]
    assert state.trick == cards("5♣ 3♣") and state.stock == cards(stock)
    with pytest.raises(IllegalAction, match="the hand is over"):
        moves(state, "C K♣")


# "A trick whose last card is the one that leaves a single holder is complete: it is resolved as usual."
def test_a_trick_finished_by_the_last_holders_exit_is_resolved_as_usual():
    state = position("standard", A="5♣ 7♦", B="K♣", C="3♣", leader="A", stock="")
    state, events = moves(state, "A 5♣, B K♣, C 3♣")  # B then C go out; C's card ends the trick
    assert of_type(events, TrickWon)[0].seat == 1
    assert events[-1] == HandEnded(0, "last-holder") and state.trick == ()


# "Trump stays the same for the whole hand."
def test_trump_stays_the_same_for_the_whole_hand():
    deck = deck_starting_with("2♣ 3♣ 4♦ 5♣ 6♣ 7♦ 8♣ 9♣ J♥")  # A: 2♣ 5♣ 8♣, B: 3♣ 6♣ 9♣, C: 4♦ 7♦ J♥
    state, _ = deal(Rules(), "ABC", "C", deck)  # C's last card J♥: hearts
    assert state.trump == HEARTS
    with pytest.raises(IllegalAction, match="nobody names trump now"):
        apply(state, ChooseTrump(0, Suit.SPADES))
    state, _ = moves(state, "A 2♣, B 3♣, C J♥")  # the revealed card itself is played
    assert state.trump == HEARTS


# Equal-hands without instant-elimination: "Não elimine ninguém antes de resolver a vaza" (rule 12):
# a trick once started is completed by every player who was active when it started, and only
# then are the end conditions checked.
@pytest.mark.parametrize("spec", ["equal-hands", "equal-hands+draw-per-card"])
def test_trick_is_completed_before_end_conditions_are_checked(spec):
    state = position(spec, A="5♣", B="3♣", C="K♣ 2♦", stock="")
    state, _ = moves(state, "A 5♣, B 3♣")  # only C still holds cards
    assert not state.is_over and state.to_act == 2
    state, events = moves(state, "C K♣")
    assert events[-1] == HandEnded(2, "last-holder")


# "Ruling: when, after the same trick, the equal-hands exhaustion end and a single remaining holder
# both hold, the reason is `exhaustion` (same winner either way)."
def test_exhaustion_is_the_reason_when_last_holder_also_holds():
    state = position("equal-hands", A="5♣", B="K♣ 7♦", C="3♣", stock="9♦")
    state, events = moves(state, "A 5♣, B K♣, C 3♣")
    assert state.holders == (1,)
    assert events[-1] == HandEnded(1, "exhaustion")


# ============================================================================ rules 17 to 21
# standard (rule 17): "When the stock is empty, tricks go on without drawing until the hand ends."
def test_standard_plays_on_without_drawing_after_the_stock_empties():
    state = position(A="5♣ 2♠", B="K♣ 7♦", C="3♣ 4♠", stock="9♦")
    state, events = moves(state, "A 5♣, B K♣, C 3♣")
    assert of_type(events, Drew) == [Drew(1, cards("9♦"), 0)]
    assert not state.is_over and state.to_act == 1
    state, events = moves(state, "B 9♦, C 4♠, A 2♠")
    assert of_type(events, Drew) == []
    assert of_type(events, TrickWon)[0].seat == 1


# equal-hands (rule 20): "the hand also ends as soon as a trick's draw takes the last card of the stock; the
# winner of that trick wins the hand. Play never continues without a stock."
def test_exhaustion_ends_the_hand_when_a_draw_takes_the_last_card():
    state = position("equal-hands", A="5♣ 2♠", B="K♣ 7♦", C="3♣ 4♠", stock="9♦")
    state, events = moves(state, "A 5♣, B K♣, C 3♣")
    assert len(state.holders) == 3  # everyone still holds cards, yet the hand is over
    assert events[-2:] == [Drew(1, cards("9♦"), 0), HandEnded(1, "exhaustion")]
    with pytest.raises(IllegalAction, match="the hand is over"):
        apply(state, state.play("B 9♦"))


# Ruling 3: "A hand that starts from a position with an empty stock has no draw to exhaust: it plays
# on under rules 12, 14 and 15."
def test_equal_hands_position_with_empty_stock_plays_on():
    state = position("equal-hands", A="5♣ 2♠", B="K♣ 7♦", C="3♣ 4♠", stock="")
    state, events = moves(state, "A 5♣, B K♣, C 3♣")
    assert not state.is_over and state.to_act == 1
    state, events = moves(state, "B 7♦, C 4♠, A 2♠")
    assert events[-1] == HandEnded(1, "last-trick")


# ============================================================================ rules 22 to 29
# draw-per-card: "the winner draws one card per card played to the trick (as far as the stock lasts)"
def test_draw_per_card_draws_one_card_per_card_played():
    state = position(
        "standard+draw-per-card", "ABCD", A="9♣ 2♦", B="A♠ 3♦", C="J♣ 4♦", D="2♣ 5♦", stock="8♠ 7♠ 6♠ 5♠ 4♠"
    )
    state, events = moves(state, "A 9♣, B A♠, C J♣, D 2♣")
    assert of_type(events, Drew) == [Drew(2, cards("8♠ 7♠ 6♠ 5♠"), 1)]
    assert len(state.hand_of("C")) == 5


def test_draw_per_card_draws_as_far_as_the_stock_lasts():
    state = position("standard+draw-per-card", "ABCD", A="9♣ 2♦", B="A♠ 3♦", C="J♣ 4♦", D="2♣ 5♦", stock="8♠ 7♠")
    state, events = moves(state, "A 9♣, B A♠, C J♣, D 2♣")
    assert of_type(events, Drew) == [Drew(2, cards("8♠ 7♠"), 0)]
    assert not state.is_over  # standard plays on


def test_draw_per_card_under_equal_hands_exhausts_the_stock():
    state = position("equal-hands+draw-per-card", "ABCD", A="9♣ 2♦", B="A♠ 3♦", C="J♣ 4♦", D="2♣ 5♦", stock="8♠ 7♠")
    state, events = moves(state, "A 9♣, B A♠, C J♣, D 2♣")
    assert events[-1] == HandEnded(2, "exhaustion")


# no-trump: "no trump suit; highest card of the led suit wins"
def test_no_trump_deal_reveals_nothing():
    state, events = deal(Rules.parse("standard+no-trump"), 4, 0, DECK)
    assert state.trump is None and of_type(events, TrumpRevealed) == []
    assert view(state, 1).known == ()


def test_no_trump_highest_card_of_led_suit_wins():
    state = position("standard+no-trump", trump=None, A="5♣ 2♦", B="A♥ 3♦", C="3♣ 4♦")
    state, events = moves(state, "A 5♣, B A♥, C 3♣")
    assert Discarded(1, parse_card("A♥"), Suit.CLUBS) in events
    assert of_type(events, TrickWon)[0].seat == 0


# random-trump: "no reveal from the dealer; after the deal, turn the top card of the stock, its suit
# is trump, and put it face up at the bottom of the stock (it is drawn last)"
def test_random_trump_turns_the_stock_top_to_the_bottom():
    state, events = deal(Rules.parse("standard+random-trump"), 4, 3, DECK)
    turned = DECK[16]
    assert events[1] == TrumpRevealed(turned, None)
    assert state.trump == turned.suit
    assert state.stock == (*DECK[17:], turned)
    assert [len(hand) for hand in state.hands] == [4, 4, 4, 4]  # nobody holds it
    assert all(turned not in hand for hand in state.hands)
    assert view(state, 0).stock_bottom == turned and view(state, 0).known == ()


def test_random_trump_card_is_drawn_last_and_seen_by_all():
    # 6 players × 8 cards leave 4 in the stock: DECK[48] is turned, then DECK[49..51] are drawn first.
    state, _ = deal(Rules.parse("standard+random-trump", hand_size=8), 6, 5, DECK)
    drawn = []
    while len(drawn) < 4:
        state, events = apply(state, legal_actions(state)[0])
        drawn += [card for event in of_type(events, Drew) for card in event.cards]
    assert drawn == [DECK[49], DECK[50], DECK[51], DECK[48]]
    holder = next(seat for seat, hand in enumerate(state.hands) if DECK[48] in hand)
    others = [seat for seat in range(6) if seat != holder]
    assert all((holder, DECK[48]) in view(state, seat).known for seat in others)


# grand-coup: "no reveal; the first trick is played without trump; its winner names the trump suit
# for the rest of the hand"
GRAND_COUP_DECK = deck_starting_with("5♣ A♥ 2♣ 9♦ K♦ J♦ 4♠ 2♠ 3♥")  # A: 5♣ 9♦ 4♠; B: A♥ K♦ 2♠; C: 2♣ J♦ 3♥


def test_grand_coup_first_trick_has_no_trump_and_winner_names_it():
    state, events = deal(Rules.parse("standard+grand-coup"), "ABC", "C", GRAND_COUP_DECK)
    assert state.trump is None and of_type(events, TrumpRevealed) == []
    state, events = moves(state, "A 5♣, B A♥, C 2♣")  # the ace of hearts is just a discard
    assert Discarded(1, parse_card("A♥"), Suit.CLUBS) in events
    assert of_type(events, TrickWon)[0].seat == 0
    assert state.to_act == 0 and view(state, 0).must_name_trump
    assert set(legal_actions(state)) == {ChooseTrump(0, suit) for suit in Suit}
    with pytest.raises(IllegalAction) as error:
        apply(state, state.play("A 9♦"))
    assert error.value.rule == "name-trump"
    state, events = apply(state, ChooseTrump(0, Suit.DIAMONDS))
    assert events == [TrumpChosen(0, Suit.DIAMONDS)] and state.trump == Suit.DIAMONDS
    state, events = moves(state, "A 4♠, B 2♠, C J♦")  # now diamonds trump the spade lead
    won = of_type(events, TrickWon)[0]
    assert (won.seat, won.by_trump) == (2, True)
    assert state.trump == Suit.DIAMONDS


def test_grand_coup_nobody_else_names_trump_and_never_at_another_time():
    state, _ = deal(Rules.parse("standard+grand-coup"), "ABC", "C", GRAND_COUP_DECK)
    with pytest.raises(IllegalAction, match="nobody names trump now"):
        apply(state, ChooseTrump(0, Suit.SPADES))  # before the first trick is won
    state, _ = moves(state, "A 5♣, B A♥, C 2♣")
    with pytest.raises(IllegalAction, match="A names trump, not B"):
        apply(state, ChooseTrump(1, Suit.SPADES))
    state, _ = apply(state, ChooseTrump(0, Suit.SPADES))
    with pytest.raises(IllegalAction, match="nobody names trump now"):
        apply(state, ChooseTrump(0, Suit.HEARTS))  # once named, trump stays
    assert state.trump == Suit.SPADES


# Actions built by code rather than parsed text still get a typed refusal, never an IndexError.
@pytest.mark.parametrize("seat", [3, -1, 7])
def test_an_action_for_a_seat_not_at_the_table_is_refused(seat):
    state, _ = deal(Rules(), "ABC", "C", DECK)
    with pytest.raises(IllegalAction, match=f"there is no seat {seat}"):
        apply(state, Play(seat, state.hands[0][0]))


def test_naming_something_that_is_not_a_suit_is_refused():
    state = position("standard+grand-coup", trump=None, A="5♣ 2♦", B="K♣ 9♦", C="3♣ 4♦", stock="")
    state, _ = moves(state, "A 5♣, B K♣, C 3♣")
    with pytest.raises(IllegalAction, match="9 is not a suit"):
        apply(state, ChooseTrump(1, 9))


# "its winner names the trump suit": even a winner who went out with that trick names it.
def test_grand_coup_winner_names_trump_even_when_out():
    state = position("standard+grand-coup", trump=None, A="5♣ 2♦", B="K♣", C="3♣ 4♦", stock="")
    state, events = moves(state, "A 5♣, B K♣, C 3♣")  # B wins with the last card, cannot draw
    assert Eliminated(1, at_once=True, stock_empty=True) in events and LeadPassed(1, 2) in events
    assert state.to_act == 1 and view(state, 1).must_name_trump
    state, _ = apply(state, ChooseTrump(1, Suit.CLUBS))
    assert state.trump == Suit.CLUBS and state.to_act == 2  # then C, next clockwise, leads


# long-hand: "7 cards each whatever the number of players"
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_long_hand_deals_seven_each(players):
    state, _ = deal(Rules.parse("standard+long-hand"), players, 0, DECK)
    assert [len(hand) for hand in state.hands] == [7] * players
    assert len(state.stock) == 52 - 7 * players


# "an explicit hand size given with it wins."
def test_explicit_hand_size_wins_over_long_hand():
    state, _ = deal(Rules.parse("standard+long-hand", hand_size=5), 4, 0, DECK)
    assert [len(hand) for hand in state.hands] == [5] * 4 and len(state.stock) == 32


# instant-elimination: "a player who plays their last card is out at once"
def test_instant_elimination_last_card_is_out_at_once():
    state = position("standard+instant-elimination", A="5♣ 7♦", B="3♣", C="K♣ 2♦", stock="9♥ J♥")
    state, _ = moves(state, "A 5♣")
    state, events = moves(state, "B 3♣")
    assert events == [Followed(1, parse_card("3♣")), Eliminated(1, at_once=True)]
    assert state.out == (1,) and state.to_act == 2  # the trick goes on
    state, events = moves(state, "C K♣")
    assert of_type(events, Eliminated) == []  # not out a second time
    assert of_type(events, Drew) == [Drew(2, cards("9♥"), 1)]


# "if that card wins the trick, the win stands but nobody draws"
def test_instant_elimination_winning_last_card_draws_nothing():
    state = position("standard+instant-elimination", "ABCD", A="5♣ 7♦", B="K♣", C="3♣ 2♦", D="4♣ 8♦", stock="9♥ J♥")
    state, events = moves(state, "A 5♣, B K♣, C 3♣, D 4♣")
    assert of_type(events, TrickWon)[0].seat == 1 and state.tricks_won[1] == 1
    assert sorted(state.won[1]) == sorted(cards("5♣ K♣ 3♣ 4♣"))
    assert of_type(events, Drew) == [] and state.stock == cards("9♥ J♥")
    assert state.hand_of("B") == () and 1 in state.out


# "and the lead passes clockwise from that seat"
def test_instant_elimination_lead_passes_clockwise_from_that_seat():
    state = position("standard+instant-elimination", "ABCD", A="5♣ 7♦", B="K♣", C="3♣", D="4♣ 8♦", stock="9♥ J♥")
    state, events = moves(state, "A 5♣, B K♣, C 3♣, D 4♣")  # B wins; C, next clockwise, is out too
    assert LeadPassed(1, 3) in events
    assert state.to_act == 3 and state.order == (3, 0)


# trump-lead: "the very first lead of a hand must be a trump when the leader holds one"
TRUMP_LEAD_DECK = deck_starting_with("5♣ 2♠ 4♦ 3♥ 6♠ 7♦ K♠ 9♠ 8♥")  # A: 5♣ 3♥ K♠, C shows 8♥


def test_trump_lead_first_lead_must_be_a_trump():
    state, _ = deal(Rules.parse("standard+trump-lead"), "ABC", "C", TRUMP_LEAD_DECK)
    assert state.hand_of("A") == cards("5♣ 3♥ K♠") and state.trump == HEARTS
    assert legal_cards(state) == cards("3♥")
    with pytest.raises(IllegalAction) as error:
        apply(state, state.play("A 5♣"))
    assert error.value.rule == "trump-lead" and "must lead a trump" in str(error.value)


def test_trump_lead_is_free_when_the_leader_holds_no_trump():
    deck = deck_starting_with("5♣ 2♠ 4♦ 3♦ 6♠ 7♦ K♠ 9♠ 8♥")  # A: 5♣ 3♦ K♠, no heart
    state, _ = deal(Rules.parse("standard+trump-lead"), "ABC", "C", deck)
    assert set(legal_cards(state)) == set(cards("5♣ 3♦ K♠"))


def test_trump_lead_binds_only_the_very_first_lead():
    deck = deck_starting_with("5♣ 2♠ 4♦ A♥ 6♠ 7♦ K♥ 9♠ 8♥")  # A: 5♣ A♥ K♥, C shows 8♥
    state, _ = deal(Rules.parse("standard+trump-lead"), "ABC", "C", deck)
    assert set(legal_cards(state)) == set(cards("A♥ K♥"))
    state, _ = moves(state, "A A♥, B 2♠, C 8♥")  # A wins and leads again, still holding K♥
    assert state.to_act == 0 and parse_card("K♥") in state.hand_of("A")
    assert set(legal_cards(state)) == set(state.hand_of("A"))  # 5♣ may lead now


def test_trump_lead_does_not_apply_to_a_position():
    # Ruling 12 (book/scenario-format.md): trump lead binds only a hand dealt from a `deck`
    state = position("standard+trump-lead", A="5♣ 3♥", B="2♠ 4♦", C="6♠ 7♦")
    assert set(legal_cards(state)) == set(cards("5♣ 3♥"))


# ============================================================================ rule 16
# "Hearts are trump. A leads K♣, B follows 3♣, C (no clubs) plays their last card 2♥, D follows A♣.
# C wins with the trump despite its low rank and draws 9♦; C stays in the game holding only 9♦ and
# leads next. The trick (K♣ 3♣ 2♥ A♣) goes to C's pile, not to C's hand; C draws exactly one card,
# not one per captured card."
def worked_example(spec, stock, b_hand="3♣ Q♠"):
    state = position(
        spec, "ABCD", dealer="D", leader="A", trump="♥", stock=stock, A="K♣ 7♦", B=b_hand, C="2♥", D="A♣ 5♠"
    )
    return moves(state, "A K♣, B 3♣, C 2♥, D A♣")


@pytest.mark.parametrize("spec", ["standard", "equal-hands"])
def test_worked_example_nine_of_diamonds_not_last(spec):
    state, events = worked_example(spec, "9♦ 4♠ J♥")
    assert of_type(events, TrickWon) == [TrickWon(2, parse_card("2♥"), state.history[0].plays, True)]
    assert of_type(events, Drew) == [Drew(2, cards("9♦"), 2)]
    assert state.hand_of("C") == cards("9♦") and 2 not in state.out
    assert sorted(state.won[2]) == sorted(cards("K♣ 3♣ 2♥ A♣"))
    assert not state.is_over and state.leader_name == "C"
    assert legal_cards(state) == cards("9♦")  # C leads with only 9♦


# "If 9♦ was the last card of the stock, under `equal-hands` the hand ends at once and C wins it."
def test_worked_example_nine_of_diamonds_last_under_equal_hands():
    state, events = worked_example("equal-hands", "9♦")
    assert events[-1] == HandEnded(2, "exhaustion")
    assert (state.winner, state.reason) == (2, "exhaustion")


def test_worked_example_nine_of_diamonds_last_under_standard():
    # No exhaustion end in the standard profile: play goes on, C leads 9♦, the stock stays empty.
    state, events = worked_example("standard", "9♦")
    assert not state.is_over and state.leader_name == "C" and state.stock == ()
    # C, D and A each play their last card and are out at once; B, still holding Q♠, wins
    # before the trick is finished, though C's 9♦ was the best card on the table.
    state, events = moves(state, "C 9♦, D 5♠, A 7♦")
    assert of_type(events, Drew) == [] and of_type(events, TrickWon) == []
    assert events[-1] == HandEnded(1, "last-holder", mid_trick=True)
    assert state.out == (2, 3, 0) and state.trick == cards("9♦ 5♠ 7♦")


# "Any opponent who spent their last card without winning is out."
@pytest.mark.parametrize("spec", ["standard", "equal-hands"])
def test_worked_example_opponent_spending_last_card_is_out(spec):
    state, events = worked_example(spec, "9♦ 4♠ J♥", b_hand="3♣")
    assert of_type(events, Eliminated) == [Eliminated(1)]
    assert state.out == (1,) and state.hand_of("C") == cards("9♦")


# ============================================================================ card notation and errors
# "`10♥`, `TH`, `th` and `10h` are one card."
@pytest.mark.parametrize("move", ["A 10♥", "A TH", "A th", "A 10h"])
def test_actions_read_any_card_notation(move):
    state = position(A="10♥ 2♦", B="3♥ 3♦", C="4♥ 4♦")
    assert state.play(move) == Play(0, parse_card("10♥"))


def test_wrong_seat_is_refused_naming_whose_turn_it_is():
    state = position(players="ABCD", A="5♣ 2♦", B="3♣ 3♦", C="4♣ 4♦", D="6♣ 5♦")
    state, _ = moves(state, "A 5♣, B 3♣")
    with pytest.raises(IllegalAction) as error:
        apply(state, state.play("D 6♣"))
    assert error.value.rule == "turn"
    assert str(error.value) == "it is C's turn, not D's"


def test_a_card_not_held_is_refused_listing_the_hand():
    state = position(A="5♣ 2♦", B="3♣ 3♦", C="4♣ 4♦")
    with pytest.raises(IllegalAction) as error:
        apply(state, state.play("A A♠"))
    assert error.value.rule == "not-held"
    assert "A does not hold A♠" in str(error.value) and "5♣, 2♦" in str(error.value)


def test_an_unknown_seat_or_malformed_action_is_refused():
    state = position(A="5♣ 2♦", B="3♣ 3♦", C="4♣ 4♦")
    with pytest.raises(IllegalAction, match="no seat 'Z'"):
        state.play("Z 5♣")
    with pytest.raises(IllegalAction, match="expected a seat and a card"):
        state.play("A5♣")


def test_an_illegal_action_leaves_the_state_unchanged():
    state = position(A="5♣ 2♦", B="3♣ 3♦", C="4♣ 4♦")
    state, _ = moves(state, "A 5♣")
    saved = copy.deepcopy(state)
    for move in ("B 3♦", "C 4♣", "B A♠"):
        with pytest.raises(IllegalAction):
            apply(state, state.play(move))
    assert state == saved


@pytest.mark.parametrize(
    "hands, stock, trump, leader, why",
    [
        ({"A": "5♣ 2♦", "B": "5♣"}, "", "♥", "A", "5♣ appears twice"),
        ({"A": "5♣ 2♦", "B": "3♣"}, "2♦", "♥", "A", "2♦ appears twice"),
        ({"A": "5♣ 2♦"}, "3♣", "♥", "A", "at least two players must hold cards"),
        ({"A": "5♣", "B": "3♣"}, "", "♥", "C", "the leader C holds no cards"),
        ({"A": "5♣", "B": "3♣"}, "", None, "A", "name it"),
        ({"A": "5♣", "Z": "3♣"}, "", "♥", "A", "not at the table: Z"),
        ({"A": "5♣", "B": "11♥"}, "", "♥", "A", "'11♥' is not a card"),
    ],
)
def test_an_impossible_position_is_refused_saying_why(hands, stock, trump, leader, why):
    with pytest.raises(SetupError, match=why):
        from_position(Rules(), "ABC", dealer="C", leader=leader, hands=hands, stock=stock, trump=trump)


def test_a_no_trump_position_may_not_name_trump():
    with pytest.raises(SetupError, match="no-trump"):
        position("standard+no-trump", trump="♥", A="5♣", B="3♣")


# ============================================================================ views
def test_view_shows_own_hand_and_only_the_sizes_of_others():
    state = position(players="ABCD", A="5♣ 2♦", B="3♣ 3♦ 9♠", C="4♣ 4♦", D="6♣", stock="7♥ 8♥")
    seat_view = view(state, 0)
    assert seat_view.hand == cards("5♣ 2♦")
    assert seat_view.hand_sizes == (2, 3, 2, 1) and seat_view.stock_size == 2
    for hidden in cards("3♣ 3♦ 9♠ 4♣ 4♦ 6♣ 7♥ 8♥"):
        assert repr(hidden) not in repr(seat_view)


def test_view_does_not_change_when_hidden_cards_move():
    # Swapping cards A cannot see (B's and C's hands, the stock) leaves A's view the same.
    one = position(A="5♣ 2♦", B="3♣ 3♦", C="4♣ 4♦", stock="7♥ 8♥")
    two = position(A="5♣ 2♦", B="8♥ 4♦", C="7♥ 3♦", stock="4♣ 3♣")
    assert view(one, 0) == view(two, 0)
    assert view(one, 1) != view(two, 1)


def test_view_lists_legal_cards_only_for_the_seat_to_act():
    state = position(A="5♣ 2♦", B="3♣ 3♦", C="4♣ 4♦")
    state, _ = moves(state, "A 5♣")
    assert view(state, 1).legal == cards("3♣")
    assert view(state, 0).legal == () and view(state, 2).legal == ()


def test_view_forgets_the_revealed_trump_once_played():
    deck = deck_starting_with("2♣ 3♣ 4♦ 5♣ 6♣ 7♦ 8♣ 9♣ J♥")  # A: 2♣ 5♣ 8♣, B: 3♣ 6♣ 9♣, C: 4♦ 7♦ J♥
    state, _ = deal(Rules(), "ABC", "C", deck)
    assert view(state, 0).known == ((2, parse_card("J♥")),)
    state, _ = moves(state, "A 2♣, B 3♣, C J♥")
    assert view(state, 0).known == ()
