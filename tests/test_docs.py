"""The documentation site: every snippet of its pages runs as written, or is listed with the
reason it cannot run here; the site builds with ``mkdocs build --strict``; the library
reference renders from the docstrings; facts that moved out of the README stay true."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench.fast_server import completion
from bench.run import FastServer

from .conftest import link_models
from .support.cli import run_cli
from .support.snippets import (
    REPO,
    Snippet,
    assert_commands_exist,
    doc_pages,
    make_sandbox,
    names_used_but_not_defined,
    output_paths,
    run_snippet,
    snippet_env,
    snippets,
)

SNIPPETS = [s for page in doc_pages() for s in snippets(page)]

GPU = "needs vLLM on a GPU"
MINUTES = "measures for minutes on the bundled model; tests/test_bench_smoke.py runs it small"

#: Snippets that cannot run on a test machine, and why: (page, a piece of the block's text).
NOT_RUN = {
    ("docs/install.md", "make run"): "sets up .venv and runs the whole suite; CI runs make test",
    ("docs/install.md", "make test-fast"): "make targets: each sets up .venv, lints, builds or "
    "measures for minutes; test_every_make_target_named_exists checks they exist",
    ("docs/install.md", "pip install '.[local]'"): "installs packages; tests/test_wheel.py "
    "installs the built wheel into a clean venv",
    ("docs/cli.md", "INPUT..."): "a synopsis: INPUT, OUT and N are placeholders; its options "
    "are checked against --help",
    ("docs/large-runs.md", "vllm serve"): GPU,
    ("docs/large-runs.md", "curl https://api.openai.com"): "the hosted OpenAI Batch upload; "
    "the test writes the output file it would give (write_batch_results)",
    ("docs/large-runs.md", "vllm.entrypoints.openai.run_batch"): GPU,
    ("docs/ray.md", "--ray --ray-actors 8"): "a real Ray cluster; tests/test_ray_cli.py runs "
    "--ray on an instance of its own",
    ("docs/ray.md", "SummarizeBatch"): "run by tests/test_ray_cli.py::"
    "test_the_readme_ray_data_snippet_runs_as_written, on a Ray instance of its own",
    ("docs/ray.md", "vLLMEngineProcessorConfig"): GPU + " inside Ray Data",
    ("docs/model.md", "huggingface-cli download"): "downloads from Hugging Face, which no test "
    "machine reaches; the test links the bundled file in its place",
    ("docs/model.md", "llama-cpp-python[server]"): "installs packages",
    ("docs/performance.md", "make bench"): MINUTES,
    ("docs/performance.md", "build_llama_server.sh"): "builds llama.cpp (9 min on 2 cores) and "
    "measures for 19 min",
    ("docs/bench.md", "make bench                                   # all four"): MINUTES,
    ("docs/bench.md", "python -m bench.llama_server                 # 12 and 20"): "builds "
    "llama.cpp and measures for 19 min",
    ("docs/bench.md", "python -m bench.ray_data"): "starts a Ray instance and measures; "
    "tests/test_ray_cli.py covers --ray",
    ("docs/bench.md", "python -m bench.soak "): "20,000 items for minutes; "
    "tests/test_bench_smoke.py runs it on 200",
    ("docs/bench.md", "python -m bench.ab "): "installs another commit into a venv and "
    "measures for minutes; tests/test_bench_ab.py runs it on a stub command",
    ("docs/bench.md", "python -m bench.decode_levers --n 12 "): "loads the bundled model once "
    "per arm and measures for minutes; tests/test_bench_smoke.py checks its arms",
    ("docs/bench.md", "python bench/decode_steps.py --n 20"): "loads the bundled model twice "
    "and measures three ways of decoding for minutes",
    ("docs/evals-data.md", "paired_scores.py RUN_A RUN_B"): "RUN_A and RUN_B are placeholders "
    "for two runs' folders; tests/test_paired_scores.py runs it on two record files",
    ("docs/evals-data.md", "chooser_probe.py --suite dev"): "loads the bundled model for 10 "
    "minutes; tests/test_chooser_probe.py covers it",
    ("docs/evals-data.md", "bind_probe.py"): "35 minutes on the bundled model; "
    "tests/test_bind_probe.py covers it",
    ("docs/evals-data.md", "bind_turn.py"): "minutes on the bundled model; "
    "tests/test_bind_metrics.py covers the prompt it led to",
    ("docs/evals-data.md", "shared_short_forms.py DUMPS"): "DUMPS stands for the daily arXiv "
    "dumps, outside the repository, and the run rewrites a shipped data file; "
    "tests/test_shared_short_forms.py runs it on dumps of its own",
}

#: Blocks run on the embedded engine (slow), not against the loopback endpoint.
ON_ENGINE = {
    ("docs/cli.md", "summarizer engine start"),
    ("docs/model.md", "summarizer doctor\n"),
    ("docs/model.md", "--model-path models/"),
}

#: Blocks whose last command is documented to exit with another code than 0.
#: The fast server's naive answers fail the summary's checks: exit 3.
EXIT_CODE = {
    ("docs/evaluation.md", "--prompt naive --out runs/naive"): 3,
}

#: What a block's output must show, beyond its exit code.
PRINTS = {
    ("docs/evaluation.md", "check_gold.py"): "0 errors",
    ("docs/library.md", "summarize_many"): "['ImbSAM']",
    ("docs/prompts.md", "summarizer prompts"): "bind.v1",
}


def _match(table, snippet: Snippet):
    hits = [key for key in table if key[0] == snippet.page and key[1] in snippet.code]
    assert len(hits) <= 1, (snippet.id, hits)
    return hits[0] if hits else None


def how(snippet: Snippet) -> str:
    """``endpoint``, ``engine``, or why the block is not run (``listed: ...``)."""
    listed = _match(NOT_RUN, snippet)
    if listed:
        return f"listed: {NOT_RUN[listed]}"
    return "engine" if _match(ON_ENGINE, snippet) else "endpoint"


def test_every_snippet_is_run_or_listed():
    assert SNIPPETS, "the docs have bash and python snippets"
    plans = {s.id: how(s) for s in SNIPPETS}
    assert all(p in ("endpoint", "engine") or p.startswith("listed: ") for p in plans.values())
    for table in (NOT_RUN, ON_ENGINE, EXIT_CODE, PRINTS):
        for page, piece in table:  # every entry names one block that is there
            matching = [s for s in SNIPPETS if s.page == page and piece in s.code]
            assert len(matching) == 1, (page, piece, [s.id for s in matching])
    ran = {s.id for s in SNIPPETS if how(s) in ("endpoint", "engine")}
    assert ran | {s.id for s in SNIPPETS if how(s).startswith("listed")} == set(plans)
    assert {s.page for s in SNIPPETS if s.id in ran} >= {"docs/cli.md", "docs/large-runs.md"}


def test_a_listed_snippet_that_names_its_test_names_one_that_exists():
    for reason in NOT_RUN.values():
        for path, name in re.findall(r"run by (tests/\w+\.py)::(\w+)", reason):
            assert f"def {name}(" in (REPO / path).read_text(), (path, name)


@pytest.mark.parametrize("snippet", SNIPPETS, ids=lambda s: s.id)
def test_every_summarizer_command_in_the_docs_exists(snippet):
    assert_commands_exist(snippet)


@pytest.mark.parametrize(
    "snippet", [s for s in SNIPPETS if s.language == "python"], ids=lambda s: s.id
)
def test_every_python_snippet_defines_what_it_uses(snippet):
    assert names_used_but_not_defined(snippet.code) == set()


def test_every_make_target_named_exists():
    makefile = (REPO / "Makefile").read_text()
    pages = [*doc_pages(), REPO / "README.md"]
    named = {
        target
        for page in pages
        for s in snippets(page, ("bash",))
        for target in re.findall(r"^make ([\w-]+)", s.code, re.M)
    }
    assert {"run", "test", "test-fast", "lint", "docs"} <= named
    for target in named:
        assert re.search(rf"^{re.escape(target)}:", makefile, re.M), target


# --- running them ------------------------------------------------------------------------


def write_batch_results(work: Path) -> None:
    """``results.jsonl`` as the Batch API gives it back for ``requests.jsonl``: each request
    answered by the fast server's answer for its body."""
    lines = []
    for n, line in enumerate((work / "requests.jsonl").read_text().splitlines(), 1):
        request = json.loads(line)
        body = json.loads(completion(request["body"], n))
        response = {"status_code": 200, "request_id": f"req-{n}", "body": body}
        out = {"id": f"batch_req_{n}", "custom_id": request["custom_id"], "response": response}
        lines.append(json.dumps({**out, "error": None}) + "\n")
    (work / "results.jsonl").write_text("".join(lines))


#: What stands in for a step the pages take outside the tool, before the block that needs it.
BEFORE = {("docs/large-runs.md", "batch collect"): write_batch_results}


def _check(snippet: Snippet, work: Path, done: subprocess.CompletedProcess[str]) -> None:
    expected = EXIT_CODE.get(_match(EXIT_CODE, snippet), 0)
    assert done.returncode == expected, (snippet.id, done.stdout[-2000:], done.stderr[-3000:])
    assert "Traceback" not in done.stderr, (snippet.id, done.stderr[-3000:])
    printed = _match(PRINTS, snippet)
    if printed:
        assert PRINTS[printed] in done.stdout + done.stderr, (snippet.id, done.stdout[-2000:])
    for path in output_paths(snippet):
        assert (work / path).exists(), (snippet.id, path)


def run_page(page: str, kind: str, work: Path, env: dict[str, str], base_url: str | None):
    """Run the page's blocks of that kind, in page order, in one sandbox."""
    blocks = [s for s in SNIPPETS if s.page == page and how(s) == kind]
    for snippet in blocks:
        step = _match(BEFORE, snippet)
        if step:
            BEFORE[step](work)
        done = run_snippet(snippet, work, env, base_url, timeout=300 if kind == "engine" else 180)
        _check(snippet, work, done)
    return blocks


ENDPOINT_PAGES = sorted({s.page for s in SNIPPETS if how(s) == "endpoint"})
#: Pages whose blocks take more than a few seconds against the fast server.
SLOW_PAGES = {"docs/endpoints.md", "docs/evaluation.md", "docs/evals-data.md", "docs/large-runs.md"}


@pytest.fixture(scope="module")
def fast_server():
    with FastServer() as server:
        yield server


@pytest.mark.parametrize(
    "page",
    [pytest.param(p, marks=[pytest.mark.slow] if p in SLOW_PAGES else []) for p in ENDPOINT_PAGES],
)
def test_the_snippets_of_a_page_run_against_a_loopback_endpoint(page, fast_server, tmp_path):
    work = make_sandbox(tmp_path)
    env = snippet_env(work, fast_server.base_url)
    assert run_page(page, "endpoint", work, env, fast_server.base_url)


def test_the_engine_snippets_run_as_written(tmp_path, model_store):
    from summarizer.engine.model_file import BUNDLED

    work = make_sandbox(tmp_path)
    link_models(work / "cache", model_store)
    # Stands in for the download the model page shows: the bundled file under Qwen's name.
    (work / "models").mkdir()
    (work / "models" / "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf").symlink_to(
        model_store / BUNDLED.filename
    )
    env = snippet_env(work, None)
    pages = sorted({page for page, _ in ON_ENGINE})
    try:
        assert all(run_page(page, "engine", work, env, None) for page in pages)
    finally:  # a block that failed after `engine start` leaves no engine running
        run_cli(["engine", "stop"], work, env={"HOME": env["HOME"]}, timeout=60)
    records = [json.loads(x) for x in (work / "out" / "qwen-gguf.jsonl").read_text().splitlines()]
    assert len(records) == 2 and all(r["error"] is None for r in records)


# --- the site ----------------------------------------------------------------------------


def _mkdocs(config_dir: Path, site: Path) -> subprocess.CompletedProcess[str]:
    mkdocs = Path(sys.executable).parent / "mkdocs"
    if not mkdocs.exists():
        pytest.skip("mkdocs is not installed here (pip install '.[dev]')")
    return subprocess.run(
        [str(mkdocs), "build", "--strict", "-d", str(site)],
        cwd=config_dir,
        env=snippet_env(config_dir, None),
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


def test_the_site_builds_strict_and_the_reference_renders_from_the_docstrings(tmp_path):
    done = _mkdocs(REPO, tmp_path / "site")
    assert done.returncode == 0, done.stderr[-3000:]
    assert "WARNING" not in done.stderr, done.stderr[-3000:]
    reference = tmp_path / "site" / "reference"
    expected = {
        "index.html": ["summarize_many", "PaperSummary", "SummarizerError", "Settings"],
        "api/index.html": ["asummarize_many", "per distinct abstract, in input order"],
        "errors/index.html": ["OutputValidationError", "RateLimitError", "The one error tree"],
        "paper-summary/index.html": ["PaperSummary", "VerbatimList", "Result"],
        "settings/index.html": ["Settings", "redact_url", "default_cache_dir"],
    }
    for page, names in expected.items():
        html = (reference / page).read_text()
        for name in names:
            assert name in html, (page, name)
    bench = (tmp_path / "site" / "bench" / "index.html").read_text()
    assert "--8&lt;--" not in bench and "client overhead" in bench  # bench/README.md, included


def test_a_broken_link_fails_the_strict_build(tmp_path):
    copy = tmp_path / "checkout"
    copy.mkdir()
    shutil.copy(REPO / "mkdocs.yml", copy)
    shutil.copytree(REPO / "docs", copy / "docs")
    for name in ("summarizer", "bench", "evals"):
        (copy / name).symlink_to(REPO / name, target_is_directory=True)
    page = copy / "docs" / "cli.md"
    page.write_text(page.read_text() + "\nSee [the exit codes](outputs.md#no-such-section).\n")
    done = _mkdocs(copy, tmp_path / "site")
    assert done.returncode != 0
    assert "no-such-section" in done.stderr
