"""Output records as a run writes them, for tests of the writers and of what reads them."""

from __future__ import annotations

from typing import Any

from .abstracts import ABSTRACT, answer

#: What a record's meta says of the run that made it (resume checks that these agree).
IDENTITY = {"model": "m1", "prompt": "default.v1", "template_hash": "t1", "schema": "s1"}


def output_record(
    id_: str, ok: bool = True, identity: dict[str, str] = IDENTITY, **meta: str
) -> dict[str, Any]:
    """The record of :data:`ABSTRACT` under ``id_``: its summary, or (``ok=False``) a
    backend failure; ``meta`` adds to ``identity``."""
    return {
        "id": id_,
        "title": None,
        "abstract": ABSTRACT,
        "summary": answer() if ok else None,
        "error": None if ok else {"type": "BackendError", "message": "down"},
        "meta": identity | meta,
        "spans": {},
    }
