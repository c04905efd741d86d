"""The record a long-lived engine leaves in ``engine.json``, for tests that plant one."""

from __future__ import annotations

from typing import Any


def engine_record(**changes: Any) -> dict[str, Any]:
    """The fields ``start_daemon`` writes, for a process that is not our server (init, on
    port 1); ``changes`` replace or add fields."""
    record = {
        "pid": 1,
        "port": 1,
        "base_url": "http://127.0.0.1:1/v1",
        "model": "m",
        "model_path": "/m.gguf",
        "started_at": "2026-01-01T00:00:00+00:00",
        "n_ctx": 4096,
        "token": "0" * 32,
        "decoding": "whitespace=free",
    }
    return record | changes
