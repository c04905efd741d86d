"""Behaviour preservation of the rules: every abstract's plan, hashed, against a baseline.

A plan is what the code decides for one abstract before the model is asked: every field the
rules decide (names, datasets, results with their metric, subject and kind, code URL,
domain, contribution types, tasks), the candidate names, and the messages and response
schema sent. This script computes the plan of every abstract we have, for each prompt
strategy that runs rules (``default`` and ``candidates``), and compares a sha256 of each
with ``evals/plan_hashes.json``. Only the hashes are stored: the evaluation data stays
outside the repository.

The abstracts: the seed dumps (``../shared/seeds``), SciTLDR train and dev and SciERC train
and dev (``../shared/evaldata``).

    python evals/plan_check.py            # compare; exit 1 and list what changed
    python evals/plan_check.py --write    # re-baseline (say in the commit how many and why)
    python evals/plan_check.py --time     # also print ms per abstract
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from summarizer.io.inputs import make_paper, read_papers
from summarizer.prompting.strategy import Plan, plan
from summarizer.prompting.templates import load_prompt
from summarizer.schemas.registry import load_schema

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
BASELINE = REPO / "evals" / "plan_hashes.json"
PROMPTS = ("default", "candidates")


def abstracts(shared: Path = SHARED) -> Iterator[tuple[str, str]]:
    """``(where, abstract)`` for every abstract of the seeds, SciTLDR and SciERC."""
    for path in sorted((shared / "seeds").glob("*.txt")):
        for paper in read_papers([str(path)], limit_chars=10**9):
            yield f"seeds/{path.name}", paper.abstract
    for split in ("train", "dev"):
        path = shared / "evaldata" / "scitldr" / f"{split}.jsonl"
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                record = json.loads(line)
                yield f"scitldr/{split}", " ".join(record["source"])
    for split in ("train", "dev"):
        path = shared / "evaldata" / "scierc" / f"{split}.json"
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                record = json.loads(line)
                tokens = [t for sentence in record["sentences"] for t in sentence]
                yield f"scierc/{split}", " ".join(tokens)


_SCHEMAS: dict[type, dict[str, Any]] = {}


def _schema(model: type) -> dict[str, Any]:
    # Response models are cached per candidate names, so most repeat across abstracts.
    if model not in _SCHEMAS:
        _SCHEMAS[model] = model.model_json_schema()  # type: ignore[attr-defined]
    return _SCHEMAS[model]


def fingerprint(p: Plan) -> dict[str, Any]:
    """What a plan decides and sends, as plain JSON."""
    cands = p.candidates
    return {
        "messages": p.messages,
        "schema": _schema(p.response_model),
        "decided": p.decided,
        "names": list(cands.names) if cands else None,
        "urls": list(cands.urls) if cands else None,
        "code_url": cands.code_url if cands else None,
        "results": [
            [n.value, n.metric, n.subject, n.kind] for n in (cands.numbers if cands else [])
        ],
    }


def plan_hash(p: Plan) -> str:
    blob = json.dumps(fingerprint(p), sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


def compute(shared: Path = SHARED) -> tuple[dict[str, str], int, float]:
    """``{key: plan hash}`` (key: the abstract's sha256 prefix and the prompt), the number of
    abstracts, and the seconds spent planning."""
    schema = load_schema("paper_summary.v1").model
    prompts = [load_prompt(name) for name in PROMPTS]
    hashes: dict[str, str] = {}
    count, spent = 0, 0.0
    for _, abstract in abstracts(shared):
        paper = make_paper(abstract, "plan-check", None, None, 10**9)
        key = hashlib.sha256(abstract.encode("utf-8")).hexdigest()[:16]
        if any(f"{key}:{p.spec.name}" in hashes for p in prompts):
            continue  # the same abstract twice
        count += 1
        for prompt in prompts:
            started = time.perf_counter()
            made = plan(paper, prompt, schema)
            spent += time.perf_counter() - started
            hashes[f"{key}:{prompt.spec.name}"] = plan_hash(made)
    return hashes, count, spent


def compare(baseline: dict[str, str], now: dict[str, str]) -> dict[str, list[str]]:
    """The keys whose plan changed, appeared or went away."""
    return {
        "changed": sorted(k for k in now if k in baseline and baseline[k] != now[k]),
        "new": sorted(k for k in now if k not in baseline),
        "gone": sorted(k for k in baseline if k not in now),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="write the baseline")
    parser.add_argument("--time", action="store_true", help="print ms per abstract")
    parser.add_argument("--shared", type=Path, default=SHARED)
    args = parser.parse_args(argv)
    now, count, spent = compute(args.shared)
    if args.time:
        print(f"{count} abstracts, {len(now)} plans: {1000 * spent / count:.2f} ms per abstract")
    if args.write:
        BASELINE.write_text(json.dumps(now, indent=0, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {len(now)} plan hashes of {count} abstracts to {BASELINE}")
        return 0
    baseline = json.loads(BASELINE.read_text(encoding="utf-8"))
    diff = compare(baseline, now)
    bad = sum(len(v) for v in diff.values())
    print(
        f"{count} abstracts, {len(now)} plans: {len(diff['changed'])} changed, "
        f"{len(diff['new'])} new, {len(diff['gone'])} gone"
    )
    for kind, keys in diff.items():
        for key in keys[:20]:
            print(f"  {kind}: {key}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
