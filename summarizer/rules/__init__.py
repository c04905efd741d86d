"""The deterministic extraction core: what code decides about an abstract.

Everything here reads the abstract's text alone and imports nothing above it (no prompting,
no pipeline, no endpoint). The flow for one abstract:

1. candidates (:mod:`.candidates`): spans shaped like names (:mod:`.names`), names after the
   wording that makes something new (:mod:`.cue_patterns`, :mod:`.cue_names`), dataset
   phrases and lists (:mod:`.dataset_lists`, :mod:`.known_datasets`), URLs (:mod:`.urls`);
2. names (:mod:`.cues`): which candidates the paper introduces and which are datasets, from
   the evidence of :mod:`.name_evidence`, :mod:`.data_cues`, :mod:`.short_forms`,
   :mod:`.well_known` (which, like :mod:`.known_datasets`, looks names up through
   :mod:`.listed`), with names' bounds from :mod:`.name_spans`;
3. results (:mod:`.numbers`, with :mod:`.metrics`, :mod:`.subjects`, :mod:`.data_counts`
   and :mod:`.number_lists`): every reported number (:class:`.number.Number`) with its
   metric, subject and kind; where the wording rules leave a metric or subject empty, or take a
   name in a phrase of setting for a subject, the sentence's dependency parse decides
   (:mod:`.grammar`, :mod:`.syntax`, :mod:`.made`);
4. labels (:mod:`.labels`): domain and contribution types; tasks (:mod:`.tasks`, the phrase
   rules, then :mod:`.task_scores`, a scorer learned from the dev part that adds where it is sure).

The prompt strategies (:mod:`summarizer.prompting.strategy`) call these and send the model only what
the rules cannot decide.
"""

from __future__ import annotations

from .analysis import Analysis
from .candidates import Candidates, find_candidates, find_cue_names, find_names, find_urls
from .cues import NameCall, classify_names
from .labels import classify_contributions, classify_domain
from .numbers import Number, find_numbers
from .task_scores import with_scored
from .tasks import find_tasks

__all__ = [
    "Analysis",
    "Candidates",
    "NameCall",
    "Number",
    "classify_contributions",
    "classify_domain",
    "classify_names",
    "find_candidates",
    "find_cue_names",
    "find_names",
    "find_numbers",
    "find_tasks",
    "find_urls",
    "with_scored",
]
