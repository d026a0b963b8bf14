"""The live class's server (``lingerlonger class``, issue 43), through Starlette's TestClient: the
protocol as the pages speak it, and the faults a room of phones can send (a forged teacher action,
an answer twice or for another, a flood, a 10 MB message, a bad name, two classes at once). Each
refusal is a code worded in the page's language, and the session goes on after it."""

from __future__ import annotations

import contextlib
import csv
import functools
import io
import json
import re
import unicodedata
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from lingerlonger.class_server import rooms
from lingerlonger.class_server.app import create_app
from lingerlonger.class_server.exercises import Exercises, load_exercises
from lingerlonger.class_server.rooms import Classes
from lingerlonger.class_server.store import Store
from lingerlonger.scenario import ScenarioError
from lingerlonger.scenario.course import read_course
from lingerlonger.scenario.library import lesson_folder
from lingerlonger.scenario.local_seats import named_in
from lingerlonger.views import class_live
from lingerlonger.views.course_page import learn_task
from lingerlonger.words.i18n import LANGUAGES, template, translate

#: A card task: A♦ wins the trick; Q♦ loses it (the engine's line, three plays), 5♠ may not be played.
CARD_TASK = "winner-second-seat"
SEATS_TASK = "draw-out-with-stock"
#: A seats task: Bruno alone draws (Боря on a Russian page).
WHO_DREW = "draw-who"
#: A teacher's own task, its seat Sam named Сэм, a woman, on a Russian page.
OWN_TASK = """format: 1
title: Sam leads
rules: standard
players: [Sam, Bruno, Carla]
names:
  Sam: {gender: f, ru: Сэм}
dealer: Carla
hands: {Sam: [A♦, 5♣], Bruno: [Q♦, 5♠], Carla: [K♦, 7♣]}
stock: [8♣, K♥, 3♦]
trump: ♥
leader: Sam
steps:
  - play: Sam A♦
  - task: {id: own-after-sam, seat: Bruno, goal: legal}
"""


@functools.cache
def course_exercises() -> Exercises:
    """The course's exercises, judged once in a process and only by a test that needs them: at
    import, every test worker judged all 89 while collecting (seconds each, mostly the
    best-chance tasks' playouts)."""
    return load_exercises()


#: The sockets a test opened, closed before its server stops (an open one would keep it waiting).
_OPEN: list = []


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[TestClient, Classes]]:
    classes = Classes(Store(tmp_path / "class.db"), course_exercises())
    # As a context manager: one event loop for every socket, as under uvicorn.
    with TestClient(create_app(classes, "http://192.0.2.1:8765")) as client:
        try:
            yield client, classes
        finally:
            while _OPEN:
                with contextlib.suppress(Exception):
                    _OPEN.pop().__exit__(None, None, None)
    classes.store.close()


def connect(client: TestClient, path: str = "/ws"):
    socket = client.websocket_connect(path).__enter__()
    _OPEN.append(socket)
    return socket


def said(socket, op: str | None = None) -> dict:
    """The next message (of kind ``op``, skipping others)."""
    while True:
        message = json.loads(socket.receive_text())
        if op is None or message["op"] == op:
            return message


def send(socket, **message: object) -> None:
    socket.send_text(json.dumps(message))


def teacher(client: TestClient, classes: Classes, tasks=(CARD_TASK, SEATS_TASK), lang="en"):
    socket = connect(client, f"/ws?lang={lang}")
    send(socket, op="hello", role="teacher", key=classes.key, **{"class": None})
    said(socket, "welcome")
    send(socket, op="open", exercises=list(tasks), lang=lang)
    code = said(socket, "opened")["class"]
    said(socket, "room")
    return socket, code


def pupil(client: TestClient, code: str, name: str, lang="en"):
    socket = connect(client)
    send(socket, op="join", name=name, lang=lang, **{"class": code})
    token = said(socket, "joined")["token"]
    said(socket, "screen")
    return socket, token


def asked(client: TestClient, classes: Classes, *names: str):
    """A class of pupils ``names``, the card task pushed to their phones: the teacher's socket, the
    code, and each pupil's socket and token."""
    room, code = teacher(client, classes)
    phones = [pupil(client, code, name) for name in names]
    send(room, op="push", task=CARD_TASK)
    for phone, _ in phones:
        said(phone, "screen")
    return room, code, phones


def refused(socket) -> dict:
    """The next refusal; a teacher's room updates (a pupil joined) may come before it."""
    while (message := said(socket))["op"] == "room":
        pass
    assert message["op"] == "refused", message
    return message


def test_a_class_round_join_push_answer_reveal_and_csv(server):
    client, classes = server
    room, code = teacher(client, classes, lang="ru")
    phones = {}
    for name, answer in (("Аня", "A♦"), ("Борис", "Q♦"), ("Вера", "Q♦")):
        phones[name] = (pupil(client, code, name, lang="ru")[0], answer)
        assert said(room, "room")["of"] == len(phones)
    send(room, op="push", task=CARD_TASK)
    for socket, _ in phones.values():
        screen = said(socket, "screen")
        assert 'data-ll-card="A♦"' in screen["html"] and "ll-task-data" not in screen["html"]  # no verdicts shipped
    said(room, "room")
    spread: Counter[str] = Counter()
    for count, (socket, answer) in enumerate(phones.values(), start=1):
        send(socket, op="answer", task=CARD_TASK, answer=answer)
        assert said(socket, "screen")["given"] == answer
        spread[answer] += 1
        shown = said(room, "room")
        assert shown["count"] == count
        assert f'data-ll-bar="{answer}" data-ll-count="{spread[answer]}"' in shown["parts"]["chart"]
    send(room, op="reveal")
    verdicts = {name: said(socket, "screen")["html"] for name, (socket, _) in phones.items()}
    assert 'data-ll-class-verdict="right"' in verdicts["Аня"] and 'data-ll-class-verdict="wrong"' in verdicts["Вера"]
    revealed = said(room, "room")["parts"]
    assert "data-ll-refutation" in revealed["reveal"] and "data-ll-class-line" in revealed["reveal"]
    assert "Саша" in revealed["reveal"] and "Carla" not in revealed["reveal"]  # the line's tables, in Russian
    assert translate("class-live.most-common-wrong", "ru", answer="дама бубен", count=2) in revealed["reveal"]
    assert "Борис, Вера" in revealed["chart"]  # names only after the reveal
    rows = list(
        csv.reader(io.StringIO(client.get(f"/class/{code}/answers.csv", headers={"X-Teacher-Key": classes.key}).text))
    )
    assert [row[1:3] for row in rows[1:]] == [["Аня", "A♦"], ["Борис", "Q♦"], ["Вера", "Q♦"]]
    assert [row[4] for row in rows[1:]] == ["1", "0", "0"]


def test_a_forged_teacher_action_is_refused_and_changes_nothing(server):
    client, classes = server
    room, code = teacher(client, classes)
    phone, _ = pupil(client, code, "Ana")
    said(room, "room")
    send(phone, op="push", task=CARD_TASK)
    assert refused(phone)["code"] == "class.not-teacher"
    with client.websocket_connect("/ws?lang=pt") as forger:
        send(forger, op="hello", role="teacher", key=classes.key + "x", **{"class": code})
        message = refused(forger)
        assert message["code"] == "class.not-teacher" and message["text"] == translate("error.class.not-teacher", "pt")
        send(forger, op="reveal")
        assert refused(forger)["code"] == "class.not-teacher"
    assert classes.room(code).record.current is None
    assert client.get(f"/class/{code}/answers.csv").status_code == 403
    assert client.get(f"/class/{code}/answers.csv", headers={"X-Teacher-Key": "guess"}).status_code == 403
    send(room, op="push", task=CARD_TASK)  # the teacher's own still works
    assert said(phone, "screen")["task"] == CARD_TASK


def test_one_answer_counts_and_nobody_answers_for_another(server):
    client, classes = server
    _, code, [(ana, ana_token), (bruno, _)] = asked(client, classes, "Ana", "Bruno")
    send(ana, op="answer", task=CARD_TASK, answer="A♦")
    said(ana, "screen")
    send(ana, op="answer", task=CARD_TASK, answer="Q♦")
    assert refused(ana)["code"] == "class.answered-already"
    # Bruno's message naming Ana's token still answers for Bruno: identity is the connection's.
    send(bruno, op="answer", task=CARD_TASK, answer="5♠", token=ana_token)
    said(bruno, "screen")
    record = classes.room(code).record
    assert sorted(record.answers[CARD_TASK].values()) == ["5♠", "A♦"]
    assert record.answers[CARD_TASK][ana_token] == "A♦"
    with client.websocket_connect("/ws") as stranger:  # a seat no one gave out
        send(stranger, op="hello", role="pupil", token="forged-token", **{"class": code})
        assert refused(stranger)["code"] == "class.not-pupil"
        send(stranger, op="answer", task=CARD_TASK, answer="Q♦")
        assert refused(stranger)["code"] == "class.not-pupil"
    assert len(classes.store.load(code).answers[CARD_TASK]) == 2


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("", "class.no-name"),
        ("Ana\u202e", "class.name-invisible"),
        ("Ana Maria", "class.name-invisible"),  # a first name: one word
        ("Ana\x1b[2J", "class.name-invisible"),
        ("A" * 21, "class.name-too-long"),
        ("__proto__", "class.name-reserved"),
        ("Ana", "class.name-taken"),
        ("Аna", "class.name-taken"),  # a Cyrillic А: looks just like Ana
        (["Ana"], "class.bad-message"),
    ],
)
def test_a_bad_name_is_refused_in_the_pages_language(server, name, code):
    client, classes = server
    _, class_code = teacher(client, classes)
    pupil(client, class_code, "Ana")
    with client.websocket_connect("/ws?lang=ru") as phone:
        send(phone, op="join", name=name, **{"class": class_code})
        message = refused(phone)
        assert message["code"] == code and message["text"] and "error." not in message["text"]
        send(phone, op="join", name="Bruno", **{"class": class_code})  # and it may try again
        assert said(phone, "joined")["name"] == "Bruno"
    assert [p.name for p in classes.room(class_code).record.pupils.values()] == ["Ana", "Bruno"]


@pytest.mark.parametrize(("taken", "lang"), [("Аня", "ru"), ("Lucía", "es"), ("Ζωή", "en")])
def test_a_taken_name_suggests_one_in_its_own_alphabet_that_joins(server, taken, lang):
    client, classes = server
    _, class_code = teacher(client, classes)
    pupil(client, class_code, taken)
    with client.websocket_connect(f"/ws?lang={lang}") as phone:
        send(phone, op="join", name=taken, **{"class": class_code})
        text = refused(phone)["text"]
        example = re.search(r"(\w+)\)\.?$", text)[1]  # "(por ejemplo, LucíaA)."
        alphabets = {unicodedata.name(letter).split()[0] for letter in example if letter.isalpha()}
        assert example != taken and len(alphabets) == 1, text  # no Latin A after Аня
        send(phone, op="join", name=example, **{"class": class_code})  # the pupil types what it says
        assert said(phone, "joined")["name"] == example


def test_a_full_class_says_so_in_the_pages_language(server, monkeypatch):
    client, classes = server
    monkeypatch.setattr(rooms, "MAX_PUPILS", 2)
    _, class_code = teacher(client, classes)
    pupil(client, class_code, "Ana")
    pupil(client, class_code, "Bruno")
    with client.websocket_connect("/ws?lang=es") as phone:
        send(phone, op="join", name="Carla", **{"class": class_code})
        message = refused(phone)
        assert message["code"] == "class.full" and "(2 alumnos)" in message["text"]  # not an internal error


def stop_the_buckets_clock(monkeypatch) -> None:
    """On a slow machine 30 messages could take longer than the bucket needs to fill again: the
    flood would never come, and the test would wait for its refusal for ever (it held CI to its limit)."""
    stopped = rooms._now()
    monkeypatch.setattr(rooms, "_now", lambda: stopped)


def test_a_flood_is_refused_and_the_session_goes_on(server, monkeypatch):
    client, classes = server
    stop_the_buckets_clock(monkeypatch)
    room, _, [(flooder, _), (calm, _)] = asked(client, classes, "Ana", "Bruno")
    for _ in range(rooms.FLOOD_BURST + 10):
        send(flooder, op="answer", task="nothing", answer="x")
    codes = set()
    while "class.flood" not in codes:
        codes.add(refused(flooder)["code"])
    send(calm, op="answer", task=CARD_TASK, answer="A♦")
    assert said(calm, "screen")["given"] == "A♦"
    while (shown := said(room, "room"))["count"] == 0:  # the joins' and the push's come first
        pass
    assert shown["count"] == 1


def test_a_flood_that_goes_on_closes_its_connection(server, monkeypatch):
    client, classes = server
    _, code = teacher(client, classes)
    monkeypatch.setattr("lingerlonger.class_server.app.FLOOD_CLOSE", 3)
    stop_the_buckets_clock(monkeypatch)
    flooder, _ = pupil(client, code, "Ana")
    with pytest.raises(WebSocketDisconnect) as closed:
        for _ in range(rooms.FLOOD_BURST + 10):
            send(flooder, op="hello", role="pupil", token="x", **{"class": code})
        while True:
            said(flooder)
    assert closed.value.code == 1008
    assert pupil(client, code, "Bruno")[1]  # the class goes on


def test_a_10_mb_message_and_malformed_ones_are_refused_and_the_session_goes_on(server):
    client, classes = server
    room, code = teacher(client, classes)
    phone, _ = pupil(client, code, "Ana")
    send(room, op="push", task=CARD_TASK)
    said(phone, "screen")
    phone.send_text(json.dumps({"op": "answer", "task": CARD_TASK, "answer": "x" * 10_000_000}))
    assert refused(phone)["code"] == "class.too-big"
    for bad in ("not json", "[1, 2]", '{"op": 3}', '{"op": "dance"}', '{"op": "answer", "task": 7}'):
        phone.send_text(bad)
        assert refused(phone)["code"] == "class.bad-message"
    send(phone, op="answer", task=CARD_TASK, answer="K♠")  # no card of this exercise
    assert refused(phone)["code"] == "class.bad-answer"
    send(phone, op="answer", task=CARD_TASK, answer="A♦")
    assert said(phone, "screen")["given"] == "A♦"


def test_two_classes_on_one_server_are_kept_apart(server):
    client, classes = server
    room_a, code_a = teacher(client, classes, tasks=(CARD_TASK,))
    room_b, code_b = teacher(client, classes, tasks=(SEATS_TASK,))
    assert code_a != code_b
    ana, ana_token = pupil(client, code_a, "Ana")
    bea, _ = pupil(client, code_b, "Ana")  # the same first name, another class
    with client.websocket_connect("/ws") as stray:  # Ana's token is no seat in class B
        send(stray, op="hello", role="pupil", token=ana_token, **{"class": code_b})
        assert refused(stray)["code"] == "class.not-pupil"
    send(room_a, op="push", task=SEATS_TASK)
    assert refused(room_a)["code"] == "class.bad-exercises"  # not one of class A's
    send(room_b, op="push", task=SEATS_TASK)
    assert said(bea, "screen")["task"] == SEATS_TASK
    send(bea, op="answer", task=SEATS_TASK, answer=["Bruno"])
    assert said(bea, "screen")["given"] == "Bruno"
    send(ana, op="answer", task=SEATS_TASK, answer=["Bruno"])
    assert refused(ana)["code"] == "class.not-asked"
    assert classes.room(code_a).record.answers == {} and len(classes.room(code_b).record.answers[SEATS_TASK]) == 1


def test_a_reload_keeps_the_seat_and_a_restart_keeps_every_answer(server, tmp_path):
    client, classes = server
    room, code = teacher(client, classes)
    phone, token = pupil(client, code, "Ana")
    send(room, op="push", task=CARD_TASK)
    said(phone, "screen")
    send(phone, op="answer", task=CARD_TASK, answer="Q♦")
    said(phone, "screen")
    phone.close()
    with client.websocket_connect("/ws") as again:  # the page reloaded: its token from the browser
        send(again, op="hello", role="pupil", token=token, **{"class": code})
        assert said(again, "screen")["given"] == "Q♦"
    resumed = Classes(Store(tmp_path / "class.db"), course_exercises())  # a new process on the same file
    assert resumed.key == classes.key
    record = resumed.room(code).record
    assert (record.current, record.answers, [p.name for p in record.pupils.values()]) == (
        CARD_TASK,
        {CARD_TASK: {token: "Q♦"}},
        ["Ana"],
    )


def test_every_refusal_and_word_of_the_class_is_in_every_language():
    source = Path(rooms.__file__).read_text() + Path(rooms.__file__).with_name("app.py").read_text()
    codes = set(re.findall(r'"(class\.[a-z-]+)"', source))
    assert {"class.not-teacher", "class.flood", "class.too-big", "class.name-taken"} <= codes
    for lang in LANGUAGES:
        for code in codes:
            assert template(f"error.{code}", lang)


def test_a_teachers_task_file_is_checked_like_any_scenario(tmp_path):
    good = lesson_folder() / "course" / "01-deal.yaml"
    offered = load_exercises([str(good)], course=False)
    assert offered.groups[0].title == str(good) and "deal-first-lead" in offered.tasks
    several = Path(__file__).parent / "good" / "tasks-every-goal.yaml"  # four tasks in one scenario
    with pytest.raises(ScenarioError, match="exactly one task"):
        load_exercises([str(several)], course=False)
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: 1\ntitle: x\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as refusal:
        load_exercises([str(broken)], course=False)
    assert str(refusal.value).startswith(str(broken))


def test_the_pages_and_their_files_come_from_the_server_itself(server):
    client, classes = server
    _, code = teacher(client, classes)
    teacher_page = client.get("/?lang=ru")
    assert "data-ll-class-live" in teacher_page.text and 'lang="ru"' in teacher_page.text
    assert "default-src 'self'" in teacher_page.headers["content-security-policy"]
    assert "http" not in "".join(
        line
        for line in teacher_page.text.splitlines()
        if "src=" in line or ("href=" in line and "hreflang" not in line)
    )
    assert "data-ll-pupil" in client.get(f"/c/{code.lower()}").text
    assert client.get("/c/NOPE99").status_code == 404
    assert client.get(f"/qr/{code}.svg").headers["content-type"].startswith("image/svg+xml")
    assert client.get("/static/class-live-pupil.js").status_code == 200
    assert client.get("/static/..%2Fcourse_page.py").status_code == 404


# --- the command line -------------------------------------------------------------------


def test_the_command_without_its_extra_says_how_to_install_it(capsys, monkeypatch):
    import lingerlonger.class_server as package
    from lingerlonger.command_line.commands import main

    # not importable: also when an earlier test of this process imported it, and the package
    # holds it as an attribute (a `from package import serving` then skips sys.modules; the
    # command went on to serve forever)
    monkeypatch.delattr(package, "serving", raising=False)
    monkeypatch.setitem(__import__("sys").modules, "lingerlonger.class_server.serving", None)
    assert main(["--lang", "es", "class", "--port", "9"]) == 2
    said = capsys.readouterr().err
    assert 'pip install "lingerlonger[class]"' in said and "clase en directo" in said


def test_the_command_refuses_a_bad_task_file_before_it_listens(capsys, tmp_path):
    from lingerlonger.command_line.commands import main

    broken = tmp_path / "mine.yaml"
    broken.write_text("format: 1\ntitle: x\n", encoding="utf-8")
    assert main(["class", "--tasks", str(broken), "--data", str(tmp_path / "c.db"), "--port", "9"]) == 1
    assert capsys.readouterr().err.startswith(f"{broken}:")
    with pytest.raises(SystemExit) as refused_port:
        main(["class", "--port", "70000"])
    assert refused_port.value.code == 2


def test_a_bug_is_said_as_one_and_the_session_goes_on(server, monkeypatch, caplog):
    client, classes = server
    room, code = teacher(client, classes)
    phone, _ = pupil(client, code, "Ana")

    def broken(conn, message):
        raise ValueError("a bug in the server")

    with monkeypatch.context() as patched:
        patched.setattr(classes, "_answer", broken)
        send(phone, op="answer", task=CARD_TASK, answer="A♦")
        message = refused(phone)
        assert message["code"] == "internal" and "Traceback" not in message["text"]
    assert "a bug in the server" in caplog.text  # logged for whoever runs the server
    send(room, op="push", task=CARD_TASK)
    assert said(phone, "screen")["task"] == CARD_TASK


def test_each_page_speaks_its_own_language(server):
    client, classes = server
    room, code = teacher(client, classes, lang="pt")
    phone, _ = pupil(client, code, "Ana", lang="es")
    send(room, op="push", task=CARD_TASK)
    assert translate("class-live.pupil-exercise", "es") in said(phone, "screen")["html"]
    projector = connect(client, "/ws?lang=ru")  # the teacher's page, switched to Russian
    send(projector, op="hello", role="teacher", key=classes.key, lang="ru", **{"class": code})
    shown = said(projector, "room")
    assert shown["count_text"] == translate("class-live.answered", "ru", count=0, total=1)
    assert translate("class-live.chart", "ru") in shown["parts"]["chart"]


def test_each_phone_names_the_seats_in_its_language_and_the_class_counts_them_as_one(server):
    client, classes = server
    room, code = teacher(client, classes, tasks=(WHO_DREW,), lang="ru")
    russian, _ = pupil(client, code, "Оля", lang="ru")
    portuguese, _ = pupil(client, code, "Rita", lang="pt")
    send(room, op="push", task=WHO_DREW)
    screen = said(russian, "screen")["html"]
    assert 'data-ll-seat="Боря"' in screen and "Bruno" not in screen  # the table, the words, the buttons
    assert 'data-ll-seat="Bruno"' in said(portuguese, "screen")["html"]
    for forged in (["Zé"], ["Боря", "Боря"], "Боря"):
        send(russian, op="answer", task=WHO_DREW, answer=forged)
        assert refused(russian)["code"] == "class.bad-answer"
    send(russian, op="answer", task=WHO_DREW, answer=["Боря"])
    assert said(russian, "screen")["given"] == "Боря"
    send(portuguese, op="answer", task=WHO_DREW, answer=["Bruno"])
    assert said(portuguese, "screen")["given"] == "Bruno"
    assert list(classes.room(code).record.answers[WHO_DREW].values()) == ["Bruno", "Bruno"]  # the file's seat
    while (shown := said(room, "room"))["count"] < 2:
        pass
    assert 'data-ll-bar="Боря" data-ll-count="2"' in shown["parts"]["chart"]  # one answer, on a Russian projector
    send(room, op="reveal")
    verdict = said(russian, "screen")["html"]
    assert 'data-ll-class-verdict="right"' in verdict and translate("learn.hint-answer", "ru", answer="Боря") in verdict
    assert 'data-ll-class-verdict="right"' in said(portuguese, "screen")["html"]
    assert "Rita, Оля" in said(room, "room")["parts"]["chart"]  # who chose it, after the reveal
    rows = list(
        csv.reader(io.StringIO(client.get(f"/class/{code}/answers.csv", headers={"X-Teacher-Key": classes.key}).text))
    )
    assert [row[1:5] for row in rows[1:]] == [["Оля", "Bruno", "Bruno", "1"], ["Rita", "Bruno", "Bruno", "1"]]


@pytest.mark.parametrize("task_id", [CARD_TASK, WHO_DREW])
def test_a_page_shows_an_exercise_as_the_learn_page_shows_it_in_its_language(task_id):
    scenario = next(
        exercise
        for unit in read_course().units
        for exercise, task in zip(unit.exercises, unit.tasks, strict=True)
        if task.id == task_id
    )
    learn = learn_task(named_in(scenario, "ru"))  # judged again in Russian names, as the Learn page does
    shown = course_exercises().shown_in(task_id, "ru").task  # renamed from the one judging
    assert (shown.state, shown.verdicts) == (learn.state, learn.verdicts)


def test_a_seat_a_file_names_itself_agrees_in_gender_on_the_page(server, tmp_path):
    own = tmp_path / "own.yaml"
    own.write_text(OWN_TASK, encoding="utf-8")
    exercises = load_exercises([str(own)], course=False)
    russian = exercises.shown_in("own-after-sam", "ru")
    assert russian is not None and russian.task.state.players == ("Сэм", "Боря", "Саша")
    screen = class_live.pupil_screen("Оля", russian.task, "ru", given=None, revealed=False, verdict=None)
    assert "туз бубен, сыграла Сэм" in screen.html and "Sam" not in screen.html  # names: {Sam: {gender: f}}
    assert exercises.shown_in("own-after-sam", "en").task.state.players == ("Sam", "Bruno", "Carla")


def test_a_name_is_shown_as_text_never_as_markup(server):
    client, classes = server
    room, code = teacher(client, classes)
    pupil(client, code, "<b>Ana</b>")
    roster = said(room, "room")["parts"]["roster"]
    assert "&lt;b&gt;Ana&lt;/b&gt;" in roster and "<b>" not in roster
