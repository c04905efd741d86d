"""Layered settings: flags > SUMMARIZER_* env > ./summarizer.toml > user config > defaults."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from summarizer.errors import ConfigError
from summarizer.settings_sources import resolve_settings

NONE = {
    "base_url": None,
    "model": None,
    "prompt": None,
    "concurrency": None,
    "cache_dir": None,
    "timeout": None,
    "api_key_env": None,
}


@pytest.fixture
def dirs(tmp_path):
    """A working directory and a user config directory, both empty; no SUMMARIZER_* variables."""
    cwd, xdg = tmp_path / "work", tmp_path / "xdg"
    cwd.mkdir()
    (xdg / "summarizer").mkdir(parents=True)
    return cwd, xdg


def resolve(dirs, flags=None, **env):
    cwd, xdg = dirs
    return resolve_settings(
        {**NONE, **(flags or {})}, env={"XDG_CONFIG_HOME": str(xdg), **env}, cwd=cwd
    )


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults(dirs):
    settings, sources = resolve(dirs)
    assert settings.base_url is None and settings.prompt == "default" and settings.timeout == 120.0
    assert settings.concurrency == 1  # the embedded engine serves one request at a time
    assert set(sources.values()) == {"default"}


def test_each_layer_wins_over_the_ones_below(dirs):
    cwd, xdg = dirs
    user = write(
        xdg / "summarizer" / "summarizer.toml",
        'base_url = "http://user:1/v1"\nmodel = "user-model"\nprompt = "user"\ntimeout = 5\n',
    )
    local = write(
        cwd / "summarizer.toml", 'model = "local-model"\nprompt = "local"\nconcurrency = 3\n'
    )
    settings, sources = resolve(
        dirs, {"prompt": "flag-prompt"}, SUMMARIZER_MODEL="env-model", SUMMARIZER_TIMEOUT="7.5"
    )
    assert settings.prompt == "flag-prompt" and sources["prompt"] == "flag"
    assert settings.model == "env-model" and sources["model"] == "env SUMMARIZER_MODEL"
    assert settings.timeout == 7.5 and sources["timeout"] == "env SUMMARIZER_TIMEOUT"
    assert settings.concurrency == 3 and sources["concurrency"] == str(local)
    assert settings.base_url == "http://user:1/v1" and sources["base_url"] == str(user)
    assert sources["api_key_env"] == "default"


def test_endpoint_from_a_file_gets_the_endpoint_concurrency(dirs):
    write(dirs[0] / "summarizer.toml", 'base_url = "http://127.0.0.1:8080/v1"\n')
    settings, sources = resolve(dirs)
    assert settings.concurrency == 4 and sources["concurrency"] == "default"


def test_cache_dir_in_a_file_is_relative_to_the_file(dirs):
    cwd, xdg = dirs
    write(xdg / "summarizer" / "summarizer.toml", 'cache_dir = "cache"\n')
    settings, _ = resolve(dirs)
    assert settings.cache_dir == (xdg / "summarizer" / "cache").resolve()
    settings, sources = resolve(dirs, SUMMARIZER_CACHE_DIR="~/elsewhere")
    assert settings.cache_dir == Path("~/elsewhere").expanduser()
    assert sources["cache_dir"] == "env SUMMARIZER_CACHE_DIR"


def test_flags_outside_the_layers_pass_through(dirs):
    settings, sources = resolve(dirs, {"mode": "json", "max_tokens": 256})
    assert settings.mode == "json" and settings.max_tokens == 256 and sources["mode"] == "flag"
    with pytest.raises(TypeError, match="not settings: colour"):
        resolve_settings({"colour": "red"}, env={}, cwd=dirs[0])


@pytest.mark.parametrize(
    "text, message",
    [
        pytest.param('modle = "x"\n', "unknown key 'modle'", id="unknown-key"),
        pytest.param(
            'api_key = "sk-secret"\n', "'api_key' is not a setting; API keys stay out", id="api-key"
        ),
        pytest.param("[server]\nbase_url = 'x'\n", "unknown key 'server'", id="table"),
        pytest.param('model = ["a"]\n', "'model' must be a single value", id="list"),
        pytest.param("model = \n", "is not valid TOML", id="bad-toml"),
        pytest.param("concurrency = 0\n", "concurrency from", id="bad-value"),
    ],
)
def test_file_errors_name_the_file_and_key(dirs, text, message):
    path = write(dirs[0] / "summarizer.toml", text)
    with pytest.raises(ConfigError, match=message) as info:
        resolve(dirs)
    assert str(path) in str(info.value)
    assert "sk-secret" not in str(info.value)


def test_bad_environment_value_names_the_variable(dirs):
    with pytest.raises(ConfigError, match="concurrency from env SUMMARIZER_CONCURRENCY"):
        resolve(dirs, SUMMARIZER_CONCURRENCY="many")


def test_the_api_key_is_never_read(dirs, monkeypatch):
    monkeypatch.setenv("MY_KEY", "sk-do-not-touch")
    settings, sources = resolve(dirs, SUMMARIZER_API_KEY_ENV="MY_KEY")
    assert (
        settings.api_key_env == "MY_KEY" and sources["api_key_env"] == "env SUMMARIZER_API_KEY_ENV"
    )
    assert "sk-do-not-touch" not in repr(settings) + repr(sources)


def _cli(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    code = "import sys; sys.argv[0] = 'summarizer'; from summarizer.cli import main; main()"
    full = {k: v for k, v in os.environ.items() if not k.startswith("SUMMARIZER_")}
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**full, "COLUMNS": "200", **env},
        timeout=60,
        check=False,
    )


def test_config_show_command(dirs):
    cwd, xdg = dirs
    write(cwd / "summarizer.toml", 'model = "local-model"\nconcurrency = 2\n')
    result = _cli(
        ["config", "show", "--json", "--prompt", "mine"],
        cwd,
        XDG_CONFIG_HOME=str(xdg),
        SUMMARIZER_TIMEOUT="9",
        MY_KEY="sk-secret-value",
        SUMMARIZER_API_KEY_ENV="MY_KEY",
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["prompt"] == {"value": "mine", "source": "flag"}
    assert data["timeout"] == {"value": 9.0, "source": "env SUMMARIZER_TIMEOUT"}
    assert data["model"] == {"value": "local-model", "source": str(cwd / "summarizer.toml")}
    assert data["concurrency"]["value"] == 2
    assert data["api_key_env"] == {
        "value": "MY_KEY",
        "source": "env SUMMARIZER_API_KEY_ENV",
        "set": True,
    }
    table = _cli(
        ["config", "show"],
        cwd,
        XDG_CONFIG_HOME=str(xdg),
        MY_KEY="sk-secret-value",
        SUMMARIZER_API_KEY_ENV="MY_KEY",
    )
    assert (
        table.returncode == 0 and "local-model" in table.stdout and "MY_KEY  (set)" in table.stdout
    )
    assert "sk-secret-value" not in result.stdout + table.stdout + table.stderr


def test_config_show_bad_file_is_one_error_line(dirs):
    cwd, xdg = dirs
    write(cwd / "summarizer.toml", 'colour = "red"\n')
    result = _cli(["config", "show"], cwd, XDG_CONFIG_HOME=str(xdg))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("Error: ") and "unknown key 'colour'" in result.stderr


def test_cache_and_engine_commands_use_the_configured_cache_dir(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from summarizer.cli import app

    configured = tmp_path / "from-toml"
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SUMMARIZER_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    (tmp_path / "summarizer.toml").write_text(f'cache_dir = "{configured}"\n')
    result = CliRunner().invoke(app, ["cache", "stats"])
    assert result.exit_code == 0, result.output
    assert str(configured / "responses") in result.output
    result = CliRunner().invoke(app, ["engine", "status"])
    assert "no engine running" in result.output
