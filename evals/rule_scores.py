#!/usr/bin/env python3
"""Score the fields that code decides, without a model: the rules' own eval.

Usage: python evals/rule_scores.py [--suite dev] [--prompt default] [--errors FIELD] [--json]
                                   [--records OUT]

The default prompt's plan decides `introduces`, `datasets`, `tasks`, `results`, `domain`,
`contribution_types`, `code_url` and `keywords` (on a prompt with `keywords = "code"`) from
the abstract's wording (no model is called for them), so these scores are the ones
`summarizer eval` reports for those fields, in about a second. The scorers and the bootstrap
intervals are the harness's own. `results` is scored at three levels: by value (`f1`), value
+ metric (`metric_f1`), value + metric + subject (`full_f1`); `metric_share` and
`subject_share` are the shares of the matched values whose metric and subject are right.

`--errors FIELD` prints, per abstract, what the rules got wrong on that field. `--records OUT`
writes each abstract's code-decided fields as a JSONL record (`id`, `summary`), which
`evals/paired_scores.py` compares with another commit's on the same suite. Tune on dev only;
the test part is for reporting.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from summarizer.evaluation.result_scores import same_metric, same_subject
from summarizer.evaluation.run import score_table
from summarizer.evaluation.scorers import item_key, score_item, token_f1, value_key
from summarizer.evaluation.suites import EvalItem, load_suite
from summarizer.io.inputs import Paper
from summarizer.prompting.strategy import plan
from summarizer.prompting.templates import load_prompt
from summarizer.schemas.grounding import find_span
from summarizer.schemas.paper_summary import PaperSummary

RULE_FIELDS = ("introduces", "datasets", "tasks", "results", "domain", "contribution_types",
               "code_url")  # fmt: skip


def predict(item: EvalItem, prompt: Any) -> dict[str, Any]:
    """The code-decided fields of one abstract's plan."""
    planned = plan(Paper(id=item.id, abstract=item.abstract, title=None), prompt, PaperSummary)
    if planned.decided is None or planned.candidates is None:
        raise SystemExit(f"prompt {prompt.spec.name!r} does not decide these fields by code")
    pred = dict(planned.decided)
    # Values as validation keeps them: the span of the abstract that grounds each one.
    pred["results"] = [
        {
            "value": item.abstract[span[0] : span[1]],
            "metric": n.metric,
            "subject": n.subject,
            "kind": n.kind,
        }
        for n in planned.candidates.numbers
        if (span := find_span(n.value, item.abstract)) is not None
    ]
    pred["code_url"] = planned.candidates.code_url
    return pred


def score(suite: str, prompt_name: str) -> tuple[dict[str, Any], list[tuple[EvalItem, dict]]]:
    """The score table of the rule fields, and each item with its prediction."""
    prompt = load_prompt(prompt_name)
    items = load_suite(suite)
    preds = [(item, predict(item, prompt)) for item in items]
    decided = RULE_FIELDS + (("keywords",) if prompt.spec.keywords == "code" else ())
    fields = [f for f in decided if all(f in item.gold for item in items)]
    scores = [
        score_item(pred, item.gold, item.accept, item.abstract, fields, grounding=False)
        for item, pred in preds
    ]
    return score_table(scores), preds


def _errors(field: str, item: EvalItem, pred: dict[str, Any]) -> list[str]:
    gold = item.gold.get(field)
    got = pred.get(field)
    if field == "results":
        return _result_errors(got or [], gold or [])
    if isinstance(gold, list):
        if field == "tasks":
            spurious = [
                t for t in got or [] if max((token_f1(t, g) for g in gold), default=0) < 0.5
            ]
            missed = [g for g in gold if max((token_f1(t, g) for t in got or []), default=0) < 0.5]
        else:
            keys = {item_key(g) for g in gold}
            spurious = [x for x in got or [] if item_key(x) not in keys]
            mine = {item_key(x) for x in got or []}
            missed = [g for g in gold if item_key(g) not in mine]
        return [f"+ {x}" for x in spurious] + [f"- {x}" for x in missed]
    if got != gold and not (field == "domain" and got in (item.accept.get("domain") or ())):
        return [f"{got!r} (gold {gold!r})"]
    return []


def _soft_in(phrase: str, others: list[str]) -> bool:
    return max((token_f1(phrase, o) for o in others), default=0.0) >= 0.5


def _agreement(pred: dict, gold: dict) -> int:
    return same_metric(pred["metric"], gold.get("metric")) + same_subject(
        pred["subject"], gold.get("subject")
    )


def _result_errors(pred: list[dict], gold: list[dict]) -> list[str]:
    out = []
    by_value: dict[str, list[dict]] = {}
    for g in gold:
        by_value.setdefault(value_key(g["value"]), []).append(g)
    for p in pred:
        matches = by_value.get(value_key(p["value"]))
        if not matches:
            out.append(f"+ {p['value']}")
            continue
        g = max(matches, key=lambda g: _agreement(p, g))
        wrong = [
            f"{part} {p[part]!r} (gold {g.get(part)!r})"
            for part, same in (("metric", same_metric), ("subject", same_subject))
            if not same(p[part], g.get(part))
        ]
        if wrong:
            out.append(f"~ {p['value']}: " + "; ".join(wrong))
    mine = {value_key(p["value"]) for p in pred}
    out += [f"- {g['value']}" for g in gold if value_key(g["value"]) not in mine]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default="dev", help="dev (default), test or a gold .jsonl")
    parser.add_argument("--prompt", default="default", help="a prompt whose plan decides fields")
    parser.add_argument("--errors", metavar="FIELD", help="print each abstract's errors on FIELD")
    parser.add_argument("--json", action="store_true", help="print the score table as JSON")
    parser.add_argument("--records", metavar="OUT", help="write each abstract's rule record")
    args = parser.parse_args(argv)
    table, preds = score(args.suite, args.prompt)
    if args.records:
        with open(args.records, "w", encoding="utf-8") as out:
            for item, pred in preds:
                out.write(json.dumps({"id": item.id, "summary": pred}, ensure_ascii=False) + "\n")
    if args.errors:
        for item, pred in preds:
            errors = _errors(args.errors, item, pred)
            if errors:
                print(f"## {item.id}")
                print("\n".join(f"  {e}" for e in errors))
    if args.json:
        print(json.dumps(table, indent=2))
        return 0
    print(f"{args.suite}, prompt {args.prompt}, {len(preds)} abstracts (95% bootstrap intervals)")
    for name, entry in table.items():
        for metric, est in entry["metrics"].items():
            print(
                f"{name:20} {metric:14} {est['value']:.3f}  [{est['low']:.3f}, {est['high']:.3f}]"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
