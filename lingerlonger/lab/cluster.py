"""Tournaments on a Dask cluster, through a ``concurrent.futures`` executor over a client.

distributed has its own (``Client.get_executor``), and the runner works with it too; but
when one of its futures is cancelled just as its task ends, the client logs a traceback,
and a run stopped with Ctrl-C cancels several. This one settles each future only if
nobody has cancelled it.
"""

from __future__ import annotations

from concurrent.futures import Executor, Future
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["DaskExecutor"]


class DaskExecutor(Executor):
    """Each call a task on ``client``'s cluster; cancelling its future cancels the task."""

    def __init__(self, client: Client) -> None:
        self.client = client

    def submit(self, fn, /, *args, **kwargs) -> Future:
        task = self.client.submit(fn, *args, pure=False, **kwargs)
        future: Future = Future()

        def settle(task) -> None:  # distributed calls this in a thread of its own
            if not future.set_running_or_notify_cancel():
                return
            try:
                future.set_result(task.result())
            except BaseException as error:
                future.set_exception(error)

        future.add_done_callback(lambda done: done.cancelled() and task.cancel())
        task.add_done_callback(settle)
        return future

    def threads(self) -> int:
        """How many tasks the cluster runs at once."""
        return sum(self.client.nthreads().values())
