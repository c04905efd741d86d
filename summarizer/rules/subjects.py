"""Whom a number belongs to: the ``subject`` of a result.

The subject is the candidate name written nearest before the number in its sentence, as a
whole name ("DARTS" is not found inside "sharpDARTS"), and not where the name is the
compared-with side ("faster than DARTS", "MAD improves DSU by 2.8%": DSU is improved upon)
or the setting ("on ImageNet", "across QuxBench and ..."), hardware or a range. A
number in parentheses right after the compared-with side belongs to it: "a 76% relative
improvement over the static data collection paradigm (22.2%)".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .metrics import METRIC_NAMES
from .well_known import is_model_line
from .wordlists import words

# Words after which a name is the side a result beats or is set against: "faster than DARTS",
# "outperforms GPT-4", "compared with BERT".
_BEATEN = (
    r"than|over|versus|against|outperform\w*|surpass\w*|beat\w*|exceed\w*|compared (?:to|with)"
)
# What a result is compared with is not its subject: "faster than DARTS", "over GPT-4",
# "improves DSU by 2.8%", "boosts Qwen2.5-VL-7B by 8.2%" (the name improved upon).
_COMPARED_WITH = re.compile(
    r"(?:\b(?:" + _BEATEN + r"|vs\.?|improv\w*|boost\w*|relative to|like|such as)\s+"
    r"(?:(?:the|an?)\s+)?(?:[\w\-]+,?\s+){0,1})$",
    re.IGNORECASE,
)
# A name that qualifies the kind of what is compared with, a few words after the verb:
# "outperforms state-of-the-art UAV VLN baselines by 7.89%".
_KIND_AFTER = re.compile(r"(?:-based)?\s+(?:baselines|methods|models|approaches|systems)\b")
_COMPARED_KIND = re.compile(
    r"\b(?:" + _BEATEN + r")\s+(?:(?:the|all|other|existing|prior|previous)\s+)?"
    r"(?:[\w\-]+\s+){0,3}$",
    re.IGNORECASE,
)
# A name after a preposition is where or on what a number was measured: "on ImageNet".
_SETTING = re.compile(
    r"\b(?:on|across)\s+(?:the\s+|a\s+|an\s+)?$",
    re.IGNORECASE,
)
# A name in parentheses right after a value says where or on what it was measured.
_VALUES_SETTING = re.compile(r"\d\s*(?:%|\\%|\$)?\s*\(\s*$")
# "over the static data collection paradigm (": the compared side, before a parenthesis
_COMPARED_PHRASE = re.compile(
    r"\b(?:than|over|compared (?:to|with)|versus|vs\.?|relative to)\s+(?:the\s+)?"
    r"((?:[A-Za-z][\w\-]*\s+){0,4}[A-Za-z][\w\-]*)\s*\(\s*$",
    re.IGNORECASE,
)


# Words that set what follows against a result: a comparing verb's stem (data/
# comparing_verbs.txt), "than", "compared to" ...; then the side compared with, up to a
# parenthesis, a comma or a preposition: "CVBM outperforms fully supervised methods (",
# "beats previous state-of-the-art in terms of", "outperforming the DINO by".
_SETTING_AGAINST = (
    r"\b(?:(?:" + "|".join(words("comparing_verbs")) + r")\w*|than|over|against|"
    r"compared\s+(?:to|with)|relative\s+to)\s+"
)
_SIDE = (
    r"(?:(?:the|a|an|its|their|our|his|her)\s+)?"
    r"(?!(?:when|where|using|those|that|this|these|it|them|what|which|how|if|as)\b)"
    r"(?P<side>[A-Za-z][^\s(),;:]*(?:\s+(?!(?:by|in|on|at|with|across|while|for|of|and|"
    r"under|using|to|when|which|that|despite|from)\b)[^\s(),;:]+){0,5})"
    r"(?=\s*[(),;:]|\s+(?:by|in|on|at|with|across|while|for|of|and|under|using|to|when|"
    r"which|that|despite|from)\b|\s*\.?$)"
)
_AGAINST_BEFORE = re.compile(_SETTING_AGAINST + _SIDE, re.IGNORECASE)
_AGAINST_AFTER = re.compile(r"[^.;]*?" + _SETTING_AGAINST + _SIDE, re.IGNORECASE)


def compared_against(text: str, begin: int, start: int, end: int, stop: int) -> str | None:
    """The side a result is set against in its sentence (``text[begin:stop]``, the result
    at ``text[start:end]``): the last one named before it ("CVBM outperforms fully
    supervised methods (84.57% vs. 83.89%)"), else the first after it ("(41.13% vs. 40.52%)
    over the parallel method"); None when the sentence compares with nothing."""
    found = max(_AGAINST_BEFORE.finditer(text, begin, start), key=lambda m: m.start(), default=None)
    if found is None:
        found = _AGAINST_AFTER.match(text, end, stop)
    side = found.group("side").rstrip(".") if found else None
    if side is None or ". " in side or "\\" in side or "@" in side:
        return None  # a phrase that runs over a sentence's end or into markup
    return side


@lru_cache(maxsize=4096)
def _whole_name(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w])" + re.escape(name) + r"(?![\w])")


def whole_name_at(text: str, name: str, begin: int, end: int) -> list[int]:
    """Where ``name`` is written as a whole name in ``text[begin:end]``, last first; a hyphen
    may touch it ("FooNet-7B"), unlike :func:`.name_spans.mentions`, whose whole tokens
    include their hyphens."""
    pattern = _whole_name(name)
    found = [m.start() for m in pattern.finditer(text, begin, end) if m.end() <= end]
    return found[::-1]


def subject_before(text: str, begin: int, start: int, names: list[str]) -> tuple[str, int] | None:
    """The whole name written nearest before ``start`` from ``begin`` (its sentence), not as
    the compared-with side nor as the setting, and where it is written; or None."""
    best, best_at = None, -1
    for name in names:
        for at in whole_name_at(text, name, begin, start):
            window = max(begin, at - 40)
            if _COMPARED_WITH.search(text, window, at) or _SETTING.search(text, window, at):
                continue
            if _KIND_AFTER.match(text, at + len(name)) and _COMPARED_KIND.search(
                text, max(begin, at - 60), at
            ):
                continue  # "outperforms state-of-the-art UAV VLN baselines by 7.89%"
            if _VALUES_SETTING.search(text, window, at):
                continue  # "by +36.3% (ViTac), +134.6% (ViTacTip)": where each was measured
            if at + len(name) > best_at + len(best or ""):
                best, best_at = name, at
            break
    return (best, best_at) if best is not None else None


# A model's size written before its name: "an 8B Llama", "a 124M-parameter GPT-2", "the
# 671B DeepSeek-R1". Millions or thousands are a model's size only when "parameter" says so
# ("1.5M CoT-labeled VQA instructions", "7.7K CoT samples" count data).
_BILLIONS = re.compile(r"\d+(?:\.\d+)?\s?B")
_SIZE_VALUE = re.compile(r"\d+(?:\.\d+)?\s?[BMK]")
_PARAMETER = re.compile(r"-?\s?parameters?")
_SPACE = re.compile(r"\s+")


def named_after_size(text: str, start: int, end: int, names: list[str]) -> str | None:
    """The model a size at ``text[start:end]`` is written right before ("an 8B Llama
    model": Llama; "a 124M-parameter GPT-2": GPT-2): the longest of ``names`` there that is
    a model's name, of a listed line or with a digit or a hyphen ("SFD-XXL"), not a kind
    ("a 30B MoE model", "a 0.9B-parameter SNN"); None for any other number or name."""
    if not _SIZE_VALUE.fullmatch(text, start, end):
        return None
    parameter = _PARAMETER.match(text, end)
    if parameter is None and not _BILLIONS.fullmatch(text, start, end):
        return None
    at = parameter.end() if parameter else end
    space = _SPACE.match(text, at)
    if space is None:
        return None
    at = space.end()
    found = [
        n
        for n in names
        if text.startswith(n, at)
        and not text[at + len(n) : at + len(n) + 1].isalnum()
        and (is_model_line(n) or n[0].isupper() and any(c.isdigit() or c == "-" for c in n))
    ]
    return max(found, key=len, default=None)


# "versus 72.07% for the IQ2_XXS baseline", "compared to 0.317 for FSL TOPUP", "vs. 44.9 for
# the ReAct baseline": a number set against the result before it, and whose it is.
_VERSUS_BEFORE = re.compile(
    r"\b(?:versus|vs\.?|compared\s+(?:to|with)|relative\s+to)\s+"
    r"(?:only\s+|just\s+|about\s+|approximately\s+|around\s+|~\s?)?\Z",
    re.IGNORECASE,
)
_FOR_SIDE = re.compile(
    r"\s+(?:for|by)\s+(?:(?:the|a|an)\s+)?"
    r"(?P<side>[A-Za-z][\w\-+/]*(?:[ .][\w\-+/]+){0,3}?)"
    r"(?=\s*[,;:()]|\.(?:\s|$)|\s+(?:and|or|with|at|on|in|under|while|which|across|when|"
    r"respectively|but|as|to|from|using)\b|$)"
)


# The next item of a list of numbers set against a result: ", 61.91% for ViT-Small, and".
_NEXT_ITEM = re.compile(r"[)\w]\s*,\s*(?:and\s+)?\Z|\s+and\s+\Z")


def versus_side(text: str, start: int, end: int, listed: bool = False) -> str | None:
    """Whose the number at ``text[start:end]`` is where the sentence sets it against a
    result with "versus", "vs." or "compared to/with" and says whose after "for" or "by":
    "89.4% versus 72.07% for the IQ2_XXS baseline" gives IQ2_XXS baseline; with ``listed``
    (the number before it was one), the next of a list as well ("compared to 72.87% for
    ResNet-18 (16.8 hours), 61.91% for ViT-Small"); None otherwise."""
    window = max(0, start - 40)
    if not (
        _VERSUS_BEFORE.search(text, window, start)
        or listed
        and _NEXT_ITEM.search(text, window, start)
    ):
        return None
    side = _FOR_SIDE.match(text, end)
    if side is None:
        return None
    words = side.group("side").split()
    if len(words) > 1 and words[-1].endswith("ed"):
        words = words[:-1]  # "for neural networks trained with backpropagation"
    return " ".join(words)


_POSSESSIVE_END = re.compile(r"(?:'s|\u2019s)\s+\Z")


def possessor(text: str, start: int, names: list[str]) -> str | None:
    """The name whose number this is by a possessive right before it: "compared to
    Trafilatura's 63.6%", "surpassing GPT-5's 52"; the longest of ``names`` there, or None."""
    before = text[max(0, start - 60) : start]
    possessive = _POSSESSIVE_END.search(before)
    if possessive is None:
        return None
    head = before[: possessive.start()]
    found = [n for n in names if head.endswith(n) and _starts_a_word(head, len(head) - len(n))]
    return max(found, key=len, default=None)


def _starts_a_word(text: str, at: int) -> bool:
    """True when nothing of a word (a letter, a digit, "_" or "-") is glued before ``at``."""
    before = text[at - 1 : at] if at > 0 else ""
    return not (before.isalnum() or before in ("_", "-"))


def compared_side(text: str, begin: int, start: int) -> str | None:
    """The compared-with phrase that a number in parentheses right after it belongs to."""
    match = _COMPARED_PHRASE.search(text, max(begin, start - 80), start)
    return match.group(1) if match else None


# "sparse attention models consistently outperform dense counterparts, achieving 60 points":
# the noun phrase before the verb of a result, when it ends in a word for a model or method.
_RESULT_VERB = (
    r"(?:achiev|reach|obtain|outperform|improv|surpass|attain|yield|deliver|scor|gain|"
    r"reduc|exceed|match|beat|rank|perform|generaliz|requir|need)\w*"
)


def _plural(word: str) -> str:
    """A kind and its plural, as a pattern: "model" gives "models?", "policy" "polic(?:y|ies)"."""
    if word.endswith("y"):
        return word[:-1] + "(?:y|ies)"
    return word + ("(?:es)?" if word.endswith(("ch", "sh", "s", "x")) else "s?")


# The kinds of thing that perform a result (data/performer_kinds.txt), any case of the
# first letter ("Transformers"), and the acronyms of large models ("LLMs", "MLLMs").
_MODEL_HEADS = (
    r"(?:"
    + "|".join(f"(?i:{w[0]}){_plural(w)[1:]}" for w in words("performer_kinds"))
    + r"|LLMs?|MLLMs?)"
)
# Words that open the clause of an actor ("while the ensemble obtains", "with the strongest
# model scoring"), and so are no part of it.
_CLAUSE_OPENERS = "that|while|whereas|and|but|with|where|although|though"
_ACTOR = re.compile(
    r"(?:^|[,;:]\s+|\b(?i:" + _CLAUSE_OPENERS + r")\s+)"
    r"(?P<det>(?i:the|our|this|these|such)\s+)?"
    r"(?P<actor>(?!(?i:"
    + _CLAUSE_OPENERS
    + r")\s)(?:[A-Za-z][\w\-]*\s+){0,3}"
    + _MODEL_HEADS
    + r")\s+(?:\w+ly\s+)?(?:also\s+)?"
    + _RESULT_VERB
    + r"\b"
)


# Words that make the phrase the paper's own ("our method", "the proposed model"), and words
# that make it no actor at all ("which models achieve").
_OWN_WORDS = frozenset({"this", "our", "proposed"})
#: Words that make what they modify the paper's own product: "The final ensemble achieves",
#: "the resulting optimizer reduces" (data/own_product_words.txt).
OWN_PRODUCT = frozenset(words("own_product_words"))
_NOT_ACTORS = frozenset({"we", "it", "they", "which"})
# Words before an actor that stress it or open a clause: "even the best model", "even though".
_FOCUS = frozenset({"even", "though", "if"})
_DETS = frozenset({"the", "our", "this", "these", "such"})
# Words that end the clause before an actor: "results show", "we find that".
_REPORTING = frozenset(
    "that show shows showed demonstrate demonstrates demonstrated indicate indicates reveal "
    "reveals find finds confirm confirms suggest suggests prove proves".split()
)


@dataclass(frozen=True)
class Actor:
    """What performs a result, as the sentence writes it, and whether that is the paper's
    own work ("our method", "the proposed model") rather than another's."""

    phrase: str
    own: bool


def actor_phrase(text: str, begin: int, start: int) -> Actor | None:
    """The words naming what performs the result before ``start`` in its sentence, when
    they end in a word for a model or method and no name says it."""
    # The sentence alone, so that ``^`` is its start (with a start position, ``^`` would
    # match only at the start of the whole abstract).
    found = list(_ACTOR.finditer(text[begin:start]))
    if not found:
        return None
    match = found[-1]
    phrase = match.group("actor")
    det = (match.group("det") or "").strip().lower()
    words = phrase.split()
    for i in range(len(words) - 2, -1, -1):
        # "Experiments show our method reduces", "demonstrates that larger models achieve":
        # the actor starts after the clause before it
        if words[i].lower() in _REPORTING:
            phrase, det = " ".join(words[i + 1 :]), ""
            break
    written = text[begin + match.start("det") : begin + match.end("actor")] if det else phrase
    words = phrase.split()
    for i in range(len(words) - 2, 0, -1):
        # "And on uproof our method also achieved": the actor starts at its determiner, after
        # the phrase of setting before it
        if words[i].lower() in _DETS:
            written, phrase, det = " ".join(words[i:]), " ".join(words[i + 1 :]), words[i].lower()
            break
    lead = phrase.split()
    if len(lead) > 1 and lead[0].lower() in _FOCUS:
        # "even the strongest model attains", "Even though our model ...": a word that
        # stresses the actor, or opens a clause, is no part of it
        while len(lead) > 1 and lead[0].lower() in _FOCUS:
            lead = lead[1:]
        written = " ".join(lead)
        det = lead[0].lower() if lead[0].lower() in _DETS and len(lead) > 1 else ""
        phrase = " ".join(lead[1:] if det else lead)
    first = phrase.split()[0].lower()
    if first in _NOT_ACTORS:
        return None
    if det and (det in _OWN_WORDS or first in _OWN_WORDS or first in OWN_PRODUCT):
        return Actor(written, True)
    # "The system achieves ...": one bare kind, after what the paper made, is that thing
    # ("the baseline" is not, nor "the models", the ones it compared)
    bare = det == "the" and " " not in phrase and not _OTHERS.fullmatch(phrase)
    return Actor(phrase, first in _OWN_WORDS or bare)


_OTHERS = re.compile(r"(?i)baseline|\w+s")


_MODEL_LAST = re.compile(
    r"\b(?:models?|methods?|networks?|baselines?|agents?|systems?|frameworks?)$", re.IGNORECASE
)


def measured_name(subject: str | None, metric: str | None) -> bool:
    """True when ``subject`` is what a number measures, not who scores it: the metric itself
    ("a gFID of 1.80", "reduce BD-rate by 43.44%"), or a short form or a metric's name
    written inside it ("a mean absolute MAPSE error of 1.81", "85 FCD patients"). A model's
    name may own a metric ("GPT-4o agreement rate", "our sharpFooNet search is 50% faster")."""
    if not subject or not metric:
        return False
    if subject.lower() == metric.lower():
        return True
    if not (subject.isupper() or subject in METRIC_NAMES) or _MODEL_LAST.search(metric):
        return False  # "the 70B RPO model surpassing GPT-4o": a model, not a metric
    at = metric.find(subject)
    end = at + len(subject)
    return (
        at >= 0
        and (at == 0 or not metric[at - 1].isalnum())
        and (end == len(metric) or not metric[end].isalnum())
    )
