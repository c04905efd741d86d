"""What bounds one request: its deadline, the size of its answer, and what a re-ask echoes.

``--timeout`` bounds one request from sending it to the last byte of its answer. The
HTTP libraries' own timeouts bound each gap between bytes: a body trickled one byte per
second, or a chunked body that never ends, would pass them for ever. So every request,
on the direct path and through the SDK, runs under one deadline, and its body is read
in chunks that stop at :data:`MAX_ANSWER_BYTES`; the headers' Content-Length is checked
first, so a declared 100 MB answer is refused before any of it is read.

An answer over the cap is not retried: a server that sends one will send it again, and
each try costs a whole timeout. The error is an ``openai.APIConnectionError`` whose cause
is :class:`AnswerTooLarge`, raised where the SDK passes its own errors through unretried.
"""

from __future__ import annotations

import asyncio
import functools
from typing import Any

import openai

#: The largest answer read, in bytes. A summary is a few KB; an answer this large is a
#: runaway or hostile server, and reading more only costs memory.
MAX_ANSWER_BYTES = 8 * 1024 * 1024
#: The most characters of an invalid answer sent back to the model in a re-ask. The model
#: needs to see what it wrote to fix it, not megabytes of it.
MAX_ECHO_CHARS = 8_000
#: API keys shorter than this are not masked in messages (replacing every "ab" would wreck
#: them); text from the endpoint that contains such a key is withheld instead.
MIN_MASKED_SECRET = 4


class AnswerTooLarge(Exception):
    """An answer whose body is over :data:`MAX_ANSWER_BYTES`: not read further, not retried."""

    def __init__(self, size: int | None = None) -> None:
        mb = MAX_ANSWER_BYTES // (1024 * 1024)
        said = f" (it declares {size:,} bytes)" if size is not None else ""
        super().__init__(f"the endpoint's answer is over {mb} MB{said}; reading stopped")


def sdk_httpx() -> Any:
    """The HTTP library the SDK builds its requests, responses and timeouts with."""
    from openai import _base_client

    return getattr(_base_client, "httpx2", None) or getattr(_base_client, "httpx", None)


def declared_size(headers: Any) -> int | None:
    """The Content-Length of an answer, if it states one."""
    try:
        return int(headers.get("content-length"))
    except (TypeError, ValueError):
        return None


def check_declared(headers: Any) -> None:
    """Raise :class:`AnswerTooLarge` before reading a body that says it is over the cap."""
    size = declared_size(headers)
    if size is not None and size > MAX_ANSWER_BYTES:
        raise AnswerTooLarge(size)


async def read_capped(chunks: Any) -> bytes:
    """Join the byte chunks of an async iterator, stopping at :data:`MAX_ANSWER_BYTES`.

    Raises:
        AnswerTooLarge: the body goes past the cap (the rest is never read).
    """
    parts: list[bytes] = []
    size = 0
    async for chunk in chunks:
        size += len(chunk)
        if size > MAX_ANSWER_BYTES:
            raise AnswerTooLarge()
        parts.append(chunk)
    return b"".join(parts)


def too_large(request: Any, exc: AnswerTooLarge) -> openai.APIConnectionError:
    """The SDK error for an answer over the cap; its ``__cause__`` must be set by the caller."""
    return openai.APIConnectionError(message=str(exc), request=request)


def echo(text: str) -> str:
    """``text`` cut to :data:`MAX_ECHO_CHARS` for a re-ask, saying how long it was.

    The result is never longer than the bound, so cutting it again leaves it as it is.
    """
    if len(text) <= MAX_ECHO_CHARS:
        return text
    note = f"\n[... answer cut here: {len(text):,} characters in all]"
    return text[: MAX_ECHO_CHARS - len(note)] + note


def cap_echoes(messages: list[Any], originals: set[str]) -> None:
    """Cut, in place, what re-asks added to ``messages`` to :func:`echo` size.

    A re-ask appends the model's invalid answer (as content or tool-call arguments) and
    the validation errors that quote it. ``originals`` are the contents of the messages
    the prompt built: those stay whole (the abstract is one of them), and so does the
    system message, to which a JSON mode may have appended the schema.
    """
    for index, message in enumerate(messages):
        if not isinstance(message, dict) or message.get("role") == "system":
            continue
        changed = dict(message)
        content = message.get("content")
        if isinstance(content, str) and content not in originals:
            changed["content"] = echo(content)
        calls = message.get("tool_calls")
        if isinstance(calls, list):
            changed["tool_calls"] = [_cap_call(call) for call in calls]
        if changed != message:
            messages[index] = changed


def _cap_call(call: Any) -> Any:
    function = call.get("function") if isinstance(call, dict) else None
    arguments = function.get("arguments") if isinstance(function, dict) else None
    if not isinstance(arguments, str) or len(arguments) <= MAX_ECHO_CHARS:
        return call
    return {**call, "function": {**function, "arguments": echo(arguments)}}


def mask(text: str, secret: str | None) -> str:
    """``text`` with ``secret`` replaced by ``***`` (keys under 4 characters: see :func:`quote`)."""
    if secret and len(secret) >= MIN_MASKED_SECRET:
        return text.replace(secret, "***")
    return text


def quote(text: str, secret: str | None, limit: int = 200) -> str | None:
    """Text from the endpoint, fit to quote in a message: masked first, then cut to ``limit``.

    Masking before cutting matters: a key that straddles the cut would otherwise keep its
    first part. Returns None when ``secret`` is too short to mask and the text contains it:
    such text is withheld rather than shown.
    """
    if secret and len(secret) < MIN_MASKED_SECRET and secret in text:
        return None
    masked = mask(text, secret)
    return masked if len(masked) <= limit else masked[:limit].rstrip() + "..."


@functools.cache
def bounded_client_class(base: type) -> type:
    """A subclass of the SDK's HTTP client class ``base`` whose every send is bounded.

    Each request gets one deadline (``deadline`` seconds from sending to the last byte
    of the answer) and its body is read under :data:`MAX_ANSWER_BYTES`, then handed to
    ``check_body(response)`` (for content checks that count as transport faults).
    """

    class Bounded(base):  # type: ignore[misc, valid-type]
        def __init__(self, *, deadline: float, check_body: Any = None, **options: Any) -> None:
            super().__init__(**options)
            self._deadline = deadline
            self._check_body = check_body

        async def send(self, request: Any, *, stream: bool = False, **kwargs: Any) -> Any:
            try:
                async with asyncio.timeout(self._deadline) as scope:
                    response = await super().send(request, stream=True, **kwargs)
                    if stream:  # the caller reads it: only the headers are bounded here
                        return response
                    try:
                        check_declared(response.headers)
                        # What ``aread`` does, with the cap: later reads see this content.
                        response._content = await read_capped(response.aiter_bytes())
                    except AnswerTooLarge as exc:
                        await response.aclose()
                        raise too_large(request, exc) from exc
                    except BaseException:
                        await response.aclose()
                        raise
            except TimeoutError as exc:
                if not scope.expired():
                    raise
                raise sdk_httpx().ReadTimeout(
                    f"no whole answer within {self._deadline:g} s", request=request
                ) from exc
            if self._check_body is not None:
                self._check_body(response)
            return response

    Bounded.__name__ = Bounded.__qualname__ = f"Bounded{base.__name__}"
    return Bounded
