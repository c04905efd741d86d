"""The engine's grammar sampler that checks the likely tokens first, on the real model."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from tests.support.limits import time_limit

SCHEMA = {
    "type": "object",
    "properties": {
        "tldr": {"type": "string", "pattern": "^(This paper|We) [^.]{10,80}[.]$"},
        "keywords": {"type": "array", "items": {"type": "string"}, "maxItems": 3},
    },
    "required": ["tldr", "keywords"],
    "additionalProperties": False,
}
ABSTRACT = (
    "We introduce GraphMix, a regularization method for graph neural networks that mixes "
    "node features. On Cora and PubMed it improves accuracy by 2.1 points over GCN."
)


@pytest.fixture(autouse=True)
def bounded():
    with time_limit(120):
        yield


@pytest.fixture(scope="module")
def llm(model_cache: Path):
    from summarizer.engine import weights

    weights.install()  # the engine's weight layout (a crash on some AMX CPUs)
    from llama_cpp import Llama

    from summarizer.engine.model_file import bundled_model_path

    model = Llama(
        str(bundled_model_path(model_cache)), n_ctx=1024, n_threads=2, verbose=False, seed=7
    )
    yield model
    model.close()


@pytest.fixture
def samplers(monkeypatch: pytest.MonkeyPatch) -> list:
    """Installs the sampler for one test and lists every instance it builds."""
    from llama_cpp import _internals

    from summarizer.engine import fast_grammar

    built: list = []
    original = fast_grammar.TopFirstGrammar.__init__

    def record(self, *args, **kwargs):
        original(self, *args, **kwargs)
        built.append(self)

    monkeypatch.setattr(fast_grammar.TopFirstGrammar, "__init__", record)
    monkeypatch.setattr(_internals.LlamaSampler, "add_grammar", fast_grammar._add_grammar)
    return built


def _ask(llm, grammar, temperature: float = 0.0, content: str = ABSTRACT) -> str:
    messages = [
        {"role": "system", "content": "Summarize the abstract as JSON."},
        {"role": "user", "content": content},
    ]
    llm.reset()  # the same prompt evaluation every time, not a reused KV cache
    answer = llm.create_chat_completion(
        messages=messages, max_tokens=90, temperature=temperature, grammar=grammar, seed=3
    )
    return answer["choices"][0]["message"]["content"]


def test_greedy_answer_equals_full_vocabulary_grammar(llm, request) -> None:
    from llama_cpp import LlamaGrammar

    grammar = LlamaGrammar.from_json_schema(json.dumps(SCHEMA), verbose=False)
    plain = _ask(llm, grammar)
    built = request.getfixturevalue("samplers")
    fast = _ask(llm, LlamaGrammar.from_json_schema(json.dumps(SCHEMA), verbose=False))
    assert fast == plain
    data = json.loads(fast)
    assert re.fullmatch(SCHEMA["properties"]["tldr"]["pattern"], data["tldr"])
    (sampler,) = built
    # Most steps were decided from the first short list, not the whole vocabulary.
    assert sampler.steps > 20
    assert sampler.wide_checks + sampler.full_checks < sampler.steps / 4


# Nothing a summary would start with: the most likely tokens are all refused at first.
RARE = 'root ::= "qzx" [0-9] [0-9] [0-9] "|"'


def test_falls_back_to_the_whole_vocabulary(llm, samplers, monkeypatch) -> None:
    from llama_cpp import LlamaGrammar

    from summarizer.engine import fast_grammar

    monkeypatch.setattr(fast_grammar, "WIDTHS", (1, 2))
    answer = _ask(llm, LlamaGrammar.from_string(RARE, verbose=False))
    assert re.fullmatch(r"qzx[0-9]{3}\|", answer)
    assert samplers[0].full_checks >= 1


def test_a_wider_list_comes_before_the_whole_vocabulary(llm, samplers, monkeypatch) -> None:
    from llama_cpp import LlamaGrammar

    from summarizer.engine import fast_grammar

    monkeypatch.setattr(fast_grammar, "WIDTHS", (1, 150_000))
    answer = _ask(llm, LlamaGrammar.from_string(RARE, verbose=False))
    assert re.fullmatch(r"qzx[0-9]{3}\|", answer)
    assert samplers[0].wide_checks >= 1
    assert samplers[0].full_checks <= samplers[0].wide_checks


def test_sampled_answers_follow_the_grammar(llm, samplers) -> None:
    from llama_cpp import LlamaGrammar

    for _ in range(3):
        grammar = LlamaGrammar.from_json_schema(json.dumps(SCHEMA), verbose=False)
        data = json.loads(_ask(llm, grammar, temperature=1.0))
        assert set(data) == {"tldr", "keywords"}
        assert len(data["keywords"]) <= 3
    assert len(samplers) == 3


class Defect(RuntimeError):
    """An error the short-list check never raises in normal operation."""


def test_an_error_in_the_short_list_check_is_raised_not_taken_for_a_full_check(
    llm, samplers, monkeypatch
) -> None:
    from llama_cpp import LlamaGrammar

    from summarizer.engine import fast_grammar

    def broken(self, array, size):
        raise Defect("the short-list check broke")

    monkeypatch.setattr(fast_grammar.TopFirstGrammar, "_apply_to_likely", broken)
    # Raised inside llama.cpp's call of the sampler, an error reaches sys.unraisablehook
    # (the engine's log), not the caller.
    raised: list[type[BaseException]] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda report: raised.append(report.exc_type))
    answer = _ask(llm, LlamaGrammar.from_string(RARE, verbose=False))
    assert re.fullmatch(r"qzx[0-9]{3}\|", answer)  # each token still one the grammar allows
    (sampler,) = samplers
    assert sampler.steps >= 5
    assert raised == [Defect] * sampler.steps
    assert sampler.full_checks == 0
