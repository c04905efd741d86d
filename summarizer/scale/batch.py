"""The callable class for ``Dataset.map_batches``: a batch of papers in, their records out.

Example (a local Ray instance, an OpenAI-compatible endpoint)::

    import ray
    from summarizer import Settings
    from summarizer.scale import SummarizeBatch

    settings = Settings(base_url="http://localhost:8000/v1", model="qwen2.5-7b")
    ds = ray.data.read_json("papers.jsonl")            # columns id, abstract, title
    records = ds.map_batches(
        SummarizeBatch,
        fn_constructor_kwargs={"settings": settings.model_dump(mode="json")},
        batch_format="pyarrow",
        batch_size=64,
        compute=ray.data.ActorPoolStrategy(size=2),  # actors
        num_cpus=0.25,      # they wait on the network; whole CPUs would starve the readers
    )
    records.write_parquet("out/")

A batch is a ``pyarrow.Table`` (``batch_format="pyarrow"``; a pandas DataFrame or a dict of
columns are read too) with an ``abstract`` column and optional ``id`` and ``title``. Each
row is read as the CLI reads a JSONL line (:func:`~summarizer.io.inputs.make_paper`: the id
defaults to the abstract's hash; an over-long or near-empty abstract is refused).

Each actor builds its pipeline once, from the settings (a plain dict, as
``Settings.model_dump(mode="json")`` gives it, or a :class:`Settings`): its own endpoint
client, its own limiter (which backs off on 429s for this actor) and its own cache. It keeps
up to ``settings.concurrency`` requests in flight across the batches it is given. A row that
fails becomes a failed record (its ``error`` says why), exactly as in the CLI; the batch and
the job go on.

Output, by ``output``:

- ``"columns"`` (the default): the record's fields as columns, ``summary``, ``error``,
  ``meta`` and ``spans`` as Arrow structs and lists under the explicit schema of
  :func:`summarizer.io.parquet.record_schema` (so blocks with and without summaries merge),
  ready for ``write_parquet`` and for DuckDB, polars or pandas;
- ``"json"``: columns ``id``, ``finished`` and ``record`` (the record as one JSON line, as
  the JSONL output holds it): what ``summarize --ray`` sends back to its driver.

The cache: diskcache is SQLite and must never live on a network file system. ``cache_dir``
None (the default) keeps each node's cache on that node: ``$SUMMARIZER_RAY_CACHE_DIR``, else
``summarizer-cache`` in the node's temporary folder, shared by the actors of that node only
(SQLite is safe across the processes of one machine). Give ``cache_dir`` to use another
local folder on every node.
"""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from ..io.inputs import Paper, make_paper
from ..run.limiter import AdaptiveLimiter
from ..run.pipeline import Pipeline
from ..run.runner import run_batch
from ..settings.config import Settings

OUTPUTS = ("columns", "json")


def node_cache_dir() -> Path:
    """This node's own cache folder: ``$SUMMARIZER_RAY_CACHE_DIR``, else ``summarizer-cache``
    in its temporary folder."""
    explicit = os.environ.get("SUMMARIZER_RAY_CACHE_DIR")
    if explicit:
        return Path(explicit).expanduser()
    return Path(tempfile.gettempdir()) / f"summarizer-cache-{os.getuid()}"


def settings_of(settings: Settings | dict[str, Any] | None, **changes: Any) -> Settings:
    """Settings from what a Ray task carries (a plain dict), with ``changes``."""
    if isinstance(settings, Settings):
        data = settings.model_dump()
    else:
        data = dict(settings or {})
    return Settings.model_validate({**data, **changes})


def columns_of(batch: Any) -> dict[str, list[Any]]:
    """The columns of a batch as Python lists: a pyarrow Table, a pandas DataFrame, or a
    dict of lists or numpy arrays."""
    if hasattr(batch, "to_pydict"):  # pyarrow.Table
        return batch.to_pydict()
    if hasattr(batch, "to_dict") and hasattr(batch, "columns"):  # pandas.DataFrame
        return {str(c): batch[c].tolist() for c in batch.columns}
    return {k: (v.tolist() if hasattr(v, "tolist") else list(v)) for k, v in batch.items()}


def papers_of(columns: dict[str, list[Any]], limit: int) -> list[Paper]:
    """One paper per row, read as the JSONL reader reads a line."""
    abstracts = columns.get("abstract")
    if abstracts is None:
        raise KeyError(f"the batch has no 'abstract' column (columns: {', '.join(columns)})")
    n = len(abstracts)
    ids = columns.get("id") or [None] * n
    titles = columns.get("title") or [None] * n
    papers = []
    for i, (abstract, id_, title) in enumerate(zip(abstracts, ids, titles, strict=True)):
        text = abstract if isinstance(abstract, str) else ""
        papers.append(make_paper(text, f"row {i + 1}", id_, title, limit))
    return papers


def _thread_of(loop: asyncio.AbstractEventLoop) -> int | None:
    """The thread that runs ``loop`` (asyncio keeps it, unexported)."""
    return getattr(loop, "_thread_id", None)


class SummarizeBatch:
    """``ds.map_batches(SummarizeBatch, fn_constructor_kwargs={"settings": ...})``.

    Args:
        settings: The run's settings, as a dict (``Settings.model_dump(mode="json")``) or a
            :class:`Settings`; None: the defaults.
        output: ``"columns"`` or ``"json"`` (see the module docstring).
        cache_dir: A local folder for this actor's cache; None: the node's own
            (:func:`node_cache_dir`).
    """

    def __init__(
        self,
        settings: Settings | dict[str, Any] | None = None,
        output: str = "columns",
        cache_dir: str | None = None,
    ) -> None:
        if output not in OUTPUTS:
            raise ValueError(f"output {output!r}: use one of {', '.join(OUTPUTS)}")
        self.settings = settings_of(settings, cache_dir=cache_dir or node_cache_dir())
        self.settings.check()
        self.output = output
        self.pipeline = Pipeline(self.settings)
        self.limiter = AdaptiveLimiter(self.settings.concurrency)
        self._schema: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None

    async def __call__(self, batch: Any) -> AsyncIterator[Any]:
        """The records of one batch, in its row order, as one block."""
        self._loop = asyncio.get_running_loop()
        papers = papers_of(columns_of(batch), self.settings.max_abstract_chars)
        records: dict[str, dict[str, Any]] = {}
        await run_batch(
            self.pipeline,
            list(dict.fromkeys(papers)),
            concurrency=self.settings.concurrency,
            on_record=lambda r: records.__setitem__(r["id"], r),
            limiter=self.limiter,
        )
        # An actor is stopped without notice when the job ends: what it learnt is stored now.
        self.pipeline.cache.flush()
        yield self._block([records[p.id] for p in papers])

    def close(self) -> None:
        """Close the endpoint client and store what the cache holds: Ray Data calls it (as
        ``__del__``) when it stops the actor after the dataset is done."""
        loop, self._loop = getattr(self, "_loop", None), None
        try:
            if loop is not None and loop.is_running() and _thread_of(loop) != threading.get_ident():
                future = asyncio.run_coroutine_threadsafe(self.pipeline.aclose(), loop)
                future.result(timeout=10)
            elif hasattr(self, "pipeline"):
                self.pipeline.cache.close()
        except Exception:  # noqa: BLE001 - the actor is going away; nothing is lost but time
            pass

    __del__ = close

    def _block(self, records: list[dict[str, Any]]) -> Any:
        if self.output == "json":
            return {
                "id": [r["id"] for r in records],
                "finished": [r["summary"] is not None and not r["error"] for r in records],
                "record": [json.dumps(r, ensure_ascii=False) for r in records],
            }
        from ..io.parquet import record_schema, records_to_table

        if self._schema is None:
            self._schema = record_schema(self.pipeline.schema.model)
        return records_to_table(records, self._schema)
