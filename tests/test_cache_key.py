"""The cache key is known before planning: a cached rerun plans nothing, code changes miss.

The code part of the key is checked file by file over a copy of the package: changing any
keyed file (every source and data file of the rules, prompting, schemas, pipeline and
backends) changes it, and changing the CLI or a view does not.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path

import pytest

from summarizer.io.inputs import make_paper
from summarizer.run import codehash
from summarizer.run import pipeline as pipeline_module
from summarizer.run.codehash import ENGINE, PACKAGE_ROOT, UNKEYED, keyed_files, tree_hash
from summarizer.run.pipeline import Pipeline
from summarizer.settings.config import Settings

from .support.abstracts import ABSTRACT, answer
from .support.fake_openai import FakeOpenAI
from .support.pipeline import run, settings_for


def test_cached_rerun_does_not_plan(tmp_path, monkeypatch):
    reply = {
        "tldr": "A class-aware optimizer helps tail classes.",
        "problem": "Tail classes are recognized poorly.",
    }
    with FakeOpenAI(default=reply) as server:
        settings = settings_for(server, tmp_path, prompt="default", mode="json_object_schema")
        first = run(settings)

        def no_plan(*args, **kwargs):
            raise AssertionError("a cache hit must not plan")

        monkeypatch.setattr(pipeline_module, "plan", no_plan)
        second = run(settings)
    assert first["error"] is None
    assert second["meta"]["cached"] is True
    assert second["summary"] == first["summary"]
    assert second["meta"]["prompt_hash"] == first["meta"]["prompt_hash"]
    assert len(server.requests) == 1


def run_titled(settings, title):
    async def go():
        async with Pipeline(settings) as pipeline:
            return await pipeline.summarize(make_paper(ABSTRACT, "test", None, title, 20_000))

    return asyncio.run(go())


@pytest.mark.parametrize("change", ["code", "title"])
def test_a_code_or_title_change_misses_the_cache(tmp_path, monkeypatch, change):
    with FakeOpenAI(default=answer()) as server:
        settings = settings_for(server, tmp_path)
        run(settings)
        if change == "code":
            monkeypatch.setattr(pipeline_module, "code_hash", lambda **_: "changed")
            run(settings)
        else:
            run_titled(settings, "A title")
    assert len(server.requests) == 2


# --- the code hash, file by file --------------------------------------------------------------

ALL_FILES = codehash._walk(PACKAGE_ROOT)
KEYED = [name for name, _ in keyed_files(engine=True)]
UNKEYED_FILES = [name for name, _ in ALL_FILES if codehash._matches(name, UNKEYED)]


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package (and of the exported schemas beside it, as in a checkout)."""
    root = tmp_path_factory.mktemp("tree")
    shutil.copytree(PACKAGE_ROOT, root / "summarizer", ignore=shutil.ignore_patterns("__pycache__"))
    schemas = codehash.schema_dir()
    assert schemas is not None, "the exported schema JSON files are part of the key"
    shutil.copytree(schemas, root / "schemas")
    return root / "summarizer"


def _copy_of(tree: Path, name: str) -> Path:
    prefix = "_bundled/schemas/"
    if name.startswith(prefix) and not (tree / name).exists():
        return tree.parent / "schemas" / name[len(prefix) :]
    return tree / name


def _changed(tree: Path, name: str, engine: bool) -> bool:
    path = _copy_of(tree, name)
    before = tree_hash(tree, engine=engine)
    original = path.read_bytes()
    try:
        path.write_bytes(original + b"\n")
        return tree_hash(tree, engine=engine) != before
    finally:
        path.write_bytes(original)


@pytest.mark.parametrize("name", KEYED)
def test_changing_any_keyed_file_changes_the_key(tree: Path, name: str) -> None:
    assert _changed(tree, name, engine=True)
    # The local engine's own code counts for embedded runs only.
    assert _changed(tree, name, engine=False) is (name not in ENGINE)


@pytest.mark.parametrize("name", UNKEYED_FILES)
def test_changing_the_cli_or_a_view_keeps_the_key(tree: Path, name: str) -> None:
    assert not _changed(tree, name, engine=True)


@pytest.mark.parametrize(
    "name",
    [
        "rules/numbers.py",  # find_numbers: the one the stale-cache report named
        "rules/names.py",
        "rules/dataset_lists.py",
        "backends/openai_compat.py",
        "backends/direct.py",
        "rules/cues.py",
        "schemas/grounding.py",
        "rules/known_datasets.py",
        "rules/labels.py",
        "run/pipeline.py",
        "prompting/templates.py",
        "schemas/paper_summary.py",
        "schemas/registry.py",
        "prompting/strategy.py",
        "text.py",
        "_bundled/schemas/paper_summary.v1.json",
    ],
)
def test_the_rules_prompting_schemas_pipeline_and_backends_are_keyed(name: str) -> None:
    assert name in KEYED


@pytest.mark.parametrize(
    "name",
    ["cli/app.py", "views/show.py", "views/digest.py", "checks/doctor.py", "evaluation/report.py"],
)
def test_the_cli_and_the_views_are_not_keyed(name: str) -> None:
    assert name in UNKEYED_FILES and name not in KEYED


def test_a_new_file_is_keyed_unless_it_is_in_an_unkeyed_folder(tree: Path) -> None:
    before = tree_hash(tree)
    rules = tree / "rules" / "new_rules.txt"  # a data file a rule would read
    view = tree / "evaluation" / "new_view.py"
    try:
        view.write_text("x = 1\n")
        assert tree_hash(tree) == before
        rules.write_text("a pattern\n")
        assert tree_hash(tree) != before
    finally:
        rules.unlink(missing_ok=True)
        view.unlink(missing_ok=True)


def test_moving_a_file_changes_the_key(tree: Path) -> None:
    before = tree_hash(tree)
    source, moved = tree / "rules" / "urls.py", tree / "rules" / "urls2.py"
    source.rename(moved)
    try:
        assert tree_hash(tree) != before
    finally:
        moved.rename(source)


def test_a_stale_find_numbers_misses_the_cache(tmp_path, monkeypatch):
    """The reported probe: find_numbers changed, yet 20 of 20 records came from the cache."""
    with FakeOpenAI(default=answer()) as server:
        settings = settings_for(server, tmp_path)
        run(settings)
        numbers = PACKAGE_ROOT / "rules" / "numbers.py"
        real_read = Path.read_bytes

        def edited(path: Path) -> bytes:
            data = real_read(path)
            return data + b"\n# edited\n" if path == numbers else data

        monkeypatch.setattr(Path, "read_bytes", edited)
        codehash.code_hash.cache_clear()
        try:
            second = run(settings)
        finally:
            monkeypatch.undo()
            codehash.code_hash.cache_clear()
    assert second["meta"]["cached"] is False
    assert len(server.requests) == 2


# --- the embedded engine's part of the key ----------------------------------------------------


def _gguf(path: Path, body: bytes = b"weights") -> Path:
    path.write_bytes(b"GGUF" + body)
    return path


def _embedded_key(tmp_path: Path, **settings) -> str:
    pipeline = Pipeline(Settings(cache_dir=tmp_path / "cache", **settings))
    try:
        return pipeline._key(make_paper(ABSTRACT, "test", None, None, 20_000))
    finally:
        asyncio.run(pipeline.aclose())


def test_embedded_key_names_the_model_by_its_bytes_not_its_name(tmp_path: Path) -> None:
    model = _gguf(tmp_path / "model.gguf")
    key = _embedded_key(tmp_path, model_path=model)
    renamed = tmp_path / "renamed.gguf"
    shutil.copy2(model, renamed)
    assert _embedded_key(tmp_path, model_path=renamed) == key  # same bytes, other name

    _gguf(model, b"other weights")  # same name, other bytes
    assert _embedded_key(tmp_path, model_path=model) != key
    assert _embedded_key(tmp_path) not in (key, _embedded_key(tmp_path, model_path=model))


def test_embedded_key_follows_the_engine_version_and_context(tmp_path, monkeypatch) -> None:
    key = _embedded_key(tmp_path)
    assert _embedded_key(tmp_path, n_ctx=2048) != key
    monkeypatch.setattr(codehash, "engine_version", lambda: "llama-cpp-python 9.9.9")
    assert _embedded_key(tmp_path) != key


def test_embedded_key_includes_the_engine_code_and_an_endpoint_key_does_not(
    tmp_path, monkeypatch
) -> None:
    seen = []
    real = codehash.code_hash

    def spy(engine: bool = False) -> str:
        seen.append(engine)
        return real(engine=engine)

    monkeypatch.setattr(pipeline_module, "code_hash", spy)
    _embedded_key(tmp_path)
    _embedded_key(tmp_path, base_url="http://127.0.0.1:9/v1")
    assert seen == [True, False]


def test_a_model_file_is_hashed_once_while_it_is_unchanged(tmp_path, monkeypatch) -> None:
    from summarizer.engine import model_file

    model = _gguf(tmp_path / "model.gguf")
    calls = []
    real = model_file._sha256_file

    def counting(path: Path) -> str:
        calls.append(path)
        return real(path)

    monkeypatch.setattr(model_file, "_sha256_file", counting)
    cache = tmp_path / "cache"
    first = model_file.model_sha256(model, cache)
    assert model_file.model_sha256(model, cache) == first  # remembered across calls
    assert len(calls) == 1
    _gguf(model, b"rewritten")
    os.utime(model, ns=(1, 1))  # whatever the clock did, the file is not what was hashed
    assert model_file.model_sha256(model, cache) != first
    assert len(calls) == 2
    (cache / "models" / "sha256.json").write_text("{not json")  # a damaged memo: rehash
    assert model_file.model_sha256(model, cache) == real(model)


def test_a_user_schema_file_is_part_of_the_key(tmp_path: Path) -> None:
    schema = tmp_path / "my_schema.py"
    source = (
        "from pydantic import BaseModel, field_validator\n"
        "class Summary(BaseModel):\n"
        "    tldr: str\n"
        "    @field_validator('tldr')\n"
        "    @classmethod\n"
        "    def check(cls, v):\n"
        "        return v{}\n"
    )
    schema.write_text(source.format(""))
    with FakeOpenAI(default={"tldr": "x"}) as server:
        first = Pipeline(settings_for(server, tmp_path, schema_ref=f"{schema}:Summary"))
        key = first._key(make_paper(ABSTRACT, "test", None, None, 20_000))
        schema.write_text(source.format(".strip()"))  # a validator changes, the fields do not
        second = Pipeline(settings_for(server, tmp_path, schema_ref=f"{schema}:Summary"))
        assert second._key(make_paper(ABSTRACT, "test", None, None, 20_000)) != key
        asyncio.run(first.aclose())
        asyncio.run(second.aclose())
