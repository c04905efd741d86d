"""Peers on the same engine: a plain instructor loop and LangExtract.

Runs in bench/.venv-peers (instructor, openai and langextract from PyPI; summarizer is
not installed there), called by bench/run.py as

    python bench/peers.py instructor|langextract BASE_URL MODEL ABSTRACTS.json

and prints one JSON line: name, seconds, valid, requests, prompt_tokens,
completion_tokens. Both talk to BASE_URL only (LangExtract through its OpenAI provider
with ``base_url``; it fetches nothing else).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any, Literal

MAX_TOKENS = 512
SYSTEM = "You write a short JSON summary of one scientific abstract."


def _tally_client(client: Any, tally: dict[str, int]) -> None:
    """Count requests and token usage of every chat completion the client makes."""
    create = client.chat.completions.create

    def counted(*args: Any, **kwargs: Any) -> Any:
        response = create(*args, **kwargs)
        tally["requests"] += 1
        usage = getattr(response, "usage", None)
        if usage is not None:
            tally["prompt_tokens"] += usage.prompt_tokens or 0
            tally["completion_tokens"] += usage.completion_tokens or 0
        return response

    client.chat.completions.create = counted


def run_instructor(base_url: str, model: str, abstracts: list[str]) -> tuple[dict, dict]:
    """The whole summary schema in one instructor call per abstract, JSON mode, 2 re-asks.

    JSON mode (schema in the prompt, ``response_format={"type": "json_object"}``) is the
    instructor mode that llama-cpp-python's server accepts out of the box.
    """
    import instructor
    import openai
    from pydantic import BaseModel, Field

    class Result(BaseModel):
        value: str
        metric: str | None = None
        subject: str | None = None
        kind: Literal["absolute", "improvement"] = "absolute"

    class PaperSummary(BaseModel):
        tldr: str = Field(max_length=400, description="One sentence: contribution and finding.")
        problem: str = Field(max_length=400, description="One sentence: the problem addressed.")
        contribution_types: list[
            Literal[
                "method",
                "dataset",
                "benchmark",
                "theory",
                "empirical_study",
                "survey",
                "system",
            ]
        ] = Field(min_length=1, max_length=3)
        introduces: list[str] = Field(description="Names the paper introduces, verbatim.")
        datasets: list[str] = Field(description="Existing datasets used, verbatim.")
        tasks: list[str] = Field(max_length=4)
        results: list[Result] = Field(description="Each number the abstract states.")
        domain: Literal[
            "computer_vision",
            "natural_language",
            "multimodal",
            "speech_audio",
            "healthcare",
            "robotics_rl",
            "graphs",
            "ml_theory",
            "general_ml",
            "other",
        ]
        code_url: str | None = None
        keywords: list[str] = Field(min_length=3, max_length=6)

    tally = {"requests": 0, "prompt_tokens": 0, "completion_tokens": 0}
    raw = openai.OpenAI(base_url=base_url, api_key="not-needed", timeout=600)
    _tally_client(raw, tally)
    client = instructor.from_openai(raw, mode=instructor.Mode.JSON)
    valid = 0
    started = time.perf_counter()
    for abstract in abstracts:
        try:
            client.chat.completions.create(
                model=model,
                response_model=PaperSummary,
                messages=[
                    {"role": "system", "content": SYSTEM},
                    {"role": "user", "content": f"Abstract:\n{abstract}"},
                ],
                max_retries=2,
                max_tokens=MAX_TOKENS,
                temperature=0,
            )
            valid += 1
        except Exception:  # noqa: BLE001 - a failed item counts as not valid
            pass
    seconds = time.perf_counter() - started
    return {
        "name": "instructor (JSON mode, whole schema)",
        "seconds": seconds,
        "valid": valid,
    }, tally


def run_langextract(base_url: str, model: str, abstracts: list[str]) -> tuple[dict, dict]:
    """LangExtract's few-shot span extraction, one chunk (one request) per abstract."""
    import langextract as lx
    from langextract.providers.openai import OpenAILanguageModel

    example = lx.data.ExampleData(
        text=(
            "Class imbalance hurts recognition of tail classes. We propose ImbSAM, a "
            "class-aware optimizer, and evaluate it on CIFAR-100, where it improves tail "
            "accuracy by 4.8%. Code: https://github.com/x/imbsam."
        ),
        extractions=[
            lx.data.Extraction(extraction_class="problem", extraction_text="Class imbalance"),
            lx.data.Extraction(extraction_class="introduces", extraction_text="ImbSAM"),
            lx.data.Extraction(extraction_class="dataset", extraction_text="CIFAR-100"),
            lx.data.Extraction(
                extraction_class="result",
                extraction_text="4.8%",
                attributes={"metric": "tail accuracy", "kind": "improvement"},
            ),
            lx.data.Extraction(
                extraction_class="code_url", extraction_text="https://github.com/x/imbsam"
            ),
            lx.data.Extraction(extraction_class="keyword", extraction_text="tail classes"),
        ],
    )
    tally = {"requests": 0, "prompt_tokens": 0, "completion_tokens": 0}
    language_model = OpenAILanguageModel(
        model_id=model,
        api_key="not-needed",
        base_url=base_url,
        temperature=0,
        max_workers=1,
        max_output_tokens=MAX_TOKENS,
    )
    _tally_client(language_model._client, tally)
    valid = 0
    started = time.perf_counter()
    for abstract in abstracts:
        try:
            result = lx.extract(
                text_or_documents=abstract,
                prompt_description=(
                    "Extract from a scientific abstract, in order of appearance and with exact "
                    "text: the problem, the names the paper introduces, the datasets it uses, "
                    "each numeric result, the code URL and key phrases. Do not paraphrase."
                ),
                examples=[example],
                model=language_model,
                max_char_buffer=max(len(abstract) + 1, 1000),
                batch_length=1,
                max_workers=1,
                fence_output=False,
                use_schema_constraints=False,
                show_progress=False,
            )
            if result.extractions:
                valid += 1
        except Exception:  # noqa: BLE001 - a failed item counts as not valid
            pass
    seconds = time.perf_counter() - started
    return {
        "name": "LangExtract (OpenAI provider, base_url)",
        "seconds": seconds,
        "valid": valid,
    }, tally


def main() -> None:
    peer, base_url, model, path = sys.argv[1:5]
    with open(path, encoding="utf-8") as fh:
        abstracts = json.load(fh)
    runner = {"instructor": run_instructor, "langextract": run_langextract}[peer]
    result, tally = runner(base_url, model, abstracts)
    print(json.dumps({**result, **tally}))


if __name__ == "__main__":
    main()
