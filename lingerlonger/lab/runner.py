"""Tournaments between computer players, played on any executor and streamed in hand order.

A tournament plays independent hands through the engine, each seat's player
acting on its own view. The dealer moves clockwise every hand, so each seat
takes every position at the table; a hand's deal and its players' seeds come
from the tournament seed and the hand's number alone, so the results are the
same whatever runs them: this process, a pool of processes, or a cluster.

Hands go out in chunks; each chunk comes back as a ``Tally`` (and its hand
records only when asked for), in hand order. At most a few chunks are out at
once, so memory stays flat however many hands are played.

>>> records = run_tournament(Rules(), ["tips", "random", "random"], hands=6, seed=1,
...                          workers=1, progress=False)
>>> [record.hand for record in records], sum(r.won for rec in records for r in rec.seats)
([0, 1, 2, 3, 4, 5], 6)
>>> tally = play_tournament(Rules(), ["tips", "random", "random"], hands=6, seed=1, workers=1,
...                         progress=False)
>>> tally == Tally.of(records)
True
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import sys
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import closing, suppress
from dataclasses import dataclass
from typing import Any

from lingerlonger.computer.players import PLAYER_KINDS, PlayerKinds
from lingerlonger.game.cards import SUIT_OF
from lingerlonger.game.declared import Game
from lingerlonger.game.engine import State, new_hand
from lingerlonger.game.play_loop import Player, play_out
from lingerlonger.game.rules import Rules
from lingerlonger.lab.records import HandRecord, SeatRecord
from lingerlonger.lab.tally import Tally

__all__ = [
    "SeatRecord",
    "HandRecord",
    "Chunk",
    "play_recorded_hand",
    "stream_tournament",
    "play_tournament",
    "run_tournament",
    "chunk_size",
]


def play_recorded_hand(
    rules: Rules, seats: Sequence[str], hand: int, seed: int, kinds: PlayerKinds = PLAYER_KINDS
) -> HandRecord:
    """Hand number ``hand`` of tournament ``seed``, a player of kind ``seats[i]`` (from the
    registry ``kinds``) in seat i: deal, players and dealer follow from them alone."""
    n = len(seats)
    rng = random.Random(f"lingerlonger-tournament/{seed}/{hand}")
    players = [kinds.make(kind, seed=rng.getrandbits(64)) for kind in seats]
    dealer = hand % n
    state, _ = new_hand(rules, n, dealer, rng)
    sizes: list[tuple[int, ...]] = []
    early_tricks, early_trumps = [0] * n, [0] * n
    for turn in play_out(state, players, until=_shown_to(players)):
        state = turn.state
        if not turn.ended_trick:
            continue
        sizes.append(tuple(len(held) for held in state.hands))
        trick = state.history[-1]
        if len(state.history) <= n:
            early_tricks[trick.winner] += 1
            for player, card in trick.plays:
                early_trumps[player] += SUIT_OF[card] == trick.trump
    records = tuple(
        SeatRecord(
            seat,
            seats[seat],
            (seat - dealer - 1) % n + 1,
            seat == state.winner,
            state.tricks_won[seat],
            early_tricks[seat],
            early_trumps[seat],
            tuple(trick_sizes[seat] for trick_sizes in sizes),
        )
        for seat in range(n)
    )
    assert state.reason is not None  # play_out plays the hand to its end
    return HandRecord(hand, dealer, state.reason, records)


def _shown_to(players: Sequence[Player]) -> Callable[[State], bool] | None:
    """A pause check that shows the state to players that see every card (``sees_every_card``,
    the bench's yardstick) before each turn, and never pauses; None when no player does."""
    peekers: list[Any] = [player for player in players if getattr(player, "sees_every_card", False)]
    if not peekers:
        return None

    def show(state: State) -> bool:
        for player in peekers:
            player.see(state)
        return False

    return show


def chunk_size(hands: int) -> int:
    """Hands per task: enough to outweigh a task's cost, few enough to keep memory flat.

    It depends on nothing but ``hands``, and no result depends on it.
    """
    return max(10, min(100, hands // 256))


@dataclass(frozen=True, slots=True)
class Chunk:
    """Hands ``start`` to ``stop - 1``: their tally, and their records if they were asked for."""

    start: int
    stop: int
    tally: Tally
    records: tuple[HandRecord, ...] = ()


#: Set in a worker process by Ctrl-C: its chunk ends after the hand in play.
_stopping = False


class Stopped(Exception):
    """A worker's chunk cut short by Ctrl-C: nobody waits for its result any more."""


def play_chunk(
    rules: Rules, seats: tuple[str, ...], seed: int, start: int, stop: int, keep_records: bool, kinds: PlayerKinds
) -> Chunk:
    """The task a worker runs (the registry ``kinds`` travels with it)."""
    records = []
    for hand in range(start, stop):
        if _stopping:
            raise Stopped(hand)
        records.append(play_recorded_hand(rules, seats, hand, seed, kinds))
    return Chunk(start, stop, Tally.of(records), tuple(records) if keep_records else ())


class InlineExecutor(Executor):
    """Runs each task as it is submitted, in this process: one worker, nothing pickled."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:
            future.set_exception(error)
        return future


def _stop_after_this_hand(signum, frame) -> None:
    global _stopping
    _stopping = True


def _worker_setup() -> None:
    """Ctrl-C reaches every process in the terminal's group, and only the parent should speak:
    in a worker it ends the chunk quietly, after the hand in play. A Ctrl-C that came while
    the worker was starting, held back until now, lands here too. Where the parent ignores
    Ctrl-C (started in the background by a shell, under nohup), the workers ignore it too:
    a chunk cut short would reach a parent that is not stopping."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, _stop_after_this_hand)
    if sys.platform != "win32":
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _process_pool(workers: int) -> ProcessPoolExecutor:
    # fork where the system has it: no re-import of __main__ (notebooks, stdin scripts), so
    # a registry holding a player class defined in a notebook unpickles in the workers
    if sys.platform != "win32" and "fork" in multiprocessing.get_all_start_methods():
        return ProcessPoolExecutor(workers, mp_context=_ForkContext(), initializer=_worker_setup)
    return ProcessPoolExecutor(workers, initializer=_worker_setup)


if sys.platform != "win32":

    class _ForkHoldingCtrlC(multiprocessing.context.ForkProcess):
        """A forked worker that holds Ctrl-C until its handler is in place.

        A fork copies the parent's whole stack: a KeyboardInterrupt raised in the child
        before ``_worker_setup`` can climb out of multiprocessing's start-up into the
        parent's code (a test runner's worker, a notebook's kernel) and run on as a copy.
        """

        def start(self) -> None:
            held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                super().start()  # the child inherits the held signal
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, held)

    class _ForkContext(multiprocessing.context.ForkContext):
        Process = _ForkHoldingCtrlC


def _stop_soon(pool: ProcessPoolExecutor) -> None:
    """Have every worker stop after the hand it is playing, and wait for them.

    Not killed: a worker killed while it sends a result leaves half a message in the
    pool's pipe, and the pool then hangs at exit. The signal reaches workers that the
    interrupt did not (a notebook's kernel interrupt, or a stream closed early).
    """
    for process in list((pool._processes or {}).values()):  # no public way to reach them
        if process.pid is None:  # not started
            continue
        with suppress(ProcessLookupError):
            os.kill(process.pid, signal.SIGINT)
    pool.shutdown(wait=True, cancel_futures=True)


def stream_tournament(
    rules: Rules,
    seats: Sequence[str],
    hands: int,
    seed: int = 0,
    *,
    kinds: PlayerKinds = PLAYER_KINDS,
    executor: Executor | None = None,
    workers: int | None = None,
    in_flight: int | None = None,
    keep_records: bool = False,
    progress: bool = False,
    first: int = 0,
) -> Generator[Chunk, None, None]:
    """The tournament's chunks, in hand order, played on ``executor``; ``seats`` names each
    seat's player kind in the registry ``kinds``. ``first``: the number of the first hand
    (every hand is dealt and played from its number and the seed alone, so hands 10,000 on
    of a longer tournament extend an earlier one of 10,000 exactly).

    Without an executor: ``workers`` processes (default: every core; 1 plays in this
    process). At most ``in_flight`` chunks (default: four per worker) are out or waiting
    for an earlier one at any time. Closing the iterator, or an interrupt, cancels what
    is out; the workers of a pool made here stop after the hand in play. Unknown kinds,
    and a table the rules do not allow, are refused here, before any play.
    """
    seats = kinds.parse(tuple(seats), len(seats))  # a list of names, never a spec to split
    Game.of(rules, len(seats))
    size = chunk_size(hands)
    workers = max(1, min(workers or os.cpu_count() or 1, -(-hands // size)))
    return _chunks(
        rules,
        seats,
        kinds,
        range(first, first + hands),
        seed,
        size,
        executor,
        workers,
        in_flight or 4 * workers,
        keep_records,
        progress,
    )


#: A progress bar in no language: tqdm's own words ("hand/s", "it/s") left out.
PROGRESS_FORMAT = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}]"


def _chunks(
    rules: Rules,
    seats: tuple[str, ...],
    kinds: PlayerKinds,
    hands: range,
    seed: int,
    size: int,
    executor: Executor | None,
    workers: int,
    in_flight: int,
    keep_records: bool,
    progress: bool,
) -> Generator[Chunk, None, None]:
    own = executor is None
    if executor is None:
        executor = InlineExecutor() if workers == 1 else _process_pool(workers)
    from tqdm.auto import tqdm

    bar = tqdm(total=len(hands), disable=not progress, desc="tournament", bar_format=PROGRESS_FORMAT)
    starts = iter(range(hands.start, hands.stop, size))
    out: set[Future] = set()
    waiting: dict[int, Chunk] = {}  # finished before an earlier chunk
    next_start = hands.start
    finished = False
    try:
        while next_start < hands.stop:
            while len(out) + len(waiting) < in_flight and (start := next(starts, None)) is not None:
                out.add(
                    executor.submit(
                        play_chunk, rules, seats, seed, start, min(start + size, hands.stop), keep_records, kinds
                    )
                )
            done, _ = wait(out, return_when=FIRST_COMPLETED)
            out -= done
            for future in done:
                chunk = future.result()
                waiting[chunk.start] = chunk
            while next_start in waiting:
                chunk = waiting.pop(next_start)
                next_start = chunk.stop
                bar.update(chunk.stop - chunk.start)
                yield chunk
        finished = True
    finally:
        bar.close()
        for future in out:
            future.cancel()
        if own and finished:
            executor.shutdown()
        elif own and isinstance(executor, ProcessPoolExecutor):
            _stop_soon(executor)


def play_tournament(
    rules: Rules,
    seats: Sequence[str],
    hands: int,
    seed: int = 0,
    *,
    kinds: PlayerKinds = PLAYER_KINDS,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool = True,
) -> Tally:
    """The tally of ``hands`` hands, a player of kind ``seats[i]`` in seat i: no hand is kept."""
    tally = Tally()
    with closing(
        stream_tournament(rules, seats, hands, seed, kinds=kinds, executor=executor, workers=workers, progress=progress)
    ) as chunks:
        for chunk in chunks:
            tally.merge(chunk.tally)
    return tally


def run_tournament(
    rules: Rules,
    seats: Sequence[str],
    hands: int,
    seed: int = 0,
    workers: int | None = None,
    progress: bool = True,
    *,
    kinds: PlayerKinds = PLAYER_KINDS,
    executor: Executor | None = None,
) -> list[HandRecord]:
    """Every hand's record, in hand order: for studies that pair hands up (they take memory;
    ``play_tournament`` keeps none)."""
    records: list[HandRecord] = []
    with closing(
        stream_tournament(
            rules,
            seats,
            hands,
            seed,
            kinds=kinds,
            executor=executor,
            workers=workers,
            keep_records=True,
            progress=progress,
        )
    ) as chunks:
        for chunk in chunks:
            records += chunk.records
    return records
