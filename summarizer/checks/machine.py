"""The checks of this machine for ``summarizer doctor``: local engine, model file, cache.

Each returns a :class:`Check`; :mod:`.doctor` runs them after the endpoint checks.
"""

from __future__ import annotations

import importlib.metadata
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ..engine.local import require_local_engine
from ..engine.model_file import (
    BUNDLED,
    LARGE,
    install_hint,
    locate_parts,
    model_sha256,
    verify_gguf,
)
from ..errors import ConfigError
from ..settings.config import Settings

Status = Literal["ok", "warn", "fail", "skip"]


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


def engine_check(settings: Settings) -> Check:
    """Whether llama-cpp-python and its server extra are installed (needed when embedded)."""
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


#: What the bundled file is. The data packages' own metadata names no license and no
#: upstream; the license is Qwen's because the pinned sha256 is that of Qwen's own file
#: (:data:`QWEN_REPO` on Hugging Face), so the bytes are Qwen's whoever packaged them.
BUNDLED_WHAT = "Qwen2.5-Coder-0.5B-Instruct, Q4_K_M GGUF"
BUNDLED_LICENSE = "Apache-2.0"
QWEN_REPO = "Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF"
LICENSE_NOTE = (
    f"license: {BUNDLED_LICENSE}, Qwen's for these weights: the sha256 is that of Qwen's own "
    f"Q4_K_M GGUF ({QWEN_REPO} on Hugging Face)"
)
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
        "same_file_as": {"repo": QWEN_REPO, "file": BUNDLED.filename},
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
        _what(origin),
        f"from: the {len(names)} PyPI data packages {listed}{version} (one slice each), "
        f"joined in order by {origin['assembled_by']}",
        f"sha256: {origin['sha256']}, checked before every use",
        LICENSE_NOTE,
        OWN_MODEL_NOTE,
        _large_note(),
    ]


def _large_note() -> str:
    """Whether the large bundled model (``--engine-model large``) is installed."""
    what = f"also bundled: --engine-model large, {LARGE.alias} ({LARGE.size / 2**20:.0f} MB)"
    try:
        locate_parts(LARGE)
    except ConfigError:
        return f"{what}; to add it, {install_hint(LARGE)}"
    return f"{what}, installed"


def _what(origin: dict[str, Any]) -> str:
    return f"what: {origin['model']}, {origin['size'] / 2**20:.0f} MB"


def _own_model_check(settings: Settings, origin: dict[str, Any]) -> Check:
    """A ``--model-path`` file; one with the bundled sha256 is named as the bundled model."""
    assert settings.model_path is not None
    path = verify_gguf(settings.model_path)
    details: dict[str, Any] = {"path": str(path)}
    try:
        # Only a file of the bundled size can be it: no other file is read whole here.
        same = path.stat().st_size == BUNDLED.size and (
            model_sha256(path, settings.cache_dir) == BUNDLED.sha256
        )
    except OSError as exc:
        raise ConfigError(f"Cannot read model file {path}: {exc}") from exc
    if not same:
        return Check("model file", "ok", f"{path} is a GGUF file", details=details)
    return Check(
        "model file",
        "ok",
        f"{path} is the bundled model's file, byte for byte (sha256 {BUNDLED.sha256})",
        details={**details, "sha256": BUNDLED.sha256, "bundled": origin},
        notes=[_what(origin), LICENSE_NOTE],
    )


def model_check(settings: Settings) -> Check:
    """Whether the model file a run would load is there and verified, and what it is."""
    needed = settings.embedded
    origin = bundled_origin()
    try:
        if settings.model_path is not None:
            return _own_model_check(settings, origin)
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


def cache_check(cache_dir: Path) -> Check:
    """Whether the cache directory is writable, what it holds and how much room is left."""
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
