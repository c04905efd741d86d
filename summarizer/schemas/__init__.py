"""The summary schema: the PaperSummary model and its validators, grounding, prose checks, and the
registry of schemas a run may use."""
