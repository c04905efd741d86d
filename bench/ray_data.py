"""``summarize --ray`` against the plain CLI on one machine: items/s, peak memory, start-up.

    python -m bench.ray_data                      # 2,000 rows, 2 actors against --workers 2
    python -m bench.ray_data --items 500 --actors 2 --concurrency 32

Both runs are the real CLI in a subprocess, into a fresh output and a fresh cache, against
bench/fast_server.py on loopback (it answers at once, so the client side is what is measured):

- plain: ``--workers N --concurrency N*C`` (the runner's limit covers every worker);
- Ray: ``--ray --ray-actors N --concurrency C`` (each actor keeps C requests in flight), on
  a local Ray instance that the run starts and stops itself (no ``RAY_ADDRESS``).

"start-up" is from launching the command to its first record in the output; "items/s" is
over the rest of the run (first record to exit); "peak RSS" is the largest sum of the RSS of
the command and every process under it (Ray's GCS, raylet and workers included), sampled
every 0.1 s. Not a test: the numbers depend on the machine and its load, shown in the header.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench.run import SEEDS, FastServer, load, synthetic_papers, table

HERE = Path(__file__).resolve().parent
REPO = HERE.parent


def tree_rss(root: int) -> int:
    """Bytes of RSS of ``root`` and all its descendants, read from /proc."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    page = os.sysconf("SC_PAGE_SIZE")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            pages = int((entry / "statm").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            continue
        parents[int(entry.name)] = int(stat[1])
        rss[int(entry.name)] = pages * page
    total, todo = 0, [root]
    children: dict[int, list[int]] = {}
    for pid, parent in parents.items():
        children.setdefault(parent, []).append(pid)
    while todo:
        pid = todo.pop()
        total += rss.get(pid, 0)
        todo.extend(children.get(pid, []))
    return total


def _lines(path: Path) -> int:
    try:
        with path.open("rb") as fh:
            return sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 16), b""))
    except OSError:
        return 0


def one_run(name: str, args: list[str], out: Path, env: dict[str, str]) -> dict[str, Any]:
    """Run ``args``; its wall time, start-up, steady items/s and peak tree RSS."""
    began = time.monotonic()
    proc = subprocess.Popen(
        args, env=env, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    peak, first = [0], [None]

    def watch() -> None:
        while proc.poll() is None:
            peak[0] = max(peak[0], tree_rss(proc.pid))
            if first[0] is None and out.exists() and out.stat().st_size > 0:
                first[0] = time.monotonic()
            time.sleep(0.1)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    _, stderr = proc.communicate(timeout=1800)
    ended = time.monotonic()
    watcher.join()
    if proc.returncode != 0:
        raise SystemExit(f"{name} failed ({proc.returncode}):\n{stderr[-3000:]}")
    records = _lines(out)
    start = (first[0] or ended) - began
    steady = ended - (first[0] or began)
    return {
        "run": name,
        "records": records,
        "seconds": ended - began,
        "startup": start,
        "items_per_s": records / steady if steady > 0 else 0.0,
        "peak_rss_mb": peak[0] / 2**20,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=2000)
    parser.add_argument("--actors", type=int, default=2, help="Ray actors, and plain --workers")
    parser.add_argument("--concurrency", type=int, default=32, help="requests in flight each")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    args = parser.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="bench-ray-"))
    before = load()
    results = []
    try:
        inputs = work / "in.jsonl"
        with inputs.open("w") as fh:
            for paper in synthetic_papers(SEEDS, args.items):
                fh.write(json.dumps({"id": paper.id, "abstract": paper.abstract}) + "\n")
        with FastServer() as server:
            base = [sys.executable, "-m", "summarizer.cli", "summarize", str(inputs)]
            base += ["--base-url", server.base_url, "--model", "fast"]
            n, c = args.actors, args.concurrency
            runs = {
                f"plain CLI, --workers {n} --concurrency {n * c}": [
                    "--workers",
                    str(n),
                    "--concurrency",
                    str(n * c),
                ],
                f"--ray, {n} actors x --concurrency {c}": [
                    "--ray",
                    "--ray-actors",
                    str(n),
                    "--concurrency",
                    str(c),
                ],
            }
            for i, (name, more) in enumerate(runs.items()):
                out = work / f"out-{i}.jsonl"
                env = {**os.environ, "SUMMARIZER_CACHE_DIR": str(work / f"cache-{i}")}
                env.pop("RAY_ADDRESS", None)
                results.append(one_run(name, [*base, *more, "-o", str(out)], out, env))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    rows = [
        [
            r["run"],
            r["records"],
            f"{r['seconds']:.1f}",
            f"{r['startup']:.1f}",
            f"{r['items_per_s']:.0f}",
            f"{r['peak_rss_mb']:.0f}",
        ]
        for r in results
    ]
    print(
        table(
            f"Ray Data against the plain CLI: {args.items} rows, fast loopback server",
            ["run", "records", "wall s", "start-up s", "items/s after start-up", "peak RSS MB"],
            rows,
            [f"start: {before}", f"end: {load()}"],
        )
    )
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
