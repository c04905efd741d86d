"""summarizer: structured, grounded summaries of scientific abstracts."""

from .api import asummarize, asummarize_many, summarize, summarize_many
from .errors import SummarizerError
from .result import ErrorInfo, Record
from .schemas.paper_summary import PaperSummary, Result
from .settings.config import Settings

__all__ = [
    "ErrorInfo",
    "PaperSummary",
    "Record",
    "Result",
    "Settings",
    "SummarizerError",
    "asummarize",
    "asummarize_many",
    "summarize",
    "summarize_many",
]
__version__ = "0.1.0"
