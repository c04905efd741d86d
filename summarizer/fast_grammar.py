"""Grammar-constrained sampling that checks a short list of tokens before the whole vocabulary.

Runs inside the embedded engine's process (see :mod:`summarizer.engine`), never in the
client. llama-cpp-python applies a grammar to every token of the vocabulary at every step:
151,936 tokens for Qwen2.5, which halves the decoding rate under any JSON grammar. Most
steps, the most likely tokens already include one the grammar allows, so this sampler
checks the ``TOP`` most likely first and applies the grammar to the whole vocabulary only
when none of them is allowed (llama.cpp's own ``common_sampler`` does the same).

Greedy decoding gives the same tokens as the plain grammar sampler: the most likely
allowed token is among the top ``TOP`` whenever any allowed token is. Sampled decoding
draws from the allowed tokens among the ``TOP`` most likely, which top-k (40) and
min-p would cut to anyway.
"""

from __future__ import annotations

import ctypes
import math
from typing import Any

import llama_cpp
import numpy as np
from llama_cpp import _internals

TOP = 64

_TOKEN = np.dtype([("id", np.intc), ("logit", np.single), ("p", np.single)], align=True)
assert _TOKEN.itemsize == ctypes.sizeof(llama_cpp.llama_token_data)


def _view(data: Any, size: int) -> np.ndarray:
    address = ctypes.addressof(data.contents)
    buffer = (ctypes.c_char * (size * _TOKEN.itemsize)).from_address(address)
    return np.frombuffer(buffer, dtype=_TOKEN)


class TopFirstGrammar:
    """A llama.cpp sampler: the grammar, applied to the likely tokens first."""

    def __init__(self, model: Any, grammar: Any, top: int = TOP) -> None:
        self.grammar = llama_cpp.llama_sampler_init_grammar(
            model.vocab, grammar._grammar.encode("utf-8"), grammar._root.encode("utf-8")
        )
        if not self.grammar:
            raise ValueError("llama.cpp could not parse the grammar")
        self.top = top
        self.full_checks = 0
        self.steps = 0
        self._probe = (llama_cpp.llama_token_data * top)()
        self._probe_view = np.frombuffer(self._probe, dtype=_TOKEN)
        self._probe_array = llama_cpp.llama_token_data_array(
            data=ctypes.cast(self._probe, llama_cpp.llama_token_data_p),
            size=top,
            selected=-1,
            sorted=False,
        )
        # The callbacks must outlive the chain: they are kept on self.
        self._apply_cb = llama_cpp.llama_sampler_i_apply(self._apply)
        self._accept_cb = llama_cpp.llama_sampler_i_accept(self._accept)
        self._iface = llama_cpp.llama_sampler_i()
        self._iface.apply = self._apply_cb
        self._iface.accept = self._accept_cb
        self.sampler = llama_cpp.llama_sampler()
        self.sampler.iface = ctypes.pointer(self._iface)
        self.sampler.ctx = None

    def _apply(self, _smpl: Any, cur_p: Any) -> None:
        self.steps += 1
        array = cur_p.contents
        size = int(array.size)
        try:
            if size > self.top:
                tokens = _view(array.data, size)
                top = np.argpartition(tokens["logit"], size - self.top)[size - self.top :]
                probe = self._probe_view
                probe[:] = tokens[top]
                self._probe_array.size = self.top
                self._probe_array.selected = -1
                self._probe_array.sorted = False
                llama_cpp.llama_sampler_apply(self.grammar, ctypes.byref(self._probe_array))
                allowed = probe[probe["logit"] > -math.inf]
                if len(allowed):
                    tokens[: len(allowed)] = allowed
                    array.size = len(allowed)
                    array.selected = -1
                    array.sorted = False
                    return
        except Exception:  # noqa: BLE001 - fall back to the full check below
            pass
        self.full_checks += 1
        llama_cpp.llama_sampler_apply(self.grammar, cur_p)

    def _accept(self, _smpl: Any, token: int) -> None:
        llama_cpp.llama_sampler_accept(self.grammar, token)

    def free(self) -> None:
        if self.grammar:
            llama_cpp.llama_sampler_free(self.grammar)
            self.grammar = None


def _add_grammar(self: _internals.LlamaSampler, model: Any, grammar: Any) -> None:
    sampler = TopFirstGrammar(model, grammar)
    llama_cpp.llama_sampler_chain_add(self.sampler, ctypes.pointer(sampler.sampler))
    # Like llama-cpp-python's own custom samplers: taken out of the chain before the chain
    # is freed, because llama.cpp would try to free memory that Python owns.
    self.custom_samplers.append((llama_cpp.llama_sampler_chain_n(self.sampler) - 1, sampler))
    self._exit_stack.callback(sampler.free)


def install() -> None:
    """Make every grammar sampler of this process check the likely tokens first."""
    _internals.LlamaSampler.add_grammar = _add_grammar  # type: ignore[method-assign]
