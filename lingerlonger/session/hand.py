"""A hand you play against computer players, as values: deal, your play, their turns.

The hand player's views (ipywidgets now, a browser page later) hold a ``HandModel``
and replace it with the next one; the computers act through the one play driver.

>>> import random
>>> from lingerlonger.game.rules import Rules
>>> hand = HandModel.deal(Rules(), players=4, you=0, name="Sam", opponents="tips",
...                       lang="en", rng=random.Random(7))
>>> hand = hand.computers_play()
>>> hand.state.to_act == hand.you or hand.state.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

from lingerlonger.computer.players import Player, make_player
from lingerlonger.game.engine import Action, IllegalAction, State, Trick, apply, new_hand
from lingerlonger.game.events import Event, TrickWon
from lingerlonger.game.play_loop import play_out
from lingerlonger.game.rules import Rules
from lingerlonger.scenario.hand_seat_names import renamed, seat_names
from lingerlonger.session.stepping import Refused, action_in

__all__ = ["HandModel"]


@dataclass(frozen=True)
class HandModel:
    """One hand in play: whose seat is yours, the computers, and what you have been told
    since your last turn (``told``); ``number`` counts the hands, so a stale timer can tell.
    The computers keep their own random state: an old value does not replay their choices."""

    state: State
    you: int
    computers: tuple[Player, ...]
    opponents: str
    dealer: int
    number: int = 1
    told: tuple[Event, ...] = ()
    last_trick: Trick | None = None
    # what a lesson saved from the hand needs (player/lesson.py): where it started, every action since
    start: State | None = None
    actions: tuple[Action, ...] = ()

    @classmethod
    def deal(
        cls,
        rules: Rules,
        *,
        players: int,
        you: int,
        name: str,
        opponents: str,
        lang: str,
        rng: random.Random,
        previous: HandModel | None = None,
    ) -> HandModel:
        """A new hand; you lead the first one, then the deal passes clockwise."""
        if previous is None or previous.dealer >= players:
            dealer = (you - 1) % players
        else:
            dealer = (previous.dealer + 1) % players
        computers = tuple(make_player(opponents, seed=rng.randrange(2**32)) for _ in range(players))
        state, events = new_hand(rules, seat_names(you, players, name, lang), dealer, rng)
        return cls(
            state,
            you,
            computers,
            opponents,
            dealer,
            number=previous.number + 1 if previous else 1,
            told=tuple(events),
            start=state,
        )

    @property
    def waiting(self) -> bool:
        """A computer is to act."""
        return not self.state.is_over and self.state.to_act != self.you

    def _after(self, state: State, events: tuple[Event, ...]) -> HandModel:
        ended = any(isinstance(event, TrickWon) for event in events)
        acted = action_in(events)
        return replace(
            self,
            state=state,
            told=self.told + events,
            last_trick=state.history[-1] if ended else None,
            actions=self.actions + ((acted,) if acted else ()),
        )

    def play(self, action: Action) -> HandModel | Refused:
        """Your action (the hand stays as it is when it is not your turn); what you are
        told starts afresh with it."""
        if self.state.to_act != self.you:
            return self
        try:
            state, events = apply(self.state, action)
        except IllegalAction as error:
            return Refused(action, error)
        return replace(self, told=())._after(state, tuple(events))

    def turns(self) -> Iterator[HandModel]:
        """The hand after each computer turn, until it is your turn or the hand is over."""
        hand = self
        for turn in play_out(self.state, self.computers, until=lambda state: state.to_act == self.you):
            hand = hand._after(turn.state, turn.events)
            yield hand

    def computers_play(self) -> HandModel:
        """The hand once the computers have played up to your turn (or its end)."""
        hand = self
        for hand in self.turns():  # noqa: B007 (the last turn is the answer)
            pass
        return hand

    def speaking(self, old: str, new: str) -> HandModel:
        """The hand with its seats named in language ``new`` (yours kept if you chose it)."""
        return replace(self, state=replace(self.state, players=renamed(self.state.players, self.you, old, new)))
