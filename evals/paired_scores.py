#!/usr/bin/env python3
"""Two sets of records on the same abstracts of a suite, field by field, with paired intervals.

Usage: python evals/paired_scores.py A B [--suite dev] [--fields tldr,problem,keywords]

A field is scored by its main metric, or by the metric named after a dot:
`--fields tldr,results.metric_share,results.subject_share`.

A and B are the records of two runs: a `summarizer eval` run folder (its predictions.jsonl)
or any JSONL of records, such as the predictions of a run cut short. Only the abstracts of
the suite that both hold are scored (an id one of them lacks is counted and left out), each
with the harness's own scorers (`summarizer.evaluation.scorers.score_item`, no references
beyond the gold). For each field (its main metric) the table gives A's and B's score with
the harness's 95% bootstrap interval (`bootstrap_ci`), and B - A with a paired one
(`paired_bootstrap`: the same resampled abstracts for both), so that a
difference within one item's noise shows as an interval across zero. The partial and failed
records of each side and their attempts per abstract come last.

Tune on dev only; the test part is for reporting. The blind part is never scored here.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from summarizer.evaluation.aggregate import aggregate_field, bootstrap_ci, paired_bootstrap
from summarizer.evaluation.run_scores import MAIN_METRIC, kind_of
from summarizer.evaluation.scorers import SCORED_FIELDS, prediction, score_item
from summarizer.evaluation.suites import load_suite
from summarizer.io.output import read_records

RESAMPLES = 1000


def records_of(path: Path) -> dict[str, dict[str, Any]]:
    """The records of a run folder or a JSONL file, by id (the last one of an id wins)."""
    file = path / "predictions.jsonl" if path.is_dir() else path
    return {r["id"]: r for r in read_records(file) if isinstance(r.get("id"), str)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a", type=Path)
    parser.add_argument("b", type=Path)
    parser.add_argument("--suite", default="dev")
    parser.add_argument("--fields", default="tldr,problem,keywords")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.suite == "blind":
        parser.error("the blind part is scored only at the end of an issue, by rule_scores")
    asked = [tuple(f.split(".", 1)) for f in args.fields.split(",") if f]
    fields = list(dict.fromkeys(pair[0] for pair in asked))
    unknown = [f for f in fields if f not in SCORED_FIELDS]
    if unknown:
        parser.error(f"unknown field {unknown[0]!r}: use {', '.join(SCORED_FIELDS)}")
    for path in (args.a, args.b):
        if not (path / "predictions.jsonl" if path.is_dir() else path).is_file():
            parser.error(f"{path}: neither a run folder nor a file of records")
    a, b = records_of(args.a), records_of(args.b)
    suite = load_suite(args.suite)
    items = [item for item in suite if item.id in a and item.id in b]
    left_out = sum(1 for item in suite if (item.id in a) != (item.id in b))
    if not items:
        print("no abstract of the suite is in both", file=sys.stderr)
        return 1

    def scores(records: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
        return [
            score_item(
                prediction(records[item.id]), item.gold, item.accept, item.abstract, fields,
                grounding=False,
            )
            for item in items
        ]  # fmt: skip

    sa, sb = scores(a), scores(b)
    print(f"{args.suite}, {len(items)} abstracts in both ({left_out} in one only); 95% bootstrap")
    print(f"{'field':<20}{'metric':<15}{'A':<24}{'B':<24}B - A (paired)")
    for pair in asked:
        field = pair[0]
        metric = pair[1] if len(pair) > 1 else MAIN_METRIC[kind_of(sa[0][field])]
        if metric not in aggregate_field([s[field] for s in sa]):
            parser.error(f"{field} has no metric {metric!r}")
        cells = []
        for side in (sa, sb):
            value = aggregate_field([s[field] for s in side])[metric]
            low, high = bootstrap_ci(side, field, metric, n=RESAMPLES, seed=args.seed)
            cells.append(f"{value:.3f} [{low:.3f}, {high:.3f}]")
        delta, low, high = paired_bootstrap(sa, sb, field, metric, n=RESAMPLES, seed=args.seed)
        print(f"{field:<20}{metric:<15}{cells[0]:<24}{cells[1]:<24}"
              f"{delta:+.3f} [{low:+.3f}, {high:+.3f}]")  # fmt: skip
    for name, records, path in (("A", a, args.a), ("B", b, args.b)):
        chosen = [records[item.id] for item in items]
        partial = sum(1 for r in chosen if (r.get("error") or {}).get("type") == "PartialRecord")
        failed = sum(1 for r in chosen if r.get("summary") is None)
        attempts = sum((r.get("meta") or {}).get("attempts", 0) for r in chosen)
        seconds = sum((r.get("meta") or {}).get("seconds", 0) for r in chosen)
        per = len(items)
        print(f"{name} ({path}): {partial} partial, {failed} failed, "
              f"{attempts / per:.2f} attempts and {seconds / per:.1f} s per abstract")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
