#!/usr/bin/env python3
"""Agreement of two independent readings of the same abstracts, with the harness's scorers.

Usage: python evals/agreement.py [FIRST.jsonl] [SECOND.jsonl] [--json]

By default the first reading is the dev part (``evals/gold/dev.jsonl``, the records whose ids
the second file holds) and the second is ``evals/readings/second_reading.jsonl``. Each field is
scored twice, each reading taken as gold for the other, with the harness's bootstrap
intervals: what one careful reader scores against another is the ceiling a target is read
against. Text fields (``tldr``, ``problem``) are ROUGE between two readers' own sentences.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from summarizer.evaluation.run import score_table
from summarizer.evaluation.scorers import SCORED_FIELDS, score_item
from summarizer.evaluation.suites import EvalItem, load_gold

GOLD = Path(__file__).resolve().parent / "gold"
#: What each field is read by (the first metric a reader looks at).
HEADLINE = {
    "results": ("f1", "metric_share", "subject_share"),
    "tasks": ("f1", "precision"),
    "introduces": ("f1",),
    "datasets": ("f1",),
    "keywords": ("f1",),
    "domain": ("accuracy",),
    "contribution_types": ("f1", "exact_set"),
    "code_url": ("accuracy",),
    "tldr": ("rouge1",),
    "problem": ("rouge1",),
}


def paired(first: Path, second: Path) -> list[tuple[EvalItem, EvalItem]]:
    """The records of ``second`` with their counterparts in ``first``, by id."""
    mine = {item.id: item for item in load_gold(second)}
    theirs = {item.id: item for item in load_gold(first) if item.id in mine}
    missing = sorted(set(mine) - set(theirs))
    if missing:
        raise SystemExit(f"{first} lacks {len(missing)} ids of {second}: {missing[:3]}")
    return [(theirs[i], mine[i]) for i in mine]


def agreement(pairs: list[tuple[EvalItem, EvalItem]]) -> dict[str, dict[str, Any]]:
    """The score table of each direction: ``first->second`` scores the second reading with
    the first as gold, and ``second->first`` the other way round."""
    out = {}
    for name, flip in (("first as gold", False), ("second as gold", True)):
        scores = []
        for a, b in pairs:
            gold, pred = (b, a) if flip else (a, b)
            scores.append(
                score_item(pred.gold, gold.gold, gold.accept, gold.abstract, SCORED_FIELDS,
                           grounding=False)
            )  # fmt: skip
        out[name] = score_table(scores)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", nargs="?", type=Path, default=GOLD / "dev.jsonl")
    parser.add_argument(
        "second", nargs="?", type=Path, default=GOLD.parent / "readings" / "second_reading.jsonl"
    )
    parser.add_argument("--json", action="store_true", help="print the tables as JSON")
    args = parser.parse_args(argv)
    pairs = paired(args.first, args.second)
    tables = agreement(pairs)
    if args.json:
        print(json.dumps(tables, indent=2))
        return 0
    print(f"{len(pairs)} abstracts read twice (95% bootstrap intervals)")
    print(f"| field | metric | {' | '.join(tables)} |")
    print("|---|---|" + "---|" * len(tables))
    for field, metrics in HEADLINE.items():
        for metric in metrics:
            cells = []
            for table in tables.values():
                est = table.get(field, {}).get("metrics", {}).get(metric)
                cells.append(
                    ""
                    if est is None
                    else f"{est['value']:.2f} [{est['low']:.2f}, {est['high']:.2f}]"
                )
            print(f"| {field} | {metric} | {' | '.join(cells)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
