"""Property tests: random legal play under every valid rule set, checked against the book's Rules reference.

Each hand is driven by ``random.Random(seed)`` choosing among the legal actions; at every
step an independent reading of book/rules-reference.md (``Referee``) checks what the engine did: the
legal set, the refusals of illegal actions, card conservation, trick winner, draw,
elimination order, next lead and the end of the hand.
"""

import copy
import random
from collections import Counter
from dataclasses import replace

from hypothesis import event, given, settings
from hypothesis import strategies as st

from lingerlonger.game.cards import DECK, SUIT_OF, Suit
from lingerlonger.game.declared import RULE_SETS
from lingerlonger.game.engine import (
    ChooseTrump,
    IllegalAction,
    Play,
    apply,
    from_position,
    legal_actions,
    legal_cards,
    new_hand,
    shuffled_deck,
)
from lingerlonger.game.events import (
    END_REASONS,
    Dealt,
    Drew,
    Eliminated,
    HandEnded,
    LeadPassed,
    TrickWon,
    TrumpChosen,
    TrumpRevealed,
)
from lingerlonger.game.rules import Rules
from lingerlonger.game.seat_view import view

ALL_SPECS = [rules.spec for rules in RULE_SETS]


@st.composite
def tables(draw):
    """Rules (maybe with an explicit hand size that fits), number of players, dealer, seed."""
    spec = draw(st.sampled_from(ALL_SPECS))
    players = draw(st.integers(3, 6))
    largest = (51 if "random-trump" in spec else 52) // players
    hand_size = draw(st.none() | st.none() | st.integers(1, largest))
    dealer = draw(st.integers(0, players - 1))
    seed = draw(st.integers(0, 2**32 - 1))
    return Rules.parse(spec, hand_size), players, dealer, seed


def expected_trick_winner(plays, trump):
    """Rule 9: highest trump played; if none, highest card of the led suit."""
    trumps = [(card, seat) for seat, card in plays if SUIT_OF[card] == trump]
    led = SUIT_OF[plays[0][1]]
    return max(trumps or [(card, seat) for seat, card in plays if SUIT_OF[card] == led])[1]


def clockwise_from(seat, players):
    return [(seat + i) % players for i in range(players)]


class Referee:
    """Follows one hand and checks every step against the Rules reference."""

    def __init__(self, state, dealt):
        self.rules = state.rules
        self.n = len(state.players)
        self.cards = Counter(self.all_cards(state))
        assert len(self.cards) == sum(self.cards.values()), "a card appears twice"
        self.dealt = dealt
        self.started_with_stock = bool(state.stock)
        self.trump = state.trump
        self.trick_start_hands = state.hands
        self.bound = sum(len(hand) for hand in state.hands) + len(state.stock) + 1
        self.steps = 0
        self.plays_since_trick = []
        self.probe = random.Random(len(self.cards))  # picks illegal actions; the game's seed stays the driver's

    @staticmethod
    def all_cards(state):
        return (
            [card for hand in state.hands for card in hand]
            + list(state.stock)
            + list(state.trick)
            + [card for pile in state.won for card in pile]
        )

    # --- before the action ---------------------------------------------------------
    def expected_legal(self, state):
        if state.namer is not None:
            return {ChooseTrump(state.namer, suit) for suit in Suit}
        seat = state.to_act
        hand = state.hands[seat]
        if not state.trick:
            first_lead = self.dealt and not state.history and self.rules.trump_lead
            trumps = [card for card in hand if SUIT_OF[card] == state.trump]
            return {Play(seat, card) for card in (trumps if first_lead and trumps else hand)}
        led = SUIT_OF[state.trick[0]]
        following = [card for card in hand if SUIT_OF[card] == led]
        return {Play(seat, card) for card in (following or hand)}

    def illegal_actions(self, state):
        """A few actions the rules forbid right now: wrong seat, card not held, off suit, ..."""
        legal = set(legal_actions(state))
        hand = state.hands[state.to_act]
        bad = [ChooseTrump(state.to_act, self.probe.choice(list(Suit)))] if state.namer is None else []
        for seat in range(self.n):
            if seat != state.to_act:  # another seat, out or not, with a card of its own or not
                bad.append(Play(seat, (state.hands[seat] or hand or DECK)[0]))
                if state.namer is not None:
                    bad.append(ChooseTrump(seat, Suit.SPADES))
        not_held = sorted(set(self.cards) - set(hand))
        if not_held:
            bad.append(Play(state.to_act, self.probe.choice(not_held)))
        bad += [Play(state.to_act, card) for card in hand]  # off-suit and trump-lead breaches
        return [action for action in bad if action not in legal]

    def check_before(self, state):
        assert not state.is_over and state.to_act is not None
        if state.namer is None:
            assert state.to_act not in state.out and state.hands[state.to_act]
        legal = legal_actions(state)
        assert set(legal) == self.expected_legal(state) and len(set(legal)) == len(legal)
        self.check_views(state, legal)
        saved = copy.deepcopy(state)
        for action in self.illegal_actions(state):
            try:
                apply(state, action)
            except IllegalAction as error:
                assert str(error) and error.rule
            else:
                raise AssertionError(f"the engine accepted {action} in {state!r}")
        assert state == saved

    def check_views(self, state, legal):
        """A seat sees its own hand, the sizes of the others, and only the public face-up card."""
        face_up = state.trump_card  # the dealer's reveal, or random-trump's bottom card
        for seat in range(self.n):
            seat_view = view(state, seat)
            assert seat_view.hand == state.hands[seat]
            assert seat_view.hand_sizes == tuple(len(hand) for hand in state.hands)
            assert seat_view.known == tuple(
                (holder, face_up) for holder in range(self.n) if holder != seat and face_up in state.hands[holder]
            )
            assert seat_view.stock_bottom == (face_up if self.rules.random_trump and face_up in state.stock else None)
            mine = {a.card for a in legal if isinstance(a, Play)} if seat == state.to_act else set()
            assert set(seat_view.legal) == mine
            assert seat_view.must_name_trump == (state.namer == seat)

    # --- after the action ----------------------------------------------------------
    def check_after(self, before, action, after, events):
        self.steps += 1
        assert self.steps <= self.bound, "the hand does not end"
        assert action in legal_actions(before)
        assert Counter(self.all_cards(after)) == self.cards
        assert after.out[: len(before.out)] == before.out
        assert all(not after.hands[seat] for seat in after.out)
        if isinstance(action, ChooseTrump):
            assert self.rules.grand_coup and before.trump is None and len(after.history) == 1
            assert events == [TrumpChosen(action.seat, action.suit)]
            assert after == replace(before, trump=action.suit, namer=None)  # nothing else moves
            self.trump = after.trump
            return
        assert after.trump == self.trump, "trump changed in mid-hand"
        self.plays_since_trick.append((action.seat, action.card))
        self.check_at_once_elimination(before, action, after, events)
        if not any(isinstance(event, TrickWon) for event in events):
            assert after.stock == before.stock and after.trick[-1] == action.card
            self.check_mid_trick_end(after, events)
            return
        self.check_trick(before, after, events)
        self.plays_since_trick = []
        self.trick_start_hands = after.hands

    def check_at_once_elimination(self, before, action, after, events):
        """Out at once: instant-elimination always; standard once the stock is empty (rule 13)."""
        played_last = not after.hands[action.seat]
        at_once = [e for e in events if isinstance(e, Eliminated) and e.at_once]
        stock_empty = self.rules.profile == "standard" and not before.stock
        if played_last and (self.rules.instant_elimination or stock_empty):
            assert at_once == [Eliminated(action.seat, at_once=True, stock_empty=not self.rules.instant_elimination)]
            assert events.index(at_once[0]) == 1 and action.seat in after.out
        else:
            assert at_once == []

    def check_mid_trick_end(self, after, events):
        """An unfinished trick ends the hand only when an at-once exit leaves a single holder."""
        holders = [s for s in range(self.n) if after.hands[s]]
        went_out = any(isinstance(e, Eliminated) and e.at_once for e in events)
        if went_out and len(holders) == 1:
            assert events[-1] == HandEnded(holders[0], "last-holder", mid_trick=True)
            assert (after.winner, after.reason) == (holders[0], "last-holder")
            assert after.to_act is None and legal_actions(after) == ()
            assert 0 < len(after.trick) < len(after.order)  # the trick stays on the table, unfinished
        else:
            assert not after.is_over and not any(isinstance(e, HandEnded) for e in events)

    def check_trick(self, before, after, events):
        plays = tuple(self.plays_since_trick)
        start = self.trick_start_hands
        leader = plays[0][0]
        assert [seat for seat, _ in plays] == [s for s in clockwise_from(leader, self.n) if start[s]]
        won = next(e for e in events if isinstance(e, TrickWon))
        winner = expected_trick_winner(plays, self.trump)
        assert (won.seat, won.plays) == (winner, plays)
        assert won.by_trump == (SUIT_OF[won.card] == self.trump != SUIT_OF[plays[0][1]])
        assert after.won[winner] == before.won[winner] + tuple(card for _, card in plays)
        assert after.tricks_won[winner] == before.tricks_won[winner] + 1
        # Draw: exactly one (or one per card), from the top, none for an at-once winner.
        played_last = self.rules.instant_elimination and len(start[winner]) == 1
        wanted = 0 if played_last else (len(plays) if self.rules.draw_per_card else 1)
        drawn = before.stock[:wanted]
        draws = [e for e in events if isinstance(e, Drew)]
        assert draws == ([Drew(winner, drawn, len(before.stock) - len(drawn))] if drawn else [])
        assert after.stock == before.stock[len(drawn) :]
        for seat, card in plays:
            expected = [c for c in start[seat] if c != card] + (list(drawn) if seat == winner else [])
            assert sorted(after.hands[seat]) == sorted(expected)
        # Elimination only after the trick is resolved and the draw made.
        index = events.index(won)
        late = [e for e in events if isinstance(e, Eliminated) and not e.at_once]
        for elimination in late:
            assert events.index(elimination) > index
            if draws:
                assert events.index(elimination) > events.index(draws[0])
        gone_at_once = set(before.out) | {e.seat for e in events if isinstance(e, Eliminated) and e.at_once}
        assert {e.seat for e in late} == {s for s, _ in plays if not after.hands[s]} - gone_at_once
        assert set(after.out) == {s for s in range(self.n) if not after.hands[s]}
        self.check_end_or_next_lead(before, after, events, winner, bool(drawn))

    def check_end_or_next_lead(self, before, after, events, winner, drew):
        holders = [s for s in range(self.n) if after.hands[s]]
        if self.rules.exhaustion_end and drew and not after.stock:
            expected = (winner, "exhaustion")
        elif len(holders) == 1:
            expected = (holders[0], "last-holder")
        elif not holders:
            expected = (winner, "last-trick")
        else:
            expected = None
        ended = [e for e in events if isinstance(e, HandEnded)]
        if expected is None:
            assert not after.is_over and ended == []
            leader = (
                winner if after.hands[winner] else next(s for s in clockwise_from(winner, self.n) if after.hands[s])
            )
            assert after.leader == leader
            if self.rules.grand_coup and self.trump is None:  # grand-coup: the winner names trump
                assert after.namer == winner == after.to_act
            else:
                assert after.namer is None and after.to_act == leader
            assert (LeadPassed(winner, leader) in events) == (leader != winner)
            if self.rules.exhaustion_end and self.started_with_stock:
                assert after.stock, "equal-hands never plays on without a stock"
            return
        assert ended == [HandEnded(*expected)] and events[-1] == ended[0]
        assert (after.winner, after.reason) == expected and after.reason in END_REASONS
        assert after.to_act is None and legal_actions(after) == () and legal_cards(after) == ()
        if after.reason == "last-trick":  # out at once leaves a last holder first, except here
            assert not holders and self.rules.profile == "equal-hands"
            assert not self.rules.instant_elimination
            if not self.rules.instant_elimination:
                assert not after.stock  # only an empty stock lets the winner run out
        else:
            assert after.hands[after.winner]
        if after.reason == "exhaustion":
            assert self.rules.exhaustion_end and not after.stock


def play_out(state, rng, referee):
    """Random legal actions until the hand ends; every event, checked at each step."""
    events = []
    while not state.is_over:
        referee.check_before(state)
        action = rng.choice(legal_actions(state))
        after, new = apply(state, action)
        referee.check_after(state, action, after, new)
        events += new
        state = after
    try:
        apply(state, Play(0, DECK[0]))
    except IllegalAction as error:
        assert error.rule == "hand-over"
    else:
        raise AssertionError("the engine played on after the end")
    return state, events


def check_deal(rules, players, dealer, seed, state, events):
    """Dealing (rules 3 to 5) and trump (rules 6, 24 and 25), from the same shuffled deck."""
    deck = shuffled_deck(random.Random(seed))
    size = rules.cards_per_player(players)
    for seat in range(players):
        turn = (seat - dealer - 1) % players  # the dealer's left receives first
        assert state.hands[seat] == deck[turn : size * players : players]
    rest = deck[size * players :]
    revealed = [e for e in events if isinstance(e, TrumpRevealed)]
    if rules.random_trump:
        assert revealed == [TrumpRevealed(rest[0], None)] and state.stock == rest[1:] + rest[:1]
    elif rules.trump_revealed_from_deal:
        last = deck[size * players - 1]
        assert revealed == [TrumpRevealed(last, dealer)] and last in state.hands[dealer]
        assert state.stock == rest
    else:
        assert revealed == [] and state.trump is None and state.stock == rest
    assert sorted(Referee.all_cards(state)) == sorted(DECK)
    assert events[0] == Dealt(dealer, state.hands, len(state.stock))
    assert state.to_act == (dealer + 1) % players


def play_dealt_hand(rules, players, dealer, seed):
    state, events = new_hand(rules, players, dealer, seed)
    check_deal(rules, players, dealer, seed, state, events)
    final, played = play_out(state, random.Random(seed), Referee(state, dealt=True))
    return final, events + played


@settings(max_examples=300, deadline=None)
@given(tables())
def test_random_dealt_hands_follow_the_rules(table):
    final, events = play_dealt_hand(*table)
    event(f"ended by {final.reason}")
    event("lead passed" if any(isinstance(e, LeadPassed) for e in events) else "lead never passed")
    event("ended in the middle of a trick" if final.trick else "ended after a trick")


@settings(max_examples=40, deadline=None)
@given(tables())
def test_the_same_seed_gives_the_same_game(table):
    first_state, first_events = play_dealt_hand(*table)
    second_state, second_events = play_dealt_hand(*table)
    assert first_events == second_events and first_state == second_state


@st.composite
def positions(draw):
    """A mid-hand position (a position of book/scenario-format.md): some cards already gone, any stock."""
    spec = draw(st.sampled_from(ALL_SPECS))
    rules = Rules.parse(spec)
    players = draw(st.integers(3, 6))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    deck = list(DECK)
    rng.shuffle(deck)
    sizes = [draw(st.integers(0, 6)) for _ in range(players)]
    holders = [seat for seat, size in enumerate(sizes) if size]
    if len(holders) < 2:
        sizes[:2] = [max(sizes[0], 1), max(sizes[1], 1)]
        holders = [seat for seat, size in enumerate(sizes) if size]
    hands, taken = {}, 0
    for seat, size in enumerate(sizes):
        hands["ABCDEF"[seat]] = deck[taken : taken + size]
        taken += size
    stock = deck[taken : taken + draw(st.integers(0, 10))]
    if not rules.has_trump:
        trump = None
    elif rules.grand_coup:
        trump = draw(st.none() | st.sampled_from(list(Suit)))
    else:
        trump = draw(st.sampled_from(list(Suit)))
    state = from_position(
        rules,
        "ABCDEF"[:players],
        dealer=draw(st.integers(0, players - 1)),
        leader=draw(st.sampled_from(holders)),
        hands=hands,
        stock=stock,
        trump=trump,
    )
    return state, deck[:taken] + stock, rng


@settings(max_examples=250, deadline=None)
@given(positions())
def test_random_positions_play_out_by_the_rules(position):
    state, cards, rng = position
    assert Counter(Referee.all_cards(state)) == Counter(cards)  # the position's cards, nothing else
    final, _ = play_out(state, rng, Referee(state, dealt=False))
    event(f"ended by {final.reason}")
