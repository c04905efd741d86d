#!/usr/bin/env python3
"""Can the embedded model bind an abstract's numbers in one request, better than the rules?

Usage: python evals/bind_turn.py [--suite dev] [--limit N] [--only unsure] [--out FILE]
       [--engine-model default|large]

One request per abstract: the abstract, then every number the rules keep with its sentence
and the rules' own metric and subject, and the bundled model answers one JSON object under a
grammar that allows, per number, only a phrase of the number's sentence (one to three words)
or ``none`` as ``metric``, and only a candidate name of the sentence, a name the paper
introduces, the rules' subject or ``none`` as ``subject``. The grammar has no free
whitespace. ``--only unsure`` asks only about the numbers whose metric or subject the rules
leave empty (:func:`unsure`), which is what the mixed arm needs.

It prints, over the numbers whose value matches a gold result, the share whose metric and
subject are right (the harness's matching rules) for three arms: the rules alone, the model
alone, and the rules where they are sure with the model elsewhere; and the model's seconds
per abstract asked. Tune on dev only.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import Any

from summarizer.engine.model_file import bundled_model, bundled_model_path
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

SYSTEM = (
    "You read a scientific abstract. For each numbered value, say what it measures "
    "(metric) and which model, method or dataset it belongs to (subject), choosing "
    'words from its sentence, or "none".'
)
NONE = "none"
_STOP = frozenset(
    "of on in for and the a an to with at by from than over is are was were be we our that "
    "which this it as its their up only more less while also both all each between across "
    "into under these those such can".split()
)


def unsure(metric: str | None, subject: str | None) -> tuple[bool, bool]:
    """Which parts of a number the rules are not sure of: a part they left empty."""
    return metric is None, subject is None


def phrases(sentence: str) -> list[str]:
    """Phrases of one to three words of ``sentence``: no digit, no stop word at either end."""
    words = [w.strip(".,;:()[]\"'") for w in sentence.split()]
    out: dict[str, None] = {}
    for i in range(len(words)):
        for n in (1, 2, 3):
            span = words[i : i + n]
            if len(span) < n or any(not w or any(c.isdigit() for c in w) for w in span):
                continue
            if span[0].lower() in _STOP or span[-1].lower() in _STOP:
                continue
            out[" ".join(span)] = None
    return list(out)


def _literal(text: str) -> str:
    """A GBNF literal that writes ``text`` as a JSON string."""
    return json.dumps(json.dumps(text, ensure_ascii=False), ensure_ascii=False)


def grammar_for(options: list[tuple[list[str], list[str]]]) -> str:
    """GBNF for ``{"1":{"metric":M,"subject":S},...}`` with each M and S one of its options."""
    rules, entries = [], []
    for i, (metrics, subjects) in enumerate(options, 1):
        rules.append(f"m{i} ::= " + " | ".join(_literal(m) for m in metrics))
        rules.append(f"s{i} ::= " + " | ".join(_literal(s) for s in subjects))
        comma = "," if i > 1 else ""
        entries.append(f'"{comma}\\"{i}\\":{{\\"metric\\":" m{i} ",\\"subject\\":" s{i} "}}"')
    return 'root ::= "{" ' + " ".join(entries) + ' "}"\n' + "\n".join(rules) + "\n"


def chat(system: str, user: str) -> str:
    return (
        f"<|im_start|>system\n{system}<|im_end|>\n<|im_start|>user\n{user}<|im_end|>\n"
        "<|im_start|>assistant\n"
    )


class Binder:
    """The bundled model, asked once per abstract under a grammar."""

    def __init__(self, engine_model: str = "default") -> None:
        from summarizer.engine import weights

        weights.install()  # the engine's weight layout (a crash on some AMX CPUs)
        from llama_cpp import Llama

        threads = os.cpu_count() or 1
        model = bundled_model(engine_model)
        self.llm = Llama(
            model_path=str(bundled_model_path(default_cache_dir(), model)),
            n_ctx=4096,
            n_threads=threads,
            n_threads_batch=threads,
            verbose=False,
        )
        self.tokens = {"prompt": 0, "completion": 0}

    def bind(self, prompt: str, grammar: str) -> dict[str, Any]:
        from llama_cpp import LlamaGrammar

        out = self.llm.create_completion(
            prompt,
            max_tokens=600,
            temperature=0.0,
            grammar=LlamaGrammar.from_string(grammar, verbose=False),
        )
        usage = out["usage"]
        self.tokens["prompt"] += usage["prompt_tokens"]
        self.tokens["completion"] += usage["completion_tokens"]
        try:
            return json.loads(out["choices"][0]["text"])
        except json.JSONDecodeError:
            return {}


def _question(abstract: str, asked: list[tuple[Any, str]]) -> str:
    lines = [f"Abstract:\n{abstract}\n", "Values:"]
    for i, (number, sentence) in enumerate(asked, 1):
        lines.append(
            f'{i}. {number.value} in: "{sentence}" (found so far: metric '
            f"{number.metric or NONE}; subject {number.subject or NONE})"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default="dev")
    parser.add_argument("--limit", type=int, default=0, help="stop after N abstracts asked")
    parser.add_argument("--only", choices=("all", "unsure"), default="all")
    parser.add_argument("--out", help="write each number's answers to this JSONL file")
    parser.add_argument("--engine-model", choices=("default", "large"), default="default")
    args = parser.parse_args(argv)
    prompt = load_prompt("default")
    binder = Binder(args.engine_model)
    counts = {k: 0 for k in ("n", "rm", "rs", "mm", "ms", "hm", "hs")}
    seconds, asked_abstracts = 0.0, 0
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    for item in load_suite(args.suite):
        planned = plan(Paper(id=item.id, abstract=item.abstract, title=None), prompt, PaperSummary)
        if planned.candidates is None or not planned.candidates.numbers:
            continue
        analysis = Analysis(item.abstract)
        own = planned.decided["introduces"] if planned.decided else []
        names = planned.candidates.names
        asked, options = [], []
        for number in planned.candidates.numbers:
            if args.only == "unsure" and not any(unsure(number.metric, number.subject)):
                continue
            sentence = analysis.sentence_at(number.start)
            text = sentence.text if sentence else item.abstract[number.start : number.end]
            metrics = [NONE, *dict.fromkeys([*([number.metric] if number.metric else []),
                                             *phrases(text)])]  # fmt: skip
            in_sentence = [n for n in names if whole_name_at(text, n, 0, len(text))]
            subjects = [NONE, *dict.fromkeys([*([number.subject] if number.subject else []),
                                              *in_sentence, *own])]  # fmt: skip
            asked.append((number, text))
            options.append((metrics, subjects))
        answers: dict[str, Any] = {}
        if asked:
            began = time.perf_counter()
            answers = binder.bind(
                chat(SYSTEM, _question(item.abstract, asked)), grammar_for(options)
            )
            seconds += time.perf_counter() - began
            asked_abstracts += 1
        gold: dict[str, dict] = {}
        for result in item.gold["results"]:
            gold.setdefault(value_key(result["value"]), result)
        by_number = {id(n): answers.get(str(i), {}) for i, (n, _) in enumerate(asked, 1)}
        for number in planned.candidates.numbers:
            wanted = gold.get(value_key(number.value))
            if wanted is None:
                continue
            got = by_number.get(id(number), {})
            metric = got.get("metric") if got.get("metric") != NONE else None
            subject = got.get("subject") if got.get("subject") != NONE else None
            if id(number) not in by_number:  # not asked: the rules' own answer stands
                metric, subject = number.metric, number.subject
            loose_m, loose_s = unsure(number.metric, number.subject)
            mixed_m = metric if loose_m else number.metric
            mixed_s = subject if loose_s else number.subject
            gm, gs = wanted.get("metric"), wanted.get("subject")
            counts["n"] += 1
            counts["rm"] += same_metric(number.metric, gm)
            counts["rs"] += same_subject(number.subject, gs)
            counts["mm"] += same_metric(metric, gm)
            counts["ms"] += same_subject(subject, gs)
            counts["hm"] += same_metric(mixed_m, gm)
            counts["hs"] += same_subject(mixed_s, gs)
            if out is not None:
                row = {
                    "id": item.id,
                    "value": number.value,
                    "gold": [gm, gs],
                    "rules": [number.metric, number.subject],
                    "model": [metric, subject],
                }
                out.write(json.dumps(row) + "\n")
        print(f"{asked_abstracts} abstracts asked, {counts['n']} numbers scored", flush=True)
        if args.limit and asked_abstracts >= args.limit:
            break
    n = counts["n"] or 1
    print(f"\n{args.suite} ({args.only}): {counts['n']} numbers matched by value; share right")
    print("| arm | metric | subject |\n|---|---|---|")
    print(f"| rules alone | {counts['rm'] / n:.3f} | {counts['rs'] / n:.3f} |")
    if args.only == "all":
        print(f"| model alone | {counts['mm'] / n:.3f} | {counts['ms'] / n:.3f} |")
    print(
        f"| rules where sure, model elsewhere | {counts['hm'] / n:.3f} | {counts['hs'] / n:.3f} |"
    )
    per = seconds / max(asked_abstracts, 1)
    print(f"model: {asked_abstracts} abstracts asked, {per:.2f} s each; tokens {binder.tokens}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
