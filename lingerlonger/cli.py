"""The ``lingerlonger`` command: demo, and (with the scenario module) check, replay, simulate, new."""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from .cards import format_cards, sort_hand
from .engine import new_hand
from .events import Led
from .match import play_hand
from .narrate import narrate
from .players import RandomPlayer
from .rules import Rules, RulesError


def _rules(spec: str) -> Rules:
    try:
        return Rules.parse(spec)
    except RulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def demo(args: argparse.Namespace) -> int:
    """A narrated random hand in the terminal."""
    names = "ABCDEF"[:args.players]
    state, events = new_hand(args.rules, names, dealer=args.players - 1, seed=args.seed)
    print(f"Linger Longer, {args.rules.spec}, {args.players} players, seed {args.seed}\n")
    for event in events:
        print(narrate(event, names))
    for name, hand in zip(names, state.hands):
        print(f"  {name}: {format_cards(sort_hand(hand, state.trump))}")
    seats = [RandomPlayer(args.seed * 10 + seat if args.seed is not None else None)
             for seat in range(args.players)]
    _, events = play_hand(state, seats)
    for event in events:
        if isinstance(event, Led):
            print()
        print(narrate(event, names))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="lingerlonger", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    demo_parser = commands.add_parser("demo", help="play a narrated random hand in the terminal")
    demo_parser.add_argument("--rules", type=_rules, default=Rules(), metavar="SPEC",
                             help="profile[+variant...], e.g. standard+no-trump (default: standard)")
    demo_parser.add_argument("--players", type=int, default=4, choices=range(3, 7), metavar="N",
                             help="3 to 6 (default: 4)")
    demo_parser.add_argument("--seed", type=int, default=None, help="the same seed plays the same hand")
    demo_parser.set_defaults(run=demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except BrokenPipeError:  # `lingerlonger demo | head` is fine
        return 0


if __name__ == "__main__":
    sys.exit(main())
