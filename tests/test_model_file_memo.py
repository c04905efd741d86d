"""The model's checksum memo: a model file is hashed once per identity, and the memo is read
the way state files are (a FIFO, a link or garbage in its place is ignored, never waited on)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from summarizer.engine import model_file
from summarizer.engine.model_file import BundledModel, bundled_model_path, model_sha256
from summarizer.io.inputs import make_paper
from summarizer.run.pipeline import Pipeline
from summarizer.settings.config import Settings

from .support.abstracts import ABSTRACT
from .support.limits import time_limit

WEIGHTS = b"GGUF" + bytes(range(256)) * 64
DIGEST = hashlib.sha256(WEIGHTS).hexdigest()


@pytest.fixture
def hashes(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every full hash of a model file, in order."""
    calls: list[Path] = []
    real = model_file._sha256_file

    def counting(path: Path) -> str:
        calls.append(Path(path))
        return real(path)

    monkeypatch.setattr(model_file, "_sha256_file", counting)
    return calls


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    return tmp_path / "cache"


@pytest.fixture
def bundled(cache: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A small stand-in for the bundled model, already assembled in the cache."""
    fake = BundledModel(
        filename="small.gguf",
        alias="small",
        size=len(WEIGHTS),
        sha256=DIGEST,
        parts=(("no_such_model_part", "data/part01.bin"),),  # a rebuild fails loudly
    )
    monkeypatch.setattr(model_file, "BUNDLED", fake)
    target = cache / "models" / fake.filename
    target.parent.mkdir(parents=True)
    target.write_bytes(WEIGHTS)
    return target


def _memo(cache: Path) -> Path:
    return cache / "models" / "sha256.json"


@contextlib.contextmanager
def _never_waits() -> Iterator[None]:
    """Bound the block, and fail it if it took the bound: time_limit's TimeoutError is an
    OSError, which the code under test may catch as an unreadable file and carry on."""
    started = time.monotonic()
    with time_limit(10):
        yield
    assert time.monotonic() - started < 5, "blocked on a FIFO"


def _bump_mtime(path: Path) -> None:
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))


# --- engine start: the bundled model ---------------------------------------------------------


def test_the_bundled_model_is_hashed_once_per_file_identity(
    bundled: Path, cache: Path, hashes: list[Path]
) -> None:
    assert bundled_model_path(cache) == bundled
    assert len(hashes) == 1  # first start verifies the file
    entry = json.loads(_memo(cache).read_text())[str(bundled.resolve())]
    st = bundled.stat()
    assert entry["sha256"] == DIGEST
    assert (entry["dev"], entry["ino"], entry["size"], entry["mtime_ns"]) == (
        st.st_dev,
        st.st_ino,
        st.st_size,
        st.st_mtime_ns,
    )
    assert bundled_model_path(cache) == bundled
    assert bundled_model_path(cache) == bundled
    assert len(hashes) == 1  # later starts trust the memo while the file is the same

    _bump_mtime(bundled)  # touched: hashed again, then remembered again
    assert bundled_model_path(cache) == bundled
    assert bundled_model_path(cache) == bundled
    assert len(hashes) == 2


def test_a_bundled_model_damaged_after_its_check_is_hashed_again_and_refused(
    bundled: Path, cache: Path, hashes: list[Path]
) -> None:
    bundled_model_path(cache)
    with bundled.open("r+b") as fh:  # same size, same inode, new mtime
        fh.seek(100)
        fh.write(b"X")
    with pytest.raises(model_file.ConfigError, match="was not used") as err:
        bundled_model_path(cache)
    assert len(hashes) == 2
    assert DIGEST in str(err.value)


def test_a_replaced_bundled_model_is_hashed_again(
    bundled: Path, cache: Path, hashes: list[Path]
) -> None:
    bundled_model_path(cache)
    st = bundled.stat()
    replacement = bundled.with_name("new.tmp")
    replacement.write_bytes(WEIGHTS)
    os.utime(replacement, ns=(st.st_atime_ns, st.st_mtime_ns))  # same size and mtime
    os.replace(replacement, bundled)  # only the inode tells
    assert bundled_model_path(cache) == bundled
    assert len(hashes) == 2


def test_an_assembled_model_is_not_hashed_again_on_the_next_start(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch, hashes: list[Path]
) -> None:
    package = tmp_path / "site" / "small_model_part1"
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "data" / "part01.bin").write_bytes(WEIGHTS)
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    parts = ((package.name, "data/part01.bin"),)
    fake = BundledModel("small.gguf", "small", len(WEIGHTS), DIGEST, parts)
    monkeypatch.setattr(model_file, "BUNDLED", fake)
    path = bundled_model_path(cache)  # assembled, hashed on the way
    assert path.read_bytes() == WEIGHTS
    assert bundled_model_path(cache) == path
    assert hashes == []  # the hash taken while assembling is the one remembered


# --- the memo's identity ---------------------------------------------------------------------


@pytest.mark.parametrize("field", ["dev", "ino", "size", "mtime_ns"])
def test_every_part_of_the_identity_is_compared(
    field: str, bundled: Path, cache: Path, hashes: list[Path]
) -> None:
    bundled_model_path(cache)
    memo = json.loads(_memo(cache).read_text())
    memo[str(bundled.resolve())][field] += 1
    _memo(cache).write_text(json.dumps(memo))
    bundled_model_path(cache)
    assert len(hashes) == 2


def test_the_memo_is_keyed_by_path(tmp_path: Path, cache: Path, hashes: list[Path]) -> None:
    first = tmp_path / "a.gguf"
    first.write_bytes(WEIGHTS)
    second = tmp_path / "b.gguf"
    second.write_bytes(WEIGHTS + b"more")
    assert model_sha256(first, cache) == DIGEST
    assert model_sha256(second, cache) != DIGEST
    assert model_sha256(first, cache) == DIGEST
    assert model_sha256(second, cache) == hashlib.sha256(WEIGHTS + b"more").hexdigest()
    assert len(hashes) == 2


def test_a_rewritten_model_file_gets_its_new_digest(
    tmp_path: Path, cache: Path, hashes: list[Path]
) -> None:
    model = tmp_path / "m.gguf"
    model.write_bytes(WEIGHTS)
    assert model_sha256(model, cache) == DIGEST
    model.write_bytes(WEIGHTS[:-1] + b"!")
    _bump_mtime(model)
    assert model_sha256(model, cache) == hashlib.sha256(WEIGHTS[:-1] + b"!").hexdigest()
    assert len(hashes) == 2


# --- what else may be at the memo's path -----------------------------------------------------


def test_a_fifo_as_the_memo_does_not_hang_a_start(
    bundled: Path, cache: Path, hashes: list[Path], caplog: pytest.LogCaptureFixture
) -> None:
    os.mkfifo(_memo(cache))
    with _never_waits():
        assert bundled_model_path(cache) == bundled
    assert len(hashes) == 1
    assert "is a FIFO" in caplog.text
    assert _memo(cache).is_file()  # replaced by a real memo: the next start trusts it
    bundled_model_path(cache)
    assert len(hashes) == 1


def test_a_fifo_as_the_memo_does_not_hang_an_embedded_run_on_a_model_of_ones_own(
    tmp_path: Path, cache: Path
) -> None:
    model = tmp_path / "own.gguf"
    model.write_bytes(WEIGHTS)
    _memo(cache).parent.mkdir(parents=True)
    os.mkfifo(_memo(cache))
    with _never_waits():
        pipeline = Pipeline(Settings(cache_dir=cache, model_path=model))
        try:
            key = pipeline._key(make_paper(ABSTRACT, "test", None, None, 20_000))
        finally:
            asyncio.run(pipeline.aclose())
    assert key


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(b"{not json", id="not-json"),
        pytest.param(b"\xff\xfe garbage", id="not-utf8"),
        pytest.param(b"[1, 2, 3]", id="a-list"),
        pytest.param(b"[" * 50_000, id="nested-too-deep"),
        pytest.param(b'{"/x": {"sha256": 5}}', id="wrong-entry"),
        pytest.param(b"{}" + b" " * 300_000, id="too-large"),
    ],
)
def test_a_malformed_memo_counts_as_not_verified(
    content: bytes, bundled: Path, cache: Path, hashes: list[Path]
) -> None:
    _memo(cache).write_bytes(content)
    with _never_waits():
        assert bundled_model_path(cache) == bundled
    assert len(hashes) == 1
    bundled_model_path(cache)
    assert len(hashes) == 1  # a valid memo took its place


def test_a_wrong_digest_in_the_memo_for_another_identity_is_not_trusted(
    bundled: Path, cache: Path, hashes: list[Path]
) -> None:
    st = bundled.stat()
    forged = {"dev": st.st_dev, "ino": st.st_ino + 1, "size": st.st_size}
    forged |= {"mtime_ns": st.st_mtime_ns, "sha256": DIGEST}
    _memo(cache).write_text(json.dumps({str(bundled.resolve()): forged}))
    bundled_model_path(cache)
    assert len(hashes) == 1


def test_a_symlinked_memo_is_not_written_through(
    bundled: Path, cache: Path, tmp_path: Path, hashes: list[Path]
) -> None:
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text("keep")
    _memo(cache).symlink_to(elsewhere)
    assert bundled_model_path(cache) == bundled
    assert elsewhere.read_text() == "keep"
    assert not _memo(cache).is_symlink()


def test_a_fifo_as_the_model_file_is_rebuilt_not_waited_on(
    bundled: Path, cache: Path, hashes: list[Path]
) -> None:
    bundled.unlink()
    os.mkfifo(bundled)
    with _never_waits(), pytest.raises(model_file.ConfigError, match="cannot be rebuilt"):
        bundled_model_path(cache)


def test_a_memo_that_cannot_be_written_only_costs_a_rehash(
    bundled: Path, cache: Path, hashes: list[Path]
) -> None:
    _memo(cache).mkdir()  # a directory in its place: neither readable nor replaceable
    assert bundled_model_path(cache) == bundled
    assert bundled_model_path(cache) == bundled
    assert len(hashes) == 2
