"""The Arrow schema of output records, and records to and from Arrow tables.

:func:`record_schema` builds the schema from the run's summary model (``PaperSummary``, or a
user's own), so that every block of a run has the same columns whether it holds summaries or
only failures::

    id        string                 never null
    title     string
    abstract  string                 never null
    summary   struct<...>            the summary model's fields; null when the record has none
    error     struct<type: string, message: string,
                     fields: list<struct<field: string, reason: string>>>
    meta      struct<endpoint, model, prompt, prompt_hash, template_hash, schema, mode,
                     decoding: string,
                     attempts: int64, usage: struct<prompt_tokens, completion_tokens,
                     total_tokens: int64>, cached: bool, seconds: double,
                     dropped: list<string>, reasks: list<string>, extra: string>
    spans     struct<introduces, datasets, results: list<list<int64>>, code_url: list<int64>>

Summary fields map by their annotation: a nested model is a struct, a list (tuple, set) a
list, ``dict[str, X]`` a map, ``Optional[X]`` is X, a Literal or Enum of strings a string,
``int`` int64, ``float`` double, ``bool`` bool, other types their JSON text (a string, as
``model_dump(mode="json")`` writes them). A field whose type has no Arrow form (``Any``, a union
of different types, a recursive model) is its JSON text, marked ``summarizer.json`` in the
field's metadata so that reading decodes it. Every field is nullable: a partial record leaves
the prose fields that failed null, and a failed record has no summary.

``meta.dropped`` and ``meta.reasks`` items are free-form (what grounding dropped, why an answer
was re-asked): each item is its JSON text. Meta keys outside :class:`summarizer.records.Meta`
(``batch`` of a Batch API run) are one JSON object in ``meta.extra``. ``spans`` has the fields
of :data:`~summarizer.records.SPAN_LISTS` and :data:`~summarizer.records.SPAN_ONE` that the
summary model has (a null type when it has none).

Reading back (:func:`table_to_records`) gives the record as written, except: meta keys, span
fields and ``error.fields`` that are null are left out (a record without them wrote them as
null); a value that did not fit its column was written as its JSON text (a string column) or
null (a number, bool, list or struct column); text that UTF-8 cannot hold (a lone surrogate) is
written with a backslash escape, as in JSONL.
"""

from __future__ import annotations

import enum
import json
import types
import typing
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from ..errors import ConfigError
from ..records import SPAN_LISTS, SPAN_ONE

if TYPE_CHECKING:
    import pyarrow as pa

#: The one line for a missing pyarrow.
MISSING = "Parquet needs pyarrow: pip install 'summarizer[parquet]'"
#: Field metadata of a column that holds JSON text.
JSON_KEY = b"summarizer.json"
_INT64 = (-(2**63), 2**63 - 1)

Codec = Callable[[Any], Any]


def arrow() -> types.ModuleType:
    """``pyarrow``, or the one-line error that names the extra to install.

    Raises:
        ConfigError: pyarrow is not installed.
    """
    try:
        import pyarrow
        import pyarrow.compute  # noqa: F401 - loaded here so that later uses cannot fail
        import pyarrow.parquet  # noqa: F401
    except ImportError as exc:
        raise ConfigError(MISSING) from exc
    return pyarrow


class _NoArrowType(Exception):
    pass


def record_schema(summary_model: type[BaseModel]) -> pa.Schema:
    """The Arrow schema of the output records of a run with ``summary_model``.

    Raises:
        ConfigError: pyarrow is not installed.
    """
    pa = arrow()
    text = pa.string()
    span = pa.list_(pa.int64())
    tokens = ("prompt_tokens", "completion_tokens", "total_tokens")
    usage = pa.struct([(k, pa.int64()) for k in tokens])
    meta = pa.struct(
        [
            *[(k, text) for k in _META_TEXT],
            ("attempts", pa.int64()),
            ("usage", usage),
            ("cached", pa.bool_()),
            ("seconds", pa.float64()),
            ("dropped", pa.list_(text)),
            ("reasks", pa.list_(text)),
            pa.field("extra", text, metadata={JSON_KEY: b"1"}),
        ]
    )
    failure = pa.struct([("field", text), ("reason", text)])
    error = pa.struct([("type", text), ("message", text), ("fields", pa.list_(failure))])
    names = summary_model.model_fields
    span_fields = [pa.field(f, pa.list_(span)) for f in SPAN_LISTS if f in names]
    span_fields += [pa.field(f, span) for f in SPAN_ONE if f in names]
    return pa.schema(
        [
            pa.field("id", text),
            pa.field("title", text),
            pa.field("abstract", text),
            pa.field("summary", _model_struct(pa, summary_model, ())),
            pa.field("error", error),
            pa.field("meta", meta),
            pa.field("spans", pa.struct(span_fields) if span_fields else pa.null()),
        ],
        metadata={b"summarizer.schema": summary_model.__name__.encode()},
    )


_META_TEXT = (
    "endpoint", "model", "prompt", "prompt_hash", "template_hash", "schema", "mode", "decoding",
)  # fmt: skip
_META_FREE = ("dropped", "reasks")
#: The keys of :class:`summarizer.records.Meta`, each a column of ``meta``.
META_KEYS = (*_META_TEXT, "attempts", "usage", "cached", "seconds", *_META_FREE)


def _model_struct(pa: Any, model: type[BaseModel], stack: tuple[type, ...]) -> pa.DataType:
    if model in stack:
        raise _NoArrowType(model.__name__)
    fields = []
    for name, info in model.model_fields.items():
        try:
            fields.append(pa.field(name, _arrow_type(pa, info.annotation, (*stack, model))))
        except _NoArrowType:
            fields.append(pa.field(name, pa.string(), metadata={JSON_KEY: b"1"}))
    if not fields:
        raise _NoArrowType(model.__name__)
    return pa.struct(fields)


def _arrow_type(pa: Any, tp: Any, stack: tuple[type, ...]) -> pa.DataType:
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _arrow_type(pa, typing.get_args(tp)[0], stack)
    if origin in (typing.Union, types.UnionType):
        kinds = {_arrow_type(pa, a, stack) for a in typing.get_args(tp) if a is not type(None)}
        if len(kinds) != 1:
            raise _NoArrowType(str(tp))
        return kinds.pop()
    if origin is typing.Literal:
        return _scalar(pa, {type(v) for v in typing.get_args(tp)})
    if origin in (list, tuple, set, frozenset) or _is_sequence(origin):
        args = [a for a in typing.get_args(tp) if a is not Ellipsis]
        if not args:
            raise _NoArrowType(str(tp))
        kinds = {_arrow_type(pa, a, stack) for a in args}
        if len(kinds) != 1:
            raise _NoArrowType(str(tp))
        return pa.list_(kinds.pop())
    if origin is dict or _is_mapping(origin):
        args = typing.get_args(tp)
        if len(args) != 2:
            raise _NoArrowType(str(tp))
        return pa.map_(pa.string(), _arrow_type(pa, args[1], stack))
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return _model_struct(pa, tp, stack)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _scalar(pa, {type(m.value) for m in tp})
    if tp in (Any, object) or origin is not None or isinstance(tp, typing.TypeVar):
        raise _NoArrowType(str(tp))
    if tp in (bool, int, float, str):
        return _scalar(pa, {tp})
    if tp in (list, tuple, set, frozenset, dict):  # bare, items untyped
        raise _NoArrowType(str(tp))
    return pa.string()  # dates, URLs, UUIDs, decimals...: their JSON text


def _is_sequence(origin: Any) -> bool:
    import collections.abc as abc

    return origin in (abc.Sequence, abc.MutableSequence, abc.Set, abc.MutableSet, abc.Iterable)


def _is_mapping(origin: Any) -> bool:
    import collections.abc as abc

    return origin in (abc.Mapping, abc.MutableMapping)


def _scalar(pa: Any, kinds: set[type]) -> pa.DataType:
    if kinds == {bool}:
        return pa.bool_()
    if kinds == {int}:
        return pa.int64()
    if kinds <= {int, float} and kinds:
        return pa.float64()
    if kinds == {str}:
        return pa.string()
    raise _NoArrowType(str(kinds))


# --- records to Arrow and back -------------------------------------------------------------


def _is_json(field: Any) -> bool:
    return bool(field.metadata) and JSON_KEY in field.metadata


def _encoder(pa: Any, field: Any) -> Codec:
    """Turns a value into what ``field``'s column takes (see the module docstring)."""
    t = field.type
    if _is_json(field):
        return lambda v: None if v is None else json.dumps(v, ensure_ascii=False)
    if pa.types.is_struct(t):
        subs = [(t.field(i).name, _encoder(pa, t.field(i))) for i in range(t.num_fields)]
        return lambda v: {n: enc(v.get(n)) for n, enc in subs} if isinstance(v, dict) else None
    if pa.types.is_map(t):
        item = _encoder(pa, t.item_field)
        return lambda v: [(str(k), item(x)) for k, x in v.items()] if isinstance(v, dict) else None
    if pa.types.is_list(t):
        item = _encoder(pa, t.value_field)
        return lambda v: [item(x) for x in v] if isinstance(v, list | tuple | set) else None
    if pa.types.is_string(t):
        return _to_text
    if pa.types.is_boolean(t):
        return lambda v: v if isinstance(v, bool) else None
    if pa.types.is_integer(t):
        return _to_int
    if pa.types.is_floating(t):
        return _to_float
    return lambda v: None


def _to_text(v: Any) -> str | None:
    if v is None:
        return None
    if not isinstance(v, str):
        v = json.dumps(v, ensure_ascii=False)
    try:
        v.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: escaped, as the JSONL writer does
        return v.encode("utf-8", "backslashreplace").decode("utf-8")
    return v


def _to_int(v: Any) -> int | None:
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    if isinstance(v, int) and not isinstance(v, bool) and _INT64[0] <= v <= _INT64[1]:
        return v
    return None


def _to_float(v: Any) -> float | None:
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else None


def _decoder(pa: Any, field: Any) -> Codec | None:
    """Turns a column's Python value back into the record's (None: as it is)."""
    t = field.type
    if _is_json(field):
        return lambda v: None if v is None else json.loads(v)
    if pa.types.is_struct(t):
        subs = [(t.field(i).name, _decoder(pa, t.field(i))) for i in range(t.num_fields)]
        if all(dec is None for _, dec in subs):
            return None
        return lambda v: None if v is None else {n: _apply(dec, v.get(n)) for n, dec in subs}
    if pa.types.is_map(t):
        item = _decoder(pa, t.item_field)
        return lambda v: None if v is None else {k: _apply(item, x) for k, x in v}
    if pa.types.is_list(t):
        item = _decoder(pa, t.value_field)
        if item is None:
            return None
        return lambda v: None if v is None else [item(x) for x in v]
    return None


def _apply(dec: Codec | None, value: Any) -> Any:
    return value if dec is None else dec(value)


class _Codec:
    """Record <-> row for one schema."""

    def __init__(self, schema: pa.Schema) -> None:
        pa = arrow()
        self.schema = schema
        self.names = schema.names
        top = {f.name: f for f in schema}
        self._enc = {name: _encoder(pa, top[name]) for name in self.names}
        self._dec = {name: _decoder(pa, top[name]) for name in self.names}
        meta = top.get("meta")
        self._meta_keys = (
            {meta.type.field(i).name for i in range(meta.type.num_fields)} if meta else set()
        )

    def encode(self, record: dict[str, Any]) -> dict[str, Any]:
        row = dict(record)
        meta = row.get("meta")
        if isinstance(meta, dict):
            meta = dict(meta)
            for key in _META_FREE:
                if isinstance(meta.get(key), list):
                    meta[key] = [json.dumps(x, ensure_ascii=False) for x in meta[key]]
            extra = {k: meta.pop(k) for k in list(meta) if k not in self._meta_keys}
            meta["extra"] = extra or None
            row["meta"] = meta
        return {name: self._enc[name](row.get(name)) for name in self.names}

    def decode(self, row: dict[str, Any]) -> dict[str, Any]:
        record = {name: _apply(self._dec.get(name), row.get(name)) for name in row}
        meta = record.get("meta")
        if isinstance(meta, dict):
            extra = meta.pop("extra", None)
            for key in _META_FREE:
                if meta.get(key) is not None:
                    meta[key] = [json.loads(x) for x in meta[key]]
            meta = {k: v for k, v in meta.items() if v is not None}
            if isinstance(extra, str):  # a reader that dropped the field's metadata
                extra = json.loads(extra)
            if isinstance(extra, dict):
                meta.update(extra)
            record["meta"] = meta
        elif "meta" in record:
            record["meta"] = {}
        spans = record.get("spans")
        if "spans" in record:
            record["spans"] = (
                {k: v for k, v in spans.items() if v is not None} if isinstance(spans, dict) else {}
            )
        error = record.get("error")
        if isinstance(error, dict) and error.get("fields") is None:
            error.pop("fields", None)
        return record


def records_to_table(records: Iterable[dict[str, Any]], schema: pa.Schema) -> pa.Table:
    """Output records as a table of ``schema`` (from :func:`record_schema`).

    Raises:
        ConfigError: pyarrow is not installed.
    """
    pa = arrow()
    codec = _Codec(schema)
    return pa.Table.from_pylist([codec.encode(r) for r in records], schema=schema)


def table_to_records(table: pa.Table | pa.RecordBatch) -> list[dict[str, Any]]:
    """The output records of a table (or record batch) written by :func:`records_to_table`,
    as they were written, but for the normalisation of the module docstring."""
    codec = _Codec(table.schema)
    return [codec.decode(row) for row in table.to_pylist()]
