"""The first request of an item: one chat-completion POST on a plain aiohttp session.

When the endpoint answers at once, the SDK's request path (its request options, an
HTTP request object, the transport adapter, the response wrapper) costs about as much
CPU per item as the summarizer's own wording rules. This sends the same JSON body with
the same headers on an aiohttp session and reads the body as bytes.

Only the sending is new. What the SDK decides stays the SDK's, computed by its own
client object: which answers are retried (408, 409, 429, 5xx, ``x-should-retry``, a
Retry-After over the SDK's maximum), how long to wait before the next try (Retry-After,
else exponential backoff with jitter), and the exception raised when the tries run out
(``APIStatusError`` and its subclasses, ``APITimeoutError``, ``APIConnectionError``).
A JSON body that is cut short or malformed counts as a broken connection, as the
SDK-based path treats it. When the SDK lacks one of those pieces (another version),
aiohttp is missing, or the client uses custom auth, :func:`direct_post` gives None
and the SDK sends every request.

Each try is bounded as the SDK's are (:mod:`.bounds`): one deadline from sending to the
last byte of the answer, and a body cap, checked against Content-Length before reading.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import openai

from .base import report_if_rate_limited
from .bounds import AnswerTooLarge, check_declared, read_capped, sdk_httpx, too_large

try:
    import aiohttp
except ImportError:  # pragma: no cover - openai[aiohttp] is a dependency
    aiohttp = None  # type: ignore[assignment]

_CHUNK = 64 * 1024
_SDK_PIECES = ("_should_retry", "_calculate_retry_timeout", "_make_status_error_from_response")


class BrokenResponse(Exception):
    """A response whose JSON body is cut short or malformed: a transport fault, retried."""


def check_json(status: int, content_type: str, body: bytes) -> Any:
    """The decoded body of a JSON answer, or None for another content type.

    Raises:
        BrokenResponse: the body says it is JSON and is not.
    """
    if "json" not in content_type:
        return None
    try:
        return json.loads(body)
    except ValueError as exc:
        raise BrokenResponse(
            f"HTTP {status} with a JSON body that is cut short or malformed "
            f"({len(body)} bytes: {exc})"
        ) from exc


def _request_options(retries: int) -> Any:
    from openai._models import FinalRequestOptions

    return FinalRequestOptions.construct(
        method="post", url="/chat/completions", max_retries=retries
    )


def direct_post(
    client: openai.AsyncOpenAI, timeout: float, trust_env: bool, on_request: Any
) -> DirectPost | None:
    """A :class:`DirectPost` for ``client``, or None where the SDK must send."""
    if aiohttp is None or getattr(client, "custom_auth", None) is not None:
        return None
    if sdk_httpx() is None or not all(hasattr(client, name) for name in _SDK_PIECES):
        return None
    try:
        _request_options(client.max_retries)
    except Exception:  # another SDK version  # noqa: BLE001
        return None
    return DirectPost(client, timeout, trust_env, on_request)


class DirectPost:
    """``POST {base_url}/chat/completions`` with the SDK client's headers and retry policy."""

    def __init__(
        self, client: openai.AsyncOpenAI, timeout: float, trust_env: bool, on_request: Any
    ) -> None:
        self._client = client
        self._url = str(client.base_url).rstrip("/") + "/chat/completions"
        self._timeout = timeout
        self._trust_env = trust_env
        self._on_request = on_request
        self._retries = client.max_retries
        self._options = _request_options(self._retries)
        self._headers: dict[str, str] | None = None
        self._session: Any = None

    def _start(self) -> Any:
        if self._headers is None:
            sdk = {**self._client.default_headers, **self._client.auth_headers}
            headers = {k: v for k, v in sdk.items() if isinstance(v, str)}
            headers["Content-Type"] = "application/json"
            self._headers = headers
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(
                # the SDK's connection limit (not aiohttp's 100 per session)
                connector=aiohttp.TCPConnector(limit=1000),
                # Per-gap bounds; the whole try is bounded by a deadline in ``post``.
                timeout=aiohttp.ClientTimeout(
                    total=None, sock_connect=self._timeout, sock_read=self._timeout
                ),
                trust_env=self._trust_env,
            )
        return self._session

    async def post(self, body: dict[str, Any]) -> Any:
        """The decoded JSON answer (or the bytes of another content type).

        Raises:
            openai.APIStatusError: an error status that is not retried, or the last one.
            openai.APITimeoutError: the last try timed out.
            openai.APIConnectionError: the last try failed in transport or sent a broken
                JSON body, or the answer is over the size cap (not retried); its
                ``__cause__`` says which.
        """
        session = self._start()
        data = json.dumps(body).encode()
        for tried in range(self._retries + 1):
            left = self._retries - tried
            self._on_request()
            try:
                async with asyncio.timeout(self._timeout):
                    async with session.post(self._url, data=data, headers=self._headers) as answer:
                        check_declared(answer.headers)
                        content = await read_capped(answer.content.iter_chunked(_CHUNK))
                        status, headers = answer.status, answer.headers
                        content_type = answer.content_type or ""
            except AnswerTooLarge as exc:
                raise too_large(self._request(), exc) from exc
            except ValueError as exc:
                # A request aiohttp will not build (credentials in the URL and an API key
                # both, say): the same on every try, so not retried.
                raise openai.APIConnectionError(request=self._request()) from exc
            except TimeoutError as exc:
                if left:
                    await self._wait(left, None)
                    continue
                raise openai.APITimeoutError(request=self._request()) from exc
            except aiohttp.ClientError as exc:
                if left:
                    await self._wait(left, None)
                    continue
                raise openai.APIConnectionError(request=self._request()) from exc
            report_if_rate_limited(status, headers)
            if status >= 400:
                response = self._response(status, headers, content)
                if left and self._client._should_retry(response):
                    await self._wait(left, response.headers)
                    continue
                raise self._client._make_status_error_from_response(response)
            try:
                decoded = check_json(status, content_type, content)
            except BrokenResponse as exc:
                if left:
                    await self._wait(left, None)
                    continue
                raise openai.APIConnectionError(request=self._request()) from exc
            return content if decoded is None else decoded
        raise AssertionError("unreachable")  # pragma: no cover

    async def _wait(self, left: int, headers: Any) -> None:
        await asyncio.sleep(self._client._calculate_retry_timeout(left, self._options, headers))

    def _request(self) -> Any:
        return sdk_httpx().Request("POST", self._url)

    def _response(self, status: int, headers: Any, content: bytes) -> Any:
        httpx = sdk_httpx()
        return httpx.Response(
            status, headers=list(headers.items()), content=content, request=self._request()
        )

    async def aclose(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()
