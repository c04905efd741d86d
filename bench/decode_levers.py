"""Threads and prompt-lookup decoding on the bundled model, in this process, side by side.

    python -m bench.decode_levers --n 12

For each seed abstract, the first request summarize sends (the default prompt's messages and
JSON Schema, the server's sampling defaults, greedy) is answered by one ``llama_cpp.Llama``
per arm, with the engine's grammar sampler (:mod:`summarizer.engine.fast_grammar`):

- ``t2/2``: ``n_threads=2, n_threads_batch=2``, as the engine runs on 2 cores;
- ``t1/2``, ``t2/1``, ``t1/1``: fewer threads for decoding, for prompt evaluation, or both;
- ``lookupK`` (K = 2, 3, 4): ``t2/2`` with llama-cpp-python's ``LlamaPromptLookupDecoding``
  (``num_pred_tokens=K``) as the draft model: it proposes the K tokens that followed the
  last matching n-gram of the prompt, and the model checks them in one batch. A draft model
  makes llama-cpp-python keep logits for every position, which its prompt evaluation pays.

Arms take turns in a rotating order on every abstract, so a load that drifts weighs on all.
Per arm the table gives the seconds summed over the abstracts, the ratio to ``t2/2``, the
decode steps (evaluations after the prompt), the completion tokens, and how many answers are
byte-identical to ``t2/2``'s. The load average is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from bench.decode_steps import Counted, answer
from bench.run import SEEDS, load, seed_papers, table

#: arm -> (n_threads, n_threads_batch, draft tokens or 0)
ARMS: dict[str, tuple[int, int, int]] = {
    "t2/2": (2, 2, 0),
    "t1/2": (1, 2, 0),
    "t2/1": (2, 1, 0),
    "t1/1": (1, 1, 0),
    "lookup2": (2, 2, 2),
    "lookup3": (2, 2, 3),
    "lookup4": (2, 2, 4),
}
BASE = "t2/2"


def main(argv: list[str] | None = None) -> None:
    from summarizer.engine import weights

    weights.install()  # the engine's weight layout (a crash on some AMX CPUs)
    from llama_cpp import Llama
    from llama_cpp.llama_speculative import LlamaPromptLookupDecoding

    from summarizer.engine import fast_grammar
    from summarizer.engine.model_file import bundled_model_path
    from summarizer.prompting.strategy import plan
    from summarizer.prompting.templates import load_prompt
    from summarizer.schemas.registry import load_schema
    from summarizer.settings.config import default_cache_dir

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=12)
    parser.add_argument("--seeds", default=SEEDS)
    parser.add_argument(
        "--arms", default=",".join(ARMS), help="comma-separated, of " + ", ".join(ARMS)
    )
    parser.add_argument("--prompt", default="default")
    parser.add_argument("--json", type=Path, help="also write the answers here")
    args = parser.parse_args(argv)
    arms = [a for a in args.arms.split(",") if a]
    unknown = [a for a in arms if a not in ARMS]
    if unknown:
        parser.error(f"unknown arm {unknown[0]!r}: use {', '.join(ARMS)}")
    if BASE not in arms:
        arms.insert(0, BASE)

    fast_grammar.install()
    path = str(bundled_model_path(default_cache_dir()))
    models: dict[str, Any] = {}
    counters: dict[str, Counted] = {}
    for arm in arms:
        threads, batch_threads, draft = ARMS[arm]
        extra = {"draft_model": LlamaPromptLookupDecoding(num_pred_tokens=draft)} if draft else {}
        models[arm] = Llama(
            path, n_ctx=4096, n_threads=threads, n_threads_batch=batch_threads, verbose=False,
            **extra,
        )  # fmt: skip
        counters[arm] = Counted(models[arm])
    prompt, schema = load_prompt(args.prompt), load_schema("paper_summary.v1")
    start_load = load()
    got: dict[str, list[dict[str, Any]]] = {arm: [] for arm in arms}
    papers = seed_papers(args.seeds, args.n)
    for k, paper in enumerate(papers):
        p = plan(paper, prompt, schema.model)
        request = {
            "messages": p.messages,
            "response_format": {
                "type": "json_object",
                "schema": p.response_model.model_json_schema(),
            },
        }
        for arm in arms[k % len(arms) :] + arms[: k % len(arms)]:
            draft = models[arm].draft_model
            got[arm].append(answer(models[arm], counters[arm], request, draft))
        line = {arm: round(got[arm][-1]["seconds"], 2) for arm in arms}
        print(f"{paper.id} {json.dumps(line)}", flush=True)
    end_load = load()
    base = got[BASE]
    base_seconds = sum(a["seconds"] for a in base)
    rows = []
    for arm in arms:
        seconds = sum(a["seconds"] for a in got[arm])
        same = sum(a["text"] == b["text"] for a, b in zip(got[arm], base, strict=True))
        rows.append(
            [
                arm,
                "{}/{}".format(*ARMS[arm][:2]),
                ARMS[arm][2] or "-",
                f"{seconds:.1f}",
                f"{base_seconds / seconds:.2f}x",
                sum(a["steps"] for a in got[arm]),
                sum(a["completion"] for a in got[arm]),
                f"{same}/{len(base)}",
            ]
        )
    print(
        table(
            f"Threads and prompt-lookup decoding: first request of {len(base)} abstracts, greedy",
            ["arm", "threads/batch", "draft", "s", "vs t2/2", "decode steps", "tokens", "same"],
            rows,
            [
                f"Load: {start_load} at the start, {end_load} at the end.",
                "s: seconds summed over the abstracts (the whole request, prompt included). "
                "decode steps: evaluations after the prompt. same text: answers byte-identical "
                "to t2/2's.",
            ],
        )
    )  # fmt: skip
    if args.json:
        shown = {
            arm: [{k: v for k, v in a.items() if k != "pieces"} for a in got[arm]] for arm in arms
        }
        args.json.write_text(json.dumps(shown, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
