"""Summarizing in several processes, for endpoints that answer faster than one process asks.

Each paper still passes through a :class:`~summarizer.run.pipeline.Pipeline`, in one of N child
processes. The runner in the parent keeps everything else: reading, the limit on requests
in flight, resume and the output file. A paper goes to the child with the fewest papers in
flight, and its record comes back whole::

    parent: read → runner (limiter) → ProcessPipeline.summarize ──paper──► child: Pipeline
                   writer ◄──────────────────────────────────────record──┘

The children share the cache directory (diskcache is safe across processes). A child that
dies fails only the papers it held, with a :class:`~summarizer.errors.WorkerError` record,
so a rerun with the same output retries them; the other children go on.

On Linux, while the parent runs no other thread, a child is forked: it starts with the
parent's imports instead of a second of its own, and exits without tearing the interpreter
down. Elsewhere (a fork is unsafe on macOS, and with threads) it is a new interpreter,
``python -m summarizer.run.workers``.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import signal
import subprocess
import sys
import threading
import time
import traceback
from multiprocessing.connection import Connection
from typing import Any

from ..backends.base import rate_limit_listener
from ..errors import UsageError, WorkerError
from ..io.inputs import Paper
from ..records import error_of
from ..settings.config import Settings

#: Messages on two pipes, pickled: parent → child the Settings first, then
#: ``(ticket, Paper)`` per paper and ``None`` at the end; child → parent
#: ``(ticket, record, [retry_after of each 429 met])`` per paper.
_Job = tuple[int, Paper]


def main(argv: list[str] | None = None) -> None:
    """A child process (``python -m summarizer.run.workers --jobs FD --records FD``)."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--jobs", type=int, required=True)
    parser.add_argument("--records", type=int, required=True)
    args = parser.parse_args(argv)
    _child(args.jobs, args.records)


def _child(jobs_fd: int, records_fd: int) -> None:
    # Ctrl-C reaches the whole process group; the parent decides, and stops the children.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    jobs = Connection(jobs_fd, writable=False)
    records = Connection(records_fd, readable=False)
    settings = jobs.recv()
    asyncio.run(_serve(settings, jobs, records))


async def _serve(settings: Settings, conn: Connection, out: Connection) -> None:
    """Summarize what the parent sends until it sends ``None``."""
    from .pipeline import Pipeline

    loop = asyncio.get_running_loop()
    jobs: asyncio.Queue[_Job | None] = asyncio.Queue()

    def readable() -> None:
        try:
            while conn.poll():
                jobs.put_nowait(conn.recv())
        except (EOFError, OSError):  # the parent is gone
            jobs.put_nowait(None)
            loop.remove_reader(conn.fileno())

    async def one(pipeline: Pipeline, ticket: int, paper: Paper) -> None:
        hits: list[float | None] = []
        token = rate_limit_listener.set(hits.append)
        try:
            record = await pipeline.summarize(paper)
        except Exception as exc:  # one paper's surprise must not stop the child
            record = _failed(paper, error_of(exc, unexpected=True)["message"])
        finally:
            rate_limit_listener.reset(token)
        try:
            out.send((ticket, record, hits))
        except OSError:
            pass  # the parent is gone; nothing is left to tell

    loop.add_reader(conn.fileno(), readable)
    async with Pipeline(settings) as pipeline, asyncio.TaskGroup() as group:
        while (job := await jobs.get()) is not None:
            group.create_task(one(pipeline, *job))
    loop.remove_reader(conn.fileno())
    out.close()


def open_pipeline(settings: Settings, workers: int = 1) -> Any:
    """The summarizer a batch drives: a :class:`~summarizer.run.pipeline.Pipeline` in this
    process, or a :class:`ProcessPipeline` over ``workers`` processes when there are two or
    more. Use it as an async context manager."""
    from .pipeline import Pipeline

    return ProcessPipeline(settings, workers) if workers > 1 else Pipeline(settings)


class _Forked:
    """A forked child, waited for and killed as a :class:`subprocess.Popen` is."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:  # already waited for
                return self.returncode
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(f"worker {self.pid}", timeout or 0)
            time.sleep(0.005)
        assert self.returncode is not None
        return self.returncode

    def kill(self) -> None:
        if self.poll() is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


class _Child:
    """The parent's side of one child process."""

    def __init__(
        self,
        number: int,
        process: subprocess.Popen[bytes] | _Forked,
        jobs: Connection,
        records: Connection,
    ) -> None:
        self.number = number
        self.process = process
        self.conn = jobs
        self.records = records
        self.pending: dict[int, tuple[asyncio.Future[dict[str, Any]], Paper]] = {}
        self.alive = True
        self.lock = threading.Lock()


def check_workers(settings: Settings, processes: int) -> None:
    """Refuse a number of client processes that the settings cannot use.

    Raises:
        UsageError: fewer than one, or more than one on the embedded engine.
    """
    if processes < 1:
        raise UsageError("--workers must be at least 1")
    if processes > 1 and settings.embedded:
        raise UsageError(
            "--workers needs an endpoint (--base-url): the embedded engine already uses "
            "every core, so more client processes cannot make it faster"
        )


class ProcessPipeline:
    """The :class:`~summarizer.run.runner.Summarizer` the runner drives, over N child processes.

    Use as an async context manager. ``settings`` must name an endpoint (``base_url``):
    with the embedded engine every child would start its own engine on the same cores.
    """

    def __init__(self, settings: Settings, processes: int) -> None:
        check_workers(settings, processes)
        self.settings = settings
        self.processes = processes
        self._children: list[_Child] = []
        self._tickets = itertools.count()
        self._loop: asyncio.AbstractEventLoop | None = None

    async def __aenter__(self) -> ProcessPipeline:
        from .pipeline import Pipeline

        # The settings, prompt and schema fail here, in the parent, with the usual errors.
        pipeline = Pipeline(self.settings)
        await pipeline.aclose()
        self._loop = asyncio.get_running_loop()
        fork = _can_fork()
        if fork:
            # What every child needs, loaded once here rather than in each child: the
            # children share its memory until they write to it.
            from ..backends import openai_compat  # noqa: F401

            if pipeline.prompt.spec.strategy == "cues":
                from ..rules.spacy_docs import load_parser

                load_parser()
        for number in range(self.processes):
            jobs_read, jobs_write = os.pipe()
            records_read, records_write = os.pipe()
            if fork:
                process: subprocess.Popen[bytes] | _Forked = self._fork(
                    jobs_read, records_write, (jobs_write, records_read)
                )
            else:
                command = [sys.executable, "-m", "summarizer.run.workers"]
                command += ["--jobs", str(jobs_read), "--records", str(records_write)]
                process = subprocess.Popen(command, pass_fds=(jobs_read, records_write))
            os.close(jobs_read)
            os.close(records_write)
            jobs = Connection(jobs_write, readable=False)
            child = _Child(number, process, jobs, Connection(records_read, writable=False))
            jobs.send(self.settings)
            self._children.append(child)
        # Threads only once every child is forked: a fork copies the forking thread alone.
        for child in self._children:
            name = f"summarizer-worker-{child.number}"
            threading.Thread(target=self._listen, args=(child,), name=name, daemon=True).start()
        return self

    def _fork(self, jobs_fd: int, records_fd: int, parent_ends: tuple[int, int]) -> _Forked:
        """A child that starts with this process's imports: no interpreter start-up."""
        pid = os.fork()
        if pid:
            return _Forked(pid)
        # The child: only its own two pipe ends stay open, and it never returns here.
        code = 1
        try:
            for fd in parent_ends:
                os.close(fd)
            for other in self._children:
                other.conn.close()
                other.records.close()
            _child(jobs_fd, records_fd)
            code = 0
        except BaseException:
            traceback.print_exc()
        finally:
            os._exit(code)

    async def __aexit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        if kind is None:
            await self.aclose()
        else:  # interrupted or failed: what the children hold would not be written anyway
            self.kill()

    def kill(self) -> None:
        """Stop every child at once."""
        for child in self._children:
            child.process.kill()
        for child in self._children:
            child.process.wait()
        self._children = []

    async def aclose(self) -> None:
        """Tell every child there is no more work, and wait for it to finish what it holds."""
        for child in self._children:
            if child.alive:
                try:
                    child.conn.send(None)
                except OSError:
                    pass
        for child in self._children:
            try:
                await asyncio.to_thread(child.process.wait, 30)
            except subprocess.TimeoutExpired:
                child.process.kill()
                await asyncio.to_thread(child.process.wait)
        self._children = []

    async def summarize(self, paper: Paper) -> dict[str, Any]:
        """The output record for one paper, made in the child with the least work."""
        assert self._loop is not None, "use ProcessPipeline as an async context manager"
        ticket = next(self._tickets)
        future: asyncio.Future[dict[str, Any]] = self._loop.create_future()
        while True:
            alive = [c for c in self._children if c.alive]
            if not alive:
                return _failed(paper, "every worker process has stopped")
            child = min(alive, key=lambda c: len(c.pending))
            with child.lock:
                if child.alive:
                    child.pending[ticket] = (future, paper)
                    break
        try:
            child.conn.send((ticket, paper))
        except OSError:
            pass  # the listener sees the child go and fails what it held
        record, hits = await future
        listener = rate_limit_listener.get()
        if listener is not None:
            for retry_after in hits:
                listener(retry_after)
        return record

    def _listen(self, child: _Child) -> None:
        """A thread per child: hand each finished record to the waiting request."""
        loop = self._loop
        assert loop is not None
        while True:
            try:
                ticket, record, hits = child.records.recv()
            except (EOFError, OSError):
                break
            with child.lock:
                future, _ = child.pending.pop(ticket)
            if not _hand_over(loop, future, (record, hits)):
                return  # the run is over
        with child.lock:
            child.alive = False
            held, child.pending = child.pending, {}
        child.records.close()
        if not held:
            return
        try:
            code: int | None = child.process.wait(5)
        except subprocess.TimeoutExpired:
            code = None
        for future, paper in held.values():
            message = (
                f"worker process {child.number} stopped (exit code {code}) "
                "while summarizing this paper"
            )
            if not _hand_over(loop, future, (_failed(paper, message), [])):
                return


def _can_fork() -> bool:
    """Fork where it is safe and cheap: Linux, and no other thread in this process yet."""
    return sys.platform == "linux" and threading.active_count() == 1


def _hand_over(loop: asyncio.AbstractEventLoop, future: asyncio.Future[Any], value: Any) -> bool:
    """Resolve ``future`` on its loop; False when the loop is closed (the run is over)."""
    try:
        loop.call_soon_threadsafe(_resolve, future, value)
    except RuntimeError:
        return False
    return True


def _resolve(future: asyncio.Future[Any], value: Any) -> None:
    if not future.done():
        future.set_result(value)


def _failed(paper: Paper, message: str) -> dict[str, Any]:
    from ..records import new_record

    record = new_record(paper)
    record["error"] = {
        "type": WorkerError.__name__,
        "message": f"{message}; rerun with the same output to retry failed items",
    }
    return record


if __name__ == "__main__":
    main()
