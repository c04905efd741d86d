"""``python -m summarizer.cli``: the same entry point as the ``summarizer`` command."""

from .app import main

main()
