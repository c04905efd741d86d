"""Our steps around a ``ray.data.llm`` processor that runs the model itself (vLLM on GPUs).

The processor runs the engine; these two plain functions are what summarizer adds on each
side of it, so that its records are the same as the CLI's::

    from ray.data.llm import build_processor, vLLMEngineProcessorConfig
    from summarizer.scale import postprocess, preprocess

    settings = {"model": "Qwen/Qwen2.5-7B-Instruct"}
    processor = build_processor(
        vLLMEngineProcessorConfig(model_source=settings["model"], concurrency=4, batch_size=64),
        preprocess=lambda row: preprocess(row, settings),
        postprocess=lambda row: postprocess(row, settings),
    )
    records = processor(ray.data.read_parquet("papers/"))   # columns id, abstract, title

- :func:`preprocess`: a row (``abstract``, optional ``id`` and ``title``) → the row with the
  chat ``messages`` and the ``sampling_params`` (temperature, token limit, and the response
  JSON schema for this paper under ``structured_outputs``, ``guided_decoding`` for vLLM
  before 0.10.2) that our OpenAI-compatible backend sends for it, the schema also as
  ``response_schema`` (JSON text) and the ``prompt_hash`` of the messages;
- :func:`postprocess`: the row with the engine's answer (``generated_text``) → our output
  record: validated and grounded (names not in the abstract are dropped), with the fields
  the rules decide, the spans and ``meta``. An answer that does not validate gives a failed
  record (``OutputValidationError``); nothing is asked again: the engine is not ours to call.
  A refused abstract (too long, too short) gives its ``InputError`` record, whatever the
  engine answered to the placeholder it was sent.

The settings (a dict or :class:`~summarizer.Settings`) choose the prompt, schema, token
limit and temperature; ``model`` names the engine's model in the records. These records
are not cached (the engine's answers are not the cache's to keep); a rerun skips the ids its
output already holds.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import OutputValidationError
from ..io.inputs import Paper
from ..prompting.strategy import plan
from ..prompting.templates import messages_hash
from ..records import Record, new_record, refused_record
from ..run.pipeline import Pipeline
from ..settings.config import Settings
from .batch import papers_of, settings_of

#: The ``meta.endpoint`` of these records.
ENDPOINT = "ray.data.llm"
#: What a refused abstract sends to the engine: the record is made without its answer.
PLACEHOLDER = [{"role": "user", "content": "Answer with {}."}]

_PIPELINES: dict[str, Pipeline] = {}


def _pipeline(settings: Settings | dict[str, Any] | None) -> Pipeline:
    """One pipeline per process and settings (the prompt, schema and rules loaded once)."""
    s = settings_of(settings, use_cache=False)
    key = s.model_dump_json()
    pipeline = _PIPELINES.get(key)
    if pipeline is None:
        pipeline = _PIPELINES[key] = Pipeline(s)
    return pipeline


def _paper(row: dict[str, Any], pipeline: Pipeline) -> Paper:
    columns = {k: [row.get(k)] for k in ("id", "abstract", "title")}
    return papers_of(columns, pipeline.settings.max_abstract_chars)[0]


def preprocess(
    row: dict[str, Any],
    settings: Settings | dict[str, Any] | None = None,
    structured: str = "structured_outputs",
) -> dict[str, Any]:
    """The row with what to send for it: ``messages``, ``sampling_params``,
    ``response_schema`` and ``prompt_hash`` (see the module docstring).

    Args:
        row: ``abstract``, optional ``id`` and ``title``; other columns are kept.
        settings: The run's settings (prompt, schema, ``max_tokens``, ``temperature``).
        structured: The sampling parameter that takes the JSON schema:
            ``structured_outputs`` (vLLM 0.10.2 on) or ``guided_decoding`` (before).
    """
    pipeline = _pipeline(settings)
    s = pipeline.settings
    paper = _paper(row, pipeline)
    params: dict[str, Any] = {"temperature": s.temperature, "max_tokens": s.max_tokens}
    if paper.problem:
        return {
            **row,
            "messages": PLACEHOLDER,
            "sampling_params": {**params, "max_tokens": 1},
            "response_schema": "{}",
            "prompt_hash": "",
        }
    p = plan(paper, pipeline.prompt, pipeline.schema.model)
    schema = json.dumps(p.response_model.model_json_schema(), ensure_ascii=False)
    return {
        **row,
        "messages": p.messages,
        "sampling_params": {**params, structured: {"json": schema}},
        "response_schema": schema,
        "prompt_hash": messages_hash(p.messages),
    }


def postprocess(row: dict[str, Any], settings: Settings | dict[str, Any] | None = None) -> Record:
    """Our output record for a row that holds the engine's answer (``generated_text``).

    Token counts are read from ``num_input_tokens`` and ``num_generated_tokens`` when the
    processor gives them. Never raises for the answer: a bad one is a failed record.
    """
    pipeline = _pipeline(settings)
    paper = _paper(row, pipeline)
    if paper.problem:
        return refused_record(paper, paper.problem, pipeline.prompt.id, pipeline.schema.id)
    prompt_tokens = int(row.get("num_input_tokens") or 0)
    completion_tokens = int(row.get("num_generated_tokens") or 0)
    usage = {
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
    }
    raw = row.get("generated_text")
    raw = raw if isinstance(raw, str) else ""
    extra = {"endpoint": ENDPOINT, "mode": "json_schema"}
    try:
        return pipeline.record_from_answer(paper, raw, usage, extra)
    except Exception as exc:  # the answer's problem is this row's, never the job's
        record = new_record(paper)
        meta = pipeline.new_meta(str(row.get("prompt_hash") or ""))
        meta.update(attempts=1, usage=usage, **extra)  # type: ignore[typeddict-item]
        record["meta"] = meta
        message = str(exc)[:300] or type(exc).__name__
        if not isinstance(exc, OutputValidationError):
            message = f"unexpected error: {message}"
        record["error"] = {"type": type(exc).__name__, "message": message}
        return record
