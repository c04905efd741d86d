"""Settings: one small object that every entry point (CLI, library, eval) passes down.

Every value is checked when the object is built (a finite positive timeout, a known mode, an
http(s) endpoint without credentials in it, a model name and a cache folder that are not
empty, a token limit an answer can have, a model file only for the embedded engine), so a bad
value fails before any work. :meth:`Settings.check` then checks what needs the environment but
no request (the API key of a hosted endpoint, the model file), and entry points call it before
the first item.

URLs are printed and recorded only through :func:`redact_url`: a key in the userinfo
(``http://user:KEY@host/v1``, which Settings refuses but other callers may pass) or in a query
parameter (``?api_key=...``) never reaches a record, a log line or the terminal, nor does a
refused value reach the text of a validation error. The backend alone sees the full URL.
"""

from __future__ import annotations

import ipaddress
import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from ..errors import ConfigError

#: Every structured-output mode an endpoint can be asked for, in the order ``auto`` prefers
#: them. ``auto`` (probe the endpoint once) is the default and not in this tuple.
MODES: tuple[str, ...] = ("json_schema", "json_object_schema", "json", "md_json", "tools")

#: The largest ``max_tokens`` a run takes. Far above what any model writes in one answer
#: (hosted output limits are tens of thousands of tokens), so it refuses only typos: a value
#: up to the int64 range that servers parse would still go out, and come back as an error
#: for every item.
MAX_TOKENS = 1_000_000

#: The bundled models the embedded engine can serve (``--engine-model``), default first:
#: Qwen2.5-Coder-0.5B-Instruct (the ``local`` extra) and 1.5B-Instruct (``local-large``).
ENGINE_MODELS: tuple[str, ...] = ("default", "large")

_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# Query parameter names that carry a credential (compared lowercased, '-' read as '_').
_SECRET_PARAMS = {
    "key",
    "apikey",
    "token",
    "secret",
    "password",
    "passwd",
    "pwd",
    "auth",
    "sig",
    "signature",
    "credential",
    "credentials",
}
_SECRET_SUFFIXES = ("_key", "_token", "_secret", "_password", "_signature", "_credential")
REDACTED = "***"


def default_cache_dir() -> Path:
    """``$SUMMARIZER_CACHE_DIR``, else ``$XDG_CACHE_HOME/summarizer`` or ``~/.cache/summarizer``."""
    explicit = os.environ.get("SUMMARIZER_CACHE_DIR")
    if explicit:
        return Path(explicit).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "summarizer"


def redact_url(url: str | None) -> str | None:
    """The URL without credentials, for records, logs and the terminal.

    Drops the userinfo (``user:KEY@``) and replaces the value of every query parameter whose
    name says it is a secret (``key``, ``api_key``, ``token``, ``sig``, ...) with ``***``.
    Everything else is kept as written, so the result still says which endpoint it was.

    Args:
        url: Any URL, or None.

    Returns:
        The redacted URL (None for None).
    """
    if not url:
        return url
    try:
        parts = urlsplit(url)
    except ValueError:
        # Unparseable (a broken IPv6 literal, say): still never show what precedes an '@'.
        return re.sub(r"//[^/?#]*@", "//", url)
    netloc = parts.netloc.rpartition("@")[2]
    query = "&".join(_redact_param(p) for p in parts.query.split("&")) if parts.query else ""
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def url_secrets(url: str | None) -> list[str]:
    """The credential parts of ``url`` (userinfo, password, secret query values), longest first.

    For scrubbing a message that may quote the URL or a piece of it (an HTTP library's error).
    """
    if not url:
        return []
    try:
        parts = urlsplit(url)
    except ValueError:
        userinfo = re.search(r"//([^/?#]*)@", url)
        return [userinfo[1]] if userinfo else []
    found: set[str] = set()
    userinfo, at, _host = parts.netloc.rpartition("@")
    if at and userinfo:
        found.add(userinfo)
        user, colon, password = userinfo.partition(":")
        # A user name beside a password is a name; alone (https://TOKEN@host) it is the token.
        # Pieces under 4 characters would blank out ordinary words and are no secret anyway.
        found.update(p for p in (password, "" if colon else user) if len(p) >= 4)
    for pair in parts.query.split("&"):
        name, sep, value = pair.partition("=")
        if value and _redact_param(pair) != pair:
            found.add(value)
    return sorted(found, key=len, reverse=True)


def scrub(text: str, url: str | None) -> str:
    """``text`` with every credential part of ``url`` replaced by ``***``."""
    for secret in url_secrets(url):
        text = text.replace(secret, REDACTED)
    return text


def _redact_param(pair: str) -> str:
    name, sep, _value = pair.partition("=")
    normalized = name.lower().replace("-", "_")
    if sep and (normalized in _SECRET_PARAMS or normalized.endswith(_SECRET_SUFFIXES)):
        return f"{name}={REDACTED}"
    return pair


class Settings(BaseModel):
    """What a run needs to know. ``base_url=None`` means the embedded local engine."""

    # A refused value can be a URL with a key in it: errors() still carries it, for callers
    # that redact it (sources._setting_error), but str(error) and tracebacks do not.
    model_config = ConfigDict(extra="forbid", frozen=True, hide_input_in_errors=True)

    base_url: str | None = None
    model: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    prompt: str = "default"
    schema_ref: str = "paper_summary.v1"
    mode: str = "auto"
    concurrency: int = Field(default=4, ge=1, le=1024)
    max_tokens: int = Field(default=512, ge=16)
    temperature: float = Field(default=0.0, ge=0.0, le=2.0)
    max_retries: int | None = Field(default=None, ge=0, le=10)
    timeout: float = Field(default=120.0, gt=0, allow_inf_nan=False)
    cache_dir: Path = Field(default_factory=default_cache_dir)
    use_cache: bool = True
    model_path: Path | None = None
    #: Which bundled model the embedded engine serves when no model file is given.
    engine_model: str = "default"
    n_ctx: int = Field(default=4096, ge=512)
    max_abstract_chars: int = Field(default=20_000, ge=100)
    #: Fail an abstract whose prose never validated, instead of keeping a partial record.
    strict: bool = False

    @field_validator("base_url")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        value = value.strip()
        try:
            parts = urlsplit(value)
            host = parts.hostname
        except ValueError:
            host = None
            parts = None
        if parts is None or parts.scheme not in ("http", "https") or not host:
            raise ValueError(
                "not an http(s) URL; give the endpoint's base, e.g. http://localhost:11434/v1"
            )
        if "@" in parts.netloc:
            # The client sends the key in its own Authorization header, and the HTTP library
            # refuses a request that also has credentials in the URL: every item would fail.
            raise ValueError(
                "credentials in the URL (user:key@) cannot go beside the API key's header; "
                "drop them and put the key in an environment variable named by --api-key-env "
                "(api_key_env in summarizer.toml; default OPENAI_API_KEY)"
            )
        return value

    @field_validator("model")
    @classmethod
    def _model_name(cls, value: str | None) -> str | None:
        if value is not None and not value.strip():
            raise ValueError(
                "empty model name; give the name the endpoint serves (its /v1/models lists "
                "them), or leave it unset for the endpoint's default"
            )
        return None if value is None else value.strip()

    @field_validator("max_tokens")
    @classmethod
    def _answer_length(cls, value: int) -> int:
        if value > MAX_TOKENS:
            raise ValueError(
                f"more than any model writes in one answer; give at most {MAX_TOKENS:,} "
                "(default 512)"
            )
        return value

    @field_validator("cache_dir", mode="before")
    @classmethod
    def _cache_folder(cls, value: Any) -> Any:
        # An empty text would become Path("."): the cache in whatever folder the run starts in.
        if isinstance(value, str):
            if not value.strip():
                raise ValueError(
                    "empty cache folder; give a path, or leave it unset for the default "
                    "(~/.cache/summarizer)"
                )
            return Path(value).expanduser()
        if isinstance(value, Path):
            return value.expanduser()
        return value

    @field_validator("mode")
    @classmethod
    def _known_mode(cls, value: str) -> str:
        if value != "auto" and value not in MODES:
            raise ValueError(f"unknown mode; use one of: auto, {', '.join(MODES)}")
        return value

    @field_validator("api_key_env")
    @classmethod
    def _variable_name(cls, value: str) -> str:
        if not _ENV_NAME.match(value):
            raise ValueError("not an environment variable name (letters, digits and _)")
        return value

    @field_validator("model_path")
    @classmethod
    def _model_path_is_for_the_embedded_engine(
        cls, value: Path | None, info: ValidationInfo
    ) -> Path | None:
        if value is not None and info.data.get("base_url") is not None:
            raise ValueError(
                "a model file is for the embedded engine; an endpoint (base_url) serves its "
                "own model: drop --model-path or base_url"
            )
        return value

    @field_validator("engine_model")
    @classmethod
    def _bundled_model(cls, value: str, info: ValidationInfo) -> str:
        value = value.strip()
        if value not in ENGINE_MODELS:
            raise ValueError(f"unknown bundled model; use one of: {', '.join(ENGINE_MODELS)}")
        if value != ENGINE_MODELS[0]:
            if info.data.get("base_url") is not None:
                raise ValueError(
                    "a bundled model is for the embedded engine; an endpoint (base_url) serves "
                    "its own model: drop --engine-model or base_url"
                )
            if info.data.get("model_path") is not None:
                raise ValueError(
                    "the engine serves either a bundled model or a model file: drop "
                    "--engine-model or --model-path"
                )
        return value

    def __repr_args__(self) -> Any:
        # A Settings in a traceback or log line must not show a key inside the URL.
        for name, value in super().__repr_args__():
            yield name, redact_url(value) if name == "base_url" else value

    @property
    def embedded(self) -> bool:
        return self.base_url is None

    @property
    def endpoint(self) -> str | None:
        """``base_url`` without credentials: what records, logs and messages may show."""
        return redact_url(self.base_url)

    def api_key(self) -> str:
        """The API key from the environment variable the settings name."""
        key = os.environ.get(self.api_key_env)
        if key:
            return key
        if self.embedded or is_loopback(self.base_url or ""):
            return "not-needed"
        raise ConfigError(
            f"No API key for {self.endpoint}: set {self.api_key_env} "
            "or name another variable with --api-key-env"
        )

    def check(self) -> None:
        """Check what can be checked without a request; call it before the first item.

        The CLI calls it before it reads the input or writes the output, the library before
        its first abstract, so that a missing key is one error instead of a failed record per
        item.

        Raises:
            ConfigError: A hosted endpoint has no API key, or the model file is missing.
        """
        self.api_key()
        if self.model_path is not None and not self.model_path.is_file():
            raise ConfigError(f"Model file not found: {self.model_path}. Check --model-path.")


def is_loopback(url: str | None) -> bool:
    """Whether ``url`` names this machine (127.0.0.0/8, ::1 or localhost)."""
    if not url:
        return False
    try:
        host = urlsplit(url).hostname
    except ValueError:
        return False
    if not host:
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
