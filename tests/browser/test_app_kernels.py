"""The app as a service: each visit starts a kernel (about 60 MB); Voilà must cull the kernels
of closed pages (book/app/jupyter/voila.json) so that a class opening and closing the app all
day leaves only a bounded number running."""

from __future__ import annotations

import json
import time

import pytest
from conftest import VOILA_DIR, VOILA_READY_MS, app_available, running_voila

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: Without culling, every visit's kernel would still run at the last one; with it, at most two or three do.
VISITS = 5
#: The test waits seconds, not minutes: the same culling, sooner (voila.json keeps the rest).
QUICK = ("--MappingKernelManager.cull_idle_timeout=4", "--MappingKernelManager.cull_interval=1")


def kernels(proc) -> int:
    """The kernels Voilà runs now (one culled a moment ago may linger as a zombie: not counted)."""
    import psutil

    running = 0
    for child in psutil.Process(proc.pid).children(recursive=True):
        try:
            running += "ipykernel" in " ".join(child.cmdline())
        except (psutil.ZombieProcess, psutil.NoSuchProcess):
            continue
    return running


def test_the_app_configures_kernel_culling():
    culling = json.loads((VOILA_DIR / "voila.json").read_text())["MappingKernelManager"]
    assert 0 < culling["cull_idle_timeout"] <= 900 and 0 < culling["cull_interval"] <= culling["cull_idle_timeout"]
    assert culling["cull_connected"] is False, "a page still open must keep its kernel"


def test_opening_and_closing_the_app_five_times_leaves_a_bounded_number_of_kernels(chromium, free_port, unavailable):
    app_available(unavailable)
    with running_voila(free_port, *QUICK) as (url, proc):
        context = chromium.new_context()
        most = 0
        for _ in range(VISITS):
            page = context.new_page()
            page.goto(url, wait_until="load", timeout=VOILA_READY_MS)
            page.locator(".ll-go-next").first.wait_for(state="visible", timeout=VOILA_READY_MS)
            page.close()
            most = max(most, kernels(proc))
        context.close()
        deadline = time.monotonic() + 60
        while kernels(proc) > 0 and time.monotonic() < deadline:
            time.sleep(1)
        assert kernels(proc) == 0, f"{kernels(proc)} kernels still run a minute after the last page closed"
        assert most < VISITS, f"{most} kernels ran at once: closed pages' kernels are not culled"
