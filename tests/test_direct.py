"""The first request of an item goes out on aiohttp directly (``backends/direct.py``).

It must be the request the SDK would send, and end as the SDK would: the same body and
headers, the same retries, waits and errors. The fault table (``test_faults.py``) covers
timeouts, dropped connections, broken bodies and backoff through the whole pipeline.
"""

from __future__ import annotations

import asyncio
import socket
import time

import pytest

from summarizer.backends.base import GenerationRequest, rate_limit_listener
from summarizer.backends.openai_compat import OpenAICompatBackend
from summarizer.errors import AuthenticationError, BackendError, RateLimitError
from summarizer.prompting.strategy import text_model

from .support.fake_openai import FakeOpenAI, Status
from .support.limits import time_limit

ANSWER = {
    "tldr": "This paper presents a class-aware optimizer for tail classes.",
    "problem": "Optimizers generalize poorly on tail classes.",
    "keywords": ["optimizer", "tail classes", "imbalance"],
}
MESSAGES = [{"role": "user", "content": "Abstract: We propose ImbSAM."}]


def _request() -> GenerationRequest:
    return GenerationRequest(MESSAGES, text_model(), {}, max_retries=0, max_tokens=64)


def _generate(url: str, key: str = "sk-direct-test-key", retries: int = 3, heard=None):
    async def go():
        backend = OpenAICompatBackend(url, "fake", key, mode="json_schema", http_retries=retries)
        token = rate_limit_listener.set(heard.append if heard is not None else None)
        try:
            assert backend._direct is not None  # the installed SDK and aiohttp allow it
            return await backend.generate(_request())
        finally:
            rate_limit_listener.reset(token)
            await backend.aclose()

    return asyncio.run(go())


def test_the_direct_request_is_the_one_the_sdk_sends():
    async def both(url: str):
        backend = OpenAICompatBackend(url, "fake", "sk-direct-test-key", mode="json_schema")
        try:
            await backend.generate(_request())
            body = dict(server.requests[0])
            await backend._client.post("/chat/completions", body=body, cast_to=bytes)
        finally:
            await backend.aclose()

    with FakeOpenAI(default=ANSWER) as server:
        asyncio.run(both(server.base_url))
    direct, sdk = server.requests
    assert direct == sdk and direct["max_tokens"] == 64 and direct["model"] == "fake"
    assert direct["response_format"]["type"] == "json_schema"
    seen, expected = server.headers
    for name in ("authorization", "content-type", "user-agent", "x-stainless-package-version"):
        assert seen[name] == expected[name], name
    assert seen["authorization"] == "Bearer sk-direct-test-key"


def test_an_answer_is_read_in_one_request():
    with FakeOpenAI(default=ANSWER) as server:
        generation = _generate(server.base_url)
    assert generation.parsed.tldr == ANSWER["tldr"] and generation.attempts == 1
    assert generation.usage["prompt_tokens"] == 100 and len(server.requests) == 1


def test_a_rate_limit_waits_as_told_and_is_reported():
    heard: list = []
    replies = [Status(429, {"retry-after-ms": "300"}), ANSWER]
    with FakeOpenAI(replies) as server:
        started = time.monotonic()
        generation = _generate(server.base_url, heard=heard)
        waited = time.monotonic() - started
    assert generation.attempts == 1 and len(server.requests) == 2
    assert heard == [0.3] and waited >= 0.3


def test_errors_that_are_not_retried_are_sent_once_and_keep_their_kind():
    with FakeOpenAI([Status(400, message="bad request")]) as server:
        with pytest.raises(BackendError, match=r"HTTP 400 \(bad request\)"):
            _generate(server.base_url)
    assert len(server.requests) == 1
    with FakeOpenAI([Status(401, message="no such key")]) as server:
        with pytest.raises(AuthenticationError):
            _generate(server.base_url)
    assert len(server.requests) == 1


def test_retried_errors_end_as_the_last_one_after_every_try():
    with FakeOpenAI(default=Status(429, {"retry-after-ms": "10"})) as server:
        with pytest.raises(RateLimitError, match="after 3 requests"):
            _generate(server.base_url, retries=2)
    assert len(server.requests) == 3
    with FakeOpenAI(default=Status(503, {"retry-after-ms": "10"})) as server:
        with pytest.raises(BackendError, match="HTTP 503.*after 2 requests"):
            _generate(server.base_url, retries=1)


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.parametrize("mode", ["json_schema", "json", "auto"])
def test_a_closed_port_cannot_be_connected_to(mode):
    """On the direct path, through the SDK (``json``) and in the mode probe (``auto``): the
    SDK's aiohttp transport calls a refused connection a connect timeout."""
    port = _closed_port()
    url = f"http://127.0.0.1:{port}/v1"

    async def go():
        backend = OpenAICompatBackend(url, "fake", "sk-direct-test-key", mode=mode, http_retries=1)
        try:
            await backend.generate(_request())
        finally:
            await backend.aclose()

    with time_limit(30), pytest.raises(BackendError) as caught:
        asyncio.run(go())
    message = str(caught.value)
    assert message.startswith(f"could not connect to {url}"), message
    assert "Connect call failed" in message and "in time" not in message


def test_a_url_with_credentials_is_not_echoed_and_fails_as_a_backend_error():
    port = _closed_port()
    with time_limit(30), pytest.raises(BackendError) as caught:
        _generate(f"http://user:hunter2-secret@127.0.0.1:{port}/v1", retries=0)
    assert "hunter2" not in str(caught.value)


def _echoed(key: str, message: str) -> str:
    """The error for a 400 whose message is ``message`` (``{key}`` stands for the key)."""
    with FakeOpenAI([Status(400, message=message.format(key=key))]) as server:
        with pytest.raises(BackendError) as caught:
            _generate(server.base_url, key=key)
    return str(caught.value)


def test_a_key_echoed_across_the_cut_of_the_message_is_masked():
    key = "sk-" + "k" * 12 + "TAIL-OF-KEY"
    # The key starts at character 190 of the endpoint's message, which is quoted up to
    # character 200: its first ten characters are before the cut, the rest after.
    said = "Incorrect API key provided: "
    message = _echoed(key, "x" * (190 - len(said)) + said + "{key}")
    assert key[:10] not in message and "TAIL-OF-KEY" not in message, message
    assert f"{said}***" in message and "HTTP 400" in message


@pytest.mark.parametrize("key", ["k3y55", "sk-1234"], ids=["5 chars", "7 chars"])
def test_a_short_key_is_masked(key):
    message = _echoed(key, "Incorrect API key provided: {key}.")
    assert key not in message and "Incorrect API key provided: ***." in message, message


@pytest.mark.parametrize("key", ["a", "xyz"])
def test_endpoint_text_that_holds_a_key_too_short_to_mask_is_withheld(key):
    message = _echoed(key, "Incorrect API key provided: {key}.")
    assert "Incorrect API key" not in message and "withheld" in message, message
    assert "HTTP 400" in message
