"""The game: an immutable state, its legal actions, and ``apply`` → (state, events).

Everything the book's Rules reference (book/rules-reference.md, its numbered rules
and rulings) says about one hand lives here. A state never changes; ``apply`` returns
a new one together with what happened, so replays, undo, narration and tests are all
a fold over actions.

The worked example of rule 16, hearts trump, C holding only 2♥:

>>> rules = Rules.parse("equal-hands")
>>> state = from_position(rules, "ABCD", dealer="D", leader="A", trump="♥",
...                       hands={"A": "K♣ 7♦", "B": "3♣ Q♠", "C": "2♥", "D": "A♣ 5♠"},
...                       stock="9♦ 4♠ J♥")
>>> for play in ["A K♣", "B 3♣", "C 2♥", "D A♣"]:
...     state, events = apply(state, state.play(play))
>>> [type(event).__name__ for event in events]
['Followed', 'TrickWon', 'Drew']
>>> state.hand_of("C"), state.leader_name
((Card('9♦'),), 'C')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from lingerlonger.game.cards import (
    CARDS,
    SUIT_OF,
    Card,
    CardError,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    parse_suit,
)
from lingerlonger.game.declared import Game, SetupError
from lingerlonger.game.errors import LingerError
from lingerlonger.game.events import (
    Dealt,
    Discarded,
    Drew,
    Eliminated,
    EndReason,
    Event,
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

__all__ = [
    "Play",
    "ChooseTrump",
    "Action",
    "State",
    "Trick",
    "IllegalAction",
    "SetupError",
    "deal",
    "new_hand",
    "shuffled_deck",
    "from_position",
    "apply",
    "legal_actions",
    "legal_cards",
    "play_refusal",
    "trick_winner",
    "seat_index",
]


class IllegalAction(LingerError):
    """An action the rules forbid; ``rule`` names which rule in a word."""

    def __init__(self, rule: str, code: str, /, **params: object) -> None:
        super().__init__(code, **params)
        self.rule = rule


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class ChooseTrump:
    """Grand-coup: the first trick's winner names trump."""

    seat: int
    suit: Suit


Action = Play | ChooseTrump


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick, public to every seat."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    trump: Suit | None
    winner: int

    @property
    def led_suit(self) -> Suit:
        return SUIT_OF[self.plays[0][1]]


@dataclass(frozen=True, slots=True)
class State:
    """One moment of a hand. Seats are indices into ``players`` (clockwise)."""

    rules: Rules
    players: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # top first
    trump: Suit | None
    trump_card: Card | None  # the public card that set trump, if any
    leader: int  # leader of the current (or next) trick
    order: tuple[int, ...]  # seats playing the current trick, from the leader
    trick: tuple[Card, ...]  # cards played so far, aligned with ``order``
    won: tuple[tuple[Card, ...], ...]  # won piles
    tricks_won: tuple[int, ...]
    out: tuple[int, ...]  # eliminated seats, in the order they went out
    history: tuple[Trick, ...]  # completed tricks
    trump_lead_due: bool  # trump-lead: the first lead of a dealt hand is pending
    namer: int | None = None  # grand-coup: the seat that must name trump now
    winner: int | None = None
    reason: EndReason | None = None

    # --- who and what ---------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def to_act(self) -> int | None:
        """The seat whose action is awaited (None once the hand is over)."""
        if self.winner is not None:
            return None
        if self.namer is not None:
            return self.namer
        return self.order[len(self.trick)]

    @property
    def current_plays(self) -> tuple[tuple[int, Card], ...]:
        return tuple(zip(self.order, self.trick, strict=False))  # the trick so far: not every seat has played

    @property
    def naming_trump_after_trick(self) -> bool:
        """Grand-coup: this trick is played without trump and its winner names trump."""
        return self.rules.grand_coup and self.trump is None

    def seat_of(self, name: str) -> int:
        try:
            return self.players.index(name)
        except ValueError:
            raise IllegalAction("seat", "illegal.no-seat", seat=name, seats=", ".join(self.players)) from None

    def name(self, seat: int | None) -> str | None:
        return None if seat is None else self.players[seat]

    def hand_of(self, name: str) -> tuple[Card, ...]:
        return self.hands[self.seat_of(name)]

    @property
    def leader_name(self) -> str | None:
        """Who leads the next trick, or None when the hand is over."""
        return None if self.winner is not None else self.players[self.leader]

    @property
    def holders(self) -> tuple[int, ...]:
        """Seats holding at least one card."""
        return tuple(seat for seat, hand in enumerate(self.hands) if hand)

    def cards_in_play(self) -> list[Card]:
        """Every card the state accounts for: hands, stock, current trick and won piles."""
        cards = [card for hand in self.hands for card in hand]
        cards += self.stock
        cards += self.trick
        cards += [card for pile in self.won for card in pile]
        return cards

    # --- building actions from text ------------------------------------------
    def play(self, text: str) -> Play:
        """``"B 3♣"`` → ``Play`` (the seat by name, the card in any notation)."""
        name, card = _split_action(text)
        return Play(self.seat_of(name), parse_card(card))

    def choose(self, text: str) -> ChooseTrump:
        """``"C ♠"`` → ``ChooseTrump``."""
        name, suit = _split_action(text)
        return ChooseTrump(self.seat_of(name), parse_suit(suit))

    def __repr__(self) -> str:
        hands = " ".join(f"{name}:[{format_cards(hand)}]" for name, hand in zip(self.players, self.hands, strict=True))
        winner, seat = self.winner, self.to_act
        if winner is not None:
            status = f"won by {self.players[winner]} ({self.reason})"
        else:
            assert seat is not None  # a hand in play always awaits a seat
            status = f"{self.players[seat]} to act"
        return (
            f"<State {self.rules.spec} trump={'none' if self.trump is None else self.trump} {hands} "
            f"stock={len(self.stock)} trick=[{format_cards(self.trick)}] {status}>"
        )


def _split_action(text: str) -> tuple[str, str]:
    parts = text.split()
    if len(parts) != 2:
        raise IllegalAction("syntax", "illegal.syntax", text=text)
    return parts[0], parts[1]


# --- starting a hand -------------------------------------------------------------


def shuffled_deck(rng: random.Random) -> tuple[Card, ...]:
    """A shuffled deck, cut once by the player to the dealer's right (top first)."""
    deck = list(CARDS)
    rng.shuffle(deck)
    cut = rng.randint(1, len(CARDS) - 1)  # at least one card on each side of the cut
    return tuple(deck[cut:] + deck[:cut])


def new_hand(
    rules: Rules, players: Sequence[str] | int, dealer: int = 0, seed: int | random.Random | None = None
) -> tuple[State, list[Event]]:
    """A hand dealt from a seeded shuffle: the same seed always gives the same deal."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return deal(rules, players, dealer, shuffled_deck(rng))


def deal(
    rules: Rules, players: Sequence[str] | int, dealer: int | str, deck: Iterable[Card | str]
) -> tuple[State, list[Event]]:
    """Deal a whole deck (top first) by rules 3 to 6 and reveal trump."""
    game = Game.of(rules, players)  # seats A, B, C… for a count
    names, n = game.seats, game.players
    dealer = seat_index(names, dealer)
    cards = tuple(parse_card(card) for card in deck)
    if len(cards) != len(CARDS):
        raise SetupError("setup.deck-size", count=len(cards))
    _refuse_duplicates(cards)
    dealt = game.hand_size * n
    hands = tuple(tuple(cards[i] for i in range(dealt) if (dealer + 1 + i) % n == seat) for seat in range(n))
    stock = cards[dealt:]
    events: list[Event] = [Dealt(dealer, hands, len(stock))]
    trump = trump_card = None
    if rules.trump_revealed_from_deal:
        trump_card = cards[dealt - 1]  # the dealer's last card: shown, then kept
        events.append(TrumpRevealed(trump_card, dealer))
    elif rules.random_trump:
        trump_card = stock[0]  # turned up and put face up at the bottom
        stock = stock[1:] + (trump_card,)
        events.append(TrumpRevealed(trump_card, None))
    if trump_card is not None:
        trump = SUIT_OF[trump_card]
    leader = (dealer + 1) % n
    state = State(
        rules=rules,
        players=names,
        dealer=dealer,
        hands=hands,
        stock=stock,
        trump=trump,
        trump_card=trump_card,
        leader=leader,
        order=_trick_order(hands, leader),
        trick=(),
        won=((),) * n,
        tricks_won=(0,) * n,
        out=(),
        history=(),
        trump_lead_due=rules.trump_lead and trump is not None,
    )
    return state, events


def from_position(
    rules: Rules,
    players: Sequence[str] | int,
    *,
    dealer: int | str,
    leader: int | str,
    hands: Mapping[str, Iterable[Card | str] | str],
    stock: Iterable[Card | str] | str = (),
    trump: Suit | str | None,
) -> State:
    """A hand set up mid-way (a position, book/scenario-format.md): cards not present count as won earlier."""
    names = Game.of(rules, players).seats
    n = len(names)
    dealer = seat_index(names, dealer)
    leader = seat_index(names, leader)
    unknown = set(hands) - set(names)
    if unknown:
        raise SetupError("setup.unknown-hands", seats=", ".join(sorted(unknown)))
    held = tuple(_cards(hands.get(name, ())) for name in names)
    stock_cards = _cards(stock)
    _refuse_duplicates([card for hand in held for card in hand] + list(stock_cards))
    holders = [seat for seat in range(n) if held[seat]]
    if len(holders) < 2:
        raise SetupError("setup.too-few-holders", field="hands")
    if not held[leader]:
        raise SetupError("setup.leader-empty", field="leader", name=names[leader])
    if trump is not None and not isinstance(trump, Suit):
        trump = None if str(trump).strip().lower() == "none" else parse_suit(trump)
    if trump is not None and not rules.has_trump:
        raise SetupError("setup.trump-without-trump", field="trump", suit=trump)
    if trump is None and rules.has_trump and not rules.grand_coup:
        raise SetupError("setup.trump-missing", field="trump")
    out = tuple(seat for seat in range(n) if not held[seat])
    return State(
        rules=rules,
        players=names,
        dealer=dealer,
        hands=held,
        stock=stock_cards,
        trump=trump,
        trump_card=None,
        leader=leader,
        order=_trick_order(held, leader),
        trick=(),
        won=((),) * n,
        tricks_won=(0,) * n,
        out=out,
        history=(),
        trump_lead_due=False,
    )


def _cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    try:
        return parse_cards(cards)
    except CardError as error:
        raise SetupError.because(error) from None


def seat_index(names: Sequence[str], seat: int | str) -> int:
    """The seat named ``seat`` (a name, or a number from 0) at a table of ``names``: the one
    seat resolver, for the engine, the views and the command line alike."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return seat
    if isinstance(seat, str) and seat in names:
        return list(names).index(seat)
    raise SetupError("setup.no-seat", seat=seat, seats=", ".join(names))


def _refuse_duplicates(cards: Sequence[Card]) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise SetupError("setup.card-twice", card=card)
        seen.add(card)


def _trick_order(hands: tuple[tuple[Card, ...], ...], leader: int) -> tuple[int, ...]:
    """The active seats (holding cards when the trick starts), clockwise from the leader."""
    n = len(hands)
    return tuple(seat for seat in ((leader + i) % n for i in range(n)) if hands[seat])


# --- what may be played ---------------------------------------------------------


def legal_cards(state: State) -> tuple[Card, ...]:
    """The cards the seat to act may play (empty while trump is being named or after the end)."""
    if state.winner is not None or state.namer is not None:
        return ()
    hand = state.hands[state.order[len(state.trick)]]
    if not state.trick:
        if state.trump_lead_due:
            trumps = tuple(card for card in hand if SUIT_OF[card] == state.trump)
            if trumps:
                return trumps
        return hand
    led = SUIT_OF[state.trick[0]]
    following = tuple(card for card in hand if SUIT_OF[card] == led)
    return following or hand


def legal_actions(state: State) -> tuple[Action, ...]:
    if state.winner is not None:
        return ()
    if state.namer is not None:
        return tuple(ChooseTrump(state.namer, suit) for suit in Suit)
    seat = state.order[len(state.trick)]
    return tuple(Play(seat, card) for card in legal_cards(state))


def trick_winner(cards: Sequence[Card], trump: Suit | None) -> int:
    """Index of the winning card: highest trump, else highest of the led suit.

    >>> trick_winner(parse_cards("K♣ 3♣ 2♥ A♣"), Suit.HEARTS)
    2
    """
    led = SUIT_OF[cards[0]]
    best = 0
    best_trump = SUIT_OF[cards[0]] == trump
    for i in range(1, len(cards)):
        card, suit = cards[i], SUIT_OF[cards[i]]
        if suit == trump:
            if not best_trump or card > cards[best]:
                best, best_trump = i, True
        elif not best_trump and suit == led and card > cards[best]:
            best = i
    return best


def play_refusal(state: State, card: Card) -> IllegalAction | None:
    """Why the seat to act may not play ``card`` now (the error ``apply`` would raise), or
    None when it may: what a reader is told before any card is played."""
    seat = state.to_act
    assert seat is not None, "the hand is over: no card may be played"
    try:
        _check_play(state, Play(seat, card))
    except IllegalAction as error:
        return error
    return None


def _check_play(state: State, action: Play) -> None:
    names = state.players
    if state.namer is not None:
        raise IllegalAction("name-trump", "illegal.name-trump-first", name=names[state.namer])
    seat = state.order[len(state.trick)]
    if action.seat != seat:
        raise IllegalAction("turn", "illegal.turn", name=names[seat], other=names[action.seat])
    hand = state.hands[seat]
    if action.card not in hand:
        raise IllegalAction(
            "not-held", "illegal.not-held", name=names[seat], card=action.card, cards=format_cards(hand)
        )
    legal = legal_cards(state)
    if action.card in legal:
        return
    if state.trick:
        led = SUIT_OF[state.trick[0]]
        raise IllegalAction(
            "follow-suit",
            "illegal.follow-suit",
            name=names[seat],
            suit=led,
            cards=format_cards(legal),
            card=action.card,
        )
    raise IllegalAction(
        "trump-lead",
        "illegal.trump-lead",
        name=names[seat],
        suit=state.trump,
        cards=format_cards(legal),
        card=action.card,
    )


# --- applying an action -----------------------------------------------------------


def apply(state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after ``action`` and the events it caused; raises ``IllegalAction``."""
    if state.winner is not None:
        raise IllegalAction("hand-over", "illegal.hand-over", name=state.players[state.winner])
    if not isinstance(action, (Play, ChooseTrump)):
        raise TypeError(f"not an action: {action!r}")
    if not (isinstance(action.seat, int) and 0 <= action.seat < len(state.players)):
        raise IllegalAction("seat", "illegal.no-seat-number", seat=action.seat, count=len(state.players))
    if isinstance(action, ChooseTrump):
        return _choose_trump(state, action)
    _check_play(state, action)
    seat, card = action.seat, action.card
    events: list[Event] = []
    if not state.trick:
        events.append(Led(seat, card))
    elif SUIT_OF[card] == SUIT_OF[state.trick[0]]:
        events.append(Followed(seat, card))
    elif SUIT_OF[card] == state.trump:
        events.append(Trumped(seat, card, SUIT_OF[state.trick[0]]))
    else:
        events.append(Discarded(seat, card, SUIT_OF[state.trick[0]]))
    hand = state.hands[seat]
    hand = hand[: hand.index(card)] + hand[hand.index(card) + 1 :]
    hands = state.hands[:seat] + (hand,) + state.hands[seat + 1 :]
    out = state.out
    out_at_once = not hand and state.rules.out_at_once(stock_empty=not state.stock)
    if out_at_once:
        out += (seat,)
        events.append(Eliminated(seat, at_once=True, stock_empty=not state.rules.instant_elimination))
    state = replace(state, hands=hands, trick=state.trick + (card,), out=out, trump_lead_due=False)
    if len(state.trick) == len(state.order):
        state = _resolve_trick(state, events)
    elif out_at_once and len(state.holders) == 1:  # the last holder wins before the trick ends
        events.append(HandEnded(state.holders[0], EndReason.LAST_HOLDER, mid_trick=True))
        state = replace(state, winner=state.holders[0], reason=EndReason.LAST_HOLDER)
    return state, events


def _resolve_trick(state: State, events: list[Event]) -> State:
    """Winner, won pile, draw, then elimination, then the end check (rules 9 to 15, in order)."""
    rules, n = state.rules, len(state.players)
    index = trick_winner(state.trick, state.trump)
    winner, card = state.order[index], state.trick[index]
    plays = state.current_plays
    events.append(
        TrickWon(
            winner, card, plays, by_trump=SUIT_OF[card] == state.trump and SUIT_OF[card] != SUIT_OF[state.trick[0]]
        )
    )
    won = _add(state.won, winner, state.trick)
    tricks_won = state.tricks_won[:winner] + (state.tricks_won[winner] + 1,) + state.tricks_won[winner + 1 :]
    hands, stock, out = state.hands, state.stock, state.out
    drew_last_of_stock = False
    if winner not in out:  # a winner already out at once keeps the win but draws nothing
        count = len(state.trick) if rules.draw_per_card else 1
        drawn = stock[:count]
        if drawn:
            stock = stock[len(drawn) :]
            hands = _add(hands, winner, drawn)
            events.append(Drew(winner, drawn, len(stock)))
            drew_last_of_stock = not stock
    for seat in state.order:  # elimination only now, after the draw
        if not hands[seat] and seat not in out:
            out += (seat,)
            events.append(Eliminated(seat))
    history = state.history + (Trick(state.leader, plays, state.trump, winner),)
    state = replace(state, hands=hands, stock=stock, won=won, tricks_won=tricks_won, out=out, history=history, trick=())
    holders = state.holders
    if rules.exhaustion_end and drew_last_of_stock:
        return _end(state, winner, EndReason.EXHAUSTION, events)
    if len(holders) == 1:
        return _end(state, holders[0], EndReason.LAST_HOLDER, events)
    if not holders:
        return _end(state, winner, EndReason.LAST_TRICK, events)
    leader = winner
    if not hands[winner]:
        leader = next(s for s in ((winner + i) % n for i in range(1, n)) if hands[s])
        events.append(LeadPassed(winner, leader))
    namer = winner if state.naming_trump_after_trick else None
    return replace(state, leader=leader, order=_trick_order(hands, leader), namer=namer)


def _end(state: State, winner: int, reason: EndReason, events: list[Event]) -> State:
    events.append(HandEnded(winner, reason))
    return replace(state, winner=winner, reason=reason, order=(), namer=None)


def _add(piles: tuple[tuple[Card, ...], ...], seat: int, cards: Iterable[Card]) -> tuple[tuple[Card, ...], ...]:
    return piles[:seat] + (piles[seat] + tuple(cards),) + piles[seat + 1 :]


def _choose_trump(state: State, action: ChooseTrump) -> tuple[State, list[Event]]:
    names = state.players
    if state.namer is None:
        raise IllegalAction("name-trump", "illegal.nobody-names-trump")
    if action.seat != state.namer:
        raise IllegalAction("name-trump", "illegal.not-the-namer", name=names[state.namer], other=names[action.seat])
    if action.suit not in tuple(Suit):
        raise IllegalAction("name-trump", "illegal.not-a-suit", suit=action.suit)
    suit = Suit(action.suit)
    return replace(state, trump=suit, namer=None), [TrumpChosen(action.seat, suit)]
