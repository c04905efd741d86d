"""Which structured-output modes an endpoint honours: one tiny request per mode.

Each request goes through the backend's own request path in that mode, so what the probe
finds is what a run gets. A grammar mode counts only if the answer holds to the probe's
schema: a server that takes the request but ignores the schema has no grammar. A prompted
mode counts if the answer is a JSON object, since the validators and their re-asks see to
what it says.

The backend probes once for ``auto`` (the first of :data:`AUTO_ORDER` that works, else
``md_json``); ``summarizer doctor`` probes every mode and shows each answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import openai
from pydantic import BaseModel, ConfigDict

from ..errors import AuthenticationError, BackendError, SummarizerError
from ..settings.config import MODES
from .base import Backend, GenerationRequest

#: The modes ``auto`` tries, best first; with none of them, ``auto`` is :data:`FALLBACK`.
AUTO_ORDER: tuple[str, ...] = MODES[:3]
FALLBACK = "md_json"
GRAMMAR_MODES = frozenset({"json_schema", "json_object_schema"})

QUESTION = [
    {
        "role": "user",
        "content": 'Is the sky blue? Answer as JSON: {"answer": "yes"} or {"answer": "no"}.',
    }
]


class ProbeAnswer(BaseModel):
    """What a grammar mode must answer: the schema's enum, which only a grammar enforces."""

    answer: Literal["yes", "no"]


class ProbeJSON(BaseModel):
    """What a prompted mode must answer: any JSON object."""

    model_config = ConfigDict(extra="allow")


async def probe_modes(
    backend: Backend, modes: Iterable[str], *, first: bool = False, max_tokens: int = 16
) -> dict[str, str | None]:
    """For each mode, None if one tiny structured request worked, else why not (one line).

    Args:
        backend: The backend to ask; each request names its mode, whatever ``backend.mode`` is.
        modes: The modes to try, in order.
        first: Stop at the first mode that works.
        max_tokens: The answer's bound (``{"answer": "yes"}`` is about 6 tokens).

    Raises:
        AuthenticationError: the endpoint refused the API key.
        BackendError: the endpoint could not be reached or did not answer in time; that
            says nothing about any mode.
    """
    results: dict[str, str | None] = {}
    for mode in modes:
        model = ProbeAnswer if mode in GRAMMAR_MODES else ProbeJSON
        request = GenerationRequest(
            QUESTION, model, context={}, max_retries=0, max_tokens=max_tokens, mode=mode
        )
        try:
            await backend.generate(request)
        except AuthenticationError:
            raise
        except BackendError as exc:
            if isinstance(exc.original, openai.APIConnectionError):
                raise
            results[mode] = _line(exc)
            continue
        except SummarizerError as exc:
            results[mode] = _line(exc)
            continue
        results[mode] = None
        if first:
            break
    return results


def best_mode(results: dict[str, str | None]) -> str:
    """The mode ``auto`` takes, given :func:`probe_modes`' results."""
    return next((m for m in AUTO_ORDER if m in results and results[m] is None), FALLBACK)


def _line(exc: BaseException) -> str:
    return (str(exc).splitlines() or [type(exc).__name__])[0]
