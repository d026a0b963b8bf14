"""Browser test helpers: Debian's chromium (its headless shell) driven by Playwright's sync API.

Fixtures
  chromium         one headless chromium per session
  browser_page     (page, PageLog): a fresh page (no offline worker) and a record of what it did;
                   PageLog.assert_clean() fails on any request that left
                   127.0.0.1, console error, uncaught exception or HTTP error
  book_html        the built book's directory, _build/html (never built here)
  book_site        base URL of _build/html served on 127.0.0.1
  book_page        (parametrization) each built .html page, relative to _build/html
  serve_directory  serve_directory(path) -> base URL, for this test only
                   (serve(path, counting()) records every file the server sends)
  free_port        a free TCP port on 127.0.0.1
  voila_app        the URL of the app, served by one Voila per session (per xdist worker);
                   the kernels of the test's pages are shut down after it
  unavailable      unavailable(reason): fail in CI, skip elsewhere
Helpers: first_visit (a new browser's first visit to the served site, its offline worker at
work), take_new_worker (a new build's worker has taken over), live_page, go_live, saved_lesson (a
page of the built site, its live mode, a lesson it downloads); open_app, play_app_hand,
assert_hand_on_screen and the like (the Voila app); AXE, blocking_violations (axe-core's
serious and critical findings on a page) and wcag_violations (axe-core's WCAG 2.2 AA verdict
on a page as it is now); TASK_BODY and load_every_unit (a Learn exercise's body, wherever the
built page keeps it: drawn, in its inert template, or in its unit's file).

With CI=true a missing chromium, playwright or book build FAILS the test;
elsewhere it is skipped with the reason.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import operator
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from lingerlonger.scenario import load
from lingerlonger.views.table_html import TEXT_STYLE
from lingerlonger.words.narration import aloud

REPO = Path(__file__).resolve().parents[2]
BOOK_HTML = REPO / "_build" / "html"
sys.path.insert(0, str(REPO / "book" / "_ext"))  # the build's own steps, whose files tests read
import site_scripts  # noqa: E402

#: Debian's chromium-headless-shell: the same Blink as Debian's chromium, without the windows of a
#: full browser, whose "new" headless mode took 0.38 s to open a context and a page where the shell
#: takes 0.16 s (hundreds of contexts a run). LL_CHROMIUM=/usr/bin/chromium runs the tests in the
#: full browser instead.
CHROMIUM = os.environ.get("LL_CHROMIUM", "/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--no-sandbox",  # we run as root
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: A page's calls to print counted (``page.evaluate(COUNT_PRINTS)``, then ``window.llPrinted``)
#: instead of opening the print dialog.
COUNT_PRINTS = "() => { window.llPrinted = 0; window.print = () => { window.llPrinted += 1; }; }"
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}
IN_CI = os.environ.get("CI", "").lower() in {"true", "1"}


#: axe-core (npm, installed by `make assets`), injected into a page to judge its accessibility.
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING_IMPACTS = {"serious", "critical"}


def blocking_violations(results: dict, impacts: set[str] | None = BLOCKING_IMPACTS) -> list[str]:
    """axe-core's serious and critical violations (``impacts=None``: every one), one readable
    line per element."""
    lines = []
    for violation in results["violations"]:
        if impacts is not None and violation["impact"] not in impacts:
            continue
        for node in violation["nodes"]:
            lines.append(
                f"{violation['id']} ({violation['impact']}): {violation['help']} "
                f"at {' '.join(map(str, node['target']))}\n    {node['failureSummary']}"
            )
    return lines


def unavailable(reason: str):
    """Fail in CI (a missing piece there is a broken pipeline), skip elsewhere."""
    if IN_CI:
        pytest.fail(f"{reason} (CI=true, so this fails instead of skipping)", pytrace=False)
    pytest.skip(reason)


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in {"data", "blob", "about", "file"}:
        return True
    return parts.hostname in LOCAL_HOSTS


@dataclass
class PageLog:
    """Everything a page asked for or complained about."""

    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    bad_responses: list[str] = field(default_factory=list)
    #: Requests sent and not yet answered (or failed): what `wait_until_quiet` waits for. The
    #: requests themselves, not a count: one the page sent before this log began ends unseen.
    waiting: set = field(default_factory=set)
    #: (event, handler) of the page's listeners feeding this log: ``stop()`` removes them.
    listeners: list = field(default_factory=list, repr=False)

    @property
    def in_flight(self) -> int:
        return len(self.waiting)

    def stop(self, page) -> None:
        """Stop recording ``page`` (which goes on to another test's page: ``record`` it anew)."""
        for event, handler in self.listeners:
            page.remove_listener(event, handler)

    def external_requests(self) -> list[str]:
        return [url for url in self.requests if not is_local(url)]

    def problems(self) -> list[str]:
        return (
            [f"external request: {url}" for url in self.external_requests()]
            + [f"console error: {text}" for text in self.console_errors]
            + [f"uncaught exception: {text}" for text in self.page_errors]
            + [f"HTTP error: {text}" for text in self.bad_responses]
        )

    def assert_clean(self) -> None:
        problems = self.problems()
        assert not problems, "\n".join(problems)


#: Resolves once the page is still: two frames drawn (what a click redraws, and what the page's
#: scripts do on the next frame), no transition or finite animation running (a sidebar sliding in)
#: and the scroll position the same from one frame to the next; 10 s at most. Given the scroll
#: position as it is now ("x,y": a script that has just scrolled knows it), two frames suffice
#: when nothing moves; unknown, it is read and read again two frames later.
#: An async function: true once it has waited for the running finite animations to end, false if
#: none ran. Polled, not awaited to each one's end: an animation paused meanwhile never finishes
#: (its promise stays open), and the waits below sat out their 10 s cap after half a sweep's states.
ANIMATIONS_ENDED = """async () => {
  let waited = false;
  for (;;) {
    const running = document.getAnimations().filter(animation => animation.playState === 'running'
      && animation.effect && animation.effect.getComputedTiming().endTime !== Infinity);
    if (!running.length) return waited;
    waited = true;
    await Promise.race([Promise.allSettled(running.map(animation => animation.finished)),
      new Promise(done => setTimeout(done, 100))]);
  }
}"""
#: The page's next frame, or half a second: headless Chromium can stop drawing frames for a while
#: (nothing then calls requestAnimationFrame back), and a walk of a long chapter waits for hundreds.
FRAME = "() => new Promise(done => { requestAnimationFrame(() => done()); setTimeout(done, 500); })"
STILL = f"""async (at = null) => {{
  const frame = {FRAME};
  const ended = {ANIMATIONS_ENDED};
  const still = async () => {{
    for (;;) {{
      await frame(); await frame();
      if (await ended()) continue;
      const now = [scrollX, scrollY].join();
      if (now === at) return;
      at = now;
    }}
  }};
  await Promise.race([still(), new Promise(done => setTimeout(done, 10000))]);
}}"""


def wait_until_still(page) -> None:
    """Wait for the page to be still (STILL) rather than for a fixed time, which a busy machine outlasts."""
    page.evaluate(STILL)


def wait_until_quiet(page, log: PageLog, timeout_ms: int = 30_000) -> None:
    """Wait until the page is loaded, still, and waits for no answer to a request it sent: what
    Playwright's "networkidle" waits for, without its fixed half second of silence on every page.
    A page that sends a reader on (``<meta http-equiv="refresh">``) is waited for where it goes."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            here = page.url
            if page.locator('meta[http-equiv="refresh" i]').count():
                page.wait_for_url(functools.partial(operator.ne, here), wait_until="load", timeout=timeout_ms)
                continue
            page.wait_for_load_state("load")
            wait_until_still(page)
        except Exception as error:  # playwright's Error: the page went on meanwhile, wait for the next
            if "Execution context was destroyed" not in str(error) or time.monotonic() > deadline:
                raise
            continue
        if log.in_flight <= 0:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"{page.url} still waits for {log.in_flight} requests")
        page.wait_for_timeout(50)


def eventually(page, check, timeout_ms: int = 15_000):
    """``check()`` (its asserts) once the page is still, and again until it passes or ``timeout_ms``
    is over: for what the app draws from several kernel messages, the last of which a wait for
    the first does not see."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        wait_until_still(page)
        try:
            return check()
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            page.wait_for_timeout(100)


#: A Learn exercise's body (a JS function of its article): drawn in the page, else in its inert
#: template, else (the book's units after the first) as its unit's file registered it: call
#: load_every_unit first.
TASK_BODY = """task => {
  const body = task.querySelector(':scope > template[data-ll-task-body]');
  if (!body) return task;
  if (!body.dataset.llSrc) return body.content;
  const made = document.createElement('template');
  made.innerHTML = window.llTaskBodies[task.dataset.llTask];
  return made.content;
}"""


def load_every_unit(page) -> None:
    """Load every unit file the Learn page names (as course.js does, by a script element), so that
    TASK_BODY reads every exercise: after a test's count of what the page itself loads."""
    page.evaluate(
        """() => Promise.all([...new Set([...document.querySelectorAll('template[data-ll-task-body][data-ll-src]')]
            .map(body => body.dataset.llSrc))].map(src => new Promise((loaded, failed) => {
              const script = document.createElement('script');
              script.src = src;
              script.onload = loaded;
              script.onerror = () => failed(new Error(src));
              document.head.append(script);
            })))"""
    )


def record(page) -> PageLog:
    """Start recording a Playwright page's requests (HTTP and WebSocket) and errors."""
    log = PageLog()

    def sent(request) -> None:
        log.requests.append(request.url)
        log.waiting.add(request)

    def ended(request) -> None:  # a function: Playwright cannot remove a built-in method's listener
        log.waiting.discard(request)

    log.listeners = [
        ("request", sent),
        ("requestfinished", ended),
        ("requestfailed", ended),
        ("websocket", lambda ws: log.requests.append(ws.url)),
        (
            "console",
            lambda msg: msg.type == "error" and log.console_errors.append(f"{msg.text} at {msg.location.get('url')}"),
        ),
        ("pageerror", lambda error: log.page_errors.append(str(error))),
        (
            "response",
            lambda response: response.status >= 400 and log.bad_responses.append(f"{response.status} {response.url}"),
        ),
    ]
    for event, handler in log.listeners:
        page.on(event, handler)
    return log


@pytest.fixture(scope="session")
def chromium():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("playwright is not installed: pip install -r requirements.txt")
    if not os.access(CHROMIUM, os.X_OK):
        unavailable(f"{CHROMIUM} not found: apt-get install -y {Path(CHROMIUM).name}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def browser_page(chromium):
    """A new page in its own context, and the PageLog recording it. The book's offline worker is
    kept out, as in ``returning_reader``: it would copy the page's language in the background,
    seconds of CPU for each test (the tests of the worker make their own: ``first_visit``)."""
    context = chromium.new_context(service_workers="block")
    page = context.new_page()
    log = record(page)
    yield page, log
    context.close()


@pytest.fixture(scope="module")
def returning_reader(chromium):
    """One browser context for a module's pages, with the service worker kept out: each page
    comes from the HTTP cache the others filled, as a reader's second page does, and no test pays
    for a worker copying the site in the background (tests/browser/test_offline.py tries it).
    Motion reduced, as a reader may ask: a page's finite animations (chapter 2 deals its cards
    for seconds) end where they would, at once."""
    context = chromium.new_context(service_workers="block", reduced_motion="reduce")
    yield context
    context.close()


def any_free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def free_port() -> int:
    return any_free_port()


@pytest.fixture(name="unavailable")
def unavailable_fixture():
    return unavailable


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Quiet, and its files validated by an ETag of their mtime in nanoseconds and size: the
    standard library answers If-Modified-Since by whole seconds, so a file written again within
    the second it was first served was "not modified" (304): a site built twice in one second
    kept its old service worker, and the test of a new build failed one run in five."""

    def log_message(self, format, *args):
        pass

    def send_head(self):
        self.etag = None
        path = self.translate_path(self.path)
        if os.path.isfile(path):
            stat = os.stat(path)
            self.etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
            if self.headers.get("If-None-Match") == self.etag:
                self.send_response(http.HTTPStatus.NOT_MODIFIED)
                self.end_headers()
                return None
            del self.headers["If-Modified-Since"]  # the ETag decides (an older browser cache has none)
        return super().send_head()

    def end_headers(self):
        if getattr(self, "etag", None):
            self.send_header("ETag", self.etag)
        super().end_headers()


class CountingHandler(QuietHandler):
    """Records each file it sends in full, as (path under the site, bytes): what a reader's
    line carried (a 304 sends nothing). One list per server: ``counting()``."""

    sent: list[tuple[str, int]]

    def send_head(self):
        answer = super().send_head()  # None for a 304 or an error
        if answer is not None and hasattr(answer, "fileno"):
            self.sent.append((unquote(urlsplit(self.path).path).lstrip("/"), os.fstat(answer.fileno()).st_size))
        return answer


def counting() -> type[CountingHandler]:
    """A CountingHandler class with a list of its own: ``serve(site, handler)``, ``handler.sent``."""
    return type("Counting", (CountingHandler,), {"sent": []})


class QuietServer(http.server.ThreadingHTTPServer):
    """A browser that leaves a page mid-download closes the connection: not worth a traceback."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serve(directory: Path, handler_class: type = QuietHandler):
    """Serve a directory over HTTP on a free 127.0.0.1 port in a background thread."""
    handler = functools.partial(handler_class, directory=str(directory))
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def serve_directory():
    with contextlib.ExitStack() as stack:
        yield lambda directory: stack.enter_context(serve(Path(directory)))


@pytest.fixture(scope="session")
def book_html() -> Path:
    if not (BOOK_HTML / "index.html").is_file():
        unavailable(f"{BOOK_HTML} has no built book: run `make book` first")
    return BOOK_HTML


@pytest.fixture(scope="session")
def book_site(book_html):
    with serve(book_html) as url:
        yield url


def built_pages() -> list[str]:
    """Every page of the built site; of the handout pack's lesson sheets (one per lesson and
    language, all written by the same code), the first of each language only."""
    if not BOOK_HTML.is_dir():
        return []
    pages = sorted(
        path.relative_to(BOOK_HTML).as_posix()
        for path in BOOK_HTML.rglob("*.html")
        if not {"_static", "_sources", "_images"} & set(path.relative_to(BOOK_HTML).parts)
    )
    sheets = [page for page in pages if re.fullmatch(r"handouts/\w+/(?!rules\.html)[^/]+", page)]
    sampled = {
        min(page for page in sheets if page.startswith(folder))
        for folder in {page.rsplit("/", 1)[0] + "/" for page in sheets}
    }
    return [page for page in pages if page not in sheets or page in sampled]


def pytest_generate_tests(metafunc):
    # Without a build, one case still runs so that book_html can fail (CI)
    # or skip with "run `make book` first".
    if "book_page" in metafunc.fixturenames:
        metafunc.parametrize("book_page", built_pages() or ["index.html"])


# --- the Voila app, started as `make app` starts it -------------------------------

#: How long a Voila page may take to load: a cold kernel runs the app on a busy CI machine.
VOILA_READY_MS = 120_000
APP_MD = REPO / "book" / "app" / "app.md"
# Jupyter data and config dir of the app: voila.json and the "linger" template.
VOILA_DIR = REPO / "book" / "app" / "jupyter"
#: The "linger" template's icons as Voila serves them (book/app/jupyter/voila/templates/linger).
APP_ICONS_CSS = "voila/templates/linger/static/icons.css"
#: The app's second Jupyter data dir (`make app`'s APP_DATA), in its working directory.
APP_VOICE = "jupyter/voila/templates/linger/static/table-voice.js"


def wait_for_voila(url: str, proc: subprocess.Popen, log: Path, timeout: float = 60) -> None:
    """Poll a static file (the page itself would start a kernel) until Voila serves it."""
    probe = url + APP_ICONS_CSS
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"voila exited with {proc.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(probe, timeout=2):
                return
        except urllib.error.HTTPError as error:
            pytest.fail(f"voila answered {error.code} for {probe}")
        except OSError:
            time.sleep(0.3)
    pytest.fail(f"voila did not answer on {url} within {timeout} s")


@contextlib.contextmanager
def running_voila(port: int, *extra_args: str):
    """Voila serving the app as `make app` does (plus ``extra_args``); yields (URL, process)."""
    # `make app` serves _build/app/app.ipynb; the kernel's working directory
    # is the notebook's, so keep it at the same depth inside the repository.
    (REPO / "_build").mkdir(exist_ok=True)
    workdir = Path(tempfile.mkdtemp(prefix="app-test-", dir=REPO / "_build"))
    notebook = workdir / "app.ipynb"
    import jupytext

    jupytext.write(jupytext.read(APP_MD), notebook)
    voice = workdir / APP_VOICE  # the book's table script, where `make app` puts it
    voice.parent.mkdir(parents=True)
    shutil.copyfile(REPO / "lingerlonger" / "views" / "static" / "shared" / "table-voice.js", voice)
    env = dict(os.environ)
    data = [str(VOILA_DIR), str(workdir / "jupyter"), env.get("JUPYTER_PATH")]  # as `make app` does
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, data))
    env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(filter(None, [str(VOILA_DIR), env.get("JUPYTER_CONFIG_PATH")]))
    log = workdir / "voila.log"  # a file, not a pipe: a full pipe would block Voila
    with open(log, "w") as output:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "voila",
                str(notebook),
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
                *extra_args,
            ],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: the kernels go with it
        )
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_for_voila(url, proc, log)
        yield url, proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        shutil.rmtree(workdir, ignore_errors=True)


def app_available(unavailable) -> None:
    try:
        import jupytext  # noqa: F401 (imported only to see that it is installed)
    except ImportError:
        unavailable("jupytext is not installed: pip install -r requirements.txt")


def kernel_ids(proc: subprocess.Popen) -> list[str]:
    """The ids of the kernels Voila runs now, read from their connection files (kernel-ID.json)."""
    import psutil

    ids = []
    for child in psutil.Process(proc.pid).children(recursive=True):
        with contextlib.suppress(psutil.Error):
            ids += re.findall(r"kernel-([\w-]+)\.json", " ".join(child.cmdline()))
    return ids


def shut_down_kernels(url: str, kernels: list[str]) -> None:
    """Shut down these kernels, as a page's ``beforeunload`` does (a closed Playwright context
    sends none): otherwise each would wait for the culler, five idle minutes, holding its memory."""
    # Jupyter's XSRF check wants the same token in a cookie and a header (double submit).
    xsrf = {"Cookie": "_xsrf=tests", "X-XSRFToken": "tests"}
    for kernel in kernels:
        request = urllib.request.Request(f"{url}voila/api/shutdown/{kernel}", method="POST", headers=xsrf)
        try:
            urllib.request.urlopen(request, timeout=60).close()
        except urllib.error.HTTPError as error:
            if error.code != 404:  # 404: it had ended already
                raise


#: The kernels being shut down after each test (voila_app), waited for at the session's end.
_SHUTTING: list[threading.Thread] = []


@pytest.fixture(scope="session")
def voila_server():
    """One Voila for the whole session (each xdist worker has its own): starting it costs
    seconds, and each page opened gets a kernel of its own anyway."""
    app_available(unavailable)
    with running_voila(any_free_port()) as server:
        yield server
        for shutting in _SHUTTING:  # before Voila stops: else their requests meet a closed server
            shutting.join(timeout=60)


@pytest.fixture
def voila_app(voila_server):
    url, proc = voila_server
    if proc.poll() is not None:
        pytest.fail(f"voila exited with {proc.returncode} during an earlier test")
    yield url
    # The kernels' own shutdown takes a second or so: the next test need not wait for it.
    shutting = threading.Thread(target=shut_down_kernels, args=(url, kernel_ids(proc)), daemon=True)
    shutting.start()
    _SHUTTING.append(shutting)


# --- the app's pages, as the app's tests drive them --------------------------------------

WORKED_TITLE = load(REPO / "scenarios" / "06-last-card-saves.yaml")[0].title
ROUND_TRIP_MS = 15_000


def open_app(page, url: str) -> None:
    page.goto(url, wait_until="load", timeout=VOILA_READY_MS)
    page.get_by_role("button", name="Next").first.wait_for(state="visible", timeout=VOILA_READY_MS)


def play_app_hand(page, url: str):
    """Open the app's play tab and play your seat to the hand's end, the computers at once
    (the first card offered each turn); returns the hand player and the cards you played."""
    open_app(page, url)
    page.get_by_role("tab", name="Play a hand").click()
    hand = page.locator(".ll-hand-player")
    hand.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    hand.get_by_label("Computer speed").select_option(label="instant")
    cards, mine = hand.locator(".ll-card-row button:visible"), []
    step: int | None = -1  # no turn seen yet (yours may be the hand's first action)
    for _ in range(300):
        step = next_turn(hand, step)
        if step is None:
            return hand, mine
        mine.append(cards.first.inner_text().replace(TEXT_STYLE, "").strip())
        cards.first.click()
    raise AssertionError("the hand did not end in 300 turns")


#: The page has taken the words an app table's kernel last sent: ll-app.js (hearTables) sets the
#: player's ``llHeard`` to its hidden line's ``data-ll-said`` once it has said them. True for a
#: table with no such line (the book's).
TOOK_LAST_WORDS = """player => {
  const feed = player.querySelector('.ll-said [data-ll-said]');
  return !feed || player.llHeard === feed.dataset.llSaid;
}"""


def new_hand_in_play_tab(hand, press: Callable[[], None]) -> None:
    """``press`` the play tab's "New hand" and wait until the page has taken the new hand's
    first words (ll-app.js): until then the note and the cards shown are the hand before's, and
    a turn read from them is stale (its card pressed would be played in the new hand)."""
    said = "hand => Number(hand.querySelector('.ll-said [data-ll-said]')?.dataset.llSaid ?? 0)"
    before = hand.evaluate(said)
    press()
    hand.page.wait_for_function(
        f"""([hand, before]) => ({said})(hand) > before && ({TOOK_LAST_WORDS})(hand)""",
        arg=[hand.element_handle(), before],
        timeout=ROUND_TRIP_MS,
    )


def next_turn(hand, step: int) -> int | None:
    """Wait for the play tab's next turn after ``step`` (-1: the first); its step, or None
    once the hand is over. The turn's note is drawn after its cards: a note past the last step
    means the row is this turn's (reading it sooner may catch the buttons half redrawn). Where
    the table has a voice, the turn is also the one its words were written for (the hidden
    line's step) and the page has taken them (ll-app.js, hearTables): the moment is being said."""
    hand.page.wait_for_function(
        f"""([hand, step]) => {{
          const note = hand.querySelector('.ll-yours, .ll-end'), feed = hand.querySelector('.ll-said [data-ll-said]');
          if (!note || Number(note.dataset.llStep) <= step) return false;
          return !feed || (feed.dataset.llStep === note.dataset.llStep && ({TOOK_LAST_WORDS})(hand));
        }}""",
        arg=[hand.element_handle(), step],
        timeout=ROUND_TRIP_MS,
    )
    if hand.locator(".ll-end").is_visible():
        return None
    return int(hand.locator(".ll-yours").first.get_attribute("data-ll-step"))


#: Where the reader's hand (on the table) and its card buttons are on the screen (the app's family
#: table or play tab: ``player`` is its box).
HAND_AND_BUTTONS = """player => {
  const hand = player.querySelector('.ll-stage .ll-seat.ll-viewer').getBoundingClientRect();
  const buttons = [...player.querySelectorAll('.ll-card-row button')].filter(b => b.offsetParent)
    .map(b => b.getBoundingClientRect());
  return {handTop: hand.top, handBottom: hand.bottom, count: buttons.length,
          buttonsTop: Math.min(...buttons.map(b => b.top)), buttonsBottom: Math.max(...buttons.map(b => b.bottom)),
          height: innerHeight};
}"""
HAND_ON_SCREEN = (
    f"player => {{ const at = ({HAND_AND_BUTTONS})(player); "
    "return at.count > 0 && at.handTop >= 0 && at.buttonsBottom <= at.height; }"
)


def assert_hand_on_screen(page, player, where: str) -> None:
    """The reader's hand and its card buttons are on the screen (once the page has scrolled)."""
    for _ in range(30):  # the page scrolls on the frame after the hand is drawn
        if player.evaluate(HAND_ON_SCREEN):
            break
        page.wait_for_timeout(100)
    at = player.evaluate(HAND_AND_BUTTONS)
    assert at["count"] > 0, f"{where}: no card button"
    assert at["handTop"] >= 0 and at["buttonsBottom"] <= at["height"], f"{where}: the hand is off screen: {at}"


#: Booting Pyodide takes ~5 s on a 2-core machine; a cold start on a slow CI machine more.
LIVE_BOOT_MS = 90_000
#: A card live mode would play: every card of the seat to play is a button, a refused one is
#: ``data-ll-refused`` and carries its rule (data-ll-why).
LEGAL_CARD = "[data-ll-card]"


def go_live(page):
    """Open the page's first replay and start live mode; the player once the engine answers."""
    player = page.locator(".ll-replay").first
    player.scroll_into_view_if_needed()
    start = player.locator("[data-ll-action=live]")
    start.wait_for(state="visible", timeout=20_000)
    start.click()
    page.wait_for_selector(".ll-replay[data-ll-live=ready]", timeout=LIVE_BOOT_MS)
    return player


def open_what_if(player, last: bool = False) -> str:
    """Press the legal cards of the live player's step (the last first when ``last``) until one
    opens a what-if branch, and return it: the lesson's own card opens none, the lesson steps
    on to it (then Back returns to the step, and the next card is tried)."""
    counter = player.locator(".ll-counter")
    player.locator(".ll-stage " + LEGAL_CARD).first.wait_for(state="visible", timeout=20_000)
    cards = player.locator(".ll-stage " + LEGAL_CARD).evaluate_all("cards => cards.map(c => c.dataset.llCard)")
    step = counter.inner_text()
    for card in reversed(cards) if last else cards:
        player.locator(f".ll-stage [data-ll-card='{card}']").click()
        player.page.wait_for_function(
            "([root, step]) => root.querySelector('[data-ll-what-if]')"
            " || root.querySelector('.ll-counter').textContent !== step",
            arg=[player.element_handle(), step],
            timeout=LIVE_BOOT_MS,
        )
        if player.locator("[data-ll-what-if]").count():
            return card
        player.locator("[data-go=back]").click()
        player.page.wait_for_function(
            "([el, step]) => el.textContent === step", arg=[counter.element_handle(), step], timeout=20_000
        )
        player.locator(".ll-stage " + LEGAL_CARD).first.wait_for(state="visible", timeout=20_000)
    raise AssertionError(f"no card of {cards} opened a what-if")


def deal_new_hand(player) -> None:
    """Press "New hand" and wait until the hand is on the table: until then the stage still shows
    the lesson's frame, with legal cards of its own that a press would take for a what-if."""
    player.locator("[data-ll-action=new-hand]").click()
    player.page.wait_for_function(
        "el => el.classList.contains('ll-live-hand')", arg=player.element_handle(), timeout=LIVE_BOOT_MS
    )


def play_live_hand(player) -> None:
    """Play the live player's hand against the computer to its end, your first legal card each
    time, each press waited for (the stage drawn again)."""
    for _ in range(60):  # at most 52 cards: a hand ends long before
        player.locator(".ll-stage .ll-table").wait_for(state="visible", timeout=20_000)
        # a card of yours, or the hand's end: the computers' plays may come in a later redraw
        player.locator(f".ll-stage {LEGAL_CARD}, .ll-stage .ll-end").first.wait_for(state="visible", timeout=20_000)
        if player.locator(".ll-stage .ll-end").count():
            return
        button = player.locator(".ll-stage " + LEGAL_CARD).first
        before = player.locator(".ll-stage").inner_html()
        button.click()
        player.page.wait_for_function(
            "([el, old]) => el.innerHTML !== old",
            arg=[player.locator(".ll-stage").element_handle(), before],
            timeout=20_000,
        )
    raise AssertionError("the hand did not end")


def live_page(chromium, base: str, path: str, **options):
    """A fresh page (its own context, downloads accepted, nothing off-site) at ``path`` of the
    site; ``options`` for the context (a phone's viewport). The offline worker is kept out unless
    ``service_workers="allow"``: it would copy the page's language in the background, seconds of
    CPU per page (what it does with live mode: test_offline.py and test_live_mode.py)."""
    context = chromium.new_context(**{"accept_downloads": True, "service_workers": "block", **options})
    context.route(lambda url: not is_local(url), lambda route: route.abort())
    page = context.new_page()
    log = record(page)
    page.goto(base + path, wait_until="load")
    return context, page, log


def one_app_page(chromium, voila_server, **options):
    """For a module's fixture (``yield from``): one page of the app, (page, log), its kernel shut
    down after it; ``options`` for the context (a viewport)."""
    url, proc = voila_server
    before = set(kernel_ids(proc))
    context = chromium.new_context(**options)
    page = context.new_page()
    log = record(page)
    open_app(page, url)
    yield page, log
    context.close()
    shut_down_kernels(url, [kernel for kernel in kernel_ids(proc) if kernel not in before])


def open_worked_example(page, url: str):
    """Open the app, pick the worked example (rule 16); returns its player and stage."""
    open_app(page, url)
    return pick_worked_example(page)


def pick_worked_example(page):
    """Pick the worked example in the app's menu; returns its player and stage."""
    picker = page.get_by_label("Scenario", exact=True)
    values = picker.locator("option").evaluate_all("options => options.map(o => o.value)")
    picker.select_option(value=next(value for value in values if WORKED_TITLE in value))
    player = page.locator(".ll-player").filter(has=page.get_by_role("heading", name=WORKED_TITLE))
    player.wait_for(state="visible", timeout=ROUND_TRIP_MS)
    # the title follows the reader's language: from now on, the scenario tab's one player
    player = page.locator(".ll-browser .ll-player").first
    # A scenario opens at its step 0: until the counter says so, what shows may be the player
    # before the pick, still at the step it was left (a CI run read "1" there, then waited for 2).
    player.locator(".ll-counter", has_text=re.compile(r"^\D*0\D+\d+\s*$")).wait_for(timeout=ROUND_TRIP_MS)
    return player, player.locator(".ll-stage")


def counter(player) -> int:
    """The step shown, read from "step 3 of 7" in whatever language the player speaks."""
    return int(re.search(r"(\d+)\D+\d+", player.locator(".ll-counter").inner_text()).group(1))


def click_and_wait(player, name: str, expected_step: int) -> None:
    # The word, perhaps after an icon font's glyph (a private-use character): the book's embedded
    # widgets draw their icons with Font Awesome's font, the app with SVG files.
    player.get_by_role("button", name=re.compile(rf"^\W*{name}$")).click()
    player.locator(".ll-counter", has_text=re.compile(rf"^\D*{expected_step}\D+\d+\s*$")).wait_for(
        timeout=ROUND_TRIP_MS
    )


# --- saved lessons ---------------------------------------------------------------------------


def saved_lesson(page, save, tmp_path, *, label: str = "Save as lesson", kind: str = "hand", hand: int | None = None):
    """Press ``save`` (a link or button reading ``label``): the downloaded file, named
    ``KIND-DATE.yaml`` (``KIND-DATE-N.yaml`` for a family table's hand N), saved under its name
    and checked by ``python3 -m lingerlonger check`` as a user runs it; the lesson it holds and
    its path."""
    assert save.inner_text() == label
    with page.expect_download() as downloaded:
        save.click()
    download = downloaded.value
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    number = "" if hand is None else f"-{hand}"
    assert re.fullmatch(rf"{kind}-\d{{4}}-\d\d-\d\d{number}\.yaml", path.name), path.name
    checked = subprocess.run(
        [sys.executable, "-m", "lingerlonger", "check", str(path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    [lesson] = load(path)
    return lesson, path


def plays_of(lesson, seat):
    """The cards ``seat`` plays in ``lesson``, as written."""
    return [str(step.card) for step in lesson.steps if step.kind == "play" and step.seat == seat]


#: The service worker's address once it is active (site_offline.py), and the footer's
#: "Keep this book offline" once the worker kept the page's language.
READY = "() => navigator.serviceWorker.ready.then(registration => registration.active.scriptURL)"
KEPT = "[data-ll-keep][data-ll-kept]"


def first_visit(chromium, url: str, **options):
    """A new browser opens ``url`` once and waits until the worker kept the page."""
    context = chromium.new_context(**options)
    page = context.new_page()
    log = record(page)
    page.goto(url, wait_until="load")
    assert page.evaluate(READY).endswith("/sw.js")
    page.wait_for_selector(KEPT, state="attached", timeout=60_000)
    return context, page, log


#: Asks the site for its worker again and waits (a minute at most) until a new build's worker has
#: carried the old copy over, is active and controls the page: its state, or "none" when the site
#: has no new worker. A page reloaded while the new worker installs or activates could wait for it
#: past a navigation's timeout on a busy machine (seen once in 3,570 tests).
NEW_WORKER = """() => Promise.race([
  navigator.serviceWorker.getRegistration().then(async registration => {
    await registration.update();
    const worker = registration.installing || registration.waiting;
    if (!worker) return 'none';
    await new Promise(done => {
      const settled = () => ['activated', 'redundant'].includes(worker.state) && done();
      worker.addEventListener('statechange', settled);
      settled();
    });
    if (worker.state === 'activated' && navigator.serviceWorker.controller !== worker)
      await new Promise(done => navigator.serviceWorker.addEventListener('controllerchange', done, {once: true}));
    return worker.state;
  }),
  new Promise(done => setTimeout(() => done('still installing after a minute'), 60000))])"""


def take_new_worker(page) -> None:
    """The page's site was built again: wait until its new worker has taken over (NEW_WORKER)."""
    state = page.evaluate(NEW_WORKER)
    assert state == "activated", f"the new build's worker: {state}"


#: Waits (10 s at most) for the page's finite animations to end: the deal in
#: chapter 2 fades its cards in for seconds, and axe judges colour contrast on
#: what it sees at that instant.
SETTLE = f"""() => Promise.race([({ANIMATIONS_ENDED})(), new Promise(done => setTimeout(done, 10000))])"""


#: axe-core's tags for WCAG 2.0, 2.1 and 2.2, levels A and AA.
WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def wcag_violations(page, within: str | None = None) -> list[str]:
    """Every WCAG 2.2 AA violation axe-core finds on the page as it is now (``within``: in
    that element only, for the app, whose frame is Voilà's and JupyterLab's)."""
    if not AXE.is_file():
        unavailable(f"{AXE} is missing: run `make assets`")
    page.evaluate(SETTLE)
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(path=str(AXE))
    results = page.evaluate(
        "([within, tags]) => axe.run(within ? document.querySelector(within) : document,"
        " {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})",
        [within, WCAG_22_AA],
    )
    return blocking_violations(results, impacts=None)


# --- the keyboard alone (tests/browser/test_keyboard.py, test_app_keyboard.py) ---

FOCUSED = "() => { const el = document.activeElement; return el ? el.outerHTML.slice(0, 200) : ''; }"
#: A live region other than the table's voice: a turn's note or a pass screen that is one would be
#: said again (Orca reads a role=status anew each time the focus comes back into the table).
OTHER_VOICE = "[role=status], [role=alert], [role=log], [aria-live]:not([data-ll-announce])"
#: A card played, as the narration says it.
PLAY = re.compile(
    r"^(?P<name>.+?) (?:leads|follows with|has no \w+ and (?:trumps with|discards)) "
    r"(?P<card>(?:[2-9]|10|jack|queen|king|ace) of (?:spades|hearts|diamonds|clubs))\.$"
)


def in_words(text: str) -> str:
    """Narration as written ("Ana leads Q♠") as it is said aloud ("Ana leads queen of spades"),
    a suit alone too ("follow diamonds"); table-voice.js must say what narration.aloud says."""
    return aloud(text, "en")


#: Every line a table says (table-voice.js), as [politeness, words], in order, from now on
#: (``player.evaluate(LISTEN)``, then ``window.llHeard``): each moment is a paragraph added to
#: one of its live regions, which stay on the page, each line a <span> of it.
LISTEN = """player => {
  window.llHeard = [];
  new MutationObserver(records => records.forEach(record => record.addedNodes.forEach(node => {
    if (node.nodeType === 1 && node.matches('[data-ll-announce] > p'))
      node.querySelectorAll(':scope > span').forEach(line =>
        window.llHeard.push([node.parentElement.dataset.llAnnounce, line.textContent]));
  }))).observe(player, {childList: true, subtree: true});
}"""


#: Every table has said what it has to say: no moment is being gathered (a table's voice adds
#: what it says within a moment as one paragraph, at the moment's end), and each app table with
#: a voice has taken the words its kernel last sent (ll-app.js, hearTables; the book's tables
#: have no such line).
ALL_SAID = f"""() => !document.querySelector('[data-ll-waiting]')
  && [...document.querySelectorAll('.ll-player')].every(player => !player.llVoice || ({TOOK_LAST_WORDS})(player))"""


def heard_lines(page) -> list[list[str]]:
    """``window.llHeard`` (LISTEN), once every table has said what it has to say (ALL_SAID)."""
    page.wait_for_function(ALL_SAID, timeout=10_000)
    return page.evaluate("window.llHeard")


def tab_to(page, selector: str, most: int = 400) -> None:
    """Press Tab until the focus is on ``selector`` (only Tab: no click, no focus())."""
    for _ in range(most):
        if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{most} Tabs never reached {selector}; the focus is on {page.evaluate(FOCUSED)}")


def open_tab(page, name: str) -> None:
    """Open the app's tab named ``name`` by keyboard: Tab to the tab list, its arrows along it, Enter."""
    tab_to(page, "[role=tab]")
    for _ in range(10):
        if page.evaluate("(name) => document.activeElement.textContent.includes(name)", name):
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")


def press_on_table(page, stage) -> None:
    """Enter on the focused card of a live table; back once the table is drawn again with a new
    turn's note (another ``data-ll-step``) or the end. Not at the first change of the stage: a
    press changes it at once (the card pressed), and a loaded machine's test read the old note's
    narration a second time."""
    step = stage.evaluate("s => { const n = s.querySelector('.ll-turn-note'); return n ? n.dataset.llStep : null; }")
    page.keyboard.press("Enter")
    page.wait_for_function(
        """([stage, old]) => stage.querySelector('.ll-end')
            || [...stage.querySelectorAll('.ll-turn-note')].some(n => n.dataset.llStep !== old)""",
        arg=[stage.element_handle(), step],
        timeout=20_000,
    )


#: The family table is done drawing a screen (the turn's note is drawn last): the hand's end, a
#: person's turn past the last ``step`` seen, or the pass screen with the last note gone.
FAMILY_SETTLED = """([table, step]) => {
  const note = table.querySelector(".ll-end, .ll-yours");
  if (note) return Number(note.dataset.llStep) > step;
  const pass = table.querySelector(".ll-pass-to");
  return Boolean(pass && pass.offsetParent && !table.querySelector(".ll-turn-note"));
}"""


# --- the worked example's chapter, shared by the tests of the player on screens ---------------

#: The chapter of the worked example: long words, questions with hints, five replays.
WORKED = "book/06-last-card.html"


def in_language(lang: str, name: str) -> str:
    """A page of the book in ``lang`` (the English book at the root, the others in a folder)."""
    path = name if lang == "en" else f"{lang}/{name}"
    if not (BOOK_HTML / path).is_file():
        unavailable(f"{path} is not built: run `make book`")
    return path


def quiz_replay(lang: str) -> int:
    """Which replay of the worked example's chapter asks questions (its frames are in a file)."""
    page = BOOK_HTML / in_language(lang, WORKED)
    sources = re.findall(r'class="ll-lazy" data-src="([^"]+)"', page.read_text(encoding="utf-8"))
    return next(
        nth
        for nth, src in enumerate(sources)
        if re.search(r'class=\\?"ll-quiz\\?"', (page.parent / src).read_text(encoding="utf-8"))
    )


def scripts_run(book_html, name: str, text: str) -> list[str]:
    """The scripts a page runs, from the site's root: its tags' and the parts of its joined files
    (book/_ext/site_scripts.py)."""
    found = []
    for address in re.findall(r'<script\b[^>]*\bsrc="([^"?#]+)', text):
        file = ((book_html / name).parent / address).resolve()
        if file.name.startswith(site_scripts.PREFIX):
            found.extend(part.name for part in site_scripts.unpack(file.read_text(encoding="utf-8"), book_html))
        else:
            found.append(file.relative_to(book_html.resolve()).as_posix())
    return found
