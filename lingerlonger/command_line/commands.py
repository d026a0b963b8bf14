"""The ``lingerlonger`` command line: demo, check, replay, sheet, simulate, new, schema and
tournament. Errors go to stderr, in the reader's language; the exit status is 0 when all is
well, 1 when a scenario fails its check, 2 for a usage or input error (a bad option, a missing
file, an unknown seat: a ``LingerError``'s ``exit_code``), 3 for an internal error (a bug)."""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from tqdm import tqdm

from lingerlonger import __version__
from lingerlonger.command_line.lines import complain, say
from lingerlonger.command_line.live_class import add_class_parser
from lingerlonger.command_line.options import (
    add_force_option,
    add_game_arguments,
    game_of,
    positive_int,
    refuse_replacing,
    refused,
)
from lingerlonger.command_line.parser import HelpText, Parser, examples
from lingerlonger.command_line.tournament import add_tournament_parser
from lingerlonger.computer.players import PLAYER_KINDS, RandomPlayer
from lingerlonger.computer.task_judge import SearchBudget
from lingerlonger.game.cards import format_cards, sort_hand
from lingerlonger.game.engine import new_hand
from lingerlonger.game.errors import EXIT_FAILED, EXIT_INTERNAL, EXIT_USAGE, LingerError, Message
from lingerlonger.game.events import Led
from lingerlonger.game.play_loop import finish
from lingerlonger.game.visible_text import visible
from lingerlonger.lab.runner import PROGRESS_FORMAT
from lingerlonger.scenario import Location, ScenarioError, StepKind, iter_documents
from lingerlonger.scenario.course import INDEX as COURSE_INDEX
from lingerlonger.scenario.file_reading import NotAFile, cannot_read, open_source
from lingerlonger.scenario.library import LESSON_LANGUAGES, lesson_folder
from lingerlonger.scenario.local_seats import named_in
from lingerlonger.scenario.recording import simulate
from lingerlonger.scenario.replay import check as check_scenario
from lingerlonger.scenario.replay import replay as replay_scenario
from lingerlonger.scenario.safe_write import SCENARIO_SUFFIXES, replacing
from lingerlonger.scenario.starters import deal_starter, position_starter, starter_header, task_starter
from lingerlonger.scenario.writer import SCHEMA_NAME, schema_file, schema_target, write, write_schema
from lingerlonger.views.markdown import markdown_lines
from lingerlonger.views.print_sheet import scenario_sheet_html
from lingerlonger.views.terminal import (
    Shown,
    board_lines,
    bold_style,
    ending_text,
    narration_lines,
    painter,
    quiz_lines,
)
from lingerlonger.words.i18n import LANGUAGES, error_text, speaker, terminal_language, translate
from lingerlonger.words.narration import narrate, rules_text, suit_name
from lingerlonger.words.outside_errors import os_reason
from lingerlonger.words.people import local_name


class UsageError(LingerError):
    """The command cannot run as asked (a missing file, an unknown seat...): exit status 2.
    Its words are catalog message ``error.CODE``, said in the reader's language by ``main``,
    as those of every other ``LingerError`` that escapes a command (bad rules, bad seats)."""


def demo(args: argparse.Namespace) -> int:
    """A narrated random hand in the terminal, with the seed that deals it again."""
    game = game_of(args)  # a SetupError is the reader's: main says it, exit status 2
    names = game.seats
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    lang = _language(args)
    state, events = new_hand(game.rules, names, dealer=game.players - 1, seed=seed)
    size = "" if args.hand_size is None else f" --hand-size {args.hand_size}"
    # the command deals the same hand again in the same words: --lang only when it was asked for
    asked = f" --lang {lang}" if getattr(args, "asked_lang", None) else ""
    again = f"lingerlonger demo --rules {game.rules.spec} --players {game.players}{size} --seed {seed}{asked}"
    print(translate("cli.demo-title", lang, rules=rules_text(game.rules, lang), count=game.players, seed=seed))
    print(translate("cli.demo-again", lang, command=again) + "\n")
    for event in events:
        print(narrate(event, names, lang))
    for name, hand in zip(names, state.hands, strict=True):
        print(f"  {name}: {format_cards(sort_hand(hand, state.trump))}")
    seats = [RandomPlayer(seed * 10 + seat) for seat in range(game.players)]
    _, events = finish(state, seats)
    for event in events:
        if isinstance(event, Led):
            print()
        print(narrate(event, names, lang))
    return 0


# --- scenarios: check, replay, simulate, new ----------------------------------------


def _scenario_files(paths: Sequence[str]) -> Iterator[tuple[str, Message | None]]:
    """Each file to check, or a path with the reason it gives none."""
    for name in paths:
        path = Path(name)
        if path.is_dir():
            # A course index (course/course.yaml) lists unit files and is no scenario; its units
            # are found here like any file, and read_course checks the index itself.
            # Not only regular files: a pipe or a device named like a scenario is refused when
            # opened (NotAFile), rather than passed over in silence; a dangling link is left out.
            found = sorted(
                p
                for p in path.rglob("*")
                if p.suffix in SCENARIO_SUFFIXES and p.exists() and not p.is_dir() and p.name != COURSE_INDEX
            )
            if not found:
                yield name, Message("cli.empty-folder", name=name)
            for file in found:
                yield str(file), None
        elif path.exists():
            yield name, None
        else:
            yield name, Message("cli.no-such-path", name=name)


def check_command(args: argparse.Namespace) -> int:
    """Load and replay every scenario; one located line per failure on stderr, then a summary.

    Exit status 1 when a scenario fails, 2 when a path is missing or unreadable."""
    files = scenarios = failed = failures = 0
    status = 0
    lang = _language(args)
    if not args.paths:  # the lesson library, with the languages it promises
        args.paths, args.languages = [str(lesson_folder())], args.languages or LESSON_LANGUAGES
    task_ids: dict[str, Location] = {}  # a task's id is unique across every file checked
    for name, problem in _scenario_files(args.paths):
        if problem:  # a path that gives no file is a scenario with errors, counted in the summary
            complain(error_text(problem, lang))
            failures, failed, scenarios = failures + 1, failed + 1, scenarios + 1
            files += problem.code == "cli.no-such-path"
            status = EXIT_USAGE
            continue
        files += 1
        found = 0
        budget = SearchBudget()  # one search budget for every task of the file
        try:
            with open_source(name) as source:
                for item in iter_documents(source, name, task_ids=task_ids):
                    found += 1
                    errors = (
                        [item]
                        if isinstance(item, ScenarioError)
                        else (check_scenario(item, budget) + _untranslated(item, args.languages))
                    )
                    for error in errors:
                        complain(error.text(lang))
                    failures += len(errors)
                    failed += bool(errors)
        except (OSError, NotAFile) as error:
            refusal = error if isinstance(error, NotAFile) else cannot_read(name, error)
            complain(refusal.text(lang))
            # what could not be read counts as one more scenario with errors
            failures, failed, scenarios = failures + 1, failed + 1, scenarios + found + 1
            status = EXIT_USAGE
            continue
        if not found:  # an empty file is a scenario with errors too
            complain(ScenarioError(Location(name, 1, 1), Message("scenario.empty")).text(lang))
            failures, failed, found = failures + 1, failed + 1, 1
        scenarios += found
    counted = translate("count.scenarios", lang, count=scenarios)
    in_files = translate("count.files", lang, count=files)
    if failures:
        complain(
            translate(
                "cli.check-failed",
                lang,
                failures=translate("count.failures", lang, count=failures),
                failed=failed,
                scenarios=counted,
                files=in_files,
            )
        )
        return status or EXIT_FAILED
    say(translate("cli.check-passed", lang, scenarios=counted, files=in_files))
    return 0


def _language_list(text: str) -> tuple[str, ...]:
    """``en,pt``: languages of the book, for --languages."""
    wanted = tuple(part.strip() for part in text.split(",") if part.strip())
    unknown = [lang for lang in wanted if lang not in LANGUAGES]
    if unknown or not wanted:  # said in the reader's language by cliparser.Parser
        raise refused("cli.languages", expected=", ".join(LANGUAGES), text=repr(text))
    return wanted


def _untranslated(scenario, wanted: tuple[str, ...]) -> list[ScenarioError]:
    """A text of ``scenario`` that lacks one of the ``wanted`` languages, at the text."""
    return [
        ScenarioError(
            text.where or scenario.where,
            Message(
                "check.untranslated",
                text=_quote_start(text),
                lacking=", ".join(lacking),
                example=", ".join(f"{lang}: …" for lang in wanted),
            ),
        )
        for text, lacking in scenario.missing_languages(wanted)
    ]


def _quote_start(text: str, width: int = 40) -> str:
    one_line = " ".join(str(text).split())
    return repr(one_line if len(one_line) <= width else one_line[: width - 1] + "…")


def _language(args: argparse.Namespace, scenario=None) -> str:
    """The reader's language. Asked for: ``--lang`` (before or after the command), else
    ``LINGERLONGER_LANG``. Else, for a lesson, its own language (``lang:``; English when it
    has none), unless it is written whole in the terminal's (a text in every language):
    ``LANG`` says how the machine is set up, not which language a lesson is read in, and a
    Russian lesson narrated in English would mix two languages on one screen. Else the
    terminal's (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English."""
    asked = getattr(args, "asked_lang", None) or terminal_language(
        {"LINGERLONGER_LANG": os.environ.get("LINGERLONGER_LANG", "")}
    )
    if asked:
        return asked
    terminal = terminal_language({name: value for name, value in os.environ.items() if name != "LINGERLONGER_LANG"})
    if scenario is not None and (terminal is None or next(scenario.missing_languages((terminal,)), None)):
        return scenario.lang or "en"
    return terminal or "en"


def _pick_scenario(path: str, wanted: int):
    """Scenario number ``wanted`` (from 1) of a file; a usage error when there is none."""
    with open_source(path) as source:
        for number, item in enumerate(iter_documents(source, path), start=1):
            if number == wanted:
                if isinstance(item, ScenarioError):
                    raise item
                return item
    raise UsageError("cli.no-scenario-number", where=Location(path, 1, 1), number=wanted)


def replay_command(args: argparse.Namespace) -> int:
    """A scenario step by step in the terminal: the board, the narration, the author's words."""
    scenario = _pick_scenario(args.file, args.index)
    if args.seat is not None and args.seat not in scenario.players:
        raise UsageError("cli.no-such-seat", seat=args.seat, seats=", ".join(scenario.players))
    paint = painter(sys.stdout)
    lang = _language(args, scenario)
    seat = None if args.seat is None else local_name(args.seat, lang, scenario.names)
    scenario = named_in(scenario.in_language(lang), lang)
    run = replay_scenario(scenario)
    say = speaker(lang)
    title = visible(scenario.title)
    out = [
        title,
        "=" * len(title),
        f"{rules_text(scenario.rules, lang)} | "
        + say("cli.seats", names=", ".join(scenario.players), dealer=scenario.dealer),
    ]
    strong = bold_style(sys.stdout)
    if scenario.summary:
        out += ["", *map(Shown, markdown_lines(scenario.summary, bold=strong))]
    for frame in run.frames:
        step = frame.step
        if step is None:
            heading = say("cli.start-deal" if scenario.is_deal else "cli.start-position")
        elif step.kind == StepKind.PLAY:
            heading = say("cli.step-play", index=frame.index, name=step.seat, card=step.card)
        elif step.kind == StepKind.CHOOSE_TRUMP:
            assert step.suit is not None  # a trump choice carries its suit
            heading = say(
                "cli.step-trump", index=frame.index, name=step.seat, suit=f"{step.suit} ({suit_name(step.suit, lang)})"
            )
        else:
            heading = say("cli.step", index=frame.index)
        out += ["", f"-- {heading} --"]
        out += [f"  {line}" for line in narration_lines(frame, seat, lang)]
        if frame.say:
            out += [Shown(f"  > {line}".rstrip()) for line in markdown_lines(frame.say, bold=strong)]
        trick = frame.last_trick
        out += board_lines(frame.state, trick.plays if trick else frame.state.current_plays, seat, lang)
        for ask in frame.asks:
            out += quiz_lines(ask, lang)
    if run.final.is_over:
        out += ["", ending_text(run.frames, lang)]
    print("\n".join(paint(line if isinstance(line, Shown) else visible(line)) for line in out))
    for failure in run.failures:
        complain(failure.text(lang))
    return EXIT_FAILED if run.failures else 0


def sheet_command(args: argparse.Namespace) -> int:
    """A printable A4 page of one scenario: its setup drawn as cards, its numbered steps.
    Written to ``-o FILE``, which is then named with how to print it; without ``-o``, to a pipe
    or a redirection (nothing but the page), or, rather than as HTML into a terminal, to
    ``LESSON-sheet.html`` in the working directory."""
    scenario = _pick_scenario(args.file, args.index)
    failures = check_scenario(scenario)
    lang = _language(args, scenario)
    if failures:  # a handout must not teach a hand the engine refuses
        for failure in failures:
            complain(failure.text(lang))
        complain(translate("cli.sheet-refused", lang, count=len(failures)))
        return EXIT_FAILED
    page = scenario_sheet_html(scenario, lang=lang, four_colour=args.four_colour)
    target = args.output
    if target is None and not sys.stdout.isatty():  # a pipe or a redirection: it wants the page
        target = "-"
    if target == "-":
        sys.stdout.write(page)
        return 0
    if target is None:  # a terminal would show the page's HTML: a file beside the reader instead
        target = f"{Path(args.file).stem}{'' if args.index == 1 else f'-{args.index}'}-sheet.html"
    refuse_replacing(target, args.force, [args.file])
    with replacing(target) as out:
        out.write(page)
    say(translate("cli.sheet-written", lang, path=target, url=Path(target).resolve().as_uri()))
    return 0


#: simulate shows a progress bar (on a terminal) from this many games on.
PROGRESS_FROM = 100


def simulate_command(args: argparse.Namespace) -> int:
    """Record hands as one YAML stream of scenarios (deal form, every play, expects, results)."""
    kinds = PLAYER_KINDS.parse(args.seats, args.players)
    game = game_of(args)
    refuse_replacing(args.output, args.force)
    hands = simulate(game.rules, game.players, args.seed, args.games, kinds)
    progress = tqdm(
        hands,
        total=args.games,
        desc="simulate",
        bar_format=PROGRESS_FORMAT,
        file=sys.stderr,
        disable=True if args.games < PROGRESS_FROM else None,
    )
    write(sys.stdout if args.output == "-" else args.output, progress)
    if args.output != "-":  # nothing but the stream goes to stdout
        say(translate("cli.simulate-written", args.lang, count=args.games, path=args.output))
    return 0


def new_command(args: argparse.Namespace) -> int:
    """A valid starter scenario for an author to edit: a seeded deal, or a small position."""
    game = game_of(args)
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    lang = _language(args)
    starter = task_starter if args.task else position_starter if args.position else deal_starter
    hand = starter(game.rules, game.players, seed, lang)
    target = args.output
    if target != "-" and not args.force:
        refuse_replacing(target, args.force)  # a scenario is named as one
        if Path(target).exists():
            raise UsageError("cli.exists", target=target)
    file = target if target != "-" else translate("starter.file", lang)
    header = starter_header(file, args.position or args.task, lang, task=args.task)
    write(sys.stdout if target == "-" else target, [hand], header=header, lang=lang)
    if target != "-":
        say(translate("cli.new-written", lang, path=target))
    return 0


def schema_command(args: argparse.Namespace) -> int:
    """The JSON Schema of the format: printed, or written where an editor finds it."""
    if args.output == "-":
        sys.stdout.write(schema_file().read_text(encoding="utf-8"))
    else:
        refuse_replacing(schema_target(args.output), args.force)
        path = write_schema(args.output)
        say(translate("cli.schema-written", args.lang, path=path, line=f"# yaml-language-server: $schema={path.name}"))
    return 0


def _command(commands, name: str, /, *lines: str, **values: object):
    """A subcommand whose --help says what it does (catalog messages ``cli.summary.NAME`` and
    ``cli.about.NAME``, filled with ``values``), in plain text, with example command lines to copy."""
    return commands.add_parser(
        name,
        help=HelpText(f"cli.summary.{name}"),
        description=HelpText(f"cli.about.{name}", **values),
        epilog=examples(*lines),
    )


def _lang_option(parser, key: str) -> None:
    """--lang after a command, whose help (catalog message ``key``) says what it is the
    language of. Left unset when not given, so that a --lang before the command holds."""
    parser.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=HelpText(key))


def add_scenario_parsers(commands) -> None:
    """Register check, replay, sheet, simulate, new and schema."""
    parser = _command(
        commands, "check", "lingerlonger check my-lesson.yaml", "lingerlonger check scenarios/", "lingerlonger check"
    )
    parser.add_argument("paths", nargs="*", default=None, metavar="PATH", help=HelpText("cli.help.check.paths"))
    parser.add_argument(
        "--languages",
        type=_language_list,
        default=(),
        metavar="LIST",
        help=HelpText("cli.help.check.languages", example=",".join(LANGUAGES)),
    )
    _lang_option(parser, "cli.help.check.lang")
    parser.set_defaults(run=check_command)

    parser = _command(
        commands,
        "replay",
        "lingerlonger replay scenarios/06-last-card-saves.yaml",
        "lingerlonger replay my-lesson.yaml --lang pt --seat B",
    )
    parser.add_argument("file", metavar="FILE", help=HelpText("cli.help.scenario-file"))
    parser.add_argument("--seat", metavar="NAME", help=HelpText("cli.help.replay.seat"))
    parser.add_argument("--index", type=positive_int, default=1, metavar="N", help=HelpText("cli.help.index"))
    _lang_option(parser, "cli.help.replay.lang")
    parser.set_defaults(run=replay_command)

    parser = _command(
        commands,
        "sheet",
        "lingerlonger sheet scenarios/06-last-card-saves.yaml -o lesson.html",
        "lingerlonger sheet my-lesson.yaml --lang es --four-colour -o lesson.html",
    )
    parser.add_argument("file", metavar="FILE", help=HelpText("cli.help.scenario-file"))
    parser.add_argument("--index", type=positive_int, default=1, metavar="N", help=HelpText("cli.help.index"))
    _lang_option(parser, "cli.help.sheet.lang")
    parser.add_argument("--four-colour", action="store_true", help=HelpText("cli.help.sheet.four-colour"))
    parser.add_argument("-o", "--output", default=None, metavar="FILE", help=HelpText("cli.help.sheet.output"))
    add_force_option(parser, "cli.help.sheet.force")
    parser.set_defaults(run=sheet_command)

    parser = _command(
        commands,
        "simulate",
        "lingerlonger simulate --games 100 --seed 1 -o hands.yaml",
        "lingerlonger simulate --rules equal-hands+no-trump --players 5 --seats tips,random",
    )
    add_game_arguments(parser)
    parser.add_argument("--seed", type=int, default=0, help=HelpText("cli.help.simulate.seed"))
    parser.add_argument("--games", type=positive_int, default=1, metavar="K", help=HelpText("cli.help.simulate.games"))
    parser.add_argument(
        "--seats",
        default="random",
        metavar="KINDS",
        help=HelpText("cli.help.simulate.seats", kinds=", ".join(PLAYER_KINDS)),
    )
    parser.add_argument("-o", "--output", default="-", metavar="FILE", help=HelpText("cli.help.simulate.output"))
    add_force_option(parser)
    _lang_option(parser, "cli.help.simulate.lang")
    parser.set_defaults(run=simulate_command)

    parser = _command(
        commands,
        "new",
        "lingerlonger new --position -o my-lesson.yaml",
        "lingerlonger new --task -o my-task.yaml",
        "lingerlonger new --rules equal-hands --players 3 --seed 7 -o my-deal.yaml",
    )
    parser.add_argument("--position", action="store_true", help=HelpText("cli.help.new.position"))
    parser.add_argument("--task", action="store_true", help=HelpText("cli.help.new.task"))
    add_game_arguments(parser, hand_size=False)  # a starter position deals no cards
    parser.add_argument("--seed", type=int, default=None, help=HelpText("cli.help.new.seed"))
    parser.add_argument("-o", "--output", default="-", metavar="FILE", help=HelpText("cli.help.new.output"))
    add_force_option(parser, "cli.help.new.force")
    _lang_option(parser, "cli.help.new.lang")
    parser.set_defaults(run=new_command)

    parser = _command(
        commands,
        "schema",
        "lingerlonger schema -o .",
        "lingerlonger schema -o lessons/",
        name=SCHEMA_NAME,
        line=f"  # yaml-language-server: $schema={SCHEMA_NAME}",
    )
    parser.add_argument(
        "-o", "--output", default="-", metavar="PATH", help=HelpText("cli.help.schema.output", name=SCHEMA_NAME)
    )
    add_force_option(parser)
    _lang_option(parser, "cli.help.schema.lang")
    parser.set_defaults(run=schema_command)


def build_parser() -> argparse.ArgumentParser:
    """The ``lingerlonger`` command line; its help is said in the reader's language (``Parser``)."""
    parser = Parser(
        prog="lingerlonger",
        description=HelpText("cli.about"),
        epilog=HelpText(
            "cli.epilog",
            examples=examples(
                "lingerlonger demo --players 5",
                "lingerlonger new --position -o my-lesson.yaml",
                "lingerlonger check my-lesson.yaml",
                "lingerlonger replay scenarios/06-last-card-saves.yaml --lang pt",
            ),
        ),
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    demo_parser = _command(
        commands, "demo", "lingerlonger demo", "lingerlonger demo --rules equal-hands --players 3 --seed 42 --lang ru"
    )
    add_game_arguments(demo_parser)
    demo_parser.add_argument("--seed", type=int, default=None, help=HelpText("cli.help.demo.seed"))
    _lang_option(demo_parser, "cli.help.demo.lang")
    demo_parser.set_defaults(run=demo)

    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help=HelpText("cli.help.lang"))
    add_scenario_parsers(commands)
    add_tournament_parser(commands)
    add_class_parser(commands)
    return parser


def _close_stdout() -> None:
    """Flushes what stdout still can take, then points it at the null device, so that the
    flush at exit cannot fail a second time (a closed pipe, a full disk)."""
    try:
        sys.stdout.flush()
    except OSError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    # --lang after the command, else before it; every command speaks args.lang, and replay
    # and sheet weigh a lesson's own language against the terminal's when none was asked for.
    args.asked_lang = args.lang
    args.lang = _language(args)
    try:
        return args.run(args)
    except BrokenPipeError:  # `lingerlonger demo | head` is fine
        _close_stdout()
        return 0
    except ScenarioError as error:  # located: FILE:LINE:COLUMN says where
        complain(error.text(_language(args)))
        return error.exit_code
    except LingerError as error:  # what the reader asked for or gave, refused
        complain(f"lingerlonger {args.command}: {error_text(error, _language(args))}")
        return error.exit_code
    except OSError as error:  # stdout itself may be what failed (`> /dev/full`): not there
        _close_stdout()
        where = f"{error.filename}: " if error.filename else ""
        complain(f"lingerlonger {args.command}: {where}{error_text(os_reason(error), _language(args))}")
        return EXIT_USAGE if error.filename else EXIT_FAILED  # a path given wrongly, or the output
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # a bug: said as one, in the reader's language, with no traceback
        said = translate("cli.internal-error", _language(args), error=f"{type(error).__name__}: {visible(str(error))}")
        complain(f"lingerlonger {args.command}: {said}")
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
