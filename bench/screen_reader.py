"""The book with a real screen reader: Orca, listening to chromium, while a hand of live mode is
played with Tab and Enter and the command keys are pressed. Prints what Orca said at each step
(read from its debug log, where every utterance is written as ``SPEECH OUTPUT``), then the
figures: of the lines the page's live regions said, how many Orca said in order, how many out
of order, and which it left out. The keyboard page (book/keyboard.md) reports a run of it.

No sound card is needed: Xvfb is the screen, a session bus carries AT-SPI, and speech-dispatcher
speaks through its dummy module into ALSA's null device. Debian's packages:
``apt-get install -y --no-install-recommends orca xvfb speech-dispatcher espeak-ng dbus-x11``.
The keys come from Playwright, straight into the browser: Orca's browse mode never sees them
(a person presses Orca+A for focus mode first).

With ``--app``, the same in the Voilà app (started here, as `make app` starts it): its *Play a
hand* tab reached with Tab and the arrow keys, a hand dealt and played with Tab and Enter, the
command keys, then the hand's review and "Show this moment".

Usage: ``python bench/screen_reader.py [--lang en] [--app]`` after ``make book`` (the book) or
as it is (the app).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import jupytext
from local_server import serve
from player import CHROMIUM, REPO, voila
from playwright.sync_api import sync_playwright

BOOK = REPO / "_build" / "html"
KEPT_LOG = REPO / "_build" / "screen-reader" / "orca.debug"
CHAPTER = "book/06-last-card.html"
LEGAL_CARD = ".ll-stage [data-ll-card]:not([data-ll-why])"
KEYS = "htscwl"  # hand, trump, stock, the cards on the table, whose turn, the last trick
#: Every line added to the page's live regions, in order (as the tests' transcript: a moment is
#: a paragraph, each of its lines a <span>).
LISTEN = """() => { window.llHeard = [];
  new MutationObserver(records => records.forEach(record => record.addedNodes.forEach(node => {
    const heard = line => { window.llHeard.push(line); window.llHeardAt.push(Date.now()); };  // ms since the epoch
    if (node.nodeType === 1 && node.matches('[data-ll-announce] > p'))
      node.querySelectorAll(':scope > span').forEach(line => heard(line.textContent));
    else if (node.nodeType === 1 && node.matches('[data-ll-message-voice] > p')) heard(node.textContent);  // the app's
  }))).observe(document.body, {childList: true, subtree: true}); window.llHeardAt = []; }"""
#: The app's hand: the Play tab's player, and a card of its row shown (a played one is hidden).
APP_HAND = ".ll-hand-player"
APP_CARD = ".ll-hand-player .ll-card-row button"
SPEECHD_CONF = 'AudioOutputMethod "alsa"\nAddModule "dummy" "sd_dummy" ""\nDefaultModule dummy\n'


def desktop(folder: Path) -> dict[str, str]:
    """Xvfb, a session bus with AT-SPI, speech-dispatcher and Orca; the environment to use them."""
    env = dict(os.environ, DISPLAY=":99", HOME=str(folder))
    subprocess.Popen(["Xvfb", ":99", "-screen", "0", "1280x900x24"], stderr=subprocess.DEVNULL)
    time.sleep(1)
    bus = subprocess.run(["dbus-launch", "--sh-syntax"], env=env, capture_output=True, text=True, check=True)
    env["DBUS_SESSION_BUS_ADDRESS"] = re.search(r"DBUS_SESSION_BUS_ADDRESS='([^']+)'", bus.stdout).group(1)
    subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], env=env, stderr=subprocess.DEVNULL)
    time.sleep(1)
    for schema, key in (("interface", "toolkit-accessibility"), ("a11y.applications", "screen-reader-enabled")):
        subprocess.run(["gsettings", "set", f"org.gnome.desktop.{schema}", key, "true"], env=env, check=False)
    (folder / ".asoundrc").write_text("pcm.!default { type null }\n")
    conf = folder / ".config" / "speech-dispatcher"
    conf.mkdir(parents=True)
    (conf / "speechd.conf").write_text(Path("/etc/speech-dispatcher/speechd.conf").read_text() + SPEECHD_CONF)
    subprocess.Popen(["speech-dispatcher", "-s", "-t", "0"], env=env, stderr=subprocess.DEVNULL)
    time.sleep(2)
    subprocess.Popen(["orca", "--replace", f"--debug-file={folder / 'orca.debug'}"], env=env, stderr=subprocess.DEVNULL)
    time.sleep(5)
    return env


def said_since(log: Path, offset: int) -> list[str]:
    return [words for _, words in said_when(log, offset)]


def said_when(log: Path, offset: int) -> list[tuple[float, str]]:
    """What Orca said since ``offset`` of its log, each with its time of day (UTC seconds)."""
    with log.open("rb") as debug:
        debug.seek(offset)
        text = debug.read().decode("utf-8", "replace")
    # HH:MM:SS.micro - SPEECH OUTPUT: 'words'{'voice': ...}: the words may hold quotes ("Carla's")
    found = re.findall(r"^(\d\d):(\d\d):(\d\d\.\d+) - SPEECH OUTPUT: '(.*)'(?:\{.*\})?$", text, re.M)
    return [(int(h) * 3600 + int(m) * 60 + float(sec), words) for h, m, sec, words in found]


def book_hand(page, step, tab_to) -> None:
    """Live mode on a chapter: Try it live, New hand, three turns, then the table's keys."""
    step("Tab to Try it live", lambda: tab_to("[data-ll-action=live]"))
    step("Enter", lambda: (page.keyboard.press("Enter"), page.wait_for_selector("[data-ll-live=ready]")), 2)
    step("Tab to New hand", lambda: tab_to("[data-ll-action=new-hand]"))
    step("Enter", lambda: page.keyboard.press("Enter"), 3)
    for turn in range(1, 4):
        step(f"Tab to a card ({turn})", lambda: tab_to(LEGAL_CARD), 0.8)
        step("Enter", lambda: page.keyboard.press("Enter"), 4)
        if page.locator("[data-ll-live=ready] .ll-end").count():
            break
    page.evaluate("() => document.querySelector('[data-ll-live=ready] .ll-stage').focus()")
    for key in KEYS:
        step(f"key {key}", lambda key=key: page.keyboard.press(key), 1.5)


def app_hand(page, step, tab_to) -> None:
    """The app's Play tab: reached by the tabs' keys, a hand played to its end (the computers at
    once), the table's keys, then Review and Show this moment."""
    page.wait_for_selector("[role=tab]", timeout=60_000)
    step("Tab to the tabs", lambda: tab_to("[role=tab]"))
    for _ in range(5):
        if "Play a hand" in page.evaluate("() => document.activeElement.textContent"):
            break
        step("ArrowRight", lambda: page.keyboard.press("ArrowRight"), 0.5)
    step("Enter", lambda: (page.keyboard.press("Enter"), page.wait_for_selector(APP_HAND)), 2)
    step("Tab to the computers' speed", lambda: tab_to(f"{APP_HAND} select"))
    step("i (instant)", lambda: page.keyboard.press("i"), 0.5)
    step("Tab to New hand", lambda: tab_to(f"{APP_HAND} .ll-deal"))
    step("Enter", lambda: page.keyboard.press("Enter"), 3)
    for turn in range(1, 60):
        if page.locator(f"{APP_HAND} .ll-end").count():
            break
        step(f"Tab to a card ({turn})", lambda: tab_to(APP_CARD), 0.5)
        step("Enter", lambda: page.keyboard.press("Enter"), 2.5)
        if turn == 2:
            page.evaluate(f"() => document.querySelector('{APP_HAND} .ll-stage').focus()")
            for key in KEYS:
                step(f"key {key}", lambda key=key: page.keyboard.press(key), 1.5)
    step("Tab to Review", lambda: tab_to("[data-ll-action=review]"))
    step("Enter", lambda: (page.keyboard.press("Enter"), page.wait_for_selector(f"{APP_HAND} [data-ll-review]")), 3)
    step("Tab to Show this moment", lambda: tab_to("[data-ll-action=review-show]"))
    step("Enter", lambda: page.keyboard.press("Enter"), 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", default="en", choices=["en", "pt", "es", "ru"])
    parser.add_argument("--app", action="store_true", help="the Voilà app's Play tab, not the book")
    options = parser.parse_args()
    lang = options.lang
    if not options.app and not (BOOK / CHAPTER).is_file():
        raise SystemExit(f"{BOOK / CHAPTER} is missing: run `make book` first")
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        env = desktop(folder)
        log = folder / "orca.debug"
        notebook = folder / "_build" / "app" / "app.ipynb"  # where `make app` puts it
        notebook.parent.mkdir(parents=True)
        jupytext.write(jupytext.read(REPO / "book" / "app" / "app.md"), notebook)
        site = voila(notebook) if options.app else serve(BOOK)
        with site as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM,
                headless=False,
                env=env,
                args=["--no-sandbox", "--force-renderer-accessibility", "--no-first-run", "--disable-gpu"],
            )
            page = browser.new_page(viewport={"width": 1200, "height": 850})
            if options.app:
                page.goto(base.rstrip("/") + (f"/?lang={lang}" if lang != "en" else "/"), wait_until="load")
            else:
                page.goto(base + (CHAPTER if lang == "en" else f"{lang}/{CHAPTER}"), wait_until="load")
            time.sleep(3)
            page.evaluate(LISTEN)
            start = log.stat().st_size

            def step(name: str, action, wait: float = 1.0) -> None:
                """Do ``action``; then what Orca said within ``wait`` seconds, and for a command
                key, how long the page took to say its answer and Orca to speak it."""
                at, start = log.stat().st_size, time.time()
                action()
                time.sleep(wait)
                said = said_when(log, at)
                print(f"{name}: " + " | ".join(words for _, words in said))
                if name.startswith("key "):
                    heard = page.evaluate("[window.llHeard, window.llHeardAt]")
                    answers = [(t / 1000, line) for line, t in zip(*heard, strict=True) if t / 1000 >= start]
                    keys.append((name, start, answers[0] if answers else None))

            keys: list[tuple[str, float, tuple[float, str] | None]] = []  # each key, when, its answer

            def tab_to(selector: str) -> None:
                for _ in range(400):
                    if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector):
                        return
                    page.keyboard.press("Tab")
                raise SystemExit(f"Tab never reached {selector}")

            (app_hand if options.app else book_hand)(page, step, tab_to)
            time.sleep(6)  # Orca's last words, said after the last key's wait
            # Orca writes its log late (a line may come after the next key): the times are read at
            # the end, each answer found in what Orca said after its key was pressed.
            spoken_at = said_when(log, start)
            for name, pressed, answer in keys:
                if answer is None:
                    print(f"{name}: the page said nothing")
                    continue
                heard_at = next((t for t, words in spoken_at if t >= pressed % 86400 and answer[1] in words), None)
                orca = "not said" if heard_at is None else f"{(heard_at - pressed % 86400) * 1000:.0f} ms"
                print(f"{name}: said by the page after {(answer[0] - pressed) * 1000:.0f} ms, by Orca after {orca}")
            lines, spoken = page.evaluate("window.llHeard"), said_since(log, start)
            browser.close()
        KEPT_LOG.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(log, KEPT_LOG)  # the whole of what Orca did, for a closer look
        subprocess.run(["pkill", "-f", "orca --replace"], check=False)
        subprocess.run(["pkill", "-f", "speech-dispatcher"], check=False)
        subprocess.run(["pkill", "-f", "Xvfb :99"], check=False)
    # Orca may say several lines as one utterance: each line is looked for in what it said,
    # after the line before it (in order), else anywhere (out of order), else it was left out.
    transcript, at, in_order, out_of_order, left_out = "\n".join(spoken), 0, 0, [], []
    for line in lines:
        found = transcript.find(line, at)
        if found >= 0:
            in_order, at = in_order + 1, found + len(line)
        elif line in transcript:
            out_of_order.append(line)
        else:
            left_out.append(line)
    print(f"lines the live regions said: {len(lines)}; Orca said {in_order} in order, {len(out_of_order)} out of it")
    print("out of order:", *out_of_order, sep="\n  ")
    print("left out:", *left_out, sep="\n  ")
    print(f"Orca's log: {KEPT_LOG}")


if __name__ == "__main__":
    main()
