"""``summarizer doctor``: check the setup and say what to fix.

Each check returns a :class:`Check` (ok, warn, fail or skip, what was found, and how to fix
it); the CLI prints them. The checks, in order:

- ``settings``: where the effective settings come from (flags, environment, config files);
- ``api key``: whether the variable named by ``api_key_env`` is set (its value is never shown);
- ``endpoint``: whether the endpoint answers ``GET /models``, and lists the model;
- ``structured output``: which structured-output modes the endpoint handles, found by one
  tiny request per mode through the real backend, and which one ``auto`` will use;
- ``local engine``: llama-cpp-python and its server extra are installed;
- ``model file``: the bundled model (or ``--model-path``) is present and verified; for the
  bundled one, what it is, which packages it is assembled from, and its expected sha256;
- ``cache``: the cache directory is writable, and how much it holds.

With no endpoint configured, the endpoint checks use a running ``summarizer engine start``
engine, or (``start_engine=True``) a private one started for the check.
"""

from __future__ import annotations

import asyncio
import importlib.metadata
import os
import shutil
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import httpx
from pydantic import BaseModel

from ..backends.base import GenerationRequest
from ..backends.connection import Connection
from ..engine.local import LocalEngine, require_local_engine, running_engine
from ..engine.model_file import BUNDLED, locate_parts, verify_gguf
from ..errors import AuthenticationError, ConfigError, SummarizerError
from ..settings.config import MODES, Settings, _is_loopback, redact_url, scrub
from ..settings.sources import resolve_settings

__all__ = ["Check", "diagnose", "MODE_ORDER"]

Status = Literal["ok", "warn", "fail", "skip"]
#: Every structured-output mode, in the order ``auto`` prefers them.
MODE_ORDER = MODES
_GRAMMAR = {"json_schema", "json_object_schema"}


@dataclass(frozen=True)
class Check:
    """The outcome of one check.

    Attributes:
        name: What was checked (``endpoint``, ``cache``, ...).
        status: ``ok``, ``warn`` (works, but worth a look), ``fail`` (runs will fail),
            or ``skip`` (does not apply to these settings).
        summary: What was found, in one line.
        fix: What to do about a warn or fail; None when there is nothing to do.
        details: Machine-readable findings (``modes``, ``bytes``, ...).
        notes: Lines worth knowing even when all is well (what a file is, another way).
    """

    name: str
    status: Status
    summary: str
    fix: str | None = None
    details: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


class _Probe(BaseModel):
    answer: Literal["yes", "no"]


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
    checks.append(_engine_check(settings))
    checks.append(_model_check(settings))
    checks.append(_cache_check(settings.cache_dir))
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
    if settings.embedded or _is_loopback(settings.base_url):
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
        with httpx.Client(trust_env=not _is_loopback(target.base_url), timeout=timeout) as client:
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
    results = asyncio.run(_probe_modes(target, timeout))
    if isinstance(results, AuthenticationError):
        return Check(
            "structured output",
            "fail",
            str(results),
            "check the key in the variable named by api_key_env",
        )
    supported = [m for m, why in results.items() if why is None]
    details: dict[str, Any] = {
        "modes": {m: why or "ok" for m, why in results.items()},
        "supported": supported,
    }
    auto = next((m for m in MODE_ORDER[:3] if m in supported), "md_json")
    if settings.embedded:
        auto = "json_object_schema"  # what the connection uses for the embedded engine
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
    if not _GRAMMAR & set(supported):
        return Check(
            "structured output",
            "warn",
            summary + " (no grammar-constrained mode)",
            "answers are validated and re-asked, expect more retries; a server with "
            "json_schema support (vLLM, Ollama, llama-server) avoids them",
            details,
        )
    return Check("structured output", "ok", summary, details=details)


async def _probe_modes(
    target: _Target, timeout: float
) -> dict[str, str | None] | AuthenticationError:
    """For each mode, None if a tiny structured request worked, else why not."""
    from ..backends.openai_compat import OpenAICompatBackend

    messages = [
        {
            "role": "user",
            "content": 'Is the sky blue? Answer as JSON: {"answer": "yes"} or {"answer": "no"}.',
        }
    ]
    results: dict[str, str | None] = {}
    for mode in MODE_ORDER:
        backend = OpenAICompatBackend(
            target.base_url,
            target.model,
            target.api_key,
            mode=mode,
            timeout=timeout,
            http_retries=0,
            endpoint=redact_url(target.base_url),
        )
        request = GenerationRequest(messages, _Probe, context={}, max_retries=1, max_tokens=48)
        try:
            await backend.generate(request)
            results[mode] = None
        except AuthenticationError as exc:
            return exc
        except SummarizerError as exc:
            results[mode] = (scrub(str(exc), target.base_url).splitlines() or [""])[0][:200]
        finally:
            await backend.aclose()
    return results


def _engine_check(settings: Settings) -> Check:
    try:
        require_local_engine()
    except ConfigError as exc:
        if settings.embedded:
            return Check(
                "local engine", "fail", "llama-cpp-python[server] is not installed", str(exc)
            )
        return Check("local engine", "skip", "not installed; not needed while base_url is set")
    version = importlib.metadata.version("llama-cpp-python")
    return Check("local engine", "ok", f"llama-cpp-python {version} with its server is installed")


#: What the bundled file is. The weights' license is the one Qwen released the model under;
#: the data packages' own metadata names no license and no upstream.
BUNDLED_WHAT = "Qwen2.5-Coder-0.5B-Instruct, Q4_K_M GGUF"
BUNDLED_LICENSE = "Apache-2.0"
OWN_MODEL_NOTE = (
    "instead: any GGUF file, such as Qwen's own build of this model, with --model-path FILE"
)


def bundled_origin() -> dict[str, Any]:
    """What the bundled model is and where its parts come from, for people and for --json."""
    packages = []
    for package, _ in BUNDLED.parts:
        name = package.replace("_", "-")
        try:
            version = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            version = None
        packages.append({"name": name, "version": version})
    return {
        "model": BUNDLED_WHAT,
        "license": BUNDLED_LICENSE,
        "packages": packages,
        "assembled_by": "summarizer.engine.model_file",
        "size": BUNDLED.size,
        "sha256": BUNDLED.sha256,
    }


def _origin_notes(origin: dict[str, Any]) -> list[str]:
    names = [p["name"] for p in origin["packages"]]
    versions = {p["version"] for p in origin["packages"]} - {None}
    listed = f"{names[0]} … {names[-1]}" if len(names) > 2 else ", ".join(names)
    version = f" {versions.pop()}" if len(versions) == 1 else ""
    return [
        f"what: {origin['model']}, {origin['size'] / 2**20:.0f} MB; license {origin['license']}",
        f"from: the {len(names)} PyPI data packages {listed}{version} (one slice each), "
        f"joined in order by {origin['assembled_by']}",
        f"sha256: {origin['sha256']}, checked before every use",
        OWN_MODEL_NOTE,
    ]


def _model_check(settings: Settings) -> Check:
    needed = settings.embedded
    origin = bundled_origin()
    try:
        if settings.model_path is not None:
            path = verify_gguf(settings.model_path)
            return Check("model file", "ok", f"{path} is a GGUF file", details={"path": str(path)})
        target = Path(settings.cache_dir) / "models" / BUNDLED.filename
        if target.exists():
            verify_gguf(target, BUNDLED.sha256)
            return Check(
                "model file",
                "ok",
                f"bundled model verified: {target}",
                details={"path": str(target), "bundled": origin},
                notes=_origin_notes(origin),
            )
        locate_parts(BUNDLED)
    except ConfigError as exc:
        if not needed and settings.model_path is None:
            return Check(
                "model file",
                "skip",
                "bundled model not installed; not needed while base_url is set",
            )
        fix = (
            "it is rebuilt from the packages on the next run" if "sha256" in str(exc) else str(exc)
        )
        return Check(
            "model file",
            "fail",
            str(exc).split(";")[0],
            fix,
            details={"bundled": origin},
            notes=_origin_notes(origin),
        )
    return Check(
        "model file",
        "ok" if needed else "skip",
        f"bundled model packages installed; assembled into {target} on first use",
        details={"path": str(target), "bundled": origin},
        notes=_origin_notes(origin) if needed else [],
    )


def _cache_check(cache_dir: Path) -> Check:
    cache_dir = Path(cache_dir)
    fix = (
        "set SUMMARIZER_CACHE_DIR, cache_dir in summarizer.toml, or --cache-dir to a writable place"
    )
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=cache_dir, prefix=".doctor-") as fh:
            fh.write(b"ok")
            fh.flush()
    except OSError as exc:
        return Check("cache", "fail", f"{cache_dir} is not writable ({exc.strerror or exc})", fix)
    total, parts = 0, {}
    for sub in sorted(cache_dir.iterdir()):
        size = sum(_file_size(f) for f in ([sub] if not sub.is_dir() else sub.rglob("*")))
        total += size
        if sub.is_dir():
            parts[sub.name] = size
    free = shutil.disk_usage(cache_dir).free
    split = ", ".join(f"{name} {_size(n)}" for name, n in parts.items() if n)
    summary = f"{cache_dir} is writable; holds {_size(total)}" + (f" ({split})" if split else "")
    details = {"directory": str(cache_dir), "bytes": total, "free": free, "parts": parts}
    if free < 2**30:
        return Check("cache", "warn", f"{summary}; only {_size(free)} free", fix, details)
    return Check("cache", "ok", f"{summary}; {_size(free)} free", details=details)


def _file_size(path: Path) -> int:
    try:
        return path.stat().st_size if path.is_file() else 0
    except OSError:  # removed while we walk: another run is using the cache
        return 0


def _size(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GB"
