"""How the engine lays out the model's weights in memory: llama.cpp's extra buffer types.

When a model loads, llama.cpp may repack its weights into extra CPU buffer types: AMX tiles on
a CPU that reports Intel AMX, interleaved layouts for some quantizations elsewhere. On a CPU
that reports AMX but whose kernel or sandbox does not grant the process the tile state, the
first decode then crashes the whole process with a segmentation fault (seen on a 2-core Xeon
with AMX, the plain ``Llama.create_completion`` included). So where the CPU reports AMX the
engine loads the model without extra buffer types (llama.cpp's ``use_extra_bufts = false``,
the weights as the file has them), which decodes everywhere; elsewhere llama.cpp's default
stands. ``SUMMARIZER_ENGINE_EXTRA_BUFFERS=1`` or ``=0`` overrides the choice.

The choice is part of the engine's cache key (:func:`summarizer.run.codehash.engine_key`):
another layout may round differently, as another thread count may.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from ..errors import ConfigError

VARIABLE = "SUMMARIZER_ENGINE_EXTRA_BUFFERS"
CPUINFO = Path("/proc/cpuinfo")

__all__ = ["CPUINFO", "VARIABLE", "cpu_reports_amx", "extra_buffers", "install"]


@functools.cache
def cpu_reports_amx(cpuinfo: Path = CPUINFO) -> bool:
    """True when the CPU's flags include an AMX feature (``amx_tile``, ``amx_int8``, ...)."""
    try:
        text = cpuinfo.read_text(errors="replace")
    except OSError:
        return False
    return any(
        flag.startswith("amx")
        for line in text.splitlines()
        if line.startswith("flags")
        for flag in line.partition(":")[2].split()
    )


def extra_buffers() -> bool:
    """Whether the engine lets llama.cpp repack weights into extra buffer types.

    Raises:
        ConfigError: ``SUMMARIZER_ENGINE_EXTRA_BUFFERS`` is set to something other than 0 or 1.
    """
    value = os.environ.get(VARIABLE, "").strip()
    if value in {"0", "1"}:
        return value == "1"
    if value:
        raise ConfigError(f"{VARIABLE}={value!r}: use 1 (let llama.cpp repack) or 0 (do not)")
    return not cpu_reports_amx()


def install() -> None:
    """Make every model this process loads with ``llama_cpp.Llama`` follow :func:`extra_buffers`."""
    if extra_buffers():
        return
    import llama_cpp.llama_cpp as native

    default = native.llama_model_default_params
    if getattr(default, "summarizer_plain_weights", False):
        return

    def plain_weights():  # type: ignore[no-untyped-def]
        params = default()
        params.use_extra_bufts = False
        return params

    plain_weights.summarizer_plain_weights = True  # type: ignore[attr-defined]
    native.llama_model_default_params = plain_weights
