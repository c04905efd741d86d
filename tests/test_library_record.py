"""The library's one result type: summarize() and summarize_many() both give a Record whose
to_dict() is the JSONL record the CLI writes, and summarize() takes one straight path.

Every endpoint is the scripted loopback fake; nothing starts the embedded engine.
"""

from __future__ import annotations

import json
import warnings

import pytest
from pydantic import ValidationError

import summarizer.api
from summarizer import ErrorInfo, PaperSummary, Record, Settings, summarize, summarize_many
from summarizer.errors import BackendError, InputError, RateLimitError

from .support.abstracts import ABSTRACT, answer
from .support.cli import endpoint_args, run_cli
from .support.fake_openai import FakeOpenAI, Status
from .support.limits import time_limit
from .support.pipeline import settings_for

THIN = "We propose FooNet for things."
ABSTRACT_ID = "p1"


def _settings(server: FakeOpenAI, tmp_path, **extra) -> Settings:
    return settings_for(server, tmp_path, use_cache=False, **extra)


def _stable(record: dict) -> dict:
    """A record without what differs between two runs of it (timings, the cache flag)."""
    meta = {k: v for k, v in record["meta"].items() if k not in ("seconds", "cached")}
    return {**record, "meta": meta}


def test_summarize_and_summarize_many_give_the_same_record_as_the_cli(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": ABSTRACT_ID, "abstract": ABSTRACT}) + "\n")
    with time_limit(90), FakeOpenAI(default=answer()) as server:
        one = summarize(ABSTRACT, _settings(server, tmp_path))
        (many,) = summarize_many([ABSTRACT], _settings(server, tmp_path))
        args = ["summarize", str(source), "-o", "out.jsonl", "--no-cache"]
        args += [*endpoint_args(server.base_url), "--prompt", "naive-grammar"]
        done = run_cli([*args, "--mode", "json_schema"], tmp_path)
    assert done.returncode == 0, done.stderr
    (line,) = (tmp_path / "out.jsonl").read_text().splitlines()
    written = json.loads(line)
    for record in (one, many):
        assert isinstance(record, Record) and record.ok and not record.partial
        assert isinstance(record.summary, PaperSummary)
        assert record.summary.model_dump(mode="json") == written["summary"]
        assert _stable(record.to_dict()) == _stable({**written, "id": record.id})
        start, end = record.spans["introduces"][0]
        assert record.abstract[start:end] == record.summary.introduces[0]
        assert record.meta["attempts"] == 1 and record.exception is None


def test_to_dict_is_a_copy_and_the_record_is_frozen(tmp_path):
    with time_limit(60), FakeOpenAI(default=answer()) as server:
        record = summarize(ABSTRACT, _settings(server, tmp_path))
    data = record.to_dict()
    data["summary"]["tldr"] = "changed"
    assert record.to_dict()["summary"]["tldr"] != "changed"
    with pytest.raises(ValidationError, match="frozen"):
        record.id = "other"


def test_summarize_takes_one_straight_path_without_the_batch_runner(tmp_path, monkeypatch):
    def no_batch(*args, **kwargs):
        raise AssertionError("summarize() went through run_batch")

    monkeypatch.setattr(summarizer.api, "run_batch", no_batch)
    with time_limit(60), FakeOpenAI(default=answer()) as server:
        record = summarize(ABSTRACT, _settings(server, tmp_path))
        with pytest.raises(AssertionError, match="run_batch"):
            summarize_many([ABSTRACT], _settings(server, tmp_path))
    assert record.ok and len(server.requests) == 1


def test_summarize_raises_the_very_exception_that_failed_the_abstract(tmp_path, monkeypatch):
    from summarizer.backends.connection import Connection

    raised = BackendError("the endpoint fell over", original=None)

    async def fail(self):
        raise raised

    monkeypatch.setattr(Connection, "backend", fail)
    with time_limit(30), FakeOpenAI(default=answer()) as server:
        with pytest.raises(BackendError) as info:
            summarize(ABSTRACT, _settings(server, tmp_path))
        (record,) = summarize_many([ABSTRACT], _settings(server, tmp_path))
    assert info.value is raised
    assert record.exception is raised and not record.ok and record.summary is None
    assert record.error == ErrorInfo(type="BackendError", message="the endpoint fell over")
    expected = {"type": "BackendError", "message": "the endpoint fell over"}
    assert record.to_dict()["error"] == expected


def test_a_failed_record_of_many_keeps_its_error_class_and_fields(tmp_path):
    with time_limit(60), FakeOpenAI(default=Status(429, {"retry-after-ms": "20"})) as server:
        (record,) = summarize_many([ABSTRACT], _settings(server, tmp_path, max_retries=0))
    assert record.error.type == "RateLimitError"
    assert isinstance(record.exception, RateLimitError)
    assert record.exception.retry_after == pytest.approx(0.02)


def test_a_refused_input_is_an_input_error_and_a_record_without_exception(tmp_path):
    with time_limit(30), FakeOpenAI(default=answer()) as server:
        with pytest.raises(InputError, match="too thin|single sentence|words"):
            summarize(THIN, _settings(server, tmp_path))
        (record,) = summarize_many([THIN], _settings(server, tmp_path))
    assert server.requests == []
    assert record.error.type == "InputError" and record.exception is None
    assert record.to_dict()["summary"] is None and record.to_dict()["error"]["type"] == "InputError"


def test_the_old_shapes_still_read_for_one_version_with_a_warning(tmp_path):
    with time_limit(60), FakeOpenAI(default=answer()) as server:
        record = summarize(ABSTRACT, _settings(server, tmp_path))
    with pytest.warns(DeprecationWarning, match=r"record\.summary\.tldr"):
        tldr = record.tldr
    assert tldr == record.summary.tldr
    with pytest.warns(DeprecationWarning, match="to_dict"):
        summary = record["summary"]
    assert summary == record.to_dict()["summary"]
    with pytest.warns(DeprecationWarning, match="to_dict"):
        assert record.get("error") is None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert record.summary.tldr == tldr and record.id  # the new spellings do not warn
    with pytest.raises(AttributeError):
        record.no_such_field  # noqa: B018
