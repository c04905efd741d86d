"""The one error handler: an ``Error: ...`` line and an exit code for whatever ended a run.

Exit codes: 0 all done, 1 fatal error, 2 usage error, 3 finished with failed (or partial)
items, 130 interrupted (Ctrl-C). ``SUMMARIZER_DEBUG=1`` shows a traceback instead, and logs
each answer that failed validation.
"""

from __future__ import annotations

import logging
import os
import sys

from ..errors import SummarizerError, UsageError
from ..text import printable
from .options import EXIT_FATAL, EXIT_INTERRUPTED, EXIT_USAGE, err

#: What an interrupted run keeps, as the one handler tells it; a command that keeps it
#: otherwise says so with :func:`on_interrupt`.
INTERRUPTED = "Interrupted; finished records are kept in the output, rerun to resume."
_on_interrupt = INTERRUPTED


def on_interrupt(message: str) -> None:
    """Tell ``message`` instead of :data:`INTERRUPTED` if this run is interrupted."""
    global _on_interrupt
    _on_interrupt = message


def interrupted_message() -> str:
    """What this run keeps when it is interrupted."""
    return _on_interrupt


def _is_click(exc: BaseException, name: str) -> bool:
    # typer may bundle its own copy of click, so match by class name.
    return any(cls.__name__ == name for cls in type(exc).__mro__)


class _DebugLog(logging.Handler):
    """``SUMMARIZER_DEBUG`` log lines, on the standard error of the moment (a progress bar
    replaces it while it runs), escaped: they can quote the model's answer."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = f"debug: {record.name}: {self.format(record)}"
            print(printable(line), file=sys.stderr, flush=True)
        except Exception:  # noqa: BLE001 - logging must not end the run
            self.handleError(record)


def debug_logging() -> None:
    """With ``SUMMARIZER_DEBUG`` set, summarizer's own log (each failed answer's errors, the
    endpoint's mode) goes to stderr."""
    if os.environ.get("SUMMARIZER_DEBUG"):
        logger = logging.getLogger("summarizer")
        logger.addHandler(_DebugLog())
        logger.setLevel(logging.DEBUG)


def unwrap(exc: BaseException) -> BaseException:
    """The cause of an error that a task group wrapped (the first one raised)."""
    from ..run.runner import first_cause

    return first_cause(exc)


def fail(exc: BaseException) -> None:
    """One ``Error: ...`` line for ``exc`` and its exit code."""
    if isinstance(exc, BrokenPipeError):
        # Whoever read our standard output stopped reading (``| head``): no traceback.
        from ..io.output import discard_stream

        discard_stream(sys.stdout)
        _error_line("standard output was closed before the run ended (broken pipe)")
        sys.exit(EXIT_FATAL)
    if isinstance(exc, SummarizerError):
        _error_line(str(exc))
        sys.exit(EXIT_USAGE if isinstance(exc, UsageError) else EXIT_FATAL)
    if isinstance(exc, OSError) and exc.filename:
        _error_line(f"{exc.filename}: {exc.strerror or exc}")
        sys.exit(EXIT_FATAL)
    if _is_click(exc, "Abort"):
        err.print("Interrupted.")
        sys.exit(EXIT_INTERRUPTED)
    if hasattr(exc, "show") and hasattr(exc, "exit_code"):  # click's usage errors
        exc.show()
        sys.exit(EXIT_USAGE)
    _error_line(f"unexpected {type(exc).__name__}: {exc} (set SUMMARIZER_DEBUG=1 for a traceback)")
    sys.exit(EXIT_FATAL)


def _error_line(message: str) -> None:
    err.print(f"Error: {printable(message)}", markup=False, highlight=False, soft_wrap=True)
