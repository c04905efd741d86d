"""What the rules read in one sentence, for the tests of arXiv forms."""

from __future__ import annotations

from summarizer.rules import find_candidates


def value_metrics(sentence: str) -> list[tuple[str, str | None]]:
    """Each value the rules find in ``sentence``, with its metric, in order."""
    return [(n.value, n.metric) for n in find_candidates(sentence).numbers]
