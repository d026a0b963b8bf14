"""Recording hands as scenarios: a recorded game is a test anyone can check again.

Each hand is dealt from a seeded shuffle and played by computer players through
the engine; every action becomes a step, every completed trick an ``expect``
of its winner, draws and eliminations, and the end a ``result`` — the deal form
of the Scenario format reference (book/scenario-format.md), as ``lingerlonger
simulate`` writes it. The same seed always records the same hands.

>>> from lingerlonger.scenario.replay import check
>>> [hand] = simulate(Rules.parse("equal-hands"), players=4, seed=3, games=1)
>>> hand.title, hand.is_deal, hand.result.reason in ("last-holder", "last-trick", "exhaustion")
('Random hand 1 of seed 3 (equal-hands, 4 players)', True, True)
>>> check(hand)
[]
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from lingerlonger.computer.players import PLAYER_KINDS, Player, PlayerKinds
from lingerlonger.game.cards import Card
from lingerlonger.game.engine import ChooseTrump, Play, SetupError, State, deal, from_position, shuffled_deck
from lingerlonger.game.errors import LingerError
from lingerlonger.game.events import Event
from lingerlonger.game.play_loop import Turn, play_out
from lingerlonger.game.rules import Rules
from lingerlonger.scenario import Expect, Location, Result, Scenario, Step, StepKind
from lingerlonger.scenario.replay import follow_trick, trick_outcome
from lingerlonger.words.narration import narrate

__all__ = ["simulate", "record_hand", "record", "deck_of", "position_of", "numbered_seat_names"]

#: Recorded steps come from no file; they all carry this place.
RECORDED = Location("<simulate>", 1, 1)


def numbered_seat_names(players: int) -> tuple[str, ...]:
    """P1, P2, ... like the recorded hands."""
    return tuple(f"P{seat + 1}" for seat in range(players))


def record_hand(
    rules: Rules,
    names: Sequence[str],
    dealer: int,
    deck: Sequence[Card],
    seats: Sequence[Player],
    title: str,
    index: int = 0,
    tricks: int | None = None,
) -> Scenario:
    """Play one dealt hand with ``seats`` and return it as a scenario.

    The whole hand, with its ``result``; or, given ``tricks``, only that many tricks
    (a starting point for an author), with no result.
    """
    state, _ = deal(rules, tuple(names), dealer, deck)
    enough = None if tricks is None else (lambda state: len(state.history) >= tricks)
    return record(state, play_out(state, seats, until=enough), title=title, deck=deck, index=index)


def record(
    start: State,
    turns: Iterable[Turn],
    *,
    title: str,
    deck: Sequence[Card] | None = None,
    lang: str | None = None,
    index: int = 0,
) -> Scenario:
    """The hand that ``turns`` played from ``start`` as a scenario: a step per action, an
    ``expect`` after every trick (and after a hand that ended in the middle of one), and
    the ``result`` once the hand is over.

    ``start`` is written as the deal of ``deck`` (by default the deck it was dealt from,
    ``deck_of``), else as a position (``from_position``'s form: no trick in progress). Given ``lang``,
    the scenario is in that language and each trick's last play carries a draft ``say:``,
    the narration of what that play did, for an author to edit.
    """
    names = start.players
    state = start
    steps: list[Step] = []
    trick_events: list[Event] = []
    for turn in turns:
        state, action, name = turn.state, turn.action, names[turn.seat]
        trick_events = follow_trick(trick_events, turn.events)
        ends = state.is_over or turn.ended_trick  # after every trick, and a hand ended mid-trick
        say = " ".join(narrate(event, names, lang) for event in turn.events) if lang is not None and ends else None
        if isinstance(action, Play):
            steps.append(Step(StepKind.PLAY, RECORDED, seat=name, card=action.card, say=say or None))
        elif isinstance(action, ChooseTrump):
            steps.append(Step(StepKind.CHOOSE_TRUMP, RECORDED, seat=name, suit=action.suit))
        if ends:
            trick = trick_outcome(trick_events, names)
            steps.append(
                Step(
                    StepKind.EXPECT,
                    RECORDED,
                    expect=Expect(
                        trick_winner=trick.winner,
                        drawn=trick.drawn,
                        out=trick.out,
                        given=frozenset({"trick_winner", "drawn", "out"}),
                    ),
                )
            )
    result = None
    if state.winner is not None:
        result = Result(names[state.winner], state.reason, RECORDED, frozenset({"winner", "reason"}))
    deck = deck if deck is not None else deck_of(start)
    where = {"deck": tuple(deck)} if deck is not None else position_of(start)
    return Scenario(
        title=title,
        rules=start.rules,
        players=names,
        dealer=names[start.dealer],
        steps=tuple(steps),
        where=RECORDED,
        lang=lang,
        result=result,
        index=index,
        **where,
    )


def deck_of(state: State) -> tuple[Card, ...] | None:
    """The deck ``state`` was dealt from (``deal`` undone), or None when it is no fresh deal."""
    n, hands = len(state.players), state.hands
    dealt = sum(map(len, hands))
    try:
        cards = [hands[(state.dealer + 1 + i) % n][i // n] for i in range(dealt)]
    except IndexError:  # hands of unequal sizes: no deal gives them
        return None
    stock = state.stock
    if state.rules.random_trump and state.trump_card is not None and stock:
        stock = stock[-1:] + stock[:-1]  # the turned card goes back on top
    deck = tuple(cards) + stock
    try:
        again, _ = deal(state.rules, state.players, state.dealer, deck)
    except LingerError:
        return None
    return deck if again == state else None


def position_of(state: State) -> dict[str, Any]:
    """``state`` as a scenario's position fields (hands, stock, trump, leader); a state that
    ``from_position`` cannot make again (a trick in progress, a card turned up...) is refused."""
    names = state.players
    hands = {name: hand for name, hand in zip(names, state.hands, strict=True) if hand}
    leader = names[state.leader]
    fields = {"hands": hands, "stock": state.stock, "trump": state.trump, "leader": leader}
    again = from_position(
        state.rules, names, dealer=state.dealer, hands=hands, stock=state.stock, trump=state.trump, leader=leader
    )
    if again != replace(state, won=again.won, tricks_won=again.tricks_won, history=again.history):
        raise SetupError("setup.not-a-position")
    return fields


def simulate(
    rules: Rules,
    players: int,
    seed: int,
    games: int,
    seats: str | Sequence[str] = ("random",),
    kinds: PlayerKinds = PLAYER_KINDS,
) -> Iterator[Scenario]:
    """``games`` hands, one at a time; ``seats`` names the player kind of each seat, or one
    for all (``"tips,random,tips"`` or a list), from the registry ``kinds``."""
    seats = kinds.parse(seats, players)
    rng = random.Random(seed)
    names = numbered_seat_names(players)
    table = [kinds.make(kind, random.Random(rng.getrandbits(64))) for kind in seats]
    who = "Random hand" if set(seats) == {"random"} else "Hand"
    players_text = "" if who == "Random hand" else f"; {', '.join(seats)}"
    for game in range(1, games + 1):
        dealer = rng.randrange(players)
        deck = shuffled_deck(rng)
        title = f"{who} {game} of seed {seed} ({rules.spec}, {players} players{players_text})"
        yield record_hand(rules, names, dealer, deck, table, title, index=game - 1)
