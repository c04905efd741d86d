"""Where an eval run is written: a new folder's name, the check on ``--out``, and the swap
that puts a finished run in place.

A run is written into a hidden staging folder beside its run folder and moved in only once it
is saved. Until then an existing run folder stays as it was, loadable by ``eval compare``; a
run stopped midway (Ctrl-C, an error) leaves the old run whole and nothing of its own.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

from ..errors import UsageError

RUN_FILE, PREDICTIONS_FILE, SCORES_FILE = "run.json", "predictions.jsonl", "scores.jsonl"
#: What a run writes into its folder (the reports by :mod:`summarizer.evaluation.report`).
RUN_FILES = (RUN_FILE, PREDICTIONS_FILE, SCORES_FILE, "report.md", "report.html")


def suite_slug(suite: str) -> str:
    """A folder-name-safe name of a suite: ``test``, ``scitldr-test``, ``mygold``."""
    kind, sep, rest = suite.partition(":")
    text = f"{kind}-{Path(rest).stem}" if sep and kind in ("scitldr", "scierc") else suite
    if text.endswith((".jsonl", ".json")):
        text = Path(text).stem
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.") or "suite"


def new_run_dir(runs_dir: Path, suite: str, prompt: str, when: datetime) -> Path:
    """``runs_dir/<suite>-<prompt>-<UTC timestamp>``, suffixed ``-2``, ``-3`` if taken."""
    base = f"{suite_slug(suite)}-{suite_slug(prompt)}-{when:%Y%m%d-%H%M%S}"
    path, n = runs_dir / base, 1
    while path.exists():
        n += 1
        path = runs_dir / f"{base}-{n}"
    return path


def check_run_dir(out: Path) -> None:
    """Refuse an ``--out`` that is a file, or a folder that is not empty nor a run folder.

    Raises:
        UsageError: writing the run there would replace files it did not write.
    """
    if not out.exists():
        return
    if not out.is_dir():
        raise UsageError(f"{out} is a file; give a folder for the run")
    names = {p.name for p in out.iterdir() if not p.name.startswith(".")}
    if names and RUN_FILE not in names:
        raise UsageError(
            f"{out} holds files that are not an eval run's ({', '.join(sorted(names)[:3])}"
            f"{', ...' if len(names) > 3 else ''}); give an empty or new folder"
        )


@contextlib.contextmanager
def staged(final: Path) -> Iterator[Path]:
    """An empty staging folder beside ``final``; when the block ends, it becomes ``final``.

    ``final`` is created at once if it is missing, so that no other run takes its name. An
    earlier run in it is replaced only when the block ends without an error: its own files
    (:data:`RUN_FILES`) go, anything else in the folder (notes, a ``.gitignore``) moves into
    the new run's folder. If the block raises, Ctrl-C included, the staging folder is removed,
    and so is ``final`` if this call made it.
    """
    made = not final.exists()
    final.mkdir(parents=True, exist_ok=True)
    # Not tempfile.mkdtemp: its folders are private (0700), and this one becomes the run's.
    stage = final.parent / f".{final.name}.{os.getpid()}-{secrets.token_hex(4)}.new"
    stage.mkdir()
    try:
        yield stage
        _swap(stage, final)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        if made:
            with contextlib.suppress(OSError):
                final.rmdir()
        raise


def _swap(stage: Path, final: Path) -> None:
    # Two renames, since no portable rename replaces a folder that is not empty; for the
    # moment between them the old run is whole under the aside name.
    aside = stage.with_suffix(".old")
    os.rename(final, aside)
    try:
        os.rename(stage, final)
    except BaseException:
        os.rename(aside, final)
        raise
    for entry in aside.iterdir():
        if entry.name not in RUN_FILES:
            os.rename(entry, final / entry.name)
    shutil.rmtree(aside, ignore_errors=True)
