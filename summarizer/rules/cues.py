"""Deciding from the abstract's own wording which names are new and which are datasets.

Small local models cannot make these calls reliably (the embedded 0.5B model labels
almost every candidate name as "new"), while the wording of abstracts is regular:
"we propose X", "named X", "our X", "on X and Y benchmarks", "outperforms X". These
rules read that wording. Prompts with ``strategy = "cues"`` use them; prompts with
``strategy = "candidates"`` leave the choice to the model.
"""

from __future__ import annotations

import re

from .analysis import Analysis, analysed
from .candidates import (
    ARTIFACT_NOUN,
    EARLIER_KIND_AFTER,
    EXISTING_BEFORE_NAMING,
    PROPOSED_BEFORE,
    find_names,
)
from .components import defined_components
from .cue_apposed import OWN_ANSWER
from .cue_defined import defined_after_making
from .cue_names import EXISTING, find_cue_names
from .cue_parts import our_kind
from .cue_patterns import OUR_APPOSITIVE
from .cue_patterns_more import presented_here
from .cue_words import MAKE_IN_WINDOW_GROUP, NAMED_IN_WINDOW, NEW_WORDS, THIS_WORK, either
from .data_cues import (
    DATA_WORD,
    LANGUAGE_PAIR,
    built_here,
    called_another_kind,
    listed_as_data,
    models_plural,
    named_as_model,
    with_versions,
)
from .dataset_lists import (
    BENCH_LIKE,
    BENCH_NAME,
    TITLED_DATASET,
    beside_a_known_dataset,
    find_listed_datasets,
    inside_a_titled_name,
)
from .defined_metrics import used_as_a_metric
from .known_datasets import find_known_datasets, is_known_dataset, never_a_dataset, only_counted
from .metrics import is_metric_name
from .name_evidence import (
    DATASET_AT,
    EVIDENCE,
    INTRODUCES_AT,
    NO_CUE,
    Evidence,
    NameCall,
    Tally,
)
from .name_spans import mentions, mentions_outside, occurrences, written_whole
from .names import WHOLE_NAME
from .short_forms import (
    as_short_forms,
    called_a_term,
    closes_the_object,
    expansion_only,
    in_parens,
    piece_short_form,
    prefer_short,
    short_of_a_task,
    spelled_out_in_parens,
    term_acronym,
    written_after,
    written_as,
)
from .unnamed import name_of_an_unnamed_method
from .urls import url_free_sentences
from .well_known import is_common
from .wordlists import words

__all__ = ["EVIDENCE", "Evidence", "NameCall", "classify_name", "classify_names"]

_INTRO_VERB = MAKE_IN_WINDOW_GROUP
_NAMING = r"(?:" + either(NAMED_IN_WINDOW) + r")"
_NEW_NOUN = r"(?:" + either(NEW_WORDS) + r")"
# The word before a name in a sentence about datasets that makes it one of them ("on X", "a
# dataset of X, Y and Z"); not "in", "with", "to": "gains of up to 12% in NDCG", "... to X".
_DATA_CONTEXT = r"(?:on|across|over|using|from|including|such as|e\.g\.,?|and|of)"


# "We introduce D-4M, ..., and train D3, a generative model ...".
_APPOSITIVE_ARTIFACT = re.compile(r"^,\s*an?\s+(?:[\w-]+\s+){0,2}" + ARTIFACT_NOUN + r"\b")
_WE_MAKE = re.compile(r"\bwe\s+(?:\w+\s+)?(?:" + _INTRO_VERB + r"|train)", re.IGNORECASE)

# "we propose an alternative referential task, Major Entity Identification (MEI)".
_WE_PROPOSE_APPOSITIVE = re.compile(
    r"\bwe\s+" + _INTRO_VERB + r"\s+(?:an?|the)\s+(?:[\w-]+\s+){0,4}[\w-]+,\s*"
    r"(?:[\w-]+\s+){0,4}\(?$"
)


# Names differ in every abstract, so the rules below find a name with str.find and test the
# text around it with fixed, compiled patterns (not a pattern per name, for every abstract).

# "dubbed GNT with Mixture-of-View-Experts (GNT-MOVE)": the name is the short form.
_CITED_AFTER = re.compile(
    r"\s*(?:\([^()]{0,60}\b(?:19|20)\d\d[a-z]?\)|\[\d+(?:[,\u2013-]\s*\d+)*\])"
)
_TITLE_WORD_BEFORE = re.compile(r"\b[A-Z][a-z][\w\-]*\s+$")
_LONG_NAME_GOES_ON = re.compile(r"(?:\s+[\w\-]+){1,4}?[\s~]*\(")
_LAST_NAMING = re.compile(r".*\b" + _NAMING + r"\b", re.DOTALL)


def _names_earlier_work(text: str, start: int) -> bool:
    """ "a recent architecture called GNT": the naming word follows a mark of earlier work."""
    last = _LAST_NAMING.match(text, max(0, start - 40), start)
    if last is None:
        return False
    naming_at = last.end() - len(last.group(0).split()[-1])
    return EXISTING_BEFORE_NAMING.search(text, max(0, naming_at - 80), naming_at) is not None


def _before(text: str, start: int, count: int) -> str:
    return " ".join(text[:start].split()[-count:]).lower()


def _after(text: str, end: int, count: int) -> str:
    return " ".join(text[end:].split()[:count]).lower()


# The tests classify_name makes around each mention of a name.
_NAMELY_A_LIST = re.compile(
    r"\b(?:metrics|measures|datasets|benchmarks|baselines|tasks)\s*,?\s*namely\b[^.;()]*$"
)
_NAMING_WORD = re.compile(r"\b" + _NAMING + r"\b")
_WE_PROPOSE = re.compile(r"\b(?:we|" + THIS_WORK + r"|our work|authors)\b[^.;]*\b" + _INTRO_VERB)
_OUR_BEFORE = re.compile(r"\bour\s+(?:[\w-]+\s+)?$")
_A_NEW_AFTER = re.compile(r"^[,:(]?\s*(?:an?|the)\s+(?:\w+[\s,-]+){0,3}?" + _NEW_NOUN)
# "we instantiate it as Deformable Kernels (DKs), a family of novel ... operators": whatever
# the verb, an appositive that calls the named thing novel makes it the paper's.
_NOVEL_AFTER = re.compile(r"\)?\s*,\s*an?\s+(?:[\w-]+\s+){0,4}?(?:novel|new)\b", re.I)
_IS_NEW_AFTER = re.compile(r"^\)?\s*(?:,\s*)?(?:is|are)\s+(?:an?\s+)?" + _NEW_NOUN)
_EXISTING_BEFORE = re.compile(r"\b" + EXISTING + r"\s*(?:\w+\s*){0,2}$")
_BASE_OF_BEFORE = re.compile(
    r"\b(?:"
    + "|".join(r"\s+".join(map(re.escape, w.split())) for w in words("naming_base_words"))
    + r")\s+(?:(?:the|a|an)\s+)?(?:[\w\-]+\s+)?$"
)
_DATA_WORD_AFTER = re.compile(r"^(?:\w+\s+)?" + DATA_WORD)
_DATA_WORD_IN = re.compile(r"\b" + DATA_WORD + r"\b")
_DATA_CONTEXT_BEFORE = re.compile(r"\b" + _DATA_CONTEXT + r"\s*(?:the\s+)?$")
_INTRO_VERB_IN = re.compile(r"\b" + _INTRO_VERB)


def classify_name(
    name: str, text: str | Analysis, names: list[str], cue_names: list[str] | None = None
) -> NameCall:
    """Label one candidate name from the wording around its mentions."""
    analysis = analysed(text)
    abstract = analysis.text
    if _background(name, analysis):
        if is_known_dataset(name) or (
            listed_as_data(name, abstract, loose=False)
            and not models_plural(name)
            and not named_as_model(name, abstract)
        ):
            return NameCall(name, "dataset", "existing, listed as a dataset")
        return NameCall(name, "other", "mentioned as existing before the paper's own work")
    # "a novel behavioral cloning (BC) approach" is a term, even after "we propose";
    # "our DKVB" and "our proposed discriminator bottleneck (VDB)" claim it as the paper's own.
    made_here = _made_here(name, analysis) or name in defined_after_making(analysis)
    if (
        term_acronym(name, abstract)
        and not re.search(
            r"\b[Oo]ur\s+(?:proposed\s+(?:[\w\-']+\s+){0,6}\()?" + re.escape(name) + r"\b",
            abstract,
        )
        and not made_here
        and not (
            cue_names
            and name in cue_names
            # a long short form the paper gives ("LSTOD") is its own; "DG", "BC" are terms
            and (
                closes_the_object(name, abstract)
                or (len(name.rstrip("s")) >= 4 and not called_a_term(name, abstract))
            )
        )
    ):
        return NameCall(name, "other", "abbreviates a common term")
    if cue_names and name in cue_names:
        return NameCall(name, "introduces", "written right after 'we propose/introduce' or 'named'")
    if made_here:
        return NameCall(name, "introduces", "we ... (X), a model")
    # not the mentions inside a longer name: "Graph-Q" in "Graph-Q/Z-Mixer"
    spots = mentions_outside(name, abstract, (n for n in names if n != name), WHOLE_NAME)
    if not spots:
        return NameCall(name, "other", "not found as a word")
    tally = Tally()
    points = tally.points
    # The first sentence that holds the name as a whole token, for every mention.
    sentence = analysis.sentence_at(spots[0][0])
    sentence = sentence.text if sentence is not None else ""
    for start, end in spots:
        before8 = _before(abstract, start, 8)
        before12 = _before(abstract, start, 12)
        before3 = _before(abstract, start, 3)
        after4 = _after(abstract, end, 4)
        if _NAMING_WORD.search(before3) and not (
            _names_earlier_work(abstract, start)
            or _LONG_NAME_GOES_ON.match(abstract, end)
            # "dubbed Averaged GEM (A-GEM)": the mention is the end of a longer name
            or _TITLE_WORD_BEFORE.search(abstract, max(0, start - 40), start)
            # "improves several metrics, namely PESQ, CSIG and CBAK": what is measured
            or _NAMELY_A_LIST.search(abstract, max(0, start - 120), start)
            # "RBMs, named MvRBM and TvRBM, have been proposed": by others, before
            or PROPOSED_BEFORE.match(abstract, end)
        ):
            tally.add("named")
        # "we propose an extension of X", "we build on top of X": the verb makes
        # something else, X is what it starts from (where X is first written: "we apply
        # X to segmentation" after X was made is the paper's own use of it)
        if start == spots[0][0] and _BASE_OF_BEFORE.search(before3 + " "):
            tally.add("base_of")
        elif _WE_PROPOSE.search(before8) or _WE_PROPOSE_APPOSITIVE.search(before12):
            tally.add("we_propose")
        if _OUR_BEFORE.search(before3 + " "):
            if our_kind(name, abstract, end, before3):
                tally.add("our_kind")  # "our new MindCube benchmark"
            else:
                tally.add("our")
        elif OUR_APPOSITIVE.search(before12):
            tally.add("our_appositive")
        if _A_NEW_AFTER.match(after4):
            tally.add("a_new_after")
        if (
            _NOVEL_AFTER.match(abstract, end)
            and not EARLIER_KIND_AFTER.match(abstract, end)
            and not spelled_out_in_parens(name, abstract, start, analysis.abbreviations)
        ):
            tally.add("novel_after")
        # ", an end-to-end deep-learning pipeline" (5 words); not "extension of SUTA, an ..."
        if (
            _APPOSITIVE_ARTIFACT.match(_after(abstract, end, 5))
            and before3.split()[-1:] != ["of"]
            and _WE_MAKE.search(sentence[: max(0, _first_mention(name, sentence))])
        ):
            tally.add("appositive_artifact")
        if _IS_NEW_AFTER.match(after4):
            tally.add("is_new_after")
        if _EXISTING_BEFORE.search(before3) and "our" not in before3:
            tally.add("existing_before")
        if _CITED_AFTER.match(abstract, end):
            tally.add("cited")
        if _DATA_WORD_AFTER.match(after4) or (
            _DATA_WORD_IN.search(sentence.lower())
            and _DATA_CONTEXT_BEFORE.search(before3)
            and not _INTRO_VERB_IN.search(sentence.lower())
        ):
            tally.add("dataset_context")
    if listed_as_data(name, abstract):
        tally.add("listed_as_data")
    if name in find_listed_datasets(analysis):
        tally.add("listed_beside_data_word")
    bench = BENCH_NAME.fullmatch(name) or BENCH_LIKE.fullmatch(name) and not points["new"]
    if TITLED_DATASET.fullmatch(name) or bench:
        tally.add("data_word_in_name")
    if is_known_dataset(name) and not (points["new"] and only_counted(name)):
        tally.add("known_dataset")
    if len(spots) >= 2 and points["new"]:
        tally.add("mentioned_again")
    # A short form in parentheses right after a new name is the same artifact.
    for other in names:
        if other != name and written_as(other, name, abstract):
            tally.add("short_form_of_a_name")
    why = ", ".join(dict.fromkeys(tally.reasons)) or NO_CUE
    new, data = points["new"], points["data"]
    model_by_wording = named_as_model(name, abstract)
    if data >= DATASET_AT and data > new and not models_plural(name) and not model_by_wording:
        return NameCall(name, "dataset", why)
    if new >= INTRODUCES_AT and new > points["existing"]:
        return NameCall(name, "introduces", why)
    return NameCall(name, "other", why)


_OWN_WORK = re.compile(
    r"\b(?:(?:we|" + THIS_WORK + r"|our \w+)\b[^.;]*\b(?:" + _INTRO_VERB + r"|" + OWN_ANSWER
    + r")|" + _NAMING + r"|" + _NEW_NOUN + r"\b|\bour (?:proposed|new)\b)",
    re.IGNORECASE,
)  # fmt: skip


def _made_here(name: str, analysis: Analysis) -> bool:
    """ "We unite the two via adaptive neural trees (ANTs), a model that ...": a "we"
    sentence that writes the name in parentheses, then says what kind of artifact it is."""
    for sentence in analysis.sentence_texts:
        for at in occurrences(f"({name})", sentence):
            after = sentence[at + len(name) + 2 :]
            if (
                _APPOSITIVE_ARTIFACT.match(after)
                and not EARLIER_KIND_AFTER.match(after)
                and _we_make_before(name, sentence)
            ):
                return True
    return False


def _we_make_before(name: str, sentence: str) -> bool:
    """ "we <make> ... NAME" in ``sentence``, with no "use", "build on", "analyze" ... between."""
    we = _WE_MAKE_OR_VIA.search(sentence)
    at = _first_mention(name, sentence)
    return we is not None and we.start() < at and not _USES.search(sentence, we.start(), at)


def _first_mention(name: str, text: str) -> int:
    """Where ``name`` is first written as a whole token in ``text`` (-1 if nowhere)."""
    found = mentions(name, text)
    return found[0][0] if found else -1


_WE_MAKE_OR_VIA = re.compile(r"\bwe\b[^.;]*\b(?:" + _INTRO_VERB + r"|via|unite|call|target)", re.I)
_USES = re.compile(
    r"\b(?:use|uses|using|build on|builds on|building on|based on|extend|extends|follow|"
    r"adopt|apply|leverage|study|analy[sz]e)\b",
    re.I,
)


def _background(name: str, analysis: Analysis) -> bool:
    """True when the name is first written as existing work, and only later in the
    sentence that presents the paper's own work ("current CBMs ... We propose
    Data-efficient CBMs (DCBMs)")."""
    found = [s for s, url_free in url_free_sentences(analysis) if mentions(name, url_free)]
    if len(found) < 2 or _OWN_WORK.search(found[0]) or presented_here(name, found[0]):
        return False
    first = found[0]
    if in_parens(name, first) and _we_make_before(name, first):
        return False  # "we target a ... Modality-Agnostic Debiasing (MAD) framework"
    if OUR_APPOSITIVE.search(_before(first, mentions(name, first)[0][0], 12)):
        return False
    return any(_OWN_WORK.search(s) for s in found[1:])


def classify_names(
    text: str | Analysis, names: list[str] | None = None
) -> tuple[list[str], list[str], list[NameCall]]:
    """(introduces, datasets, every call) for an abstract's candidate names (its text or its
    :class:`Analysis`), read with LaTeX's styles blanked (:mod:`.markup`), written in it."""
    given = analysed(text)
    written, analysis = given.text, given.unstyled
    abstract = analysis.text
    names = find_names(analysis) if names is None else names
    names = names + [n for n in find_known_datasets(abstract) if n not in names]
    cue_names = find_cue_names(analysis)
    calls = [classify_name(n, analysis, names, cue_names) for n in names]
    common = {c.name for c in calls if is_common(c.name, analysis.abbreviations)}
    if not any(c.label == "introduces" and c.name not in common for c in calls):
        calls = name_of_an_unnamed_method(abstract, calls)
    own = [c.name for c in calls if c.label == "introduces" and c.name not in common]
    introduces = prefer_short(own, abstract)
    introduces = [n for n in introduces if not expansion_only(n, abstract, introduces)]
    introduces = as_short_forms(introduces, analysis)
    introduces = [n for n in introduces if not used_as_a_metric(n, analysis)]
    if introduces:  # the named parts of what the paper makes
        introduces += [n for n in defined_components(analysis) if n not in introduces]
    # Neither "Fine-grained Entity Recognition (FgER)", a task data is made for, nor "a BLEU
    # score of 43.2" after "... translation dataset, with" is a dataset; a piece of a long
    # form stands for its short form ("Berkeley Segmentation Dataset" of "... Dataset 500
    # (BSDS500)", "Vision-Language" of "Vision-Language Navigation (VLN)", a task's).
    datasets = [
        name
        for c in calls
        if c.label == "dataset"
        and not never_a_dataset(c.name, analysis.abbreviations)
        and not called_another_kind(c.name, abstract)
        for name in [piece_short_form(c.name, analysis) or c.name]
        if not short_of_a_task(name, analysis)
    ]
    # A dataset's short form, however its mentions read: "ImageNet-1K (IN1K)" gives IN1K.
    datasets += [
        c.name for c in calls if c.label == "other" and written_after(c.name, datasets, abstract)
    ]
    datasets = prefer_short(datasets, abstract, alone=True)
    datasets = [d for d in datasets if not inside_a_titled_name(d, datasets, abstract)]
    datasets = with_versions([d for d in datasets if not LANGUAGE_PAIR.fullmatch(d)], abstract)
    others = {c.name for c in calls if c.label == "other" and not is_metric_name(c.name)}
    datasets += beside_a_known_dataset(abstract, datasets, others)
    # the guide's datasets are existing ones: a name the paper makes or introduces is none
    introduces += [d for d in datasets if d not in introduces and built_here(d, abstract)]
    datasets = [d for d in datasets if d not in introduces]
    # "LUCID (LUnar Caption Image Dataset)": the long form after a name the paper introduces
    datasets = [d for d in datasets if not written_after(d, introduces, abstract)]
    if written is not abstract:  # a name across a style ("\\textbf{S}elf") is no span
        introduces = [n for n in introduces if written_whole(n, written)]
        datasets = [d for d in datasets if written_whole(d, written)]
    return introduces, datasets, calls
