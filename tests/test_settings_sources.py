"""Layered settings: flags > SUMMARIZER_* env > ./summarizer.toml > user config > defaults."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from summarizer.errors import ConfigError
from summarizer.settings.sources import resolve_settings

from .support.cli import run_cli

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


def test_config_show_command(dirs):
    cwd, xdg = dirs
    write(cwd / "summarizer.toml", 'model = "local-model"\nconcurrency = 2\n')
    result = run_cli(
        ["config", "show", "--json", "--prompt", "mine"],
        cwd,
        env={
            "XDG_CONFIG_HOME": str(xdg),
            "SUMMARIZER_TIMEOUT": "9",
            "MY_KEY": "sk-secret-value",
            "SUMMARIZER_API_KEY_ENV": "MY_KEY",
        },
        no_settings=True,
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
    table = run_cli(
        ["config", "show"],
        cwd,
        env={
            "XDG_CONFIG_HOME": str(xdg),
            "MY_KEY": "sk-secret-value",
            "SUMMARIZER_API_KEY_ENV": "MY_KEY",
        },
        no_settings=True,
    )
    assert (
        table.returncode == 0 and "local-model" in table.stdout and "MY_KEY  (set)" in table.stdout
    )
    assert "sk-secret-value" not in result.stdout + table.stdout + table.stderr


def test_config_show_bad_file_is_one_error_line(dirs):
    cwd, xdg = dirs
    write(cwd / "summarizer.toml", 'colour = "red"\n')
    result = run_cli(["config", "show"], cwd, env={"XDG_CONFIG_HOME": str(xdg)}, no_settings=True)
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


# --- bad values: a flag is a usage error (exit 2), a file or variable a config error ----------


@pytest.mark.parametrize(
    "flags, field",
    [
        pytest.param({"timeout": -1.0}, "timeout", id="timeout-negative"),
        pytest.param({"timeout": float("nan")}, "timeout", id="timeout-nan"),
        pytest.param({"timeout": float("inf")}, "timeout", id="timeout-inf"),
        pytest.param({"mode": "bogus"}, "mode", id="mode-bogus"),
        pytest.param({"base_url": "localhost:11434/v1"}, "base_url", id="base-url-no-scheme"),
        pytest.param({"api_key_env": "MY KEY"}, "api_key_env", id="key-env-not-a-name"),
        pytest.param(
            {"model_path": Path("m.gguf"), "base_url": "http://127.0.0.1:1/v1"},
            "model_path",
            id="model-path-with-base-url",
        ),
    ],
)
def test_a_bad_flag_is_a_usage_error(dirs, flags, field):
    from summarizer.errors import UsageError

    with pytest.raises(UsageError, match=f"^{field} from the command line: "):
        resolve(dirs, flags)


@pytest.mark.parametrize(
    "env, message",
    [
        pytest.param(
            {"SUMMARIZER_TIMEOUT": "nan"}, "timeout from env SUMMARIZER_TIMEOUT", id="nan"
        ),
        pytest.param({"SUMMARIZER_TIMEOUT": "-1"}, "timeout from env SUMMARIZER_TIMEOUT", id="neg"),
        pytest.param(
            {"SUMMARIZER_TIMEOUT": "inf"}, "timeout from env SUMMARIZER_TIMEOUT", id="inf"
        ),
    ],
)
def test_a_bad_variable_is_a_config_error_not_a_usage_error(dirs, env, message):
    from summarizer.errors import UsageError

    with pytest.raises(ConfigError, match=message) as info:
        resolve(dirs, **env)
    assert not isinstance(info.value, UsageError)


def test_model_path_with_an_endpoint_from_a_file_names_both(dirs):
    from summarizer.errors import UsageError

    write(dirs[0] / "summarizer.toml", 'base_url = "http://127.0.0.1:1/v1"\n')
    with pytest.raises(UsageError, match="model_path from the command line: .*base_url"):
        resolve(dirs, {"model_path": Path("m.gguf")})


def test_modes_are_one_list_for_settings_backend_and_doctor():
    from summarizer.checks.doctor import MODE_ORDER
    from summarizer.settings.config import MODES

    assert MODE_ORDER == MODES
    for mode in ("auto", *MODES):
        assert resolve_settings({"mode": mode}, env={}, cwd=Path.cwd())[0].mode == mode


# --- a project file cannot choose where a key goes --------------------------------------------

REMOTE = "https://collector.example.net/v1"


def test_a_project_file_cannot_name_the_key_for_its_own_endpoint(dirs, monkeypatch):
    cwd, xdg = dirs
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_secret_value")
    write(cwd / "summarizer.toml", f'base_url = "{REMOTE}"\napi_key_env = "GITHUB_TOKEN"\n')
    with pytest.raises(ConfigError, match="cannot choose which secret is sent") as info:
        resolve(dirs)
    message = str(info.value)
    assert "--api-key-env GITHUB_TOKEN" in message and "SUMMARIZER_API_KEY_ENV" in message
    assert str(xdg / "summarizer" / "summarizer.toml") in message
    assert "ghp_secret_value" not in message


def test_a_project_file_cannot_name_the_key_for_the_users_endpoint(dirs):
    cwd, _ = dirs
    write(cwd / "summarizer.toml", 'api_key_env = "GITHUB_TOKEN"\n')
    with pytest.raises(ConfigError, match="cannot choose which secret is sent"):
        resolve(dirs, {"base_url": REMOTE})


def test_a_project_file_cannot_send_the_default_key_to_its_endpoint(dirs):
    cwd, _ = dirs
    write(cwd / "summarizer.toml", f'base_url = "{REMOTE}"\n')
    with pytest.raises(ConfigError, match="cannot choose where a key goes.*OPENAI_API_KEY"):
        resolve(dirs)


@pytest.mark.parametrize(
    "flags, env, user_file",
    [
        pytest.param({"api_key_env": "GITHUB_TOKEN"}, {}, None, id="flag"),
        pytest.param({}, {"SUMMARIZER_API_KEY_ENV": "GITHUB_TOKEN"}, None, id="env"),
        pytest.param({}, {}, 'api_key_env = "GITHUB_TOKEN"\n', id="user-file"),
    ],
)
def test_the_user_confirms_the_key_of_a_project_file(dirs, flags, env, user_file):
    cwd, xdg = dirs
    write(cwd / "summarizer.toml", f'base_url = "{REMOTE}"\napi_key_env = "GITHUB_TOKEN"\n')
    if user_file:
        write(xdg / "summarizer" / "summarizer.toml", user_file)
    settings, _ = resolve(dirs, flags, **env)
    assert settings.base_url == REMOTE and settings.api_key_env == "GITHUB_TOKEN"


def test_a_user_file_with_the_same_endpoint_confirms_it(dirs):
    cwd, xdg = dirs
    write(cwd / "summarizer.toml", f'base_url = "{REMOTE}"\nmodel = "m"\n')
    write(xdg / "summarizer" / "summarizer.toml", f'base_url = "{REMOTE}"\n')
    settings, _ = resolve(dirs)
    assert settings.base_url == REMOTE and settings.api_key_env == "OPENAI_API_KEY"


def test_the_user_file_is_not_a_project_file_even_from_its_own_folder(dirs):
    _, xdg = dirs
    folder = xdg / "summarizer"
    write(folder / "summarizer.toml", f'base_url = "{REMOTE}"\napi_key_env = "MY_KEY"\n')
    settings, _ = resolve_settings(NONE, env={"XDG_CONFIG_HOME": str(xdg)}, cwd=folder)
    assert settings.base_url == REMOTE and settings.api_key_env == "MY_KEY"


@pytest.mark.parametrize(
    "url", ["http://127.0.0.1:8080/v1", "http://localhost:11434/v1", "http://[::1]:8000/v1"]
)
def test_a_project_file_may_name_an_unset_key_of_a_loopback_endpoint(dirs, url):
    write(dirs[0] / "summarizer.toml", f'base_url = "{url}"\napi_key_env = "OLLAMA_API_KEY"\n')
    settings, _ = resolve(dirs)
    assert settings.api_key_env == "OLLAMA_API_KEY"


@pytest.mark.parametrize(
    "url", ["http://127.0.0.1:8080/v1", "http://localhost:11434/v1", "http://[::1]:8000/v1"]
)
def test_a_project_file_cannot_send_a_set_secret_to_a_loopback_port(dirs, url):
    """Any local user can listen on a loopback port: a project file choosing the variable
    is refused as for a remote endpoint, and so is one choosing where the default key goes."""
    write(
        dirs[0] / "summarizer.toml", f'base_url = "{url}"\napi_key_env = "AWS_SECRET_ACCESS_KEY"\n'
    )
    with pytest.raises(ConfigError, match="cannot choose which secret is sent") as info:
        resolve(dirs, AWS_SECRET_ACCESS_KEY="aws-secret-value")
    assert "aws-secret-value" not in str(info.value)
    write(dirs[0] / "summarizer.toml", f'base_url = "{url}"\n')
    with pytest.raises(ConfigError, match="cannot choose where a key goes"):
        resolve(dirs, OPENAI_API_KEY="sk-user")
    settings, _ = resolve(dirs, {"api_key_env": "OPENAI_API_KEY"}, OPENAI_API_KEY="sk-user")
    assert settings.base_url == url


def test_a_look_alike_of_localhost_is_not_loopback(dirs):
    write(dirs[0] / "summarizer.toml", 'base_url = "http://localhost.example.net/v1"\n')
    with pytest.raises(ConfigError, match="cannot choose where a key goes"):
        resolve(dirs)


# --- credentials in URLs are never shown -------------------------------------------------------


@pytest.mark.parametrize(
    "url, shown",
    [
        ("http://user:sk-KEY@host:8/v1", "http://host:8/v1"),
        ("https://sk-KEY@host/v1", "https://host/v1"),
        (
            "https://host/v1?api-version=2024&api_key=sk-KEY",
            "https://host/v1?api-version=2024&api_key=***",
        ),
        (
            "https://host/v1?key=sk-KEY&token=sk-KEY&x_token=sk-KEY",
            "https://host/v1?key=***&token=***&x_token=***",
        ),
        ("https://host/v1?sig=sk-KEY#frag", "https://host/v1?sig=***#frag"),
        ("http://127.0.0.1:8/v1", "http://127.0.0.1:8/v1"),
        ("http://u:sk-KEY@[::1/v1", "http://[::1/v1"),
    ],
)
def test_redact_url(url, shown):
    from summarizer.settings.config import redact_url, scrub

    assert redact_url(url) == shown
    assert "sk-KEY" not in scrub(f"error talking to {url}: no", url)


def test_scrub_removes_the_secret_parts_but_not_ordinary_words():
    from summarizer.settings.config import scrub

    url = "http://u:sk-PASSWORD@host/v1?token=tok-123456"
    text = "ValueError: refused u:sk-PASSWORD, then sk-PASSWORD alone, and tok-123456"
    assert scrub(text, url) == "ValueError: refused ***, then *** alone, and ***"
    assert scrub("user sk-TOKEN-AS-USER failed", "https://sk-TOKEN-AS-USER@host/v1") == (
        "user *** failed"
    )


def test_the_endpoint_in_records_and_settings_repr_has_no_credentials():
    from summarizer.backends.connection import Connection
    from summarizer.settings.config import Settings

    settings = Settings(base_url="http://127.0.0.1:9/v1?api_key=sk-KEY")  # user:KEY@ is refused
    assert Connection(settings).endpoint == "http://127.0.0.1:9/v1?api_key=***"
    assert "sk-KEY" not in repr(settings)
    assert settings.base_url.endswith("?api_key=sk-KEY")  # the backend still gets it all


def test_config_show_strips_credentials_from_the_url(dirs):
    cwd, xdg = dirs
    url = "http://127.0.0.1:9/v1?api_key=sk-KEY-in-query"  # user:KEY@ is refused
    for args in (
        ["config", "show", "--json", "--base-url", url],
        ["config", "show", "--base-url", url],
    ):
        result = run_cli(args, cwd, env={"XDG_CONFIG_HOME": str(xdg)}, no_settings=True)
        assert result.returncode == 0, result.stderr
        assert "127.0.0.1:9/v1" in result.stdout
        assert "sk-KEY" not in result.stdout + result.stderr


def test_config_show_refuses_a_project_file_that_picks_the_key(dirs):
    cwd, xdg = dirs
    write(cwd / "summarizer.toml", f'base_url = "{REMOTE}"\napi_key_env = "GITHUB_TOKEN"\n')
    result = run_cli(
        ["config", "show"],
        cwd,
        env={"XDG_CONFIG_HOME": str(xdg), "GITHUB_TOKEN": "ghp_x"},
        no_settings=True,
    )
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("Error: ") and "cannot choose which secret" in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_a_bad_flag_of_config_show_exits_2(dirs):
    cwd, xdg = dirs
    result = run_cli(
        ["config", "show", "--timeout", "nan"],
        cwd,
        env={"XDG_CONFIG_HOME": str(xdg)},
        no_settings=True,
    )
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and "timeout" in result.stderr
