"""OpenAI Batch API files: the requests out, the answers back into output records.

``prepare`` writes one request line per paper, in the Batch API's format::

    {"custom_id": ID, "method": "POST", "url": "/v1/chat/completions",
     "body": {"model", "messages", "response_format", "max_tokens", "temperature"}}

with the messages the online path sends (same prompt, same strategy) and its response
schema as a strict ``json_schema`` response format. Strict mode takes a subset of JSON
Schema, so string length limits are left out of the schema sent; the answers are checked
against the full model when they come back.

``collect`` reads the Batch API's output file (``{"id", "custom_id", "response":
{"status_code", "body"}, "error"}`` per line, in any order) and turns each answer into the
record the online path would write for it: validated and grounded with the same schema and
context, assembled (code-decided fields included) and cached the same way, with
``meta.batch`` saying where it came from. Answers that are missing, errored, cut short,
invalid or of another shape (:func:`answer_of`) go through the online pipeline instead (with
its re-asks), against the configured endpoint; a line that names no paper is skipped.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from pydantic import BaseModel

from ..errors import ConfigError, InputError, OutputValidationError
from ..io.inputs import Paper
from ..io.record_lines import open_jsonl
from ..io.target import OutputLock, atomic_file
from ..prompting.strategy import plan
from ..prompting.templates import Prompt
from ..settings.config import Settings
from .pipeline import Pipeline

URL = "/v1/chat/completions"
#: The Batch API takes at most this many requests in one file.
MAX_REQUESTS = 50_000
# JSON Schema keywords that strict structured outputs refuse; validation still applies them.
_NOT_STRICT = ("minLength", "maxLength", "default")


def strict_schema(schema: Any) -> Any:
    """A copy of ``schema`` that strict structured outputs accept.

    Every object lists all its properties as required and forbids others; keywords strict
    mode refuses are dropped.
    """
    if isinstance(schema, list):
        return [strict_schema(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: strict_schema(v) for k, v in schema.items() if k not in _NOT_STRICT}
    if out.get("type") == "object" and isinstance(out.get("properties"), dict):
        out["required"] = list(out["properties"])
        out["additionalProperties"] = False
    for key in ("properties", "$defs"):  # maps of names to schemas, not keywords
        if isinstance(schema.get(key), dict):
            out[key] = {name: strict_schema(sub) for name, sub in schema[key].items()}
    return out


def response_format(model: type[BaseModel]) -> dict[str, Any]:
    """The strict ``json_schema`` response format for a response model."""
    return {
        "type": "json_schema",
        "json_schema": {
            "name": model.__name__,
            "schema": strict_schema(model.model_json_schema()),
            "strict": True,
        },
    }


def request_line(paper: Paper, prompt: Prompt, schema: type[BaseModel], settings: Settings) -> dict:
    """The Batch API request for one paper."""
    if not settings.model:
        raise ConfigError("batch prepare needs --model: the model name the Batch API runs")
    p = plan(paper, prompt, schema)
    return {
        "custom_id": paper.id,
        "method": "POST",
        "url": URL,
        "body": {
            "model": settings.model,
            "messages": p.messages,
            "response_format": response_format(p.response_model),
            "max_tokens": settings.max_tokens,
            "temperature": settings.temperature,
        },
    }


@dataclass
class PrepareReport:
    """What ``prepare`` wrote."""

    written: int = 0
    refused: int = 0  # over the length limit: not sent, as online


def write_requests(
    papers: Iterable[Paper], target: Path, settings: Settings, prompt: Prompt, schema: type
) -> PrepareReport:
    """Write the request file for ``papers``, streamed."""
    if not settings.model:
        raise ConfigError("batch prepare needs --model: the model name the Batch API runs")
    if not prompt.spec.grammar:
        raise ConfigError(
            f"prompt {prompt.id} keeps the schema out of the decoder (grammar = false); "
            "Batch API requests use a strict json_schema: pick a prompt with a grammar"
        )
    report = PrepareReport()
    target = Path(target)
    # a half-written file is never left as target
    with OutputLock(target, what="request file"), atomic_file(target) as out:
        for paper in papers:
            if paper.problem:
                report.refused += 1
                continue
            line = request_line(paper, prompt, schema, settings)
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
            report.written += 1
    return report


def is_request_file(path: Path) -> bool:
    """Whether ``path`` is a request file that :func:`write_requests` wrote."""
    with open_jsonl(path) as fh:
        for line in fh:
            if line.strip():
                try:
                    first = json.loads(line)
                except (ValueError, RecursionError):  # broken, too deep, or a huge number
                    return False
                return isinstance(first, dict) and {"custom_id", "method", "url", "body"} <= set(
                    first
                )
    return True


class BatchResults:
    """The Batch API output file, indexed by ``custom_id`` (offsets only, not the answers).

    A line that names no paper (not JSON, not an object, no ``custom_id``) is skipped and
    listed in :attr:`unreadable`: its paper, if any, is then missing and asked online. A
    file with no line naming a paper is not a Batch output.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._offsets: dict[str, int] = {}
        self.repeated = 0
        #: Line numbers of the lines that name no paper.
        self.unreadable: list[int] = []
        self._fh: BinaryIO | None = None
        try:
            fh = self.path.open("rb")
        except OSError as exc:
            raise InputError(f"{path}: cannot be read ({exc.strerror})") from exc
        self._fh = fh
        offset = 0
        first_problem = ""
        for number, line in enumerate(fh, start=1):
            if line.strip():
                custom_id, problem = _custom_id(line)
                if custom_id is None:
                    self.unreadable.append(number)
                    first_problem = first_problem or f"line {number}: {problem}"
                else:
                    self.repeated += custom_id in self._offsets
                    self._offsets[custom_id] = offset  # the last answer for an id wins
            offset += len(line)
        if self.unreadable and not self._offsets:
            self.close()
            raise InputError(f"{path}, {first_problem}; not a Batch output")

    def __len__(self) -> int:
        return len(self._offsets)

    def __contains__(self, custom_id: str) -> bool:
        return custom_id in self._offsets

    def get(self, custom_id: str) -> Any:
        """The output line for ``custom_id`` (read it with :func:`answer_of`), or None."""
        offset = self._offsets.get(custom_id)
        if offset is None or self._fh is None:
            return None
        self._fh.seek(offset)
        try:
            return json.loads(self._fh.readline())
        except (ValueError, RecursionError) as exc:  # broken, too deep, a huge number
            raise InputError(f"{self.path} changed while it was read (at byte {offset})") from exc

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None


def _custom_id(line: bytes) -> tuple[str | None, str]:
    """The ``custom_id`` a results line names, or None and why it names none."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):  # broken, too deep, a huge number
        return None, "not valid JSON"
    if not isinstance(data, dict):
        return None, f"{_kind(data)}, not a JSON object"
    custom_id = data.get("custom_id")
    if not isinstance(custom_id, str):
        return None, "no custom_id"
    return custom_id, ""


def answer_of(line: Any) -> tuple[str | None, dict[str, int], str | None]:
    """(content, usage, why there is no usable content) of one Batch output line.

    The one place that reads the line's shape: a line that is not a JSON object, or whose
    ``response``, ``body``, ``usage`` or token counts have another type, has no usable
    content (its paper is asked online), never an error of the run.
    """
    if not isinstance(line, dict):
        return None, {}, f"the line is {_kind(line)}, not a JSON object"
    if line.get("error"):
        error = line["error"]
        message = error.get("message") if isinstance(error, dict) else str(error)
        return None, {}, f"the Batch API reported an error: {message}"
    response = _field(line, "response")
    if not isinstance(response, dict):
        return None, {}, _shape("response", response)
    status = response.get("status_code")
    body = _field(response, "body")
    if status != 200:
        error = body.get("error") if isinstance(body, dict) else None
        message = error.get("message") if isinstance(error, dict) else ""
        return None, {}, f"the request failed with HTTP {status} {message}".rstrip()
    if not isinstance(body, dict):
        return None, {}, _shape("response.body", body)
    raw_usage = _field(body, "usage")
    if not isinstance(raw_usage, dict):
        return None, {}, _shape("response.body.usage", raw_usage)
    usage: dict[str, int] = {}
    for name in ("prompt_tokens", "completion_tokens"):
        count = raw_usage.get(name) or 0
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            return None, {}, _shape(f"response.body.usage.{name}", count, "a count of tokens")
        usage[name] = count
    usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
    try:
        choice = body["choices"][0]
        message = choice["message"]
        content = message.get("content")
    except (KeyError, IndexError, TypeError, AttributeError):
        return None, usage, "the answer has no message"
    if choice.get("finish_reason") == "length":
        return None, usage, "the answer hit the token limit unfinished"
    if content is not None and not isinstance(content, str):
        return None, usage, _shape("the message content", content, "a string")
    if not content:
        refusal = message.get("refusal")
        return None, usage, f"the model refused: {refusal}" if refusal else "the answer is empty"
    return content, usage, None


def _field(obj: dict[str, Any], name: str) -> Any:
    """``obj[name]``, with a missing or null one as an empty object (as the API may send)."""
    value = obj.get(name)
    return {} if value is None else value


def _shape(where: str, value: Any, expected: str = "an object") -> str:
    return f"the line's {where} is {_kind(value)}, not {expected}"


def _kind(value: Any) -> str:
    names = {str: "a string", list: "a list", bool: "a boolean", int: "a number"}
    names |= {float: "a number", type(None): "null", dict: "an object"}
    return names.get(type(value), type(value).__name__)


class BatchCollector:
    """Stands in for the pipeline in the batch runner: Batch answers first, online otherwise."""

    def __init__(self, pipeline: Pipeline, results: BatchResults) -> None:
        self.pipeline = pipeline
        self.results = results
        self.from_batch = 0
        self.online = 0

    async def summarize(self, paper: Paper) -> dict[str, Any]:
        if paper.problem:  # never sent: the same refusal record as online
            return await self.pipeline.summarize(paper)
        line = self.results.get(paper.id)
        batch: dict[str, Any] = {"custom_id": paper.id}
        if line is None:
            batch.update(status="missing", reason="no answer in the Batch output")
        else:
            content, usage, reason = answer_of(line)
            batch["request_id"] = line.get("id") if isinstance(line, dict) else None
            if content is not None:
                try:
                    record = self.pipeline.record_from_answer(
                        paper, content, usage, {"batch": {**batch, "status": "ok"}}
                    )
                except OutputValidationError as exc:
                    batch.update(status="invalid", reason=str(exc), usage=usage)
                else:
                    self.from_batch += 1
                    return record
            else:
                batch.update(status="error", reason=reason, usage=usage)
        self.online += 1
        record = await self.pipeline.summarize(paper)
        record["meta"]["batch"] = batch
        return record
