"""The wording that names a new artifact: "we propose X", "named X", "our X (Y)", ...

One :class:`Cue` per wording, in the table ``CUES``; ``cue_names`` applies them in order.
A cue is a pattern with a group ``name`` (and ``acr`` for a short form), what the text
must hold for it to be tried, and one example sentence with the names it must give: the
examples are run as tests. The record, and the parts the patterns are made of, are in
:mod:`.cue_parts`; the word sets they read, in :mod:`.cue_words`. The table holds the cues
here, the most direct wordings, then the later ones of :mod:`.cue_patterns_more`.

To add a wording, add a ``Cue`` where it belongs in the order (names come out in the order
of the cues that find them, and the candidates keep that order), with an example in an
abstract's typical wording (a made-up name is fine).
"""

from __future__ import annotations

import re

from .cue_apposed import APPOSED_CUES
from .cue_parts import (
    ACRONYM_AFTER,
    ARTIFACT_NOUN,
    CUE_PHRASE,
    CUE_VERB,
    CUE_VERB_WIDE,
    JOINTS,
    LEAD,
    MAYBE_ACRONYM,
    NAME_ENDS,
    NAMED_WORD,
    NAMING_CUE,
    NAMING_CUE_QUOTED,
    NOT_A_LONGER_NAME,
    NOT_ARTIFACT_NOUN,
    OWN,
    PASSIVE,
    PHRASE,
    WE_CALL,
    Cue,
    name_then_artifact,
    tokens,
    who_positions,
)
from .cue_patterns_more import MORE_CUES
from .cue_words import (
    AND_MAKING,
    GERUNDS,
    MAKE_AFTER_WHO,
    MAKE_BARE,
    MAKE_DONE,
    NAME,
    NAMED,
    NEW_OR_NOVEL,
    PRESENTING,
    THIS_WORK,
    either,
)

__all__ = ["ACRONYM_AFTER", "ARTIFACT_NOUN", "CUES", "OUR_APPOSITIVE", "Cue", "who_positions"]

# Verbs that say what is achieved: "Our proposed IGAN model achieves the Frechet Inception
# Distance (FID)": FID is measured, not made.
_ACHIEVING = r"achieves?|obtains?|reach(?:es)?|attains?|yields?"
# Words a cue's phrase does not run over: a clause ("which", "that"), or a verb of achieving.
_NOT_IN_CUE = r"(?!(?:which|that|where|" + _ACHIEVING + r")\b)"
# "Our approach, Language Guided Bottlenecks (LaBo)", "our generalist model with dynamic
# routing (DRMC)": the name given to the paper's own thing; not what it is set against or
# run on ("our method on the Room-to-Room (R2R) benchmark").
OUR_APPOSITIVE = re.compile(
    r"\bour\s+(?:[\w-]+\s+){0,2}[\w-]+\s*[,:]\s*(?:[\w-]+\s+){0,4}\(?$"
    r"|\bour\s+(?!(?:[\w-]+\s+){0,5}?(?:than|over|versus|vs|like|unlike|such|e\.g|on|across|"
    r"against|" + _ACHIEVING + r")\b)(?:[\w-]+\s+){1,6}\($"
)

# The participles after a short form that say the paper made it: the cue words' (data/
# cue_verbs.toml), and "designed" and "devised", which a short form before them makes a
# name of ("(DCIM) is designed to ...").
_MADE_PASSIVE = (*MAKE_DONE, "designed", "devised")
# One capitalised word, then at most two lower-case words and "is" or "are": a sentence's
# first word, no name ("More results are presented", "Various methods are proposed").
_NOT_ONE_WORD = r"(?![A-Z][a-z]+(?:\s+[a-z][\w\-]*){0,2}\s+(?:is|are)\b)"

_FIRST_CUES: tuple[Cue, ...] = (
    Cue(
        name="named-quoted",
        pattern=re.compile(NAMING_CUE_QUOTED + MAYBE_ACRONYM),
        example='We present a new normalization named "Ghost Batch Normalization" for large '
        "batches.",
        expect=("Ghost Batch Normalization",),
        naming=True,
        needs=NAMED,
        anchors=NAMED,
    ),
    Cue(
        name="we-propose",
        # not the capitalized start of a longer name: "the Max-Mahalanobis center (MMC) loss"
        pattern=re.compile(
            CUE_VERB
            + LEAD
            + CUE_PHRASE
            + r"(?![\w\-]|\s+[A-Z])"
            + r"(?!(?:\s+[a-z][\w\-]*){1,3}[\s~]*\((?:called\s+)?[A-Za-z][\w\-]*[A-Z])"
            # a kind before its name: "a new IL paradigm called ..."
            + r"(?!\s+(?:[a-z][\w\-]*\s+){1,2}"
            + NAMED_WORD
            + r"\b)"
        ),
        example="In this paper, we propose GridNet, a sparse attention method for long videos.",
        expect=("GridNet",),
        needs=MAKE_AFTER_WHO,
    ),
    Cue(
        name="we-call",
        pattern=re.compile(
            WE_CALL + r"(?P<name>" + PHRASE + r")(?:" + ACRONYM_AFTER + "|" + NAME_ENDS + ")"
        ),
        example="We call this architecture a Pointer Tree (Ptr-Tree).",
        expect=("Ptr-Tree",),
        needs=(*NAME, "devise"),
    ),
    Cue(
        name="our-noun",
        # not the start of a longer name with a short form: "a new IL paradigm called
        # Variational Imitation Learning with Diverse-quality demonstrations (VILD)"
        pattern=re.compile(OWN + CUE_PHRASE + NOT_A_LONGER_NAME),
        example="Our framework, TriStream, trains in minutes on one GPU.",
        expect=("TriStream",),
        needs=("our", "proposed", "new", "novel"),
        anchors=("our", "proposed", "new", "novel"),
    ),
    Cue(
        name="named-long-then-short",
        # "dubbed GNT with Mixture-of-View-Experts (GNT-MOVE)" gives the short form alone.
        pattern=re.compile(
            NAMING_CUE + r"[\w][\w\-]*(?:\s+[\w\-]+){1,7}?(?P<name>)" + ACRONYM_AFTER
        ),
        example="We extend it into a model dubbed Koala with Mixture-of-Views (Koala-MOV).",
        expect=("Koala-MOV",),
        naming=True,
        needs=NAMED,
        anchors=NAMED,
    ),
    Cue(
        name="named",
        pattern=re.compile(
            NAMING_CUE
            + r"(?P<name>[\w][\w\-\^]*"
            + JOINTS
            + r"\*?(?:\s+[A-Z0-9][\w\-]*){0,4})(?![\w\-\^*])"
            + r"(?!(?:\s+[\w\-]+){1,7}?[\s~]*\()"
            + MAYBE_ACRONYM
        ),
        example="We design a compact detector named BoltDet that runs on phones.",
        expect=("BoltDet",),
        naming=True,
        needs=NAMED,
        anchors=NAMED,
    ),
    Cue(
        name="we-propose-short-form",
        pattern=re.compile(
            CUE_VERB_WIDE
            # words may be quoted: we introduce the "inverse square root linear unit" (ISRLU)
            + r"(?:"
            + _NOT_IN_CUE
            + r"[\w\-'\u201c\u201d\"]+[,:]?\s+){0,7}?"
            # the last word may touch the parenthesis: "neural network(GDNN)"
            + _NOT_IN_CUE
            + r"[\w\-'\u201c\u201d\"]+(?P<name>)"
            + ACRONYM_AFTER
        ),
        example="We introduce the inverse cubic root linear unit (ICRLU) for faster learning.",
        expect=("ICRLU",),
        needs=MAKE_AFTER_WHO,
    ),
    Cue(
        name="novel-short-form",
        pattern=re.compile(
            r"(?i:\bnovel\s+)(?!"
            + NOT_ARTIFACT_NOUN
            + r")(?:[\w\-]+\s+){0,5}?[\w\-]+(?P<name>)"
            + ACRONYM_AFTER
        ),
        example="It relies on a novel graph pooling layer (GraPL) that keeps node order.",
        expect=("GraPL",),
        needs=("novel",),
        anchors=("novel",),
    ),
    Cue(
        name="passive",
        # not one capitalised word that opens a sentence: "More results are presented on our
        # website", "Various methods are proposed"
        pattern=re.compile(_NOT_ONE_WORD + CUE_PHRASE + PASSIVE),
        example="Then, a Sample-level Domain-aware Attention (SDAT) strategy is presented.",
        expect=("SDAT",),
        needs=MAKE_DONE,
    ),
    Cue(
        name="short-form-made",
        # "A dynamic cross-modality interaction module (DCIM) is designed to ...", "fuzzy
        # sigmoid convolution (FSC) is introduced": a short form, then the paper making it
        # (a plural short form names a kind: "Vision language models (VLMs) are designed")
        pattern=re.compile(
            r"\((?P<acr>[A-Za-z][\w\-]*[A-Z][\w\-]*(?<!s))\)(?P<name>)\s+(?:"
            + ARTIFACT_NOUN
            + r"\s+)?(?:is|are)\s+(?:then\s+|also\s+|further\s+|specifically\s+|carefully\s+)?"
            + r"(?:"
            + either(_MADE_PASSIVE)
            + r")\b"
        ),
        example="A dynamic cross-view interaction module (DCVIM) is designed to filter noise.",
        expect=("DCVIM",),
        needs=_MADE_PASSIVE,
    ),
    Cue(
        name="introducing-name-then-noun",
        # "by introducing a Global Alignment loss"
        pattern=re.compile(
            r"(?i:\b(?:"
            + either(PRESENTING)
            + r")\s+(?:an?|the)\s+(?:(?:new|novel)\s+)?)"
            + name_then_artifact(0, 3)
        ),
        example="We improve retrieval by introducing a Global Matching loss for long queries.",
        expect=("Global Matching",),
        needs=PRESENTING,
        anchors=PRESENTING,
    ),
    Cue(
        name="our-name-then-noun",
        # "with our Concept Matrix Search algorithm" (two words at least: "our Transformer
        # model" is an existing one)
        pattern=re.compile(r"\b[Oo]ur\s+(?:(?:new|novel|proposed)\s+)?" + name_then_artifact(1, 3)),
        example="We solve it with our Concept Lattice Search algorithm in seconds.",
        expect=("Concept Lattice Search",),
        needs=("our",),
        anchors=("our",),
    ),
    Cue(
        name="a-new-name",
        # "reveals a new Kinetics Scaling Law that ..."
        pattern=re.compile(
            r"\b(?:[Aa]n?|[Oo]ur)\s+(?:new|novel)\s+(?P<name>"
            + tokens(1, 4)
            + r")"
            + MAYBE_ACRONYM
            + r"(?=\s+(?:that|which|to|for|is|,)|[,.;])"
        ),
        example="The study reveals a new Kinetic Scaling Law that holds across model sizes.",
        expect=("Kinetic Scaling Law",),
        needs=NEW_OR_NOVEL,
        anchors=NEW_OR_NOVEL,
    ),
    Cue(
        name="we-propose-noun-then-name",
        # "introduces a simple framework, Feature Multiplexing, where ...", also after a
        # dash or colon: "a new algorithm - Projection Based Policy Optimization (PCPO)".
        pattern=re.compile(
            CUE_VERB
            + r"(?:[\w\-']+\s+){0,10}?"
            # "We propose a simple alternative: the Plug and Play Language Model (PPLM)"
            + r"(?:"
            + ARTIFACT_NOUN
            + r"|alternative|solution)"
            + r"(?:,|:|\s[-\u2013\u2014])\s+(?:an?\s+|the\s+)?"
            + CUE_PHRASE
            # not the first of a list of words ("Divide, Conquer, and Combine (DCC)"), nor
            # the first word of a longer name ("Read to Fight Monsters (RTFM)")
            + r"(?=\s*[.;]|\s*,(?!\s+(?:and\s+)?[A-Z])|\s+(?:which|that|and|for)\b)"
        ),
        example="This paper introduces a simple framework, Feature Weaving, where features "
        "are mixed.",
        expect=("Feature Weaving",),
        needs=MAKE_AFTER_WHO,
    ),
    Cue(
        name="introduced-in-this-paper",
        pattern=re.compile(CUE_PHRASE + r"\s+(?:[\w\-]+\s+){0,2}introduced in " + THIS_WORK),
        example="Experiments show that RiverNet introduced in this work is fast.",
        expect=("RiverNet",),
        needs=("introduced in this",),
    ),
    Cue(
        name="by-introducing-short-form",
        # "by introducing Post-hoc Concept Bottleneck models (PCBMs)": the short form.
        pattern=re.compile(
            r"(?i:\bby\s+(?:"
            + either(GERUNDS)
            + r")\s+)"
            + r"(?:[\w\-']+\s+){0,7}?[\w\-']+(?P<name>)"
            + ACRONYM_AFTER
        ),
        example="We fix this by introducing Post-hoc Concept Lattice models (PCLMs).",
        expect=("PCLMs",),
        needs=GERUNDS,
        anchors=GERUNDS,
    ),
    Cue(
        name="bare-verb-noun-then-name",
        # "... and devise a practical implementation, Visual Instruction Bottleneck Tuning
        # (Vittle)": a bare verb (its subject is "we") and a name set off by a comma.
        pattern=re.compile(
            r"\b(?:"
            + either(MAKE_BARE)
            + r")\s+(?:an?|the)\s+"
            + r"(?:[\w\-]+\s+){0,4}?[\w\-]+,\s+"
            + r"(?P<name>"
            + PHRASE
            + r")(?:[\s~]*\((?P<acr>[A-Z][\w\-]*)\))?"
            + r"(?=\s*[.;]|\s*,(?!\s+(?:and\s+)?[A-Z])|\s+(?:which|that|for|and)\b)"
        ),
        example="We analyse the bottleneck and devise a practical implementation, Visual "
        "Prompt Bottleneck Tuning (Vipt).",
        expect=("Vipt",),
        needs=MAKE_BARE,
        anchors=MAKE_BARE,
    ),
    Cue(
        name="we-then-and-propose",
        # "we observe that optical flows ..., and present FlowV2V to ...": the authors' verb
        # of making after "and", with "we" earlier in its sentence (as "we-propose" reads it)
        pattern=re.compile(
            r"\b[Ww]e\s+(?:[^.;]|\.\d){1,200}?\band\s+(?:then\s+|further\s+|also\s+)?(?:"
            + either(MAKE_BARE)
            + r")\s+"
            + LEAD
            + CUE_PHRASE
            # the name ends there: not a word before a noun ("a Bayesian method")
            + r"(?=\s*[,.;:(]|\s+(?:to|which|that|for|with|and|is|as|in|on)\b)"
        ),
        example="In this paper, we revisit long video generation and introduce LumenFlow, a "
        "hierarchical pipeline.",
        expect=("LumenFlow",),
        needs=AND_MAKING,
        anchors=("we",),
    ),
    Cue(
        name="and-propose-short-form",
        # "... and introduce a differentiable variant (DCEM)", "which we call soft Q imitation
        # learning (SQIL)", "our proposed variational discriminator bottleneck (VDB)": the
        # short form of what is made.
        pattern=re.compile(
            r"(?:\band\s+(?:"
            + either(MAKE_BARE)
            + r")|\bwe\s+call"
            + r"|(?i:\bour\s+proposed))\s+(?:"
            + _NOT_IN_CUE
            + r"[\w\-']+\s+){0,6}?[\w\-']+(?P<name>)"
            + ACRONYM_AFTER
        ),
        example="We study the cross-entropy method and introduce a differentiable variant (DCEMX).",
        expect=("DCEMX",),
        needs=(*AND_MAKING, "we call", "our proposed"),
        anchors=("and", "we", "our"),
    ),
    Cue(
        name="the-first-is",
        # "MoDify consists of two novel designs ... The first is MoDify-based Data
        # Augmentation which ...", "The first loss function is the Proto-Triplet Loss, which":
        # the parts of what the paper proposes, one by one.
        pattern=re.compile(
            r"\b(?:The|the)\s+(?:first|second|third|fourth|other|last)\s+(?:[\w\-]+\s+){0,2}?"
            + r"(?:is|are)\s+(?:an?\s+|the\s+)?"
            + CUE_PHRASE
            + r"(?=\s*[,;.]|\s+(?:which|that|to|for)\b)"
        ),
        example="We propose two novel designs. The first is Mixed Patch Augmentation, which "
        "mixes patches.",
        expect=("Mixed Patch Augmentation",),
        needs=("the first", "the second", "the third", "the fourth", "the other", "the last"),
        after_making=True,
        anchors=("first", "second", "third", "fourth", "other", "last"),
    ),
    Cue(
        name="known-as",
        # "a new type of layers known as Concept Bottleneck Layers"
        pattern=re.compile(
            r"(?i:\b(?:an?|our)\s+(?:novel|new)\s+(?:[\w\-]+\s+){0,4}?known\s+as\s+(?:the\s+)?)"
            + CUE_PHRASE
            + NAME_ENDS
        ),
        example="We add a new type of layers known as Concept Gate Layers.",
        expect=("Concept Gate Layers",),
        needs=("known as",),
        anchors=NEW_OR_NOVEL,
    ),
)

#: Every cue, in the order they are tried: these, then those of :mod:`.cue_patterns_more`.
CUES: tuple[Cue, ...] = (*_FIRST_CUES, *MORE_CUES, *APPOSED_CUES)
