"""Any OpenAI-compatible endpoint, through openai and instructor.

Endpoints differ in structured output. The mode is a setting; ``auto`` probes the
endpoint once, with a tiny request per mode (:mod:`.probe`):

============================  ===============================================  =======
mode                          request                                          grammar
============================  ===============================================  =======
``json_schema``               ``response_format={"type": "json_schema", ...}``   yes
``json_object_schema``        ``{"type": "json_object", "schema": ...}``         yes
``json``                      ``{"type": "json_object"}``, schema in the prompt  no
``md_json``                   schema in the prompt, JSON in a code block         no
``tools``                     a function call with the schema                    varies
============================  ===============================================  =======

Hosted OpenAI, vLLM and Ollama take ``json_schema``; llama-cpp-python's server rejects
it (HTTP 500) and takes ``json_object_schema``; llama.cpp's llama-server takes both.
``max_tokens`` is always sent: some servers keep generating after the client gives up.
In a grammar mode the first request of an item is sent by :mod:`.direct` (a plain aiohttp
POST under the SDK's retry policy); re-asks go through instructor and the SDK. Both paths
bound each request the same way (:mod:`.bounds`): ``timeout`` from sending it to the last
byte of its answer, an answer over 8 MB is refused, and a re-ask echoes at most 8,000
characters of the invalid answer back to the model.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from typing import Any

import instructor
import openai
from instructor.core.exceptions import IncompleteOutputException, InstructorRetryException
from openai.types.chat import ChatCompletion
from pydantic import BaseModel, ValidationError

from ..errors import OutputValidationError
from ..schemas.paper_summary import validation_context
from ..settings.config import is_loopback
from .base import (
    Backend,
    Generation,
    GenerationRequest,
    error_lines,
    failed_answer,
    no_valid_answer,
)
from .bounds import echo
from .direct import direct_post
from .hooks import (
    count_request,
    on_kwargs,
    on_parse_error,
    on_response,
    request_tally,
    sdk_http_client,
)
from .probe import AUTO_ORDER, GRAMMAR_MODES, best_mode, probe_modes
from .sdk_errors import openai_cause, translate

log = logging.getLogger(__name__)
# instructor logs every failed attempt at ERROR level; the records carry the outcome.
logging.getLogger("instructor").setLevel(logging.CRITICAL)

_INSTRUCTOR_MODE = {
    "json_schema": instructor.Mode.JSON_SCHEMA,
    "json_object_schema": instructor.Mode.JSON_SCHEMA,
    "json": instructor.Mode.JSON,
    "md_json": instructor.Mode.MD_JSON,
    "tools": instructor.Mode.TOOLS,
}


class OpenAICompatBackend(Backend):
    """An OpenAI-compatible chat completions endpoint."""

    def __init__(
        self,
        base_url: str | None,
        model: str,
        api_key: str,
        mode: str = "auto",
        timeout: float = 120.0,
        http_retries: int = 3,
        endpoint: str | None = None,
    ) -> None:
        self.endpoint = endpoint or base_url or "https://api.openai.com/v1"
        self.model = model
        http_client = sdk_http_client(base_url, timeout)
        self._secret = api_key
        self._client = openai.AsyncOpenAI(
            base_url=base_url,
            api_key=api_key,
            timeout=timeout,
            max_retries=http_retries,
            http_client=http_client,
        )
        self.mode = mode
        # Held while ``auto`` probes: the items in flight wait for one probe, not one each.
        self._probing = asyncio.Lock()
        self._clients: dict[str, Any] = {}
        self._direct = direct_post(
            self._client, timeout, not is_loopback(base_url), on_request=count_request
        )

    @property
    def supports_grammar(self) -> bool:  # type: ignore[override]
        return self.mode in GRAMMAR_MODES

    def _instructor(self, mode: str) -> Any:
        if mode not in self._clients:
            client = instructor.from_openai(self._client, mode=_INSTRUCTOR_MODE[mode])
            client.on("completion:response", on_response)
            client.on("completion:kwargs", on_kwargs)
            client.on("parse:error", on_parse_error)
            self._clients[mode] = client
        return self._clients[mode]

    async def probe(self) -> str:
        """Find the best structured-output mode this endpoint supports, once (:mod:`.probe`)."""
        if self.mode != "auto":
            return self.mode
        async with self._probing:
            if self.mode == "auto":
                self.mode = best_mode(await probe_modes(self, AUTO_ORDER, first=True))
                log.info("endpoint %s: structured output mode %s", self.endpoint, self.mode)
        return self.mode

    async def generate(self, request: GenerationRequest) -> Generation:
        mode = request.mode or await self.probe()
        if not request.grammar and mode in GRAMMAR_MODES:
            mode = "json"
        kwargs: dict[str, Any] = {
            "model": self.model,
            "messages": request.messages,
            "response_model": request.response_model,
            "max_retries": request.max_retries,
            "max_tokens": request.max_tokens,
            "temperature": request.temperature,
        }
        if mode == "json_object_schema":
            # Overrides instructor's json_schema response_format in the request body,
            # and keeps the schema out of the prompt: the grammar enforces it.
            kwargs["extra_body"] = {"response_format": _response_format(mode, request)}
        tally = {
            "attempts": 0,
            "requests": 0,
            "prompt_tokens": 0,
            "completion_tokens": 0,
            "raw": None,
            "failed": [],
            "originals": {
                m["content"]
                for m in request.messages
                if isinstance(m, dict) and isinstance(m.get("content"), str)
            },
        }
        token = request_tally.set(tally)
        # The context reaches the validators through a context variable, not instructor's
        # ``context``: instructor would render every message as a Jinja template with it.
        context_token = validation_context.set(request.context)
        try:
            if mode in GRAMMAR_MODES:
                parsed, reask = await self._first_try(request, mode, tally)
                if parsed is not None:
                    return Generation(
                        parsed=parsed,
                        attempts=tally["attempts"],
                        usage=_usage(tally),
                        raw=tally["raw"],
                        failed=tally["failed"],
                    )
                kwargs["messages"] = reask
                kwargs["max_retries"] = request.max_retries - 1
            parsed = await self._instructor(mode).create(**kwargs)
        except InstructorRetryException as exc:
            cause = openai_cause(exc)
            if cause is not None:
                raise translate(cause, tally["requests"], self._secret) from exc
            reason = _reason(exc)
            if tally["attempts"] and not (tally["raw"] or "").strip():
                reason = "the model's answer was empty"
            raise OutputValidationError(
                no_valid_answer(tally["attempts"], reason),
                attempts=tally["attempts"],
                last_raw=tally["raw"],
                usage=_usage(tally),
                failed=tally["failed"],
            ) from exc
        except IncompleteOutputException as exc:
            message = f"the answer hit the token limit ({request.max_tokens} max_tokens) unfinished"
            if not tally["failed"] or tally["failed"][-1]["attempt"] != tally["attempts"]:
                tally["failed"].append(failed_answer(tally["attempts"], [message], tally["raw"]))
            raise OutputValidationError(
                message,
                attempts=tally["attempts"],
                last_raw=tally["raw"],
                usage=_usage(tally),
                failed=tally["failed"],
            ) from exc
        except openai.OpenAIError as exc:
            raise translate(exc, tally["requests"], self._secret) from exc
        finally:
            validation_context.reset(context_token)
            request_tally.reset(token)
        return Generation(
            parsed=parsed,
            attempts=tally["attempts"],
            usage=_usage(tally),
            raw=tally["raw"],
            failed=tally["failed"],
        )

    async def _first_try(
        self, request: GenerationRequest, mode: str, tally: dict[str, Any]
    ) -> tuple[BaseModel | None, list[dict[str, Any]]]:
        """The first request of a grammar mode, without instructor.

        The request and the re-ask that follows a miss are the ones instructor makes in its
        JSON_SCHEMA mode; the engine's grammar already holds the answer to the schema, so
        what is left is one POST and one validation. Instructor's per-call preparation
        (a new pydantic model per call) and the SDK's parameter transform cost more than
        the rest of the client together when the endpoint answers at once.

        Returns the parsed answer, or None and the messages that re-ask.

        Raises:
            IncompleteOutputException: the answer hit ``max_tokens``.
            InstructorRetryException: the answer is invalid and no re-ask is allowed.
        """
        body = {
            "model": self.model,
            "messages": request.messages,
            "max_tokens": request.max_tokens,
            "temperature": request.temperature,
            "response_format": _response_format(mode, request),
        }
        if self._direct is not None:
            answer = await self._direct.post(body)
        else:
            answer = await self._client.post("/chat/completions", body=body, cast_to=bytes)
        completion = _completion(answer)
        on_response(completion)
        choices = getattr(completion, "choices", None)
        choice = choices[0] if choices else None
        if choice is not None and getattr(choice, "finish_reason", None) == "length":
            raise IncompleteOutputException(last_completion=completion)
        text = (choice.message.content if choice is not None else None) or ""
        try:
            return request.response_model.model_validate_json(text), []
        except ValidationError as exc:
            tally["failed"].append(failed_answer(tally["attempts"], error_lines(exc), text))
            if request.max_retries < 1:
                raise InstructorRetryException(
                    str(exc), n_attempts=1, total_usage=0, last_completion=completion
                ) from exc
            reask = [
                *request.messages,
                {"role": "assistant", "content": echo(text)},
                {
                    "role": "user",
                    "content": echo(
                        f"Correct your JSON ONLY RESPONSE, based on the following errors:\n{exc}"
                    ),
                },
            ]
            return None, reask

    async def aclose(self) -> None:
        if self._direct is not None:
            await self._direct.aclose()
        await self._client.close()


def _completion(answer: Any) -> ChatCompletion:
    """The completion in a response: its body's bytes, or the body already decoded.

    Validated by pydantic at once; a body that strays from the OpenAI types (a field
    missing, an extra type) is read leniently, as the SDK itself reads it.
    """
    data = json.loads(answer) if isinstance(answer, (bytes, str)) else answer
    try:
        return ChatCompletion.model_validate(data)
    except ValidationError:
        return ChatCompletion.construct(**(data if isinstance(data, dict) else {}))


def _response_format(mode: str, request: GenerationRequest) -> dict[str, Any]:
    schema = _schema(request.response_model)
    if mode == "json_object_schema":
        return {"type": "json_object", "schema": schema}
    return {
        "type": "json_schema",
        "json_schema": {"name": request.response_model.__name__, "schema": schema},
    }


@functools.lru_cache(maxsize=1024)
def _schema(model: type[BaseModel]) -> dict[str, Any]:
    return model.model_json_schema()


def _usage(tally: dict[str, Any]) -> dict[str, int]:
    return {
        "prompt_tokens": tally["prompt_tokens"],
        "completion_tokens": tally["completion_tokens"],
        "total_tokens": tally["prompt_tokens"] + tally["completion_tokens"],
    }


def _reason(exc: BaseException) -> str:
    """The last validation problem, in one line."""
    cause = exc.__cause__
    if isinstance(cause, ValidationError):
        first = cause.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "answer"
        return f"{where}: {first['msg']}"[:300]
    text = str(cause or exc).strip().splitlines()
    return text[0][:300] if text else type(exc).__name__
