"""The scorers learned from the labelled dev part: a logistic model over a phrase's features.

A scorer's weights are a data file, ``data/NAME.json``, that ``evals/train_scorers.py``
writes from the dev part's gold alone and can check against a retraining. A phrase's score
is the logistic of the sum of the weights of its features (a feature without a weight adds
nothing), summed in sorted order, so that it does not depend on how the features were
gathered. :mod:`.task_scores` adds tasks with one; :mod:`.keywords` orders its candidates
with another.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from .wordlists import weights

__all__ = ["probability", "table_of"]


def table_of(name: str) -> Mapping[str, float]:
    """The shipped weights of the scorer ``name`` (``data/NAME.json``)."""
    table: Mapping[str, float] = weights(name)["weights"]
    return table


def probability(features: Iterable[str], table: Mapping[str, float]) -> float:
    """The probability the weights ``table`` give a phrase with these features."""
    z = math.fsum(table.get(f, 0.0) for f in sorted(features))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
