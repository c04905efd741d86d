"""summarizer: structured, grounded summaries of scientific abstracts."""

from .api import asummarize, asummarize_many, summarize, summarize_many
from .errors import SummarizerError
from .schemas.paper_summary import PaperSummary, Result
from .settings.config import Settings

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
