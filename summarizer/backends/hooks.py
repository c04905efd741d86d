"""The hooks of one request to an OpenAI-compatible endpoint: what instructor and the HTTP
client report back while :class:`~.openai_compat.OpenAICompatBackend` waits for an answer.

Each request runs in its own task with its own tally (:data:`request_tally`): the answers it took,
their tokens, the raw text of the last one and the failed ones. The HTTP client here is the
SDK's, on aiohttp where the SDK offers it, with a deadline and a capped body per request.
"""

from __future__ import annotations

import contextvars
from typing import Any

import openai

from ..settings.config import is_loopback
from .base import error_lines, failed_answer, report_if_rate_limited
from .bounds import bounded_client_class, cap_echoes
from .direct import check_json

# Per-request tallies, filled by instructor's hooks (each request runs in its own task).
request_tally: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar(
    "summarizer_tally", default=None
)


def on_response(response: Any) -> None:
    tally = request_tally.get()
    if tally is None:
        return
    tally["attempts"] += 1
    usage = getattr(response, "usage", None)
    if usage is not None:
        tally["prompt_tokens"] += getattr(usage, "prompt_tokens", 0) or 0
        tally["completion_tokens"] += getattr(usage, "completion_tokens", 0) or 0
    try:
        tally["raw"] = response.choices[0].message.content
        calls = response.choices[0].message.tool_calls
        if calls:
            tally["raw"] = calls[0].function.arguments
    except (AttributeError, IndexError, TypeError):
        pass


def on_parse_error(error: Exception, **_: Any) -> None:
    # After the answer's completion:response: the attempt and raw text are its own.
    tally = request_tally.get()
    if tally is not None:
        tally["failed"].append(failed_answer(tally["attempts"], error_lines(error), tally["raw"]))


def count_request() -> None:
    tally = request_tally.get()
    if tally is not None:
        tally["requests"] += 1


async def _on_request(request: Any) -> None:
    count_request()


def on_kwargs(*args: Any, **kwargs: Any) -> None:
    # Before each request instructor sends: what its re-asks echo is cut to size. The list
    # is the one instructor sends, so cutting its items in place cuts what goes out.
    tally = request_tally.get()
    messages = kwargs.get("messages")
    if tally is not None and isinstance(messages, list):
        cap_echoes(messages, tally["originals"])


def _check_json_body(response: Any) -> None:
    """Check a JSON body inside the client's send (once read, under the cap), so a broken
    body is retried like a dropped connection (with backoff) instead of reaching
    instructor as the model's mistake."""
    content_type = response.headers.get("content-type", "")
    if "json" in content_type:
        check_json(response.status_code, content_type, response.content)


async def _on_http_response(response: Any) -> None:
    # Every HTTP answer, retried ones included: the batch runner's limiter learns of each 429.
    report_if_rate_limited(response.status_code, response.headers)


def sdk_http_client(base_url: str | None, timeout: float) -> Any:
    """The SDK's HTTP client, on aiohttp when the SDK offers it (``openai[aiohttp]``).

    aiohttp's HTTP/1.1 takes about a third less CPU per request than the default
    transport; that is what limits a batch when the endpoint answers at once. The
    client above the transport (retries, timeouts, proxies, hooks) is the same.
    """
    options = {
        # A loopback endpoint must not be sent through HTTP(S)_PROXY from the environment.
        "trust_env": not is_loopback(base_url),
        "timeout": timeout,
        "event_hooks": {"request": [_on_request], "response": [_on_http_response]},
        # One deadline per request and a capped body read (the per-gap timeouts above
        # would let a trickled or endless body run for ever).
        "deadline": timeout,
        "check_body": _check_json_body,
    }
    # openai's default clients keep its connection limits (1000, not httpx's 100).
    aiohttp_client = getattr(openai, "DefaultAioHttpClient", None)
    if aiohttp_client is not None:
        try:
            return bounded_client_class(aiohttp_client)(**options)
        except RuntimeError:  # aiohttp is not installed
            pass
    return bounded_client_class(openai.DefaultAsyncHttpxClient)(**options)
