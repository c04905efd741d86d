"""The paper's domain, its contribution types and its tasks, from the abstract's words.

Weighted cue words decide the domain (application areas before technique areas) and the
contribution types; short noun phrases that end in a task word ("... segmentation",
"... forecasting") are the tasks. Prompts with ``strategy = "cues"`` use these with the
name rules of :mod:`.cues`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from ..text import sentences

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
    "natural_language": 1.1,
    "ml_theory": 1.0,
    "general_ml": 0.5,
}


# Domain words by their first two characters: each word start of the abstract is checked
# against the few words it could begin, and a word counts where it starts a word.
_DOMAIN_BY_START: dict[str, list[tuple[str, str]]] = {}
for _domain, _words in _DOMAIN_WORDS.items():
    for _word in _words:
        _DOMAIN_BY_START.setdefault(_word[:2], []).append((_domain, _word))
_WORD_START = re.compile(r"\b\w")


def domain_scores(abstract: str) -> dict[str, float]:
    """A score per domain from the words of the abstract (each domain word counts at every
    word of the abstract that starts with it)."""
    text = abstract.lower()
    hits = dict.fromkeys(_DOMAIN_WORDS, 0)
    for match in _WORD_START.finditer(text):
        at = match.start()
        for domain, word in _DOMAIN_BY_START.get(text[at : at + 2], ()):
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
_PROOF = re.compile(r"\b(we prove|theorem|non-vacuous)\b")


def classify_contributions(abstract: str, introduces: list[str]) -> list[str]:
    """1 to 3 contribution types, most important first."""
    text = abstract.lower()
    counted: dict[str, int] = {}

    def count(kind: str) -> int:  # each pattern is run only when its count decides
        if kind not in counted:
            counted[kind] = len(_TYPE_REGEXES[kind].findall(text))
        return counted[kind]

    chosen: list[str] = []
    if not introduces and count("survey") >= 1:
        chosen.append("survey")
    intro_sentences = " ".join(
        s.lower() for s in sentences(abstract) if any(n in s for n in introduces)
    )
    for kind in ("benchmark", "dataset"):
        if introduces and _TYPE_REGEXES[kind].search(intro_sentences):
            chosen.append(kind)
    if introduces and not chosen:
        chosen.append("method")
    elif introduces and count("method"):
        chosen.append("method")
    if count("theory") >= 2 or _PROOF.search(text):
        chosen.append("theory")
    if "method" not in chosen and count("empirical_study") >= 2:
        chosen.append("empirical_study")
    if not chosen and count("system") >= 2:
        chosen.append("system")
    if not chosen:
        chosen.append("method" if count("method") else "empirical_study")
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
    "regression",
    "distillation",
    "registration",
    "generalisation",
    "decoding",
    "tuning",
    "prompting",
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
    # judgements and amounts, not kinds of task: "first rigorous learning", "significant
    # generalization", "extensive empirical evaluation"
    "first",
    "rigorous",
    "significant",
    "substantial",
    "extensive",
    "empirical",
    "systematic",
    "thorough",
    "recent",
    "own",
    "final",
    "smaller",
    "narrow",
    "several",
    "superior",
    "competitive",
    "promising",
    "good",
    "excellent",
    "impressive",
    "powerful",
    "perfect",
    "moderate",
    "stronger",
    "inherent",
    "overall",
    "precise",
    "careful",
    "intuitive",
    "flexible",
    "faster",
    "slow",
    "initial",
    "full",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "even",
    "so",
    "but",
    "since",
    # verbs: "maximize reconstruction", "achieve good generalization", "study generalization"
    "present",
    "maximize",
    "minimize",
    "drive",
    "measure",
    "solve",
    "cannot",
    "achieve",
    "exhibit",
    "address",
    "propose",
    "study",
    "evaluate",
    "promote",
    "facilitate",
    "limit",
    "suppress",
    "guarantee",
    "prevents",
    "performs",
    "discover",
    "renders",
    "use",
    "connect",
    "adapt",
    "ease",
    "shown",
    "show",
    "skip",
    "help",
    "affects",
    "influence",
    "acquire",
    "extrapolate",
    "reduce",
    "identify",
    "enhance",
    "attains",
    "train",
    "still",
    "toward",
    "towards",
    "high",
    "basic",
    "simple",
    "nontrivial",
}


_HEADS = "|".join(re.escape(h) for h in _TASK_HEADS)
# Up to three words and a head noun; tried only where a word starts.
_TASK_PHRASE = re.compile(r"(?<![\w'\-])((?:[\w'\-]+\s+){0,3})(" + _HEADS + r")\b", re.I)
_HEAD = re.compile(r"(?<![\w'\-])(?:" + _HEADS + r")\b", re.I)


def _task_phrases(abstract: str) -> Iterator[re.Match[str]]:
    """What ``_TASK_PHRASE.finditer`` finds, trying the pattern only at the word starts
    that can reach a head noun (at most three words before it) instead of at every word.

    A phrase starts at a word start (the look-behind) and ends at a head noun, and the
    scan takes the leftmost start first: so for each head, in order, the word starts
    from three words before it up to the head itself are tried, left to right.
    """
    tried = 0  # word starts before this are done: matched into, or unable to match
    for head in _heads(abstract):
        at = head.start()
        if at < tried:
            continue
        for start in _word_starts_up_to(abstract, at, 4):
            if start < tried:
                continue
            match = _TASK_PHRASE.match(abstract, start)
            if match:
                yield match
                tried = match.end()
                break
        else:
            tried = at + 1


_LOWER_HEADS = tuple(dict.fromkeys(h.lower() for h in _TASK_HEADS))


def _heads(abstract: str) -> Iterator[re.Match[str]]:
    """What ``_HEAD.finditer`` finds. In ASCII text a head can only start where its
    lower-cased spelling is found, so the pattern is tried only there."""
    if not abstract.isascii():
        yield from _HEAD.finditer(abstract)
        return
    low = abstract.lower()
    starts: set[int] = set()
    for head in _LOWER_HEADS:
        at = low.find(head)
        while at >= 0:
            starts.add(at)
            at = low.find(head, at + 1)
    end = 0
    for at in sorted(starts):
        if at < end:
            continue  # inside the head found before
        match = _HEAD.match(abstract, at)
        if match:
            yield match
            end = match.end()


_WORD_START_AT = re.compile(r"(?<![\w'\-])[\w'\-]")


def _word_starts_up_to(text: str, at: int, count: int) -> list[int]:
    """The last ``count`` word starts at or before ``at``, in order."""
    span = 120
    while True:
        low = max(0, at - span)
        starts = [m.start() for m in _WORD_START_AT.finditer(text, low, at + 1)]
        if len(starts) >= count or low == 0:
            return starts[-count:]
        span *= 4


def find_tasks(abstract: str, limit: int = 4) -> list[str]:
    """Short noun phrases that name a task: up to three words before a task head noun."""
    counts: Counter[str] = Counter()
    first: dict[str, int] = {}
    spelled: dict[str, str] = {}  # each phrase as first written
    for match in _task_phrases(abstract):
        words = match.group(1).split()
        kept: list[str] = []
        for word in reversed(words):
            clean = word.strip(",;:()")
            low = clean.lower()
            if (
                clean != word
                or not clean
                or low in _TASK_STOP
                or clean.isdigit()  # "12 segmentation" counts, it names no task
                # a verb or an adverb ("improving", "learned", "often"); a compound such as
                # "semi-supervised" or "long-tailed" is an adjective
                or ("-" not in low and re.search(r"(?:ly|ing|ed|[^s]es|ows|ses)$", low))
            ):
                break
            kept.insert(0, clean)
        if not kept:
            continue  # a bare head noun ("learning") names no task
        phrase = " ".join([*kept, match.group(2)])
        key = phrase.lower()
        counts[key] += 1
        first.setdefault(key, match.start())
        spelled.setdefault(key, phrase)
    ranked = sorted(counts, key=lambda k: (-counts[k], first[k]))
    out: list[str] = []
    for key in ranked:
        if any(key in o.lower() or o.lower() in key for o in out):
            continue
        out.append(spelled[key])
        if len(out) == limit:
            break
    return out
