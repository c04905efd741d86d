#!/usr/bin/env python3
"""Keywords chosen by code against the gold, beside the model's keywords of an eval run.

Usage: python evals/keyword_scores.py [--suite dev] [--run RUN] [--errors] [--json]

`summarizer.rules.keywords.choose_keywords` picks 3 to 5 key phrases of each abstract with
no model. They are scored with the harness's own keywords scorer (soft set F1: pairs of
token F1 >= 0.5 matched one to one) and its bootstrap intervals. With `--run` (a folder of
`summarizer eval` on the same suite, or the records of one, such as the predictions.jsonl
of a run cut short) the model's keywords of that run are scored on the same abstracts,
and the paired difference code - model gets a bootstrap interval of its own (the same
resampled abstracts for both). `--errors` prints, per abstract, the chosen
keywords that match no gold one (+) and the gold ones left unmatched (-).

Tune on dev only; the test part is for reporting. The blind part is never scored here.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from summarizer.evaluation.aggregate import paired_bootstrap
from summarizer.evaluation.run import load_run, score_table
from summarizer.evaluation.scorers import prediction, score_item, token_f1
from summarizer.evaluation.suites import EvalItem, load_suite
from summarizer.io.output import read_records
from summarizer.rules.keywords import choose_keywords

FIELD = "keywords"
RESAMPLES = 1000


def code_scores(items: Sequence[EvalItem]) -> list[dict[str, Any]]:
    """The keywords score of the chooser on each item."""
    return [
        score_item(
            {FIELD: choose_keywords(item.abstract)},
            item.gold, item.accept, item.abstract, [FIELD], grounding=False,
        )
        for item in items
    ]  # fmt: skip


def model_scores(path: Path, items: Sequence[EvalItem]) -> dict[str, dict[str, Any]]:
    """The keywords score of the model on each item of ``path``, by id: a run folder's own
    scores, or the records of a JSONL output (a run cut short) scored here."""
    if path.is_dir():
        scores = load_run(path).scores_by_id()
        return {i: {FIELD: s[FIELD]} for i, s in scores.items() if FIELD in s}
    gold = {item.id: item for item in items}
    out = {}
    for record in read_records(path):
        if (item := gold.get(record.get("id"))) is not None:
            out[item.id] = score_item(
                prediction(record), item.gold, item.accept, item.abstract, [FIELD],
                grounding=False,
            )  # fmt: skip
    return out


def _line(name: str, table: dict[str, Any]) -> str:
    metrics = table[FIELD]["metrics"]
    return f"{name:8} " + "  ".join(
        f"{m} {metrics[m]['value']:.3f} [{metrics[m]['low']:.3f}, {metrics[m]['high']:.3f}]"
        for m in ("f1", "precision", "recall")
    )


def _errors(item: EvalItem) -> list[str]:
    chosen, gold = choose_keywords(item.abstract), item.gold.get(FIELD) or []
    extra = [k for k in chosen if max((token_f1(k, g) for g in gold), default=0) < 0.5]
    missed = [g for g in gold if max((token_f1(k, g) for k in chosen), default=0) < 0.5]
    return [f"+ {k}" for k in extra] + [f"- {g}" for g in missed]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default="dev", help="dev (default) or test")
    parser.add_argument(
        "--run", type=Path, help="an eval run folder of the same suite, or its predictions.jsonl"
    )
    parser.add_argument("--errors", action="store_true", help="print each abstract's errors")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args(argv)
    if "blind" in Path(args.suite).name:
        raise SystemExit("the blind part is not scored here: tune on dev, report on test")
    items = [item for item in load_suite(args.suite) if FIELD in item.gold]
    model = None
    if args.run is not None:
        by_id = model_scores(args.run, items)
        items = [item for item in items if item.id in by_id]
        if not items:
            raise SystemExit(f"{args.run} holds no record of a {args.suite} item")
        model = [by_id[item.id] for item in items]
    code = code_scores(items)
    out: dict[str, Any] = {"suite": args.suite, "items": len(items), "code": score_table(code)}
    if model is not None:
        out["model"] = score_table(model)
        delta = paired_bootstrap(model, code, FIELD, "f1", n=RESAMPLES)
        out["code_minus_model_f1"] = dict(zip(("value", "low", "high"), delta, strict=True))
    if args.errors:
        for item in items:
            if errors := _errors(item):
                print(f"## {item.id}\n" + "\n".join(f"  {e}" for e in errors))
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"{args.suite}, {len(items)} abstracts, keywords (95% bootstrap intervals)")
    print(_line("code", out["code"]))
    if model is not None:
        print(_line("model", out["model"]))
        delta = out["code_minus_model_f1"]
        print(f"code - model F1 {delta['value']:+.3f} [{delta['low']:+.3f}, {delta['high']:+.3f}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
