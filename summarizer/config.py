"""Settings: one small object that every entry point (CLI, library, eval) passes down."""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from .errors import ConfigError


def default_cache_dir() -> Path:
    """``$SUMMARIZER_CACHE_DIR``, else ``$XDG_CACHE_HOME/summarizer`` or ``~/.cache/summarizer``."""
    explicit = os.environ.get("SUMMARIZER_CACHE_DIR")
    if explicit:
        return Path(explicit).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "summarizer"


class Settings(BaseModel):
    """What a run needs to know. ``base_url=None`` means the embedded local engine."""

    model_config = ConfigDict(extra="forbid", frozen=True)

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
    timeout: float = Field(default=120.0, gt=0)
    cache_dir: Path = Field(default_factory=default_cache_dir)
    use_cache: bool = True
    model_path: Path | None = None
    n_ctx: int = Field(default=4096, ge=512)
    max_abstract_chars: int = Field(default=20_000, ge=100)

    @property
    def embedded(self) -> bool:
        return self.base_url is None

    def api_key(self) -> str:
        """The API key from the environment variable the settings name."""
        key = os.environ.get(self.api_key_env)
        if key:
            return key
        if self.embedded or _is_loopback(self.base_url or ""):
            return "not-needed"
        raise ConfigError(
            f"No API key: set {self.api_key_env} or name another variable with --api-key-env"
        )


def _is_loopback(url: str | None) -> bool:
    return bool(url) and any(h in url for h in ("://127.", "://localhost", "://[::1]"))
