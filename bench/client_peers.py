"""The client section's peers: plain async instructor loops against the same fast server.

One ``chat.completions.create(response_model=...)`` per abstract, in instructor's
``Mode.JSON_SCHEMA``, at most ``concurrency`` at a time (a semaphore), over the same
abstracts as the summarizer's client runs (``synthetic_papers``). The response model is
either the whole summary (``summary``: the schema's ``PaperSummary``, every field asked of
the model, as a plain loop without the rules asks for it) or the answer the default prompt
asks for (``answer``: ``prompt_text_model``, tldr and problem, with the summary's own
validators). The prompt is a short one written inline, as a plain loop would write it. No
cache, no output file: each parsed answer is counted, then dropped.

    python -m bench.client_peers BASE_URL ITEMS CONCURRENCY SEEDS_GLOB [summary|answer]

prints one JSON line (items, concurrency, seconds, items_per_s, cpu_ms_per_item, valid,
invalid, peak_rss_mb), so that bench/run.py can run it in a process of its own.
"""

from __future__ import annotations

import asyncio
import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

SYSTEM = "You write a short JSON summary of one scientific abstract."


PEER_MODELS = ("summary", "answer")


def peer_model(kind: str) -> Any:
    """The response model of the ``summary`` or the ``answer`` peer."""
    if kind == "summary":
        from summarizer.schemas.paper_summary import PaperSummary

        return PaperSummary
    from summarizer.prompting.strategy import prompt_text_model
    from summarizer.prompting.templates import load_prompt

    return prompt_text_model(load_prompt("default"))


async def instructor_run(
    base_url: str, items: int, concurrency: int, pattern: str, kind: str = "summary"
) -> dict[str, Any]:
    """The instructor arm over ``items`` abstracts: items/s and what validated."""
    import instructor
    import openai

    from bench.run import synthetic_papers

    model = peer_model(kind)
    # The clock starts before the client is built, as the other arms' runs build theirs.
    started, cpu = time.perf_counter(), time.process_time()
    client = instructor.from_openai(
        openai.AsyncOpenAI(base_url=base_url, api_key="none", max_retries=0),
        mode=instructor.Mode.JSON_SCHEMA,
    )
    gate = asyncio.Semaphore(concurrency)
    counts = {"valid": 0, "invalid": 0}

    async def one(abstract: str) -> None:
        async with gate:
            try:
                await client.chat.completions.create(
                    model="fast",
                    response_model=model,
                    messages=[
                        {"role": "system", "content": SYSTEM},
                        {"role": "user", "content": f"Abstract:\n{abstract}"},
                    ],
                    max_retries=0,
                    max_tokens=512,
                    temperature=0,
                )
            except Exception:  # counted: a peer's failure is a result, not a crash
                counts["invalid"] += 1
            else:
                counts["valid"] += 1

    await asyncio.gather(*(one(paper.abstract) for paper in synthetic_papers(pattern, items)))
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    await client.client.close()
    return {
        "items": items,
        "concurrency": concurrency,
        "seconds": seconds,
        "items_per_s": items / seconds,
        "cpu_ms_per_item": 1000 * cpu / items,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        **counts,
    }


def instructor_arm(
    base_url: str, items: int, concurrency: int, pattern: str, kind: str = "summary"
) -> dict[str, Any]:
    """:func:`instructor_run` in a process of its own (``python -m bench.client_peers``), as
    a row of the client table."""
    repo = Path(__file__).resolve().parents[1]
    command = [sys.executable, "-m", "bench.client_peers", base_url, str(items)]
    command += [str(concurrency), pattern, kind]
    done = subprocess.run(
        command, cwd=repo, capture_output=True, text=True, check=False, timeout=3600
    )
    if done.returncode != 0:
        raise SystemExit(f"the instructor arm failed:\n{done.stderr[-3000:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return result | {
        "run": f"plain instructor loop ({kind} model), concurrency {concurrency}",
        "cached": 0,
        "workers": 1,
    }


def main(argv: list[str] | None = None) -> None:
    args = argv if argv is not None else sys.argv[1:]
    base_url, items, concurrency, pattern = args[:4]
    kind = args[4] if len(args) > 4 else "summary"
    if kind not in PEER_MODELS:
        raise SystemExit(f"the peer's model is one of {', '.join(PEER_MODELS)}, not {kind!r}")
    result = asyncio.run(instructor_run(base_url, int(items), int(concurrency), pattern, kind))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
