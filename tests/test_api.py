"""The library (summarize, summarize_many): its errors, its overrides, its argument checks.

Every endpoint here is a scripted server on loopback (tests/fake_openai.py) or a closed
loopback port; nothing starts the embedded engine.
"""

from __future__ import annotations

import pytest

from summarizer import Settings, summarize, summarize_many
from summarizer.errors import (
    ConfigError,
    InputError,
    OutputValidationError,
    RateLimitError,
    SummarizerError,
    UsageError,
)

from .support.abstracts import ABSTRACT, answer
from .support.fake_openai import FakeOpenAI, Status
from .support.limits import time_limit
from .support.pipeline import settings_for

NOWHERE = "http://127.0.0.1:9/v1"


# --- the error's own class and fields ---------------------------------------------------------


def test_a_rate_limited_abstract_raises_rate_limit_error_with_its_fields(tmp_path):
    with time_limit(60), FakeOpenAI(default=Status(429, {"retry-after-ms": "20"})) as server:
        with pytest.raises(RateLimitError) as info:
            summarize(ABSTRACT, settings_for(server, tmp_path))
    error = info.value
    assert type(error) is RateLimitError  # not SummarizerError("RateLimitError: ...")
    assert not str(error).startswith("RateLimitError:")
    assert error.retry_after == pytest.approx(0.02)
    assert error.original is not None


def test_an_answer_that_never_validates_raises_output_validation_error_with_its_fields(tmp_path):
    broken = answer(introduces=["NotInTheAbstract"], domain="not a domain")
    with time_limit(60), FakeOpenAI(default=broken) as server:
        with pytest.raises(OutputValidationError) as info:
            summarize(ABSTRACT, settings_for(server, tmp_path), max_retries=1)
    error = info.value
    assert error.attempts >= 1
    assert error.last_raw and "NotInTheAbstract" in error.last_raw
    assert error.usage.get("prompt_tokens", 0) > 0


def test_an_abstract_refused_before_any_request_raises_input_error(tmp_path):
    with time_limit(30), FakeOpenAI(default=answer()) as server:
        with pytest.raises(InputError, match="over the limit"):
            summarize("word " * 200, settings_for(server, tmp_path, max_abstract_chars=100))
    assert server.requests == []


# --- settings are checked before the first abstract ------------------------------------------


def test_a_hosted_endpoint_without_a_key_is_one_config_error_before_any_item(tmp_path):
    settings = Settings(base_url="https://api.example.invalid/v1", cache_dir=tmp_path / "c")
    with time_limit(30):
        with pytest.raises(ConfigError, match="No API key.*OPENAI_API_KEY"):
            summarize_many([ABSTRACT] * 50, settings)
        with pytest.raises(ConfigError, match="No API key"):
            summarize(ABSTRACT, settings)


@pytest.mark.parametrize(
    "overrides, field",
    [
        pytest.param({"concurrency": 0}, "concurrency", id="concurrency-0"),
        pytest.param({"timeout": -1}, "timeout", id="timeout-negative"),
        pytest.param({"timeout": float("nan")}, "timeout", id="timeout-nan"),
        pytest.param({"timeout": float("inf")}, "timeout", id="timeout-inf"),
        pytest.param({"mode": "bogus"}, "mode", id="mode-bogus"),
        pytest.param({"base_url": "localhost:8080"}, "base_url", id="base-url-no-scheme"),
        pytest.param({"model_path": "m.gguf"}, "model_path", id="model-path-with-base-url"),
    ],
)
def test_a_bad_override_is_a_usage_error_naming_it(tmp_path, overrides, field):
    base = Settings(base_url=NOWHERE, model="none", cache_dir=tmp_path / "c")
    with pytest.raises(UsageError, match=f"^{field}="):
        summarize(ABSTRACT, base, **overrides)
    with pytest.raises(UsageError, match=f"^{field}="):
        summarize_many([ABSTRACT], base, **overrides)


def test_an_unknown_override_is_a_type_error_with_a_suggestion(tmp_path):
    base = Settings(base_url=NOWHERE, model="none", cache_dir=tmp_path / "c")
    with pytest.raises(TypeError, match=r"'concurrancy' \(did you mean 'concurrency'\?\)"):
        summarize_many([ABSTRACT], base, concurrancy=8)
    with pytest.raises(TypeError, match=r"not settings: 'colour'$"):
        summarize(ABSTRACT, base, colour="red")


def test_good_overrides_are_applied(tmp_path):
    with time_limit(60), FakeOpenAI(default=answer()) as server:
        records = summarize_many(
            [ABSTRACT], settings_for(server, tmp_path), model="other-model", max_tokens=300
        )
    assert records[0].error is None
    assert server.requests[0]["model"] == "other-model"
    assert server.requests[0]["max_tokens"] == 300


# --- arguments that are not abstracts ---------------------------------------------------------


@pytest.mark.parametrize("value", [None, 42, b"bytes", ["a list"]], ids=repr)
def test_summarize_takes_a_string(tmp_path, value):
    with pytest.raises(TypeError, match="summarize takes the abstract as a str"):
        summarize(value, base_url=NOWHERE, cache_dir=tmp_path / "c")


@pytest.mark.parametrize(
    "value, message",
    [
        pytest.param("one abstract", "not one string", id="str"),
        pytest.param(b"bytes", "not one string", id="bytes"),
        pytest.param(42, "not int", id="int"),
        pytest.param([ABSTRACT, None], "abstract 2 is a NoneType", id="none-inside"),
    ],
)
def test_summarize_many_takes_an_iterable_of_abstracts(tmp_path, value, message):
    with FakeOpenAI(default=answer()) as server:
        with pytest.raises(TypeError, match=message):
            summarize_many(value, settings_for(server, tmp_path))
    assert server.requests == []


def test_settings_must_besettings_for(tmp_path):
    with pytest.raises(TypeError, match="settings must be a summarizer.Settings, not dict"):
        summarize(ABSTRACT, {"base_url": NOWHERE})


def test_an_unexpected_failure_is_still_a_summarizer_error(tmp_path, monkeypatch):
    from summarizer.backends.connection import Connection

    async def explode(self):
        raise KeyError("boom")

    monkeypatch.setattr(Connection, "backend", explode)
    with time_limit(30), FakeOpenAI(default=answer()) as server:
        with pytest.raises(SummarizerError, match="KeyError") as info:
            summarize(ABSTRACT, settings_for(server, tmp_path))
    assert isinstance(info.value.__cause__, KeyError)


def test_a_key_in_the_url_reaches_no_record(tmp_path):
    # Settings refuses a key in the userinfo (user:KEY@), so only the query can carry one.
    with time_limit(60), FakeOpenAI(default=answer()) as server:
        url, shown = server.base_url + "?api_key=sk-url-secret", server.base_url + "?api_key=***"
        settings = Settings(
            base_url=url,
            model="fake",
            prompt="naive-grammar",
            mode="json_schema",
            cache_dir=tmp_path / "c",
        )
        (record,) = summarize_many([ABSTRACT], settings)
    assert record.meta["endpoint"] == shown
    assert "sk-url-secret" not in repr(record) and "sk-url-secret" not in repr(record.to_dict())
    assert record.error is None and len(server.requests) == 1


def test_the_same_abstract_twice_is_one_record_and_one_request(tmp_path):
    other = ABSTRACT.replace("4.8%", "5.1%")
    with time_limit(60), FakeOpenAI(default=answer()) as server:
        settings = Settings(
            base_url=server.base_url,
            model="fake",
            prompt="naive-grammar",
            mode="json_schema",
            cache_dir=tmp_path / "c",
        )
        records = summarize_many([ABSTRACT, other, ABSTRACT], settings)
    assert len(records) == 2 and records[0].id != records[1].id
    assert records[0].abstract == ABSTRACT and records[1].abstract == other
    assert len(server.requests) == 2
