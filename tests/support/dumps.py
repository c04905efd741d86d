"""Daily-dump files for the eval scripts that count over arXiv abstracts: one JSON object
per line with the abstract in ``summary``, as the dumps write it."""

from __future__ import annotations

import json
from pathlib import Path


def write_dump(path: Path, abstracts: list[str]) -> Path:
    """``abstracts`` written to ``path`` as a dump; returns ``path``."""
    path.write_text("".join(json.dumps({"summary": a}) + "\n" for a in abstracts))
    return path
