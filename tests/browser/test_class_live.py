"""A live class end to end (issue 43): the real server started as a process (``lingerlonger
class``), a teacher's browser and three pupils' phones (Russian, 390×844, each its own browser
context; one in dark mode) join by the code, answer a pushed exercise differently and see the
reveal; the seat to play is named in Russian on every screen; the count and the chart match, the
CSV holds the three answers. Then the server is killed with -9 and started again on the same
store: the session is there with every answer, and a phone that was never reloaded has rejoined
by itself."""

from __future__ import annotations

import csv
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import REPO, eventually, record, wcag_violations
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

pytestmark = pytest.mark.browser

TASK = "winner-second-seat"  # A♦ wins the trick; Q♦ loses it (the engine's line); 5♠ may not be played
ANSWERS = {"Аня": "A♦", "Борис": "Q♦", "Вера": "5♠"}
PHONE = {"viewport": {"width": 390, "height": 844}, "locale": "ru-RU", "is_mobile": True, "has_touch": True}
#: The server's Content-Security-Policy allows no inline script: axe-core is injected as one.
AXE_ALLOWED = {"bypass_csp": True}


def start(port: int, data: Path) -> tuple[subprocess.Popen, str]:
    """The server as a teacher starts it; its teacher page's address, read from what it prints."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "lingerlonger", "class", "--host", "127.0.0.1", "--port", str(port)]
    server = subprocess.Popen(
        [*command, "--data", str(data), "--lang", "en"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=REPO,
    )
    assert server.stdout is not None
    teacher_url = ""
    for line in server.stdout:
        if "#key=" in line:
            teacher_url = re.search(r"http://\S+#key=\S+", line)[0]
            break
    assert teacher_url, "the server printed no teacher address"
    deadline = time.monotonic() + 30
    while True:  # until it answers: uvicorn starts after the lines are printed
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).close()
            return server, teacher_url
        except (urllib.error.URLError, ConnectionError):
            assert server.poll() is None and time.monotonic() < deadline, "the class server did not start"
            time.sleep(0.1)


def test_a_class_of_three_phones_then_kill_9_and_restart(chromium, free_port, tmp_path):
    data = tmp_path / "class.db"
    server, teacher_url = start(free_port, data)
    contexts = []
    try:
        teacher_context = chromium.new_context(
            viewport={"width": 1280, "height": 720}, accept_downloads=True, **AXE_ALLOWED
        )
        contexts.append(teacher_context)
        teacher = teacher_context.new_page()
        teacher_log = record(teacher)
        teacher.goto(teacher_url.replace("/#key=", "/?lang=ru#key="))
        teacher.locator(f'input[name=exercise][value="{TASK}"]').check()
        teacher.locator("[data-ll-action=open]").click()
        code_shown = teacher.locator("[data-ll-join-code]")
        code_shown.filter(has_text=re.compile(r"^[A-Z0-9]{6}$")).wait_for()
        code = code_shown.inner_text()
        assert teacher.evaluate("document.activeElement.matches('[data-ll-class-heading]')")

        phones = {}
        for number, name in enumerate(ANSWERS):
            context = chromium.new_context(**PHONE, **AXE_ALLOWED, color_scheme="dark" if number == 2 else "light")
            contexts.append(context)
            phone = context.new_page()
            log = record(phone)
            phone.goto(f"http://127.0.0.1:{free_port}/join?lang=ru")
            phone.get_by_label("Код урока").fill(code.lower())
            phone.get_by_role("button", name="Войти").click()
            phone.get_by_label("Ваше имя").fill(name)
            phone.get_by_role("button", name="Войти").click()
            phone.locator("[data-ll-class-heading]").filter(has_text=name).wait_for()
            assert phone.evaluate("document.activeElement.matches('[data-ll-class-heading]')")
            phones[name] = (phone, log)
        teacher.locator("[data-ll-roster] li").nth(2).wait_for()

        teacher.locator("[data-ll-action=push]").click()
        assert teacher.evaluate("document.activeElement.matches('[data-ll-action=push]')")
        for name, (phone, _) in phones.items():
            # the seat to play, Bruno in the file, as the book names him in Russian: the goal and the table
            assert phone.locator(".ll-task-goal").inner_text().startswith("Боря:")
            assert "Bruno" not in phone.locator(".ll-task-table").inner_text()
            button = phone.locator(f'.ll-answers [data-ll-card="{ANSWERS[name]}"]')
            button.click()
            phone.locator("[data-ll-class-status]").wait_for()
            assert button.get_attribute("aria-pressed") == "true" and button.is_disabled()
            assert phone.evaluate("document.activeElement.matches('[data-ll-class-status]')")  # what was given
        teacher.locator('[data-ll-answers="3"]').wait_for()
        assert teacher.locator(".ll-task-goal").inner_text().startswith("Боря:")  # and on the projector
        bars = teacher.locator("[data-ll-bar]")
        counts = {
            bars.nth(i).get_attribute("data-ll-bar"): bars.nth(i).get_attribute("data-ll-count")
            for i in range(bars.count())
        }
        assert counts == {"A♦": "1", "Q♦": "1", "5♠": "1"}
        assert "Ответили 3 из 3" in teacher.locator("[data-ll-answers]").inner_text()
        assert "Аня" not in teacher.locator("[data-ll-chart]").inner_text()  # no names before the reveal

        teacher.locator("[data-ll-action=reveal]").click()
        teacher.locator("[data-ll-refutation] [data-ll-class-line] .ll-table").first.wait_for()
        assert teacher.evaluate("document.activeElement.id") == "ll-class-reveal-title"  # not <body>
        eventually(teacher, lambda: _said(teacher, "Ответ:"))
        assert "Аня" in teacher.locator("[data-ll-chart]").inner_text()
        for name, (phone, _) in phones.items():
            verdict = phone.locator("[data-ll-class-verdict]")
            verdict.wait_for()
            assert verdict.get_attribute("data-ll-class-verdict") == ("right" if name == "Аня" else "wrong")
            words = "Верно" if name == "Аня" else "Не то"
            eventually(phone, lambda phone=phone, words=words: _said(phone, words))
        assert wcag_violations(teacher) == []
        for phone, _ in (phones["Аня"], phones["Вера"]):  # light and dark
            assert wcag_violations(phone) == []

        with teacher.expect_download() as download:
            teacher.locator("[data-ll-action=csv]").click()
        rows = list(csv.reader(Path(download.value.path()).read_text(encoding="utf-8").splitlines()))
        assert sorted((row[1], row[2]) for row in rows[1:]) == sorted(ANSWERS.items())

        server.send_signal(signal.SIGKILL)
        server.wait()
        for phone, _ in phones.values():
            phone.locator("[data-ll-class-offline]").wait_for(state="visible")
        server, _ = start(free_port, data)
        teacher.reload()
        teacher.locator('[data-ll-answers="3"]').wait_for()
        assert teacher.locator("[data-ll-join-code]").inner_text() == code
        vera, _ = phones["Вера"]
        vera.reload()  # a reload keeps the seat
        assert vera.locator("[data-ll-class-verdict]").get_attribute("data-ll-class-verdict") == "wrong"
        anya, _ = phones["Аня"]  # never reloaded: its socket came back by itself
        anya.locator("[data-ll-class-offline]").wait_for(state="hidden", timeout=15_000)
        assert anya.locator("[data-ll-class-verdict]").get_attribute("data-ll-class-verdict") == "right"
        # 10 MB: closed unread (uvicorn's ws_max_size), raised while sending, reading or closing
        with pytest.raises(ConnectionClosed), connect(f"ws://127.0.0.1:{free_port}/ws", max_size=None) as flood:
            flood.send("x" * 10_000_000)
            flood.recv(timeout=10)
        assert server.poll() is None and teacher.locator('[data-ll-answers="3"]').count() == 1
        with urllib.request.urlopen(f"http://127.0.0.1:{free_port}/c/{code}") as page:  # it goes on
            assert b"data-ll-pupil" in page.read()
        for log in [teacher_log, *(log for _, log in phones.values())]:
            assert log.external_requests() == [] and log.page_errors == []
    finally:
        for context in contexts:
            context.close()
        server.kill()
        server.wait()


def _said(page, words: str) -> None:
    assert words in page.locator("[data-ll-class-say]").inner_text()
