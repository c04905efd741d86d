"""Parquet in and out: the record schema, records to and from Arrow, Parquet inputs, and the
Parquet output writer. Needs the ``parquet`` extra (pyarrow); nothing imports pyarrow before a
Parquet file is read or written, and a missing pyarrow is one
:class:`~summarizer.errors.ConfigError` naming the extra.

- :func:`record_schema` (summary model -> ``pyarrow.Schema``), :func:`records_to_table`,
  :func:`table_to_records`: see :mod:`summarizer.io.arrow_schema` (the columns and types).
- :func:`read_parquet_papers`: a Parquet input, by column name (:mod:`summarizer.io.inputs`).
- :class:`ParquetWriter`: ``-o out.parquet`` or ``-o DIR/``, resumable
  (:mod:`summarizer.io.parquet_writer`).
- :func:`iter_parquet_records`, :func:`read_parquet_records`, :func:`is_parquet_output`,
  :func:`is_parquet_target`: reading outputs back (:mod:`summarizer.io.parquet_files`).
"""

from __future__ import annotations

from .arrow_schema import MISSING, record_schema, records_to_table, table_to_records
from .inputs import read_parquet_papers
from .parquet_files import (
    PART,
    is_parquet_output,
    is_parquet_target,
    iter_parquet_records,
    read_parquet_records,
)
from .parquet_writer import PART_RECORDS, ROW_GROUP, ParquetWriter

__all__ = [
    "MISSING",
    "PART",
    "PART_RECORDS",
    "ROW_GROUP",
    "ParquetWriter",
    "is_parquet_output",
    "is_parquet_target",
    "iter_parquet_records",
    "read_parquet_papers",
    "read_parquet_records",
    "record_schema",
    "records_to_table",
    "table_to_records",
]
