"""Benchmarks: the embedded engine against its floor, client overhead, memory over long
inputs, peers on the same engine.

    python -m bench.run                          # all four sections
    python -m bench.run --only client --items 5000
    python -m bench.run --only floor,peers --n 20

Each section prints one table. ``floor`` and ``peers`` start the embedded engine (the
bundled model) as a detached server in a temporary cache directory and stop it at the
end; ``client`` starts bench/fast_server.py on loopback; ``stream`` runs the batch path
with a stand-in for the model. ``peers`` needs the peers'
environment (``make bench`` creates bench/.venv-peers with instructor and langextract).
Nothing here is a timed test: numbers depend on the machine and its load, which each
table's header shows.
"""

from __future__ import annotations

import argparse
import asyncio
import glob
import json
import os
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

SEEDS = str(REPO.parent / "shared" / "seeds" / "*.txt")
PEERS_PYTHON = HERE / ".venv-peers" / "bin" / "python"
CONCURRENCY = (1, 8, 64, 256)
#: The client section's run over text that repeats no sentence: SciTLDR's train and dev
#: abstracts (2,611). The seed-based items repeat the seeds' sentences, and the rules keep
#: the parse of a sentence they have seen, which users' abstracts rarely give them.
DISTINCT = "scitldr"
DISTINCT_ITEMS = 2000
SCITLDR = REPO.parent / "shared" / "evaldata" / "scitldr"


# ---------------------------------------------------------------- shared helpers


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def seed_papers(pattern: str, n: int | None = None) -> list[Any]:
    from summarizer.io.inputs import read_papers

    papers = list(read_papers(sorted(glob.glob(pattern))))
    if not papers:
        raise SystemExit(f"no seed abstracts match {pattern}")
    return papers[:n] if n else papers


def table(title: str, header: list[str], rows: list[list[Any]], notes: list[str] = ()) -> str:
    cells = [[str(c) for c in header]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]

    def line(row: list[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |"

    out = [f"### {title}", "", line(cells[0])]
    out.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    out += [line(r) for r in cells[1:]]
    if notes:
        out.append("")
        out += list(notes)
    return "\n".join(out)


def peak_rss_mb(who: int = resource.RUSAGE_SELF) -> float:
    return resource.getrusage(who).ru_maxrss / 1024  # KiB on Linux


# ---------------------------------------------------------------- 2. client overhead


def _tag(i: int) -> str:
    letters = "bcdfghjklmnpqrstvwxz"
    out = ""
    while True:
        out += letters[i % 20]
        i //= 20
        if not i:
            return out


def _abstracts(pattern: str) -> list[str]:
    """The seed dumps' abstracts, or SciTLDR's (:data:`DISTINCT`)."""
    if pattern == DISTINCT:
        from summarizer.evaluation.suites import load_suite

        return [
            item.abstract
            for split in ("train", "dev")
            for item in load_suite(f"scitldr:{SCITLDR / split}.jsonl")
        ]
    return [p.abstract for p in seed_papers(pattern)]


def synthetic_papers(pattern: str, items: int) -> Iterator[Any]:
    """``items`` distinct abstracts: seed abstracts (or SciTLDR's), each with a closing tag
    word."""
    from summarizer.io.inputs import make_paper

    seeds = _abstracts(pattern)
    for i in range(items):
        text = f"{seeds[i % len(seeds)]} Corpus tag {_tag(i)}."
        yield make_paper(text, "bench", None, None, 20_000)


async def client_run(
    base_url: str, cache_dir: str, items: int, concurrency: int, pattern: str, workers: int = 1
) -> dict[str, Any]:
    # The OpenAI client's modules are imported before the clock starts, as the instructor
    # arm imports openai and instructor before its clock; the client is built on the clock
    # in both arms.
    import summarizer.backends.openai_compat  # noqa: F401
    from summarizer.io.output import RecordWriter
    from summarizer.run.runner import run_batch
    from summarizer.run.workers import open_pipeline
    from summarizer.settings.config import Settings

    settings = Settings(
        base_url=base_url,
        model="fast",
        cache_dir=Path(cache_dir),
        concurrency=concurrency,
        api_key_env="SUMMARIZER_BENCH_NO_KEY",
    )
    counts = {"valid": 0, "invalid": 0, "cached": 0}

    def seen(record: dict[str, Any]) -> None:
        ok = record["error"] is None and record["summary"] is not None
        counts["valid" if ok else "invalid"] += 1
        counts["cached"] += bool(record["meta"].get("cached"))

    out = Path(cache_dir) / f"records-{concurrency}-{time.monotonic_ns()}.jsonl"
    writer = RecordWriter(out)
    papers = synthetic_papers(pattern, items)
    rss_before = peak_rss_mb()
    cpu = _cpu_seconds()
    started = time.perf_counter()
    async with open_pipeline(settings, workers) as pipeline:
        await run_batch(pipeline, papers, writer, concurrency=concurrency, on_record=seen)
    seconds = time.perf_counter() - started
    cpu = _cpu_seconds() - cpu
    writer.close()
    return {
        "items": items,
        "concurrency": concurrency,
        "workers": workers,
        "seconds": seconds,
        "items_per_s": items / seconds,
        "cpu_ms_per_item": 1000 * cpu / items,
        "peak_rss_mb": peak_rss_mb(),
        "worker_peak_rss_mb": peak_rss_mb(resource.RUSAGE_CHILDREN) if workers > 1 else None,
        "rss_before_mb": rss_before,
        **counts,
    }


def _cpu_seconds() -> float:
    """CPU seconds of this process and of its children that have ended (the workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def client_worker(args: argparse.Namespace) -> None:
    """One client run in this process (so that its peak memory is its own); prints JSON."""
    result = asyncio.run(
        client_run(
            args.base_url, args.cache_dir, args.items, args.concurrency, args.seeds, args.workers
        )
    )
    print(json.dumps(result))


@dataclass
class FastServer:
    """bench/fast_server.py as a child process on a free loopback port."""

    proc: subprocess.Popen[str] | None = None
    port: int = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def command(self) -> list[str]:
        """The server's command line; it prints ``listening on PORT`` first."""
        return [sys.executable, "-m", "bench.fast_server", "--port", "0"]

    def __enter__(self) -> FastServer:
        self.proc = subprocess.Popen(
            self.command(),
            cwd=REPO,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        match = re.match(r"listening on (\d+)", line)
        if not match:
            self.proc.kill()
            raise SystemExit(f"the fast server did not start: {line!r}")
        self.port = int(match.group(1))
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def _run_worker(kind: str, **options: Any) -> dict[str, Any]:
    """``python -m bench.run --worker KIND --option value ...`` in a process of its own (so
    that its peak memory is its own); the JSON line it prints last."""
    command = [sys.executable, "-m", "bench.run", "--worker", kind]
    for name, value in options.items():
        command += [f"--{name.replace('_', '-')}", str(value)]
    done = subprocess.run(
        command, cwd=REPO, capture_output=True, text=True, check=False, timeout=3600
    )
    if done.returncode != 0:
        raise SystemExit(f"{kind} run failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _spawn_worker(
    base_url: str, cache_dir: str, items: int, concurrency: int, seeds: str, workers: int = 1
) -> dict[str, Any]:
    return _run_worker(
        "client",
        base_url=base_url,
        cache_dir=cache_dir,
        items=items,
        concurrency=concurrency,
        seeds=seeds,
        workers=workers,
    )


def client_section(
    items: int = 5000,
    concurrency: tuple[int, ...] = CONCURRENCY,
    seeds: str = SEEDS,
    cached_at: int = 64,
    workers: int = 2,
) -> tuple[str, list[dict[str, Any]]]:
    """Items/s and peak RSS through run_batch against the fast server, then a cached rerun."""
    results = []
    work = Path(tempfile.mkdtemp(prefix="summarizer-bench-client-"))
    header_load = load()
    try:
        with FastServer() as server:
            for c in concurrency:
                cache_dir = work / f"c{c}"
                result = _spawn_worker(server.base_url, str(cache_dir), items, c, seeds)
                result["run"] = f"fresh cache, concurrency {c}"
                results.append(result)
            at = cached_at if cached_at in concurrency else concurrency[-1]
            if SCITLDR.is_dir():
                count = min(items, DISTINCT_ITEMS)
                result = _spawn_worker(server.base_url, str(work / "d"), count, at, DISTINCT)
                result["run"] = f"fresh cache, concurrency {at}, distinct SciTLDR abstracts"
                results.append(result)
            from bench.client_peers import instructor_arm

            peer = instructor_arm(server.base_url, items, at, seeds, "summary")
            answer_peer = instructor_arm(server.base_url, items, at, seeds, "answer")
            results += [peer, answer_peer]
            if workers > 1:
                cache_dir = work / f"c{at}-w{workers}"
                result = _spawn_worker(server.base_url, str(cache_dir), items, at, seeds, workers)
                result["run"] = f"fresh cache, concurrency {at}, --workers {workers}"
                results.append(result)
            result = _spawn_worker(server.base_url, str(work / f"c{at}"), items, at, seeds)
            result["run"] = f"fully cached rerun, concurrency {at}"
            results.append(result)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    rows = [
        [
            r["run"],
            r["items"],
            f"{r['valid']}/{r['items']}",
            r["cached"],
            f"{r['seconds']:.2f}",
            f"{r['items_per_s']:.0f}",
            f"{r['items_per_s'] / peer['items_per_s']:.2f}",
            f"{r['items_per_s'] / answer_peer['items_per_s']:.2f}",
            f"{r['cpu_ms_per_item']:.3f}",
            f"{r['peak_rss_mb']:.0f}"
            + (f" + {workers} × {r['worker_peak_rss_mb']:.0f}" if r["workers"] > 1 else ""),
        ]
        for r in results
    ]
    text = table(
        "Client overhead: run_batch against a loopback server that answers at once",
        [
            "run",
            "items",
            "valid",
            "cached",
            "seconds",
            "items/s",
            "× instructor",
            "× answer peer",
            "CPU ms/item",
            "peak RSS MB",
        ],
        rows,
        [
            f"Load: {header_load} at the start, {load()} at the end (server and client "
            "share the cores).",
            "× instructor: items/s over a plain async instructor loop's (bench/client_peers.py: "
            "one create per abstract, Mode.JSON_SCHEMA, the whole summary (PaperSummary) as "
            f"its response model, concurrency {at} by a semaphore, no rules, cache or output "
            "file). × answer peer: the same loop asking only for the answer the default prompt "
            "asks the model for (its text model: tldr and problem), the lighter peer.",
            "CPU ms/item: the client's CPU time (with --workers, the workers' too) per item; "
            "steadier than items/s when other work shares the cores.",
            f"Distinct SciTLDR abstracts: the first {DISTINCT_ITEMS:,} of SciTLDR's train and "
            "dev abstracts (at most --items), which repeat no sentence; the other runs repeat "
            "the seeds' sentences, whose parses the rules keep.",
            "Goals: 500 items/s at concurrency 64, 2,000 items/s fully cached.",
            "Peak RSS is the client process's (imports included), one process per run; "
            "with --workers, plus the largest worker process's, times the workers.",
        ],
    )
    return text, results


# ---------------------------------------------------------------- streaming memory

STREAM_SIZES = (10_000, 100_000, 1_000_000)


class _StandIn:
    """Answers every paper at once with a fixed summary: what grows is the runner's own."""

    summary = {"tldr": "A stand-in summary.", "introduces": [], "datasets": [], "results": []}

    async def summarize(self, paper: Any) -> dict[str, Any]:
        from summarizer.run.pipeline import new_record

        record = new_record(paper)
        record["summary"] = self.summary
        return record


def _stream_input(path: Path, lines: int) -> None:
    with path.open("w", encoding="utf-8") as fh:
        for n in range(lines):
            fh.write(
                json.dumps({"id": f"p{n:07d}", "abstract": f"Abstract {n}: {_tag(n)} words."})
                + "\n"
            )


def stream_worker(args: argparse.Namespace) -> None:
    """read_papers -> run_batch -> RecordWriter over ``--items`` lines of ``--input``, in
    this process (so that its peak memory is its own); prints JSON."""
    from summarizer.io.inputs import read_papers
    from summarizer.io.output import RecordWriter
    from summarizer.run.runner import run_batch

    rss_before = peak_rss_mb()
    started = time.perf_counter()
    writer = RecordWriter(args.out)
    resumed = len(writer.done)
    stats = asyncio.run(
        run_batch(_StandIn(), read_papers([args.input]), writer, concurrency=64, limit=args.items)
    )
    writer.close()
    print(
        json.dumps(
            {
                "items": args.items,
                "done": stats.done,
                "skipped": stats.skipped,
                "resumed_from": resumed,
                "seconds": time.perf_counter() - started,
                "rss_before_mb": rss_before,
                "peak_rss_mb": peak_rss_mb(),
            }
        )
    )


def stream_section(sizes: tuple[int, ...] = STREAM_SIZES) -> tuple[str, list[dict[str, Any]]]:
    """Peak memory of a run over inputs of growing length, and of resuming it."""
    work = Path(tempfile.mkdtemp(prefix="summarizer-bench-stream-"))
    header_load = load()
    results = []
    try:
        source = work / "input.jsonl"
        _stream_input(source, max(sizes))
        for size in sizes:
            out = work / f"out-{size}.jsonl"
            for run in ("fresh output", "resumed (every id finished)"):
                result = _run_worker("stream", input=source, out=out, items=size)
                result["run"] = run
                results.append(result)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    rows = [
        [
            f"{r['items']:,}",
            r["run"],
            f"{r['done']:,}",
            f"{r['skipped']:,}",
            f"{r['seconds']:.1f}",
            f"{r['rss_before_mb']:.0f}",
            f"{r['peak_rss_mb']:.0f}",
        ]
        for r in results
    ]
    text = table(
        "Streaming: peak memory over inputs of growing length",
        ["input lines", "run", "written", "skipped", "seconds", "RSS at start MB", "peak RSS MB"],
        rows,
        [
            f"Load: {header_load} at the start, {load()} at the end.",
            "read_papers -> run_batch (concurrency 64) -> RecordWriter, one process per run, "
            "with a stand-in that answers each paper at once (no HTTP, no rules): what is "
            "measured is what the run keeps per paper. Resumed: the same command again over "
            "its own output, so every id is already finished and skipped.",
        ],
    )
    return text, results


# ---------------------------------------------------------------- engine helpers

_PROMPT_EVAL = re.compile(r"prompt eval time =\s*([\d.]+) ms /\s*(\d+) tokens")
_EVAL = re.compile(r"^llama_perf_context_print:\s+eval time =\s*([\d.]+) ms /\s*(\d+) runs")
_TOTAL = re.compile(r"total time =\s*([\d.]+) ms /\s*(\d+) tokens")
_PREFIX = re.compile(r"Llama\.generate: (\d+) prefix-match hit")
_CACHED_FULL = "full prompt already cached"


@dataclass
class EngineRequest:
    """One completion as the engine's log tells it."""

    prefix_hit: int = 0
    prompt_eval_ms: float = 0.0
    prompt_eval_tokens: int = 0
    eval_ms: float = 0.0
    eval_runs: int = 0
    total_ms: float = 0.0


def engine_requests(log_text: str) -> list[EngineRequest]:
    """The engine log's per-request timings, in order (llama-cpp-python's verbose output)."""
    requests: list[EngineRequest] = []
    current = EngineRequest()
    for line in log_text.splitlines():
        if m := _PREFIX.search(line):
            current.prefix_hit = int(m.group(1))
        elif m := _PROMPT_EVAL.search(line):
            current.prompt_eval_ms, current.prompt_eval_tokens = float(m.group(1)), int(m.group(2))
        elif m := _EVAL.search(line):
            current.eval_ms, current.eval_runs = float(m.group(1)), int(m.group(2))
        elif m := _TOTAL.search(line):
            current.total_ms = float(m.group(1))
            requests.append(current)
            current = EngineRequest()
    return requests


class Engine:
    """The embedded engine as a detached server in a private cache directory."""

    def __init__(self) -> None:
        from summarizer.settings.config import default_cache_dir

        self.cache_dir = Path(tempfile.mkdtemp(prefix="summarizer-bench-engine-"))
        models = default_cache_dir() / "models"
        if models.is_dir():  # reuse the assembled model file instead of assembling it again
            (self.cache_dir / "models").symlink_to(models, target_is_directory=True)
        self.info: Any = None
        self.log = self.cache_dir / "engine.log"
        self._offset = 0

    def __enter__(self) -> Engine:
        from summarizer.engine.local import start_daemon

        try:
            self.info = start_daemon(self.cache_dir)
        except BaseException:
            shutil.rmtree(self.cache_dir, ignore_errors=True)
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        from summarizer.engine.local import stop_daemon

        stop_daemon(self.cache_dir)
        shutil.rmtree(self.cache_dir, ignore_errors=True)

    @property
    def base_url(self) -> str:
        return self.info.base_url

    @property
    def model(self) -> str:
        return self.info.model

    def mark(self) -> None:
        """Later calls to :meth:`requests` see only what the engine logs from now on."""
        self._offset = self.log.stat().st_size

    def requests(self) -> list[EngineRequest]:
        with self.log.open("rb") as fh:
            fh.seek(self._offset)
            return engine_requests(fh.read().decode("utf-8", errors="replace"))

    def post(self, path: str, body: dict[str, Any], timeout: float = 600) -> dict[str, Any]:
        import httpx

        with httpx.Client(trust_env=False, timeout=timeout) as client:
            response = client.post(self.base_url + path, json={"model": self.model, **body})
        response.raise_for_status()
        return response.json()


_FILLER = (
    "Deep networks trained on large corpora transfer to many downstream problems, yet "
    "their behaviour under distribution shift remains poorly understood. We study how "
    "pretraining data, model scale and fine-tuning choices interact across vision, "
    "language and speech benchmarks, and we release code and evaluation suites. "
)


def engine_rates(engine: Engine, reps: int = 2, salt: int = 0) -> dict[str, list[float]]:
    """Raw prompt-eval and generation rates (tokens/s) from the engine's own timings.

    Prompt rate: a ~400-token prompt (about an abstract's size) with max_tokens=1, its
    first words changed each time so that no prefix is reused. Generation rate: a short
    prompt, 96 tokens with end-of-text banned, greedy, no grammar. Grammar rate: the same
    under the JSON-schema grammar that summarize sends (completion tokens over the
    request's wall time less its prompt eval).
    """
    from summarizer.prompting.strategy import prompt_text_model
    from summarizer.prompting.templates import load_prompt

    out: dict[str, list[float]] = {"prompt": [], "generation": [], "grammar_generation": []}
    engine.post("/completions", {"prompt": "Hello", "max_tokens": 4})  # warm-up
    eos = {"151643": -100, "151645": -100}  # Qwen2.5's end-of-text and end-of-turn
    schema = prompt_text_model(load_prompt("default")).model_json_schema()
    for i in range(salt, salt + reps):
        engine.mark()
        prompt = f"Note {i} {_tag(i * 7919)}: " + _FILLER * 7
        engine.post("/completions", {"prompt": prompt, "max_tokens": 1, "temperature": 0})
        request = engine.requests()[-1]
        out["prompt"].append(request.prompt_eval_tokens / request.prompt_eval_ms * 1000)
        engine.mark()
        story = f"Write a long story about a lighthouse keeper, part {i + 1}:\n"
        body = {"prompt": story, "max_tokens": 96, "temperature": 0, "logit_bias": eos}
        engine.post("/completions", body)
        request = engine.requests()[-1]
        out["generation"].append(request.eval_runs / request.eval_ms * 1000)
        engine.mark()
        started = time.perf_counter()
        answer = engine.post(
            "/chat/completions",
            {
                "messages": [{"role": "user", "content": f"Summarize study {i + 1} as JSON."}],
                "max_tokens": 96,
                "temperature": 0,
                "response_format": {"type": "json_object", "schema": schema},
            },
        )
        wall = time.perf_counter() - started
        request = engine.requests()[-1]
        tokens = answer["usage"]["completion_tokens"]
        out["grammar_generation"].append(tokens / (wall - request.prompt_eval_ms / 1000))
    return out


# ---------------------------------------------------------------- 1. engine floor


def floor_section(n: int = 20, seeds: str = SEEDS) -> tuple[str, dict[str, Any]]:
    """summarize's seconds per abstract on the embedded engine, as a ratio to its floor."""
    from bench.floor_tokens import answer_counts
    from summarizer.api import summarize_many
    from summarizer.settings.config import Settings

    papers = seed_papers(seeds, n)
    start_load = load()
    with Engine() as engine:
        before = engine_rates(engine)
        settings = Settings(cache_dir=engine.cache_dir, use_cache=False, concurrency=1)
        # One abstract per call, so that the engine's log says which requests were whose.
        records, by_record = [], []
        started = time.perf_counter()
        for paper in papers:
            engine.mark()
            records += [r.to_dict() for r in summarize_many([paper], settings)]
            by_record.append(engine.requests())
        wall = time.perf_counter() - started
        requests = [r for mine in by_record for r in mine]
        after = engine_rates(engine, salt=100)
        forced_free = answer_counts(papers, records, settings.prompt, engine.info.model_path)
    end_load = load()
    samples = {k: before[k] + after[k] for k in before}
    rates = {k: statistics.median(v) for k, v in samples.items()}
    pr, gr = rates["prompt"], rates["generation"]
    rows, per = [], []
    for k, (record, mine) in enumerate(zip(records, by_record, strict=True), 1):
        meta = record["meta"]
        evaluated = sum(r.prompt_eval_tokens for r in mine)
        completion = meta["usage"]["completion_tokens"]
        floor_s = evaluated / pr + completion / gr
        first = mine[0]
        first_tokens = first.eval_runs + 1  # the first token is sampled after the prompt eval
        per.append(
            {
                "seconds": meta["seconds"],
                "floor": floor_s,
                "first_floor": first.prompt_eval_tokens / pr + first_tokens / gr,
                "sent": meta["usage"]["prompt_tokens"],
                "evaluated": evaluated,
                "completion": completion,
                "attempts": len(mine),
                "meta_attempts": meta["attempts"],
                "valid": record["error"] is None,
                "prompt_ms": sum(r.prompt_eval_ms for r in mine),
                "eval_ms": sum(r.eval_ms for r in mine),
                "engine_ms": sum(r.total_ms for r in mine),
                "reask_ms": sum(r.total_ms for r in mine[1:]),
            }
        )
        rows.append(
            [
                k,
                record["id"],
                f"{len(mine)} ({meta['attempts']})",
                meta["usage"]["prompt_tokens"],
                evaluated,
                completion,
                f"{meta['seconds']:.2f}",
                f"{floor_s:.2f}",
                f"{meta['seconds'] / floor_s:.2f}",
                "yes" if record["error"] is None else "no",
                forced_free[k - 1],
            ]
        )

    def total(key: str) -> float:
        return sum(p[key] for p in per)

    total_s, floor_total, first_total = total("seconds"), total("floor"), total("first_floor")
    prompt_s, eval_s = total("prompt_ms") / 1000, total("eval_ms") / 1000
    engine_s = total("engine_ms") / 1000
    other_s = engine_s - prompt_s - eval_s
    client_s = total_s - engine_s
    reask_share = total("reask_ms") / 1000 / total_s if total_s else 0.0
    prefix = max((r.prefix_hit for r in requests[1:]), default=0)
    rows.append(
        [
            "all",
            f"{len(per)} abstracts",
            f"{int(total('attempts'))} ({int(total('meta_attempts'))})",
            int(total("sent")),
            int(total("evaluated")),
            int(total("completion")),
            f"{total_s:.2f}",
            f"{floor_total:.2f}",
            f"{total_s / floor_total:.2f}",
            f"{sum(p['valid'] for p in per)}/{len(per)}",
            _sum_counts(forced_free),
        ]
    )

    def spread(key: str) -> str:
        return "/".join(f"{v:.0f}" if v >= 100 else f"{v:.1f}" for v in samples[key])

    notes = [
        f"Load: {start_load} at the start, {end_load} at the end.",
        f"Engine rates (median of {len(samples['prompt'])}: before/after the run; from the "
        f"engine's own timings): prompt eval {pr:.0f} tokens/s ({spread('prompt')}), "
        f"generation {gr:.1f} tokens/s ({spread('generation')}) without a grammar, "
        f"{rates['grammar_generation']:.1f} tokens/s ({spread('grammar_generation')}) under "
        "the summary's JSON-schema grammar.",
        "floor s = evaluated prompt tokens / prompt rate + completion tokens / generation "
        "rate, over every request of the abstract. 'evaluated' counts only the prompt tokens "
        "the engine had to evaluate: it keeps the KV cache of the prompt it saw last, so the "
        f"fixed prefix ({prefix} tokens: system prompt and chat template) is evaluated by "
        "the first request of the run only, and a re-ask evaluates only what it adds.",
        f"Per abstract: {total_s / len(per):.2f} s measured (meta.seconds; summarize_many "
        f"on one abstract at a time, no cache; {wall:.1f} s wall for {len(per)}), "
        f"floor {floor_total / len(per):.2f} s: "
        f"ratio {total_s / floor_total:.2f}. Against the floor of each abstract's first "
        f"request alone (as if no re-ask were needed): {total_s / first_total:.2f}.",
        f"Against the engine's own prompt-eval and decoding time for these very requests "
        f"({prompt_s + eval_s:.1f} s; the same tokens at the rates of the moment, so less "
        f"sensitive to load changing between the rate probes and the run): ratio "
        f"{total_s / (prompt_s + eval_s):.2f}.",
        f"Where the time went: engine prompt eval {prompt_s / total_s:.0%}, engine decoding "
        f"{eval_s / total_s:.0%}, engine other (grammar-constrained sampling, grammar build, "
        f"HTTP) {other_s / total_s:.0%}, client (cue rules, validation, instructor) "
        f"{client_s / total_s:.0%}.",
        "requests: completions the engine served for the abstract (its log); in brackets "
        "meta.attempts of the record.",
        "forced/free: the answer's tokens that the schema's grammar forced (keys, quotes, "
        "commas, brackets) vs the model chose, recounted from the record's fields as "
        "compact JSON (bench/floor_tokens.py); jump-forward would evaluate the forced ones "
        "in one batch.",
        f"Re-asks: {int(total('attempts')) - len(per)} extra requests, "
        f"{reask_share:.1%} of the measured time.",
    ]
    text = table(
        "Embedded engine against its floor (bundled Qwen2.5-Coder-0.5B-Instruct Q4_K_M)",
        [
            "#",
            "id",
            "requests",
            "prompt tokens sent",
            "evaluated",
            "completion tokens",
            "seconds",
            "floor s",
            "ratio",
            "valid",
            "forced/free",
        ],
        rows,
        notes,
    )
    summary = {
        "rates": rates,
        "rate_samples": samples,
        "seconds_per_abstract": total_s / len(per),
        "floor_per_abstract": floor_total / len(per),
        "ratio": total_s / floor_total,
        "ratio_first_request": total_s / first_total,
        "ratio_in_run": total_s / (prompt_s + eval_s),
        "wall": wall,
        "reask_share": reask_share,
        "breakdown_s": {
            "prompt_eval": prompt_s,
            "decode": eval_s,
            "engine_other": other_s,
            "client": client_s,
        },
        "records": records,
    }
    return text, summary


def _sum_counts(counts: list[str]) -> str:
    pairs = [tuple(map(int, c.split("/"))) for c in counts if c != "-"]
    return f"{sum(p[0] for p in pairs)}/{sum(p[1] for p in pairs)}"


# ---------------------------------------------------------------- 3. peers


def peers_section(
    n: int = 20, seeds: str = SEEDS, ours: tuple[list[dict[str, Any]], float] | None = None
) -> str:
    """Ours, a plain instructor loop and LangExtract on the same engine and abstracts."""
    from summarizer.api import summarize_many
    from summarizer.settings.config import Settings

    if not PEERS_PYTHON.exists():
        raise SystemExit(f"{PEERS_PYTHON} is missing: run make bench (it creates it)")
    papers = seed_papers(seeds, n)
    header_load = load()
    rows = []
    with Engine() as engine:
        abstracts = engine.cache_dir / "abstracts.json"
        abstracts.write_text(json.dumps([p.abstract for p in papers]))
        try:
            if ours is None:  # else: the floor section's run of the same abstracts
                settings = Settings(cache_dir=engine.cache_dir, use_cache=False, concurrency=1)
                started = time.perf_counter()
                records = [r.to_dict() for r in summarize_many(papers, settings)]
                ours = records, time.perf_counter() - started
            rows.append(_peer_row("summarizer (default.v1, cues)", *ours))
            for peer in ("instructor", "langextract"):
                done = subprocess.run(
                    [
                        str(PEERS_PYTHON),
                        str(HERE / "peers.py"),
                        peer,
                        engine.base_url,
                        engine.model,
                        str(abstracts),
                    ],
                    capture_output=True,
                    text=True,
                    check=False,
                    timeout=3600,
                    env={**os.environ, "PYTHONPATH": ""},
                )
                if done.returncode != 0:
                    raise SystemExit(f"peer {peer} failed:\n{done.stderr[-3000:]}")
                result = json.loads(done.stdout.strip().splitlines()[-1])
                rows.append(
                    [
                        result["name"],
                        len(papers),
                        f"{result['valid']}/{len(papers)}",
                        f"{result['seconds'] / len(papers):.2f}",
                        f"{result['prompt_tokens'] / len(papers):.0f}",
                        f"{result['completion_tokens'] / len(papers):.0f}",
                        f"{result['requests'] / len(papers):.2f}",
                    ]
                )
        finally:
            abstracts.unlink(missing_ok=True)
    return table(
        "Peers on the same engine and abstracts",
        [
            "tool",
            "abstracts",
            "valid",
            "seconds/abstract",
            "prompt tokens/abstract",
            "completion tokens/abstract",
            "requests/abstract",
        ],
        rows,
        [
            f"Measured at {header_load} (start) and {load()} (end); one request at a time.",
            "Seconds are wall time over all abstracts (summarizer: the floor section's run "
            "when both run). Tokens are the engine's usage counts "
            "as reported to each client (prompt tokens as sent, reused prefix included).",
            "valid: summarizer, a record without error; instructor, a validated PaperSummary; "
            "langextract, a document with at least one extraction.",
        ],
    )


def _peer_row(name: str, records: list[dict[str, Any]], wall: float) -> list[Any]:
    n = len(records)
    prompt = sum(r["meta"]["usage"]["prompt_tokens"] for r in records)
    completion = sum(r["meta"]["usage"]["completion_tokens"] for r in records)
    requests = sum(r["meta"]["attempts"] for r in records)
    valid = sum(r["error"] is None for r in records)
    return [
        name,
        n,
        f"{valid}/{n}",
        f"{wall / n:.2f}",
        f"{prompt / n:.0f}",
        f"{completion / n:.0f}",
        f"{requests / n:.2f}",
    ]


# ---------------------------------------------------------------- entry point


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="summarizer benchmarks")
    parser.add_argument(
        "--only", default="floor,client,stream,peers", help="sections, comma-separated"
    )
    parser.add_argument("--n", type=int, default=20, help="seed abstracts for floor and peers")
    parser.add_argument("--items", type=int, default=5000, help="abstracts for client")
    parser.add_argument(
        "--concurrency", default=",".join(map(str, CONCURRENCY)), help="client concurrency"
    )
    parser.add_argument("--seeds", default=SEEDS, help="glob of seed dumps")
    parser.add_argument(
        "--workers", type=int, default=2, help="worker processes for the client's extra run"
    )
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--base-url", help=argparse.SUPPRESS)
    parser.add_argument("--cache-dir", help=argparse.SUPPRESS)
    parser.add_argument("--input", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker == "client":
        args.concurrency = int(args.concurrency)
        client_worker(args)
        return
    if args.worker == "stream":
        stream_worker(args)
        return
    # Stopped with SIGTERM: unwind, so that an engine started here is stopped too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    sections = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = set(sections) - {"floor", "client", "stream", "peers"}
    if unknown:
        parser.error(f"unknown sections: {', '.join(sorted(unknown))}")
    numbers: dict[str, Any] = {}
    floor_records: list[dict[str, Any]] = []
    for section in sections:
        if section == "floor":
            text, summary = floor_section(args.n, args.seeds)
            numbers["floor"] = {k: v for k, v in summary.items() if k != "records"}
            floor_records = summary["records"]
        elif section == "client":
            levels = tuple(int(c) for c in args.concurrency.split(","))
            text, results = client_section(args.items, levels, args.seeds, workers=args.workers)
            numbers["client"] = results
        elif section == "stream":
            text, results = stream_section()
            numbers["stream"] = results
        else:
            floor = numbers.get("floor")
            ours = (floor_records, floor["wall"]) if floor else None
            text = peers_section(args.n, args.seeds, ours)
        print(text, end="\n\n", flush=True)
    if args.json:
        args.json.write_text(json.dumps(numbers, indent=2))


if __name__ == "__main__":
    main()
