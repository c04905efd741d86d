"""summarizer: structured, grounded summaries of scientific abstracts."""

from .api import asummarize, asummarize_many, summarize, summarize_many
from .config import Settings
from .errors import SummarizerError
from .schema import PaperSummary, Result

__all__ = [
    "PaperSummary",
    "Result",
    "Settings",
    "SummarizerError",
    "asummarize",
    "asummarize_many",
    "summarize",
    "summarize_many",
]
__version__ = "0.1.0"
