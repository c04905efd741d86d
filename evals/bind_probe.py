#!/usr/bin/env python3
"""Can the embedded model bind a number to its metric and subject better than the rules?

Usage: python evals/bind_probe.py [--suite dev] [--limit N]

For every number the rules keep whose value matches a gold result, the bundled model is
asked a local question about the number's sentence: "which words of this sentence say what
78.9% measures?" and "which model or method does 78.9% belong to?". It answers by greedy
decoding under a grammar that allows only the candidates: the spans of one to three words
near the number (for the metric), the candidate names of the sentence and the paper's own
names (for the subject), and "none"; the rules' own answer is always a candidate. It prints,
for the rules, the model, and the model where the rules say nothing, the share of numbers
whose metric and subject are right by the harness's rules, and the model's seconds per
number. Tune on dev only.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections.abc import Sequence

from summarizer.engine.model_file import bundled_model_path
from summarizer.evaluation.result_scores import same_metric, same_subject
from summarizer.evaluation.scorers import value_key
from summarizer.evaluation.suites import load_suite
from summarizer.io.inputs import Paper
from summarizer.prompting.strategy import plan
from summarizer.prompting.templates import load_prompt
from summarizer.rules import Analysis
from summarizer.rules.subjects import whole_name_at
from summarizer.schemas.paper_summary import PaperSummary
from summarizer.settings.config import default_cache_dir

SYSTEM = "You read one sentence of a scientific abstract and answer with words from it."
METRIC_Q = 'In this sentence, which words say what "{value}" measures?'
SUBJECT_Q = 'In this sentence, which model or method does "{value}" belong to?'
OPENING = 'The answer is "'
NONE = "none"
_STOP = {"of", "on", "in", "for", "and", "the", "a", "an", "to", "with", "at", "by", "from",
         "than", "over", "is", "are", "we", "our", "that", "which", "this", "it", "as"}  # fmt: skip
_TOKEN = re.compile(r"[A-Za-z][\w\-]*")


def chat(user: str) -> str:
    return (
        f"<|im_start|>system\n{SYSTEM}<|im_end|>\n<|im_start|>user\n{user}<|im_end|>\n"
        f"<|im_start|>assistant\n{OPENING}"
    )


class Chooser:
    """The candidate the bundled model finds most likely, its prompt evaluated once."""

    def __init__(self) -> None:
        from summarizer.engine import weights

        weights.install()  # the engine's weight layout (a crash on some AMX CPUs)
        from llama_cpp import Llama

        threads = os.cpu_count() or 1
        self.llm = Llama(
            model_path=str(bundled_model_path(default_cache_dir())),
            n_ctx=2048,
            n_threads=threads,
            n_threads_batch=threads,
            verbose=False,
        )
        self.vocab = self.llm.n_vocab()

    def choose(self, prompt: str, candidates: Sequence[str]) -> str:
        """Greedy decoding constrained by a grammar to one of ``candidates``."""
        from llama_cpp import LlamaGrammar

        alternatives = " | ".join(json.dumps(c) for c in candidates)
        grammar = LlamaGrammar.from_string(f'root ::= ({alternatives}) "\\""', verbose=False)
        out = self.llm.create_completion(prompt, max_tokens=24, temperature=0.0, grammar=grammar)
        text = out["choices"][0]["text"].rstrip('"')
        return text if text in candidates else candidates[0]


def spans_near(sentence: str, at: int, width: int = 12) -> list[str]:
    """Spans of one to three words within ``width`` words of position ``at``."""
    tokens = list(_TOKEN.finditer(sentence))
    near = [i for i, t in enumerate(tokens) if abs(t.start() - at) < width * 8]
    out: dict[str, None] = {}
    for i in near:
        for n in (1, 2, 3):
            words = [t.group() for t in tokens[i : i + n]]
            if len(words) < n or words[0].lower() in _STOP or words[-1].lower() in _STOP:
                continue
            out[" ".join(words)] = None
    return list(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default="dev")
    parser.add_argument("--limit", type=int, default=0, help="stop after N numbers")
    args = parser.parse_args(argv)
    prompt = load_prompt("default")
    chooser = Chooser()
    counts = {k: 0 for k in ("n", "rm", "rs", "mm", "ms", "fm", "fs")}
    seconds = 0.0
    for item in load_suite(args.suite):
        planned = plan(Paper(id=item.id, abstract=item.abstract, title=None), prompt, PaperSummary)
        analysis = Analysis(item.abstract)
        own = planned.decided["introduces"] if planned.decided else []
        names = planned.candidates.names if planned.candidates else []
        gold = {}
        for result in item.gold["results"]:
            gold.setdefault(value_key(result["value"]), result)
        for number in planned.candidates.numbers if planned.candidates else []:
            wanted = gold.get(value_key(number.value))
            if wanted is None:
                continue
            sentence = analysis.sentence_at(number.start)
            if sentence is None:
                continue
            text, at = sentence.text, number.start - sentence.start
            metrics = [NONE, *dict.fromkeys([*([number.metric] if number.metric else []),
                                             *spans_near(text, at)])]  # fmt: skip
            in_sentence = [n for n in names if whole_name_at(text, n, 0, len(text))]
            subjects = [NONE, *dict.fromkeys([*([number.subject] if number.subject else []),
                                              *in_sentence, *own])]  # fmt: skip
            began = time.perf_counter()
            user = f"Sentence: {text}\n\n"
            metric = chooser.choose(chat(user + METRIC_Q.format(value=number.value)), metrics)
            subject = chooser.choose(chat(user + SUBJECT_Q.format(value=number.value)), subjects)
            seconds += time.perf_counter() - began
            metric = None if metric == NONE else metric
            subject = None if subject == NONE else subject
            gm, gs = wanted.get("metric"), wanted.get("subject")
            counts["n"] += 1
            counts["rm"] += same_metric(number.metric, gm)
            counts["rs"] += same_subject(number.subject, gs)
            counts["mm"] += same_metric(metric, gm)
            counts["ms"] += same_subject(subject, gs)
            counts["fm"] += same_metric(number.metric or metric, gm)
            counts["fs"] += same_subject(number.subject or subject, gs)
            print(f"{counts['n']:4} {number.value!r}: rules {number.metric!r}/{number.subject!r} "
                  f"model {metric!r}/{subject!r} gold {gm!r}/{gs!r}", flush=True)  # fmt: skip
            if args.limit and counts["n"] >= args.limit:
                break
        if args.limit and counts["n"] >= args.limit:
            break
    n = counts["n"] or 1
    print(f"\n{args.suite}: {counts['n']} numbers matched by value; share right (metric / subject)")
    print(f"rules                       {counts['rm'] / n:.3f} / {counts['rs'] / n:.3f}")
    print(f"model                       {counts['mm'] / n:.3f} / {counts['ms'] / n:.3f}")
    print(f"model where the rules say nothing  {counts['fm'] / n:.3f} / {counts['fs'] / n:.3f}")
    print(f"model time: {seconds / n:.2f} s per number (two questions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
