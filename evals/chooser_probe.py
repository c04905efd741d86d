#!/usr/bin/env python3
"""Can the embedded model choose the new names that the wording rules leave undecided?

Usage: python evals/chooser_probe.py [--suite dev] [--limit N]

For every record, the candidate names that the rules (``summarizer.rules.cues``) label neither
"introduces" nor "dataset" are scored by the bundled model, read directly with
llama-cpp-python (logits, no sampling), in two ways:

- ``yes/no``: log P("yes") - log P("no") as the answer to "is X a name the authors give to
  something they introduce themselves?";
- ``likelihood``: log P(X") after the assistant has begun "The paper introduces \"", in answer
  to "what is the name the authors give to the new method, model, dataset or benchmark?".

Prints, per probe, the ROC AUC of the score on those names (gold `introduces` against the
rest) and the suite's `introduces` precision, recall and F1 when the names scoring above each
threshold are added to what the rules give. Tune on dev only.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from summarizer.engine.model_file import bundled_model_path
from summarizer.evaluation.scorers import SetScore, item_key, score_set
from summarizer.evaluation.suites import EvalItem, load_suite
from summarizer.rules import classify_names, find_candidates
from summarizer.settings.config import default_cache_dir

SYSTEM = "You read scientific abstracts and answer questions about them."
YES_NO = (
    'Is "{name}" a name that the authors of this abstract give to something they introduce '
    "themselves (their own new method, model, framework, dataset, benchmark or metric), rather "
    "than an existing technique, model or dataset they use or compare with? Answer yes or no."
)
WHICH = (
    "What is the name the authors give to the new method, model, dataset or benchmark that "
    "this paper introduces?"
)
ANSWER_OPENING = 'The paper introduces "'
THRESHOLDS = {"yes/no": (0.0, -0.2, -0.3, -0.4, -0.5), "likelihood": (-1, -2, -3, -4, -5, -8)}


@dataclass
class Leftover:
    """A candidate name the rules left undecided, with the probes' scores."""

    item: int
    name: str
    is_new: bool
    scores: dict[str, float]


def chat(user: str, answer_opening: str = "") -> str:
    """Qwen2.5's chat template, the assistant's turn opened."""
    return (
        f"<|im_start|>system\n{SYSTEM}<|im_end|>\n<|im_start|>user\n{user}<|im_end|>\n"
        f"<|im_start|>assistant\n{answer_opening}"
    )


class Scorer:
    """Log-probabilities of the bundled model's next tokens, with the prompt's prefix reused."""

    def __init__(self) -> None:
        from summarizer.engine import weights

        weights.install()  # the engine's weight layout (a crash on some AMX CPUs)
        from llama_cpp import Llama

        path = bundled_model_path(default_cache_dir())
        threads = os.cpu_count() or 1
        self.llm = Llama(
            model_path=str(path),
            n_ctx=2048,
            n_threads=threads,
            n_threads_batch=threads,
            verbose=False,
        )
        self.evaluated: list[int] = []
        self.vocab = self.llm.n_vocab()
        self.yes = self._first_tokens("yes", "Yes")
        self.no = self._first_tokens("no", "No")

    def _first_tokens(self, *words: str) -> list[int]:
        return [self.llm.tokenize(w.encode(), add_bos=False)[0] for w in words]

    def _next_logprobs(self) -> np.ndarray:
        raw = np.ctypeslib.as_array(self.llm._ctx.get_logits(), shape=(self.vocab,))
        logits = raw.astype(np.float64)
        top = logits.max()
        return logits - (top + np.log(np.exp(logits - top).sum()))

    def _prefix(self, text: str) -> tuple[int, np.ndarray]:
        """Evaluate ``text``, reusing what the last prompt shares with it at the start."""
        tokens = self.llm.tokenize(text.encode(), special=True)
        shared = 0
        for old, new in zip(self.evaluated, tokens[:-1], strict=False):
            if old != new:
                break
            shared += 1
        self._rewind(shared)
        self.llm.eval(tokens[shared:])
        self.evaluated = tokens
        return self.llm.n_tokens, self._next_logprobs()

    def _rewind(self, n_tokens: int) -> None:
        self.llm._ctx.kv_cache_seq_rm(-1, n_tokens, -1)
        self.llm.n_tokens = n_tokens

    def yes_no(self, abstract: str, name: str) -> float:
        """log P(yes) - log P(no) for the question about ``name``."""
        _, lp = self._prefix(chat(f"Abstract:\n{abstract}\n\n{YES_NO.format(name=name)}"))
        return float(np.logaddexp.reduce(lp[self.yes]) - np.logaddexp.reduce(lp[self.no]))

    def likelihoods(self, abstract: str, names: Sequence[str]) -> list[float]:
        """log P(name + closing quote) after the answer's opening, one prefix for all names."""
        prompt = chat(f"Abstract:\n{abstract}\n\n{WHICH}", ANSWER_OPENING)
        start, first = self._prefix(prompt)
        out = []
        for name in names:
            self._rewind(start)
            lp, total = first, 0.0
            for token in self.llm.tokenize(f'{name}"'.encode(), add_bos=False):
                total += float(lp[token])
                self.llm.eval([token])
                lp = self._next_logprobs()
            out.append(total)
        self.evaluated = self.evaluated[:start]
        return out


def auc(pos: Sequence[float], neg: Sequence[float]) -> float:
    """ROC AUC: the chance that a gold name scores above another name (ties count half)."""
    if not pos or not neg:
        return float("nan")
    wins = sum((p > n) + 0.5 * (p == n) for p in pos for n in neg)
    return wins / (len(pos) * len(neg))


def probe(items: Sequence[EvalItem], scorer: Scorer, progress: Callable[[int], None]) -> tuple:
    """The rules' `introduces` per record and every leftover name with its scores."""
    chosen, leftovers = [], []
    for index, item in enumerate(items):
        names = find_candidates(item.abstract).names
        introduces, _, calls = classify_names(item.abstract, names)
        chosen.append(introduces)
        gold = {item_key(n) for n in item.gold["introduces"]}
        gold |= {item_key(n) for n in item.accept.get("introduces_extra", ())}
        left = [c.name for c in calls if c.label == "other"]
        for name, likelihood in zip(left, scorer.likelihoods(item.abstract, left), strict=True):
            scores = {"likelihood": likelihood, "yes/no": scorer.yes_no(item.abstract, name)}
            leftovers.append(Leftover(index, name, item_key(name) in gold, scores))
        progress(index + 1)
    return chosen, leftovers


def f1_with(items, chosen, leftovers, probe_name: str, threshold: float | None) -> dict:
    added: dict[int, list[str]] = {}
    for left in leftovers:
        if threshold is not None and left.scores[probe_name] > threshold:
            added.setdefault(left.item, []).append(left.name)
    scores = [
        score_set(
            list(chosen[i]) + added.get(i, []),
            item.gold["introduces"],
            item.accept.get("introduces_extra", ()),
        )
        for i, item in enumerate(items)
    ]
    return SetScore.aggregate(scores)


def perfect_chooser(items: Sequence[EvalItem]) -> tuple[int, int, dict]:
    """Gold names among the candidates, all gold names, and the score of picking exactly those."""
    found = total = 0
    scores = []
    for item in items:
        keys = {item_key(n): n for n in find_candidates(item.abstract).names}
        gold = item.gold["introduces"]
        picked = [keys[item_key(n)] for n in gold if item_key(n) in keys]
        found, total = found + len(picked), total + len(gold)
        scores.append(score_set(picked, gold, item.accept.get("introduces_extra", ())))
    return found, total, SetScore.aggregate(scores)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default="dev", help="dev (default), test or a gold .jsonl")
    parser.add_argument("--limit", type=int, default=None, help="only the first N records")
    parser.add_argument(
        "--bound-only", action="store_true", help="only the perfect chooser's score, no model"
    )
    args = parser.parse_args(argv)
    items = load_suite(args.suite)[: args.limit]
    found, total, bound = perfect_chooser(items)
    print(f"{args.suite}: {found} of {total} gold `introduces` are among the candidates; "
          f"choosing exactly those: F1 {bound['f1']:.3f}")  # fmt: skip
    if args.bound_only:
        return 0

    def progress(done: int) -> None:
        print(f"\r{done}/{len(items)} records", end="", file=sys.stderr, flush=True)

    chosen, leftovers = probe(items, Scorer(), progress)
    print(file=sys.stderr)
    base = f1_with(items, chosen, leftovers, "likelihood", None)
    new = sum(left.is_new for left in leftovers)
    print(f"{args.suite}: {len(items)} records, {len(leftovers)} names left by the rules, "
          f"{new} of them gold `introduces`")  # fmt: skip
    print(f"rules alone: precision {base['precision']:.3f}, recall {base['recall']:.3f}, "
          f"F1 {base['f1']:.3f}\n")  # fmt: skip
    print("| probe | AUC | added above | names added (gold) | precision | recall | F1 |")
    print("|---|---|---|---|---|---|---|")
    for name, thresholds in THRESHOLDS.items():
        pos = [left.scores[name] for left in leftovers if left.is_new]
        neg = [left.scores[name] for left in leftovers if not left.is_new]
        for threshold in thresholds:
            above = [left for left in leftovers if left.scores[name] > threshold]
            s = f1_with(items, chosen, leftovers, name, threshold)
            print(
                f"| {name} | {auc(pos, neg):.2f} | {threshold:g} | "
                f"{len(above)} ({sum(left.is_new for left in above)}) | "
                f"{s['precision']:.3f} | {s['recall']:.3f} | {s['f1']:.3f} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
