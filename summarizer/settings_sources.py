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
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .config import Settings
from .errors import ConfigError

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
        ConfigError: A config file is unreadable, has an unknown key or a bad value, or an
            environment variable has a bad value. The message names the file or variable.
        TypeError: ``flags`` names something that is not a setting (a programming error).
    """
    env = os.environ if env is None else env
    unknown = sorted(set(flags) - set(Settings.model_fields))
    if unknown:
        raise TypeError(f"not settings: {', '.join(unknown)}")

    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    # Lowest precedence first, so that each layer overwrites the one below it.
    for path in reversed(config_files(cwd, env)):
        for field, value in _read_file(path).items():
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
    if "cache_dir" in values:
        values["cache_dir"] = Path(str(values["cache_dir"])).expanduser()

    try:
        settings = Settings(**values)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = str(first["loc"][0]) if first["loc"] else "settings"
        where = sources.get(field, DEFAULT)
        raise ConfigError(
            f"{field} from {_describe(where)}: {first['msg']} (got {first.get('input')!r})"
        ) from exc
    all_sources = {field: sources.get(field, DEFAULT) for field in Settings.model_fields}
    return settings, all_sources


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
    if "cache_dir" in data:
        # A relative cache directory in a file is relative to that file, not to the cwd.
        data["cache_dir"] = (path.parent / Path(str(data["cache_dir"])).expanduser()).resolve()
    return data
