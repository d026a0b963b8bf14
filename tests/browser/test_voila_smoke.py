"""The Voila app (book/app/app.md, served as by `make app`) works offline.

The ``voila_app`` fixture starts Voila like `make app` does and yields its URL.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
APP_MD = REPO / "book" / "app" / "app.md"
# Jupyter data and config dir of the app: voila.json and the "linger" template.
VOILA_DIR = REPO / "book" / "app" / "jupyter"
FONT_AWESOME = VOILA_DIR / "voila/templates/linger/static/vendor/fontawesome/css/all.min.css"


def wait_for_voila(url: str, proc: subprocess.Popen, log: Path, timeout: float = 60) -> None:
    """Poll a static file (the page itself would start a kernel) until Voila serves it."""
    probe = url + "voila/templates/linger/static/vendor/fontawesome/css/all.min.css"
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


@pytest.fixture
def voila_app(free_port, unavailable):
    if not FONT_AWESOME.is_file():
        unavailable("the linger template's Font Awesome copy is missing: run `make assets`")
    try:
        import jupytext
    except ImportError:
        unavailable("jupytext is not installed: pip install -r requirements.txt")
    # `make app` serves _build/app/app.ipynb; the kernel's working directory
    # is the notebook's, so keep it at the same depth inside the repository.
    (REPO / "_build").mkdir(exist_ok=True)
    workdir = Path(tempfile.mkdtemp(prefix="app-test-", dir=REPO / "_build"))
    notebook = workdir / "app.ipynb"
    jupytext.write(jupytext.read(APP_MD), notebook)
    env = dict(os.environ)
    for var in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH"):  # as `make app` does
        env[var] = os.pathsep.join(filter(None, [str(VOILA_DIR), env.get(var)]))
    log = workdir / "voila.log"  # a file, not a pipe: a full pipe would block Voila
    with open(log, "w") as output:
        proc = subprocess.Popen(
            [sys.executable, "-m", "voila", str(notebook), "--no-browser",
             f"--port={free_port}", "--Voila.ip=127.0.0.1"],
            env=env, stdout=output, stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: the kernels go with it
        )
    url = f"http://127.0.0.1:{free_port}/"
    try:
        wait_for_voila(url, proc, log)
        yield url
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        shutil.rmtree(workdir, ignore_errors=True)


def test_app_shows_its_widgets_without_leaving_the_machine(voila_app, browser_page):
    page, log = browser_page
    page.goto(voila_app, wait_until="load")

    # Voila runs the notebook in a kernel, then the widget manager draws its outputs.
    page.locator(".jupyter-widgets").first.wait_for(state="visible", timeout=90_000)
    page.wait_for_load_state("networkidle")

    assert any("/voila/templates/linger/static/vendor/fontawesome/" in url for url in log.requests), \
        "Font Awesome should come from the linger template"
    log.assert_clean()
