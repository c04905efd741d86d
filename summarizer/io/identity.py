"""Whose records an output holds: a rerun appends only to records of the same run.

Every resumable writer (JSONL, CSV, Parquet) checks the ``meta`` of each record it keeps from an
existing output against the identity of the run (:data:`IDENTITY`: model, prompt, template hash,
schema and, on the embedded engine, its decoding options). Another value stops the run with a
:class:`~summarizer.errors.UsageError`; another endpoint for the same model only warns (replicas
behind a cluster differ). ``merge`` checks every shard's records the same way, against the first
record it reads. A value a record does not name (an older record, a CSV row) is not checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import UsageError

#: What names the run that made a record: a rerun must match it to append.
IDENTITY = ("model", "prompt", "template_hash", "schema", "decoding")


class IdentityCheck:
    """Checks the ``meta`` of kept records against a run's identity.

    Args:
        path: The output, as named in messages.
        identity: The run's model, prompt, template_hash, schema and endpoint (None values
            are not checked); empty checks nothing.
        warnings: Where a warning about another endpoint goes (once).
        against: How messages name whose identity it is: one name, or one for each key.
        remedy: What a refusal tells the user to do.
        going_on: What the endpoint warning says the command does anyway.
    """

    def __init__(
        self,
        path: Path | str | None,
        identity: dict[str, Any],
        warnings: list[str],
        *,
        against: str | Mapping[str, str] = "this run",
        remedy: str = "write to a new output, or pass --force to replace them",
        going_on: str = "appending",
    ):
        self.path = path
        self.identity = {k: v for k, v in identity.items() if v is not None}
        self.warnings = warnings
        self.against = against
        self.remedy = remedy
        self.going_on = going_on

    def __call__(self, meta: dict[str, Any]) -> None:
        """Stop when a kept record was made by another model, prompt, schema or decoding.

        Raises:
            UsageError: naming what differs, and ``--force``.
        """
        if not self.identity:
            return
        differ = [
            f"{k} {meta[k]!r} ({self._whose(k)}: {self.identity[k]!r})"
            for k in IDENTITY
            if meta.get(k) and k in self.identity and meta[k] != self.identity[k]
        ]
        if differ:
            raise UsageError(
                f"{self.path} holds records made with another {', '.join(differ)}; {self.remedy}"
            )
        endpoint = self.identity.get("endpoint")
        if (
            meta.get("endpoint")
            and endpoint
            and meta["endpoint"] != endpoint
            and not any("endpoint" in w for w in self.warnings)
        ):
            whose = self._whose("endpoint")
            self.warnings.append(
                f"{self.path} has records from endpoint {meta['endpoint']}; {whose} uses "
                f"{endpoint} (same model): {self.going_on}"
            )

    def _whose(self, key: str) -> str:
        if isinstance(self.against, str):
            return self.against
        return self.against.get(key, "the others")
