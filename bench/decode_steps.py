"""Decode steps per abstract on the bundled model, in this process: whitespace rule, jump-forward.

    python bench/decode_steps.py --n 20

For each seed abstract, the first request summarize sends (its messages and JSON Schema; the
server's sampling defaults, greedy) is answered three ways on ``llama_cpp.Llama`` with the
engine's grammar sampler (:mod:`summarizer.engine.fast_grammar`):

- ``free``: llama-cpp-python's whitespace rule (the engine before ``whitespace=none``);
- ``none``: no whitespace between JSON tokens (:mod:`summarizer.engine.decoding`);
- ``jump``: ``none`` plus jump-forward: a draft model (llama-cpp-python's speculative-decoding
  hook) proposes the text the grammar forces next (:class:`bench.floor_tokens.Scaffold`), and the
  engine evaluates it in the same batch as the token just sampled. Every token is still sampled
  and checked by the grammar, so greedy answers stay those of ``none`` unless a batched
  evaluation rounds a logit differently; a draft the model would split otherwise is cut at the
  first token that differs. llama-cpp-python keeps logits for every position when a draft model
  is set (it needs them to check drafts), which slows prompt evaluation: its cost is in ``s``.

Counts (completion tokens, decode steps = evaluations after the prompt, forced/free tokens) are
deterministic; seconds are printed with the load beside them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.floor_tokens import Scaffold, forced_and_free  # noqa: E402
from bench.run import SEEDS, load, seed_papers, table  # noqa: E402

# The sampling fields of llama-cpp-python's server for a chat request summarize sends.
SERVER_DEFAULTS = {"top_k": 40, "top_p": 0.95, "min_p": 0.05, "repeat_penalty": 1.1}


class JumpForward:
    """A llama-cpp-python draft model that proposes the grammar's forced continuation."""

    def __init__(self, llm: Any, scaffold: Scaffold) -> None:
        self.llm, self.scaffold = llm, scaffold
        self.start: int | None = None
        self.proposed = 0

    def __call__(self, input_ids: np.ndarray, /, **_: Any) -> np.ndarray:
        ids = input_ids.tolist()
        if self.start is None:  # first call: the prompt and the first sampled token
            self.start = len(ids) - 1
        text = self.llm.detokenize(ids[self.start :]).decode("utf-8", errors="replace")
        ahead = self.scaffold.forced_after(text)
        if not ahead:
            return np.array([], dtype=np.intc)
        tokens = self.llm.tokenize(ahead.encode("utf-8"), add_bos=False, special=False)
        self.proposed += len(tokens)
        return np.array(tokens, dtype=np.intc)


class Counted:
    """Counts a Llama's evaluations (calls of ``eval``) and the tokens they took."""

    def __init__(self, llm: Any) -> None:
        self.calls = self.tokens = 0
        original = llm.eval

        def eval_(tokens: Any) -> None:
            self.calls += 1
            self.tokens += len(tokens)
            original(tokens)

        llm.eval = eval_


def answer(llm: Any, counter: Counted, request: dict[str, Any], draft: Any = None) -> dict:
    llm.draft_model = draft
    llm.reset()  # every variant evaluates the whole prompt, as a new abstract does
    counter.calls = counter.tokens = 0
    started = time.perf_counter()
    out = llm.create_chat_completion(**request, temperature=0, max_tokens=512, **SERVER_DEFAULTS)
    seconds = time.perf_counter() - started
    text = out["choices"][0]["message"]["content"]
    ids = llm.tokenize(text.encode("utf-8"), add_bos=False, special=False)
    return {
        "text": text,
        "completion": out["usage"]["completion_tokens"],
        "steps": counter.calls - 1,  # the first evaluation is the prompt's
        "seconds": seconds,
        "pieces": [llm.detokenize([t]).decode("utf-8", errors="replace") for t in ids],
    }


def main(argv: list[str] | None = None) -> None:
    from summarizer.engine import weights

    weights.install()  # the engine's weight layout (a crash on some AMX CPUs)
    from llama_cpp import Llama

    from summarizer.engine import decoding, fast_grammar
    from summarizer.engine.model_file import bundled_model_path
    from summarizer.prompting.strategy import plan
    from summarizer.prompting.templates import load_prompt
    from summarizer.schemas.registry import load_schema
    from summarizer.settings.config import default_cache_dir

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=20)
    parser.add_argument("--seeds", default=SEEDS)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--prompt", default="default")
    parser.add_argument("--json", type=Path, help="also write the answers here")
    args = parser.parse_args(argv)

    fast_grammar.install()
    path = bundled_model_path(default_cache_dir())
    common = {"n_ctx": 4096, "n_threads": args.threads, "n_threads_batch": args.threads}
    plain = Llama(str(path), verbose=False, **common)
    drafted = Llama(str(path), verbose=False, draft_model=JumpForward(None, Scaffold({})), **common)
    counters = {id(plain): Counted(plain), id(drafted): Counted(drafted)}
    prompt, schema = load_prompt(args.prompt), load_schema("paper_summary.v1")
    start_load = load()
    rows, results = [], []
    for k, paper in enumerate(seed_papers(args.seeds, args.n), 1):
        p = plan(paper, prompt, schema.model)
        json_schema = p.response_model.model_json_schema()
        request = {
            "messages": p.messages,
            "response_format": {"type": "json_object", "schema": json_schema},
        }
        scaffold = Scaffold(json_schema)
        got: dict[str, dict[str, Any]] = {}
        for name, whitespace in (("none", "none"), ("jump", "none"), ("free", "free")):
            decoding.install(decoding.Decoding(whitespace=whitespace))
            if name == "jump":
                draft = JumpForward(drafted, scaffold)
                got[name] = answer(drafted, counters[id(drafted)], request, draft)
                got[name]["proposed"] = draft.proposed
            else:
                got[name] = answer(plain, counters[id(plain)], request)
            got[name]["forced"], got[name]["free"] = forced_and_free(scaffold, got[name]["pieces"])
            shown = {k: v for k, v in got[name].items() if k != "pieces"}
            print(f"{paper.id} {name} {json.dumps(shown, ensure_ascii=False)}", flush=True)
        same = json.loads(got["free"]["text"]) == json.loads(got["none"]["text"])
        results.append(
            {
                "id": paper.id,
                **{n: {k: v for k, v in g.items() if k != "pieces"} for n, g in got.items()},
            }
        )
        rows.append(
            [
                k,
                paper.id,
                *(got[n]["completion"] for n in ("free", "none")),
                f"{got['none']['forced']}/{got['none']['free']}",
                "yes" if same else "no",
                got["jump"]["steps"],
                got["jump"]["proposed"],
                "yes" if got["jump"]["text"] == got["none"]["text"] else "NO",
                *(f"{got[n]['seconds']:.2f}" for n in ("free", "none", "jump")),
            ]
        )
        print(" ".join(str(c) for c in rows[-1]), flush=True)
    end_load = load()

    def total(name: str, key: str) -> int:
        return sum(r[name][key] for r in results)

    rows.append(
        [
            "all",
            f"{len(results)} abstracts",
            total("free", "completion"),
            total("none", "completion"),
            f"{total('none', 'forced')}/{total('none', 'free')}",
            f"{sum(r[5] == 'yes' for r in rows)}/{len(results)} same",
            total("jump", "steps"),
            total("jump", "proposed"),
            f"{sum(r[8] == 'yes' for r in rows)}/{len(results)} same",
            *(f"{sum(r[n]['seconds'] for r in results):.1f}" for n in ("free", "none", "jump")),
        ]
    )
    print(
        table(
            "Decode steps per abstract: whitespace rule and jump-forward (first request, greedy)",
            [
                "#", "id", "tokens free", "tokens none", "forced/free (none)",
                "fields same", "jump steps", "drafted", "jump = none", "s free", "s none",
                "s jump",
            ],
            rows,
            [
                f"Load: {start_load} at the start, {end_load} at the end; {args.threads} threads.",
                "tokens: completion tokens (one decode step each without jump-forward). "
                "forced/free: the answer's tokens (as the tokenizer splits its text) that the "
                "schema's grammar forced vs the model chose. fields same: the answers of free "
                "and none parse to the same JSON. jump steps: evaluations after the prompt "
                "with jump-forward; drafted: tokens the draft proposed (accepted or not).",
            ],
        )
    )  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
