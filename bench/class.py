"""The live class under load (issue 43): simulated pupils over real WebSockets against the real
server process (``lingerlonger class``), each size on a fresh server.

For each size (40 and 200 pupils by default) every pupil joins, the teacher pushes an exercise and
each pupil answers at a random moment within a second of it. Prints the time from a pupil's answer
to the teacher's screen counting it (p50, p95, the worst) and the server's memory (resident set,
now and at its peak) once the class has answered. Targets: p95 at most 200 ms at 40 pupils on a
2-core machine; memory flat from 40 to 200 (the ratio printed last).

    python bench/class.py [--sizes 40 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import websockets

REPO = Path(__file__).resolve().parents[1]
TASK = "winner-second-seat"  # three cards to choose from
ANSWERS = ("A♦", "Q♦", "5♠")
P95_TARGET_MS = 200


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(data: Path) -> tuple[subprocess.Popen, int, str]:
    """The server as a teacher starts it, and its teacher key (from what it prints)."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "lingerlonger", "class", "--host", "127.0.0.1", "--port", str(port)]
    server = subprocess.Popen(
        [*command, "--data", str(data)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    )
    assert server.stdout is not None
    key = next(found[1] for line in server.stdout if (found := re.search(r"#key=(\S+)", line)))
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).close()
            return server, port, key
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the class server did not start")


def memory_kb(pid: int) -> tuple[int, int]:
    """The process's resident set now and at its peak (VmRSS, VmHWM), in KB."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


async def until(socket, op: str) -> dict:
    while True:
        message = json.loads(await socket.recv())
        if message["op"] == op:
            return message


async def one_class(port: int, key: str, size: int, rng: random.Random) -> list[float]:
    """One class of ``size`` pupils answering one exercise: each answer's time to the teacher's count, in ms."""
    url = f"ws://127.0.0.1:{port}/ws"
    async with websockets.connect(url, max_size=None) as teacher:
        await teacher.send(json.dumps({"op": "hello", "role": "teacher", "key": key, "class": None}))
        await until(teacher, "welcome")
        await teacher.send(json.dumps({"op": "open", "exercises": [TASK], "lang": "en"}))
        code = (await until(teacher, "opened"))["class"]
        await until(teacher, "room")
        pupils = []
        for number in range(size):
            pupil = await websockets.connect(url)
            await pupil.send(json.dumps({"op": "join", "class": code, "name": f"P{number}", "lang": "en"}))
            await until(pupil, "joined")
            await until(pupil, "screen")
            pupils.append(pupil)
        while (await until(teacher, "room"))["of"] < size:  # the roster's updates, each join
            pass
        sent: list[float] = []
        counted: dict[int, float] = {}

        async def answer(pupil) -> None:
            await until(pupil, "screen")  # the pushed exercise
            await asyncio.sleep(rng.random())  # within a second of the push
            sent.append(time.perf_counter())
            await pupil.send(json.dumps({"op": "answer", "task": TASK, "answer": rng.choice(ANSWERS)}))
            await until(pupil, "screen")

        async def watch() -> None:
            while len(counted) < size:
                message = await until(teacher, "room")
                counted.setdefault(message["count"], time.perf_counter())

        await teacher.send(json.dumps({"op": "push", "task": TASK}))
        await asyncio.gather(watch(), *(answer(pupil) for pupil in pupils))
        for pupil in pupils:
            await pupil.close()
    # The k-th answer sent is the k-th counted (one server, one loop, messages in order): near enough.
    return [(counted[k] - at) * 1000 for k, at in enumerate(sorted(sent), start=1) if k in counted]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[40, 200])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    peaks = {}
    print(f"{'pupils':>7} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'RSS MB':>8} {'peak MB':>8}")
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as folder:
            server, port, key = start(Path(folder) / "class.db")
            try:
                latencies = asyncio.run(one_class(port, key, size, rng))
                rss, peak = memory_kb(server.pid)
            finally:
                server.terminate()
                server.wait()
        peaks[size] = peak
        print(
            f"{size:>7} {statistics.median(latencies):>8.1f} {percentile(latencies, 0.95):>8.1f} "
            f"{max(latencies):>8.1f} {rss / 1024:>8.1f} {peak / 1024:>8.1f}"
        )
        if size == 40:
            verdict = "within" if percentile(latencies, 0.95) <= P95_TARGET_MS else "OVER"
            print(f"        p95 at 40 pupils: {verdict} the target of {P95_TARGET_MS} ms")
    smallest, largest = min(peaks), max(peaks)
    print(f"peak memory ratio, {largest} to {smallest} pupils: {peaks[largest] / peaks[smallest]:.2f} (flat: about 1)")


if __name__ == "__main__":
    main()
