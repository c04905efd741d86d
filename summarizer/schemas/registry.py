"""Finding the summary schema a run uses: the built-in one or a user's own.

``paper_summary.v1`` is built in (:class:`summarizer.schemas.paper_summary.PaperSummary`);
its JSON Schema is exported to ``schemas/paper_summary.v1.json``. A user schema is a pydantic
model named as ``path/to/file.py:ClassName`` or ``package.module:ClassName``; it can use
:data:`summarizer.schemas.paper_summary.VerbatimList` and
:data:`~summarizer.schemas.paper_summary.VerbatimStr` to get grounding. Its id is
``<module or file stem>.<ClassName>`` unless the class sets ``schema_id``.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel

from ..errors import SchemaError
from .paper_summary import SCHEMA_ID, PaperSummary

BUILTIN: dict[str, type[BaseModel]] = {SCHEMA_ID: PaperSummary, "default": PaperSummary}


@dataclass(frozen=True)
class SchemaInfo:
    """A summary schema and its id (recorded in output records and cache keys)."""

    id: str
    model: type[BaseModel]

    @property
    def builtin(self) -> bool:
        return self.model is PaperSummary


def _from_file(path: Path, name: str) -> type:
    spec = importlib.util.spec_from_file_location(f"summarizer_user_schema_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise SchemaError(f"cannot load schema file {path}")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # a user's file can fail in any way
        raise SchemaError(f"schema file {path} failed to import: {exc}") from exc
    return getattr(module, name, None)  # type: ignore[return-value]


def load_schema(ref: str) -> SchemaInfo:
    """Resolve ``ref`` to a schema: a built-in id, ``file.py:Class`` or ``module:Class``."""
    if ref in BUILTIN:
        return SchemaInfo(SCHEMA_ID, BUILTIN[ref])
    if ":" not in ref:
        raise SchemaError(
            f"unknown schema {ref!r}: use {SCHEMA_ID} or a pydantic model as "
            "path/to/file.py:ClassName or package.module:ClassName"
        )
    where, _, name = ref.rpartition(":")
    if where.endswith(".py"):
        path = Path(where)
        if not path.is_file():
            raise SchemaError(f"schema file {where} does not exist")
        cls = _from_file(path, name)
        default_id = f"{path.stem}.{name}"
    else:
        try:
            module = importlib.import_module(where)
        except ImportError as exc:
            raise SchemaError(f"cannot import schema module {where!r}: {exc}") from exc
        cls = getattr(module, name, None)
        default_id = f"{where}.{name}"
    if not (isinstance(cls, type) and issubclass(cls, BaseModel)):
        raise SchemaError(f"{ref}: {name!r} is not a pydantic model class")
    return SchemaInfo(str(getattr(cls, "schema_id", default_id)), cls)


def export_json_schema(model: type[BaseModel] = PaperSummary) -> str:
    """The JSON Schema of a summary model, as written to ``schemas/``."""
    return json.dumps(model.model_json_schema(), indent=2, ensure_ascii=False) + "\n"
