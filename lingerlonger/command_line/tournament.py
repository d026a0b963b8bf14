"""``lingerlonger tournament``: play, print win rates with 95% intervals, stream the CSV."""

from __future__ import annotations

import argparse
import signal
import threading
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import ExitStack, closing, contextmanager

from lingerlonger.command_line.lines import complain, say
from lingerlonger.command_line.options import (
    add_force_option,
    add_game_arguments,
    game_of,
    positive_int,
    refuse_replacing,
)
from lingerlonger.command_line.parser import HelpText, examples
from lingerlonger.computer.players import PLAYER_KINDS
from lingerlonger.game.errors import EXIT_FAILED, EXIT_USAGE, LingerError
from lingerlonger.lab.cluster import DaskExecutor
from lingerlonger.lab.hand_records import HandWriter, NeedsPyarrow, open_output
from lingerlonger.lab.runner import stream_tournament
from lingerlonger.lab.tally import Tally, format_rates
from lingerlonger.words.i18n import LANGUAGES, error_text, format_number, translate
from lingerlonger.words.narration import rules_text

__all__ = ["add_tournament_parser", "tournament_command"]

#: Exit status of a run ended by Ctrl-C (128 + SIGINT), as shells report it.
INTERRUPTED = 130


class _Failure(Exception):
    """A failure already put into words, in the reader's language: by default what the reader
    asked for cannot be done (no Dask, no scheduler there); an output that stops taking hands
    midway is ``EXIT_FAILED``."""

    def __init__(self, text: str, exit_code: int = EXIT_USAGE) -> None:
        super().__init__(text)
        self.exit_code = exit_code


def _error(text: str) -> None:
    complain(f"lingerlonger tournament: {text}")


@contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Hold a Ctrl-C until the block ends, so that a batch of hands is written and counted whole
    and the message can say what the file holds."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught and callable(previous):
        previous(signal.SIGINT, None)


def _cluster_executor(address: str, stack: ExitStack, lang: str) -> tuple[Executor, int]:
    """An executor on the Dask scheduler at ``address``, and how many chunks to keep out."""
    try:
        from distributed import Client
        from distributed.comm import get_address_host_port
    except ImportError:
        raise _Failure(translate("lab.no-distributed", lang)) from None
    try:
        get_address_host_port(address)  # a client made with a bad address fails late, and noisily
        client = stack.enter_context(Client(address, timeout="10s", set_as_default=False))
    except (OSError, ValueError) as error:
        raise _Failure(translate("lab.no-scheduler", lang, address=address, reason=error)) from None
    executor = DaskExecutor(client)
    return executor, 4 * max(executor.threads(), 1)


def _play(
    args: argparse.Namespace, seats: tuple[str, ...], output: HandWriter | None, tally: Tally, stack: ExitStack
) -> None:
    executor, in_flight = _cluster_executor(args.scheduler, stack, args.lang) if args.scheduler else (None, None)
    chunks = stack.enter_context(
        closing(
            stream_tournament(
                args.rules,
                seats,
                args.hands,
                args.seed,
                executor=executor,
                workers=args.workers,
                in_flight=in_flight,
                keep_records=output is not None,
                progress=not args.quiet,
            )
        )
    )
    for chunk in chunks:
        with _ctrl_c_held():
            if output is not None:
                try:
                    output.write(chunk.records)
                except OSError as error:
                    raise _Failure(
                        translate(
                            "lab.write-failed",
                            args.lang,
                            path=output.path,
                            reason=error.strerror or error,
                            count=format_number(output.hands, args.lang),
                        ),
                        EXIT_FAILED,
                    ) from None
            tally.merge(chunk.tally)


def _kept(args: argparse.Namespace, tally: Tally, output: HandWriter | None) -> str:
    """What an interrupted run leaves behind (with an output, what the file holds)."""
    lang = args.lang
    played = output.hands if output is not None else tally.hands
    counts = {"count": format_number(played, lang), "total": format_number(args.hands, lang)}
    if output is None:
        return translate("lab.interrupted-nothing-written", lang, **counts)
    return translate("lab.interrupted-written", lang, path=output.path, rows=format_number(output.rows, lang), **counts)


def _print_rates(args: argparse.Namespace, seats: tuple[str, ...], tally: Tally) -> None:
    lang = args.lang
    print(
        translate(
            "lab.heading",
            lang,
            players=args.players,
            rules=rules_text(args.rules, lang),
            hands=format_number(args.hands, lang),
            seed=args.seed,
        )
    )
    tables = [("seat", translate("lab.by-player", lang))]
    if len(set(seats)) < len(seats):
        tables.append(("kind", translate("lab.by-strategy", lang)))
    tables += [
        ("position", translate("lab.by-position", lang, players=args.players)),
        ("seat-position", translate("lab.by-player-and-position", lang)),
    ]
    for by, title in tables:
        print(format_rates(tally.win_rates(by, lang), title, lang))


def tournament_command(args: argparse.Namespace) -> int:
    """Check everything, the output path included, before the first hand; then play and report."""
    try:
        seats = PLAYER_KINDS.parse(args.seats, args.players)
        args.rules = game_of(args).rules  # with the hand size, if one was given
        if args.output:
            refuse_replacing(args.output, args.force)
    except LingerError as error:  # an unknown kind, a count that does not fit, a table too small,
        # an output that would replace a scenario
        _error(error_text(error, args.lang))
        return error.exit_code
    try:
        output = open_output(args.output) if args.output else None
    except NeedsPyarrow:
        _error(translate("lab.needs-pyarrow", args.lang, path=args.output))
        return EXIT_USAGE
    except OSError as error:
        _error(translate("lab.cannot-write", args.lang, path=args.output, reason=error.strerror or error))
        return EXIT_USAGE
    tally = Tally()
    try:
        with ExitStack() as stack:
            if output is not None:
                stack.enter_context(output)
            _play(args, seats, output, tally, stack)
    except _Failure as failure:
        _error(str(failure))
        return failure.exit_code
    except KeyboardInterrupt:
        _error(_kept(args, tally, output))
        return INTERRUPTED
    _print_rates(args, seats, tally)
    if output is not None:
        say(translate("lab.wrote", args.lang, path=output.path, rows=format_number(output.rows, args.lang)))
    return 0


def add_tournament_parser(commands) -> argparse.ArgumentParser:
    """Register ``lingerlonger tournament`` on the CLI's subcommands (its help: catalog messages
    ``cli.*.tournament``, said in the reader's language by ``cliparser.Parser``)."""
    parser = commands.add_parser(
        "tournament",
        help=HelpText("cli.summary.tournament"),
        description=HelpText("cli.about.tournament", kinds=", ".join(PLAYER_KINDS)),
        epilog=examples(
            "lingerlonger tournament --players 4 --seats expert,tips,random,random --hands 2000",
            "lingerlonger tournament --hands 100000 -o hands.csv",
        ),
    )
    add_game_arguments(parser)
    parser.add_argument(
        "--seats",
        default="tips,random,random,random",
        metavar="KINDS",
        help=HelpText("cli.help.tournament.seats", kinds=", ".join(PLAYER_KINDS)),
    )
    parser.add_argument(
        "--hands", type=positive_int, default=1000, metavar="K", help=HelpText("cli.help.tournament.hands")
    )
    parser.add_argument("--seed", type=int, default=0, help=HelpText("cli.help.tournament.seed"))
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers", type=positive_int, default=None, metavar="N", help=HelpText("cli.help.tournament.workers")
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help=HelpText(
            "cli.help.tournament.scheduler",
            example="tcp://10.0.0.5:8786",
            install='pip install "lingerlonger[cluster]"',
        ),
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE.csv",
        help=HelpText("cli.help.tournament.output", suffix=".parquet", install="pip install pyarrow"),
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=argparse.SUPPRESS,  # else the main parser's
        help=HelpText("cli.help.tournament.lang"),
    )
    add_force_option(parser)
    parser.add_argument("-q", "--quiet", action="store_true", help=HelpText("cli.help.tournament.quiet"))
    parser.set_defaults(run=tournament_command)
    return parser
