"""Whether a predicted ``problem`` states a problem at all, beside its ROUGE against the gold.

The guide's ``problem`` is "the problem or gap the paper addresses". ROUGE alone rewards
the usual wrong answers, because they share the abstract's words with the gold sentence: the
tldr said again, the paper's finding ("FooNet improves tail accuracy by 4.8%"), or a
description of the paper's own tool. Three checks of one item's ``problem``, each true when
the problem is clear of that fault:

- ``not_tldr``: its token F1 with the record's own ``tldr`` is below ``COPY_THRESHOLD``.
- ``not_finding``: it reports no result. A result is a number that one of the abstract's
  results holds (the gold ``results`` and the predicted ones, compared as
  :func:`~summarizer.evaluation.keys.value_key` compares values), or a verb that reports
  one ("achieves", "outperforms", "improves", "shows that", ...) with no word before it
  in the sentence that makes it an open question or a lack ("whether", "unclear", "not").
- ``not_contribution``: it names no artifact the paper introduces (gold or predicted
  ``introduces``) and does not say "we propose" or "this paper presents".

An empty problem (a failed record, or a partial one whose ``problem`` did not validate)
passes no check: saying nothing is not stating the problem.

On the 361 gold problems of ``evals/gold`` (scored as predictions against themselves) the
rates are 1.0, 0.994 and 1.0: two gold problems cite a result or a verb of one as the gap
(``tests/test_problem_score.py`` keeps that count).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..text import token_f1
from .keys import value_key
from .score_types import RougeScore

COPY_THRESHOLD = 0.6
CHECKS = ("not_tldr", "not_finding", "not_contribution")

# A number on its own, not part of a name (``GPT-4``, ``ImageNet-100``, ``o3-mini``).
_NUMBER = re.compile(r"(?<![\w.\-])\d+(?:[.,]\d+)*")
_REPORTING = re.compile(
    r"\b(?:achiev(?:es|ed)|outperform(?:s|ed)|surpass(?:es|ed)|improves|beats|"
    r"(?:shows?|showed|shown|demonstrates?|demonstrated|finds|found|reveals?|revealed|"
    r"proves?|proved|confirms?|confirmed) that|"
    r"state[- ]of[- ]the[- ]art (?:results?|performance|accuracy))\b",
    re.IGNORECASE,
)
# Before a reporting verb, these make it the open question or the lack that a problem is
# ("it is unclear whether X improves Y", "has not been achieved").
_OPEN = re.compile(
    r"\b(?:whether|why|how|if|unclear|unknown|unexplored|open|not|no|never|lacks?|without|"
    r"fails?|cannot|rarely|seldom|little)\b|n't\b",
    re.IGNORECASE,
)
_CONTRIBUTING = re.compile(
    r"\b(?:we|this (?:paper|work|study|article))\s+(?:\w+\s+)?"
    r"(?:propose|proposes|introduce|introduces|present|presents|develop|develops)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class ProblemScore(RougeScore):
    """The ROUGE of one item's ``problem`` and the three checks of what it states."""

    not_tldr: bool = False
    not_finding: bool = False
    not_contribution: bool = False

    @staticmethod
    def aggregate(scores: Sequence[RougeScore]) -> dict[str, float]:
        """Mean ROUGE F1s, and the share of items that pass each check."""
        out = RougeScore.aggregate(scores)
        for check in CHECKS:
            out[check] = sum(bool(getattr(s, check, False)) for s in scores) / len(scores)
        return out


def copies_tldr(problem: str, tldr: str | None) -> bool:
    """True when ``problem`` says the ``tldr`` again (token F1 >= ``COPY_THRESHOLD``)."""
    return bool(tldr) and token_f1(problem, tldr or "") >= COPY_THRESHOLD


def _numbers(text: str) -> set[str]:
    return {value_key(m) for m in _NUMBER.findall(text)}


def reports_finding(problem: str, result_values: Iterable[str] = ()) -> bool:
    """True when ``problem`` reports a result rather than a problem (see the module)."""
    values = set().union(*(_numbers(str(v)) for v in result_values))
    if _numbers(problem) & values:
        return True
    return any(not _OPEN.search(problem[: m.start()]) for m in _REPORTING.finditer(problem))


def describes_contribution(problem: str, introduces: Iterable[str] = ()) -> bool:
    """True when ``problem`` names what the paper introduces or says that it proposes."""
    if _CONTRIBUTING.search(problem):
        return True
    folded = problem.casefold()
    return any(
        re.search(r"(?<!\w)" + re.escape(name.casefold()) + r"(?!\w)", folded)
        for name in introduces
        if name.strip()
    )


def _values(results: Any) -> list[str]:
    out = []
    for r in results or ():
        value = r.get("value") if isinstance(r, Mapping) else getattr(r, "value", None)
        if value:
            out.append(str(value))
    return out


def check_problem(
    rouge: RougeScore, pred: Mapping[str, Any], gold: Mapping[str, Any]
) -> ProblemScore:
    """``rouge`` (the ``problem``'s ROUGE against its references) with the three checks of
    the predicted ``problem``, against the prediction's ``tldr`` and the results and
    introduced names of both the gold and the prediction."""
    problem = str(pred.get("problem") or "").strip()
    said = bool(problem)
    values = [*_values(gold.get("results")), *_values(pred.get("results"))]
    names = [*(gold.get("introduces") or ()), *(pred.get("introduces") or ())]
    return ProblemScore(
        rouge.rouge1,
        rouge.rouge2,
        rouge.rougeL,
        reference=rouge.reference,
        not_tldr=said and not copies_tldr(problem, pred.get("tldr")),
        not_finding=said and not reports_finding(problem, values),
        not_contribution=said and not describes_contribution(problem, map(str, names)),
    )
