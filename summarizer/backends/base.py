"""The backend interface: one abstract method, capabilities as attributes."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

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


@dataclass
class Generation:
    """A validated answer, and what it cost."""

    parsed: BaseModel
    attempts: int
    usage: dict[str, int] = field(default_factory=dict)
    raw: str | None = None


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

        Raises:
            OutputValidationError: the answer never validated (re-asks included).
            BackendError: the endpoint failed.
        """

    async def aclose(self) -> None:  # noqa: B027 (optional for backends without connections)
        """Release connections."""
