"""The Learn page: the time to the first verdict, and the page's weight.

Serves the built site (_build/html, `make book` first) on 127.0.0.1 and opens the Learn page
on a phone's screen (360×740) in a new chromium each run, its service worker blocked so that
every run is a first visit. As soon as the page has loaded, the first answer of the first
exercise is tapped (a real tap, Playwright's mouse), and the time from the tap's event to the
exercise's ``data-ll-verdict`` is measured in the page (``performance.now``): the verdicts are
shipped in the page, so no interpreter is waited for. Target: 300 ms (issue 25), every run.
Each run also prints the time to the page's ``load`` event and how many elements the page holds
(the exercises not on screen wait in inert templates: 12,000 elements to style, drawn at once).

Then the weight: each file the page fetches until the network is idle, at its gzip size
(bench/site.py's measure, level 6), against the site's budget of 350 KB a page; the heaviest
files are listed.

First of all, without a browser: the chance that a blind guess is right, per unit of the
course (the mean over its exercises of right answers over the answers the learner may give:
the legal cards, the suits, the seats, the choices), against the target of 0.25 for the units
of the "Play well" path (issue 41), and the CPU seconds ``check`` takes to prove each unit.

Usage: ``python bench/learn.py [--site _build/html] [--lang ru] [--runs 5] [--top 6] [--guess-only]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from importlib.util import module_from_spec, spec_from_file_location
from pathlib import Path

from local_server import serve

REPO = Path(__file__).resolve().parents[1]
#: bench/site.py (a file name the standard library's ``site`` shadows as a module name).
_spec = spec_from_file_location("site_bench", Path(__file__).with_name("site.py"))
assert _spec is not None and _spec.loader is not None
site_bench = module_from_spec(_spec)
_spec.loader.exec_module(site_bench)
BUDGET, CHROMIUM = site_bench.BUDGET, site_bench.CHROMIUM
file_of, transferred = site_bench.file_of, site_bench.transferred

FIRST_VERDICT_MS = 300
#: The most a blind guess may be right, on average, in a unit of the "Play well" path (issue 41).
BLIND_GUESS = 0.25
#: The rules course's last unit: the units after it are the "Play well" path.
RULES_COURSE_ENDS = "tips"
PHONE = {"width": 360, "height": 740}
#: Set in the page before it loads: the time of the first tap, and of the first verdict after it.
WATCH = """
window.llBench = {};
document.addEventListener('pointerdown', event => {
  if (window.llBench.tap === undefined) window.llBench.tap = event.timeStamp;
}, true);
new MutationObserver(changes => {
  if (window.llBench.tap !== undefined && window.llBench.verdict === undefined
      && changes.some(change => change.target.dataset && change.target.dataset.llVerdict)) {
    window.llBench.verdict = performance.now();
  }
}).observe(document, {attributes: true, attributeFilter: ['data-ll-verdict'], subtree: true});
"""
FIRST_ANSWER = "[data-ll-task]:visible .ll-answers button"


def learn_page(lang: str) -> str:
    return "book/learn.html" if lang == "en" else f"{lang}/book/learn.html"


def first_verdicts(site: Path, name: str, runs: int) -> tuple[list[float], list[float], int]:
    """Milliseconds from the first tap to its verdict, one per run (a new browser each); the
    milliseconds to the ``load`` event of each; the elements in the page."""
    from playwright.sync_api import sync_playwright

    times, loads, elements = [], [], 0
    with serve(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for _ in range(runs):
            context = browser.new_context(service_workers="block", viewport=PHONE, has_touch=True)
            page = context.new_page()
            page.add_init_script(WATCH)
            page.goto(base + name, wait_until="load")
            loads.append(page.evaluate("() => performance.getEntriesByType('navigation')[0].loadEventEnd"))
            elements = page.evaluate("() => document.getElementsByTagName('*').length")
            page.locator(FIRST_ANSWER).first.click()
            page.wait_for_function("() => window.llBench.verdict !== undefined", timeout=10_000)
            times.append(page.evaluate("() => window.llBench.verdict - window.llBench.tap"))
            context.close()
        browser.close()
    return times, loads, elements


def blind_guesses() -> tuple[list[tuple[str, bool, int, float, float]], float]:
    """Per unit of the course: its id, whether it is on the "Play well" path, its exercises,
    the mean chance that a blind guess is right, and the CPU seconds its file took to read,
    replay and prove (as ``check`` does); and the seconds for the whole course."""
    import time

    sys.path.insert(0, str(REPO))
    from lingerlonger.computer.task_judge import CARD_GOALS, CHANCE_GOALS
    from lingerlonger.game.engine import Play, legal_actions
    from lingerlonger.scenario import load
    from lingerlonger.scenario.course import read_course
    from lingerlonger.scenario.library import lesson_folder
    from lingerlonger.scenario.replay import replay

    rows, path, started = [], False, time.process_time()
    course = read_course()
    whole = time.process_time() - started
    for unit in course.units:
        started = time.process_time()
        for scenario in load(lesson_folder() / "course" / unit.file):
            assert not replay(scenario).failures, unit.file
        proved = time.process_time() - started
        chances = []
        for exercise in unit.exercises:
            frame = next(frame for frame in replay(exercise).frames if frame.task is not None)
            right = sum(verdict.right for verdict in frame.verdicts)
            if frame.task.goal in CARD_GOALS or (frame.task.goal in CHANCE_GOALS and frame.state.namer is None):
                answers = sum(isinstance(action, Play) for action in legal_actions(frame.state))
            else:
                answers = len(frame.verdicts)
            chances.append(right / answers)
        rows.append((unit.id, path, len(chances), statistics.mean(chances), proved))
        path = path or unit.id == RULES_COURSE_ENDS
    return rows, whole


def print_blind_guesses() -> None:
    print("blind guess right, per unit (mean of right answers / answers a learner may give):")
    rows, whole = blind_guesses()
    for unit, path, count, chance, seconds in rows:
        verdict = ("within" if chance <= BLIND_GUESS else "OVER") + f" {BLIND_GUESS}" if path else "rules course"
        print(f"  {unit:14} {count:3} exercises  {chance:.3f}  ({verdict}); proved in {seconds:.2f} CPU s")
    print(f"the whole course: read in {whole:.2f} CPU s, proved in {sum(row[4] for row in rows):.2f} CPU s")


def weight(site: Path, name: str) -> dict[Path, int]:
    """What the page fetches by itself, each file at its gzip size."""
    from playwright.sync_api import sync_playwright

    fetched: set[Path | None] = set()
    with serve(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = browser.new_context(service_workers="block", viewport=PHONE)
        page = context.new_page()
        page.on("requestfinished", lambda request: fetched.add(file_of(site, base, request.url)))
        page.goto(base + name, wait_until="load")
        page.wait_for_load_state("networkidle")
        browser.close()
    return {path: transferred(path) for path in fetched if path}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=REPO / "_build" / "html")
    parser.add_argument("--lang", default="ru", help="the Learn page of this language (en, pt, es, ru)")
    parser.add_argument("--runs", type=int, default=5, help="first visits timed, a new browser each")
    parser.add_argument("--top", type=int, default=6, help="how many of the heaviest files to list")
    parser.add_argument("--guess-only", action="store_true", help="only the blind-guess chances (no build, no browser)")
    args = parser.parse_args()
    print_blind_guesses()
    if args.guess_only:
        return
    print()
    site, name = args.site.resolve(), learn_page(args.lang)
    if not (site / name).is_file():
        sys.exit(f"{site / name} is not built: run `make book` first")

    times, loads, elements = first_verdicts(site, name, args.runs)
    print(
        f"{name}: {elements} elements; loaded in {statistics.median(loads):.0f} ms (median; each: "
        + ", ".join(f"{took:.0f}" for took in loads)
        + ")"
    )
    print(f"{name}: first tap after load -> verdict, {len(times)} first visits on a 360x740 screen")
    print("  ms: " + ", ".join(f"{took:.0f}" for took in times))
    print(
        f"  median {statistics.median(times):.0f} ms, worst {max(times):.0f} ms: "
        + ("within" if max(times) <= FIRST_VERDICT_MS else "OVER")
        + f" the target of {FIRST_VERDICT_MS} ms"
    )

    files = weight(site, name)
    total = sum(files.values())
    print(f"\n{name}: {len(files)} files, {total / 1000:.1f} KB gzip")
    for path, size in sorted(files.items(), key=lambda item: -item[1])[: args.top]:
        print(f"  {size / 1000:8.1f} KB  {path.relative_to(site).as_posix()}")
    print(
        f"Learn page weight: {total / 1000:.1f} KB gzip, "
        + ("within" if total <= BUDGET else "OVER")
        + f" the budget of {BUDGET / 1000:.0f} KB"
    )


if __name__ == "__main__":
    main()
