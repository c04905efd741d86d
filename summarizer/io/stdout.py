"""Standard output as the file a command writes, when OUT is ``-``.

``merge`` and ``digest`` write a whole file; given ``-`` (:func:`~summarizer.io.target.is_stdout`)
they write it here instead. The rules of :mod:`summarizer.io.target` are about files (locks,
atomic replace) and do not apply; what the command reports goes to standard error, so that
standard output holds the output alone.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import TextIO

from ..errors import OutputError
from .output import discard_stream


@contextlib.contextmanager
def stdout_file(stream: TextIO | None = None) -> Iterator[TextIO]:
    """``stream`` (standard output by default) to write to, flushed at the end of the block.

    Raises:
        OutputError: the stream was closed (``| head`` stopped reading) or a write failed;
            one error, never a second one when Python flushes standard output at exit.
    """
    out = sys.stdout if stream is None else stream
    try:
        yield out
        out.flush()
    except BrokenPipeError as exc:
        discard_stream(out)
        raise OutputError("standard output was closed before the run ended (broken pipe)") from exc
    except OSError as exc:
        discard_stream(out)
        raise OutputError(f"cannot write to standard output: {exc.strerror or exc}") from exc
