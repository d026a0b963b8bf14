"""Computer players: each decides from a ``SeatView`` only, never from the full state."""

from __future__ import annotations

import random
from typing import Protocol

from .cards import Suit
from .engine import Action, ChooseTrump, Play, SeatView


class Player(Protocol):
    name: str

    def act(self, view: SeatView) -> Action: ...


class RandomPlayer:
    """Plays a uniformly random legal card; names a random trump under grand-coup."""

    name = "random"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def act(self, view: SeatView) -> Action:
        if view.must_name_trump:
            return ChooseTrump(view.seat, self.rng.choice(list(Suit)))
        return Play(view.seat, self.rng.choice(view.legal))
