"""Commit against commit: the whole `summarizer summarize` command of a baseline commit (A)
and of this tree (B), on the same abstracts, repeats interleaved.

    python -m bench.ab                                  # baseline 8e333c6, 20 abstracts, 3 repeats
    python -m bench.ab --baseline HEAD~5 --n 12 --repeats 5

The baseline is checked out with ``git worktree add --detach`` into a temporary folder, with
a venv of its own (``pip install -e '<worktree>[local]'``; pip's cache holds the
llama-cpp-python wheel once ``make install`` built it); this tree runs from ``.venv``. Both
are removed at the end (``git worktree remove --force``, ``git worktree prune``).

Each run is the command as a user types it, engine start and stop included:
``summarizer summarize SEEDS --limit N -o OUT --no-cache --cache-dir FRESH``, in a process
of its own, from a fresh cache directory whose ``models`` folder is a link to the assembled
bundled model (assembled and hashed once before the first run, so neither arm unpacks it).
Repeat r runs A then B when r is even, B then A when it is odd (A, B, B, A, ...), so a load
that drifts weighs on both arms alike.

The table gives per run the seconds, the prompt and completion tokens of the records' meta,
the 1-minute load average before and after, the records with no error and those that
validate under this tree's schema (grounding included); then per arm the median and the
spread (min-max), the ratio B/A of the medians with the range of the per-repeat ratios, and
how many summaries are byte-identical between the arms. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.run import load, table

REPO = Path(__file__).resolve().parents[1]
SEEDS = REPO.parent / "shared" / "seeds" / "000_89500ff302b6df21.txt"
DEFAULT_BASELINE = "8e333c6"


@dataclass(frozen=True)
class Arm:
    """One side of the comparison: a name, the commit it is, and its ``summarizer`` command."""

    name: str
    commit: str
    command: tuple[str, ...]


@dataclass
class Run:
    """One timed run of one arm."""

    arm: str
    repeat: int
    seconds: float
    exit_code: int
    load_before: float
    load_after: float
    records: list[dict[str, Any]] = field(default_factory=list)
    valid: int = 0

    @property
    def ok(self) -> int:
        """Records with a summary and no error."""
        return sum(r.get("error") is None and r.get("summary") is not None for r in self.records)

    def tokens(self, kind: str) -> int:
        """The sum of ``meta.usage[kind]`` over the records."""
        usage = [(r.get("meta") or {}).get("usage") or {} for r in self.records]
        return sum(int(u.get(kind) or 0) for u in usage)


def schedule(repeats: int) -> list[tuple[int, str]]:
    """The order of the runs: ``(repeat, arm)``, A then B on even repeats, B then A on odd."""
    return [(r, arm) for r in range(repeats) for arm in (("A", "B") if r % 2 == 0 else ("B", "A"))]


def read_records(path: Path) -> list[dict[str, Any]]:
    """The JSONL records at ``path``; none when the run wrote no output."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def arm_env() -> dict[str, str]:
    """The environment of a run: this one without PYTHONPATH or SUMMARIZER_* settings."""
    return {
        k: v for k, v in os.environ.items() if k != "PYTHONPATH" and not k.startswith("SUMMARIZER_")
    }


def run_arm(
    arm: Arm,
    repeat: int,
    work: Path,
    seeds: Path,
    n: int,
    models: Path | None,
    extra: Sequence[str] = (),
) -> Run:
    """Run ``arm``'s whole command once into a fresh folder under ``work``; ``extra`` is
    passed on to ``summarize``."""
    folder = work / f"{arm.name}-{repeat}"
    cache = folder / "cache"
    cache.mkdir(parents=True)
    if models is not None:
        (cache / "models").symlink_to(models, target_is_directory=True)
    out = folder / "out.jsonl"
    command = [
        *arm.command, "summarize", str(seeds), "--limit", str(n), "-o", str(out),
        "--no-cache", "--cache-dir", str(cache), *extra,
    ]  # fmt: skip
    before = os.getloadavg()[0]
    started = time.perf_counter()
    with (folder / "cli.log").open("wb") as log:
        code = subprocess.call(
            command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            cwd=folder, env=arm_env(),
        )  # fmt: skip
    seconds = time.perf_counter() - started
    return Run(arm.name, repeat, seconds, code, before, os.getloadavg()[0], read_records(out))


def run_all(arms: dict[str, Arm], repeats: int, one: Callable[[Arm, int], Run]) -> list[Run]:
    """Every run, in :func:`schedule` order; ``one(arm, repeat)`` runs one."""
    runs = []
    for repeat, name in schedule(repeats):
        run = one(arms[name], repeat)
        print(
            f"  {name} repeat {repeat + 1}: {run.seconds:.1f} s, exit {run.exit_code}, "
            f"{run.ok}/{len(run.records)} records ok, load {run.load_before:.2f} -> "
            f"{run.load_after:.2f}",
            file=sys.stderr,
        )
        runs.append(run)
    return runs


def validate(runs: Sequence[Run]) -> None:
    """Set each run's ``valid``: records whose summary this tree's schema accepts, grounded
    in the record's abstract."""
    from pydantic import ValidationError

    from summarizer.schemas.paper_summary import PaperSummary

    for run in runs:
        valid = 0
        for record in run.records:
            if record.get("error") is not None or record.get("summary") is None:
                continue
            try:
                PaperSummary.model_validate(
                    record["summary"], context={"abstract": record["abstract"]}
                )
            except ValidationError:
                continue
            valid += 1
        run.valid = valid


def _summaries(run: Run) -> dict[str, str]:
    # Keyed by the abstract, not the id: two commits may derive ids differently.
    return {
        r["abstract"]: json.dumps(r["summary"], sort_keys=True, ensure_ascii=False)
        for r in run.records
        if r.get("summary") is not None
    }


def identical(a: Run, b: Run) -> tuple[int, int]:
    """Summaries byte-identical between two runs (as sorted JSON), of the abstracts both have."""
    sa, sb = _summaries(a), _summaries(b)
    shared = sa.keys() & sb.keys()
    return sum(sa[k] == sb[k] for k in shared), len(shared)


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):.1f} ({min(values):.1f}-{max(values):.1f})"


def report(arms: dict[str, Arm], runs: Sequence[Run], n: int) -> str:
    """The runs as a markdown table, then each arm's median and spread, the ratio and the
    summaries the arms share byte for byte."""
    rows = [
        [
            f"{r.arm} ({arms[r.arm].commit})", r.repeat + 1, f"{r.seconds:.1f}",
            r.tokens("prompt_tokens"), r.tokens("completion_tokens"), r.exit_code,
            f"{r.ok}/{n}", f"{r.valid}/{n}", f"{r.load_before:.2f} -> {r.load_after:.2f}",
        ]
        for r in runs
    ]  # fmt: skip
    seconds = {name: [r.seconds for r in runs if r.arm == name] for name in arms}
    notes = [
        f"{name} ({arms[name].commit}): median (min-max) {_spread(seconds[name])} s"
        for name in arms
        if seconds[name]
    ]
    by = {(r.arm, r.repeat): r for r in runs}
    pairs = [(by[("A", k)], by[("B", k)]) for k in sorted({r.repeat for r in runs})
             if ("A", k) in by and ("B", k) in by]  # fmt: skip
    if pairs:
        ratios = [b.seconds / a.seconds for a, b in pairs if a.seconds]
        median = statistics.median(seconds["B"]) / statistics.median(seconds["A"])
        notes.append(
            f"B/A seconds: {median:.3f} of the medians; per repeat "
            f"{min(ratios):.3f}-{max(ratios):.3f} ({', '.join(f'{x:.3f}' for x in ratios)})"
        )
        same = [identical(a, b) for a, b in pairs]
        notes.append(
            "summaries byte-identical between A and B: "
            + ", ".join(f"{s}/{t} (repeat {k + 1})" for k, (s, t) in enumerate(same))
        )
    for name in arms:
        own = [r for r in runs if r.arm == name]
        if len(own) > 1:
            same = [identical(own[0], r) for r in own[1:]]
            notes.append(
                f"{name} against its own first run: "
                + ", ".join(f"{s}/{t}" for s, t in same)
                + " identical"
            )
    bad = [r for r in runs if r.exit_code != 0 or r.valid != n]
    notes.append(
        "Checks: every run exited 0 with every record valid."
        if not bad
        else "Checks failed: " + ", ".join(f"{r.arm} repeat {r.repeat + 1}" for r in bad)
    )
    header = ["arm", "repeat", "seconds", "prompt tokens", "completion tokens", "exit",
              "records ok", "valid (this schema)", "load 1-min before -> after"]  # fmt: skip
    return table(f"A/B: summarize {n} abstracts, whole command", header, rows, notes)


def _git(*args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=REPO, check=True, capture_output=True, text=True
    ).stdout.strip()


def baseline_arm(commit: str, work: Path) -> Arm:
    """A worktree of ``commit`` under ``work`` and a venv with it installed, as arm A."""
    tree, venv = work / "baseline", work / "venv-baseline"
    _git("worktree", "add", "--detach", str(tree), commit)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "-e", f"{tree}[local]"]
    done = subprocess.run(pip, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"installing {commit} failed:\n{(done.stdout + done.stderr)[-3000:]}")
    print(f"baseline venv ready in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    arm = Arm("A", _git("rev-parse", "--short", commit), (str(venv / "bin" / "summarizer"),))
    check_flags(arm)
    return arm


FLAGS = ("--limit", "--no-cache", "--cache-dir", "--output")


def check_flags(arm: Arm) -> None:
    """Refuse an arm whose ``summarize`` lacks a flag the runs pass."""
    shown = subprocess.run(
        [*arm.command, "summarize", "--help"], capture_output=True, text=True,
        env={**arm_env(), "COLUMNS": "200"},
        check=False, timeout=120,
    ).stdout  # fmt: skip
    missing = [flag for flag in FLAGS if flag not in shown]
    if missing:
        raise SystemExit(f"`summarize` of {arm.commit} has no {', '.join(missing)}")


def remove_worktree(work: Path) -> None:
    """Remove the baseline's worktree and prune git's record of it."""
    tree = work / "baseline"
    if tree.exists():
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=REPO, check=False)
    subprocess.run(["git", "worktree", "prune"], cwd=REPO, check=False)


def this_tree() -> str:
    """HEAD's short hash, with "+ changes" when tracked files differ from it."""
    changed = _git("status", "--porcelain", "--untracked-files=no")
    return _git("rev-parse", "--short", "HEAD") + (" + changes" if changed else "")


def model_folder() -> Path:
    """The default cache's ``models`` folder, with the bundled model assembled and its hash
    remembered there, so no timed run unpacks or hashes it."""
    from summarizer.engine.model_file import bundled_model_path
    from summarizer.settings.config import default_cache_dir

    return bundled_model_path(default_cache_dir()).parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=DEFAULT_BASELINE, help="commit of arm A")
    parser.add_argument("--n", type=int, default=20, help="abstracts per run (default 20)")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each arm (default 3)")
    parser.add_argument("--seeds", type=Path, default=SEEDS, help="the input file")
    parser.add_argument(
        "--timeout", type=float, help="seconds per answer for both arms (default: each one's)"
    )
    parser.add_argument("--json", type=Path, help="also write the runs here")
    args = parser.parse_args(argv)
    current = REPO / ".venv" / "bin" / "summarizer"
    if not current.exists():
        raise SystemExit(f"{current} is missing: run make install")
    models = model_folder()
    extra = ["--timeout", str(args.timeout)] if args.timeout else []
    work = Path(tempfile.mkdtemp(prefix="bench-ab-"))
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    try:
        arms = {
            "A": baseline_arm(args.baseline, work),
            "B": Arm("B", this_tree(), (str(current),)),
        }
        start_load = load()
        runs = run_all(
            arms,
            args.repeats,
            lambda arm, repeat: run_arm(arm, repeat, work, args.seeds, args.n, models, extra),
        )
        validate(runs)
        print(report(arms, runs, args.n))
        print(f"\nStarted {started}; {start_load} at the start, {load()} at the end.")
        if args.json:
            args.json.write_text(json.dumps([r.__dict__ for r in runs], indent=1))
    finally:
        remove_worktree(work)
        shutil.rmtree(work, ignore_errors=True)
    return 0 if all(r.exit_code == 0 and r.valid == args.n for r in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
