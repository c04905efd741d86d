"""Deciding from the abstract's own wording: which names are new, which are datasets,
the paper's domain and its contribution types.

Small local models cannot make these calls reliably (the embedded 0.5B model labels
almost every candidate name as "new"), while the wording of abstracts is regular:
"we propose X", "named X", "our X", "on X and Y benchmarks", "outperforms X". These
rules read that wording. Prompts with ``strategy = "cues"`` use them; prompts with
``strategy = "candidates"`` leave the choice to the model.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from .candidates import find_cue_names, find_names
from .known_datasets import find_known_datasets, is_known_dataset
from .text import sentences

_INTRO_VERB = (
    r"(?:propose|introduce|present|develop|design|build|construct|curate|create|"
    r"contribute|release|devise|formulate|establish|unveil|offer|put forward)"
)
_NAMING = r"(?:named|called|dubbed|termed|coined|denoted(?: as)?|referred to as|namely)"
_NEW_NOUN = (
    r"(?:novel|new|simple|general|unified|efficient|effective|first|lightweight|scalable|"
    r"large-scale|comprehensive|challenging|principled|flexible|plug-and-play|training-free)"
)
_EXISTING = (
    r"(?:outperform\w*|surpass\w*|than|compared (?:to|with)|such as|e\.g\.,?|including|like|"
    r"based on|built (?:on|upon)|using|uses|use|with|versus|vs\.?|over|beyond|extends?|"
    r"baselines?|state-of-the-art|existing|prior|previous|popular|standard|widely used)"
)
_DATA_WORD = r"(?:datasets?|benchmarks?|corpus|corpora|suites?|test sets?|splits?|collections?)"
_DATA_CONTEXT = r"(?:on|across|over|using|from|in|with|including|such as|e\.g\.,?|and|of|to)"


@dataclass(frozen=True)
class NameCall:
    """What the rules decided about one candidate name."""

    name: str
    label: str  # "introduces", "dataset" or "other"
    reason: str


# Names differ in every abstract, so the rules below find a name with str.find and test
# the text around it with fixed, compiled patterns (a pattern per name would be compiled
# anew for every abstract).


def _glued(ch: str) -> bool:
    return ch == "-" or ch.isalnum() or ch == "_"


def _occurrences(name: str, text: str) -> list[int]:
    """Start of every occurrence of ``name`` in ``text``, anywhere."""
    out, i = [], text.find(name) if name else -1
    while i != -1:
        out.append(i)
        i = text.find(name, i + 1)
    return out


def _mentions(name: str, text: str) -> list[tuple[int, int]]:
    """(start, end) of each mention of ``name`` as a whole token."""
    n = len(name)
    return [
        (i, i + n)
        for i in _occurrences(name, text)
        if not (i > 0 and _glued(text[i - 1])) and not (i + n < len(text) and _glued(text[i + n]))
    ]


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
    """True when the text has ``long (short)``."""
    return any(text[:at].rstrip().endswith(long) for at in _in_parens(short, text))


def _before(text: str, start: int, words: int) -> str:
    return " ".join(text[:start].split()[-words:]).lower()


def _after(text: str, end: int, words: int) -> str:
    return " ".join(text[end:].split()[:words]).lower()


def classify_name(
    name: str, abstract: str, names: list[str], cue_names: list[str] | None = None
) -> NameCall:
    """Label one candidate name from the wording around its mentions."""
    if _background(name, abstract):
        return NameCall(name, "other", "mentioned as existing before the paper's own work")
    if cue_names and name in cue_names:
        return NameCall(name, "introduces", "written right after 'we propose/introduce' or 'named'")
    mentions = _mentions(name, abstract)
    if not mentions:
        return NameCall(name, "other", "not found as a word")
    intro = data = existing = 0
    reasons: list[str] = []
    for start, end in mentions:
        sentence = next((s for s in sentences(abstract) if name in s), "")
        before8 = _before(abstract, start, 8)
        before3 = _before(abstract, start, 3)
        after4 = _after(abstract, end, 4)
        if re.search(r"\b" + _NAMING + r"\s*[\"'(]?$", before3) or re.search(
            r"\b" + _NAMING + r"\b", before3
        ):
            intro += 3
            reasons.append("named")
        if re.search(
            r"\b(?:we|this (?:paper|work)|our work|authors)\b[^.;]*\b" + _INTRO_VERB, before8
        ):
            intro += 2
            reasons.append("we propose")
        if re.search(r"\bour\s*$", before3) or re.search(r"\bour\b", before3.split(",")[-1]):
            intro += 2
            reasons.append("our")
        if re.match(r"^[,:(]?\s*(?:an?|the)\s+(?:\w+[\s,-]+){0,3}?" + _NEW_NOUN, after4):
            intro += 1
            reasons.append("X, a new")
        if re.match(r"^\)?\s*(?:,\s*)?(?:is|are)\s+(?:an?\s+)?" + _NEW_NOUN, after4):
            intro += 1
        if re.search(r"\b" + _EXISTING + r"\s*(?:\w+\s*){0,2}$", before3) and "our" not in before3:
            existing += 1
            reasons.append("existing")
        if re.match(r"^(?:\w+\s+)?" + _DATA_WORD, after4) or (
            re.search(r"\b" + _DATA_WORD + r"\b", sentence.lower())
            and re.search(r"\b" + _DATA_CONTEXT + r"\s*(?:the\s+)?$", before3)
            and not re.search(r"\b" + _INTRO_VERB, sentence.lower())
        ):
            data += 2
            reasons.append("dataset context")
    if _term_acronym(name, abstract):
        return NameCall(name, "other", "abbreviates a common term")
    if _listed_as_data(name, abstract):
        data += 2
        reasons.append("listed as a dataset")
    if is_known_dataset(name):
        data += 3
        reasons.append("known dataset")
    if len(mentions) >= 2 and intro:
        intro += 1
    # A short form in parentheses right after a new name is the same artifact.
    for other in names:
        if other != name and _written_as(other, name, abstract):
            intro += 1
    why = ", ".join(dict.fromkeys(reasons)) or "no cue"
    if data >= 2 and data > intro:
        return NameCall(name, "dataset", why)
    if intro >= 3 and intro > existing:
        return NameCall(name, "introduces", why)
    return NameCall(name, "other", why)


_LIST_CUE = re.compile(
    r"\b"
    + _DATA_WORD
    + r"\s*(?:[:,(]|such as|including|like)\s*(?:[\w\-.]+,?\s+(?:and\s+)?){0,6}\(?$"
)
_PAREN_CUE = re.compile(r"\s*\)[^.]{0,60}\b" + _DATA_WORD)
_ON_CUE = re.compile(
    r"\b(?:accuracy|performance|results?|evaluated|evaluate|trained|experiments?|tested)"
    r"\s+on\s+(?:the\s+|both\s+)?$"
)


def _listed_as_data(name: str, abstract: str) -> bool:
    """ "datasets such as X", "X (...) benchmark", "accuracy on X"."""
    n = len(name)
    for i in _occurrences(name, abstract):
        if i + n < len(abstract) and _glued(abstract[i + n]):
            continue
        before = abstract[max(0, i - 300) : i]
        if _LIST_CUE.search(before) or _ON_CUE.search(before):
            return True
        if _OPEN_PAREN_END.search(before) and _PAREN_CUE.match(abstract, i + n):
            return True
    return False


_OWN_WORK = re.compile(
    r"\b(?:(?:we|this (?:paper|work)|our \w+)\b[^.;]*\b"
    + _INTRO_VERB
    + r"|"
    + _NAMING
    + r"|"
    + _NEW_NOUN
    + r"\b)",
    re.IGNORECASE,
)


def _background(name: str, abstract: str) -> bool:
    """True when the name is first written as existing work, and only later in the
    sentence that presents the paper's own work ("current CBMs ... We propose
    Data-efficient CBMs (DCBMs)")."""
    found = [s for s in sentences(abstract) if _mentions(name, s)]
    if len(found) < 2 or _OWN_WORK.search(found[0]):
        return False
    return any(_OWN_WORK.search(s) for s in found[1:])


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
    words = _parts(match.group(1))[-len(name.rstrip("s")) :]
    initials = "".join(w[0] for w in words).lower()
    # Title-Case words make a proper name ("Sharpness-Aware Minimization (SAM)"); lower-case
    # words, with an acronym or two among them, a term ("deep AUC maximization (DAM)").
    return initials == name.rstrip("s").lower() and not any(
        re.match(r"[A-Z][a-z]", w) for w in words
    )


def _parts(name: str) -> list[str]:
    return [w for w in re.split(r"[\s\-]+", name) if w]


def _prefer_short(names: list[str], abstract: str) -> list[str]:
    """Drop a long form whose short form follows it in parentheses: "Imbalanced-SAM (ImbSAM)"."""
    out = []
    for name in names:
        shorter = [
            o for o in names if o != name and len(o) < len(name) and _written_as(name, o, abstract)
        ]
        # A single word of a longer chosen name ("NATURAL" of "NATURAL INSTRUCTIONS").
        inside = [o for o in names if o != name and " " in o and name in o.split()]
        # The long form in parentheses after a chosen short name: "VILA^2 (VILA-augmented-VILA)".
        expansion = [
            o
            for o in names
            if o != name
            and len(o) < len(name)
            and len(_parts(name)) > len(_parts(o))
            and _written_as(o, name, abstract)
        ]
        if not shorter and not inside and not expansion:
            out.append(name)
    return out


_LONG_FORM = re.compile(r"[^.;()]{1,120}$")


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
    abstract: str, names: list[str] | None = None
) -> tuple[list[str], list[str], list[NameCall]]:
    """(introduces, datasets, every call) for the candidate names of an abstract."""
    names = find_names(abstract) if names is None else names
    names = names + [n for n in find_known_datasets(abstract) if n not in names]
    cue_names = find_cue_names(abstract)
    calls = [classify_name(n, abstract, names, cue_names) for n in names]
    introduces = _prefer_short([c.name for c in calls if c.label == "introduces"], abstract)
    introduces = [n for n in introduces if not _expansion_only(n, abstract, introduces)]
    datasets = _prefer_short([c.name for c in calls if c.label == "dataset"], abstract)
    return introduces, datasets, calls


_DOMAIN_WORDS: dict[str, tuple[str, ...]] = {
    "healthcare": (
        "medical",
        "clinical",
        "patient",
        "diagnos",
        "disease",
        "health",
        "hospital",
        "mri",
        "ct scan",
        "radiolog",
        "patholog",
        "retina",
        "glaucoma",
        "cancer",
        "tumor",
        "brain",
        "stroke",
        "ecg",
        "eeg",
        "protein",
        "molecul",
        "drug",
        "genom",
        "biolog",
        "cell",
        "parkinson",
        "surgical",
        "ehr",
        "medicine",
        "thromb",
    ),
    "speech_audio": (
        "speech",
        "audio",
        "speaker",
        "voice",
        "acoustic",
        "asr",
        "music",
        "singing",
        "sound",
        "spoof",
        "codec",
        "vocal",
        "waveform",
        "prosody",
        "phoneme",
    ),
    "robotics_rl": (
        "robot",
        "reinforcement learning",
        "policy",
        "agent",
        "manipulation",
        "navigation",
        "control",
        "locomotion",
        "embodied",
        "imitation learning",
        "reward",
        "grasp",
        "autonomous driving",
        "planning",
    ),
    "graphs": (
        "graph",
        "node",
        "gnn",
        "edge",
        "network data",
        "link prediction",
        "molecular graph",
    ),
    "multimodal": (
        "vision-language",
        "vision language",
        "multimodal",
        "multi-modal",
        "vlm",
        "mllm",
        "text-to-image",
        "image-text",
        "captioning",
        "visual question",
        "audio-visual",
        "text-to-video",
        "cross-modal",
    ),
    "computer_vision": (
        "image",
        "video",
        "visual",
        "vision",
        "segmentation",
        "detection",
        "3d",
        "pixel",
        "camera",
        "point cloud",
        "diffusion",
        "object",
        "scene",
        "imagenet",
        "convolutional",
        "recognition",
    ),
    "natural_language": (
        "language model",
        "llm",
        "text",
        "nlp",
        "natural language",
        "translation",
        "token",
        "question answering",
        "reasoning",
        "instruction",
        "linguistic",
        "corpus",
        "prompt",
        "dialog",
        "sentence",
        "word",
    ),
    "ml_theory": (
        "theorem",
        "bound",
        "prove",
        "proof",
        "theoretical",
        "generalization error",
        "sample complexity",
        "convergence rate",
        "minimax",
        "pac-bayes",
        "non-vacuous",
        "regret",
    ),
    "general_ml": (
        "optimization",
        "optimizer",
        "training",
        "generalization",
        "gradient",
        "learning rate",
        "batch",
        "neural network",
        "hyperparameter",
        "architecture search",
        "deep learning",
        "class imbalance",
        "causal",
        "tabular",
        "time series",
    ),
}
# Application areas win over technique areas when both fit (the guide's rule).
_DOMAIN_WEIGHT = {
    "healthcare": 2.0,
    "speech_audio": 1.6,
    "robotics_rl": 1.5,
    "graphs": 1.2,
    "multimodal": 1.6,
    "computer_vision": 1.0,
    "natural_language": 0.9,
    "ml_theory": 1.0,
    "general_ml": 0.7,
}


# Domain words by their first letter; a word counts where it starts a word of the text.
_DOMAIN_BY_LETTER: dict[str, list[tuple[str, str]]] = {}
for _domain, _words in _DOMAIN_WORDS.items():
    for _word in _words:
        _DOMAIN_BY_LETTER.setdefault(_word[0], []).append((_domain, _word))
_WORD_START = re.compile(r"\b\w")


def domain_scores(abstract: str) -> dict[str, float]:
    """A score per domain from the words of the abstract (each domain word counts at every
    word of the abstract that starts with it)."""
    text = abstract.lower()
    hits = dict.fromkeys(_DOMAIN_WORDS, 0)
    for match in _WORD_START.finditer(text):
        at = match.start()
        for domain, word in _DOMAIN_BY_LETTER.get(text[at], ()):
            if text.startswith(word, at):
                hits[domain] += 1
    return {domain: hits[domain] * _DOMAIN_WEIGHT[domain] for domain in _DOMAIN_WORDS}


def classify_domain(abstract: str) -> str:
    """The most likely domain, or ``other`` when no domain word is found."""
    scores = domain_scores(abstract)
    best = max(scores, key=lambda d: scores[d])
    return best if scores[best] > 0 else "other"


_TYPE_PATTERNS: dict[str, str] = {
    "survey": r"\b(survey|review of|overview|tutorial|position paper|we argue|taxonomy|"
    r"systematic review|literature)\b",
    "benchmark": r"\b(benchmark|evaluation suite|leaderboard|metric|evaluation protocol|"
    r"testbed)\b",
    "dataset": r"\b(dataset|corpus|data collection|annotat\w+|curated?|collected|"
    r"we release .{0,40}data)\b",
    "theory": r"\b(theorem|we prove|prove that|proof|bounds?|theoretical(ly)?|provabl\w+|"
    r"guarantee)\b",
    "empirical_study": r"\b(we (study|investigate|analy[sz]e|examine|evaluate|find|observe|"
    r"explore|reveal)|empirical(ly)? (study|analysis)|our (study|analysis|findings))\b",
    "system": r"\b(library|toolkit|open-source (implementation|tool|framework)|platform|"
    r"software|system for|api|implementation)\b",
    "method": r"\b(we (propose|introduce|present|develop|design)|novel (method|approach|"
    r"framework|algorithm|architecture|model)|our (method|approach|framework|model))\b",
}


_TYPE_REGEXES = {kind: re.compile(pattern) for kind, pattern in _TYPE_PATTERNS.items()}


def classify_contributions(abstract: str, introduces: list[str]) -> list[str]:
    """1 to 3 contribution types, most important first."""
    text = abstract.lower()
    counts = Counter({t: len(p.findall(text)) for t, p in _TYPE_REGEXES.items()})
    chosen: list[str] = []
    if counts["survey"] >= 1 and not introduces:
        chosen.append("survey")
    intro_sentences = " ".join(
        s.lower() for s in sentences(abstract) if any(n in s for n in introduces)
    )
    for kind in ("benchmark", "dataset"):
        if introduces and re.search(_TYPE_PATTERNS[kind], intro_sentences):
            chosen.append(kind)
    if introduces and not chosen:
        chosen.append("method")
    elif introduces and counts["method"]:
        chosen.append("method")
    if counts["theory"] >= 2 or re.search(r"\b(we prove|theorem|non-vacuous)\b", text):
        chosen.append("theory")
    if counts["empirical_study"] >= 2 and "method" not in chosen:
        chosen.append("empirical_study")
    if counts["system"] >= 2 and not chosen:
        chosen.append("system")
    if not chosen:
        chosen.append("method" if counts["method"] else "empirical_study")
    return list(dict.fromkeys(chosen))[:3]


_TASK_HEADS = (
    "classification",
    "detection",
    "segmentation",
    "generation",
    "recognition",
    "forecasting",
    "estimation",
    "translation",
    "answering",
    "retrieval",
    "reasoning",
    "navigation",
    "manipulation",
    "prediction",
    "imputation",
    "summarization",
    "captioning",
    "synthesis",
    "tracking",
    "compression",
    "pretraining",
    "pre-training",
    "modeling",
    "modelling",
    "search",
    "planning",
    "control",
    "counting",
    "clustering",
    "localization",
    "parsing",
    "alignment",
    "editing",
    "reconstruction",
    "inpainting",
    "denoising",
    "diagnosis",
    "learning",
    "generalization",
    "adaptation",
    "transfer",
    "fine-tuning",
    "finetuning",
    "evaluation",
    "optimization",
    "inference",
    "understanding",
    "exploration",
    "curation",
    "merging",
)
_TASK_STOP = {
    "the",
    "a",
    "an",
    "of",
    "for",
    "and",
    "or",
    "in",
    "on",
    "to",
    "with",
    "by",
    "from",
    "our",
    "their",
    "its",
    "this",
    "that",
    "these",
    "we",
    "is",
    "are",
    "be",
    "as",
    "via",
    "such",
    "existing",
    "current",
    "novel",
    "new",
    "effective",
    "efficient",
    "robust",
    "better",
    "improved",
    "improve",
    "improves",
    "improving",
    "enables",
    "enable",
    "across",
    "both",
    "while",
    "under",
    "which",
    "has",
    "have",
    "many",
    "various",
    "different",
    "most",
    "more",
    "prior",
    "previous",
    "standard",
    "strong",
    "large",
    "state-of-the-art",
    "deep",
    "machine",
    "challenging",
    "critical",
    "key",
    "accurate",
    "general",
    "diverse",
    "downstream",
    "scalable",
    "like",
    "through",
    "employ",
    "certain",
    "poor",
    "deeper",
    "although",
    "into",
    "between",
    "beyond",
    "unseen",
    "broader",
    "reliable",
    "comprehensive",
    "research",
    "models",
    "model",
    "require",
    "can",
    "provide",
    "scales",
    "remarkable",
    "division",
    "space",
    "at",
    "it",
    "not",
    "also",
    "only",
    "further",
    "two",
    "three",
    "each",
    "all",
    "any",
    "other",
    "without",
}


# Up to three words and a head noun; tried only where a word starts.
_TASK_PHRASE = re.compile(
    r"(?<![\w'\-])((?:[\w'\-]+\s+){0,3})(" + "|".join(re.escape(h) for h in _TASK_HEADS) + r")\b",
    re.IGNORECASE,
)


def find_tasks(abstract: str, limit: int = 3) -> list[str]:
    """Short noun phrases that name a task: up to three words before a task head noun."""
    counts: Counter[str] = Counter()
    first: dict[str, int] = {}
    for match in _TASK_PHRASE.finditer(abstract):
        words = match.group(1).split()
        kept: list[str] = []
        for word in reversed(words):
            clean = word.strip(",;:()")
            low = clean.lower()
            if (
                clean != word
                or not clean
                or low in _TASK_STOP
                or re.search(r"(?:ly|ing|ed|[^s]es|ows|ses)$", low)
            ):
                break
            kept.insert(0, clean)
        if not kept:
            continue  # a bare head noun ("learning") names no task
        phrase = " ".join([*kept, match.group(2)])
        key = phrase.lower()
        counts[key] += 1
        first.setdefault(key, match.start())
        first[key + "\x00text"] = first.get(key + "\x00text") or phrase  # type: ignore[assignment]
    ranked = sorted(counts, key=lambda k: (-counts[k], first[k]))
    out: list[str] = []
    for key in ranked:
        text = first[key + "\x00text"]
        if any(key in o.lower() or o.lower() in key for o in out):
            continue
        out.append(text)  # type: ignore[arg-type]
        if len(out) == limit:
            break
    return out
