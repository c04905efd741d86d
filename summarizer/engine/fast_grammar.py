"""Grammar-constrained sampling that checks short lists of tokens before the whole vocabulary.

Runs inside the embedded engine's process (see :mod:`summarizer.engine.local`), never in the
client. llama-cpp-python applies a grammar to every token of the vocabulary at every step:
151,936 tokens for Qwen2.5, which halves the decoding rate under a small JSON grammar and
is far slower under a large one (string lengths, enums). At most steps the most likely
tokens already include one the grammar allows, so this sampler checks the ``WIDTHS[0]``
most likely first, then the ``WIDTHS[1]`` most likely, and applies the grammar to the whole
vocabulary only when none of those is allowed (llama.cpp's own ``common_sampler`` also
checks its pick before the whole vocabulary).

Greedy decoding gives the same tokens as the plain grammar sampler: the most likely
allowed token is in a short list whenever any allowed token is. Sampled decoding draws
from the allowed tokens of the first list that has any, which top-k (40) and min-p would
cut to anyway.
"""

from __future__ import annotations

import ctypes
import math
from typing import Any

import llama_cpp
import numpy as np

# Private to llama-cpp-python, pinned in pyproject: its LlamaSampler is where every grammar
# sampler is built, and the only place to put this one in their stead.
from llama_cpp import _internals

WIDTHS = (64, 2048)

_TOKEN = np.dtype([("id", np.intc), ("logit", np.single), ("p", np.single)], align=True)
assert _TOKEN.itemsize == ctypes.sizeof(llama_cpp.llama_token_data)


def _view(data: Any, size: int) -> np.ndarray:
    address = ctypes.addressof(data.contents)
    buffer = (ctypes.c_char * (size * _TOKEN.itemsize)).from_address(address)
    return np.frombuffer(buffer, dtype=_TOKEN)


class TopFirstGrammar:
    """A llama.cpp sampler: the grammar, applied to the likely tokens first."""

    def __init__(self, model: Any, grammar: Any, widths: tuple[int, ...] | None = None) -> None:
        self.grammar = llama_cpp.llama_sampler_init_grammar(
            model.vocab, grammar._grammar.encode("utf-8"), grammar._root.encode("utf-8")
        )
        if not self.grammar:
            raise ValueError("llama.cpp could not parse the grammar")
        self.widths = tuple(sorted(widths or WIDTHS))
        self.steps = 0
        self.wide_checks = 0  # steps that needed a list beyond the first
        self.full_checks = 0  # steps that needed the whole vocabulary
        widest = self.widths[-1]
        self._probe = (llama_cpp.llama_token_data * widest)()
        self._probe_view = np.frombuffer(self._probe, dtype=_TOKEN)
        self._probe_array = llama_cpp.llama_token_data_array(
            data=ctypes.cast(self._probe, llama_cpp.llama_token_data_p),
            size=widest,
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
        try:
            likely = self._apply_to_likely(array, int(array.size))
        except BaseException:
            # Nothing in the short-list check raises in normal operation, so an error here is
            # a defect and is raised. Raised inside a ctypes callback, it cannot stop the
            # sampling: ctypes reports it (sys.unraisablehook: the engine's log) and returns.
            # The whole-vocabulary check first keeps this token one the grammar allows: a
            # token it refuses would make llama.cpp's accept throw and abort the process.
            llama_cpp.llama_sampler_apply(self.grammar, cur_p)
            raise
        if not likely:
            self.full_checks += 1
            llama_cpp.llama_sampler_apply(self.grammar, cur_p)

    def _apply_to_likely(self, array: Any, size: int) -> bool:
        """Keep only the allowed tokens among the most likely, if there are any."""
        widths = [w for w in self.widths if w < size]
        if not widths:
            return False
        tokens = _view(array.data, size)
        logits = tokens["logit"]
        widest = widths[-1]
        top = np.argpartition(logits, size - widest)[size - widest :]
        top = top[np.argsort(logits[top])[::-1]]  # most likely first
        probe = self._probe_view
        for n, width in enumerate(widths):
            if n:
                self.wide_checks += 1
            probe[:width] = tokens[top[:width]]
            self._probe_array.size = width
            self._probe_array.selected = -1
            self._probe_array.sorted = False
            llama_cpp.llama_sampler_apply(self.grammar, ctypes.byref(self._probe_array))
            checked = probe[:width]
            allowed = checked[checked["logit"] > -math.inf]
            if len(allowed):
                tokens[: len(allowed)] = allowed
                array.size = len(allowed)
                array.selected = -1
                array.sorted = False
                return True
        return False

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
