"""Security: the API key stays out of everything a run writes, and the HTML report runs no
script from an abstract or a model answer in a real (headless) browser.

Covered elsewhere and not repeated: the prompt sandbox (tests/test_prompting.py,
``test_sandbox_escape_is_refused``), non-http ``code_url`` refusal (tests/test_schema.py),
the digest page in Chromium (tests/test_digest.py), and the key kept out of eval run folders
(tests/test_eval_run.py).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from summarizer.evaluation.report import write_reports
from summarizer.run.cache import STORE

from .browser import headless_chrome, needs_browser
from .faultproxy import FaultProxy
from .faults_table import REASK_PROMPT
from .support.abstracts import ABSTRACT, answer
from .support.cli import run_cli
from .support.fake_openai import FakeOpenAI
from .support.limits import time_limit
from .support.runs import GOLD, item, make_run

SECRET = "sk-test-reliability-7f3a9c2e51d0"
KEY_ENV = "RELIABILITY_TEST_KEY"


#: Every run has the key in its environment, under the name ``--api-key-env`` gives.
WITH_KEY = {KEY_ENV: SECRET}


def _files_holding(root: Path, secret: str) -> list[Path]:
    """Every file under root whose bytes hold the secret (sqlite pages and pickles too)."""
    return [p for p in root.rglob("*") if p.is_file() and secret.encode() in p.read_bytes()]


@pytest.fixture
def echoing_endpoint():
    """A scripted endpoint behind the proxy; one item gets a 400 that echoes the key back,
    as some servers do in their "invalid key" messages, one a permanent 500."""
    with FakeOpenAI(default=answer()) as upstream, FaultProxy(upstream.base_url) as proxy:
        proxy.plan("Item01", then="echo")
        proxy.plan("Item02", then="500")
        yield proxy


def test_api_key_is_in_no_file_stream_or_message_of_a_run(tmp_path, echoing_endpoint):
    inputs = tmp_path / "in.jsonl"
    inputs.write_text(
        "".join(
            json.dumps({"id": f"Item{n:02d}", "abstract": f"{ABSTRACT} (Reference Item{n:02d}.)"})
            + "\n"
            for n in range(3)
        )
    )
    (tmp_path / "reask.v1.toml").write_text(REASK_PROMPT)
    common = ["--base-url", echoing_endpoint.base_url, "--model", "fake", "--mode", "json_schema"]
    common += ["--api-key-env", KEY_ENV, "--prompt", "reask.v1.toml"]
    with time_limit(120):
        runs = [
            run_cli(["summarize", "in.jsonl", "-o", "out.jsonl", *common], tmp_path, env=WITH_KEY),
            run_cli(["summarize", "in.jsonl", "-o", "out.csv", *common], tmp_path, env=WITH_KEY),
            # A fatal error with tracebacks switched on: still no key.
            run_cli(
                ["summarize", "in.jsonl", "-o", "x.jsonl", *common, "--schema", "nope.py:Nope"],
                tmp_path,
                env={**WITH_KEY, "SUMMARIZER_DEBUG": "1"},
            ),
            run_cli(["summarize", "--help"], tmp_path, env=WITH_KEY),
            run_cli(["--help"], tmp_path, env=WITH_KEY),
            run_cli(["cache", "stats"], tmp_path, env=WITH_KEY),
            run_cli(
                ["doctor", "--base-url", echoing_endpoint.base_url, "--api-key-env", KEY_ENV],
                tmp_path,
                env=WITH_KEY,
            ),
        ]
    assert [r.returncode for r in runs[:2]] == [3, 3], runs[0].stderr
    out = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    errors = {r["id"]: r["error"] for r in out}
    assert errors["Item00"] is None
    assert errors["Item01"]["type"] == "BackendError" and "HTTP 400" in errors["Item01"]["message"]
    assert "***" in errors["Item01"]["message"]  # the echoed key, masked
    assert errors["Item02"]["type"] == "BackendError"
    for run in runs:
        assert SECRET not in run.stdout and SECRET not in run.stderr, run.args
    assert (tmp_path / "cache" / STORE).is_dir()
    assert _files_holding(tmp_path, SECRET) == []
    # The key did reach the endpoint, so the scan above looked for the right thing.
    assert echoing_endpoint.echoed and all(SECRET in e for e in echoing_endpoint.echoed)


def test_api_key_is_not_logged_even_at_debug_level(tmp_path, caplog, echoing_endpoint, monkeypatch):
    import asyncio

    from summarizer.io.inputs import make_paper
    from summarizer.run.pipeline import Pipeline
    from summarizer.settings.config import Settings

    monkeypatch.setenv(KEY_ENV, SECRET)
    prompt = tmp_path / "reask.v1.toml"
    prompt.write_text(REASK_PROMPT)
    settings = Settings(
        base_url=echoing_endpoint.base_url,
        model="fake",
        mode="json_schema",
        prompt=str(prompt),
        api_key_env=KEY_ENV,
        cache_dir=tmp_path / "cache",
    )

    async def go() -> list[dict]:
        async with Pipeline(settings) as pipeline:
            return [
                await pipeline.summarize(make_paper(f"{ABSTRACT} {m}.", "t", m, None, 20_000))
                for m in ("Item00", "Item01")
            ]

    with caplog.at_level(logging.DEBUG), time_limit(60):
        records = asyncio.run(go())
    assert records[0]["error"] is None and records[1]["error"] is not None
    assert caplog.records  # openai and httpx did log the requests
    assert SECRET not in caplog.text
    assert SECRET not in json.dumps(records)


PAYLOADS = (
    "<script>window.__pwned = 'script'</script>",
    "<img src=x onerror=\"window.__pwned = 'img'\">",
    "<svg onload=\"window.__pwned = 'svg'\"></svg>",
    "<iframe srcdoc=\"<script>parent.__pwned = 'iframe'</script>\"></iframe>",
    "</textarea></style></title><script>window.__pwned = 'breakout'</script>",
)


@needs_browser()
def test_report_html_runs_no_script_from_abstract_or_model_text(tmp_path):
    from selenium.webdriver.common.by import By

    abstract = (
        "We introduce ImbSAM for long-tailed classification on CIFAR-100, reaching 45.82% "
        "accuracy. " + " ".join(PAYLOADS)
    )
    predicted = {
        **GOLD,
        "datasets": ["CIFAR-100"],
        "tldr": PAYLOADS[0] + " ImbSAM helps rare classes.",
        "problem": PAYLOADS[1] + " Rare classes are ignored.",
        "keywords": [PAYLOADS[2], "long-tailed", "sharpness"],
    }
    run = make_run(
        tmp_path / "run",
        [(item(abstract, {**GOLD, "datasets": ["CIFAR-100"]}, title=PAYLOADS[4]), predicted)],
    )
    _, html = write_reports(run)
    page = html.read_text().replace("<details", "<details open")
    opened = tmp_path / "opened.html"
    opened.write_text(page)

    with time_limit(90):
        driver = headless_chrome(tmp_path / "profile")
        try:
            driver.set_page_load_timeout(30)
            driver.get(opened.as_uri())
            # An open alert would make this raise; a payload that ran would set the flag.
            assert driver.execute_script("return window.__pwned === undefined") is True
            assert driver.execute_script("return document.querySelectorAll('script').length") == 0
            for tag in ("img", "svg", "iframe"):
                assert driver.find_elements(By.TAG_NAME, tag) == [], tag
            text = driver.find_element(By.TAG_NAME, "body").text
            for payload in PAYLOADS:
                assert payload in text  # shown to the reader as text, as written
        finally:
            driver.quit()


@pytest.mark.parametrize("prompt_name", ["default", "naive", "candidates"])
def test_template_syntax_in_an_abstract_is_text_not_code(prompt_name):
    from summarizer.io.inputs import make_paper
    from summarizer.prompting.strategy import plan
    from summarizer.prompting.templates import load_prompt
    from summarizer.schemas.paper_summary import PaperSummary

    tricks = (
        "We study {{ 7 * 7 }} and {{ ''.__class__.__mro__ }} "
        "{% for x in range(10) %}loop{% endfor %} {# gone #} on CIFAR-100."
    )
    abstract = f"{ABSTRACT} {tricks}"
    messages = plan(
        make_paper(abstract, "t", None, None, 20_000), load_prompt(prompt_name), PaperSummary
    ).messages
    last = messages[-1]["content"]
    assert tricks in last  # passed through exactly, nothing evaluated
    assert "49" not in last and "looploop" not in last


def test_template_syntax_in_an_abstract_reaches_the_endpoint_unchanged(tmp_path):
    from .support.abstracts import answer
    from .support.pipeline import run, settings_for

    tricks = "We study {{ 7 * 7 }} and {{ abstract }} {% if true %}yes{% endif %} here."
    abstract = f"{ABSTRACT} {tricks}"
    with FakeOpenAI(default=answer()) as server:
        record = run(settings_for(server, tmp_path, prompt="naive-grammar"), abstract=abstract)
    sent = server.requests[0]["messages"][-1]["content"]
    assert sent.endswith(abstract)  # the wire carries the abstract as written
    assert sent.count(ABSTRACT) == 1
    assert record["error"] is None
