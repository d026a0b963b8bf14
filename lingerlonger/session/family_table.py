"""A family table, as values: several people at one screen and computers in the empty
seats, playing a match (rules 18, 19 and 21 of book/rules-reference.md).

Each person's cards stay behind a pass screen (``hidden``) until that person says it is
them (``reveal``); while a person is to play, only that person's cards may be shown, and
nobody's while the device is passed or the computers play (unless the holder is the only
person at the table). The computers act through the one play driver, up to the next
person's turn, all at once (``computers_play``) or one by one (``turns``, for a view that
shows their cards a moment apart); the first dealer, the deal passing clockwise, points
and chips come from ``match``. Each hand over is kept as dealt with its actions
(``played``), for "Save as lesson"; the hand in play is not, its cards being secret.

>>> import random
>>> from lingerlonger.game.rules import Rules
>>> table = TableModel.start(Rules(), ("Ana", "Bruno", "Carla"), ("person", "person", "tips"),
...                          rng=random.Random(3)).computers_play()
>>> table.hidden, table.person_to_act in table.humans, table.face_up(table.person_to_act)
(True, True, False)
>>> shown = table.reveal()
>>> shown.hidden, shown.face_up(shown.person_to_act), shown.played
(False, True, ())
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from lingerlonger.computer.players import PLAYER_KINDS, Player
from lingerlonger.game.cards import Card
from lingerlonger.game.engine import Action, IllegalAction, State, Trick, apply, new_hand
from lingerlonger.game.events import Dealt, Drew, Event, TrickWon
from lingerlonger.game.match import CHIP_OPTIONS, HandResult, MatchResult, first_dealer, hand_result, next_dealer
from lingerlonger.game.play_loop import play_out
from lingerlonger.game.rules import Rules
from lingerlonger.session.stepping import Refused

__all__ = ["TableModel", "PERSON", "CHIP_OPTIONS"]

#: The kind of a seat a person plays (the others are ``players.PLAYER_KINDS``).
PERSON = "person"


@dataclass(frozen=True)
class TableModel:
    """A match at one screen: the seats (``humans`` are people, the rest ``computers``),
    the cut for the first deal, the hand in play and the hands played (``results``, and
    ``played``: each as dealt with its actions).

    ``hidden``: no hand is face up (the pass screen is up, or the computers play);
    ``holder``: the person whose cards were last shown (they keep the device while nobody
    else is to play). The computers keep their own random state: an old value does not
    replay their choices.
    """

    rules: Rules
    kinds: tuple[str, ...]  # PERSON or a computer kind, per seat
    computers: tuple[Player | None, ...]  # None at a person's seat
    cuts: tuple[tuple[tuple[int, Card], ...], ...]  # standard: each round of the cut
    first: int  # the first dealer
    chips: str | None
    state: State
    results: tuple[HandResult, ...] = ()
    hidden: bool = True
    holder: int | None = None
    last_trick: Trick | None = None
    told: tuple[Event, ...] = ()  # what happened since the last person's card
    dealt: State | None = None  # the hand in play as dealt, and every action
    actions: tuple[Action, ...] = ()  # since: what "Save as lesson" writes once it is over
    played: tuple[tuple[State, tuple[Action, ...]], ...] = ()  # each hand over: (dealt, actions)
    reviewing: int | None = None  # the person whose review of the hand over is asked for
    review_open: bool = False  # shown: that person has said it is them

    @classmethod
    def start(
        cls, rules: Rules, names: Sequence[str], kinds: Sequence[str], *, chips: str | None = None, rng: random.Random
    ) -> TableModel:
        """Cut for the first deal (standard; by lot under equal-hands) and deal the first
        hand; the computers' turns up to the first person's follow (``computers_play``)."""
        if len(names) != len(kinds):
            raise ValueError(f"{len(names)} names for {len(kinds)} seats")
        if chips is not None and chips not in CHIP_OPTIONS:
            raise ValueError(f"unknown chip option {chips!r}: expected one of {', '.join(CHIP_OPTIONS)}")
        dealer, rounds = first_dealer(rules, len(names), rng)
        computers = tuple(
            None if kind == PERSON else PLAYER_KINDS.make(kind, seed=rng.randrange(2**32)) for kind in kinds
        )
        state, _ = new_hand(rules, tuple(names), dealer, rng)
        return cls(
            rules, tuple(kinds), computers, tuple(tuple(cuts) for cuts in rounds), dealer, chips, state, dealt=state
        )

    # --- what the table is -------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return self.state.players

    @property
    def humans(self) -> frozenset[int]:
        return frozenset(seat for seat, kind in enumerate(self.kinds) if kind == PERSON)

    @property
    def person_to_act(self) -> int | None:
        """The person whose turn it is (None: the hand is over)."""
        seat = self.state.to_act
        return seat if seat in self.humans else None

    @property
    def match(self) -> MatchResult:
        """The score so far, kept by ``match``: points, chips and the winner once there is one."""
        result = MatchResult(self.names, cuts=[list(cuts) for cuts in self.cuts])
        for hand in self.results:
            result.record(hand, self.rules.match_target)
        return result

    @property
    def number(self) -> int:
        """The hand in play (or just played), counted from 1."""
        return len(self.results) + (not self.state.is_over)

    @property
    def is_over(self) -> bool:
        """The match is won."""
        return self.match.winner is not None

    @property
    def waiting(self) -> bool:
        """A computer is to act (its turns: ``turns`` or ``computers_play``)."""
        return not self.state.is_over and self.person_to_act is None

    def face_up(self, seat: int) -> bool:
        """Whether ``seat``'s cards may be on the screen now: every hand once the hand is
        over, else only the cards of the person holding the device, once they have said it
        is them and while nobody else is to play."""
        return self.state.is_over or (not self.hidden and seat == self.holder)

    @property
    def public_told(self) -> tuple[Event, ...]:
        """What happened since the last person's card that everyone at the table saw: the
        plays and tricks, not the deal nor the cards drawn."""
        return tuple(event for event in self.told if not isinstance(event, (Dealt, Drew)))

    @property
    def viewer(self) -> int | None:
        """The seat the table is drawn for (its hand at the bottom; None: the whole table)."""
        if self.state.is_over:
            return None
        return self.person_to_act if self.hidden else self.holder

    @property
    def reviewable(self) -> tuple[int, ...]:
        """The people who played in the hand just over: each may see their own review."""
        if not self.state.is_over or not self.played:
            return ()
        _, actions = self.played[-1]
        return tuple(seat for seat in sorted(self.humans) if any(action.seat == seat for action in actions))

    # --- what happens ------------------------------------------------------------------
    def ask_review(self, seat: int) -> TableModel:
        """``seat``'s review is asked for: the pass screen goes up for them (another review shown
        is put away); a seat that did not play in the hand over is ignored."""
        if seat not in self.reviewable:
            return self
        return replace(self, reviewing=seat, review_open=False)

    def open_review(self) -> TableModel:
        """The person whose review was asked for has the device: it may be shown."""
        if self.reviewing is None:
            return self
        return replace(self, review_open=True, holder=self.reviewing)

    def close_review(self) -> TableModel:
        return replace(self, reviewing=None, review_open=False)

    def reveal(self) -> TableModel:
        """The person to act has the device: their cards are shown."""
        if self.person_to_act is None:
            return self
        return replace(self, hidden=False, holder=self.person_to_act)

    def play(self, action: Action) -> TableModel | Refused:
        """The shown person's action (the table stays as it is for an action out of turn or
        behind the pass screen); the computers' turns up to the next person's follow."""
        if self.hidden or self.person_to_act is None or action.seat != self.person_to_act:
            return self
        try:
            state, events = apply(self.state, action)
        except IllegalAction as error:
            return Refused(action, error)
        return replace(self, told=())._after(action, state, tuple(events))

    def _after(self, action: Action, state: State, events: tuple[Event, ...]) -> TableModel:
        """The table once ``action`` is played; the holder's cards stay face up only while
        nobody else is to play: the pass screen goes up for another person, and every hand
        goes face down while the computers play (the holder may already have passed the
        device), unless the holder is the only person at the table."""
        ended = any(isinstance(event, TrickWon) for event in events)
        actions = (*self.actions, action)
        table = replace(
            self, state=state, told=self.told + events, actions=actions, last_trick=state.history[-1] if ended else None
        )
        if state.is_over:
            assert self.dealt is not None  # kept with every deal
            return replace(
                table,
                hidden=False,
                results=(*self.results, hand_result(state, self.chips)),
                played=(*self.played, (self.dealt, actions)),
            )
        person, alone = table.person_to_act, self.humans == {self.holder}
        face_up = self.holder is not None and (person == self.holder or (person is None and alone))
        return replace(table, hidden=not face_up)

    def turns(self) -> Iterator[TableModel]:
        """The table after each computer turn, up to a person's turn or the end of the hand."""
        seats = {seat: player for seat, player in enumerate(self.computers) if player is not None}
        table = self
        for turn in play_out(self.state, seats, until=lambda state: state.to_act in self.humans):
            table = table._after(turn.action, turn.state, turn.events)
            yield table

    def computers_play(self) -> TableModel:
        """The table once the computers have played up to a person's turn or the hand's end."""
        table = self
        for table in self.turns():  # noqa: B007 (the last turn is the answer)
            pass
        return table

    def next_hand(self, rng: random.Random) -> TableModel:
        """Deal the next hand (the deal passes clockwise) once this one is over and nobody
        has won the match yet; the device goes to whoever is first to play (the computers'
        turns before theirs follow)."""
        if not self.state.is_over or self.is_over:
            return self
        state, _ = new_hand(self.rules, self.names, next_dealer(self.state.dealer, len(self.names)), rng)
        return replace(
            self,
            state=state,
            hidden=True,
            holder=None,
            last_trick=None,
            told=(),
            dealt=state,
            actions=(),
            reviewing=None,
            review_open=False,
        )
