"""Layered settings: flags, then ``SUMMARIZER_*`` variables, then ``summarizer.toml`` files.

Each setting comes from the first layer that has it:

1. a command-line flag the user gave;
2. an environment variable ``SUMMARIZER_<NAME>`` (``SUMMARIZER_BASE_URL``, ...);
3. ``./summarizer.toml`` in the working directory;
4. ``summarizer.toml`` in the user config directory
   (``$XDG_CONFIG_HOME/summarizer``, else ``~/.config/summarizer``);
5. the default.

A file holds top-level keys named like the settings::

    base_url = "http://localhost:11434/v1"
    model = "qwen2.5:7b"
    concurrency = 8
    timeout = 60
    api_key_env = "OLLAMA_API_KEY"

Only the name of the API key's variable is a setting. The key itself is never read here, nor
stored in a file: a file with an ``api_key`` entry is refused.

A project file (``./summarizer.toml``, which comes with whatever folder you cloned) cannot
decide where a key goes. For any endpoint that would be sent a key (one off this machine, or a
loopback one when the key's variable is set: any local user can listen on a loopback port):

- a project file may not name ``api_key_env`` unless you confirm the same name with
  ``--api-key-env``, ``SUMMARIZER_API_KEY_ENV`` or ``api_key_env`` in your user-level file;
- a ``base_url`` from a project file is sent a key only from a variable you named in one of
  those three places (or when your user-level file sets the same ``base_url``).

Otherwise the run stops with a ConfigError that says how to confirm. The embedded engine is
exempt, and so is a loopback endpoint whose key variable is unset: no secret is sent to them.

A bad value given as a flag raises :class:`~summarizer.errors.UsageError` (exit 2); from a
file or a variable, :class:`~summarizer.errors.ConfigError` (exit 1).

The layers are read here, not by pydantic-settings: its sources merge values without saying
which layer gave each, and ``config show`` and these messages name the layer.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..errors import ConfigError, UsageError
from .config import Settings, is_loopback, redact_url

__all__ = [
    "CONFIG_FILE",
    "LAYERED",
    "config_files",
    "env_name",
    "resolve_settings",
    "user_config_dir",
]

CONFIG_FILE = "summarizer.toml"
#: The settings that the environment and config files can set, in display order.
LAYERED: tuple[str, ...] = (
    "base_url",
    "model",
    "prompt",
    "concurrency",
    "cache_dir",
    "timeout",
    "api_key_env",
    "engine_model",
)
DEFAULT = "default"
_SECRET_KEYS = {"api_key", "openai_api_key", "key", "token", "secret"}


def env_name(field: str) -> str:
    """The environment variable of a setting: ``base_url`` -> ``SUMMARIZER_BASE_URL``."""
    return f"SUMMARIZER_{field.upper()}"


def user_config_dir(env: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CONFIG_HOME/summarizer``, else ``~/.config/summarizer``."""
    env = os.environ if env is None else env
    base = env.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base).expanduser() / "summarizer"


def config_files(cwd: Path | None = None, env: Mapping[str, str] | None = None) -> list[Path]:
    """The config files that exist, highest precedence first."""
    candidates = [Path(cwd or Path.cwd()) / CONFIG_FILE, user_config_dir(env) / CONFIG_FILE]
    found: list[Path] = []
    for path in candidates:
        if path.is_file() and all(not path.samefile(seen) for seen in found):
            found.append(path)
    return found


def resolve_settings(
    flags: Mapping[str, Any],
    *,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> tuple[Settings, dict[str, str]]:
    """Build the effective Settings from flags, environment, config files and defaults.

    Args:
        flags: Settings given on the command line, by ``Settings`` field name
            (``base_url``, ``concurrency``, ``schema_ref``, ...); None means "not given".
            Fields outside :data:`LAYERED` (``mode``, ``max_tokens``, ...) are taken as given.
        env: The environment; ``os.environ`` by default.
        cwd: The working directory to look for ``summarizer.toml`` in.

    Returns:
        The settings, and for every field the place it came from: ``flag``,
        ``env SUMMARIZER_...``, the config file's path, or ``default``. Without a concurrency
        from any layer, the embedded engine gets 1 (it serves one request at a time) and an
        endpoint 4, as ``summarize`` does.

    Raises:
        UsageError: A flag has a bad value (the CLI exits 2).
        ConfigError: A config file is unreadable, has an unknown key or a bad value, an
            environment variable has a bad value, or a project file decides which key goes
            to a remote endpoint (see the module docstring). The message names the file or
            variable.
        TypeError: ``flags`` names something that is not a setting (a programming error).
    """
    env = os.environ if env is None else env
    unknown = sorted(set(flags) - set(Settings.model_fields))
    if unknown:
        raise TypeError(f"not settings: {', '.join(unknown)}")

    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    read: dict[str, dict[str, Any]] = {}
    # Lowest precedence first, so that each layer overwrites the one below it.
    for path in reversed(config_files(cwd, env)):
        read[str(path)] = _read_file(path)
        for field, value in read[str(path)].items():
            values[field], sources[field] = value, str(path)
    for field in LAYERED:
        raw = env.get(env_name(field))
        if raw is not None and raw.strip():
            values[field], sources[field] = raw.strip(), f"env {env_name(field)}"
    for field, value in flags.items():
        if value is not None:
            values[field], sources[field] = value, "flag"
    if "concurrency" not in values:
        values["concurrency"] = 1 if values.get("base_url") is None else 4

    try:
        settings = Settings(**values)
    except ValidationError as exc:
        raise _setting_error(exc, sources) from exc
    all_sources = {field: sources.get(field, DEFAULT) for field in Settings.model_fields}
    user_file = user_config_dir(env) / CONFIG_FILE
    # The user's own file, also when ./summarizer.toml is that very file (cwd is its folder).
    mine = {p for p in read if user_file.is_file() and Path(p).samefile(user_file)}
    user = next((read[p] for p in mine), {})
    _check_key_destination(settings, all_sources, user, mine | {str(user_file)}, user_file, env)
    return settings, all_sources


def _setting_error(exc: ValidationError, sources: Mapping[str, str]) -> ConfigError:
    first = exc.errors()[0]
    field = str(first["loc"][0]) if first["loc"] else "settings"
    where = sources.get(field, DEFAULT)
    message = str(first["msg"]).removeprefix("Value error, ")
    got = first.get("input")
    if field == "base_url" and isinstance(got, str):
        got = redact_url(got)
    elif isinstance(got, Path):
        got = str(got)
    error = UsageError if where == "flag" else ConfigError
    return error(f"{field} from {_describe(where)}: {message} (got {got!r})")


def _check_key_destination(
    settings: Settings,
    sources: Mapping[str, str],
    user: Mapping[str, Any],
    user_files: set[str],
    user_file: Path,
    env: Mapping[str, str],
) -> None:
    """Refuse a project file that decides which key goes to which endpoint."""
    if not key_at_stake(settings, env):
        return

    def from_project(field: str) -> bool:
        source = sources[field]
        return source not in ("flag", DEFAULT, *user_files) and not source.startswith("env ")

    name = settings.api_key_env
    confirm = (
        f"pass --api-key-env {name}, set SUMMARIZER_API_KEY_ENV={name}, or put "
        f'api_key_env = "{name}" in {user_file}'
    )
    key_confirmed = user.get("api_key_env") == name
    if from_project("api_key_env") and not key_confirmed:
        raise ConfigError(
            f"{sources['api_key_env']} sets api_key_env = {name!r} for {settings.endpoint}; "
            f"a project file cannot choose which secret is sent. If that is what you want, "
            f"{confirm}"
        )
    user_named_key = sources["api_key_env"] != DEFAULT and (
        key_confirmed or not from_project("api_key_env")
    )
    if (
        from_project("base_url")
        and not user_named_key
        and user.get("base_url") != settings.base_url
    ):
        raise ConfigError(
            f"{sources['base_url']} sets base_url = {settings.endpoint!r}, which would be sent "
            f"the key in {name}; a project file cannot choose where a key goes. If that is "
            f"what you want, {confirm}"
        )


def key_at_stake(settings: Settings, env: Mapping[str, str]) -> bool:
    """Whether a run would send a secret: always to a remote endpoint (a missing key is an
    error there), and to a loopback one when the key's variable holds a value, since any
    local user can listen on a loopback port. Never to the embedded engine."""
    if settings.embedded:
        return False
    return not is_loopback(settings.base_url) or bool(env.get(settings.api_key_env))


def _describe(source: str) -> str:
    if source == "flag":
        return "the command line"
    return source


def _read_file(path: Path) -> dict[str, Any]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc.strerror or exc}") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path} is not valid TOML: {exc}") from exc
    for key, value in data.items():
        if key.lower() in _SECRET_KEYS:
            raise ConfigError(
                f"{path}: '{key}' is not a setting; API keys stay out of config files. "
                "Put the key in an environment variable and set api_key_env to its name."
            )
        if key not in LAYERED:
            raise ConfigError(f"{path}: unknown key '{key}'. Known keys: {', '.join(LAYERED)}.")
        if isinstance(value, dict | list):
            raise ConfigError(f"{path}: '{key}' must be a single value, not a table or list")
    if str(data.get("cache_dir", "")).strip():
        # A relative cache directory in a file is relative to that file, not to the cwd. An
        # empty one is left for Settings to refuse, not read as the file's own folder.
        data["cache_dir"] = (path.parent / Path(str(data["cache_dir"])).expanduser()).resolve()
    return data
