"""The wording that names a new artifact: "we propose X", "named X", "our X (Y)", ...

One :class:`Cue` per wording, in the table ``CUES``; ``cue_names`` applies them in order.
A cue is a pattern with a group ``name`` (and ``acr`` for a short form), what the text
must hold for it to be tried, and one example sentence with the names it must give: the
examples are run as tests. The record, and the parts the patterns are made of, are in
:mod:`.cue_parts`.

To add a wording, add a ``Cue`` where it belongs in the order (names come out in the order
of the cues that find them, and the candidates keep that order), with an example in an
abstract's typical wording (a made-up name is fine).
"""

from __future__ import annotations

import re

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
    ODD_NAME,
    OWN,
    PASSIVE,
    PHRASE,
    WE_CALL,
    Cue,
    name_then_artifact,
    tokens,
    who_positions,
)
from .cue_words import (
    MAKE,
    MAKE_AFTER_WHO,
    MAKE_BARE,
    MAKE_DONE,
    NAME,
    NAMED,
    SET_OFF_NOUNS,
    either,
    gerund,
    without,
)

__all__ = ["ACRONYM_AFTER", "ARTIFACT_NOUN", "CUES", "Cue", "who_positions"]

# The words the cues read, from the families of ``cue_words``. Where a cue reads fewer, the
# difference is named here: widening one changes which names are found, a change to
# measure on dev.
_GERUNDS = tuple(gerund(v) for v in MAKE_BARE)
_NEW = ("novel", "new")
# "by introducing a Global Alignment loss": a capitalized name after the gerund, read after
# three gerunds; after "developing" or "designing" only a short form is ("by developing ...
# (X)", the cue by-introducing-short-form).
_PRESENTING = tuple(gerund(v) for v in without(MAKE, "develop", "design"))
_AND_MAKING = tuple(f"and {v}" for v in MAKE_BARE)
# "a novel learning model called pseudo supervisor": a lower-case name is read after these
# naming words; "coined" is left out, "namely" (which names a thing too) is in.
_CALLED_LOWER = (*without(NAMED, "coined"), "namely")
# "we introduce the notion of X": a notion the paper puts forward is introduced or
# proposed; "we develop the notion of" works out one that exists.
_PUT_FORWARD = without(MAKE, "present", "develop", "design")
# "we introduce a technique called neuron editing": "designed" leaves it out, as the
# participles do (a lower-case name is read only after the clearest verbs).
_MAKE_CALLED = without(MAKE, "design")

CUES: tuple[Cue, ...] = (
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
            + r"(?:(?!which\b|that\b|where\b)[\w\-'\u201c\u201d\"]+[,:]?\s+){0,7}?"
            # the last word may touch the parenthesis: "neural network(GDNN)"
            + r"(?!which\b|that\b|where\b)[\w\-'\u201c\u201d\"]+(?P<name>)"
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
        pattern=re.compile(CUE_PHRASE + PASSIVE),
        example="Then, a Sample-level Domain-aware Attention (SDAT) strategy is presented.",
        expect=("SDAT",),
        needs=MAKE_DONE,
    ),
    Cue(
        name="introducing-name-then-noun",
        # "by introducing a Global Alignment loss"
        pattern=re.compile(
            r"(?i:\b(?:"
            + either(_PRESENTING)
            + r")\s+(?:an?|the)\s+(?:(?:new|novel)\s+)?)"
            + name_then_artifact(0, 3)
        ),
        example="We improve retrieval by introducing a Global Matching loss for long queries.",
        expect=("Global Matching",),
        needs=_PRESENTING,
        anchors=_PRESENTING,
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
        needs=_NEW,
        anchors=_NEW,
    ),
    Cue(
        name="we-propose-noun-then-name",
        # "introduces a simple framework, Feature Multiplexing, where ...", also after a
        # dash or colon: "a new algorithm - Projection Based Policy Optimization (PCPO)".
        pattern=re.compile(
            CUE_VERB
            + r"(?:[\w\-']+\s+){0,8}?"
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
        pattern=re.compile(CUE_PHRASE + r"\s+(?:[\w\-]+\s+){0,2}introduced in this (?:paper|work)"),
        example="Experiments show that RiverNet introduced in this work is fast.",
        expect=("RiverNet",),
        needs=("introduced in this",),
    ),
    Cue(
        name="by-introducing-short-form",
        # "by introducing Post-hoc Concept Bottleneck models (PCBMs)": the short form.
        pattern=re.compile(
            r"(?i:\bby\s+(?:"
            + either(_GERUNDS)
            + r")\s+)"
            + r"(?:[\w\-']+\s+){0,7}?[\w\-']+(?P<name>)"
            + ACRONYM_AFTER
        ),
        example="We fix this by introducing Post-hoc Concept Lattice models (PCLMs).",
        expect=("PCLMs",),
        needs=_GERUNDS,
        anchors=_GERUNDS,
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
        name="and-propose-short-form",
        # "... and introduce a differentiable variant (DCEM)", "which we call soft Q imitation
        # learning (SQIL)", "our proposed variational discriminator bottleneck (VDB)": the
        # short form of what is made.
        pattern=re.compile(
            r"(?:\band\s+(?:"
            + either(MAKE_BARE)
            + r")|\bwe\s+call"
            + r"|(?i:\bour\s+proposed))\s+(?:[\w\-']+\s+){0,6}?[\w\-']+(?P<name>)"
            + ACRONYM_AFTER
        ),
        example="We study the cross-entropy method and introduce a differentiable variant (DCEMX).",
        expect=("DCEMX",),
        needs=(*_AND_MAKING, "we call", "our proposed"),
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
        anchors=_NEW,
    ),
    Cue(
        name="we-propose-odd-name",
        # "We propose vq-wav2vec to learn ...", "we present iSparse, a ..."
        pattern=re.compile(CUE_VERB + ODD_NAME),
        example="We propose vq-speech2vec to learn discrete speech units.",
        expect=("vq-speech2vec",),
        lower_case=True,
        needs=MAKE_AFTER_WHO,
    ),
    Cue(
        name="contribution-is",
        # "Our main contribution is Secret, a novel approach to ..."
        pattern=re.compile(
            r"\b[Oo]ur\s+(?:main\s+|key\s+|first\s+)?contribution\s+is\s+(?:an?\s+|the\s+)?"
            + CUE_PHRASE
            + r"(?=\s*[,.;:])"
        ),
        example="Our main contribution is Sonnet, a novel approach to private inference.",
        expect=("Sonnet",),
        needs=("contribution is",),
        anchors=("our",),
    ),
    Cue(
        name="we-refer-to-as",
        # "which we refer to as Recall Traces", "We refer to the architecture as transformer
        # VAE (trVAE)", "We call the more general learning framework ReNeg, since ...".
        pattern=re.compile(
            r"(?i:\bwe\s+(?:refer\s+to\s+(?:(?:this|these|the|our|it|them)(?:\s+[\w\-]+){0,3}?"
            + r"\s+)?as|call\s+(?:this|the|our)(?:\s+[\w\-]+){1,4}?)\s+(?:an?\s+|the\s+)?)"
            # a lower-case first word only before a short form: "transformer VAE (trVAE)"
            + r"(?P<name>(?:[a-z][\w\-]*\s+(?=[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)*[\s~]*\())?"
            + PHRASE
            + r")(?:"
            + ACRONYM_AFTER
            + r"|"
            + NAME_ENDS
            + r")"
        ),
        example="We refer to the architecture as transformer GAN (trGAN).",
        expect=("trGAN",),
        needs=("refer to", "we call"),
        anchors=("we",),
    ),
    Cue(
        name="resulting-noun-then-name",
        # "The resulting algorithm, GenDICE, is", "the proposed architecture, the Gated
        # Transformer-XL (GTrXL)," and "The resulting algorithm, namely Interior Policy
        # Differentiation (IPD)": the paper's own artifact, then its name.
        pattern=re.compile(
            r"(?i:\b(?:the|our)\s+(?:resulting|proposed)\s+(?:[\w\-]+\s+){0,2}?)"
            + ARTIFACT_NOUN
            + r",\s+(?:namely\s+)?(?:the\s+)?"
            + CUE_PHRASE
            + r"(?=\s*[,;.]|\s+(?:is|are|which|that|achieves|outperforms)\b)"
        ),
        example="The resulting algorithm, GenDOC, is simple to implement.",
        expect=("GenDOC",),
        needs=("resulting", "proposed"),
        anchors=("resulting", "proposed"),
    ),
    Cue(
        name="by-introducing-name",
        # "by proposing LEMONADE, an evolutionary algorithm", "by proposing TSInsight where":
        # a name right after the gerund.
        pattern=re.compile(
            r"(?i:\bby\s+(?:"
            + either(_GERUNDS)
            + r")\s+)"
            + r"(?P<name>"
            + PHRASE
            + r")(?:[\s~]*\((?P<acr>[A-Z][\w\-]*)\))?"
            + r"(?=\s*[,;.]|\s+(?:which|that|where|to|for)\b)"
        ),
        example="We address this by proposing LIMEADE, an evolutionary algorithm.",
        expect=("LIMEADE",),
        needs=_GERUNDS,
        anchors=_GERUNDS,
    ),
    Cue(
        name="the-proposed-short-form",
        # "The proposed stackable recurrent (STAR) cell allows", "The resulting Noise Prior
        # GAN (NPGAN) achieves": the short form of what the paper proposes.
        pattern=re.compile(
            r"(?i:\bthe\s+(?:proposed\s+(?:[\w\-']+\s+){0,5}?|resulting\s+(?:[\w\-']+\s+){0,2}?))"
            + r"[\w\-']+(?P<name>)"
            + ACRONYM_AFTER
        ),
        example="The proposed stackable recurrent (STARK) cell allows deeper models.",
        expect=("STARK",),
        needs=("the proposed", "the resulting"),
        anchors=("proposed", "resulting"),
    ),
    Cue(
        name="we-propose-lower-name",
        # "We present local ensembles, a method for detecting ...", "we propose instance
        # adaptive adversarial training -- a technique that ...": a lower-case name, then
        # what kind of artifact it is.
        pattern=re.compile(
            CUE_VERB
            # an article only before a name of two words or more ("the fusion discriminator")
            + r"(?:(?:the|an?)\s+(?=[a-z][\w\-]*\s+[a-z]))?(?!(?:the|an?)\s)"
            + r"(?P<name>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,3}?)(?P<acr>)"
            + r"(?:,|:|\s+--?|\s[\u2013\u2014])\s+an?\s+(?:[\w\-]+\s+){0,3}?"
            + ARTIFACT_NOUN
            + r"\b"
        ),
        example="We present local committees, a method for detecting shifted inputs.",
        expect=("local committees",),
        lower_case=True,
        needs=MAKE_AFTER_WHO,
    ),
    Cue(
        name="novel-then-namely",
        # "a novel DG model built upon vision transformers, namely Generalizable
        # Mixture-of-Experts (GMoE)": "namely" after a new thing names it.
        pattern=re.compile(
            r"(?i:\b(?:novel|new|propose[sd]?|our)\b)[^.;]{0,80}?"
            # not the long form of a name just given: "framework ATLPA, namely Adversarial ..."
            + r"(?<![A-Z][,:])(?<![A-Z][,:]\s)"
            # not a list of what is measured or used: "improves several metrics, namely PESQ"
            + r"(?<!metrics,\s)(?<!metrics\s)(?<!datasets,\s)(?<!datasets\s)"
            + r"(?<!benchmarks,\s)(?<!benchmarks\s)(?<!baselines,\s)(?<!baselines\s)"
            + r"\bnamely,?\s+"
            + CUE_PHRASE
        ),
        example="We build a novel model upon vision transformers, namely Generalizable "
        "Mixture-of-Adapters (GMoA).",
        expect=("GMoA",),
        naming=True,
        needs=("namely",),
        anchors=("novel", "new", "propose", "our"),
    ),
    Cue(
        name="notion-of",
        # "We introduce the concept of local rank as a measure ...", "we introduce the notion
        # of property signatures, a ...": a concept the paper itself puts forward (not "we
        # formalize the notion of ...", nor "the concept of modifying ...").
        pattern=re.compile(
            r"(?i:\b(?:we|this (?:paper|work))\s+(?:\w+\s+)?(?:" + either(_PUT_FORWARD) + r")s?\s+"
            r"(?:the|a)\s+(?:new\s+|novel\s+)?(?:notion|concept)\s+of\s+)"
            r"(?!(?:the|an?)\s)(?![a-z]+ing\b)"
            r"(?P<name>[A-Za-z][\w\-]*(?:\s+[A-Za-z][\w\-]*){0,3}?)(?P<acr>)"
            r"(?=\s*[,.;:(]|\s+(?:as|which|that|to|for|and|in|with)\b)"
        ),
        example="We introduce the notion of program fingerprints, a compact summary of code.",
        expect=("program fingerprints",),
        lower_case=True,
        needs=("notion of", "concept of"),
    ),
    Cue(
        name="novel-noun-called-lower",
        # "a novel learning model called pseudo supervisor to ...": a lower-case name, kept
        # only after a new artifact and a naming word.
        pattern=re.compile(
            r"(?i:\b(?:novel|new)\s+(?:[\w\-()]+\s+){0,5}?"
            + ARTIFACT_NOUN
            + r",?\s+(?:"
            + either(_CALLED_LOWER)
            + r")\s+(?:the\s+)?)"
            + r"(?!(?:the|an?)\s)(?P<name>[a-z][a-z\-]+(?:\s+[a-z][a-z\-]+){0,2}?)(?P<acr>)"
            + r"(?=\s*[,.;:]|\s+(?:to|which|that|for|with|and)\b)"
        ),
        example="We propose a novel learning model called pseudo teacher to label the data.",
        expect=("pseudo teacher",),
        lower_case=True,
        needs=_NEW,
        anchors=_NEW,
    ),
    Cue(
        name="we-call-lower",
        # "This metric, which we call mini-batch energy distance, combines ...", "we
        # introduce a technique called neuron editing that ...", "We refer to this process
        # as feature intertwiner": a lower-case name the paper gives its own thing.
        pattern=re.compile(
            # an artifact, not a phenomenon: "a property which we call coherence" is not one
            r"(?i:(?:\b"
            + ARTIFACT_NOUN
            + r",?\s+(?:which|that)\s+we\s+(?:"
            + either(without(NAME, "coin"))
            + r")(?:\s+as)?"
            + r"|\bwe\s+refer\s+to\s+(?:this|these|it|them)(?:\s+[\w\-]+){0,3}?\s+as"
            + r"|\bwe\s+(?:"
            + either(_MAKE_CALLED)
            + r")\w*\s+(?:an?|the)\s+"
            + r"(?:[\w\-]+\s+){0,3}?"
            + ARTIFACT_NOUN
            + r",?\s+(?:"
            + either(without(NAMED, "coined"))
            + r"))\s+(?:the\s+)?)"
            + r"(?P<name>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,3}?)(?P<acr>)"
            + r"(?=\s*[,.;:(]|\s+(?:that|which|to|for|and|is|are|with|where)\b)"
        ),
        example="This metric, which we call mini-batch kernel distance, combines two terms.",
        expect=("mini-batch kernel distance",),
        lower_case=True,
        needs=("we call", "we term", "we dub", "we name", "refer to", "called", "named"),
    ),
    Cue(
        name="novel-noun-set-off",
        # "We present a novel neural network operator, chopout, with which ...", "a new
        # representation, one-pixel signature, that ...": a name set off by two commas right
        # after a new artifact, lower-case or not.
        pattern=re.compile(
            r"(?i:\b(?:an?|the)\s+(?:novel|new)\s+(?:[\w\-]+\s+){0,3}?"
            + r"(?:"
            + ARTIFACT_NOUN
            + r"|(?:"
            + either(SET_OFF_NOUNS)
            + r")s?)"
            + r",\s+(?:the\s+)?)"
            + r"(?!(?:based|using|built|inspired|called|named|termed|dubbed|which|that|where|"
            + r"namely|and|or|in|on|for|with|by|to|from|as|such|e\.g|i\.e|we|it|a|an|the)\b)"
            + r"(?P<name>[\w][\w\-]*(?:\s+[\w\-]+){0,3}?)(?P<acr>)"
            + r",\s+(?=(?:which|that|where|with|by|and|to|having|is|whose)\b)"
        ),
        example="We present a novel neural network operator, dropcut, with which models "
        "train faster.",
        expect=("dropcut",),
        lower_case=True,
        needs=_NEW,
        anchors=_NEW,
    ),
)
