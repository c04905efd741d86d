"""Bad settings refused before any work, and an eval run folder that a new run never breaks.

A flag the run cannot take (a token limit no model writes, an empty model name or cache
folder, a key inside the URL) is one ``Error:`` line and exit 2 before any request or file;
the same value from a ``SUMMARIZER_*`` variable or a ``summarizer.toml`` is exit 1. A rerun of
``summarizer eval`` into an existing run folder keeps the old run whole, loadable by
``eval compare``, until the new run is saved, also when Ctrl-C stops it midway.
"""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from summarizer.errors import ConfigError, UsageError
from summarizer.evaluation.run import load_run, run_suite
from summarizer.settings.config import MAX_TOKENS, Settings
from summarizer.settings.sources import resolve_settings

from .support.abstracts import ABSTRACT, answer
from .support.cli import endpoint_args, run_cli, start_cli
from .support.fake_openai import FakeOpenAI
from .support.limits import time_limit
from .support.pipeline import settings_for

SECRET = "sk-round3-secret"
SECOND = (
    "Tail classes suffer under class imbalance. We propose ImbSAM, a class-aware optimizer, "
    "and test it on CIFAR-100, where tail accuracy improves by 4.8%."
)


def _creds(base_url: str) -> str:
    return base_url.replace("http://", f"http://user:{SECRET}@")


def _summarize_args(tmp_path: Path, base_url: str) -> list[str]:
    inputs = tmp_path / "in.jsonl"
    inputs.write_text(json.dumps({"id": "a", "abstract": ABSTRACT}) + "\n")
    return [
        "summarize",
        str(inputs),
        "-o",
        str(tmp_path / "out.jsonl"),
        *endpoint_args(base_url, mode="json_schema", prompt="naive-grammar"),
    ]


def _one_error_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), stderr
    return lines[0]


BAD_FLAGS = {
    "max-tokens-huge": (["--max-tokens", "99999999999999999999"], "max_tokens"),
    "max-tokens-over-bound": (["--max-tokens", str(MAX_TOKENS + 1)], "max_tokens"),
    "model-empty": (["--model", ""], "model"),
    "model-blank": (["--model", "   "], "model"),
    "cache-dir-empty": (["--cache-dir", ""], "cache_dir"),
    "cache-dir-blank": (["--cache-dir", "  "], "cache_dir"),
    "base-url-credentials": (None, "base_url"),
}


@pytest.mark.parametrize(("flag", "field"), list(BAD_FLAGS.values()), ids=list(BAD_FLAGS))
def test_a_bad_flag_is_one_usage_line_before_any_work(tmp_path, flag, field):
    with time_limit(60), FakeOpenAI(default=answer()) as server:
        args = _summarize_args(tmp_path, server.base_url)
        args += flag if flag is not None else ["--base-url", _creds(server.base_url)]
        result = run_cli(args, tmp_path, env={"XDG_CONFIG_HOME": str(tmp_path / "xdg")})
    assert result.returncode == 2, result.stderr
    line = _one_error_line(result.stderr)
    assert f"{field} from the command line" in line
    assert server.requests == []
    assert not (tmp_path / "out.jsonl").exists()
    assert not (tmp_path / "responses.v2").exists()
    assert SECRET not in result.stderr + result.stdout


def test_a_key_in_the_url_is_refused_with_the_way_to_pass_it(tmp_path):
    with time_limit(60), FakeOpenAI(default=answer()) as server:
        args = _summarize_args(tmp_path, server.base_url)
        result = run_cli([*args, "--base-url", _creds(server.base_url)], tmp_path)
    line = _one_error_line(result.stderr)
    assert "environment variable" in line and "--api-key-env" in line
    assert server.base_url in line  # the endpoint, without the credentials
    assert SECRET not in line


def test_eval_refuses_a_bad_flag_before_reading_the_suite(tmp_path):
    result = run_cli(["eval", str(tmp_path / "missing.jsonl"), "--model", " "], tmp_path)
    assert result.returncode == 2
    assert "model from the command line" in _one_error_line(result.stderr)


BAD_FILES = {
    "model-empty": ('model = ""\n', "model"),
    "model-blank": ('model = "  "\n', "model"),
    "cache-dir-empty": ('cache_dir = ""\n', "cache_dir"),
    "base-url-credentials": (f'base_url = "http://user:{SECRET}@127.0.0.1:9/v1"\n', "base_url"),
}


@pytest.mark.parametrize(("text", "field"), list(BAD_FILES.values()), ids=list(BAD_FILES))
def test_the_same_values_in_a_config_file_are_a_config_error(tmp_path, text, field):
    (tmp_path / "summarizer.toml").write_text(text)
    with pytest.raises(ConfigError) as caught:
        resolve_settings({}, env={"XDG_CONFIG_HOME": str(tmp_path / "xdg")}, cwd=tmp_path)
    assert not isinstance(caught.value, UsageError)
    message = str(caught.value)
    assert message.startswith(f"{field} from {tmp_path / 'summarizer.toml'}: ")
    assert SECRET not in message


def test_a_config_file_error_exits_1_with_one_line(tmp_path):
    (tmp_path / "summarizer.toml").write_text('model = " "\n')
    with time_limit(60), FakeOpenAI(default=answer()) as server:
        args = _summarize_args(tmp_path, server.base_url)
        args.remove("--model")
        args.remove("fake")
        result = run_cli(args, tmp_path, env={"XDG_CONFIG_HOME": str(tmp_path / "xdg")})
    assert result.returncode == 1
    assert "model from " in _one_error_line(result.stderr)
    assert server.requests == [] and not (tmp_path / "out.jsonl").exists()


def test_a_key_in_the_url_from_the_environment_exits_1(tmp_path):
    with time_limit(60), FakeOpenAI(default=answer()) as server:
        args = _summarize_args(tmp_path, server.base_url)
        args.remove("--base-url")
        args.remove(server.base_url)
        env = {"SUMMARIZER_BASE_URL": _creds(server.base_url)}
        result = run_cli(args, tmp_path, env=env)
    assert result.returncode == 1
    line = _one_error_line(result.stderr)
    assert "base_url from env SUMMARIZER_BASE_URL" in line and SECRET not in line
    assert server.requests == []


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"max_tokens": 10**20}, "more than any model writes in one answer"),
        ({"model": ""}, "empty model name"),
        ({"model": "\t"}, "empty model name"),
        ({"cache_dir": ""}, "empty cache folder"),
        ({"base_url": f"http://{SECRET}@127.0.0.1:9/v1"}, "credentials in the URL"),
        ({"base_url": f"https://user:{SECRET}@api.example/v1"}, "credentials in the URL"),
    ],
    ids=["max-tokens", "model-empty", "model-tab", "cache-dir", "token-as-user", "user-key"],
)
def test_the_library_refuses_them_too_and_never_echoes_a_key(values, message):
    with pytest.raises(ValidationError, match=message) as caught:
        Settings(**values)
    (error,) = caught.value.errors()
    assert error["loc"] == tuple(values)  # the field at fault, named
    assert SECRET not in str(caught.value)


def test_good_values_are_kept():
    settings = Settings(
        model=" qwen2.5:7b ",
        max_tokens=MAX_TOKENS,
        cache_dir="~/c",
        base_url="http://127.0.0.1:9/v1?api_key=x",
    )
    assert settings.model == "qwen2.5:7b" and settings.max_tokens == MAX_TOKENS
    assert settings.cache_dir == Path("~/c").expanduser()


# --- eval run folders ----------------------------------------------------------------


@pytest.fixture
def gold(tmp_path: Path) -> Path:
    path = tmp_path / "mini.jsonl"
    lines = [
        json.dumps({"id": f"p{n}", "abstract": text, "title": f"Paper {n}", "gold": answer()})
        for n, text in enumerate([ABSTRACT, SECOND, f"{ABSTRACT} (Second look.)"])
    ]
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.fixture
def old_run(tmp_path: Path, gold: Path) -> Path:
    """A complete run folder, reports included, made by ``summarizer eval --out``."""
    out = tmp_path / "runs" / "mine"
    with time_limit(90), FakeOpenAI(default=answer()) as server:
        result = run_cli(_eval_args(gold, out, server.base_url), tmp_path)
    assert result.returncode == 0, result.stderr
    assert {"report.md", "report.html"} <= {p.name for p in out.iterdir()}
    return out


def _eval_args(gold: Path, out: Path, base_url: str) -> list[str]:
    return [
        "eval",
        str(gold),
        "--out",
        str(out),
        *endpoint_args(base_url, mode="json_schema", prompt="naive-grammar"),
        "--concurrency",
        "1",
        "--no-cache",
    ]


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_ctrl_c_mid_eval_leaves_the_old_run_whole(tmp_path, gold, old_run):
    before = _snapshot(old_run)
    with time_limit(120), FakeOpenAI(default=answer(), hold_after=1) as endpoint:
        child = start_cli(_eval_args(gold, old_run, endpoint.base_url), tmp_path, sigint=True)
        try:
            deadline = time.monotonic() + 60
            while len(endpoint.requests) < 2:  # one answered, the next one held: mid-run
                assert child.poll() is None, child.communicate()
                assert time.monotonic() < deadline, "the run never reached its second request"
                time.sleep(0.05)
            child.send_signal(signal.SIGINT)
            _, stderr = child.communicate(timeout=60)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
    assert child.returncode == 130, stderr
    assert _snapshot(old_run) == before
    assert load_run(old_run).info["n_items"] == 3
    compared = run_cli(["eval", "compare", str(old_run), str(old_run)], tmp_path)
    assert compared.returncode == 0, compared.stderr
    assert sorted(p.name for p in old_run.parent.iterdir()) == ["mine"]  # nothing left over


class Stop(Exception):
    pass


def test_a_failing_run_in_process_leaves_the_old_run_whole(tmp_path, gold, old_run):
    before = _snapshot(old_run)
    seen: list[str] = []

    def stop_after_one(record: dict[str, Any]) -> None:
        seen.append(record["id"])
        raise Stop

    with time_limit(60), FakeOpenAI(default=answer()) as server:
        settings = settings_for(server, tmp_path, use_cache=False, concurrency=1)
        with pytest.raises(Stop):
            run_suite(str(gold), settings, out=old_run, on_record=stop_after_one)
    assert seen and _snapshot(old_run) == before
    assert sorted(p.name for p in old_run.parent.iterdir()) == ["mine"]


def test_a_finished_rerun_replaces_the_run_and_keeps_other_files(tmp_path, gold, old_run):
    (old_run / "notes.txt").write_text("mine\n")
    created = json.loads((old_run / "run.json").read_text())["created"]
    time.sleep(1.1)  # run.json's "created" has whole seconds
    with time_limit(60), FakeOpenAI(default=answer()) as server:
        settings = settings_for(server, tmp_path, use_cache=False)
        run = run_suite(str(gold), settings, out=old_run)
    assert run.path == old_run and run.info["name"] == "mine"
    again = load_run(old_run)
    assert again.info["created"] == run.info["created"] != created
    assert (old_run / "notes.txt").read_text() == "mine\n"
    # The old run's reports went with it; the CLI writes the new run's next.
    assert sorted(p.name for p in old_run.iterdir()) == [
        "notes.txt",
        "predictions.jsonl",
        "run.json",
        "scores.jsonl",
    ]
    assert sorted(p.name for p in old_run.parent.iterdir()) == ["mine"]


def test_an_interrupted_default_run_leaves_no_folder(tmp_path, gold):
    def stop(record: dict[str, Any]) -> None:
        raise Stop

    runs = tmp_path / "runs"
    with time_limit(60), FakeOpenAI(default=answer()) as server:
        settings = settings_for(server, tmp_path)
        with pytest.raises(Stop):
            run_suite(str(gold), settings, runs_dir=runs, on_record=stop)
        assert list(runs.iterdir()) == []
        run = run_suite(str(gold), settings, runs_dir=runs)
    assert [p.name for p in runs.iterdir()] == [run.path.name]
    assert load_run(run.path).info["n_items"] == 3
