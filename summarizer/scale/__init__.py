"""Summarizing on Ray Data: the ``ray`` extra (``pip install 'summarizer[ray]'``).

Three pieces, each usable alone:

- :class:`SummarizeBatch`, a callable class for ``Dataset.map_batches``: each actor builds
  its own :class:`~summarizer.run.pipeline.Pipeline` (client, limiter, cache) once, and keeps
  many requests in flight;
- :func:`preprocess` and :func:`postprocess`, plain row functions around a
  ``ray.data.llm`` processor that runs vLLM itself: the messages and response schema our
  backend would send, and the record made from the engine's answer;
- :func:`run_on_ray`, what ``summarizer summarize --ray`` runs: the driver reads, resumes
  and writes; the actors summarize.

Nothing here imports Ray at import time: :func:`~summarizer.scale.session.import_ray` does,
when it is needed, and a missing extra is one :class:`~summarizer.errors.ConfigError`.
"""

from __future__ import annotations

from .batch import SummarizeBatch
from .driver import run_on_ray
from .vllm import postprocess, preprocess

__all__ = ["SummarizeBatch", "postprocess", "preprocess", "run_on_ray"]
