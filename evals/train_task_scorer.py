"""Train the task scorer of ``summarizer/rules/task_scores.py`` on the dev part's gold tasks.

Each noun phrase of a dev abstract is an example, labelled a task when it matches one of the
abstract's gold tasks as the harness matches them (token F1 of at least 0.5). The model is a
logistic regression over the phrase's features, fitted by AdaGrad with L2, the examples in
a seeded order, features seen fewer than ``--min-count`` times dropped: the same data give
the same weights, to four decimals. Only the dev part is read; the test and blind parts never.

    python evals/train_task_scorer.py            # write summarizer/rules/data/task_scores.json
    python evals/train_task_scorer.py --check    # exit 1 if retraining gives other weights
    python evals/train_task_scorer.py --folds 5  # cross-validated scores of the policy, no write
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

from summarizer.evaluation.scorers import TASK_MATCH_THRESHOLD, score_soft
from summarizer.evaluation.suites import load_suite
from summarizer.rules import task_scores
from summarizer.rules.tasks import find_tasks
from summarizer.text import token_f1

OUT = Path(__file__).resolve().parents[1] / "summarizer" / "rules" / "data" / "task_scores.json"
Example = tuple[tuple[str, ...], int]


def examples(suite: str = "dev") -> list[tuple[str, list[tuple[str, tuple[str, ...]]], list[str]]]:
    """Per abstract: its text, its phrases with their sorted features, and its gold tasks."""
    out = []
    for item in load_suite(suite):
        found = task_scores.phrase_features(item.abstract)
        phrases = [(text, tuple(sorted(f))) for text, f in found.values()]
        out.append((item.abstract, phrases, list(item.gold.get("tasks") or [])))
    return out


def labelled(data: list) -> list[Example]:
    return [
        (features, int(any(token_f1(text, g) >= TASK_MATCH_THRESHOLD for g in gold)))
        for _, phrases, gold in data
        for text, features in phrases
    ]


def fit(rows: list[Example], *, l2: float, epochs: int, rate: float, min_count: int) -> dict:
    """Logistic regression by AdaGrad, examples shuffled with seed 0."""
    seen = Counter(f for features, _ in rows for f in features)
    rows = [(tuple(f for f in features if seen[f] >= min_count), y) for features, y in rows]
    weight: dict[str, float] = defaultdict(float)
    squares: dict[str, float] = defaultdict(lambda: 1e-6)
    order = random.Random(0)
    for _ in range(epochs):
        order.shuffle(rows)
        for features, y in rows:
            z = math.fsum(weight[f] for f in features)
            gradient = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))) - y
            for f in features:
                g = gradient + l2 * weight[f]
                squares[f] += g * g
                weight[f] -= rate * g / math.sqrt(squares[f])
    return {f: round(w, 4) for f, w in sorted(weight.items()) if round(w, 4) != 0.0}


def policy_scores(data: list, table: dict[str, float], rules: dict[str, list[str]]) -> Counter:
    """The counts of the tasks :func:`task_scores.choose` gives against gold, ``table`` the
    weights."""
    counts: Counter = Counter()
    for abstract, phrases, gold in data:
        found = {text.lower(): (text, features) for text, features in phrases}
        chosen = task_scores.choose(rules[abstract], task_scores.ranked(found, table))
        s = score_soft(chosen, gold)
        counts.update(tp=s.tp, fp=s.fp, fn=s.fn)
    return counts


def _prf(c: Counter) -> str:
    p = c["tp"] / max(1, c["tp"] + c["fp"])
    r = c["tp"] / max(1, c["tp"] + c["fn"])
    return f"precision {p:.3f} recall {r:.3f} F1 {2 * p * r / max(1e-9, p + r):.3f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the shipped weights")
    ap.add_argument("--folds", type=int, default=0, help="cross-validate instead of writing")
    ap.add_argument("--l2", type=float, default=0.03)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--rate", type=float, default=0.2)
    ap.add_argument("--min-count", type=int, default=2)
    args = ap.parse_args()
    data = examples("dev")
    settings = {
        "l2": args.l2,
        "epochs": args.epochs,
        "rate": args.rate,
        "min_count": args.min_count,
    }
    if args.folds:
        rules = {abstract: find_tasks(abstract) for abstract, _, _ in data}
        index = list(range(len(data)))
        random.Random(1).shuffle(index)
        folded: Counter = Counter()
        for k in range(args.folds):
            held = set(index[k :: args.folds])
            table = fit(labelled([d for i, d in enumerate(data) if i not in held]), **settings)
            folded += policy_scores([data[i] for i in sorted(held)], table, rules)
        alone: Counter = Counter()
        for abstract, _, gold in data:
            s = score_soft(rules[abstract], gold)
            alone.update(tp=s.tp, fp=s.fp, fn=s.fn)
        print(f"dev, {len(data)} abstracts, {args.folds}-fold")
        print(f"  rules alone:          {_prf(alone)}")
        print(f"  rules and the scorer: {_prf(folded)}")
        return 0
    model = {
        "about": "task phrase scorer of summarizer/rules/task_scores.py; "
        "evals/train_task_scorer.py writes it from the dev part's gold tasks",
        "trained_on": f"dev ({len(data)} abstracts)",
        **settings,
        "weights": fit(labelled(data), **settings),
    }
    text = json.dumps(model, indent=0, sort_keys=False, ensure_ascii=False) + "\n"
    if args.check:
        same = OUT.is_file() and OUT.read_text(encoding="utf-8") == text
        print("the shipped weights are what training gives" if same else "weights differ")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({len(model['weights'])} weights)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
