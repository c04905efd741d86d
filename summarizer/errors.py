"""The one error tree of summarizer.

    SummarizerError
    ├── ConfigError            bad settings, missing API key, missing local engine
    │   └── UsageError         a flag or argument the command cannot take (exit 2)
    ├── InputError             unreadable or malformed input (whole input)
    ├── PromptError            a prompt template that cannot be loaded or rendered
    ├── SchemaError            a summary schema that cannot be loaded
    ├── BackendError           the endpoint failed (carries the original exception)
    │   ├── RateLimitError
    │   └── AuthenticationError
    ├── OutputError            an output file that cannot be written (disk full, locked)
    ├── OutputValidationError  the model's answer never validated (attempts, last_raw, usage,
    │                          failed: each failed answer and its errors)
    └── WorkerError            a worker process (--workers) stopped with papers in flight

SDK exceptions are translated into this tree at the backend boundary, always with
``raise ... from exc``. Every message says what to do about the problem.
"""

from __future__ import annotations

from typing import Any


class SummarizerError(Exception):
    """Base class of every error summarizer raises on purpose."""


class ConfigError(SummarizerError):
    """Settings are missing or inconsistent."""


class UsageError(ConfigError):
    """A flag or argument the command cannot take: the CLI exits 2, before any work."""


class OutputError(SummarizerError):
    """An output file cannot be written: disk full, read-only, or another run holds it."""


class InputError(SummarizerError):
    """The input as a whole cannot be read."""


class PromptError(SummarizerError):
    """A prompt template cannot be found, parsed or rendered."""


class SchemaError(SummarizerError):
    """A summary schema cannot be found or loaded."""


class BackendError(SummarizerError):
    """The model endpoint failed. ``original`` is the underlying exception, if any."""

    def __init__(self, message: str, original: BaseException | None = None) -> None:
        super().__init__(message)
        self.original = original


class RateLimitError(BackendError):
    """The endpoint answered 429; ``retry_after`` is its hint in seconds, if given."""

    def __init__(
        self, message: str, original: BaseException | None = None, retry_after: float | None = None
    ) -> None:
        super().__init__(message, original)
        self.retry_after = retry_after


class AuthenticationError(BackendError):
    """The endpoint refused the API key."""


class OutputValidationError(SummarizerError):
    """The model's output never passed validation, re-asks included."""

    def __init__(
        self,
        message: str,
        attempts: int = 0,
        last_raw: str | None = None,
        usage: dict[str, Any] | None = None,
        failed: list[dict[str, Any]] | None = None,
    ) -> None:
        super().__init__(message)
        self.attempts = attempts
        self.last_raw = last_raw
        self.usage = usage or {}
        #: Each failed answer, in order: ``{"attempt", "errors", "raw"}`` (see backends.base).
        self.failed = failed or []


class WorkerError(SummarizerError):
    """A worker process stopped while it held papers; only those papers fail."""
