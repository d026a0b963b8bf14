"""Argument types and options shared by the command-line tools (``cli`` and the lab's ``tournament``).

The options that declare a game (``--rules``, ``--players``, ``--hand-size``) are made from
``game.PARAMETERS``: their choices, defaults and help are the parameters', so the command
line offers what a scenario file and the app accept.
"""

from __future__ import annotations

import argparse

from .game import HAND_SIZE, PLAYERS, PROFILE, VARIANT_SET, Game
from .i18n import translate
from .rules import Rules, RulesError

#: The command-line option of each parameter; profile and variants share ``--rules``.
OPTIONS = {PROFILE.name: "--rules", VARIANT_SET.name: "--rules", PLAYERS.name: "--players",
           HAND_SIZE.name: "--hand-size"}


def rules_spec(spec: str) -> Rules:
    """``profile[+variant...]`` as ``Rules``; argparse shows the reason a spec is refused."""
    try:
        return Rules.parse(spec)
    except RulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return value


def _help(parameter, **params: object) -> str:
    return translate(parameter.help, "en", **params)


def add_game_arguments(parser: argparse.ArgumentParser, hand_size: bool = True) -> None:
    """``--rules``, ``--players`` and (unless ``hand_size`` is false) ``--hand-size``."""
    parser.add_argument(
        OPTIONS[PROFILE.name], type=rules_spec, default=Rules(PROFILE.default, VARIANT_SET.default),
        metavar="SPEC", help=f"profile[+variant...], e.g. standard+draw-per-card+no-trump. Profile: "
        f"{_help(PROFILE)} ({', '.join(PROFILE.choices)}; default: {PROFILE.default}). Variants: "
        f"{_help(VARIANT_SET)} ({', '.join(VARIANT_SET.choices)})")
    parser.add_argument(OPTIONS[PLAYERS.name], type=PLAYERS.kind, default=PLAYERS.default,
                        choices=PLAYERS.options, metavar="N",
                        help=f"{_help(PLAYERS, low=PLAYERS.low, high=PLAYERS.high)} "
                        f"(default: {PLAYERS.default})")
    if hand_size:
        parser.add_argument(OPTIONS[HAND_SIZE.name], type=positive_int, default=HAND_SIZE.default,
                            metavar="N", help=f"{_help(HAND_SIZE)}; at most {HAND_SIZE.high}, and "
                            "the hands must fit in the deck")


def game_of(args: argparse.Namespace) -> Game:
    """The game the options declare, checked once: a ``SetupError`` names the field at fault."""
    return Game.of(args.rules, args.players, getattr(args, "hand_size", HAND_SIZE.default))
