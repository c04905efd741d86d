"""Deciding from the abstract's own wording which names are new and which are datasets.

Small local models cannot make these calls reliably (the embedded 0.5B model labels
almost every candidate name as "new"), while the wording of abstracts is regular:
"we propose X", "named X", "our X", "on X and Y benchmarks", "outperforms X". These
rules read that wording. Prompts with ``strategy = "cues"`` use them; prompts with
``strategy = "candidates"`` leave the choice to the model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .analysis import Analysis, analysed
from .candidates import (
    ARTIFACT_NOUN,
    EARLIER_KIND_AFTER,
    EXISTING_BEFORE_NAMING,
    PROPOSED_BEFORE,
    find_names,
)
from .cue_words import MAKE_IN_WINDOW, NAMED_IN_WINDOW, NEW_WORDS, either
from .known_datasets import find_known_datasets, is_known_dataset
from .name_spans import glued, is_symbol, long_form_in, mentions, mentions_outside, occurrences
from .names import WHOLE_NAME
from .well_known import is_well_known
from .wordlists import table, words

_INTRO_VERB = r"(?:" + either(MAKE_IN_WINDOW) + r")"
_NAMING = r"(?:" + either(NAMED_IN_WINDOW) + r")"
_NEW_NOUN = r"(?:" + either(NEW_WORDS) + r")"
_EXISTING = (
    r"(?:outperform\w*|surpass\w*|than|compared (?:to|with)|such as|e\.g\.,?|including|like|"
    r"based on|built (?:on|upon)|using|uses|use|with|versus|vs\.?|over|beyond|extends?|"
    r"baselines?|state-of-the-art|existing|prior|previous|popular|standard|widely used)"
)
_DATA_WORD = r"(?:datasets?|benchmarks?|corpus|corpora|suites?|test sets?|splits?|collections?)"
_DATA_CONTEXT = r"(?:on|across|over|using|from|in|with|including|such as|e\.g\.,?|and|of|to)"


# "Our approach, Language Guided Bottlenecks (LaBo)", "our generalist model with dynamic
# routing (DRMC)": the name given to the paper's own thing.
_OUR_APPOSITIVE = re.compile(
    r"\bour\s+(?:[\w-]+\s+){0,2}[\w-]+\s*[,:]\s*(?:[\w-]+\s+){0,4}\(?$"
    r"|\bour\s+(?!(?:[\w-]+\s+){0,5}?(?:than|over|versus|vs|like|unlike|such|e\.g)\b)"
    r"(?:[\w-]+\s+){1,6}\($"
)


# "We introduce D-4M, ..., and train D3, a generative model ...".
_APPOSITIVE_ARTIFACT = re.compile(r"^,\s*an?\s+(?:[\w-]+\s+){0,2}" + ARTIFACT_NOUN + r"\b")
_WE_MAKE = re.compile(r"\bwe\s+(?:\w+\s+)?(?:" + _INTRO_VERB + r"|train)", re.IGNORECASE)

# "we propose an alternative referential task, Major Entity Identification (MEI)".
_WE_PROPOSE_APPOSITIVE = re.compile(
    r"\bwe\s+" + _INTRO_VERB + r"\s+(?:an?|the)\s+(?:[\w-]+\s+){0,4}[\w-]+,\s*"
    r"(?:[\w-]+\s+){0,4}\(?$"
)


@dataclass(frozen=True)
class NameCall:
    """What the rules decided about one candidate name."""

    name: str
    label: str  # "introduces", "dataset" or "other"
    reason: str


@dataclass(frozen=True)
class Evidence:
    """What one kind of evidence adds for a name: ``points`` to a ``side`` ("new",
    "existing" or "data"), and the ``reason`` a call gives for it ("" gives none)."""

    side: str
    points: int
    reason: str

    def __post_init__(self) -> None:
        if self.side not in _SIDES:
            raise ValueError(f"side {self.side!r}: write one of {', '.join(_SIDES)}")


_SIDES = ("new", "existing", "data")
_WEIGHTS = table("naming_weights")
#: Every kind of evidence the name decisions weigh, by name (``data/naming_weights.toml``).
EVIDENCE: dict[str, Evidence] = {k: Evidence(**v) for k, v in _WEIGHTS["evidence"].items()}
#: The least "data" points for a dataset, and the least "new" points for a new name.
DATASET_AT, INTRODUCES_AT = _WEIGHTS["decide"]["dataset"], _WEIGHTS["decide"]["introduces"]


class _Tally:
    """The points on each side for one name, and the reasons found, in order."""

    __slots__ = ("points", "reasons")

    def __init__(self) -> None:
        self.points = dict.fromkeys(_SIDES, 0)
        self.reasons: list[str] = []

    def add(self, kind: str) -> None:
        evidence = EVIDENCE[kind]
        self.points[evidence.side] += evidence.points
        if evidence.reason:
            self.reasons.append(evidence.reason)


# Names differ in every abstract, so the rules below find a name with str.find and test
# the text around it with fixed, compiled patterns (a pattern per name would be compiled
# anew for every abstract).
_glued, _occurrences, _mentions = glued, occurrences, mentions


_OPEN_PAREN_END = re.compile(r"\(\s*$")
_CLOSE_PAREN = re.compile(r"\s*\)")


def _in_parens(short: str, text: str) -> list[int]:
    """Where "(" short ")" is written (with optional spaces): the position of the "("."""
    out = []
    for i in _occurrences(short, text):
        if not _CLOSE_PAREN.match(text, i + len(short)):
            continue
        opening = _OPEN_PAREN_END.search(text, max(0, i - 40), i)
        if opening is not None:
            out.append(opening.start())
    return out


def _written_as(long: str, short: str, text: str) -> bool:
    """True when the text has ``long (short)``, ``long`` a whole token ("XGraph Net (GN)"
    writes no "Graph Net")."""
    for at in _in_parens(short, text):
        before = text[:at].rstrip()
        if before.endswith(long) and not (
            len(before) > len(long) and _glued(before[-len(long) - 1])
        ):
            return True
    return False


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
_NAMING_AT_END = re.compile(r"\b" + _NAMING + r"\s*[\"'(]?$")
_NAMING_WORD = re.compile(r"\b" + _NAMING + r"\b")
_WE_PROPOSE = re.compile(r"\b(?:we|this (?:paper|work)|our work|authors)\b[^.;]*\b" + _INTRO_VERB)
_OUR_BEFORE = re.compile(r"\bour\s+(?:[\w-]+\s+)?$")
_A_NEW_AFTER = re.compile(r"^[,:(]?\s*(?:an?|the)\s+(?:\w+[\s,-]+){0,3}?" + _NEW_NOUN)
_IS_NEW_AFTER = re.compile(r"^\)?\s*(?:,\s*)?(?:is|are)\s+(?:an?\s+)?" + _NEW_NOUN)
_EXISTING_BEFORE = re.compile(r"\b" + _EXISTING + r"\s*(?:\w+\s*){0,2}$")
_BASE_OF_BEFORE = re.compile(
    r"\b(?:"
    + "|".join(r"\s+".join(map(re.escape, w.split())) for w in words("naming_base_words"))
    + r")\s+(?:(?:the|a|an)\s+)?(?:[\w\-]+\s+)?$"
)
_DATA_WORD_AFTER = re.compile(r"^(?:\w+\s+)?" + _DATA_WORD)
_DATA_WORD_IN = re.compile(r"\b" + _DATA_WORD + r"\b")
_DATA_CONTEXT_BEFORE = re.compile(r"\b" + _DATA_CONTEXT + r"\s*(?:the\s+)?$")
_INTRO_VERB_IN = re.compile(r"\b" + _INTRO_VERB)


# The reason given to a name when no wording around it said anything.
_NO_CUE = "no cue"


def classify_name(
    name: str, text: str | Analysis, names: list[str], cue_names: list[str] | None = None
) -> NameCall:
    """Label one candidate name from the wording around its mentions."""
    analysis = analysed(text)
    abstract = analysis.text
    if _background(name, analysis):
        if is_known_dataset(name) or (
            _listed_as_data(name, abstract, loose=False) and not _models_plural(name)
        ):
            return NameCall(name, "dataset", "existing, listed as a dataset")
        return NameCall(name, "other", "mentioned as existing before the paper's own work")
    # "a novel behavioral cloning (BC) approach" is a term, even after "we propose";
    # "our DKVB" and "our proposed discriminator bottleneck (VDB)" claim it as the paper's own.
    made_here = _made_here(name, analysis)
    if (
        _term_acronym(name, abstract)
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
                _closes_the_object(name, abstract)
                or (len(name.rstrip("s")) >= 4 and not _called_a_term(name, abstract))
            )
        )
    ):
        return NameCall(name, "other", "abbreviates a common term")
    if cue_names and name in cue_names:
        return NameCall(name, "introduces", "written right after 'we propose/introduce' or 'named'")
    if made_here:
        return NameCall(name, "introduces", "we ... (X), a model")
    # not the mentions inside a longer name: "Graph-Q" in "Graph-Q/Z-Mixer"
    mentions = mentions_outside(name, abstract, (n for n in names if n != name), WHOLE_NAME)
    if not mentions:
        return NameCall(name, "other", "not found as a word")
    tally = _Tally()
    points = tally.points
    # The first sentence that holds the name as a whole token, for every mention.
    sentence = analysis.sentence_at(mentions[0][0])
    sentence = sentence.text if sentence is not None else ""
    for start, end in mentions:
        before8 = _before(abstract, start, 8)
        before12 = _before(abstract, start, 12)
        before3 = _before(abstract, start, 3)
        after4 = _after(abstract, end, 4)
        if (_NAMING_AT_END.search(before3) or _NAMING_WORD.search(before3)) and not (
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
        if start == mentions[0][0] and _BASE_OF_BEFORE.search(before3 + " "):
            tally.add("base_of")
        elif _WE_PROPOSE.search(before8) or _WE_PROPOSE_APPOSITIVE.search(before12):
            tally.add("we_propose")
        if _OUR_BEFORE.search(before3 + " "):
            tally.add("our")
        elif _OUR_APPOSITIVE.search(before12):
            tally.add("our_appositive")
        if _A_NEW_AFTER.match(after4):
            tally.add("a_new_after")
        if _APPOSITIVE_ARTIFACT.match(after4) and _WE_MAKE.search(
            sentence[: max(0, _first_mention(name, sentence))]
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
    if _listed_as_data(name, abstract):
        tally.add("listed_as_data")
    if name in analysis.listed_datasets:
        tally.add("listed_beside_data_word")
    if is_known_dataset(name):
        tally.add("known_dataset")
    if len(mentions) >= 2 and points["new"]:
        tally.add("mentioned_again")
    # A short form in parentheses right after a new name is the same artifact.
    for other in names:
        if other != name and _written_as(other, name, abstract):
            tally.add("short_form_of_a_name")
    why = ", ".join(dict.fromkeys(tally.reasons)) or _NO_CUE
    new, data = points["new"], points["data"]
    if data >= DATASET_AT and data > new and not _models_plural(name):
        return NameCall(name, "dataset", why)
    if new >= INTRODUCES_AT and new > points["existing"]:
        return NameCall(name, "introduces", why)
    return NameCall(name, "other", why)


_LIST_CUE = re.compile(
    r"\b"
    + _DATA_WORD
    + r"\s*(?:[:,(]|such as|including|like)\s*(?:[\w\-.]+,?\s+(?:and\s+)?){0,6}\(?$"
)
# "two new datasets, where advanced models like GPT-3.5": the list is of something else.
_NOT_A_LIST = re.compile(r"\b(?:where|which|that|models?|methods?|baselines?)\b")
_MODEL_AFTER = re.compile(r"(?:/[\w\-.]+)?\s+(?:models?|methods?|architectures?|networks?)\b")
_PAREN_CUE = re.compile(r"\s*\)[^.]{0,60}\b" + _DATA_WORD)
_ON_CUE = re.compile(
    r"\b(?:accuracy|performance|results?|evaluated|evaluate|trained|experiments?|tested)"
    r"\s+on\s+(?:the\s+|both\s+)?$"
)


def _listed_as_data(name: str, abstract: str, loose: bool = True) -> bool:
    """ "datasets such as X", "accuracy on X", "X and Y benchmarks", a list of known
    datasets; with ``loose``, also "X (...) benchmark"."""
    n = len(name)
    for i in _occurrences(name, abstract):
        if i + n < len(abstract) and _glued(abstract[i + n]) or i > 0 and _glued(abstract[i - 1]):
            continue  # a part of a longer token: "MNIST" of "Fashion-MNIST"
        if _MODEL_AFTER.match(abstract, i + n):
            continue  # "results on T2V/T2I models such as ..."
        before = abstract[max(0, i - 300) : i]
        listed = _LIST_CUE.search(before)
        if listed and not _NOT_A_LIST.search(listed.group(0)) or _ON_CUE.search(before):
            return True
        if loose and _OPEN_PAREN_END.search(before) and _PAREN_CUE.match(abstract, i + n):
            return True
        if _COORDINATED_DATA.match(abstract, i + n) or _among_known_datasets(name, abstract, i):
            return True
    return False


# "the closed-loop NAVSIM and Bench2Drive benchmarks"
_COORDINATED_DATA = re.compile(
    r"(?:\s*(?:,|and|or)\s*(?:the\s+)?[\w\-.]+){1,4}\s+(?:\w+\s+)?" + _DATA_WORD + r"\b"
)
_LIST_BOUNDS = re.compile(r"[.;:()\[\]]")
_LIST_SEPARATORS = re.compile(r"\s*(?:,|\band\b|\bor\b)\s*")


def _among_known_datasets(name: str, abstract: str, at: int) -> bool:
    """ "CIFAR10, STL10, CINIC10, Tiny-ImageNet": a plain list with two well-known datasets."""
    start = max((m.end() for m in _LIST_BOUNDS.finditer(abstract, max(0, at - 200), at)), default=0)
    end = _LIST_BOUNDS.search(abstract, at)
    segment = abstract[start : end.start() if end else len(abstract)]
    items = [x for x in _LIST_SEPARATORS.split(segment) if x]
    if name not in items:
        return False
    return sum(is_known_dataset(x) for x in items if x != name) >= 2


_OWN_WORK = re.compile(
    r"\b(?:(?:we|this (?:paper|work)|our \w+)\b[^.;]*\b"
    + _INTRO_VERB
    + r"|"
    + _NAMING
    + r"|"
    + _NEW_NOUN
    + r"\b|\bour (?:proposed|new)\b)",
    re.IGNORECASE,
)


def _closes_the_object(name: str, abstract: str) -> bool:
    """ "we introduce disentangled state space models (DSSM).": the short form ends what
    was introduced, so it names the artifact; in "a novel behavioral cloning (BC)
    approach" it qualifies a noun, a term."""
    for at in _occurrences(f"({name})", abstract):
        if _OBJECT_ENDS.match(abstract, at + len(name) + 2) and not _A_TERM_BEFORE.search(
            abstract, max(0, at - 80), at
        ):
            return True
    return False


def _called_a_term(name: str, abstract: str) -> bool:
    """ "we introduce the term self-induced distributional shift (SIDS)"."""
    return any(
        _A_TERM_BEFORE.search(abstract, max(0, at - 80), at)
        for at in _occurrences(f"({name})", abstract)
    )


# "we introduce the term self-induced distributional shift (SIDS)", "a class of problems
# called intertemporal social dilemmas (ISDs)": a term or a phenomenon, not an artifact.
_A_TERM_BEFORE = re.compile(
    r"\b(?:the\s+(?:term|notion|concept)|problems?\s+called|phenomen(?:on|a))\b[^.;()]*$", re.I
)
_OBJECT_ENDS = re.compile(r"\s*(?:[,.;:]|--|[-\u2013\u2014]\s|$|(?:that|which|to|for|and)\b)")


def _made_here(name: str, analysis: Analysis) -> bool:
    """ "We unite the two via adaptive neural trees (ANTs), a model that ...": a "we"
    sentence that writes the name in parentheses, then says what kind of artifact it is."""
    for sentence in analysis.sentence_texts:
        for at in _occurrences(f"({name})", sentence):
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
    found = _mentions(name, text)
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
    found = [s for s in analysis.sentence_texts if _mentions(name, s)]
    if len(found) < 2 or _OWN_WORK.search(found[0]):
        return False
    first = found[0]
    if _in_parens(name, first) and _we_make_before(name, first):
        return False  # "we target a ... Modality-Agnostic Debiasing (MAD) framework"
    if _OUR_APPOSITIVE.search(_before(first, _mentions(name, first)[0][0], 12)):
        return False
    return any(_OWN_WORK.search(s) for s in found[1:])


# "CNNs and ViTs", "LLMs": the plural of a kind of model, not a dataset.
_MODELS_PLURAL = re.compile(r"[A-Z][\w\-]*[A-Z]s")


# Model families: "in DenseNet on the CIFAR-100 dataset" names a network, not data.
_MODEL_FAMILY = re.compile(
    r"(?:ResNe[Xx]?t|DenseNet|VGG|LeNet|AlexNet|Inception|MobileNet|EfficientNet|ShuffleNet|"
    r"SqueezeNet|GoogLeNet|Xception|U-?Net|ViT|DeiT|Swin|ConvNeXt|BERT|RoBERTa|GPT|T5|LLaMA|"
    r"Llama|Qwen|Mistral|CLIP)"
    r"(?:[\w.\-]*)"
)


def _models_plural(name: str) -> bool:
    """A kind of model, never a dataset: "CNNs and ViTs", "LLMs", "DenseNet", "VGG-16"."""
    if is_known_dataset(name):
        return False
    return _MODELS_PLURAL.fullmatch(name) is not None or _MODEL_FAMILY.fullmatch(name) is not None


_WORDS_BEFORE = re.compile(r"((?:[\w\-']+\s+){1,6})$")


def _term_acronym(name: str, abstract: str) -> bool:
    """True for an acronym of lower-case words: "domain generalization (DG)"."""
    if not re.fullmatch(r"[A-Z]{2,6}s?", name):
        return False
    match = None
    for at in _in_parens(name, abstract):
        match = _WORDS_BEFORE.search(abstract, max(0, at - 200), at)
        if match is not None:
            break
    if match is None:
        return False
    parts = _parts(match.group(1))[-len(name.rstrip("s")) :]
    initials = "".join(w[0] for w in parts).lower()
    # Title-Case words make a proper name ("Sharpness-Aware Minimization (SAM)"); lower-case
    # words, with an acronym or two among them, a term ("deep AUC maximization (DAM)").
    return initials == name.rstrip("s").lower() and not any(
        re.match(r"[A-Z][a-z]", w) for w in parts
    )


def _parts(name: str) -> list[str]:
    return [w for w in re.split(r"[\s\-]+", name) if w]


def _prefer_short(names: list[str], abstract: str, alone: bool = False) -> list[str]:
    """Drop a long form whose short form follows it in parentheses: "Imbalanced-SAM (ImbSAM)".

    A single word of a longer name is dropped too; with ``alone``, only if it is never
    written by itself (datasets: "MNIST and Fashion MNIST" are two).
    """
    out = []
    for name in names:
        shorter = [
            o for o in names if o != name and len(o) < len(name) and _written_as(name, o, abstract)
        ]
        # A single word of a longer chosen name ("NATURAL" of "NATURAL INSTRUCTIONS").
        inside = [o for o in names if o != name and " " in o and name in o.split()]
        if inside and alone and not _only_inside(name, inside, abstract):
            inside = []
        # The long form in parentheses after a chosen short name: "VILA^2 (VILA-augmented-VILA)";
        # a long form has a lower-case word, which "Averaged GEM (A-GEM)" has not.
        expansion = [
            o
            for o in names
            if o != name
            and len(o) < len(name)
            and len(_parts(name)) > len(_parts(o))
            and _LOWER_WORD.search(name)
            and _written_as(o, name, abstract)
        ]
        if not shorter and not inside and not expansion:
            out.append(name)
    return out


def _only_inside(name: str, longer: list[str], abstract: str) -> bool:
    """True when every mention of ``name`` is part of a mention of one of ``longer``."""
    spans = [(i, i + len(o)) for o in longer for i in _occurrences(o, abstract)]
    return all(
        any(a <= start and end <= b for a, b in spans) for start, end in _mentions(name, abstract)
    )


_LONG_FORM = re.compile(r"[^.;()]{1,120}$")
_LOWER_WORD = re.compile(r"[a-z]{2,}")


def _expansion_only(name: str, abstract: str, shorts: list[str]) -> bool:
    """True when every mention of ``name`` is inside the long form of a chosen short name."""
    mentions = _mentions(name, abstract)
    if not mentions:
        return False
    spans = []
    for short in shorts:
        if len(short) >= len(name):
            continue
        for at in _in_parens(short, abstract):
            if abstract[at] != "(":
                continue
            run = _LONG_FORM.search(abstract, max(0, at - 120), at)
            if run is not None:
                spans.append(run.span())
    return all(any(a <= s and e <= b for a, b in spans) for s, e in mentions)


def classify_names(
    text: str | Analysis, names: list[str] | None = None
) -> tuple[list[str], list[str], list[NameCall]]:
    """(introduces, datasets, every call) for the candidate names of an abstract (its text,
    or its :class:`Analysis`)."""
    analysis = analysed(text)
    abstract = analysis.text
    names = find_names(analysis) if names is None else names
    names = names + [n for n in find_known_datasets(abstract) if n not in names]
    cue_names = list(analysis.cue_names)
    calls = [classify_name(n, analysis, names, cue_names) for n in names]
    if not any(c.label == "introduces" and not is_well_known(c.name) for c in calls):
        calls = _name_of_an_unnamed_method(abstract, calls)
    introduces = _prefer_short(
        [c.name for c in calls if c.label == "introduces" and not is_well_known(c.name)],
        abstract,
    )
    introduces = [n for n in introduces if not _expansion_only(n, abstract, introduces)]
    introduces = _as_short_forms(introduces, analysis)
    datasets = [c.name for c in calls if c.label == "dataset"]
    # A dataset's short form, however its mentions read: "ImageNet-1K (IN1K)" gives IN1K.
    datasets += [
        c.name
        for c in calls
        if c.label == "other" and any(_written_as(d, c.name, abstract) for d in datasets)
    ]
    datasets = _prefer_short(datasets, abstract, alone=True)
    datasets = _with_versions([d for d in datasets if not _LANGUAGE_PAIR.fullmatch(d)], abstract)
    return introduces, datasets, calls


def _as_short_forms(names: list[str], analysis: Analysis) -> list[str]:
    """Each long form as its short form, the one item the guide gives for the pair ("Gated
    Phase Transition (GAPT)" is GAPT, unless the short form is a math symbol); a long form
    whose short form is well known ("Low-Rank Adaptation (LoRA)") is not new."""
    out: list[str] = []
    for name in names:
        pair = long_form_in(name, analysis)
        if pair is not None and pair.short != name and not is_symbol(pair.short):
            if is_well_known(pair.short) or any(
                pair.short in _parts(other) for other in names if other != name
            ):
                continue  # "Tensor-Train (TT)" is a part of "TT-RNN", not an item
            name = pair.short
        if name not in out:
            out.append(name)
    return out


# "we propose a method that (i) clusters ...": the paper makes something and gives no name.
_MAKES_UNNAMED = re.compile(
    r"\b(?:we|this (?:paper|work))\s+(?:\w+\s+){0,2}?"
    + _INTRO_VERB
    + r"\w*\s+(?:an?|the)\s+(?:[\w\-]+\s+){0,4}?"
    + ARTIFACT_NOUN
    + r"\b",
    re.IGNORECASE,
)
# What a method's name is the subject of: "USEFUL effectively improves", "KeyIn outperforms".
_DOES_BETTER = re.compile(
    r"(?:\s+(?:\w+ly|also|further|can|consistently))*\s+(?:improves|outperforms|achieves|"
    r"reduces|surpasses|matches|yields|enables|leads|boosts|attains|obtains|is\s+able|"
    r"performs)\b"
)


def _name_of_an_unnamed_method(abstract: str, calls: list[NameCall]) -> list[NameCall]:
    """Where the paper makes a method without naming it ("we propose a method that ..."), a
    name first written after that, as the subject of "improves/outperforms/...", is its name
    ("We show empirically that USEFUL effectively improves ...")."""
    making = _MAKES_UNNAMED.search(abstract)
    if making is None:
        return calls
    for i, call in enumerate(calls):
        name = call.name
        if call.label != "other" or call.reason != _NO_CUE or is_well_known(name):
            continue
        mentions = _mentions(name, abstract)
        if not mentions or mentions[0][0] < making.end():
            continue
        if any(_DOES_BETTER.match(abstract, end) for _, end in mentions):
            why = "subject of 'improves/outperforms' after an unnamed 'we propose a method'"
            return [*calls[:i], NameCall(name, "introduces", why), *calls[i + 1 :]]
    return calls


_LANGUAGES = r"(?:" + either(words("naming_languages")) + r")"
# "English-German", "English-to-German", "German to English": a translation direction.
_LANGUAGE_PAIR = re.compile(_LANGUAGES + r"(?:(?:-(?:to-)?|\s+to\s+)" + _LANGUAGES + r")+")
# What follows a dataset name and belongs to it: "WMT'14 English-German", "IWSLT 2014 German
# to English", "PASCAL VOC 2007".
_VERSION_AFTER = re.compile(
    r"(?:\s*['\u2019]\d{2}|\s+(?:19|20)\d{2})?(?:\s+" + _LANGUAGE_PAIR.pattern + r")?(?![\w\-])"
)


def _with_versions(datasets: list[str], abstract: str) -> list[str]:
    """Each dataset name as written with its year and language pair, where it has them."""
    out: list[str] = []
    for name in datasets:
        spelled = []
        for start, end in _mentions(name, abstract):
            more = _VERSION_AFTER.match(abstract, end)
            spelled.append(" ".join(abstract[start : more.end()].split()) if more else name)
        longer = [x for x in dict.fromkeys(spelled) if x != name]
        for item in longer or [name]:
            if item not in out:
                out.append(item)
    return out
