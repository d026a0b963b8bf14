"""The replay player's speed in chromium: Voilà start-up and "next" → table updated.

Side by side in one run:

1. **Start-up.** Two Voilà servers started as `make app` starts the app (same
   template and config dirs): a one-cell hello-world notebook and the app.
   For each, the time from navigation to a usable page (the hello button,
   the player's "Next" button visible); page loads alternate between the two,
   medians are compared. Target: app ≤ 1.5 × hello world.
2. **Stepping.** In the app and in a static page written by ``replay_html``
   (served on loopback), "next" is clicked in the page and a MutationObserver
   timestamps the table's change; "laid out" adds the browser's style and
   layout of the new table. Targets (p95): ≤ 100 ms in Voilà, ≤ 16 ms static.

Usage: ``python bench/player.py [--loads N] [--clicks N]`` (needs Debian's
chromium, playwright and voila: ``pip install -r requirements.txt``).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import jupytext
import nbformat
from local_server import serve
from playwright.sync_api import sync_playwright

from lingerlonger.scenario import load
from lingerlonger.scenario.replay import replay
from lingerlonger.views.page_replay import replay_html

REPO = Path(__file__).resolve().parents[1]
VOILA_DIR = REPO / "book" / "app" / "jupyter"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: The longest lesson: many "next" clicks in a row.
LONG_SCENARIO = REPO / "scenarios" / "18-whole-hand.yaml"
HELLO = 'import ipywidgets as widgets\nwidgets.Button(description="Hello")'

# Clicks "next" in the page and resolves with [ms to the table's mutation, ms until it is
# laid out] (reading offsetHeight forces style and layout at once; the wait for the next
# animation frame is left out: it only measures where the click fell in the frame).
CLICK_AND_TIME = """
([button, stage]) => new Promise(resolve => {
  let start;
  const observer = new MutationObserver(() => {
    const changed = performance.now() - start;
    observer.disconnect();
    void stage.offsetHeight;
    resolve([changed, performance.now() - start]);
  });
  observer.observe(stage, {childList: true, subtree: true, characterData: true});
  start = performance.now();
  button.click();
})"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def voila(notebook: Path):
    """A Voilà server for ``notebook`` started as `make app` starts the app; yields its URL."""
    port = free_port()
    # the book's table script, where `make app` puts it (Makefile's APP_VOICE)
    data = notebook.parent / "jupyter"
    voice = data / "voila" / "templates" / "linger" / "static" / "table-voice.js"
    voice.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(REPO / "lingerlonger" / "views" / "static" / "shared" / "table-voice.js", voice)
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(VOILA_DIR), str(data), env.get("JUPYTER_PATH")]))
    env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(filter(None, [str(VOILA_DIR), env.get("JUPYTER_CONFIG_PATH")]))
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"],
        cwd=notebook.parent,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/"
    probe = url + "voila/templates/linger/static/icons.css"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(probe, timeout=2).close()
                break
            except OSError as error:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise SystemExit(f"voila did not start for {notebook}") from error
                time.sleep(0.2)
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


@contextlib.contextmanager
def static_page(folder: Path):
    """The long lesson's static player, served on 127.0.0.1; yields its URL."""
    page = replay_html(replay(load(LONG_SCENARIO)[0]))
    (folder / "static.html").write_text(f'<!doctype html><meta charset="utf-8"><body>{page}', encoding="utf-8")
    with serve(folder) as base:
        yield base + "static.html"


def time_to_usable(browser, url: str, selector: str) -> float:
    context = browser.new_context()
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.locator(selector).first.wait_for(state="visible", timeout=120_000)
    elapsed = time.perf_counter() - start
    context.close()
    return elapsed


def click_times(page, next_selector: str, first_selector: str, clicks: int, pick=None) -> list[tuple[float, float]]:
    """Click "next" ``clicks`` times (back to the first step at the end), timing each."""
    stage = page.locator(".ll-stage").first
    times = []
    while len(times) < clicks:
        button = page.locator(next_selector).first
        if button.is_disabled():
            page.locator(first_selector).first.click()
            page.wait_for_timeout(300)
            continue
        times.append(tuple(page.evaluate(CLICK_AND_TIME, [button.element_handle(), stage.element_handle()])))
        page.wait_for_timeout(30)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def report(name: str, times: list[tuple[float, float]], target_ms: float) -> None:
    changed = [t[0] for t in times]
    laid_out = [t[1] for t in times]
    print(
        f"{name:<22} n={len(times):3d}  table changed p50 {percentile(changed, 0.5):6.1f} ms  "
        f"p95 {percentile(changed, 0.95):6.1f} ms   laid out p50 {percentile(laid_out, 0.5):6.1f} ms  "
        f"p95 {percentile(laid_out, 0.95):6.1f} ms   (target p95 ≤ {target_ms:.0f} ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--loads", type=int, default=5, help="page loads of each notebook")
    parser.add_argument("--clicks", type=int, default=60, help="'next' clicks in each player")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp, sync_playwright() as playwright:
        folder = Path(temp)
        hello = folder / "hello" / "hello.ipynb"
        hello.parent.mkdir()
        nbformat.write(
            nbformat.v4.new_notebook(
                cells=[nbformat.v4.new_code_cell(HELLO)],
                metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
            ),
            hello,
        )
        app = folder / "_build" / "app" / "app.ipynb"  # where `make app` puts it
        app.parent.mkdir(parents=True)
        jupytext.write(jupytext.read(REPO / "book" / "app" / "app.md"), app)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        with voila(hello) as hello_url, voila(app) as app_url, static_page(folder) as static_url:
            time_to_usable(browser, hello_url, "text=Hello")  # warm-up: imports, caches
            time_to_usable(browser, app_url, ".ll-controls button")
            hello_times, app_times = [], []
            for _ in range(args.loads):
                hello_times.append(time_to_usable(browser, hello_url, "text=Hello"))
                app_times.append(time_to_usable(browser, app_url, ".ll-controls button"))
            ratio = statistics.median(app_times) / statistics.median(hello_times)
            print(f"Voilà start-up, navigation → usable (median of {args.loads}, alternating):")
            print(
                f"  hello world {statistics.median(hello_times):5.2f} s  [{', '.join(f'{t:.2f}' for t in hello_times)}]"
            )
            print(f"  app         {statistics.median(app_times):5.2f} s  [{', '.join(f'{t:.2f}' for t in app_times)}]")
            print(f"  ratio       {ratio:5.2f} ×  (target ≤ 1.5 ×)")

            print(f'"Next" → table updated ({LONG_SCENARIO.name}, {args.clicks} clicks each):')
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.goto(app_url)
            picker = page.locator("select").first
            picker.wait_for(state="visible", timeout=120_000)
            value = next(
                v
                for v in picker.locator("option").evaluate_all("options => options.map(o => o.value)")
                if v.startswith(LONG_SCENARIO.name[:2])
            )
            picker.select_option(value=value)
            page.wait_for_timeout(1000)
            voila_times = click_times(
                page, ".ll-controls button:has-text('Next')", ".ll-controls button:has-text('First')", args.clicks
            )
            page.goto(static_url)
            static_times = click_times(page, "button[data-go=next]", "button[data-go=first]", args.clicks)
            report("Voilà app", voila_times, 100)
            report("static page", static_times, 16)
        browser.close()


if __name__ == "__main__":
    main()
