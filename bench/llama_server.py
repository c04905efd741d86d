"""Today's embedded engine against llama.cpp's ``llama-server`` with parallel slots.

    python -m bench.llama_server                                  # the whole comparison
    python -m bench.llama_server --n 12 --parallel 1,4 --repeat 2 --quality 0

Every timed run is the whole ``summarizer summarize`` command in its own process, as a user
runs it, with no cache, so that engine start and stop are part of the time:

- **today**: the embedded engine (llama-cpp-python's server, started and stopped by the
  command itself; concurrency 1, the CLI's default there).
- **llama-server -np N**: ``llama-server`` is started with N slots (continuous batching,
  ``--ctx-size`` = N x the per-slot context), the command is pointed at it with
  ``--base-url``, ``--mode json_object_schema`` (what the embedded engine is sent) and
  ``--concurrency N``, and the server is stopped after it; the wall time runs from the
  server's launch to its exit.

Both are sent the same messages, the same JSON schema as ``response_format`` (turned into a
grammar by each engine) and the same ``max_tokens``; the model is the bundled GGUF file.
The engines alternate within one run (today, then each N, for every batch size, repeated),
so that both see the same load; the load average is printed beside every run.

Also measured per engine: the engine's own prompt and decode rates during the run (today:
its verbose log; llama-server: ``/metrics``), its peak RSS (VmHWM), and probes of plain
decoding against decoding under the summary's grammar at the same concurrency. ``--quality``
runs ``summarizer eval run dev --limit K`` on today's engine and on llama-server, and prints
the ROUGE of the model-written fields.

Build the server first: ``bench/build_llama_server.sh`` (it goes to bench/.llama-server).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.run import SEEDS, engine_requests, load, seed_papers, table
from summarizer.engine.weights import extra_buffers

HERE = Path(__file__).resolve().parent
REPO = HERE.parent


SERVER = HERE / ".llama-server" / "llama-server"
HOST = "127.0.0.1"
PER_SLOT_CTX = 8192
LONGEST = 20_000  # characters: the input limit
EOS = (151643, 151645)  # Qwen2.5's end-of-text and end-of-turn


# ---------------------------------------------------------------- processes


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        tree.setdefault(ppid, []).append(int(entry))
    return tree


def _hwm_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


class PeakRss(threading.Thread):
    """Polls the peak RSS (VmHWM) of a process and all its descendants until stopped."""

    def __init__(self, root: int, interval: float = 0.2) -> None:
        super().__init__(daemon=True)
        self.root, self.interval = root, interval
        self.peaks: dict[int, int] = {}
        self.names: dict[int, str] = {}
        self._done = threading.Event()

    def run(self) -> None:
        while not self._done.is_set():
            self.sample()
            self._done.wait(self.interval)

    def sample(self) -> None:
        tree, todo = _children(), [self.root]
        while todo:
            pid = todo.pop()
            todo += tree.get(pid, [])
            kib = _hwm_kib(pid)
            if kib:
                self.peaks[pid] = max(self.peaks.get(pid, 0), kib)
                self.names.setdefault(pid, _cmdline(pid))

    def stop(self) -> None:
        self.sample()
        self._done.set()
        self.join()

    def peak_mb(self, match: str) -> float:
        kib = [k for pid, k in self.peaks.items() if match in self.names.get(pid, "")]
        return max(kib, default=0) / 1024


# llama-server's lines once it is bound: "HTTP server is listening, hostname: H, port: P, ..."
# and "server is listening on http://H:P - starting the main loop".
_LISTENING = re.compile(r"listening(?:, hostname: \S+, port: | on https?://[^\s:/]+:)(\d+)")


def bound_port(proc: subprocess.Popen[bytes], log: Path, offset: int, deadline: float) -> int:
    """The port a server started with ``--port 0`` says it bound, read from its log after
    ``offset``. Picking a free port for it instead and releasing it before the child binds
    it is a race: another process can take it in between."""
    while True:
        with log.open("rb") as fh:
            fh.seek(offset)
            match = _LISTENING.search(fh.read().decode("utf-8", errors="replace"))
        if match:
            return int(match.group(1))
        if proc.poll() is not None:
            raise RuntimeError(f"llama-server exited before it was listening; see {log}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"llama-server did not bind a port in time; see {log}")
        time.sleep(0.05)


def _post(url: str, body: dict[str, Any], timeout: float = 600) -> dict[str, Any]:
    import httpx

    with httpx.Client(trust_env=False, timeout=timeout) as client:
        response = client.post(url, json=body)
    response.raise_for_status()
    return response.json()


# ---------------------------------------------------------------- llama-server


@dataclass
class LlamaServer:
    """``llama-server`` with ``parallel`` slots on a free loopback port."""

    binary: Path
    model: Path
    alias: str
    parallel: int
    log: Path
    per_slot_ctx: int = PER_SLOT_CTX
    threads: int = os.cpu_count() or 1
    proc: subprocess.Popen[bytes] | None = None
    port: int = 0
    rss: PeakRss | None = None

    def args(self) -> list[str]:
        return [
            str(self.binary),
            "--model", str(self.model),
            "--alias", self.alias,
            "--host", HOST,
            "--port", str(self.port),
            "--parallel", str(self.parallel),
            "--ctx-size", str(self.parallel * self.per_slot_ctx),
            "--threads", str(self.threads),
            "--threads-batch", str(self.threads),
            "--metrics",
            "--no-webui",
            # the weights laid out as the embedded engine lays them (summarizer.engine.weights):
            # on a CPU that reports AMX, llama.cpp's repacking may crash the process (here
            # llama-server died while it loaded the model)
            *([] if extra_buffers() else ["--no-repack"]),
        ]  # fmt: skip

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self, timeout: float = 180) -> None:
        import httpx

        self.port = 0  # llama-server binds a free port itself and logs which
        with self.log.open("ab") as log:
            offset = log.tell()
            self.proc = subprocess.Popen(
                self.args(), stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        self.rss = PeakRss(self.proc.pid)
        self.rss.start()
        deadline = time.monotonic() + timeout
        self.port = bound_port(self.proc, self.log, offset, deadline)
        with httpx.Client(trust_env=False, timeout=2) as client:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"llama-server exited; see {self.log}")
                try:
                    if client.get(self.base_url + "/health").status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
                time.sleep(0.05)
        raise RuntimeError(f"llama-server did not answer in {timeout} s; see {self.log}")

    def metrics(self) -> dict[str, float]:
        import httpx

        text = httpx.get(self.base_url + "/metrics", trust_env=False, timeout=10).text
        out = {}
        for line in text.splitlines():
            if line.startswith("llamacpp:"):
                name, _, value = line.partition(" ")
                out[name.removeprefix("llamacpp:")] = float(value)
        return out

    def stop(self) -> float:
        """Stop the server; its peak RSS in MB."""
        if self.proc is None or self.rss is None:
            return 0.0
        self.rss.sample()
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        self.rss.stop()
        return max(self.rss.peaks.values(), default=0) / 1024


# ---------------------------------------------------------------- one timed command


@dataclass
class Run:
    engine: str
    n: int
    parallel: int
    wall: float
    records: list[dict[str, Any]]
    engine_rss_mb: float
    client_rss_mb: float
    prompt_tokens: int = 0
    prompt_s: float = 0.0
    decode_tokens: int = 0
    decode_s: float = 0.0
    busy_slots: float = 0.0
    load_start: str = ""
    load_end: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def valid(self) -> int:
        return sum(r.get("error") is None for r in self.records)

    @property
    def requests(self) -> int:
        return sum(int(r.get("meta", {}).get("attempts", 1) or 1) for r in self.records)

    @property
    def completion_tokens(self) -> int:
        usage = [r.get("meta", {}).get("usage", {}) for r in self.records]
        return sum(u.get("completion_tokens", 0) for u in usage)


def _summarize_cmd(inputs: Path, out: Path, cache: Path, extra: Sequence[str]) -> list[str]:
    return [
        sys.executable, "-m", "summarizer", "summarize", str(inputs), "-o", str(out),
        "--no-cache", "--cache-dir", str(cache), *extra,
    ]  # fmt: skip


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _run_command(cmd: list[str], log: Path) -> tuple[int, PeakRss]:
    with log.open("ab") as fh:
        proc = subprocess.Popen(
            cmd, stdin=subprocess.DEVNULL, stdout=fh, stderr=subprocess.STDOUT, env=_env(), cwd=REPO
        )
    rss = PeakRss(proc.pid)
    rss.start()
    code = proc.wait()
    rss.stop()
    return code, rss


def _records(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def run_today(work: Path, inputs: Path, n: int) -> Run:
    cache = _cache_dir(work, f"today-{n}-{time.monotonic_ns()}")
    out = cache / "out.jsonl"
    start_load = load()
    started = time.perf_counter()
    code, rss = _run_command(_summarize_cmd(inputs, out, cache, []), cache / "cli.log")
    wall = time.perf_counter() - started
    records = _records(out)
    if code not in (0, 3) or len(records) != n:
        raise RuntimeError(f"today's engine run failed ({code}); see {cache / 'cli.log'}")
    timings = engine_requests((cache / "engine.log").read_text(errors="replace"))
    return Run(
        engine="today",
        n=n,
        parallel=1,
        wall=wall,
        records=records,
        engine_rss_mb=rss.peak_mb("llama_cpp.server"),
        client_rss_mb=rss.peak_mb(" summarize "),
        prompt_tokens=sum(t.prompt_eval_tokens for t in timings),
        prompt_s=sum(t.prompt_eval_ms for t in timings) / 1000,
        decode_tokens=sum(t.eval_runs for t in timings),
        decode_s=sum(t.eval_ms for t in timings) / 1000,
        load_start=start_load,
        load_end=load(),
    )


def run_server(work: Path, inputs: Path, n: int, parallel: int, binary: Path, model: Path,
               alias: str, probes: bool = False) -> Run:  # fmt: skip
    cache = _cache_dir(work, f"server-{parallel}-{n}-{time.monotonic_ns()}")
    out = cache / "out.jsonl"
    server = LlamaServer(binary, model, alias, parallel, cache / "llama-server.log")
    start_load = load()
    started = time.perf_counter()
    try:
        server.start()
        ready = time.perf_counter() - started
        extra = [
            "--base-url", server.base_url + "/v1", "--model", alias,
            "--mode", "json_object_schema", "--concurrency", str(parallel),
        ]  # fmt: skip
        code, rss = _run_command(_summarize_cmd(inputs, out, cache, extra), cache / "cli.log")
        metrics = server.metrics()
        probe = grammar_probe(server.base_url, alias, parallel) if probes else {}
    finally:
        engine_rss = server.stop()
    wall = time.perf_counter() - started
    if probes:  # the probes ran after the command: their time is not the command's
        wall -= probe.pop("seconds")
    records = _records(out)
    if code not in (0, 3) or len(records) != n:
        raise RuntimeError(f"llama-server run failed ({code}); see {cache / 'cli.log'}")
    return Run(
        engine=f"llama-server -np {parallel}",
        n=n,
        parallel=parallel,
        wall=wall,
        records=records,
        engine_rss_mb=engine_rss,
        client_rss_mb=rss.peak_mb(" summarize "),
        prompt_tokens=int(metrics.get("prompt_tokens_total", 0)),
        prompt_s=metrics.get("prompt_seconds_total", 0.0),
        decode_tokens=int(metrics.get("tokens_predicted_total", 0)),
        decode_s=metrics.get("tokens_predicted_seconds_total", 0.0),
        busy_slots=metrics.get("n_busy_slots_per_decode", 0.0),
        load_start=start_load,
        load_end=load(),
        extra={"ready_s": ready, "probe": probe},
    )


def _cache_dir(work: Path, name: str) -> Path:
    from summarizer.settings.config import default_cache_dir

    cache = work / name
    cache.mkdir(parents=True)
    models = default_cache_dir() / "models"
    if models.is_dir():  # the assembled, verified model; not assembled again
        (cache / "models").symlink_to(models, target_is_directory=True)
    return cache


# ---------------------------------------------------------------- probes


def _schema() -> dict[str, Any]:
    from summarizer.prompting.strategy import prompt_text_model
    from summarizer.prompting.templates import load_prompt

    return prompt_text_model(load_prompt("default")).model_json_schema()


def _concurrently(fn: Any, bodies: list[Any]) -> list[Any]:
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(len(bodies)) as pool:
        return list(pool.map(fn, bodies))


def grammar_probe(base_url: str, alias: str, parallel: int) -> dict[str, Any]:
    """llama-server: decoding with and without the summary's grammar, ``parallel`` at once.

    Plain: 96 tokens, end-of-text ignored. Grammar: the summary's JSON schema as
    ``response_format`` (the request summarize sends), up to 96 tokens. Per-sequence rate
    from the server's timings; aggregate = all completion tokens / the batch's wall time.
    Each grammar answer is checked against the schema.
    """
    started = time.perf_counter()
    schema = _schema()
    out: dict[str, Any] = {}

    def plain(i: int) -> dict[str, Any]:
        prompt = f"Write a long story about a lighthouse keeper, part {i + 1}:\n"
        body = {"model": alias, "prompt": prompt, "max_tokens": 96, "temperature": 0,
                "ignore_eos": True}  # fmt: skip
        return _post(base_url + "/v1/completions", body)

    def constrained(i: int) -> dict[str, Any]:
        body = {
            "model": alias,
            "messages": [{"role": "user", "content": f"Summarize study {i + 1} as JSON."}],
            "max_tokens": 96,
            "temperature": 0,
            "response_format": {"type": "json_object", "schema": schema},
        }
        return _post(base_url + "/v1/chat/completions", body)

    for name, fn in (("plain", plain), ("grammar", constrained)):
        t0 = time.perf_counter()
        answers = _concurrently(fn, list(range(parallel)))
        wall = time.perf_counter() - t0
        rates = [a["timings"]["predicted_per_second"] for a in answers]
        tokens = sum(a["usage"]["completion_tokens"] for a in answers)
        out[name] = {"per_sequence": statistics.median(rates), "aggregate": tokens / wall}
        if name == "grammar":
            out["grammar_valid"] = sum(_valid(a, schema) for a in answers)
            out["grammar_n"] = len(answers)
    out["seconds"] = time.perf_counter() - started
    return out


def _valid(answer: dict[str, Any], schema: dict[str, Any]) -> bool:
    """Whether a chat answer is JSON that the schema (required keys, patterns, bounds) admits."""
    try:
        data = json.loads(answer["choices"][0]["message"]["content"])
    except (KeyError, IndexError, TypeError, ValueError):
        return False
    if not isinstance(data, dict) or set(data) != set(schema["required"]):
        return False
    for key, spec in schema["properties"].items():
        value = data[key]
        if spec["type"] == "string":
            if not isinstance(value, str) or len(value) > spec.get("maxLength", 1 << 30):
                return False
            if "pattern" in spec and not re.search(spec["pattern"], value):
                return False
        elif spec["type"] == "array":
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                return False
            if not spec.get("minItems", 0) <= len(value) <= spec.get("maxItems", 1 << 30):
                return False
    return True


def today_probe(work: Path) -> dict[str, Any]:
    """Today's engine: plain decoding against decoding under the summary's grammar."""
    from bench.run import Engine, engine_rates

    with Engine() as engine:
        rates = engine_rates(engine, reps=2)
    return {
        "plain": {"per_sequence": statistics.median(rates["generation"])},
        "grammar": {"per_sequence": statistics.median(rates["grammar_generation"])},
        "prompt": statistics.median(rates["prompt"]),
    }


def decode_pair(v1: str, model: str, parallel: int, tokens: int, llama_server: bool) -> dict:
    """Aggregate decoding rate, ``parallel`` requests at once: plain, then under the grammar.

    Plain: ``tokens`` tokens of a story, end-of-text ignored (llama-server's ``ignore_eos``;
    for llama-cpp-python's server a -100 bias on Qwen2.5's end tokens). Grammar: the summary's
    JSON schema as ``response_format``, up to ``tokens`` tokens. Rate = completion tokens of
    all requests / the wall time of the batch (short prompts, so mostly decoding).
    """
    schema = _schema()

    def plain(i: int) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": model,
            "prompt": f"Write a long story about a lighthouse keeper, part {i + 1}:\n",
            "max_tokens": tokens,
            "temperature": 0,
        }
        if llama_server:
            body["ignore_eos"] = True
        else:
            body["logit_bias"] = {str(t): -100 for t in EOS}
        return _post(v1 + "/completions", body)

    def constrained(i: int) -> dict[str, Any]:
        return _post(
            v1 + "/chat/completions",
            {
                "model": model,
                "messages": [{"role": "user", "content": f"Summarize study {i + 1} as JSON."}],
                "max_tokens": tokens,
                "temperature": 0,
                "response_format": {"type": "json_object", "schema": schema},
            },
        )

    out: dict[str, Any] = {"load": load().split(" on ")[0].removeprefix("load average ")}
    for name, fn in (("plain", plain), ("grammar", constrained)):
        t0 = time.perf_counter()
        answers = _concurrently(fn, list(range(parallel)))
        wall = time.perf_counter() - t0
        out[name] = sum(a["usage"]["completion_tokens"] for a in answers) / wall
    return out


def micro(binary: Path, model: Path, alias: str, slots: Sequence[int], tokens: int,
          rounds: int) -> list[dict[str, Any]]:  # fmt: skip
    """Interleaved decode probes: today's engine, then llama-server at each slot count."""
    from bench.run import Engine

    rows = []
    for _ in range(rounds):
        with Engine() as engine:
            row = decode_pair(engine.base_url, engine.model, 1, tokens, llama_server=False)
        rows.append({"engine": "today", "parallel": 1, **row})
        print(json.dumps(rows[-1]), flush=True)
        for p in slots:
            server = LlamaServer(binary, model, alias, p, Path(tempfile.mkstemp()[1]))
            try:
                server.start()
                row = decode_pair(server.base_url + "/v1", alias, p, tokens, llama_server=True)
            finally:
                server.stop()
            rows.append({"engine": f"llama-server -np {p}", "parallel": p, **row})
            print(json.dumps(rows[-1]), flush=True)
    return rows


# ---------------------------------------------------------------- long input


def long_input_check(work: Path, binary: Path, model: Path, alias: str, parallel: int) -> dict:
    """One abstract at the input limit through llama-server with ``parallel`` slots."""
    papers = seed_papers(SEEDS)
    text = ""
    for p in papers:
        if len(text) + len(p.abstract) + 1 > LONGEST:
            break
        text += p.abstract + " "
    text = text.strip()
    inputs = work / "longest.jsonl"
    inputs.write_text(json.dumps({"id": "longest", "abstract": text}) + "\n")
    run = run_server(work, inputs, 1, parallel, binary, model, alias)
    record = run.records[0]
    usage = record.get("meta", {}).get("usage", {})
    return {
        "chars": len(text),
        "error": record.get("error"),
        "prompt_tokens": usage.get("prompt_tokens"),
        "completion_tokens": usage.get("completion_tokens"),
        "attempts": record.get("meta", {}).get("attempts"),
        "per_slot_ctx": PER_SLOT_CTX,
        "parallel": parallel,
    }


# ---------------------------------------------------------------- quality


def quality(
    work: Path, k: int, binary: Path, model: Path, alias: str, parallel: int,
    engines: Sequence[str] = ("today", "server"),
) -> dict:  # fmt: skip
    """ROUGE of tldr, problem and keywords on the first ``k`` dev items, on both engines."""
    results: dict[str, Any] = {}
    names = {"today": "today", "server": f"llama-server -np {parallel}"}
    for name in (names[e] for e in engines):
        cache = _cache_dir(work, f"eval-{parallel if name != 'today' else 0}")
        out = cache / "run"
        cmd = [sys.executable, "-m", "summarizer", "eval", "run", "dev", "--limit", str(k),
               "--no-cache", "--cache-dir", str(cache), "--out", str(out)]  # fmt: skip
        server = None
        started = time.perf_counter()
        try:
            if name != "today":
                server = LlamaServer(binary, model, alias, parallel, cache / "llama-server.log")
                server.start()
                cmd += ["--base-url", server.base_url + "/v1", "--model", alias,
                        "--mode", "json_object_schema", "--concurrency", str(parallel)]  # fmt: skip
            code, _ = _run_command(cmd, cache / "cli.log")
        finally:
            if server is not None:
                server.stop()
        results[name] = {"code": code, "seconds": time.perf_counter() - started,
                         "scores": _rouge_of(out)}  # fmt: skip
    return results


def _rouge_of(run_dir: Path) -> dict[str, Any]:
    """Mean ROUGE-1/2/L (``score_rouge``) of tldr, problem and keywords over a run's items.

    Keywords are scored as one string (the phrases joined by "; ") against the gold's.
    A field the record lacks (a failed or partial record) scores against an empty string.
    """
    from summarizer.evaluation.scorers import score_rouge

    gold = {}
    with (REPO / "evals" / "gold" / "dev.jsonl").open() as fh:
        for line in fh:
            item = json.loads(line)
            gold[item["id"]] = item["gold"]
    path = run_dir / "predictions.jsonl"
    records = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    out: dict[str, Any] = {
        "items": len(records),
        "errors": sum(r.get("error") is not None for r in records),
        "no_summary": sum(not r.get("summary") for r in records),
    }
    fields: dict[str, list[Any]] = {"tldr": [], "problem": [], "keywords": []}
    for rec in records:
        summary, ref = rec.get("summary") or {}, gold[rec["id"]]
        for name, scores in fields.items():
            pred, refs = summary.get(name), ref.get(name)
            if name == "keywords":
                pred, refs = "; ".join(pred or []), "; ".join(refs or [])
            if refs:
                scores.append(score_rouge(pred or "", [refs]))
    for name, scores in fields.items():
        out[name] = {
            "n": len(scores),
            "rouge1": statistics.mean(s.rouge1 for s in scores) if scores else None,
            "rouge2": statistics.mean(s.rouge2 for s in scores) if scores else None,
            "rougeL": statistics.mean(s.rougeL for s in scores) if scores else None,
        }
    return out


def _agreement(today: list[dict[str, Any]], other: list[dict[str, Any]]) -> dict[str, int]:
    """How many records of two runs agree: the same prompt tokens (first requests alike,
    so the same chat template), the same tldr, the same whole summary."""
    theirs = {r["id"]: r for r in other}
    out = {"prompt_tokens": 0, "tldr": 0, "summary": 0, "both_one_request": 0}
    for mine in today:
        it = theirs.get(mine["id"])
        if it is None:
            continue
        m, t = mine.get("meta", {}), it.get("meta", {})
        if m.get("attempts") == t.get("attempts") == 1:
            out["both_one_request"] += 1
            same = m.get("usage", {}).get("prompt_tokens") == t.get("usage", {}).get(
                "prompt_tokens"
            )
            out["prompt_tokens"] += same
        a, b = mine.get("summary") or {}, it.get("summary") or {}
        out["tldr"] += bool(a) and a.get("tldr") == b.get("tldr")
        out["summary"] += bool(a) and a == b
    return out


# ---------------------------------------------------------------- report


def _row(run: Run, base: Run | None) -> list[Any]:
    pr = run.prompt_tokens / run.prompt_s if run.prompt_s else 0
    dr = run.decode_tokens / run.decode_s if run.decode_s else 0
    return [
        run.engine,
        run.n,
        f"{run.wall:.1f}",
        f"{run.n / run.wall:.3f}",
        f"{run.wall / run.n:.2f}",
        f"{base.wall / run.wall:.2f}x" if base else "",
        f"{run.engine_rss_mb:.0f}",
        f"{pr:.0f}",
        f"{dr:.1f}",
        f"{run.completion_tokens / run.wall:.1f}",
        f"{run.busy_slots:.2f}" if run.busy_slots else "",
        f"{run.valid}/{run.n}",
        run.requests,
        run.load_start.split(" on ")[0].removeprefix("load average "),
    ]


HEADER = [
    "engine", "n", "wall s", "items/s", "s/abstract", "speed-up", "engine peak RSS MB",
    "prompt tok/s", "decode tok/s (per seq)", "completion tok/s (wall)", "busy slots/decode",
    "valid", "requests", "load at start",
]  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", default="12,20", help="batch sizes (first N seed abstracts)")
    parser.add_argument("--parallel", default="1,2,4,8", help="llama-server slot counts")
    parser.add_argument("--repeat", type=int, default=1, help="repeat the whole interleaving")
    parser.add_argument("--key-repeat", default="", help="extra today/llama-server -np P rounds "
                        "on the first batch size, e.g. 4x2 (P=4, twice)")  # fmt: skip
    parser.add_argument("--quality", type=int, default=30, help="dev items scored (0: skip)")
    parser.add_argument("--quality-parallel", type=int, default=4)
    parser.add_argument("--quality-engines", default="today,server")
    parser.add_argument("--probes", action="store_true", help="grammar probes (server runs)")
    parser.add_argument("--long", type=int, default=0, help="slots for the 20,000-char check")
    parser.add_argument(
        "--micro",
        type=int,
        default=0,
        help="only the interleaved decode "
        "probes, this many tokens per request (see --repeat, --parallel)",
    )
    parser.add_argument("--server", type=Path, default=SERVER)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)

    from summarizer.engine.model_file import BUNDLED, bundled_model_path
    from summarizer.settings.config import default_cache_dir

    if not args.server.exists():
        raise SystemExit(f"{args.server} not found: run bench/build_llama_server.sh first")
    model = bundled_model_path(default_cache_dir())
    alias = BUNDLED.alias
    sizes = [int(x) for x in args.n.split(",") if x]
    slots = [int(x) for x in args.parallel.split(",") if x]
    if args.micro:
        rows = micro(args.server, model, alias, slots, args.micro, args.repeat)
        if args.json:
            args.json.write_text(json.dumps(rows, indent=2))
        return
    work = Path(tempfile.mkdtemp(prefix="summarizer-bench-llama-server-"))
    papers = seed_papers(SEEDS, max(sizes)) if sizes else []
    inputs = {}
    for n in sizes:
        inputs[n] = work / f"seeds-{n}.jsonl"
        with inputs[n].open("w") as fh:
            for p in papers[:n]:
                fh.write(json.dumps({"id": p.id, "abstract": p.abstract, "title": p.title}) + "\n")
    print(f"# llama-server bench, {time.strftime('%Y-%m-%d %H:%M:%S')}, {load()}", flush=True)
    runs: list[Run] = []
    summary: dict[str, Any] = {"runs": [], "started": load()}
    try:
        if args.probes:
            summary["today_probe"] = today_probe(work)
            print("today probe", json.dumps(summary["today_probe"]), flush=True)
        rounds = [(n, slots) for _ in range(args.repeat) for n in sizes]
        if args.key_repeat:
            p, times = (int(x) for x in args.key_repeat.split("x"))
            rounds += [(sizes[0], [p])] * times
        for n, round_slots in rounds:
            base = run_today(work, inputs[n], n)
            runs.append(base)
            print("|", " | ".join(map(str, _row(base, None))), "|", flush=True)
            for p in round_slots:
                run = run_server(work, inputs[n], n, p, args.server, model, alias, args.probes)
                run.extra["base_wall"] = base.wall
                run.extra["same_as_today"] = _agreement(base.records, run.records)
                runs.append(run)
                print("|", " | ".join(map(str, _row(run, base))), "|",
                      json.dumps(run.extra), flush=True)  # fmt: skip
        if args.long:
            summary["long"] = long_input_check(work, args.server, model, alias, args.long)
            print("long input", json.dumps(summary["long"]), flush=True)
        if args.quality:
            summary["quality"] = quality(
                work, args.quality, args.server, model, alias, args.quality_parallel,
                args.quality_engines.split(","),
            )  # fmt: skip
            print("quality", json.dumps(summary["quality"]), flush=True)
    finally:
        summary["ended"] = load()
        rows, base = [], None
        for run in runs:
            base = run if run.engine == "today" else base
            rows.append(_row(run, base if run is not base else None))
            summary["runs"].append({
                k: v for k, v in run.__dict__.items() if k != "records"
            } | {"valid": run.valid, "requests": run.requests,
                 "completion_tokens": run.completion_tokens})  # fmt: skip
        print()
        print(table("Today's engine against llama-server (whole command, engine start included)",
                    HEADER, rows, [f"Load: {summary['started']} at the start, "
                                   f"{summary['ended']} at the end."]))  # fmt: skip
        if args.json:
            args.json.write_text(json.dumps(summary, indent=2, default=str))
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
