"""The wording that names a new artifact: "we propose X", "named X", "our X (Y)", ...

One ``_Cue`` per wording, in the table ``CUES``; ``cue_names`` applies them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_MAKE_VERB = (
    r"(?i:(?:propose[sd]?|introduce[sd]?|"
    r"present(?:s|ed)?|develop(?:s|ed)?|design(?:s|ed)?|release[sd]?|build|construct(?:s|ed)?|"
    r"curate[sd]?|proposed|created?))\s+"
)
# "I present ..." (a single author) as well as "we", "our", "this paper".
_WHO = r"\bI\s+|(?i:\b(?:we|our|this (?:paper|work))\s+(?:\w+\s+){0,2}?)"
_CUE_VERB = r"(?:" + _WHO + r")" + _MAKE_VERB
# Also "We use these innovations to construct ...", "This inspires us to propose ...": for
# short forms, where the long form shows what is named ("us to propose a novel DG model"
# names no DG).
_CUE_VERB_WIDE = r"(?:" + _WHO + r"|(?i:\b(?:we\s+(?:\w+\s+){1,4}?|us\s+)to\s+))" + _MAKE_VERB
_LEAD = r"(?:(?:a|an|the)\s+)?(?:(?:novel|new|simple|first|unified|end-to-end|proposed)\s+)*"
_TOKEN = r"[A-Z][\w\-]*(?:\^\w+)?(?:\*|\+\+|\+)?"
_PHRASE = _TOKEN + r"(?:\s+(?:(?:and|of|for|with|in)\s+)?" + _TOKEN + r"){0,5}"
_NAMING_CUE = r"\b(?:named|called|dubbed|termed|coined)\s+[\"'\u201c]?(?:the\s+(?=[A-Z]))?"
# A quoted name after "named": 'named "Ghost Batch Normalization"' gives the whole name.
_NAMING_CUE_QUOTED = (
    r"\b(?:named|called|dubbed|termed|coined)\s+[\"\u201c](?P<name>[A-Za-z][^\"\u201d.]{1,60}?)"
    r"[\"\u201d]"
)
# "a novel application of X (Y)": the novelty is the use, Y is not new.
_NOT_ARTIFACT = r"(?:application|use|usage|combination|perspective|view|analysis|study|insight)s?\b"
ACRONYM_AFTER = (
    r"[\s~]*\((?:called\s+|dubbed\s+|or\s+)?"
    r"(?P<acr>[A-Za-z][\w\-]*[A-Z][\w\-]*(?:\^\w+)?)(?:\)|\s+-\s)"
)
_OWN = (
    r"(?i:\b(?:our|the proposed|the new|a new|a novel)\s+(?:\w+\s+)?(?:method|approach|model|"
    r"framework|architecture|algorithm|system|technique|scheme|benchmark|dataset|metric|"
    r"paradigm|network)s?,?\s+(?:called\s+|named\s+)?)"
)
# The end of a name that is not the start of a longer one with a short form after it.
_NOT_A_LONGER_NAME = r"(?![\w\-])(?!(?:\s+[\w\-]+){1,3}?[\s~]*\([A-Za-z][\w\-]*[A-Z])"
# Nouns for a thing a paper makes: "a new framework, X", "our X algorithm".
ARTIFACT_NOUN = (
    r"(?:method|approach|model|framework|architecture|algorithm|system|technique|scheme|"
    r"benchmark|dataset|metric|paradigm|network|strategy|task|loss|module|pipeline|schedule|"
    r"objective|regularizer|layer|block|mechanism|agent|tool|library)s?"
)
# A name ends at a stop or a function word, not amid lower-case words ("what we call
# Gaussian prototypical networks" names no "Gaussian").
_NAME_ENDS = (
    r"(?=\s*[.;:(]|\s*$|\s*,(?!\s+(?:and\s+)?[A-Z])"
    r"|\s+(?:which|that|since|to|for|and|in|as|is|are|with|where|because|on)\b"
    r"|\s+" + ARTIFACT_NOUN + r"\b)"
)
_WE_CALL = (
    r"(?i:\bwe\s+(?:call|dub|name|term|devise[sd]?|coin)\s+"
    r"(?:(?:(?:this|the|our)(?:\s+\w+)?|it|them)\s+)?(?:as\s+)?(?:an?\s+)?)"
)
_PASSIVE = (
    r"\s+(?:[\w\-]+\s+){0,2}(?:is|are)\s+(?:then\s+|also\s+|further\s+)?"
    r"(?:proposed|presented|introduced|developed)"
)


def _tokens(least: int, most: int) -> str:
    """``least`` to ``most`` more capitalized words after a first one."""
    return _TOKEN + r"(?:\s+" + _TOKEN + r"){" + f"{least},{most}" + "}"


def _name_then_artifact(least: int, most: int) -> str:
    """A capitalized name, its short form if any, then an artifact noun: "Global Alignment loss"."""
    return (
        r"(?P<name>" + _tokens(least, most) + r")" + _MAYBE_ACRONYM + r"\s+" + ARTIFACT_NOUN + r"\b"
    )


_CUE_PHRASE = r"(?P<name>" + _PHRASE + r")(?:" + ACRONYM_AFTER + r")?"
# A name written in lower case with a digit or an inner capital: "vq-wav2vec", "iSparse".
_ODD_NAME = (
    r"(?P<name>[a-z][a-z\-]*(?:\d|[A-Z])[\w\-]*)(?P<acr>)"
    r"(?=\s*[,.;:(]|\s+(?:to|which|that|for|with|and|is|as)\b)"
)
_MAYBE_ACRONYM = r"(?:" + ACRONYM_AFTER + r")?"


@dataclass(frozen=True)
class _Cue:
    pattern: re.Pattern[str]
    naming: bool = False  # after "named/called/...": skipped when it names earlier work
    lower_case: bool = False  # may give a name without a capital or digit
    #: Every match holds one of these words (lower-cased): a text without any is skipped.
    #: Empty: the pattern is tried on every text.
    needs: tuple[str, ...] = ()
    #: Every match opens with "I", "we", "our", "this" or "us": the pattern is tried only
    #: where one of them is (one cheap scan for all such cues, not a full scan for each).
    opens_with_who: bool = False
    #: Kept only after the paper says it makes something ("we propose", "novel").
    after_making: bool = False
    #: Every match opens with one of these words (lower-cased) or with the word right
    #: before one: the pattern is tried only there. Empty: tried everywhere.
    anchors: tuple[str, ...] = ()

    def matches(self, abstract: str, low: str, who: list[int] | None) -> Iterator[re.Match[str]]:
        """What ``pattern.finditer(abstract)`` gives. ``low``: the text lower-cased; ``who``:
        where "I/we/our/this/us" are in it, None where its positions are not the text's."""
        if who is not None and self.opens_with_who:
            starts = who
        elif who is not None and self.anchors:
            starts = _anchor_positions(low, self.anchors)
        else:
            yield from self.pattern.finditer(abstract)
            return
        end = 0
        for at in starts:
            if at < end:
                continue
            match = self.pattern.match(abstract, at)
            if match is not None:
                yield match
                end = max(match.end(), at + 1)


def _anchor_positions(low: str, anchors: tuple[str, ...]) -> list[int]:
    """Where each anchor occurs in ``low`` (inside longer words too), and where the word
    before it starts: every place where a match that opens at or just before one can."""
    found: set[int] = set()
    for word in anchors:
        at = low.find(word)
        while at >= 0:
            found.add(at)
            before = at - 1
            while before >= 0 and low[before].isspace():
                before -= 1
            while before >= 0 and (low[before].isalnum() or low[before] == "_"):
                before -= 1
            found.add(before + 1)
            at = low.find(word, at + 1)
    return sorted(found)


# Where a match of a cue that opens with _WHO may start, found in the lower-cased text.
_WHO_AT = re.compile(r"(?:we|our|this|us|i)\s")
# Letters whose lower case has another length, or that match ASCII letters when case is
# ignored: with one of them in the text, positions in the lower-cased text may not hold.
_CASE_ODD = re.compile("[\u0130\u0131\u017f\u212a]")


def who_positions(abstract: str, low: str) -> list[int] | None:
    if len(low) != len(abstract) or (not abstract.isascii() and _CASE_ODD.search(abstract)):
        return None
    return [m.start() for m in _WHO_AT.finditer(low)]


_NAMING = ("named", "called", "dubbed", "termed", "coined")
_BARE_MAKING = ("propose", "introduce", "present", "develop", "design", "devise")
_GERUNDS = ("introducing", "proposing", "presenting", "developing", "designing", "devising")
_NEW = ("novel", "new")
_MAKING = (
    "propose", "introduce", "present", "develop", "design", "release", "build", "construct",
    "curate", "create",
)  # fmt: skip
CUES = tuple(
    _Cue(
        re.compile(pattern),
        naming,
        lower,
        needs,
        pattern.startswith((_CUE_VERB, _CUE_VERB_WIDE, _WE_CALL)),
        bool(rest and rest[0]),
        rest[1] if len(rest) > 1 else (),
    )
    # (pattern, naming, lower_case, needs[, after_making[, anchors]])
    for pattern, naming, lower, needs, *rest in (
        (_NAMING_CUE_QUOTED + _MAYBE_ACRONYM, True, False, _NAMING, False, _NAMING),
        # not the capitalized start of a longer name: "the Max-Mahalanobis center (MMC) loss"
        (
            _CUE_VERB
            + _LEAD
            + _CUE_PHRASE
            + r"(?![\w\-]|\s+[A-Z])"
            + r"(?!(?:\s+[a-z][\w\-]*){1,3}[\s~]*\((?:called\s+)?[A-Za-z][\w\-]*[A-Z])"
            # a kind before its name: "a new IL paradigm called ..."
            + r"(?!\s+(?:[a-z][\w\-]*\s+){1,2}(?:called|named|dubbed|termed|coined)\b)",
            False,
            False,
            _MAKING,
        ),
        (
            _WE_CALL + r"(?P<name>" + _PHRASE + r")(?:" + ACRONYM_AFTER + "|" + _NAME_ENDS + ")",
            False,
            False,
            ("call", "dub", "name", "term", "devise", "coin"),
        ),
        # not the start of a longer name with a short form: "a new IL paradigm called
        # Variational Imitation Learning with Diverse-quality demonstrations (VILD)"
        (
            _OWN + _CUE_PHRASE + _NOT_A_LONGER_NAME,
            False,
            False,
            ("our", "proposed", "new", "novel"),
            False,
            ("our", "proposed", "new", "novel"),
        ),
        # "dubbed GNT with Mixture-of-View-Experts (GNT-MOVE)" gives the short form alone.
        (
            _NAMING_CUE + r"[\w][\w\-]*(?:\s+[\w\-]+){1,7}?(?P<name>)" + ACRONYM_AFTER,
            True,
            False,
            _NAMING,
            False,
            _NAMING,
        ),
        (
            _NAMING_CUE
            + r"(?P<name>[\w][\w\-\^]*\*?(?:\s+[A-Z0-9][\w\-]*){0,4})(?![\w\-\^*])"
            + r"(?!(?:\s+[\w\-]+){1,7}?[\s~]*\()"
            + _MAYBE_ACRONYM,
            True,
            False,
            _NAMING,
            False,
            _NAMING,
        ),
        (
            _CUE_VERB_WIDE
            # words may be quoted: we introduce the "inverse square root linear unit" (ISRLU)
            + r"(?:(?!which\b|that\b|where\b)[\w\-'\u201c\u201d\"]+[,:]?\s+){0,7}?"
            # the last word may touch the parenthesis: "neural network(GDNN)"
            + r"(?!which\b|that\b|where\b)[\w\-'\u201c\u201d\"]+(?P<name>)"
            + ACRONYM_AFTER,
            False,
            False,
            _MAKING,
        ),
        (
            r"(?i:\bnovel\s+)(?!"
            + _NOT_ARTIFACT
            + r")(?:[\w\-]+\s+){0,5}?[\w\-]+(?P<name>)"
            + ACRONYM_AFTER,
            False,
            False,
            ("novel",),
            False,
            ("novel",),
        ),
        (
            _CUE_PHRASE + _PASSIVE,
            False,
            False,
            ("proposed", "presented", "introduced", "developed"),
        ),
        # "by introducing a Global Alignment loss"
        (
            r"(?i:\b(?:introducing|proposing|presenting)\s+(?:an?|the)\s+(?:(?:new|novel)\s+)?)"
            + _name_then_artifact(0, 3),
            False,
            False,
            ("introducing", "proposing", "presenting"),
            False,
            ("introducing", "proposing", "presenting"),
        ),
        # "with our Concept Matrix Search algorithm" (two words at least: "our Transformer
        # model" is an existing one)
        (
            r"\b[Oo]ur\s+(?:(?:new|novel|proposed)\s+)?" + _name_then_artifact(1, 3),
            False,
            False,
            ("our",),
            False,
            ("our",),
        ),
        # "reveals a new Kinetics Scaling Law that ..."
        (
            r"\b(?:[Aa]n?|[Oo]ur)\s+(?:new|novel)\s+(?P<name>"
            + _tokens(1, 4)
            + r")"
            + _MAYBE_ACRONYM
            + r"(?=\s+(?:that|which|to|for|is|,)|[,.;])",
            False,
            False,
            ("new", "novel"),
            False,
            ("new", "novel"),
        ),
        # "introduces a simple framework, Feature Multiplexing, where ...", also after a
        # dash or colon: "a new algorithm - Projection Based Policy Optimization (PCPO)".
        (
            _CUE_VERB
            + r"(?:[\w\-']+\s+){0,8}?"
            # "We propose a simple alternative: the Plug and Play Language Model (PPLM)"
            + r"(?:"
            + ARTIFACT_NOUN
            + r"|alternative|solution)"
            + r"(?:,|:|\s[-\u2013\u2014])\s+(?:an?\s+|the\s+)?"
            + _CUE_PHRASE
            # not the first of a list of words ("Divide, Conquer, and Combine (DCC)"), nor
            # the first word of a longer name ("Read to Fight Monsters (RTFM)")
            + r"(?=\s*[.;]|\s*,(?!\s+(?:and\s+)?[A-Z])|\s+(?:which|that|and|for)\b)",
            False,
            False,
            _MAKING,
        ),
        (
            _CUE_PHRASE + r"\s+(?:[\w\-]+\s+){0,2}introduced in this (?:paper|work)",
            False,
            False,
            ("introduced in this",),
        ),
        # "by introducing Post-hoc Concept Bottleneck models (PCBMs)": the short form.
        (
            r"(?i:\bby\s+(?:introducing|proposing|presenting|developing|designing|devising)\s+)"
            + r"(?:[\w\-']+\s+){0,7}?[\w\-']+(?P<name>)"
            + ACRONYM_AFTER,
            False,
            False,
            _GERUNDS,
            False,
            _GERUNDS,
        ),
        # "... and devise a practical implementation, Visual Instruction Bottleneck Tuning
        # (Vittle)": a bare verb (its subject is "we") and a name set off by a comma.
        (
            r"\b(?:propose|introduce|present|develop|design|devise)\s+(?:an?|the)\s+"
            + r"(?:[\w\-]+\s+){0,4}?[\w\-]+,\s+"
            + r"(?P<name>"
            + _PHRASE
            + r")(?:[\s~]*\((?P<acr>[A-Z][\w\-]*)\))?"
            + r"(?=\s*[.;]|\s*,(?!\s+(?:and\s+)?[A-Z])|\s+(?:which|that|for|and)\b)",
            False,
            False,
            _BARE_MAKING,
            False,
            _BARE_MAKING,
        ),
        # "... and introduce a differentiable variant (DCEM)", "which we call soft Q imitation
        # learning (SQIL)", "our proposed variational discriminator bottleneck (VDB)": the
        # short form of what is made.
        (
            r"(?:\band\s+(?:propose|introduce|present|develop|design|devise)|\bwe\s+call"
            r"|(?i:\bour\s+proposed))\s+(?:[\w\-']+\s+){0,6}?[\w\-']+(?P<name>)" + ACRONYM_AFTER,
            False,
            False,
            (
                "and propose",
                "and introduce",
                "and present",
                "and develop",
                "and design",
                "and devise",
                "we call",
                "our proposed",
            ),
            False,
            ("and", "we", "our"),
        ),
        # "MoDify consists of two novel designs ... The first is MoDify-based Data
        # Augmentation which ...", "The first loss function is the Proto-Triplet Loss, which":
        # the parts of what the paper proposes, one by one.
        (
            r"\b(?:The|the)\s+(?:first|second|third|fourth|other|last)\s+(?:[\w\-]+\s+){0,2}?"
            + r"(?:is|are)\s+(?:an?\s+|the\s+)?"
            + _CUE_PHRASE
            + r"(?=\s*[,;.]|\s+(?:which|that|to|for)\b)",
            False,
            False,
            ("the first", "the second", "the third", "the fourth", "the other", "the last"),
            True,
            ("first", "second", "third", "fourth", "other", "last"),
        ),
        # "a new type of layers known as Concept Bottleneck Layers"
        (
            r"(?i:\b(?:an?|our)\s+(?:novel|new)\s+(?:[\w\-]+\s+){0,4}?known\s+as\s+(?:the\s+)?)"
            + _CUE_PHRASE
            + _NAME_ENDS,
            False,
            False,
            ("known as",),
            False,
            _NEW,
        ),
        # "We propose vq-wav2vec to learn ...", "we present iSparse, a ..."
        (_CUE_VERB + _ODD_NAME, False, True, _MAKING),
        # "Our main contribution is Secret, a novel approach to ..."
        (
            r"\b[Oo]ur\s+(?:main\s+|key\s+|first\s+)?contribution\s+is\s+(?:an?\s+|the\s+)?"
            + _CUE_PHRASE
            + r"(?=\s*[,.;:])",
            False,
            False,
            ("contribution is",),
            False,
            ("our",),
        ),
        # "which we refer to as Recall Traces", "We refer to the architecture as transformer
        # VAE (trVAE)", "We call the more general learning framework ReNeg, since ...".
        (
            r"(?i:\bwe\s+(?:refer\s+to\s+(?:(?:this|these|the|our|it|them)(?:\s+[\w\-]+){0,3}?"
            + r"\s+)?as|call\s+(?:this|the|our)(?:\s+[\w\-]+){1,4}?)\s+(?:an?\s+|the\s+)?)"
            # a lower-case first word only before a short form: "transformer VAE (trVAE)"
            + r"(?P<name>(?:[a-z][\w\-]*\s+(?=[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)*[\s~]*\())?"
            + _PHRASE
            + r")(?:"
            + ACRONYM_AFTER
            + r"|"
            + _NAME_ENDS
            + r")",
            False,
            False,
            ("refer to", "we call"),
            False,
            ("we",),
        ),
        # "The resulting algorithm, GenDICE, is", "the proposed architecture, the Gated
        # Transformer-XL (GTrXL)," and "The resulting algorithm, namely Interior Policy
        # Differentiation (IPD)": the paper's own artifact, then its name.
        (
            r"(?i:\b(?:the|our)\s+(?:resulting|proposed)\s+(?:[\w\-]+\s+){0,2}?)"
            + ARTIFACT_NOUN
            + r",\s+(?:namely\s+)?(?:the\s+)?"
            + _CUE_PHRASE
            + r"(?=\s*[,;.]|\s+(?:is|are|which|that|achieves|outperforms)\b)",
            False,
            False,
            ("resulting", "proposed"),
            False,
            ("resulting", "proposed"),
        ),
        # "by proposing LEMONADE, an evolutionary algorithm", "by proposing TSInsight where":
        # a name right after the gerund.
        (
            r"(?i:\bby\s+(?:introducing|proposing|presenting|developing|designing|devising)\s+)"
            + r"(?P<name>"
            + _PHRASE
            + r")(?:[\s~]*\((?P<acr>[A-Z][\w\-]*)\))?"
            + r"(?=\s*[,;.]|\s+(?:which|that|where|to|for)\b)",
            False,
            False,
            _GERUNDS,
            False,
            _GERUNDS,
        ),
        # "The proposed stackable recurrent (STAR) cell allows", "The resulting Noise Prior
        # GAN (NPGAN) achieves": the short form of what the paper proposes.
        (
            r"(?i:\bthe\s+(?:proposed\s+(?:[\w\-']+\s+){0,5}?|resulting\s+(?:[\w\-']+\s+){0,2}?))"
            + r"[\w\-']+(?P<name>)"
            + ACRONYM_AFTER,
            False,
            False,
            ("the proposed", "the resulting"),
            False,
            ("proposed", "resulting"),
        ),
        # "We present local ensembles, a method for detecting ...", "we propose instance
        # adaptive adversarial training -- a technique that ...": a lower-case name, then
        # what kind of artifact it is.
        (
            _CUE_VERB
            # an article only before a name of two words or more ("the fusion discriminator")
            + r"(?:(?:the|an?)\s+(?=[a-z][\w\-]*\s+[a-z]))?(?!(?:the|an?)\s)"
            + r"(?P<name>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,3}?)(?P<acr>)"
            + r"(?:,|:|\s+--?|\s[\u2013\u2014])\s+an?\s+(?:[\w\-]+\s+){0,3}?"
            + ARTIFACT_NOUN
            + r"\b",
            False,
            True,
            _MAKING,
        ),
        # "a novel DG model built upon vision transformers, namely Generalizable
        # Mixture-of-Experts (GMoE)": "namely" after a new thing names it.
        (
            r"(?i:\b(?:novel|new|propose[sd]?|our)\b)[^.;]{0,80}?"
            # not the long form of a name just given: "framework ATLPA, namely Adversarial ..."
            + r"(?<![A-Z][,:])(?<![A-Z][,:]\s)"
            # not a list of what is measured or used: "improves several metrics, namely PESQ"
            + r"(?<!metrics,\s)(?<!metrics\s)(?<!datasets,\s)(?<!datasets\s)"
            + r"(?<!benchmarks,\s)(?<!benchmarks\s)(?<!baselines,\s)(?<!baselines\s)"
            + r"\bnamely,?\s+"
            + _CUE_PHRASE,
            True,
            False,
            ("namely",),
            False,
            ("novel", "new", "propose", "our"),
        ),
        # "We introduce the concept of local rank as a measure ...", "we introduce the notion
        # of property signatures, a ...": a concept the paper itself puts forward (not "we
        # formalize the notion of ...", nor "the concept of modifying ...").
        (
            r"(?i:\b(?:we|this (?:paper|work))\s+(?:\w+\s+)?(?:introduce|propose)s?\s+"
            r"(?:the|a)\s+(?:new\s+|novel\s+)?(?:notion|concept)\s+of\s+)"
            r"(?!(?:the|an?)\s)(?![a-z]+ing\b)"
            r"(?P<name>[A-Za-z][\w\-]*(?:\s+[A-Za-z][\w\-]*){0,3}?)(?P<acr>)"
            r"(?=\s*[,.;:(]|\s+(?:as|which|that|to|for|and|in|with)\b)",
            False,
            True,
            ("notion of", "concept of"),
        ),
        # "a novel learning model called pseudo supervisor to ...": a lower-case name, kept
        # only after a new artifact and a naming word.
        (
            r"(?i:\b(?:novel|new)\s+(?:[\w\-()]+\s+){0,5}?"
            + ARTIFACT_NOUN
            + r",?\s+(?:called|named|namely|dubbed|termed)\s+(?:the\s+)?)"
            + r"(?!(?:the|an?)\s)(?P<name>[a-z][a-z\-]+(?:\s+[a-z][a-z\-]+){0,2}?)(?P<acr>)"
            + r"(?=\s*[,.;:]|\s+(?:to|which|that|for|with|and)\b)",
            False,
            True,
            _NEW,
            False,
            _NEW,
        ),
        # "This metric, which we call mini-batch energy distance, combines ...", "we
        # introduce a technique called neuron editing that ...", "We refer to this process
        # as feature intertwiner": a lower-case name the paper gives its own thing.
        (
            # an artifact, not a phenomenon: "a property which we call coherence" is not one
            r"(?i:(?:\b"
            + ARTIFACT_NOUN
            + r",?\s+(?:which|that)\s+we\s+(?:call|term|dub|name)(?:\s+as)?"
            + r"|\bwe\s+refer\s+to\s+(?:this|these|it|them)(?:\s+[\w\-]+){0,3}?\s+as"
            + r"|\bwe\s+(?:introduce|propose|present|develop)\w*\s+(?:an?|the)\s+"
            + r"(?:[\w\-]+\s+){0,3}?"
            + ARTIFACT_NOUN
            + r",?\s+(?:called|named|dubbed|termed))\s+(?:the\s+)?)"
            + r"(?P<name>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,3}?)(?P<acr>)"
            + r"(?=\s*[,.;:(]|\s+(?:that|which|to|for|and|is|are|with|where)\b)",
            False,
            True,
            ("we call", "we term", "we dub", "we name", "refer to", "called", "named"),
        ),
        # "We present a novel neural network operator, chopout, with which ...", "a new
        # representation, one-pixel signature, that ...": a name set off by two commas right
        # after a new artifact, lower-case or not.
        (
            r"(?i:\b(?:an?|the)\s+(?:novel|new)\s+(?:[\w\-]+\s+){0,3}?"
            + r"(?:"
            + ARTIFACT_NOUN
            + r"|(?:operator|representation|measure|structure|criterion|estimator)s?)"
            + r",\s+(?:the\s+)?)"
            + r"(?!(?:based|using|built|inspired|called|named|termed|dubbed|which|that|where|"
            + r"namely|and|or|in|on|for|with|by|to|from|as|such|e\.g|i\.e|we|it|a|an|the)\b)"
            + r"(?P<name>[\w][\w\-]*(?:\s+[\w\-]+){0,3}?)(?P<acr>)"
            + r",\s+(?=(?:which|that|where|with|by|and|to|having|is|whose)\b)",
            False,
            True,
            _NEW,
            False,
            _NEW,
        ),
    )
)
