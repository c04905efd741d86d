"""``python -m summarizer``."""

from .cli import main

main()
