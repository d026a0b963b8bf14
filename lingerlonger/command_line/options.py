"""Argument types and options shared by the command-line tools (``cli`` and the lab's ``tournament``).

The options that declare a game (``--rules``, ``--players``, ``--hand-size``) are made from
``game.PARAMETERS``: their choices, defaults and help are the parameters', so the command
line offers what a scenario file and the app accept. Their help is catalog messages
(``cliparser.HelpText``), said in the reader's language when the help is printed; so is a value
an option refuses (``OptionError``).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path

from lingerlonger.command_line.parser import HelpText
from lingerlonger.game.declared import HAND_SIZE, PLAYERS, PROFILE, VARIANT_SET, Game
from lingerlonger.game.errors import LingerError
from lingerlonger.game.rules import Rules, RulesError
from lingerlonger.scenario.safe_write import would_replace

#: The command-line option of each parameter; profile and variants share ``--rules``.
OPTIONS = {
    PROFILE.name: "--rules",
    VARIANT_SET.name: "--rules",
    PLAYERS.name: "--players",
    HAND_SIZE.name: "--hand-size",
}


class OptionError(LingerError):
    """A value an option refuses, as catalog message ``error.CODE``: raised as the cause of
    argparse's ``ArgumentTypeError``, it is said in the reader's language by ``cliparser.Parser``;
    raised by a command (an output that would replace a scenario), by ``main``."""


def refused(code: str, **params: object) -> argparse.ArgumentTypeError:
    """argparse's refusal of a value, with the package's own (an ``OptionError``) as its cause."""
    reason = OptionError(code, **params)
    refusal = argparse.ArgumentTypeError(str(reason))
    refusal.__cause__ = reason
    return refusal


def rules_spec(spec: str) -> Rules:
    """``profile[+variant...]`` as ``Rules``; argparse shows the reason a spec is refused."""
    try:
        return Rules.parse(spec)
    except RulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def positive_int(text: str) -> int:
    """A count an option takes (hands, games, a scenario's number): a whole number from 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise refused("cli.positive-int", text=repr(text))
    return value


def add_game_arguments(parser: argparse.ArgumentParser, hand_size: bool = True) -> None:
    """``--rules``, ``--players`` and (unless ``hand_size`` is false) ``--hand-size``."""
    parser.add_argument(
        OPTIONS[PROFILE.name],
        type=rules_spec,
        default=Rules(PROFILE.default, VARIANT_SET.default),
        metavar="SPEC",
        help=HelpText(
            "cli.help.rules",
            example="standard+draw-per-card+no-trump",
            profile=HelpText(PROFILE.help),
            profiles=", ".join(PROFILE.choices),
            default=PROFILE.default,
            variants=HelpText(VARIANT_SET.help),
            choices=", ".join(VARIANT_SET.choices),
        ),
    )
    parser.add_argument(
        OPTIONS[PLAYERS.name],
        type=PLAYERS.kind,
        default=PLAYERS.default,
        choices=PLAYERS.options,
        metavar="N",
        help=HelpText("cli.help.players", players=HelpText(PLAYERS.help, low=PLAYERS.low, high=PLAYERS.high)),
    )
    if hand_size:
        parser.add_argument(
            OPTIONS[HAND_SIZE.name],
            type=positive_int,
            default=HAND_SIZE.default,
            metavar="N",
            help=HelpText("cli.help.hand-size", size=HelpText(HAND_SIZE.help), high=HAND_SIZE.high),
        )


def game_of(args: argparse.Namespace) -> Game:
    """The game the options declare, checked once: a ``SetupError`` names the field at fault."""
    return Game.of(args.rules, args.players, getattr(args, "hand_size", HAND_SIZE.default))


def add_force_option(parser: argparse.ArgumentParser, key: str = "cli.help.force") -> None:
    """``--force``: write the output even over a scenario, or over the file the command reads."""
    parser.add_argument("--force", action="store_true", help=HelpText(key))


def refuse_replacing(target: str | Path, force: bool, inputs: Iterable[str | Path] = ()) -> None:
    """Refuses (an ``OptionError``, exit status 2) to write ``target`` over one of the command's
    ``inputs`` or over a scenario, unless ``force``: nothing that writes a file replaces an
    author's work without being told to."""
    if force or str(target) == "-":
        return
    replaced = would_replace(target, inputs)
    if replaced is not None:
        raise OptionError(f"cli.replaces-{replaced}", target=str(target))
