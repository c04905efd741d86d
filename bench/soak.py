"""A soak run: the whole ``summarizer summarize`` command over many items at high concurrency,
its output checked record by record; then the same run cut by Ctrl-C halfway and resumed.

    python -m bench.soak                          # 20,000 items, --concurrency 256
    python -m bench.soak --n 2000 --concurrency 64

N distinct abstracts (the seed abstracts, each with a closing tag word, as in the client
section of bench/run.py) are written as one JSONL input in a temporary folder. Each run is
the real CLI in a subprocess, ``summarize in.jsonl -o out.jsonl --base-url <fast> --model
fast --concurrency C --no-cache`` with the default prompt, against bench/fast_server.py on
loopback (it answers at once, so what is measured is the client):

1. **full run**: a fresh output, to the end;
2. **interrupted**: a fresh output, SIGINT (as Ctrl-C sends it) once half the records are
   written;
3. **resumed**: the interrupted command again, on its own output.

Every output is read back as bytes: a *torn* line is one that is not a whole JSON record or
is not ended by a newline. "peak RSS" is the kernel's high-water mark of the command (its
``ru_maxrss`` from ``wait4``); "tree RSS" is the largest sum over the command and every
process under it, sampled every 0.1 s. Wall time runs from launch to exit, start-up included.
Not a test: the numbers depend on the machine and its load, shown per run. The script exits 1
when a check fails (an id missing or twice, a torn line, a failed record, an unexpected exit
code).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench.ray_data import tree_rss
from bench.run import SEEDS, FastServer, load, synthetic_papers, table

HERE = Path(__file__).resolve().parent
REPO = HERE.parent


#: The keys every record of the output has (``summarizer.records.new_record``).
RECORD_KEYS = frozenset({"id", "abstract", "summary", "error", "meta"})
#: The CLI's exit code after Ctrl-C; a SIGINT that lands while Python shuts down, its own
#: handlers gone, ends the process by the signal (a shell shows that as 130 too).
INTERRUPTED = (130, -signal.SIGINT)


@dataclass
class Outcome:
    """One run of the command and what its output holds afterwards."""

    run: str
    items: int
    concurrency: int
    exit_code: int
    seconds: float
    first_record: float | None
    new_records: int
    peak_rss_mb: float
    tree_rss_mb: float
    written: int
    unique: int
    missing: int
    unexpected: int
    failed: int
    torn: int
    started: str
    load_start: str
    load_end: str
    signalled: bool = False
    problems: list[str] = field(default_factory=list)


def write_inputs(path: Path, n: int) -> list[str]:
    """``n`` distinct abstracts as JSONL at ``path``; their ids, in order."""
    ids = []
    with path.open("w", encoding="utf-8") as fh:
        for paper in synthetic_papers(SEEDS, n):
            fh.write(json.dumps({"id": paper.id, "abstract": paper.abstract}) + "\n")
            ids.append(paper.id)
    if len(set(ids)) != n:
        raise SystemExit(f"the {n} generated abstracts have only {len(set(ids))} distinct ids")
    return ids


def check_output(path: Path, ids: list[str]) -> dict[str, int]:
    """What the JSONL output at ``path`` holds against the input ``ids``.

    ``written`` counts whole records, ``unique`` their distinct ids, ``missing`` the input
    ids with no record, ``unexpected`` records whose id is not an input's, ``failed`` records
    with an error (a partial record included), ``torn`` lines that are not a whole record.
    """
    data = path.read_bytes() if path.exists() else b""
    lines = data.split(b"\n")
    tail = lines.pop()  # what follows the last newline: empty unless a line was cut short
    torn = 1 if tail else 0
    seen: set[str] = set()
    written = failed = 0
    for line in lines:
        try:
            record = json.loads(line)
        except ValueError:
            torn += 1
            continue
        if not isinstance(record, dict) or not RECORD_KEYS <= record.keys():
            torn += 1
            continue
        written += 1
        seen.add(str(record["id"]))
        failed += record["error"] is not None or record["summary"] is None
    wanted = set(ids)
    return {
        "written": written,
        "unique": len(seen),
        "missing": len(wanted - seen),
        "unexpected": len(seen - wanted),
        "failed": failed,
        "torn": torn,
    }


def _newlines(path: Path, state: dict[str, int]) -> int:
    """Newlines in ``path`` so far, reading only what was appended since the last call."""
    try:
        with path.open("rb") as fh:
            fh.seek(state.get("offset", 0))
            chunk = fh.read()
    except OSError:
        return state.get("lines", 0)
    state["offset"] = state.get("offset", 0) + len(chunk)
    state["lines"] = state.get("lines", 0) + chunk.count(b"\n")
    return state["lines"]


def _default_sigint() -> None:
    # A background job inherits SIGINT ignored, and an ignored signal stays ignored across
    # exec: the child would never see the Ctrl-C this script sends it.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_command(
    command: list[str],
    out: Path,
    env: dict[str, str],
    log: Path,
    interrupt_at: int | None = None,
    timeout: float = 3600,
) -> dict[str, Any]:
    """Run ``command`` to its exit; SIGINT it once ``out`` holds ``interrupt_at`` lines.

    Returns its exit code, wall seconds, seconds to its first new record (None without one),
    peak RSS (kernel high-water mark) and peak sampled RSS of its process tree, in MB, and
    whether the SIGINT was sent.
    """
    size = out.stat().st_size if out.exists() else 0
    began = time.monotonic()
    with log.open("ab") as err:
        proc = subprocess.Popen(
            command,
            env=env,
            cwd=REPO,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=err,
            preexec_fn=_default_sigint,
        )
    done = threading.Event()
    state: dict[str, Any] = {"tree": 0, "signalled": False, "killed": False, "first": None}
    lines: dict[str, int] = {}

    def watch() -> None:
        # The child is reaped with wait4 below (for its rusage), never polled here: a poll
        # could reap it first and lose it.
        while not done.wait(0.1):
            state["tree"] = max(state["tree"], tree_rss(proc.pid))
            if state["first"] is None and out.exists() and out.stat().st_size > size:
                state["first"] = time.monotonic() - began
            if time.monotonic() - began > timeout and not state["killed"]:
                state["killed"] = True
                os.kill(proc.pid, signal.SIGKILL)
            if interrupt_at is not None and not state["signalled"]:
                if _newlines(out, lines) >= interrupt_at:
                    state["signalled"] = True
                    os.kill(proc.pid, signal.SIGINT)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    # Wait for the exit without reaping, so that the watcher never signals a pid that is
    # free for reuse; then reap.
    os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOWAIT)
    seconds = time.monotonic() - began
    done.set()
    watcher.join()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if state["killed"]:
        tail = log.read_text(errors="replace")[-3000:]
        raise SystemExit(f"the run did not end within {timeout:.0f} s; its stderr:\n{tail}")
    return {
        "exit_code": proc.returncode,
        "seconds": seconds,
        "first_record": state["first"],
        "peak_rss_mb": usage.ru_maxrss / 1024,  # KiB on Linux
        "tree_rss_mb": state["tree"] / 2**20,
        "signalled": state["signalled"],
    }


def _problems(o: Outcome) -> list[str]:
    """What is wrong with the outcome of a run, by the kind of run it was."""
    found = []
    if o.written != o.unique:
        found.append(f"{o.written - o.unique} ids written twice")
    if o.torn:
        found.append(f"{o.torn} torn lines")
    if o.unexpected:
        found.append(f"{o.unexpected} records of ids not in the input")
    if o.failed:
        found.append(f"{o.failed} failed records")
    if o.run.startswith("interrupted"):
        # A run that ended before the signal landed is whole: nothing to resume, still fine.
        if o.exit_code not in INTERRUPTED and not (o.exit_code == 0 and not o.missing):
            found.append(f"exit code {o.exit_code}, not 130")
    else:
        if o.exit_code != 0:
            found.append(f"exit code {o.exit_code}, not 0")
        if o.missing:
            found.append(f"{o.missing} ids missing")
    return found


def soak(n: int = 20_000, concurrency: int = 256, timeout: float = 3600) -> list[Outcome]:
    """The full, interrupted and resumed runs over ``n`` abstracts at ``concurrency``."""
    work = Path(tempfile.mkdtemp(prefix="summarizer-bench-soak-"))
    outcomes = []
    try:
        inputs = work / "in.jsonl"
        ids = write_inputs(inputs, n)
        env = {**os.environ, "SUMMARIZER_CACHE_DIR": str(work / "cache")}
        for name in ("SUMMARIZER_DEBUG", "SUMMARIZER_PROGRESS", "OPENAI_BASE_URL"):
            env.pop(name, None)
        with FastServer() as server:
            base = [sys.executable, "-m", "summarizer.cli", "summarize", str(inputs)]
            flags = ["--base-url", server.base_url, "--model", "fast"]
            flags += ["--concurrency", str(concurrency), "--no-cache"]
            runs = [
                ("full run", work / "full.jsonl", None),
                ("interrupted at half", work / "cut.jsonl", n // 2),
                ("resumed", work / "cut.jsonl", None),
            ]
            for name, out, interrupt_at in runs:
                before = check_output(out, ids)["written"]
                started, start = time.strftime("%Y-%m-%d %H:%M %Z"), load()
                command = [*base, "-o", str(out), *flags]
                ran = run_command(command, out, env, work / "stderr.log", interrupt_at, timeout)
                found = check_output(out, ids)
                outcome = Outcome(
                    run=name,
                    items=n,
                    concurrency=concurrency,
                    new_records=found["written"] - before,
                    started=started,
                    load_start=start,
                    load_end=load(),
                    **ran,
                    **found,
                )
                outcome.problems = _problems(outcome)
                outcomes.append(outcome)
        if any(o.problems for o in outcomes):
            log = (work / "stderr.log").read_text(errors="replace")
            print(f"stderr of the runs (last 3,000 characters):\n{log[-3000:]}", file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return outcomes


def _loads(text: str) -> str:
    return text.removeprefix("load average ").split(" on ")[0].split()[0]


def report(outcomes: list[Outcome]) -> str:
    """The outcomes as a markdown table, with the checks' verdict under it."""
    rows = [
        [
            o.run,
            o.items,
            o.concurrency,
            f"{o.seconds:.1f}",
            f"{o.first_record:.1f}" if o.first_record is not None else "",
            f"{o.new_records / o.seconds:.0f}" if o.seconds else "",
            f"{o.peak_rss_mb:.0f}",
            f"{o.tree_rss_mb:.0f}",
            f"{o.written} / {o.unique} / {o.missing}",
            o.failed,
            o.torn,
            o.exit_code,
            f"{_loads(o.load_start)} → {_loads(o.load_end)}",
        ]
        for o in outcomes
    ]
    problems = [f"- {o.run}: {p}" for o in outcomes for p in o.problems]
    notes = [
        f"Started {outcomes[0].started}; {outcomes[0].load_start} at the "
        f"start, {outcomes[-1].load_end} at the end (the server and the client share the "
        "cores).",
        "first record s: from launch to the run's first new record in the output (imports, "
        "reading the input and the resume's scan of the output). records/s: the run's new "
        "records over its wall time, start-up included. ids: whole records / distinct ids / "
        "input ids with no record, in the output after the run.",
        *(["Checks: all passed."] if not problems else ["Checks failed:", *problems]),
    ]
    if not outcomes[1].missing:
        notes.append(
            "The interrupted run wrote every record before the SIGINT landed"
            + ("" if outcomes[1].signalled else " (it was never sent)")
            + ": the resume had nothing left to do."
        )
    return table(
        f"Soak: summarize {outcomes[0].items} abstracts at --concurrency "
        f"{outcomes[0].concurrency}, fast loopback server",
        [
            "run",
            "items",
            "concurrency",
            "wall s",
            "first record s",
            "records/s",
            "peak RSS MB",
            "tree RSS MB",
            "ids written / unique / missing",
            "failed",
            "torn lines",
            "exit code",
            "load 1-min start → end",
        ],
        rows,
        notes,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20_000, help="distinct abstracts")
    parser.add_argument("--concurrency", type=int, default=256, help="requests in flight")
    parser.add_argument("--timeout", type=float, default=3600, help="seconds per run at most")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    args = parser.parse_args(argv)
    if args.n < 2:
        parser.error("--n must be at least 2 (the interrupted run stops at half)")
    outcomes = soak(args.n, args.concurrency, args.timeout)
    print(report(outcomes))
    if args.json:
        args.json.write_text(json.dumps([asdict(o) for o in outcomes], indent=2))
    return 1 if any(o.problems for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
