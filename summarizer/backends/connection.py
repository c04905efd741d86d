"""Which endpoint a run talks to, started only when the first request needs it.

With no ``base_url`` the run uses the embedded engine: a long-lived one started by
``summarizer engine start`` if it is running, else a private llama-cpp-python server
started here and stopped at the end. Nothing starts before the first cache miss, so a
fully cached rerun starts no engine and makes no request.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from contextvars import ContextVar
from pathlib import Path

from ..engine.decoding import current as current_decoding
from ..engine.local import EngineInfo, LocalEngine, running_engine
from ..engine.model_file import bundled_model
from ..settings.config import Settings
from .base import Backend

EMBEDDED_ENDPOINT = "embedded"

#: Told when a private embedded engine starts (``"starting"``, model name) and is ready
#: (``"ready"``, seconds it took): loading the model takes tens of seconds, in which a
#: progress bar would stand still. Set by the CLI; the library leaves it unset.
engine_listener: ContextVar[Callable[[str, str], None] | None] = ContextVar(
    "summarizer_engine_listener", default=None
)


def mode_for(settings: Settings, mode: str | None = None) -> str:
    """The structured-output mode sent for ``mode`` (by default the mode setting).

    ``auto`` on the embedded engine is ``json_object_schema``: llama-cpp-python's server
    rejects ``json_schema`` and holds ``json_object`` with a schema to its grammar, so that
    endpoint is not probed. Elsewhere ``auto`` stays, and the backend probes the endpoint.
    """
    mode = settings.mode if mode is None else mode
    if mode == "auto" and settings.embedded:
        return "json_object_schema"
    return mode


class Connection:
    """Lazily connects settings to a backend; close it to stop a private engine."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._backend: Backend | None = None
        self._engine: LocalEngine | None = None
        self._lock = asyncio.Lock()

    @property
    def endpoint(self) -> str:
        """The endpoint as recorded in records and cache keys (no port for the embedded one).

        Credentials in the URL are left out (:func:`~summarizer.settings.config.redact_url`); the
        backend connects with the full ``base_url``.
        """
        return self.settings.endpoint or EMBEDDED_ENDPOINT

    @property
    def model(self) -> str:
        s = self.settings
        if s.model:
            return s.model
        if s.embedded:
            return s.model_path.stem if s.model_path else bundled_model(s.engine_model).alias
        return "gpt-4o-mini"

    @property
    def mode(self) -> str:
        return mode_for(self.settings)

    async def backend(self) -> Backend:
        """The backend, connecting (and starting the embedded engine) on first use."""
        async with self._lock:
            if self._backend is None:
                self._backend = await self._connect()
            return self._backend

    async def _connect(self) -> Backend:
        from .openai_compat import OpenAICompatBackend

        s = self.settings
        base_url = s.base_url
        model = self.model
        if s.embedded:
            daemon = await asyncio.to_thread(running_engine, s.cache_dir)
            if daemon is not None and _serves(daemon, s):
                base_url, model = daemon.base_url, daemon.model
            else:
                engine = LocalEngine(
                    s.cache_dir, s.model_path, n_ctx=s.n_ctx, engine_model=s.engine_model
                )
                listener, began = engine_listener.get(), time.monotonic()
                if listener is not None:
                    listener("starting", model)
                await asyncio.to_thread(engine.start)
                if listener is not None:
                    listener("ready", f"{time.monotonic() - began:.1f}")
                self._engine = engine
                base_url, model = engine.base_url, engine.model
        return OpenAICompatBackend(
            base_url=base_url,
            model=model,
            api_key=s.api_key(),
            mode=self.mode,
            timeout=s.timeout,
            endpoint=self.endpoint,
        )

    @property
    def started(self) -> bool:
        return self._backend is not None

    async def aclose(self) -> None:
        if self._backend is not None:
            await self._backend.aclose()
            self._backend = None
        if self._engine is not None:
            await asyncio.to_thread(self._engine.stop)
            self._engine = None


def _serves(daemon: EngineInfo, settings: Settings) -> bool:
    """Whether the long-lived engine serves the model file, context size and decoding options
    this run asks for.

    The cache key names the model by the file's sha256 and includes ``n_ctx`` and the
    decoding options, so answers from an engine started with others must not be used.
    """
    if settings.model_path is not None:
        wanted = Path(settings.model_path).expanduser().resolve()
    else:
        bundled = bundled_model(settings.engine_model)
        wanted = (Path(settings.cache_dir) / "models" / bundled.filename).resolve()
    return (
        Path(daemon.model_path).resolve() == wanted
        and daemon.n_ctx == settings.n_ctx
        and daemon.decoding == current_decoding().text
    )
