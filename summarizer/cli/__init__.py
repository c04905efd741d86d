"""The ``summarizer`` command: one module per command group, put together in :mod:`.app`."""

from .app import app, main

__all__ = ["app", "main"]
