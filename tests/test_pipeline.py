"""The pipeline's re-ask, drop and cache logic, over real HTTP against a scripted server."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from summarizer.io.inputs import make_paper
from summarizer.run.pipeline import Pipeline
from summarizer.schemas.paper_summary import PaperSummary

from .support.abstracts import ABSTRACT, answer
from .support.cli import endpoint_args, run_cli
from .support.fake_openai import FakeOpenAI, Status
from .support.pipeline import run, settings_for


def test_ungrounded_name_is_reasked_with_its_name(tmp_path, reask_prompt):
    with FakeOpenAI([answer(introduces=["ImbSAM", "FooNet-7"]), answer()]) as server:
        record = run(settings_for(server, tmp_path, prompt=reask_prompt))
    assert record["error"] is None
    assert record["meta"]["attempts"] == 2
    assert record["summary"]["introduces"] == ["ImbSAM"]
    reask = server.requests[1]["messages"][-1]["content"]
    assert "FooNet-7" in reask and "not in the abstract" in reask


def test_items_still_ungrounded_after_last_reask_are_dropped_and_counted(tmp_path, reask_prompt):
    bad = answer(introduces=["ImbSAM", "FooNet-7"], results=[{"value": "99.9%"}])
    with FakeOpenAI(default=bad) as server:
        record = run(settings_for(server, tmp_path, prompt=reask_prompt))
    assert len(server.requests) == 3  # first try and two re-asks
    assert record["error"] is None
    assert record["summary"]["introduces"] == ["ImbSAM"]
    assert record["summary"]["results"] == []
    dropped = {(d["field"], d["item"]) for d in record["meta"]["dropped"]}
    assert dropped == {("introduces", "FooNet-7"), ("results[].value", "99.9%")}


def test_spans_point_at_the_items_in_the_abstract(tmp_path):
    with FakeOpenAI(default=answer()) as server:
        record = run(settings_for(server, tmp_path))
    spans = record["spans"]
    start, end = spans["introduces"][0]
    assert ABSTRACT[start:end] == "ImbSAM"
    start, end = spans["results"][0]
    assert ABSTRACT[start:end] == "4.8%"
    start, end = spans["code_url"]
    assert ABSTRACT[start:end] == "https://github.com/x/imbsam"


def test_invalid_answers_fail_the_item_and_are_never_cached(tmp_path):
    with FakeOpenAI(default="this is not json") as server:
        settings = settings_for(server, tmp_path)
        first = run(settings)
        second = run(settings)
    assert first["error"]["type"] == "OutputValidationError"
    assert first["summary"] is None
    assert second["meta"]["cached"] is False
    assert len(server.requests) == 2


def test_valid_answer_is_cached_and_rerun_sends_nothing(tmp_path):
    with FakeOpenAI(default=answer()) as server:
        settings = settings_for(server, tmp_path)
        first = run(settings)
        second = run(settings)
    assert len(server.requests) == 1
    assert second["meta"]["cached"] is True
    assert second["summary"] == first["summary"]
    PaperSummary.model_validate(second["summary"], context={"abstract": ABSTRACT})


def test_cache_key_follows_the_model_and_max_tokens(tmp_path):
    with FakeOpenAI(default=answer()) as server:
        run(settings_for(server, tmp_path))
        run(settings_for(server, tmp_path, max_tokens=300))
        run(settings_for(server, tmp_path).model_copy(update={"model": "other"}))
        run(settings_for(server, tmp_path, concurrency=7, timeout=33))
    assert len(server.requests) == 3


def test_max_tokens_is_always_sent(tmp_path):
    with FakeOpenAI(default=answer()) as server:
        run(settings_for(server, tmp_path, max_tokens=321))
    assert server.requests[0]["max_tokens"] == 321


def test_candidate_prompt_sends_an_enum_of_the_abstracts_names(tmp_path):
    picked = {k: v for k, v in answer().items() if k not in ("results", "code_url")}
    with FakeOpenAI(default=picked) as server:
        record = run(settings_for(server, tmp_path, prompt="candidates", mode="json_object_schema"))
    fmt = server.requests[0]["response_format"]
    assert fmt["type"] == "json_object"
    items = fmt["schema"]["properties"]["introduces"]["items"]
    assert set(items["enum"]) == {"ImbSAM", "CIFAR-100"}
    # results and code_url come from code, not from the model
    assert [r["value"] for r in record["summary"]["results"]] == ["4.8%"]
    assert record["summary"]["results"][0]["kind"] == "improvement"
    assert record["summary"]["code_url"] == "https://github.com/x/imbsam"


def test_overlong_abstract_is_refused_without_a_request(tmp_path):
    with FakeOpenAI(default=answer()) as server:
        settings = settings_for(server, tmp_path)

        async def go():
            async with Pipeline(settings) as pipeline:
                return await pipeline.summarize(
                    make_paper("word " * 10_000, "x", None, None, 20_000)
                )

        record = asyncio.run(go())
    assert record["error"]["type"] == "InputError"
    assert "over the limit" in record["error"]["message"]
    assert server.requests == []


@pytest.mark.parametrize(
    "prompt, asked",
    [
        pytest.param("default", {"tldr", "problem"}, id="default-keywords-by-code"),
        pytest.param("default.v1", {"tldr", "problem", "keywords"}, id="v1-keywords-by-model"),
    ],
)
def test_cue_prompt_asks_only_for_the_text_fields_and_code_fills_the_rest(tmp_path, prompt, asked):
    from summarizer.rules.keywords import choose_keywords

    text = {**TEXT, "keywords": ["class imbalance", "tail classes", "optimizer"]}
    reply = {k: v for k, v in text.items() if k in asked}
    with FakeOpenAI(default=reply) as server:
        record = run(settings_for(server, tmp_path, prompt=prompt, mode="json_object_schema"))
    schema = server.requests[0]["response_format"]["schema"]
    assert set(schema["properties"]) == asked
    assert schema["properties"]["tldr"]["pattern"].startswith("^(This paper|The authors) ")
    summary = record["summary"]
    assert record["error"] is None
    assert summary["introduces"] == ["ImbSAM"]  # "We propose ImbSAM"
    assert summary["datasets"] == ["CIFAR-100"]  # "evaluate it on CIFAR-100"
    assert summary["contribution_types"][0] == "method"
    assert summary["code_url"] == "https://github.com/x/imbsam"
    if "keywords" in asked:
        assert summary["keywords"] == text["keywords"]
    else:
        assert summary["keywords"] == choose_keywords(ABSTRACT)
        assert len(summary["keywords"]) >= 3
        assert all(k in ABSTRACT for k in summary["keywords"])


def test_after_the_last_reask_one_sampled_try_is_made(tmp_path, reask_prompt):
    broken = "not json at all"
    with FakeOpenAI([broken, broken, broken, answer()]) as server:
        record = run(settings_for(server, tmp_path, prompt=reask_prompt))
    assert record["error"] is None
    assert record["meta"]["attempts"] == 4
    assert [r["temperature"] for r in server.requests] == [0.0, 0.0, 0.0, 0.7]
    assert record["meta"]["usage"]["prompt_tokens"] == 400


def test_sampled_tries_get_hotter_and_stop_at_the_first_valid_one(tmp_path, reask_prompt):
    copy = answer(tldr="Class imbalance hurts recognition of tail classes.")
    with FakeOpenAI([copy, copy, copy, copy, answer(), answer()]) as server:
        record = run(settings_for(server, tmp_path, prompt=reask_prompt))
    assert record["error"] is None
    assert record["meta"]["attempts"] == 5
    assert [r["temperature"] for r in server.requests] == [0.0, 0.0, 0.0, 0.7, 1.0]
    assert record["summary"]["tldr"] == answer()["tldr"]


def test_strict_item_fails_with_the_reason_when_every_try_fails(tmp_path, reask_prompt):
    copy = answer(tldr="Class imbalance hurts recognition of tail classes.")
    with FakeOpenAI(default=copy) as server:
        record = run(settings_for(server, tmp_path, prompt=reask_prompt, strict=True))
    assert record["error"]["type"] == "OutputValidationError"
    assert record["summary"] is None
    assert "copies a sentence of the abstract" in record["error"]["message"]
    assert record["meta"]["attempts"] == 5


def test_cli_reads_stdin_once_and_writes_a_record(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from summarizer.cli import app

    monkeypatch.setenv("SUMMARIZER_CACHE_DIR", str(tmp_path / "c"))
    out = tmp_path / "out.jsonl"
    with FakeOpenAI(default=answer()) as server:
        result = CliRunner().invoke(
            app,
            ["summarize", "-", "-o", str(out)]
            + endpoint_args(server.base_url, "m", mode="json_schema", prompt="naive-grammar"),
            input=ABSTRACT + "\n",
        )
    assert result.exit_code == 0, result.output
    (line,) = out.read_text().splitlines()
    record = json.loads(line)
    assert record["abstract"] == ABSTRACT and record["summary"]["introduces"] == ["ImbSAM"]


@pytest.mark.parametrize("mode", ["json_schema", "json_object_schema"])
def test_first_try_and_reask_send_the_same_request_format(tmp_path, reask_prompt, mode):
    first = answer(introduces=["ImbSAM", "FooNet-7"])
    with FakeOpenAI([first, answer()]) as server:
        record = run(settings_for(server, tmp_path, prompt=reask_prompt, mode=mode))
    assert record["error"] is None and record["meta"]["attempts"] == 2
    one, two = server.requests
    assert one["response_format"] == two["response_format"]
    kind = {"json_schema": "json_schema", "json_object_schema": "json_object"}[mode]
    assert one["response_format"]["type"] == kind
    schema = one["response_format"].get("schema") or one["response_format"]["json_schema"]["schema"]
    assert {"tldr", "introduces"} <= set(schema["properties"]) and "tldr" in schema["required"]
    assert one["max_tokens"] == two["max_tokens"] and one["temperature"] == 0
    # The re-ask is the first conversation, the answer given, and what was wrong with it.
    assert two["messages"][: len(one["messages"])] == one["messages"]
    said, told = two["messages"][len(one["messages"]) :]
    assert said["role"] == "assistant" and json.loads(said["content"]) == first
    assert told["role"] == "user" and "FooNet-7" in told["content"]


@pytest.mark.parametrize("mode", ["json_schema", "json_object_schema"])
def test_a_bare_completion_body_is_read_leniently(tmp_path, reask_prompt, mode):
    with FakeOpenAI([answer(introduces=["FooNet-7"]), answer()], bare=True) as server:
        record = run(settings_for(server, tmp_path, prompt=reask_prompt, mode=mode))
    assert record["error"] is None and record["summary"]["introduces"] == ["ImbSAM"]
    assert record["meta"]["attempts"] == 2  # the first answer was re-asked, then valid
    assert record["meta"]["usage"]["total_tokens"] == 0


def test_requests_go_over_aiohttp_and_over_httpx_without_it(tmp_path, reask_prompt, monkeypatch):
    import openai

    async def transport_and_record(settings):
        async with Pipeline(settings) as pipeline:
            record = await pipeline.summarize(make_paper(ABSTRACT, "t", None, None, 20_000))
            client = (await pipeline.connection.backend())._client._client
            return type(client._transport).__name__, record

    with FakeOpenAI(default=answer()) as server:
        settings = settings_for(server, tmp_path, prompt=reask_prompt, mode="json_schema")
        used, record = asyncio.run(transport_and_record(settings))
        assert used == "AiohttpTransport" and record["error"] is None

        class NoAiohttp:
            def __init__(self, **options):
                raise RuntimeError("To use the aiohttp client you must install ...")

        monkeypatch.setattr(openai, "DefaultAioHttpClient", NoAiohttp)
        cold = settings.model_copy(update={"use_cache": False})
        used, record = asyncio.run(transport_and_record(cold))
        assert used == "AsyncHTTPTransport" and record["error"] is None


@pytest.mark.parametrize(
    "replies, mode",
    [
        ([{"answer": "yes"}], "json_schema"),
        ([Status(500), {"answer": "no"}], "json_object_schema"),
        ([Status(400), {"answer": "maybe"}, {"anything": 1}], "json"),
        ([Status(400), Status(400), "not json"], "md_json"),
    ],
)
def test_auto_mode_takes_the_first_structured_output_the_endpoint_honours(replies, mode):
    from summarizer.backends.openai_compat import OpenAICompatBackend

    async def probe(url: str) -> str:
        backend = OpenAICompatBackend(url, "fake", "not-needed", mode="auto", http_retries=0)
        try:
            return await backend.probe()
        finally:
            await backend.aclose()

    with FakeOpenAI(replies) as server:
        assert asyncio.run(probe(server.base_url)) == mode
    kinds = [r["response_format"]["type"] for r in server.requests]
    assert kinds == ["json_schema", "json_object", "json_object"][: len(replies)]
    assert all(r["max_tokens"] == 16 for r in server.requests)


# SciTLDR train, paper SygQlT4FwS: its authors wrote "network network". The long form of
# "(RNN)" is a strong keyword, and the summary refuses a keyword that repeats a word.
NETWORK_NETWORK = (
    "The paper explores a novel methodology in source code obfuscation through the application "
    "of text-based recurrent neural network network (RNN) encoder-decoder models in ciphertext "
    "generation and key generation. Sequence-to-sequence models are incorporated into the model "
    "architecture to generate obfuscated code, generate the deobfuscation key, and live "
    "execution."
)


def test_keywords_by_code_pass_the_summarys_own_keyword_checks(tmp_path):
    from summarizer.rules.keywords import choose_keywords

    refused = "recurrent neural network network"
    assert refused in choose_keywords(NETWORK_NETWORK)  # the best phrase, left alone
    reply = {
        "tldr": "This paper obfuscates source code with recurrent encoder-decoder models.",
        "problem": "Source code obfuscation needs stealthy, cheap transformations.",
    }
    with FakeOpenAI(default=reply) as server:
        record = run(
            settings_for(server, tmp_path, prompt="default", mode="json_object_schema"),
            NETWORK_NETWORK,
        )
    assert record["error"] is None, record["error"]
    keywords = record["summary"]["keywords"]
    assert refused not in keywords and len(keywords) >= 3
    assert all(k in NETWORK_NETWORK for k in keywords)


# --- why an answer was re-asked, and partial records -------------------------------------------

COPY = "Class imbalance hurts recognition of tail classes."  # the abstract's first sentence
# An answer to the default prompt, which leaves the keywords to code.
TEXT = {
    "tldr": "This paper proposes ImbSAM, a class-aware optimizer for tail classes.",
    "problem": "Optimizers generalize poorly on tail classes.",
}


def cue_settings(server, tmp_path, **extra):
    return settings_for(server, tmp_path, prompt="default", mode="json_object_schema", **extra)


def test_each_failed_answer_is_recorded_with_its_errors(tmp_path, reask_prompt):
    bad = answer(introduces=["ImbSAM", "FooNet-7"], tldr=COPY)
    with FakeOpenAI([bad, answer()]) as server:
        record = run(settings_for(server, tmp_path, prompt=reask_prompt))
    assert record["error"] is None and record["meta"]["attempts"] == 2
    (reask,) = record["meta"]["reasks"]
    assert reask["attempt"] == 1
    assert any("'FooNet-7' is not in the abstract" in e for e in reask["errors"])
    assert "tldr copies a sentence of the abstract; summarize in your own words" in reask["errors"]


def test_a_first_valid_answer_has_no_reasks(tmp_path):
    with FakeOpenAI(default=answer()) as server:
        record = run(settings_for(server, tmp_path))
    assert record["meta"]["reasks"] == [] and record["meta"]["attempts"] == 1


@pytest.mark.parametrize("mode", ["json_schema", "json"])  # first try direct, or instructor's
def test_sampled_tries_are_numbered_after_the_reasks(tmp_path, reask_prompt, mode):
    broken = "not json at all"
    with FakeOpenAI([broken, broken, broken, answer()]) as server:
        record = run(settings_for(server, tmp_path, prompt=reask_prompt, mode=mode))
    assert record["meta"]["attempts"] == 4
    assert [r["attempt"] for r in record["meta"]["reasks"]] == [1, 2, 3]
    assert all(r["errors"][0].startswith("answer: Invalid JSON") for r in record["meta"]["reasks"])


def test_reasks_are_capped_in_number_and_length(tmp_path):
    from summarizer.backends.base import MAX_ERROR_CHARS
    from summarizer.run.partial import MAX_REASKS_KEPT

    prompt = tmp_path / "many.v1.toml"
    prompt.write_text(
        'name = "many"\nversion = 1\nstrategy = "free"\nreask = true\nmax_retries = 10\n'
        'ground = "reask"\ngrammar = true\nsystem = "S."\nuser = "{{ abstract }}"\n'
    )
    long_name = "Foo" * 200
    with FakeOpenAI(default=answer(tldr="x " * 50, introduces=[long_name])) as server:
        record = run(settings_for(server, tmp_path, prompt=str(prompt), strict=True))
    meta = record["meta"]
    assert meta["attempts"] == 13  # 1 + 10 re-asks + 2 sampled tries
    assert [r["attempt"] for r in meta["reasks"]] == list(range(1, MAX_REASKS_KEPT + 1))
    errors = [e for r in meta["reasks"] for e in r["errors"]]
    longest = max(errors, key=len)
    assert len(longest) == MAX_ERROR_CHARS and longest.endswith("…") and "FooFoo" in longest


def test_a_cached_record_keeps_the_reasons_of_the_run_that_made_it(tmp_path, reask_prompt):
    bad = answer(introduces=["ImbSAM", "FooNet-7"])
    with FakeOpenAI([bad, answer()]) as server:
        settings = settings_for(server, tmp_path, prompt=reask_prompt)
        first = run(settings)
        second = run(settings)
    assert len(server.requests) == 2
    assert second["meta"]["cached"] is True
    assert second["meta"]["reasks"] == first["meta"]["reasks"] != []
    assert second["meta"]["attempts"] == 2


def test_failed_answers_are_logged(tmp_path, reask_prompt, caplog):
    bad = answer(introduces=["ImbSAM", "FooNet-7"])
    with caplog.at_level("INFO", logger="summarizer.run.pipeline"):
        with FakeOpenAI([bad, answer()]) as server:
            run(settings_for(server, tmp_path, prompt=reask_prompt))
    (line,) = [r.getMessage() for r in caplog.records if r.name == "summarizer.run.pipeline"]
    assert "attempt 1 failed validation" in line and "FooNet-7" in line


def test_prose_that_never_validates_keeps_a_partial_record(tmp_path, reask_prompt):
    with FakeOpenAI(default=answer(tldr=COPY)) as server:
        settings = settings_for(server, tmp_path, prompt=reask_prompt)
        record = run(settings)
        again = run(settings)
    error = record["error"]
    assert error["type"] == "PartialRecord"
    assert error["fields"] == [
        {"field": "tldr", "reason": "tldr copies a sentence of the abstract; summarize in your "
         "own words"}
    ]  # fmt: skip
    assert "tldr did not validate after 5 attempts" in error["message"]
    summary = record["summary"]
    assert summary["tldr"] == COPY  # the best prose there was, marked as not valid
    assert summary["introduces"] == ["ImbSAM"] and summary["datasets"] == ["CIFAR-100"]
    assert summary["code_url"] == "https://github.com/x/imbsam"
    start, end = record["spans"]["introduces"][0]
    assert ABSTRACT[start:end] == "ImbSAM"
    assert len(record["meta"]["reasks"]) == 5
    # not cached: the rerun asks again
    assert again["meta"]["cached"] is False and again["error"]["type"] == "PartialRecord"
    assert len(server.requests) == 10


def test_a_partial_record_keeps_the_code_decided_fields_of_the_cue_prompt(tmp_path):
    with FakeOpenAI(default={**TEXT, "tldr": COPY}) as server:
        record = run(cue_settings(server, tmp_path))
    assert record["error"]["type"] == "PartialRecord"
    assert [f["field"] for f in record["error"]["fields"]] == ["tldr"]
    summary = record["summary"]
    assert summary["tldr"] == COPY
    assert summary["problem"] == TEXT["problem"] and len(summary["keywords"]) >= 3
    assert summary["introduces"] == ["ImbSAM"] and summary["datasets"] == ["CIFAR-100"]
    assert [r["value"] for r in summary["results"]] == ["4.8%"]
    assert summary["domain"] and summary["contribution_types"][0] == "method"
    assert summary["code_url"] == "https://github.com/x/imbsam"


def test_the_partial_record_takes_the_answer_that_lost_fewest_fields(tmp_path):
    both = {**TEXT, "tldr": COPY, "problem": " "}
    tldr_only = {**TEXT, "tldr": COPY, "problem": "Tail classes are hard to learn."}
    with FakeOpenAI([both, tldr_only, both, both, both]) as server:
        record = run(cue_settings(server, tmp_path))
    assert [f["field"] for f in record["error"]["fields"]] == ["tldr"]
    assert record["summary"]["problem"] == "Tail classes are hard to learn."


def test_answers_that_are_not_json_still_fail_the_item(tmp_path, reask_prompt):
    with FakeOpenAI(default="not json at all") as server:
        record = run(settings_for(server, tmp_path, prompt=reask_prompt))
    assert record["error"]["type"] == "OutputValidationError" and record["summary"] is None


def test_a_field_other_than_prose_that_fails_still_fails_the_item(tmp_path, reask_prompt):
    with FakeOpenAI(default=answer(tldr=COPY, domain="astrology")) as server:
        record = run(settings_for(server, tmp_path, prompt=reask_prompt))
    assert record["error"]["type"] == "OutputValidationError" and record["summary"] is None


def test_the_library_raises_for_a_partial_record_and_returns_it_from_many(tmp_path, reask_prompt):
    from summarizer import summarize, summarize_many
    from summarizer.errors import OutputValidationError

    with FakeOpenAI(default=answer(tldr=COPY)) as server:
        settings = settings_for(server, tmp_path, prompt=reask_prompt)
        with pytest.raises(OutputValidationError, match="copies a sentence"):
            summarize(ABSTRACT, settings)
        (record,) = summarize_many([ABSTRACT], settings)
    assert record.partial and record.error.type == "PartialRecord"
    assert record.summary.tldr == COPY and record.to_dict()["summary"]["tldr"] == COPY
    assert isinstance(record.exception, OutputValidationError)


def _cli_summarize(server, tmp_path, out, *extra):
    from typer.testing import CliRunner

    from summarizer.cli import app

    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": "p1", "abstract": ABSTRACT}) + "\n")
    args = ["summarize", str(source), "-o", str(out), "--base-url", server.base_url]
    args += ["--model", "m", "--mode", "json_object_schema", "--prompt", "default", *extra]
    return CliRunner().invoke(app, args)


def test_cli_a_partial_record_is_written_and_the_run_exits_3(tmp_path, monkeypatch):
    monkeypatch.setenv("SUMMARIZER_CACHE_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("COLUMNS", "200")
    out = tmp_path / "out.jsonl"
    with FakeOpenAI(default={**TEXT, "tldr": COPY}) as server:
        result = _cli_summarize(server, tmp_path, out)
        assert result.exit_code == 3, result.output
        assert re.search(r"partial \(prose not valid, rest kept\) +1\b", result.output)
        # no greedy re-ask: the two sampled tries
        assert re.search(r"re-asks \(this run\) +2\b", result.output)
        assert "(1 partial, rerun to retry)" in result.output
        assert "partial p1: PartialRecord: tldr did not validate" in result.output
        (record,) = [json.loads(line) for line in out.read_text().splitlines()]
        assert record["error"]["type"] == "PartialRecord"
        # A rerun asks again for it (it is not finished), and replaces it.
        result = _cli_summarize(server, tmp_path, out)
    assert result.exit_code == 3 and len(server.requests) == 6
    assert len(out.read_text().splitlines()) == 1


def test_cli_strict_fails_the_record_as_before(tmp_path, monkeypatch):
    monkeypatch.setenv("SUMMARIZER_CACHE_DIR", str(tmp_path / "c"))
    out = tmp_path / "out.jsonl"
    with FakeOpenAI(default={**TEXT, "tldr": COPY}) as server:
        result = _cli_summarize(server, tmp_path, out, "--strict")
    assert result.exit_code == 3, result.output
    (record,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert record["error"]["type"] == "OutputValidationError" and record["summary"] is None
    assert "(1 failed, rerun to retry)" in result.output


def test_cli_counts_the_reasks_of_this_run_only(tmp_path, monkeypatch):
    monkeypatch.setenv("SUMMARIZER_CACHE_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("COLUMNS", "200")
    with FakeOpenAI([{**TEXT, "tldr": COPY}, TEXT]) as server:
        first = _cli_summarize(server, tmp_path, tmp_path / "a.jsonl")
        second = _cli_summarize(server, tmp_path, tmp_path / "b.jsonl")
    assert first.exit_code == 0 and second.exit_code == 0, first.output + second.output
    assert re.search(r"re-asks \(this run\) +1\b", first.output)
    assert re.search(r"re-asks \(this run\) +0\b", second.output)
    (record,) = [json.loads(line) for line in (tmp_path / "b.jsonl").read_text().splitlines()]
    assert record["meta"]["cached"] is True and record["meta"]["reasks"][0]["attempt"] == 1


def test_summarizer_debug_logs_each_failed_answer(tmp_path):
    from .support.limits import time_limit

    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": "p1", "abstract": ABSTRACT}) + "\n")
    env = {"SUMMARIZER_DEBUG": "1", "SUMMARIZER_CACHE_DIR": str(tmp_path / "c")}
    with time_limit(120), FakeOpenAI([{**TEXT, "tldr": COPY}, TEXT]) as server:
        args = ["summarize", str(source), "-o", str(tmp_path / "o.jsonl")]
        args += [*endpoint_args(server.base_url, "m"), "--mode", "json_object_schema"]
        done = run_cli(args, tmp_path, env=env, timeout=100)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stderr.splitlines() if "failed validation" in line]
    assert lines == [
        "debug: summarizer.run.pipeline: p1: attempt 1 failed validation: tldr copies a sentence "
        "of the abstract; summarize in your own words"
    ]


def test_a_failed_prose_field_of_the_wrong_shape_is_kept_as_null(tmp_path):
    with FakeOpenAI(default={**TEXT, "tldr": ["not", "a", "sentence"]}) as server:
        record = run(cue_settings(server, tmp_path))
    assert record["error"]["type"] == "PartialRecord"
    assert record["summary"]["tldr"] is None
    assert record["summary"]["introduces"] == ["ImbSAM"]


def test_the_default_prompt_takes_a_failed_greedy_answer_to_the_sampled_tries(tmp_path):
    copy = {**TEXT, "tldr": COPY}
    with FakeOpenAI([copy, copy, TEXT]) as server:
        record = run(cue_settings(server, tmp_path))
    assert record["error"] is None and record["meta"]["attempts"] == 3
    assert [r["temperature"] for r in server.requests] == [0.0, 0.7, 1.0]
    # each sampled try asks the question afresh, not the greedy answer's re-ask
    assert len({json.dumps(r["messages"]) for r in server.requests}) == 1
    assert [a["attempt"] for a in record["meta"]["reasks"]] == [1, 2]


def test_with_greedy_reasks_the_greedy_answer_is_reasked_first(tmp_path):
    copy = {**TEXT, "tldr": COPY, "keywords": ["class imbalance", "tail classes", "optimizer"]}
    with FakeOpenAI(default=copy) as server:
        record = run(settings_for(server, tmp_path, prompt="default.v1", mode="json_object_schema"))
    assert record["error"]["type"] == "PartialRecord" and record["meta"]["attempts"] == 5
    assert [r["temperature"] for r in server.requests] == [0.0, 0.0, 0.0, 0.7, 1.0]
