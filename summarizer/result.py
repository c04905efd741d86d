"""The library's result: one typed :class:`Record` per abstract, from ``summarize`` and
``summarize_many`` alike.

A :class:`Record` holds what a JSONL line of the CLI holds, typed: the paper as read, its
``summary`` as the schema's pydantic model (``PaperSummary`` by default), the character
``spans`` of its verbatim items, how it was made (``meta``) and, when it failed, why
(``error``). ``to_dict()`` gives the JSONL record itself, key for key.
"""

from __future__ import annotations

import copy
import json
import warnings
from typing import Any

from pydantic import BaseModel, ConfigDict, PrivateAttr, SerializeAsAny, ValidationError

__all__ = ["ErrorInfo", "FieldFailure", "Record"]


class FieldFailure(BaseModel):
    """A field of a partial record that did not validate, and why."""

    model_config = ConfigDict(frozen=True)

    field: str
    reason: str


class ErrorInfo(BaseModel):
    """Why a record has no summary, or (``type == "PartialRecord"``) which fields failed."""

    model_config = ConfigDict(frozen=True)

    #: The error's class name: ``OutputValidationError``, ``BackendError``, ``InputError``, ...
    type: str
    message: str
    #: For a partial record, the fields that failed; None otherwise.
    fields: list[FieldFailure] | None = None


class Record(BaseModel):
    """One abstract's result.

    Attributes:
        id: The paper's id (the input's, or a hash of its text).
        title: The paper's title, when the input gave one.
        abstract: The abstract as read.
        summary: The validated, grounded summary (the schema's model), or None when the
            paper failed. For a partial record, the fields that validated and the failed
            prose as the model gave it, not validated.
        error: None when the summary validated; else why not.
        meta: How the record was made: endpoint, model, prompt, attempts, usage, seconds, ...
        spans: Per verbatim field, the ``[start, end]`` character spans of its items in
            ``abstract`` (``code_url``: one span).
    """

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    id: str
    title: str | None = None
    abstract: str
    summary: SerializeAsAny[BaseModel] | None = None
    error: ErrorInfo | None = None
    meta: dict[str, Any]
    spans: dict[str, Any]

    _data: dict[str, Any] = PrivateAttr(default_factory=dict)
    _exception: BaseException | None = PrivateAttr(default=None)

    @classmethod
    def from_dict(
        cls,
        data: dict[str, Any],
        model: type[BaseModel],
        exception: BaseException | None = None,
    ) -> Record:
        """The record for an output record ``data`` (a JSONL line), its summary read as
        ``model``; ``exception`` is the error that failed it, when one was raised."""
        data = json.loads(json.dumps(data))  # JSON types, as a JSONL line reads back
        summary = data.get("summary")
        error = data.get("error")
        record = cls(
            id=data["id"],
            title=data.get("title"),
            abstract=data["abstract"],
            summary=None if summary is None else _summary(model, summary, partial=bool(error)),
            error=None if error is None else ErrorInfo.model_validate(error),
            meta=data.get("meta") or {},
            spans=data.get("spans") or {},
        )
        record._data = data
        record._exception = exception
        return record

    @property
    def ok(self) -> bool:
        """True when the summary validated in full."""
        return self.error is None

    @property
    def partial(self) -> bool:
        """True for a partial record: its summary holds fields that did not validate."""
        return self.error is not None and self.error.type == "PartialRecord"

    @property
    def exception(self) -> BaseException | None:
        """The exception that failed this paper in this process, with its own class and
        fields (``RateLimitError.retry_after``, ``OutputValidationError.last_raw``, ...);
        None when it did not fail, or when no exception was raised (a refused input)."""
        return self._exception

    def to_dict(self) -> dict[str, Any]:
        """The output record as the CLI writes it to JSONL: plain JSON types, key for key."""
        return copy.deepcopy(self._data) if self._data else self._dump()

    def _dump(self) -> dict[str, Any]:
        data = self.model_dump(mode="json")
        if self.error is not None and self.error.fields is None:
            del data["error"]["fields"]
        return data

    # One version of grace for the shapes the library returned before: summarize() gave
    # the summary model itself, summarize_many() plain dicts.
    def __getattr__(self, name: str) -> Any:
        summary = self.__dict__.get("summary")
        if not name.startswith("_") and summary is not None and name in type(summary).model_fields:
            warnings.warn(
                f"summarize() returns a Record: use record.summary.{name}",
                DeprecationWarning,
                stacklevel=2,
            )
            return getattr(summary, name)
        return super().__getattr__(name)  # type: ignore[misc]

    def __getitem__(self, key: str) -> Any:
        warnings.warn(
            f"summarize_many() returns Records: use record.{key} or record.to_dict()[{key!r}]",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.to_dict()[key]

    def get(self, key: str, default: Any = None) -> Any:
        """Deprecated dict access: ``record.to_dict().get(key, default)``."""
        warnings.warn(
            f"summarize_many() returns Records: use record.{key} or record.to_dict().get(...)",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.to_dict().get(key, default)


def _summary(model: type[BaseModel], summary: dict[str, Any], partial: bool) -> BaseModel:
    """``summary`` as ``model``. A partial record's failed prose does not validate: its
    fields are kept as they are (``model_construct``)."""
    try:
        return model.model_validate(summary)
    except ValidationError:
        if not partial:
            raise
        return model.model_construct(**summary)
