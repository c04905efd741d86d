"""The Ray pieces without Ray: the map_batches class called as Ray calls it, the vLLM pre- and
postprocess steps against answers the loopback fast server gives, and the missing extra.

Ray itself runs these in tests/test_ray_cli.py; here they are plain Python.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys

import pytest

from bench.fast_server import answer as fast_answer
from bench.run import synthetic_papers
from summarizer.api import summarize_many
from summarizer.io.inputs import make_paper
from summarizer.scale import SummarizeBatch, postprocess, preprocess
from summarizer.scale.batch import node_cache_dir
from summarizer.settings.config import Settings

from .conftest import SEEDS
from .slow_fast_server import GARBAGE, SlowServer
from .support.abstracts import ABSTRACT, answer
from .support.cli import run_cli
from .support.fake_openai import FakeOpenAI, Status
from .support.limits import time_limit

PATTERN = str(SEEDS / "*.txt")


def compared(record: dict) -> tuple:
    """What a record says, as its JSON line says it (spans are tuples in memory)."""
    record = json.loads(json.dumps(record))
    return (record["id"], record["summary"], record["error"], record["spans"])


@pytest.fixture(scope="module")
def server():
    with SlowServer() as running:
        yield running


def settings_for(server, tmp_path, **more) -> dict:
    s = Settings(
        base_url=server.base_url, model="fast", cache_dir=tmp_path / "cache", concurrency=4, **more
    )
    return s.model_dump(mode="json")


def call(actor: SummarizeBatch, batch) -> list:
    """The blocks of one batch, as Ray's actor loop takes them; then the actor's client is
    closed (each call here has a loop of its own)."""

    async def go():
        try:
            return [block async for block in actor(batch)]
        finally:
            await actor.pipeline.aclose()

    return asyncio.run(go())


def test_a_batch_gives_the_records_of_a_plain_run_in_row_order(server, tmp_path):
    papers = list(synthetic_papers(PATTERN, 24))
    garbage = make_paper(f"{papers[0].abstract} {GARBAGE}", "t", "bad-1", None, 20_000)
    rows = [*papers[:12], garbage, *papers[12:]]
    batch = {
        "id": [p.id for p in rows],
        "abstract": [p.abstract for p in rows],
        "title": [None] * len(rows),
    }
    settings = settings_for(server, tmp_path)
    with time_limit(120):
        actor = SummarizeBatch(settings, output="json", cache_dir=str(tmp_path / "actor-cache"))
        (block,) = call(actor, batch)
        plain = [r.to_dict() for r in summarize_many(rows, Settings.model_validate(settings))]
    records = [json.loads(line) for line in block["record"]]
    assert block["id"] == [p.id for p in rows]
    assert [compared(r) for r in records] == [compared(r) for r in plain]
    assert block["finished"] == [p.id != "bad-1" for p in rows]
    assert records[12]["error"]["type"] == "OutputValidationError"
    assert all(r["meta"]["cached"] is False for r in records)


def test_a_bad_row_is_a_failed_record_and_the_batch_goes_on(server, tmp_path):
    batch = {"abstract": ["Too short.", None, ABSTRACT], "id": ["a", "b", "c"]}
    with time_limit(60):
        (block,) = call(SummarizeBatch(settings_for(server, tmp_path), output="json"), batch)
    first, second, third = (json.loads(line) for line in block["record"])
    assert first["error"]["type"] == second["error"]["type"] == "InputError"
    assert "too short" in first["error"]["message"]
    assert third["error"] is None and third["summary"]["introduces"] == ["ImbSAM"]


def test_each_actor_caches_on_its_node_unless_told_where(server, tmp_path, monkeypatch):
    monkeypatch.setenv("SUMMARIZER_RAY_CACHE_DIR", str(tmp_path / "node"))
    settings = settings_for(server, tmp_path)
    assert SummarizeBatch(settings).settings.cache_dir == node_cache_dir() == tmp_path / "node"
    given = SummarizeBatch(settings, output="json", cache_dir=str(tmp_path / "mine"))
    assert given.settings.cache_dir == tmp_path / "mine"
    batch = {"abstract": [ABSTRACT]}
    with time_limit(60):
        call(given, batch)
        (again,) = call(
            SummarizeBatch(settings, output="json", cache_dir=str(tmp_path / "mine")), batch
        )
    assert json.loads(again["record"][0])["meta"]["cached"] is True


def test_columns_are_the_record_as_arrow_structs_under_one_schema(server, tmp_path):
    """The default output: every block has the run's explicit schema, with summaries or
    without, and reads back as the records the JSON output gives."""
    from summarizer.io.arrow_schema import record_schema, table_to_records
    from summarizer.schemas.paper_summary import PaperSummary

    settings = settings_for(server, tmp_path)
    papers = list(synthetic_papers(PATTERN, 5))
    batch = {"id": [p.id for p in papers], "abstract": [p.abstract for p in papers]}
    failing = {"id": ["x"], "abstract": ["Too short."]}
    with time_limit(60):
        (table,) = call(SummarizeBatch(settings), batch)
        (only_failed,) = call(SummarizeBatch(settings), failing)
        (lines,) = call(SummarizeBatch(settings, output="json"), batch)
    schema = record_schema(PaperSummary)
    assert table.schema == only_failed.schema == schema
    assert str(table.schema.field("summary").type).startswith("struct<tldr: string")
    back = table_to_records(table)
    assert [compared(r) for r in back] == [compared(json.loads(x)) for x in lines["record"]]
    assert table_to_records(only_failed)[0]["error"]["type"] == "InputError"


def _abstracts(n: int) -> dict:
    ids = [f"r{i}" for i in range(n)]
    return {"id": ids, "abstract": [f"{ABSTRACT} (Reference {i}.)" for i in ids]}


def _endpoint_settings(server, tmp_path) -> dict:
    s = Settings(
        base_url=server.base_url,
        model="fake",
        prompt="naive-grammar",
        mode="json_schema",
        concurrency=4,
        cache_dir=tmp_path / "c",
    )
    return s.model_dump(mode="json")


def test_a_rate_limited_endpoint_fails_its_papers_and_the_actor_backs_off(tmp_path):
    """As without Ray: each paper that stays rate limited is a failed record, and this
    actor's limiter, kept across its batches, lowers its concurrency."""
    with time_limit(60), FakeOpenAI(default=Status(429, {"retry-after-ms": "10"})) as server:
        actor = SummarizeBatch(_endpoint_settings(server, tmp_path), output="json")
        (block,) = call(actor, _abstracts(6))
        requests = len(server.requests)
    records = [json.loads(line) for line in block["record"]]
    assert [r["error"]["type"] for r in records] == ["RateLimitError"] * 6
    assert requests == 24  # each paper: one try and the client's three retries
    assert actor.limiter.rate_limits == requests
    assert actor.limiter.lowest == 1 < actor.limiter.maximum


def test_a_failing_endpoint_fails_each_paper_and_the_batch_still_returns(tmp_path):
    with time_limit(60), FakeOpenAI(default=Status(500, message="upstream down")) as server:
        actor = SummarizeBatch(_endpoint_settings(server, tmp_path), output="json")
        (block,) = call(actor, _abstracts(3))
    records = [json.loads(line) for line in block["record"]]
    assert block["finished"] == [False] * 3
    assert {r["error"]["type"] for r in records} == {"BackendError"}
    assert all("500" in r["error"]["message"] for r in records)


def test_an_unknown_output_or_setting_is_refused_at_once(tmp_path):
    with pytest.raises(ValueError, match="output 'csv'"):
        SummarizeBatch({}, output="csv")
    with pytest.raises(ValueError, match="concurrency"):
        SummarizeBatch({"concurrency": 0})


def test_preprocess_sends_what_the_backend_sends(tmp_path):
    """The messages and schema of preprocess are those of the request our backend makes."""
    with FakeOpenAI(default=answer()) as fake:
        s = Settings(base_url=fake.base_url, model="fake", mode="json_schema", use_cache=False)
        summarize_many([ABSTRACT], s)
        sent = fake.requests[0]
    row = preprocess({"id": "x", "abstract": ABSTRACT}, s.model_dump(mode="json"))
    assert row["messages"] == sent["messages"]
    schema = sent["response_format"]["json_schema"]["schema"]
    assert json.loads(row["sampling_params"]["structured_outputs"]["json"]) == schema
    assert json.loads(row["response_schema"]) == schema
    assert row["sampling_params"]["max_tokens"] == sent["max_tokens"] == s.max_tokens
    assert row["sampling_params"]["temperature"] == sent["temperature"]
    old = preprocess({"abstract": ABSTRACT}, s, structured="guided_decoding")
    assert "json" in old["sampling_params"]["guided_decoding"]


def test_pre_answer_post_gives_the_record_of_an_online_run(server, tmp_path):
    """The fast server's answer to the request preprocess builds, through postprocess, is the
    record the pipeline makes from the same server online."""
    papers = list(synthetic_papers(PATTERN, 6))
    s = Settings.model_validate(settings_for(server, tmp_path, use_cache=False))
    with time_limit(60):
        online = [r.to_dict() for r in summarize_many(papers, s)]
    for paper, expected in zip(papers, online, strict=True):
        row = preprocess({"id": paper.id, "abstract": paper.abstract}, s)
        body = {
            "messages": row["messages"],
            "response_format": {
                "type": "json_object",
                "schema": json.loads(row["response_schema"]),
            },
        }
        row["generated_text"] = fast_answer(body)
        row["num_input_tokens"], row["num_generated_tokens"] = 300, 40
        record = postprocess(row, s)
        assert compared(record) == compared(expected)
        meta = record["meta"]
        assert (meta["endpoint"], meta["prompt_hash"]) == ("ray.data.llm", row["prompt_hash"])
        assert meta["usage"] == {"prompt_tokens": 300, "completion_tokens": 40, "total_tokens": 340}


def test_postprocess_grounds_the_answer_and_fails_a_bad_one_without_asking_again():
    s = {"model": "qwen", "prompt": "naive-grammar"}
    row = preprocess({"id": "p1", "abstract": ABSTRACT}, s)
    made_up = answer(datasets=["CIFAR-100", "ImageNet-21K"])
    record = postprocess({**row, "generated_text": json.dumps(made_up)}, s)
    assert record["error"] is None
    assert record["summary"]["datasets"] == ["CIFAR-100"]
    assert "ImageNet-21K" in json.dumps(record["meta"]["dropped"])
    start, end = record["spans"]["datasets"][0]
    assert ABSTRACT[start:end] == "CIFAR-100"
    assert record["meta"]["model"] == "qwen" and record["meta"]["attempts"] == 1

    bad = postprocess({**row, "generated_text": "Sure! Here is the summary:"}, s)
    assert bad["summary"] is None and bad["error"]["type"] == "OutputValidationError"
    assert bad["meta"]["attempts"] == 1 and bad["meta"]["prompt_hash"] == row["prompt_hash"]
    cut = postprocess({**row, "generated_text": json.dumps(made_up)[:80]}, s)
    assert cut["error"]["type"] == "OutputValidationError"


def test_a_refused_abstract_is_not_asked_and_keeps_its_reason():
    row = preprocess({"id": "short", "abstract": "Too short."}, {})
    assert row["sampling_params"]["max_tokens"] == 1
    record = postprocess({**row, "generated_text": json.dumps(answer())}, {})
    assert record["summary"] is None and record["error"]["type"] == "InputError"


def test_a_missing_extra_is_one_line_naming_it(tmp_path):
    inputs = tmp_path / "in.jsonl"
    inputs.write_text(json.dumps({"abstract": ABSTRACT}) + "\n")
    blocked = (
        "import sys; sys.modules['ray'] = None; from summarizer.cli import main; "
        "sys.argv = ['summarizer', *sys.argv[1:]]; main()"
    )
    args = ["summarize", str(inputs), "--ray"]
    args += ["--base-url", "http://127.0.0.1:9/v1", "-o", str(tmp_path / "out.jsonl")]
    done = run_cli(args, tmp_path, timeout=60, entry=(sys.executable, "-c", blocked))
    assert done.returncode == 1
    assert done.stderr.strip() == "Error: --ray needs Ray: pip install 'summarizer[ray]'"
    assert not (tmp_path / "out.jsonl").exists()


def test_ray_without_an_endpoint_is_a_usage_error(tmp_path):
    inputs = tmp_path / "in.jsonl"
    inputs.write_text(json.dumps({"abstract": ABSTRACT}) + "\n")
    done = run_cli(["summarize", str(inputs), "--ray"], tmp_path, timeout=60)
    assert done.returncode == 2
    assert "--ray needs an endpoint (--base-url)" in done.stderr


def test_reap_orphans_kills_what_a_dead_driver_left_and_spares_a_live_one(tmp_path):
    """A folder whose driver is gone: the processes holding files in it are killed and it is
    removed. A folder whose driver runs (this process), and one without a driver file, stay."""
    from summarizer.scale.session import DRIVER_FILE, PREFIX, _process_id, reap_orphans

    dead, live, bare = (tmp_path / f"{PREFIX}{name}" for name in ("dead", "live", "bare"))
    for folder in (dead, live, bare):
        folder.mkdir()
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    (dead / DRIVER_FILE).write_text(f"{gone.pid} 1")
    (live / DRIVER_FILE).write_text(_process_id(os.getpid()))
    with (dead / "agent.log").open("w") as log:
        agent = subprocess.Popen(["sleep", "60"], stdout=log)
    try:
        assert reap_orphans(tmp_path) == [dead]
        assert agent.wait(10) == -9
        assert not dead.exists() and live.exists() and bare.exists()
    finally:
        if agent.poll() is None:
            agent.kill()
            agent.wait()


def test_a_reused_pid_is_not_the_driver(tmp_path):
    """The driver file names the pid and its start time: the same pid with another start
    time is another process, so the folder is reaped."""
    from summarizer.scale.session import DRIVER_FILE, PREFIX, reap_orphans

    folder = tmp_path / f"{PREFIX}x"
    folder.mkdir()
    (folder / DRIVER_FILE).write_text(f"{os.getpid()} 0")
    assert reap_orphans(tmp_path) == [folder]
    assert not folder.exists()


def test_reap_orphans_never_waits_on_or_reaps_what_is_not_a_folder_of_ours(tmp_path):
    """A FIFO planted as a driver file is not read (reading it would block), and a link to a
    folder is not followed into."""
    from summarizer.scale.session import DRIVER_FILE, PREFIX, reap_orphans

    from .support.limits import time_limit

    fifo = tmp_path / f"{PREFIX}fifo"
    fifo.mkdir()
    os.mkfifo(fifo / DRIVER_FILE)
    target = tmp_path / "elsewhere"
    target.mkdir()
    (target / DRIVER_FILE).write_text("999999999 1")
    (tmp_path / f"{PREFIX}link").symlink_to(target, target_is_directory=True)
    with time_limit(10):
        assert reap_orphans(tmp_path) == []
    assert fifo.is_dir() and (target / DRIVER_FILE).is_file()
