"""Train the learned scorers of ``summarizer/rules`` on the dev part's gold, and check them.

Two scorers, each a logistic regression over a phrase's features (:mod:`summarizer.rules.learned`):

- ``tasks``: every noun phrase of a dev abstract (``task_scores.phrase_features``), labelled
  a task when it matches one of the abstract's gold tasks as the harness matches them (token
  F1 of at least 0.5); written to ``data/task_scores.json``;
- ``keywords``: the best candidates of the keyword rules (``keywords.keyword_features``),
  labelled against the gold keywords at token F1 0.8 (most of a gold phrase, so that pieces
  of phrases are not preferred); written to ``data/keyword_scores.json``.

Each is fitted by AdaGrad with L2, the examples in a seeded order, features seen fewer than
``--min-count`` times dropped: the same data give the same weights, to four decimals. Only
the dev part is read; the test and blind parts never.

    python evals/train_scorers.py tasks              # write the task scorer's weights
    python evals/train_scorers.py keywords --check   # exit 1 if retraining gives other weights
    python evals/train_scorers.py tasks --folds 5    # cross-validated scores, nothing written
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from summarizer.evaluation.score_types import SetScore
from summarizer.evaluation.scorers import TASK_MATCH_THRESHOLD, score_soft
from summarizer.evaluation.suites import load_suite
from summarizer.rules import find_candidates, keywords, task_scores
from summarizer.rules.analysis import Analysis
from summarizer.rules.learned import probability
from summarizer.rules.tasks import find_tasks
from summarizer.schemas.paper_summary import keyword_problem
from summarizer.text import token_f1

DATA = Path(__file__).resolve().parents[1] / "summarizer" / "rules" / "data"
Phrases = list[tuple[str, tuple[str, ...]]]


@dataclass
class Abstract:
    """One dev abstract: its text, its phrases with their sorted features, its gold."""

    text: str
    phrases: Phrases
    gold: list[str]
    rule_tasks: list[str]


def task_examples(suite: str = "dev") -> list[Abstract]:
    out = []
    for item in load_suite(suite):
        rule = find_tasks(item.abstract)
        found = task_scores.phrase_features(item.abstract, rule)
        phrases = [(text, tuple(sorted(f))) for text, f in found.values()]
        out.append(Abstract(item.abstract, phrases, list(item.gold.get("tasks") or []), rule))
    return out


def keyword_examples(suite: str = "dev") -> list[Abstract]:
    out = []
    for item in load_suite(suite):
        analysis = Analysis(item.abstract)
        names = find_candidates(analysis, with_numbers=False).names
        rule = find_tasks(analysis)
        found = keywords.keyword_features(analysis, names=names, tasks=rule)
        phrases = [(text, tuple(sorted(f))) for text, f in found]
        out.append(Abstract(item.abstract, phrases, list(item.gold.get("keywords") or []), rule))
    return out


def labelled(data: list[Abstract], at: float) -> list[tuple[tuple[str, ...], int]]:
    """Each phrase with 1 where it matches a gold phrase at token F1 ``at`` or more."""
    return [
        (features, int(any(token_f1(text, g) >= at for g in a.gold)))
        for a in data
        for text, features in a.phrases
    ]


def fit(rows: list, *, l2: float, epochs: int, rate: float, min_count: int) -> dict[str, float]:
    """Logistic regression by AdaGrad, examples shuffled with seed 0."""
    seen = Counter(f for features, _ in rows for f in features)
    rows = [(tuple(f for f in features if seen[f] >= min_count), y) for features, y in rows]
    weight: dict[str, float] = defaultdict(float)
    squares: dict[str, float] = defaultdict(lambda: 1e-6)
    order = random.Random(0)
    for _ in range(epochs):
        order.shuffle(rows)
        for features, y in rows:
            gradient = probability(features, weight) - y
            for f in features:
                g = gradient + l2 * weight[f]
                squares[f] += g * g
                weight[f] -= rate * g / math.sqrt(squares[f])
    return {f: round(w, 4) for f, w in sorted(weight.items()) if round(w, 4) != 0.0}


def chosen_tasks(a: Abstract, table: dict[str, float]) -> list[str]:
    found = {text.lower(): (text, features) for text, features in a.phrases}
    return task_scores.choose(a.rule_tasks, task_scores.ranked(found, table))


def chosen_keywords(a: Abstract, table: dict[str, float]) -> list[str]:
    return keywords.choose_keywords(
        a.text,
        tasks=a.rule_tasks,
        refused=lambda phrase: keyword_problem(phrase, a.text) is not None,
        table=table,
    )


@dataclass(frozen=True)
class Scorer:
    name: str  # its data file's stem
    examples: Callable[[str], list[Abstract]]
    chosen: Callable[[Abstract, dict[str, float]], list[str]]
    # what the rules give without the scorer
    alone: Callable[[Abstract], list[str]]
    # the token F1 with a gold phrase at which a phrase is labelled one
    label_at: float


SCORERS = {
    "tasks": Scorer("task_scores", task_examples, chosen_tasks, lambda a: a.rule_tasks,
                    TASK_MATCH_THRESHOLD),
    # an empty table scores every candidate alike: the word scores' own order. A keyword is
    # labelled by most of a gold phrase: at 0.5 the scorer learns to prefer pieces of phrases
    # ("clinical diagnostic" of "clinical diagnostic reasoning"), which the harness's match
    # counts but a reader does not.
    "keywords": Scorer("keyword_scores", keyword_examples, chosen_keywords,
                       lambda a: chosen_keywords(a, {}), 0.8),
}  # fmt: skip


def scored(data: list[Abstract], choose: Callable[[Abstract], list[str]]) -> list[SetScore]:
    """Each abstract's choice against its gold, as the harness matches them."""
    return [score_soft(choose(a), a.gold) for a in data]


def _prf(scores: list[SetScore]) -> str:
    total = SetScore.aggregate(scores)
    return f"precision {total['precision']:.3f} recall {total['recall']:.3f} F1 {total['f1']:.3f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scorer", choices=sorted(SCORERS))
    ap.add_argument("--check", action="store_true", help="compare with the shipped weights")
    ap.add_argument("--folds", type=int, default=0, help="cross-validate instead of writing")
    ap.add_argument("--l2", type=float, default=0.03)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--rate", type=float, default=0.2)
    ap.add_argument("--min-count", type=int, default=2)
    args = ap.parse_args()
    scorer = SCORERS[args.scorer]
    data = scorer.examples("dev")
    settings = {"l2": args.l2, "epochs": args.epochs, "rate": args.rate}
    settings["min_count"] = args.min_count
    if args.folds:
        index = list(range(len(data)))
        random.Random(1).shuffle(index)
        folded: list[SetScore] = []
        for k in range(args.folds):
            held = set(index[k :: args.folds])
            kept = [d for i, d in enumerate(data) if i not in held]
            table = fit(labelled(kept, scorer.label_at), **settings)
            held_out = [data[i] for i in sorted(held)]
            folded += scored(held_out, lambda a, t=table: scorer.chosen(a, t))
        print(f"{args.scorer} on dev, {len(data)} abstracts, {args.folds}-fold")
        print(f"  rules alone:          {_prf(scored(data, scorer.alone))}")
        print(f"  rules and the scorer: {_prf(folded)}")
        return 0
    model = {
        "about": f"the {args.scorer} scorer of summarizer/rules; evals/train_scorers.py "
        f"{args.scorer} writes it from the dev part's gold {args.scorer}",
        "trained_on": f"dev ({len(data)} abstracts)",
        **settings,
        "label_at": scorer.label_at,
        "weights": fit(labelled(data, scorer.label_at), **settings),
    }
    text = json.dumps(model, indent=0, ensure_ascii=False) + "\n"
    out = DATA / f"{scorer.name}.json"
    if args.check:
        same = out.is_file() and out.read_text(encoding="utf-8") == text
        print("the shipped weights are what training gives" if same else "weights differ")
        return 0 if same else 1
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out} ({len(model['weights'])} weights)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
