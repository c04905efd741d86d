#!/usr/bin/env python3
"""How often the code's `results` carry the gold `subject`, `metric` and `kind`.

Usage: python evals/result_parts.py [--suite dev] [--prompt default]

The harness scores `results` by value only. This script takes the results a prompt's
plan decides by code (no model is called: `results` never come from the model), keeps those
whose value matches a gold result, and counts how many of them agree with that gold
result on each part:

- `subject`: the same name after normalization, or both null;
- `metric`: token F1 of at least 0.5 with the gold metric, or both null (gold metrics are
  often longer descriptions, so this is strict);
- `kind`: equal.

Tune on dev only.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from summarizer.evaluation.scorers import item_key, token_f1, value_key
from summarizer.evaluation.suites import load_suite
from summarizer.io.inputs import Paper
from summarizer.prompting.strategy import plan
from summarizer.prompting.templates import load_prompt
from summarizer.schemas.paper_summary import PaperSummary


def agreement(suite: str, prompt: str) -> dict[str, float | int]:
    """Matched results and the share of them that agree on each part."""
    spec = load_prompt(prompt)
    matched = subject = metric = kind = 0
    for item in load_suite(suite):
        paper = Paper(id=item.id, abstract=item.abstract, title=None)
        planned = plan(paper, spec, PaperSummary)
        if planned.candidates is None:
            raise SystemExit(f"prompt {prompt!r} does not decide results by code")
        gold: dict[str, dict] = {}
        for result in item.gold["results"]:
            gold.setdefault(value_key(result["value"]), result)
        for number in planned.candidates.numbers:
            wanted = gold.get(value_key(number.value))
            if wanted is None:
                continue
            matched += 1
            subject += _same_name(number.subject, wanted.get("subject"))
            metric += _close_metric(number.metric, wanted.get("metric"))
            kind += number.kind == wanted.get("kind")
    share = {k: v / matched if matched else 0.0 for k, v in (("subject", subject),
             ("metric", metric), ("kind", kind))}  # fmt: skip
    return {"matched": matched, **share}


def _same_name(pred: str | None, gold: str | None) -> bool:
    if pred is None or gold is None:
        return pred is None and gold is None
    return item_key(pred) == item_key(gold)


def _close_metric(pred: str | None, gold: str | None) -> bool:
    if pred is None or gold is None:
        return pred is None and gold is None
    return token_f1(pred, gold) >= 0.5


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default="dev", help="dev (default), test or a gold .jsonl")
    parser.add_argument("--prompt", default="default", help="a prompt whose plan has results")
    args = parser.parse_args(argv)
    got = agreement(args.suite, args.prompt)
    print(
        f"{args.suite}: {got['matched']} results matched by value; agree on subject "
        f"{got['subject']:.3f}, metric {got['metric']:.3f}, kind {got['kind']:.3f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
