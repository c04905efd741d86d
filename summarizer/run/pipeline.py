"""One abstract through the whole flow: prompt → engine → validation/grounding → cache → record.

Each call returns an output record (a dict), never raises for a per-item problem: an
abstract that is refused, a rule or an endpoint that fails, or an answer that never
validated ends as a record whose ``error`` says why, and the batch goes on. An answer whose
prose alone never validated ends as a partial record (see :mod:`summarizer.run.partial`),
unless ``Settings.strict``. Every answer that fails validation is listed in ``meta.reasks``
with its errors (and logged at INFO), so a record that took four attempts says why.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import time
from typing import Any

from pydantic import BaseModel, ValidationError

from ..backends.base import GenerationRequest, retold
from ..backends.connection import Connection
from ..engine.decoding import current as current_decoding
from ..errors import BackendError, OutputValidationError, SummarizerError
from ..io.inputs import Paper
from ..prompting.strategy import plan
from ..prompting.templates import Prompt, load_prompt, messages_hash
from ..records import Meta, Record, RecordError, error_of, new_record, refused_record
from ..schemas.paper_summary import spans
from ..schemas.registry import SchemaInfo, load_schema
from ..settings.config import Settings
from .cache import ResultCache, cache_key
from .codehash import code_hash, engine_key, schema_source_hash
from .partial import PartialAnswer, best_partial, lenient_model, partial_error, reasks

# Sampled tries after greedy re-asks fail, hotter each time.
RESAMPLE_TEMPERATURES = (0.7, 1.0)

log = logging.getLogger(__name__)


def _add_usage(total: dict[str, int], more: dict[str, int]) -> None:
    for key, value in more.items():
        total[key] = total.get(key, 0) + value


def run_identity(settings: Settings) -> dict[str, Any]:
    """What names the run's records: model, prompt, template hash, schema, decoding, endpoint.

    A rerun into an existing output must match it (see :mod:`summarizer.io.output`).

    Raises:
        PromptError, SchemaError: the prompt or schema cannot be loaded.
    """
    prompt = load_prompt(settings.prompt)
    connection = Connection(settings)
    return {
        "model": connection.model,
        "prompt": prompt.id,
        "template_hash": prompt.template_hash,
        "schema": load_schema(settings.schema_ref).id,
        "decoding": current_decoding().text if settings.embedded else None,
        "endpoint": connection.endpoint,
    }


class Pipeline:
    """Summarizes papers with one set of settings. Use as an async context manager."""

    #: Set to a dict to keep the exception that failed each paper, by paper id: the library
    #: re-raises it with its own class and fields. None (the default) keeps nothing.
    failures: dict[str, BaseException] | None = None

    def __init__(self, settings: Settings, prompt: Prompt | None = None) -> None:
        self.settings = settings
        self.prompt = prompt or load_prompt(settings.prompt)
        self.schema: SchemaInfo = load_schema(settings.schema_ref)
        self.connection = Connection(settings)
        self.cache = ResultCache(settings.cache_dir, enabled=settings.use_cache)
        self._schema_hash = hashlib.sha256(
            json.dumps(self.schema.model.model_json_schema(), sort_keys=True).encode()
        ).hexdigest()[:16]

    async def __aenter__(self) -> Pipeline:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self.connection.aclose()
        self.cache.close()

    @property
    def max_retries(self) -> int:
        spec = self.prompt.spec
        if not spec.reask:
            return 0
        return (
            self.settings.max_retries if self.settings.max_retries is not None else spec.max_retries
        )

    def _key(self, paper: Paper) -> str:
        """The cache key, from what determines the answer: computed before planning.

        For the embedded engine the model is its file's sha256 (with the engine's version
        and context size), not its name; a user's schema adds the hash of its source file.
        """
        spec = self.prompt.spec
        s = self.settings
        engine = (
            engine_key(s.cache_dir, s.model_path, s.n_ctx, s.engine_model) if s.embedded else None
        )
        builtin = self.schema.builtin
        schema_code = None if builtin else schema_source_hash(s.schema_ref, self.schema.model)
        return cache_key(
            endpoint=self.connection.endpoint,
            model=self.connection.model if engine is None else engine,
            mode=self.connection.mode,
            abstract=paper.abstract,
            title=paper.title,
            prompt=self.prompt.id,
            template_hash=self.prompt.template_hash,
            code=code_hash(engine=engine is not None),
            schema=self.schema.id,
            schema_hash=self._schema_hash,
            schema_code=schema_code,
            strategy=spec.strategy,
            ground=spec.ground,
            grammar=spec.grammar,
            max_retries=self.max_retries,
            max_tokens=self.settings.max_tokens,
            temperature=self.settings.temperature,
        )

    def new_meta(self, prompt_hash: str) -> Meta:
        """The ``meta`` of a new record of this pipeline, before anything is asked."""
        meta: Meta = {
            "endpoint": self.connection.endpoint,
            "model": self.connection.model,
            "prompt": self.prompt.id,
            "prompt_hash": prompt_hash,
            "template_hash": self.prompt.template_hash,
            "schema": self.schema.id,
            "mode": self.connection.mode,
            "attempts": 0,
            "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
            "cached": False,
            "seconds": 0.0,
            "dropped": [],
            "reasks": [],
        }
        if self.settings.embedded:
            meta["decoding"] = current_decoding().text
        return meta

    async def summarize(self, paper: Paper) -> Record:
        """The output record for one paper."""
        started = time.perf_counter()
        if paper.problem:
            return refused_record(paper, paper.problem, self.prompt.id, self.schema.id)
        record = new_record(paper)
        key = self._key(paper)
        hit = self.cache.get(key)
        if hit is not None:
            record.update(summary=hit["summary"], spans=hit["spans"])
            meta = self.new_meta(hit["meta"].get("prompt_hash", ""))
            meta.update(hit["meta"], cached=True, seconds=round(time.perf_counter() - started, 4))
            record["meta"] = meta
            return record
        meta = self.new_meta("")
        record["meta"] = meta
        context = self._context(paper)
        parsed: BaseModel | None = None
        partial: PartialAnswer | None = None
        # Every failed answer of this paper, numbered across the backend's calls.
        failed: list[dict[str, Any]] = []
        try:
            # Planning renders the prompt and runs the rules: a failure there is this
            # paper's, like the endpoint's.
            p = plan(paper, self.prompt, self.schema.model)
            meta["prompt_hash"] = messages_hash(p.messages)
            request = GenerationRequest(
                messages=p.messages,
                response_model=p.response_model,
                context=context,
                max_retries=self.prompt.spec.first_retries(
                    self.max_retries, self.settings.temperature
                ),
                max_tokens=self.settings.max_tokens,
                temperature=self.settings.temperature,
                grammar=self.prompt.spec.grammar,
            )
        except Exception as exc:  # planning failed: this paper only
            self._fail(record, paper, exc)
            return await self._end(record, context, started)
        try:
            backend = await self.connection.backend()
            generation = await backend.generate(request)
            self._note(paper, failed, generation.failed, 0)
            parsed = generation.parsed
            meta.update(attempts=generation.attempts, usage=generation.usage)
        except OutputValidationError as exc:
            self._note(paper, failed, exc.failed, 0)
            meta.update(attempts=exc.attempts, usage=exc.usage)
            parsed = self._salvage(exc, p.response_model, context)
            if parsed is None and request.temperature == 0 and self.max_retries > 0:
                # Greedy decoding repeats itself across re-asks; sampled tries often get
                # past the same mistake (a tldr that copies the abstract, say).
                for temperature in RESAMPLE_TEMPERATURES:
                    parsed = await self._resample(paper, request, meta, temperature, failed)
                    if parsed is not None:
                        break
            if parsed is None and not self.settings.strict:
                # The fields code decided do not hang on the prose: keep them, and the best
                # prose the model gave, marked as not validated.
                partial = best_partial(failed, p.response_model, context)
                if partial is not None:
                    parsed = partial.parsed
                    context["dropped"] = partial.dropped
            if parsed is None or partial is not None:
                # Told and counted with the sampled tries, as meta counts them.
                failure = OutputValidationError(
                    retold(str(exc), meta["attempts"]),
                    meta["attempts"],
                    exc.last_raw,
                    meta["usage"],
                )
                failure.__cause__ = exc
                if partial is None:
                    record["error"] = error_of(failure)
                # The library's summarize() raises for a partial record too: it returns
                # only a summary that validated.
                self._failed(paper, failure)
        except Exception as exc:  # one item's surprise must not end the batch
            self._fail(record, paper, exc)
        meta["reasks"] = reasks(failed)
        if parsed is not None:
            try:
                data = p.finish(parsed)
                if partial is not None:
                    self._finish_partial(record, data, partial, paper.abstract, context)
                else:
                    self._finish(record, data, paper.abstract, context, key)
            except Exception as exc:  # a rule that fails on this answer fails this paper
                record["summary"], record["spans"] = None, {}
                record["error"] = error_of(exc, unexpected=True)
        return await self._end(record, context, started)

    async def _end(self, record: Record, context: dict[str, Any], started: float) -> Record:
        meta = record["meta"]  # the last of it: mode, dropped items, seconds
        if self.connection.started:  # the mode the endpoint was found to take, not "auto"
            meta["mode"] = (await self.connection.backend()).mode
        meta["dropped"] = context.get("dropped", [])
        meta["seconds"] = round(time.perf_counter() - started, 3)
        return record

    def _fail(self, record: Record, paper: Paper, exc: BaseException) -> None:
        """``exc`` failed ``paper``: its record's error (an error outside our tree unexpected)."""
        record["error"] = error_of(exc, unexpected=not isinstance(exc, SummarizerError))
        self._failed(paper, exc)

    @staticmethod
    def _note(
        paper: Paper, failed: list[dict[str, Any]], more: list[dict[str, Any]], offset: int
    ) -> None:
        """Add a backend call's failed answers, numbered after the ``offset`` before it."""
        for answer in more:
            answer = {**answer, "attempt": answer["attempt"] + offset}
            failed.append(answer)
            errors = "; ".join(answer["errors"])
            log.info("%s: attempt %d failed validation: %s", paper.id, answer["attempt"], errors)

    def _failed(self, paper: Paper, exc: BaseException) -> None:
        if self.failures is not None:
            self.failures[paper.id] = exc

    def record_from_answer(
        self, paper: Paper, raw: str, usage: dict[str, int], extra: dict[str, Any] | None = None
    ) -> Record:
        """The record for an answer the model gave outside this pipeline (a Batch API result).

        The answer is validated and grounded as the online first try is, and the record is
        assembled and cached the same way; ``extra`` is added to its ``meta``.

        Raises:
            OutputValidationError: the answer is not valid; re-ask online with :meth:`summarize`.
        """
        started = time.perf_counter()
        record = new_record(paper)
        p = plan(paper, self.prompt, self.schema.model)
        meta = self.new_meta(messages_hash(p.messages))
        record["meta"] = meta
        context = self._context(paper)
        try:
            parsed = p.response_model.model_validate_json(raw, context=context)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "answer"
            raise OutputValidationError(
                f"{where}: {first['msg']}"[:300], attempts=1, last_raw=raw, usage=usage
            ) from exc
        meta.update(attempts=1, usage=usage, **(extra or {}))
        self._finish(record, p.finish(parsed), paper.abstract, context, self._key(paper))
        if record["error"]:
            raise OutputValidationError(record["error"]["message"], 1, raw, usage)
        meta["dropped"] = context.get("dropped", [])
        meta["seconds"] = round(time.perf_counter() - started, 3)
        return record

    def _context(self, paper: Paper) -> dict[str, Any]:
        return {
            "abstract": paper.abstract,
            "drop": self.prompt.spec.ground == "drop",
            "repair": self.prompt.spec.repair,
        }

    async def _resample(
        self,
        paper: Paper,
        request: GenerationRequest,
        meta: dict[str, Any],
        temperature: float,
        failed: list[dict[str, Any]],
    ) -> BaseModel | None:
        request.context["drop"] = self.prompt.spec.ground == "drop"
        request.context["dropped"] = []
        retry = dataclasses.replace(request, temperature=temperature, max_retries=0)
        try:
            backend = await self.connection.backend()
            generation = await backend.generate(retry)
        except OutputValidationError as exc:
            self._note(paper, failed, exc.failed, meta["attempts"])
            meta["attempts"] += exc.attempts
            _add_usage(meta["usage"], exc.usage)
            return None
        except BackendError:
            return None  # the record keeps the validation error it already has
        self._note(paper, failed, generation.failed, meta["attempts"])
        meta["attempts"] += generation.attempts
        _add_usage(meta["usage"], generation.usage)
        return generation.parsed

    @staticmethod
    def _salvage(
        exc: OutputValidationError, model: type[BaseModel], context: dict
    ) -> BaseModel | None:
        """After the last re-ask: keep the answer if dropping ungrounded items makes it valid."""
        if not exc.last_raw:
            return None
        context["drop"] = True
        context["dropped"] = []
        try:
            return model.model_validate_json(exc.last_raw, context=context)
        except (ValidationError, ValueError):
            return None

    def _finish_partial(
        self, record: dict, data: dict, partial: PartialAnswer, abstract: str, context: dict
    ) -> None:
        """A partial record: the fields that validated, and the failed prose as the model gave
        it. Never cached: a rerun asks again."""
        model = self.schema.model
        failed = frozenset(partial.failed) & set(model.model_fields)
        context["drop"] = True
        kept = {k: v for k, v in data.items() if k not in failed}
        try:
            summary = lenient_model(model, failed).model_validate(kept, context=context)
        except ValidationError as exc:
            record["error"] = _assembled_error(exc)
            return
        record["summary"] = summary.model_dump(mode="json") | {
            name: partial.values.get(name) for name in failed
        }
        record["spans"] = spans(summary, abstract)
        record["error"] = partial_error(partial, record["meta"]["attempts"])

    def _finish(self, record: dict, data: dict, abstract: str, context: dict, key: str) -> None:
        context["drop"] = True
        try:
            summary = self.schema.model.model_validate(data, context=context)
        except ValidationError as exc:
            record["error"] = _assembled_error(exc)
            return
        record["summary"] = summary.model_dump(mode="json")
        record["spans"] = spans(summary, abstract)
        meta = record["meta"]
        # A cached record keeps the reasons of the run that made it.
        stored = {k: meta[k] for k in ("attempts", "usage", "prompt_hash", "reasks")}
        stored["dropped"] = context.get("dropped", [])
        self.cache.set(
            key, {"summary": record["summary"], "spans": record["spans"], "meta": stored}
        )


def _assembled_error(exc: ValidationError) -> RecordError:
    """The error of a record whose summary (the answer's and the rules' fields) is invalid."""
    message = f"the assembled summary is invalid: {exc.errors()[0]['msg']}"
    return error_of(OutputValidationError(message))
