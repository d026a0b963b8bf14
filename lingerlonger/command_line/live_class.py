"""``lingerlonger class``: a live class served from the teacher's laptop (``class_server``).

The server's parts (Starlette, uvicorn, segno) are the ``class`` extra: they are imported only
when the command runs, and their absence is said as a usage error with the line that installs
them. What can be refused (a task file that fails its check, the store) is refused before the
server listens; then the addresses, the QR code and the teacher key are printed.
"""

from __future__ import annotations

import argparse

from lingerlonger.command_line.lines import say
from lingerlonger.command_line.options import refused
from lingerlonger.command_line.parser import HelpText, examples
from lingerlonger.game.errors import LingerError
from lingerlonger.words.i18n import LANGUAGES, translate

__all__ = ["add_class_parser", "class_command", "ClassUsageError"]

#: Where the store is kept unless ``--data`` says otherwise.
DEFAULT_DATA = "lingerlonger-class.db"


class ClassUsageError(LingerError):
    """``lingerlonger class`` cannot run as asked (its extra is not installed): exit status 2."""


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 < value < 65536:
        raise refused("cli.port", text=repr(text))
    return value


def class_command(args: argparse.Namespace) -> int:
    """Check the exercises, open the store, print how to join, then serve until Ctrl-C."""
    try:
        from lingerlonger.class_server import serving
    except ImportError as missing:
        raise ClassUsageError(
            "cli.class-needs-extra", module=missing.name or "", install='pip install "lingerlonger[class]"'
        ) from None
    port = args.port or serving.DEFAULT_PORT
    prepared = serving.prepare(args.data, args.host, port, args.tasks)
    lang = args.lang
    say(translate("cli.class-ready", lang, exercises=prepared.exercises, classes=prepared.classes, data=args.data))
    say(translate("cli.class-join", lang, url=f"{prepared.join_url}/join"))
    print(serving.terminal_qr(f"{prepared.join_url}/join"))
    say(translate("cli.class-teacher", lang, url=prepared.teacher_url))
    say(translate("cli.class-key", lang, key=prepared.key))
    say(translate("cli.class-stop", lang))
    serving.run(prepared, args.host, port)
    return 0


def add_class_parser(commands) -> argparse.ArgumentParser:
    """Register ``lingerlonger class`` (its help: catalog messages ``cli.*.class``)."""
    parser = commands.add_parser(
        "class",
        help=HelpText("cli.summary.class"),
        description=HelpText("cli.about.class", install='pip install "lingerlonger[class]"'),
        epilog=examples("lingerlonger class", "lingerlonger class --tasks my-tasks.yaml --port 8080 --data year5.db"),
    )
    parser.add_argument("--host", default="0.0.0.0", metavar="ADDRESS", help=HelpText("cli.help.class.host"))
    parser.add_argument(
        "--port", type=_port, default=None, metavar="N", help=HelpText("cli.help.class.port", port=8765)
    )
    parser.add_argument("--data", default=DEFAULT_DATA, metavar="FILE", help=HelpText("cli.help.class.data"))
    parser.add_argument(
        "--tasks", nargs="+", action="extend", default=[], metavar="FILE", help=HelpText("cli.help.class.tasks")
    )
    parser.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=HelpText("cli.help.class.lang"))
    parser.set_defaults(run=class_command)
    return parser
