"""The backend interface: one abstract method, capabilities as attributes."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

#: Told of every rate-limited HTTP answer (429) with its Retry-After in seconds, if any, also
#: of those the HTTP client then retries by itself. Set per request by the batch runner.
rate_limit_listener: ContextVar[Callable[[float | None], None] | None] = ContextVar(
    "summarizer_rate_limit_listener", default=None
)


def report_rate_limit(retry_after: float | None) -> None:
    """Tell the current request's listener, if any, that the endpoint answered 429."""
    listener = rate_limit_listener.get()
    if listener is not None:
        listener(retry_after)


def report_if_rate_limited(status: int, headers: Any) -> None:
    """:func:`report_rate_limit` for an HTTP answer of ``status`` that is a 429."""
    if status == 429:
        report_rate_limit(retry_after(headers))


def retry_after(headers: Any) -> float | None:
    """Seconds from ``retry-after-ms`` or ``retry-after`` (a number), if given."""
    for name, scale in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        try:
            return float(headers.get(name)) / scale
        except (TypeError, ValueError):
            continue
    return None


_NO_VALID_ANSWER = re.compile(r"^no valid answer after \d+ attempts?: ")


def no_valid_answer(attempts: int, reason: str) -> str:
    """The message of an answer that never validated, after ``attempts`` answers."""
    return f"no valid answer after {attempts} attempt{'' if attempts == 1 else 's'}: {reason}"


def retold(message: str, attempts: int) -> str:
    """A :func:`no_valid_answer` message told again with the item's ``attempts`` in all.

    The pipeline's sampled tries after the backend's re-asks add to ``meta.attempts``; the
    record's message must count the same answers. Other messages are returned unchanged.
    """
    found = _NO_VALID_ANSWER.match(message)
    return no_valid_answer(attempts, message[found.end() :]) if found else message


#: What a failed answer's record keeps of its errors: so many, each cut to so many characters.
MAX_ERRORS_PER_ATTEMPT = 5
MAX_ERROR_CHARS = 200


def error_lines(exc: BaseException) -> list[str]:
    """The validation errors of one answer, one short line each (``field: what is wrong``).

    A message that already names its field ("tldr copies a sentence ...") is not prefixed
    again. At most :data:`MAX_ERRORS_PER_ATTEMPT` lines of :data:`MAX_ERROR_CHARS` each.
    """
    if isinstance(exc, ValidationError):
        lines = [error_line(error) for error in exc.errors()[:MAX_ERRORS_PER_ATTEMPT]]
    else:
        lines = [cut(" ".join(str(exc).split()) or type(exc).__name__)]
    return lines


def error_line(error: Any) -> str:
    """One pydantic error (an item of ``ValidationError.errors()``) as one short line."""
    where = ".".join(str(part) for part in error["loc"]) or "answer"
    message = " ".join(str(error["msg"]).removeprefix("Value error, ").split())
    return cut(message if message.startswith(f"{where} ") else f"{where}: {message}")


def cut(text: str, limit: int = MAX_ERROR_CHARS) -> str:
    """``text`` in at most ``limit`` characters, ending in "…" when it was longer."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


#: A failed answer longer than this is not kept (no summary is made of it, and many in
#: flight would hold many megabytes): only its errors are.
MAX_KEPT_RAW = 64 * 1024


def failed_answer(attempt: int, errors: list[str], raw: str | None) -> dict[str, Any]:
    """One failed answer as backends report it: its number in the call, errors, raw text."""
    kept = raw if isinstance(raw, str) and len(raw) <= MAX_KEPT_RAW else None
    return {"attempt": attempt, "errors": errors, "raw": kept}


@dataclass
class GenerationRequest:
    """What the pipeline asks of a backend for one abstract."""

    messages: list[dict[str, Any]]
    response_model: type[BaseModel]
    context: dict[str, Any]
    max_retries: int = 2
    max_tokens: int = 512
    temperature: float = 0.0
    grammar: bool = True
    #: Send in this structured-output mode rather than the backend's own (probes do).
    mode: str | None = None


@dataclass
class Generation:
    """A validated answer, and what it cost."""

    parsed: BaseModel
    attempts: int
    usage: dict[str, int] = field(default_factory=dict)
    raw: str | None = None
    #: The answers that failed validation before this one (re-asked): see :func:`failed_answer`.
    failed: list[dict[str, Any]] = field(default_factory=list)


class Backend(ABC):
    """A model endpoint that turns messages into a validated response model."""

    #: Where requests go, as recorded in output records and cache keys.
    endpoint: str
    #: The model name sent with each request.
    model: str
    #: The structured-output mode in use (``json_schema``, ``json_object_schema``, ...).
    mode: str
    #: Whether the endpoint constrains decoding to a JSON Schema (a grammar).
    supports_grammar: bool = False

    @abstractmethod
    async def generate(self, request: GenerationRequest) -> Generation:
        """Return a validated answer.

        Each answer that fails validation is listed, with its errors, in the ``failed`` of
        the :class:`Generation` or of the :class:`~summarizer.errors.OutputValidationError`.

        Raises:
            OutputValidationError: the answer never validated (re-asks included).
            BackendError: the endpoint failed.
        """

    async def aclose(self) -> None:  # noqa: B027 (optional for backends without connections)
        """Release connections."""
