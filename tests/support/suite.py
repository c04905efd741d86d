"""A three-paper eval suite (abstracts, gold answers) and the endpoint that answers it.

:class:`SuiteEndpoint` answers each abstract of the suite with the summary a model gives for
it (or a scripted HTTP error, or an invalid answer first), and only with the suite's key.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .fake_openai import FakeOpenAI, Status

SECRET = "sk-test-do-not-store-4242"
KEY_ENV = "EVAL_TEST_KEY"

ABSTRACTS = {
    "ZorbNet": "Long-tailed data hurts rare classes. We introduce ZorbNet, a reweighting method "
    "for long-tailed classification on CIFAR-100, reaching 45.82% accuracy. "
    "Code: https://github.com/x/zorbnet.",
    "QuillBench": "Table question answering lacks hard test sets. We present QuillBench, a "
    "benchmark of 1,113 question-table pairs; the best model reaches 38.5% accuracy.",
    "Graphwick": "Graphwick <script>alert('abstract')</script> studies sharpness-aware training "
    "of graph networks for node classification and finds that it improves accuracy by 4.8%.",
}

ANSWERS: dict[str, dict[str, Any]] = {
    "ZorbNet": {
        "tldr": "ZorbNet reweights rare classes and reaches strong long-tailed accuracy.",
        "problem": "Long-tailed data hurts rare classes.",
        "contribution_types": ["method"],
        "introduces": ["ZorbNet"],
        "datasets": ["CIFAR-100"],
        "tasks": ["long-tailed classification"],
        "domain": "computer_vision",
        "keywords": ["long-tailed", "reweighting", "rare classes"],
    },
    "QuillBench": {
        "tldr": "QuillBench is a hard benchmark for table question answering.",
        "problem": "Table question answering lacks hard test sets.",
        "contribution_types": ["benchmark"],
        "introduces": ["QuillBench"],
        "datasets": [],
        "tasks": ["table question answering"],
        "domain": "natural_language",
        "keywords": ["table question answering", "benchmark", "question-table pairs"],
    },
    "Graphwick": {
        "tldr": "<script>alert('answer')</script> Sharpness-aware training helps graph networks.",
        "problem": "It is unclear whether sharpness-aware training helps graph networks.",
        "contribution_types": ["empirical_study"],
        "introduces": [],
        "datasets": [],
        "tasks": ["node classification"],
        "domain": "graphs",
        "keywords": ["sharpness-aware training", "graph networks", "node classification"],
    },
}

GOLD: dict[str, dict[str, Any]] = {
    "ZorbNet": {
        **ANSWERS["ZorbNet"],
        "tldr": "ZorbNet reweights rare classes for long-tailed classification.",
        "results": [
            {"value": "45.82%", "metric": "accuracy", "subject": "ZorbNet", "kind": "absolute"}
        ],
        "code_url": "https://github.com/x/zorbnet",
    },
    "QuillBench": {
        **ANSWERS["QuillBench"],
        "results": [
            {"value": "1,113", "metric": "pairs", "subject": None, "kind": "absolute"},
            {"value": "38.5%", "metric": "accuracy", "subject": None, "kind": "absolute"},
        ],
        "code_url": None,
    },
    "Graphwick": {
        **ANSWERS["Graphwick"],
        "tldr": "Sharpness-aware training improves graph networks on node classification.",
        "contribution_types": ["empirical_study"],
        "introduces": ["Graphwick"],
        "results": [
            {"value": "4.8%", "metric": "accuracy", "subject": None, "kind": "improvement"}
        ],
        "code_url": None,
    },
}

# The model-written fields of the free strategy (naive prompts) add results and code_url.
FREE_EXTRA = {
    "ZorbNet": {"results": [{"value": "45.82%", "metric": "accuracy"}], "code_url": None},
    "QuillBench": {"results": [], "code_url": None},
    "Graphwick": {"results": [{"value": "4.8%", "kind": "improvement"}], "code_url": None},
}


class SuiteEndpoint(FakeOpenAI):
    """The loopback endpoint of the suite, taking only :data:`SECRET` as its key.

    ``script[marker]`` is a list of replies used in turn (the last one repeats) to the
    request whose messages name ``marker``: a dict is a JSON answer, an int an HTTP error
    status. A request that names no marker gets HTTP 404.
    """

    def __init__(self) -> None:
        self.script: dict[str, list[Any]] = {m: [a] for m, a in ANSWERS.items()}
        super().__init__(key=SECRET, respond=self._answer)

    def _answer(self, body: dict[str, Any]) -> Any:
        text = json.dumps(body["messages"])
        marker = next((m for m in self.script if m in text), None)
        if marker is None:
            return Status(404, message="no such paper")
        replies = self.script[marker]
        reply = replies.pop(0) if len(replies) > 1 else replies[0]
        if isinstance(reply, int):
            return Status(reply, message="scripted failure")
        answer = dict(reply)
        if "Candidate names" not in text:  # the free strategy: the model writes every field
            answer.update(FREE_EXTRA[marker])
        return answer


def write_suite(path: Path) -> Path:
    """The suite as a gold file at ``path`` (Graphwick's domain may also be general_ml)."""
    lines = [
        json.dumps(
            {
                "abstract": ABSTRACTS[m],
                "title": f"The {m} paper",
                "gold": GOLD[m],
                "accept": {"domain": ["general_ml"]} if m == "Graphwick" else {},
            }
        )
        for m in ABSTRACTS
    ]
    path.write_text("\n".join(lines) + "\n")
    return path
