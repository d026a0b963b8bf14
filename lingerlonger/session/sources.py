"""Where a player's scenarios come from: the library folder, its menu, a file or a replay."""

from __future__ import annotations

import os
from pathlib import Path

from lingerlonger.game.errors import Message
from lingerlonger.scenario import Location, Scenario, ScenarioError, load
from lingerlonger.scenario.library import lesson_folder, nearest
from lingerlonger.scenario.local_seats import named_in
from lingerlonger.scenario.replay import Replay, replay
from lingerlonger.words.people import local_name

__all__ = ["find_scenarios", "scenario_library", "replay_of"]


def find_scenarios(start: Path | None = None) -> Path:
    """The ``scenarios/`` folder: $LINGERLONGER_SCENARIOS, else upwards from ``start`` (the
    working directory: Voilà runs the app in ``_build/app/``), else the lessons that come
    with the package (an app installed from a wheel, started anywhere)."""
    chosen = os.environ.get("LINGERLONGER_SCENARIOS")
    if chosen and Path(chosen).is_dir():
        return Path(chosen)
    found = nearest((start or Path.cwd()).resolve(), "scenarios", accept=lambda folder: any(folder.glob("*.yaml")))
    return found or lesson_folder()


def scenario_library(folder: Path | None) -> tuple[list[tuple[str, Scenario]], list[ScenarioError]]:
    """Every scenario of the library as (label for a menu, scenario), in the files' order,
    and the errors of the files that do not load (one broken lesson never hides the others).
    """
    entries: list[tuple[str, Scenario]] = []
    problems: list[ScenarioError] = []
    for path in sorted(folder.glob("*.yaml")) if folder is not None else ():
        try:
            scenarios = load(path)
        except ScenarioError as error:
            problems.append(error)
            continue
        number = path.name.split("-", 1)[0]
        for scenario in scenarios:
            suffix = f" ({scenario.index + 1})" if len(scenarios) > 1 else ""
            entries.append((f"{number} · {scenario.title}{suffix}", scenario))
    return entries, problems


def lesson_language(source: Scenario | Replay | str | Path) -> str | None:
    """The language a lesson says it is written in (``lang:``), when it is at hand without reading a file."""
    scenario = source.scenario if isinstance(source, Replay) else source
    return scenario.lang if isinstance(scenario, Scenario) else None


def seat_named(run: Replay, seat: int | str, lang: str) -> int | str:
    """A seat asked for by the name its file gives it, in a replay whose seats are renamed for ``lang``."""
    if isinstance(seat, str) and seat not in run.final.players:
        return local_name(seat, lang, run.scenario.names)
    return seat


def replay_of(source: Scenario | Replay | str | Path, index: int = 0, lang: str | None = None) -> Replay:
    """The replay of a scenario, or of the ``index``-th scenario of a file (``ScenarioError``);
    with ``lang``, its seats named as a reader of that language names them (``local_seats``)."""
    if isinstance(source, Replay):
        named = source.scenario if lang is None else named_in(source.scenario, lang)
        return source if named is source.scenario else replay(named)
    if isinstance(source, Scenario):
        return replay(source if lang is None else named_in(source, lang))
    scenarios = load(source)
    if not 0 <= index < len(scenarios):
        raise ScenarioError(
            Location(str(source), 1, 1), Message("app.no-scenario-index", count=len(scenarios), index=index)
        )
    return replay(scenarios[index] if lang is None else named_in(scenarios[index], lang))
