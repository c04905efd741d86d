"""The embedded engine's decoding options: the grammar they build, and how they are keyed.

The whitespace rule is checked on the grammar text llama-cpp-python's converter builds for
every schema the prompts use; the keying on the cache key, the run identity, a resume and a
merge; the launch on the server's environment and, with the real engine, on an answer.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import re
from pathlib import Path

import httpx
import pytest

from summarizer.engine import decoding
from summarizer.engine.decoding import Decoding
from summarizer.errors import ConfigError, UsageError
from summarizer.io.inputs import make_paper
from summarizer.io.output import RecordWriter
from summarizer.io.sharding import merge_outputs
from summarizer.run.cache import ResultCache
from summarizer.run.pipeline import Pipeline, run_identity
from summarizer.settings.config import Settings

from .conftest import link_models
from .support.abstracts import ABSTRACT, answer
from .support.limits import time_limit
from .support.pipeline import embedded_run
from .support.records import IDENTITY, output_record

needs_llama = pytest.mark.skipif(
    importlib.util.find_spec("llama_cpp") is None, reason="llama-cpp-python not installed"
)


@pytest.fixture
def whitespace(monkeypatch: pytest.MonkeyPatch):
    """Sets ``SUMMARIZER_ENGINE_DECODING``; restores llama-cpp-python's rule afterwards."""

    def choose(value: str) -> None:
        monkeypatch.setenv(decoding.VARIABLE, f"whitespace={value}")

    monkeypatch.delenv(decoding.VARIABLE, raising=False)
    if importlib.util.find_spec("llama_cpp") is not None:
        from llama_cpp import llama_grammar

        monkeypatch.setattr(llama_grammar, "SPACE_RULE", llama_grammar.SPACE_RULE)
    return choose


# --- the options ----------------------------------------------------------------------------


def test_the_default_is_the_stock_rule_and_the_variable_chooses_none(whitespace):
    assert decoding.current() == Decoding(whitespace="free")
    whitespace("none")
    assert decoding.current() == Decoding(whitespace="none")
    assert Decoding.parse(decoding.current().text) == decoding.current()


@pytest.mark.parametrize(
    "text", ["whitespace=tabs", "jump=on", "whitespace"], ids=["value", "name", "no-equals"]
)
def test_an_unknown_option_is_a_config_error_that_names_the_variable(
    monkeypatch: pytest.MonkeyPatch, text: str
):
    monkeypatch.setenv(decoding.VARIABLE, text)
    with pytest.raises(ConfigError, match=decoding.VARIABLE):
        decoding.current()


# --- the grammar ----------------------------------------------------------------------------


def _schemas() -> dict[str, dict]:
    """The JSON Schemas the engine is sent: every prompt's answer model."""
    from summarizer.prompting.strategy import plan
    from summarizer.prompting.templates import load_prompt
    from summarizer.schemas.registry import load_schema

    paper = make_paper(ABSTRACT, "test", None, None, 20_000)
    model = load_schema("paper_summary.v1").model
    names = sorted(p.stem.split(".")[0] for p in Path("prompts").glob("*.toml")) or ["default"]
    return {n: plan(paper, load_prompt(n), model).response_model.model_json_schema() for n in names}


@needs_llama
@pytest.mark.parametrize("name", list(_schemas()))
def test_the_grammar_of_every_prompt_admits_whitespace_only_inside_strings(whitespace, name):
    from llama_cpp import llama_grammar

    schema = json.dumps(_schemas()[name])
    decoding.install(Decoding(whitespace="free"))
    stock = llama_grammar.json_schema_to_gbnf(schema)
    decoding.install(Decoding(whitespace="none"))
    compact = llama_grammar.json_schema_to_gbnf(schema)
    rules = dict(line.split(" ::= ", 1) for line in compact.splitlines() if " ::= " in line)
    assert rules["space"] == '""'
    assert 'space ::= " "?' in stock
    # Only the space rule differs: the rest of the grammar is the converter's own.
    assert [ln for ln in stock.splitlines() if not ln.startswith("space ::=")] == [
        ln for ln in compact.splitlines() if not ln.startswith("space ::=")
    ]


# --- keyed ----------------------------------------------------------------------------------


def _key(cache: Path) -> str:
    pipeline = Pipeline(Settings(cache_dir=cache, prompt="naive-grammar"))
    try:
        return pipeline._key(make_paper(ABSTRACT, "test", None, None, 20_000))
    finally:
        asyncio.run(pipeline.aclose())


def test_a_record_made_with_free_whitespace_is_not_served_to_a_run_without(tmp_path, whitespace):
    cache = tmp_path / "cache"
    whitespace("free")
    stored = ResultCache(cache)
    meta = {"prompt_hash": "p", "decoding": Decoding(whitespace="free").text}
    stored.set(_key(cache), {"summary": answer(), "spans": {}, "meta": meta})
    stored.close()
    hit = embedded_run(cache)
    assert hit["meta"]["cached"] is True and hit["summary"] == answer()

    whitespace("none")
    missed = embedded_run(cache)  # a miss: the run would start an engine of its own
    assert missed["summary"] is None
    assert "private engine started" in missed["error"]["message"]


def test_an_embedded_run_names_its_decoding_and_an_endpoint_run_does_not(tmp_path, whitespace):
    embedded = run_identity(Settings(cache_dir=tmp_path))
    assert embedded["decoding"] == "whitespace=free"
    endpoint = run_identity(Settings(cache_dir=tmp_path, base_url="http://127.0.0.1:9/v1"))
    assert endpoint["decoding"] is None
    whitespace("none")
    assert run_identity(Settings(cache_dir=tmp_path))["decoding"] == "whitespace=none"


def test_a_resume_refuses_records_made_with_the_other_whitespace_rule(tmp_path: Path):
    out = tmp_path / "out.jsonl"
    writer = RecordWriter(out, identity=IDENTITY | {"decoding": "whitespace=free"})
    writer.write(output_record("a", decoding="whitespace=free"))
    writer.close()
    with pytest.raises(UsageError, match="another decoding 'whitespace=free'"):
        RecordWriter(out, identity=IDENTITY | {"decoding": "whitespace=none"})
    RecordWriter(out, identity=IDENTITY | {"decoding": "whitespace=free"}).close()


def test_a_merge_refuses_shards_made_with_both_whitespace_rules(tmp_path: Path):
    shards = []
    for n, rule in enumerate(("free", "none")):
        shard = tmp_path / f"shard{n}.jsonl"
        record = output_record(f"p{n}", decoding=f"whitespace={rule}")
        shard.write_text(json.dumps(record) + "\n", encoding="utf-8")
        shards.append(shard)
    with pytest.raises(UsageError, match="another decoding"):
        merge_outputs(tmp_path / "merged.jsonl", shards)


# --- the launch -----------------------------------------------------------------------------


def test_the_server_is_given_the_options_of_the_run(tmp_path, whitespace):
    from summarizer.engine.server import BOOTSTRAP, Server

    whitespace("free")
    assert Server(tmp_path / "m.gguf", "m", 4096, 2, tmp_path).decoding == decoding.current()
    server = Server(tmp_path / "m.gguf", "m", 4096, 2, tmp_path, decoding=Decoding("none"))
    assert server.environment()[decoding.VARIABLE] == "whitespace=none"
    assert "decoding.install(decoding.current())" in BOOTSTRAP


@needs_llama
@pytest.mark.engine
def test_the_engine_answers_compact_json(engine_dir: Path, whitespace):
    from summarizer.engine.local import LocalEngine

    whitespace("none")
    short = {"type": "string", "maxLength": 12}
    schema = {
        "type": "object",
        "properties": {
            "a": short,
            "b": {"type": "array", "items": short, "minItems": 2, "maxItems": 2},
        },
        "required": ["a", "b"],
    }
    with time_limit(120), LocalEngine(engine_dir, startup_timeout=60) as engine:
        response = httpx.post(
            f"{engine.base_url}/chat/completions",
            json={
                "model": engine.model,
                "messages": [{"role": "user", "content": f"Summarize as JSON: {ABSTRACT}"}],
                "max_tokens": 60,
                "temperature": 0,
                "response_format": {"type": "json_object", "schema": schema},
            },
            timeout=100,
            trust_env=False,
        )
    text = response.json()["choices"][0]["message"]["content"]
    outside_strings = re.sub(r'"(?:[^"\\]|\\.)*"', '""', text)
    assert outside_strings == '{"":"","":["",""]}', text
    assert "summarizer: decoding whitespace=none" in (engine_dir / "engine.log").read_text()


@pytest.fixture
def engine_dir(tmp_path: Path, model_store: Path) -> Path:
    return link_models(tmp_path / "engine", model_store)


def test_an_engine_record_that_names_no_options_is_one_of_the_defaults():
    from summarizer.engine.local import _parse_state

    from .support.engine_state import engine_record

    info = _parse_state(json.dumps(engine_record()).encode())
    assert info.decoding == Decoding().text
