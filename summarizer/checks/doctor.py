"""``summarizer doctor``: check the setup and say what to fix.

Each check returns a :class:`Check` (ok, warn, fail or skip, what was found, and how to fix
it); the CLI prints them. The checks of this machine are in :mod:`.machine`. In order:

- ``settings``: where the effective settings come from (flags, environment, config files);
- ``api key``: whether the variable named by ``api_key_env`` is set (its value is never shown);
- ``endpoint``: whether the endpoint answers ``GET /models``, and lists the model;
- ``structured output``: which structured-output modes the endpoint handles, found by one
  tiny request per mode through the real backend, and which one ``auto`` will use;
- ``local engine``: llama-cpp-python and its server extra are installed;
- ``model file``: the bundled model (or ``--model-path``) is present and verified; for the
  bundled one (or a ``--model-path`` file with its sha256), what it is, its license, which
  packages it is assembled from, and its expected sha256;
- ``cache``: the cache directory is writable, and how much it holds.

With no endpoint configured, the endpoint checks use a running ``summarizer engine start``
engine, or (``start_engine=True``) a private one started for the check.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import httpx

from ..backends.connection import Connection, mode_for
from ..backends.probe import GRAMMAR_MODES, best_mode, probe_modes
from ..engine.local import LocalEngine, running_engine
from ..errors import AuthenticationError, BackendError, ConfigError, SummarizerError
from ..settings.config import MODES, Settings, is_loopback, redact_url, scrub
from ..settings.sources import resolve_settings
from .machine import Check, cache_check, engine_check, model_check

__all__ = ["Check", "diagnose", "MODE_ORDER"]

#: Every structured-output mode, in the order ``auto`` prefers them.
MODE_ORDER = MODES


@dataclass
class _Target:
    base_url: str
    model: str
    api_key: str


def diagnose(
    flags: Mapping[str, Any] | None = None,
    *,
    start_engine: bool = False,
    probe_timeout: float = 60.0,
) -> list[Check]:
    """Run every check for the settings that ``flags`` (plus environment and files) give.

    Args:
        flags: Settings given on the command line, as for :func:`resolve_settings`.
        start_engine: With no endpoint and no running engine, start the embedded engine
            for the endpoint checks (it loads the model: tens of seconds).
        probe_timeout: Upper bound in seconds for each request to the endpoint.
    """
    flags = dict(flags or {})
    checks: list[Check] = []
    try:
        settings, sources = resolve_settings(flags)
        checks.append(_settings_check(sources))
    except ConfigError as exc:
        checks.append(Check("settings", "fail", str(exc), "fix the named file or variable"))
        try:
            settings = Settings(**{k: v for k, v in flags.items() if v is not None})
        except ValueError:  # the flags themselves are bad: check the rest with defaults
            settings = Settings()
    timeout = min(settings.timeout, probe_timeout)
    checks.append(_api_key_check(settings))
    checks += _endpoint_checks(settings, timeout, start_engine)
    checks.append(engine_check(settings))
    checks.append(model_check(settings))
    checks.append(cache_check(settings.cache_dir))
    return checks


def _settings_check(sources: dict[str, str]) -> Check:
    files = sorted(
        {s for s in sources.values() if s not in ("flag", "default") and not s.startswith("env ")}
    )
    env = sorted({s[4:] for s in sources.values() if s.startswith("env ")})
    found = [f"files: {', '.join(files)}" if files else "no summarizer.toml"]
    if env:
        found.append(f"environment: {', '.join(env)}")
    return Check("settings", "ok", "; ".join(found), details={"sources": sources})


def _api_key_check(settings: Settings) -> Check:
    name = settings.api_key_env
    if os.environ.get(name):
        return Check("api key", "ok", f"{name} is set", details={"variable": name, "set": True})
    details = {"variable": name, "set": False}
    if settings.embedded or is_loopback(settings.base_url):
        which = "the embedded engine" if settings.embedded else "a loopback endpoint"
        return Check("api key", "skip", f"{name} is not set; {which} needs no key", details=details)
    return Check(
        "api key",
        "fail",
        f"{name} is not set",
        f"export {name}=... or name another variable with --api-key-env "
        "(or api_key_env in summarizer.toml)",
        details,
    )


def _endpoint_checks(settings: Settings, timeout: float, start_engine: bool) -> list[Check]:
    engine: LocalEngine | None = None
    try:
        if not settings.embedded:
            assert settings.base_url is not None
            key = os.environ.get(settings.api_key_env) or "not-needed"
            target = _Target(settings.base_url, Connection(settings).model, key)
            where = str(settings.endpoint)
        elif (info := running_engine(settings.cache_dir, timeout=min(timeout, 5.0))) is not None:
            target, where = (
                _Target(info.base_url, info.model, "local"),
                f"embedded engine (pid {info.pid})",
            )
        elif start_engine:
            engine = LocalEngine(settings.cache_dir, settings.model_path, n_ctx=settings.n_ctx)
            try:
                engine.start()
            except SummarizerError as exc:
                return [
                    Check(
                        "endpoint",
                        "fail",
                        f"the embedded engine did not start: {exc}",
                        "see the local engine and model file checks below",
                    )
                ]
            target, where = (
                _Target(engine.base_url, engine.model, "local"),
                "embedded engine (started for this check)",
            )
        else:
            return [
                Check(
                    "endpoint",
                    "skip",
                    "no endpoint set: runs start the embedded engine on demand (not running now)",
                    "to check it: summarizer doctor --start-engine; "
                    "or keep one up: summarizer engine start",
                )
            ]
        answer = _models_check(target, where, timeout)
        if answer.status == "fail":
            return [answer, Check("structured output", "skip", "the endpoint did not answer")]
        return [answer, _modes_check(target, settings, timeout)]
    finally:
        if engine is not None:
            engine.stop()


def _models_check(target: _Target, where: str, timeout: float) -> Check:
    url = target.base_url.rstrip("/") + "/models"
    try:
        with httpx.Client(trust_env=not is_loopback(target.base_url), timeout=timeout) as client:
            response = client.get(url, headers={"Authorization": f"Bearer {target.api_key}"})
    except httpx.HTTPError as exc:
        return Check(
            "endpoint",
            "fail",
            f"{where}: no answer from {redact_url(url)} "
            f"({type(exc).__name__}: {scrub(str(exc), target.base_url)})",
            "start the server, or check --base-url (it ends in /v1 for most servers)",
        )
    if response.status_code in (401, 403):
        return Check(
            "endpoint",
            "fail",
            f"{where} refused the API key (HTTP {response.status_code})",
            "check the key in the variable named by api_key_env",
        )
    if response.status_code != 200:
        return Check(
            "endpoint",
            "warn",
            f"{where} answers, but GET /models gave HTTP {response.status_code}",
            "fine if the server has no /models; the modes check below still tries it",
        )
    try:
        ids = [str(m.get("id")) for m in response.json().get("data", [])]
    except (ValueError, AttributeError):
        ids = []
    details = {"url": redact_url(target.base_url), "models": ids}
    if ids and target.model not in ids:
        return Check(
            "endpoint",
            "warn",
            f"{where} answers, but does not list the model {target.model!r}",
            f"use --model with one of: {', '.join(ids[:8])}",
            details,
        )
    return Check("endpoint", "ok", f"{where} answers; model {target.model}", details=details)


def _modes_check(target: _Target, settings: Settings, timeout: float) -> Check:
    try:
        results = asyncio.run(_probe_modes(target, timeout))
    except BackendError as exc:  # AuthenticationError among them
        hint = (
            "check the key in the variable named by api_key_env"
            if isinstance(exc, AuthenticationError)
            else "check that the endpoint is up; raise --timeout for a slow one"
        )
        return Check("structured output", "fail", scrub(str(exc), target.base_url), hint)
    supported = [m for m, why in results.items() if why is None]
    details: dict[str, Any] = {
        "modes": {m: why or "ok" for m, why in results.items()},
        "supported": supported,
    }
    auto = mode_for(settings, "auto")
    if auto == "auto":
        auto = best_mode(results)
    details["auto"] = auto
    if not supported:
        why = "; ".join(f"{m}: {w}" for m, w in results.items())
        return Check(
            "structured output",
            "fail",
            f"no mode gave valid JSON ({why})",
            "try a larger model, or another server; see --mode",
            details,
        )
    summary = f"supports {', '.join(supported)}; auto uses {auto}"
    if settings.mode != "auto" and settings.mode not in supported:
        return Check(
            "structured output",
            "fail",
            f"{summary}; but the mode setting is {settings.mode}",
            f"use --mode auto or one of: {', '.join(supported)}",
            details,
        )
    if not GRAMMAR_MODES & set(supported):
        return Check(
            "structured output",
            "warn",
            summary + " (no grammar-constrained mode)",
            "answers are validated and re-asked, expect more retries; a server with "
            "json_schema support (vLLM, Ollama, llama-server) avoids them",
            details,
        )
    return Check("structured output", "ok", summary, details=details)


async def _probe_modes(target: _Target, timeout: float) -> dict[str, str | None]:
    """For each mode, None if a tiny structured request worked, else why not."""
    from ..backends.openai_compat import OpenAICompatBackend

    backend = OpenAICompatBackend(
        target.base_url,
        target.model,
        target.api_key,
        timeout=timeout,
        http_retries=0,
        endpoint=redact_url(target.base_url),
    )
    try:
        results = await probe_modes(backend, MODE_ORDER, max_tokens=48)
    finally:
        await backend.aclose()
    return {m: why and scrub(why, target.base_url)[:200] for m, why in results.items()}
