"""The command line: a thin layer over the library.

Every command group is a module of this package; this one puts them on one ``app`` and runs
it under the one error handler (:mod:`summarizer.cli.handler`, which lists the exit codes).
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Annotated

import typer

from . import evaluate, local, scale, summarize, views
from .handler import debug_logging, fail, interrupted_message, unwrap
from .helptext import WordedGroup
from .options import EXIT_INTERRUPTED, EXIT_OK, err

app = typer.Typer(
    cls=WordedGroup,
    help="Structured, grounded summaries of scientific abstracts.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version() -> str:
    """The installed distribution's version (the package's own in a bare checkout)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("summarizer")
    except PackageNotFoundError:
        from .. import __version__

        return __version__


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"summarizer {_version()}")
        raise typer.Exit(EXIT_OK)


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            is_eager=True,
            callback=_print_version,
            help="Print the version and exit.",
        ),
    ] = False,
) -> None:
    """Structured, grounded summaries of scientific abstracts."""


app.add_typer(local.cache_app, name="cache")
app.add_typer(local.engine_app, name="engine")
app.command("summarize")(summarize.summarize)
app.command("prompts")(views.prompts)
app.add_typer(evaluate.eval_app, name="eval")
app.command("digest")(views.digest)
app.command("show")(views.show)
app.command("doctor")(views.doctor)
app.add_typer(views.config_app, name="config")
app.command("merge")(scale.merge)
app.add_typer(scale.batch_app, name="batch")


#: The exit code after SIGTERM: 128 + 15, as a shell reports a process it ended.
EXIT_TERMINATED = 128 + signal.SIGTERM
_terminated = False


def _on_sigterm(signum: int, frame: object) -> None:
    """SIGTERM ends a run as Ctrl-C does: the output is closed (an empty one and its lock
    removed) and the cache stored, instead of the process vanishing mid-write."""
    global _terminated
    _terminated = True
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a second SIGTERM ends it at once
    on_sigint = signal.getsignal(signal.SIGINT)
    if callable(on_sigint):  # asyncio's own (it cancels the run's task), or Python's
        on_sigint(signal.SIGINT, frame)
        return
    raise KeyboardInterrupt


def _interrupted_exit() -> int:
    return EXIT_TERMINATED if _terminated else EXIT_INTERRUPTED


def main() -> None:
    """Entry point with the one error handler."""
    debug_logging()
    if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        code = app(standalone_mode=False)
        if code == EXIT_INTERRUPTED:  # typer turns Ctrl-C inside a command into exit 130
            err.print(interrupted_message())
            code = _interrupted_exit()
        sys.exit(code if isinstance(code, int) else EXIT_OK)
    except KeyboardInterrupt:
        err.print(interrupted_message())
        sys.exit(_interrupted_exit())
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except BaseException as raised:  # noqa: BLE001 - the one handler: every error ends here
        exc = unwrap(raised)
        if isinstance(exc, KeyboardInterrupt):
            err.print(interrupted_message())
            sys.exit(_interrupted_exit())
        if isinstance(exc, SystemExit | typer.Exit):
            raise
        if os.environ.get("SUMMARIZER_DEBUG"):
            raise
        fail(exc)
