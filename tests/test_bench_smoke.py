"""The benchmark's client-overhead and stream sections and the soak script, small: every
record valid, then all cached; every line written, then all skipped on resume; every id once,
and a run cut by SIGINT resumed to the end. And the llama-server comparison's launch: the port
is the one the server says it bound, never one picked for it beforehand.

No timing is asserted: bench/run.py and bench/soak.py measure, this only keeps them working.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time

import pytest

from bench.fast_server import answer
from bench.llama_server import bound_port
from bench.run import FastServer, client_run, synthetic_papers
from summarizer.prompting.strategy import text_model
from summarizer.schemas.paper_summary import PaperSummary

from .conftest import SEEDS

PATTERN = str(SEEDS / "*.txt")


def test_client_section_small_run_gives_valid_records_then_a_cached_rerun(tmp_path):
    cache = str(tmp_path / "bench-cache")
    with FastServer() as server:
        fresh = asyncio.run(client_run(server.base_url, cache, 50, 8, PATTERN))
        cached = asyncio.run(client_run(server.base_url, cache, 50, 8, PATTERN))
    assert (fresh["valid"], fresh["invalid"], fresh["cached"]) == (50, 0, 0)
    assert (cached["valid"], cached["invalid"], cached["cached"]) == (50, 0, 50)
    papers = {p.id: p for p in synthetic_papers(PATTERN, 50)}
    (first,) = sorted(tmp_path.glob("bench-cache/records-8-*.jsonl"))[:1]
    records = [json.loads(line) for line in first.read_text().splitlines()]
    assert {r["id"] for r in records} == set(papers)
    for record in records:
        abstract = papers[record["id"]].abstract
        PaperSummary.model_validate(record["summary"], context={"abstract": abstract})


def test_fast_server_answers_the_cues_schema_with_grounded_keywords():
    abstract = "We propose ImbSAM, a class-aware optimizer for imbalanced recognition."
    schema = text_model().model_json_schema()
    body = {
        "messages": [{"role": "user", "content": f"Abstract:\n{abstract}"}],
        "response_format": {"type": "json_object", "schema": schema},
    }
    parsed = text_model().model_validate_json(answer(body), context={"abstract": abstract})
    assert all(k.lower() in abstract.lower() for k in parsed.keywords)


def test_stream_section_small_writes_every_line_then_resumes_past_them():
    from bench.run import stream_section

    text, results = stream_section((200, 500))
    runs = [(r["items"], r["run"], r["done"], r["skipped"]) for r in results]
    assert runs == [
        (200, "fresh output", 200, 0),
        (200, "resumed (every id finished)", 0, 200),
        (500, "fresh output", 500, 0),
        (500, "resumed (every id finished)", 0, 500),
    ]
    assert all(r["resumed_from"] == (r["items"] if r["skipped"] else 0) for r in results)
    assert "| 500" in text and "peak RSS MB" in text


def test_soak_small_writes_every_id_once_and_a_cut_run_resumes_to_the_end():
    from bench.soak import report, soak

    full, cut, resumed = soak(200, 32, timeout=60)
    assert [o.problems for o in (full, cut, resumed)] == [[], [], []]
    assert (full.exit_code, full.written, full.unique, full.torn, full.failed) == (
        0,
        200,
        200,
        0,
        0,
    )
    assert cut.signalled and cut.written == cut.unique and cut.torn == 0
    assert (resumed.exit_code, resumed.unique, resumed.missing, resumed.torn) == (0, 200, 0, 0)
    assert resumed.new_records == 200 - cut.written  # the resume redid nothing
    assert "| interrupted at half" in report([full, cut, resumed])


# What llama-server prints once bound, in the two forms of llama.cpp's server.cpp.
BOUND = {
    "threads": "main: HTTP server is listening, hostname: 127.0.0.1, port: {port}, http threads: 2",
    "main-loop": "main: server is listening on http://127.0.0.1:{port} - starting the main loop",
}


@pytest.mark.parametrize("form", sorted(BOUND))
def test_llama_server_port_is_the_one_it_says_it_bound(tmp_path, form):
    log = tmp_path / "llama-server.log"
    log.write_text("main: an earlier run\n" + BOUND[form].format(port=1) + "\n")
    offset = log.stat().st_size
    lines = ["build: 1 (abc)", "main: binding port with default address family", BOUND[form]]
    script = (
        "import sys, time\n"
        f"for line in {lines!r}:\n"
        "    time.sleep(0.2)\n"
        "    print(line.format(port=43123), flush=True)\n"
        "time.sleep(30)\n"
    )
    with log.open("ab") as out:
        proc = subprocess.Popen([sys.executable, "-c", script], stdout=out)
    try:
        assert bound_port(proc, log, offset, time.monotonic() + 20) == 43123
    finally:
        proc.kill()
        proc.wait()


def test_llama_server_that_exits_before_binding_is_an_error(tmp_path):
    log = tmp_path / "llama-server.log"
    with log.open("ab") as out:
        proc = subprocess.Popen([sys.executable, "-c", "print('error: no model')"], stdout=out)
    proc.wait()
    with pytest.raises(RuntimeError, match="exited before it was listening"):
        bound_port(proc, log, 0, time.monotonic() + 20)


def test_decode_levers_refuses_an_unknown_arm_before_loading_a_model(capsys):
    from bench import decode_levers

    with pytest.raises(SystemExit) as exited:
        decode_levers.main(["--arms", "t2/2,t3/3"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "unknown arm 't3/3'" in err and "lookup4" in err
    assert decode_levers.ARMS[decode_levers.BASE] == (2, 2, 0)  # the engine's two threads
