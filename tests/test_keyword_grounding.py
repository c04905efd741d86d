"""Keywords are checked for grounding, as the guide says: a keyword the abstract does not
hold is dropped while three are left, and re-asked for below that."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from summarizer.prompting.strategy import text_model
from summarizer.schemas.paper_summary import PaperSummary

from .support.abstracts import ABSTRACT, answer


@pytest.mark.parametrize("model", [PaperSummary, text_model()], ids=["schema", "cues-answer"])
def test_an_ungrounded_keyword_is_dropped_and_recorded(model) -> None:
    data = answer(keywords=["class imbalance", "tail classes", "optimizer", "LSTM"])
    if model is not PaperSummary:
        data = {k: data[k] for k in ("tldr", "problem", "keywords")}
    ctx = {"abstract": ABSTRACT}
    parsed = model.model_validate(data, context=ctx)
    assert parsed.keywords == ["class imbalance", "tail classes", "optimizer"]
    assert ctx["dropped"] == [{"field": "keywords", "item": "LSTM"}]


def test_too_few_grounded_keywords_are_a_reask_naming_them() -> None:
    data = answer(keywords=["class imbalance", "LSTM", "collaborative game theory"])
    with pytest.raises(ValidationError, match="'LSTM', 'collaborative game theory' are not in"):
        PaperSummary.model_validate(data, context={"abstract": ABSTRACT})


def test_keywords_match_as_grounding_does() -> None:
    """Case and hyphen against space do not matter, as for every verbatim field."""
    data = answer(keywords=["Class Imbalance", "tail-classes", "class-aware optimizer"])
    parsed = PaperSummary.model_validate(data, context={"abstract": ABSTRACT})
    assert len(parsed.keywords) == 3
