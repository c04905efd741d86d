"""The cues tried after the first ones of :mod:`.cue_patterns`: the less direct wordings
("our main contribution is X", "we refer to it as X", "the resulting algorithm, X") and the
names written in lower case ("we present local committees, a method ...").

The order of the table is the order in which names come out; :data:`.cue_patterns.CUES`
puts these after the first ones. Each has an example, run as a test, as there.
"""

from __future__ import annotations

import re

from .cue_apposed import apposed_here
from .cue_parts import (
    ACRONYM_AFTER,
    ARTIFACT_NOUN,
    CUE_PHRASE,
    CUE_VERB,
    KIND_OR_DATA,
    LONG_FORM,
    NAME_ENDS,
    ODD_NAME,
    PHRASE,
    Cue,
)
from .cue_words import (
    CALLED_LOWER,
    GERUNDS,
    MAKE_AFTER_WHO,
    MAKE_CALLED,
    MAKE_DONE_ALL,
    NAME,
    NAMED,
    NEW_OR_NOVEL,
    PUT_FORWARD,
    SET_OFF_NOUNS,
    THIS_WORK,
    either,
    without,
)

__all__ = ["MORE_CUES", "presented_here"]

# "The resulting model, R1-Track, achieved", "The resulting corpus, EmoWOZ-CS, contains",
# "the resulting model, the Reformer, performs", "The resulting model Robo-Saber produces",
# "The resulting method, USR 2.0, halves" (a version after a space):
# what the paper's steps make, named right after its kind. A name of one capital only when
# set off by commas.
_RESULTING = re.compile(
    r"(?i:\bthe\s+resulting\s+)(?:[\w\-]+\s+)?"
    + KIND_OR_DATA
    + r"(?:,\s+|\s+)(?:the\s+)?"
    + r"(?:(?=[A-Z][\w+\-]*[A-Z0-9])|(?=[A-Z][\w+\-]*,))(?=[\w+\-]{3})"
    + r"(?P<name>[A-Z][\w+]*(?:-[\w+]+)*(?:\.\d+)?(?:\s\d+\.\d+)?)(?P<acr>)"
    # not the first word of a longer name, nor before its long form (a size may follow)
    + r"(?![\w\-+])(?!\s+[A-Z\[])(?![\s~]*\((?!\d))"
)


# "an editing recovery augmentation (ERA) strategy is proposed to ...", "The Structured
# Cognitive Loop (SCL) is introduced as ...": what the sentence says is proposed (with the
# kind of thing it is, not "hyperspectral image (HSI) clustering is proposed"), in the
# present (a past "was proposed" is as often earlier work: "Recently, Direct Preference
# Optimization (DPO) was proposed"), of one thing ("LLMs are designed to" says what a kind
# of thing is for).
_IS_PROPOSED = re.compile(
    r"[\w\-']+(?P<name>)"
    + ACRONYM_AFTER
    + r"\s*(?:"
    + ARTIFACT_NOUN
    + r"\s+)?is\s+(?:\w+ly\s+)?"
    + r"(?:"
    + either(MAKE_DONE_ALL)
    + r")\b"
)


def presented_here(name: str, sentence: str) -> bool:
    """True when ``sentence`` presents ``name`` as the paper's: what its steps result in
    ("The resulting dataset, CulturalGround, comprises ..."), a short form said to be
    proposed ("a Down-Up Sampling Network (DUS-Net) is proposed to ...") or a name made with
    an appositive of its kind ("this study introduces MultiFoodChat, a ... framework")."""
    return (
        any(m.group("name") == name for m in _RESULTING.finditer(sentence))
        or any(m.group("acr") == name for m in _IS_PROPOSED.finditer(sentence))
        or apposed_here(name, sentence)
    )


#: The later cues, in order.
MORE_CUES: tuple[Cue, ...] = (
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
        name="this-study-defines",
        # "this study proposes the Hierarchical Attribution Prompt Optimization (HAPO)
        # framework": "this study / research / article" makes the thing it names with a
        # short form right after. Without one, half of what these words open is not the
        # paper's ("This study introduces a novel approach that leverages ImageBind"). The
        # article may be left out, and a long form may hold a preposition: "This research
        # presents Knowledge Distillation for Healthcare Multi-Label Text Classification
        # (KDH-MLTC)".
        pattern=re.compile(
            r"\b[Tt]his\s+(?:study|research|article)\s+(?:propos|present|develop|introduc|"
            r"design|devis)\w*\s+(?:an?\s+|the\s+)?(?:novel\s+|new\s+)?"
            r"(?P<name>" + LONG_FORM + r")" + ACRONYM_AFTER
        ),
        example="This study proposes the Sparse Routing Fusion Network (SRFN) for tabular data.",
        expect=("SRFN",),
        needs=("this study", "this research", "this article"),
        anchors=("this",),
    ),
    Cue(
        name="name-then-our-kind",
        # "PosEval, our benchmark for positional ...", "olmOCR-Bench, our English-language OCR
        # benchmark, with ...": a name set off by "our" and the kind of thing, then a
        # preposition or a stop. Not "On CIFAR-10, our approach achieves" nor "on GSM8K, our
        # method with 30 iterations surpasses": the clause's subject, a verb after it.
        pattern=re.compile(
            r"(?P<name>[A-Za-z][\w\-+]*[A-Z][\w\-+]*)(?P<acr>),\s+our\s+"
            r"(?:(?!"
            + ARTIFACT_NOUN
            + r"\b)[\w\-]+\s+){0,3}?"
            + ARTIFACT_NOUN
            + r"(?=\s*[,.;:(]|\s+(?:of|for|that|which|to|built|designed|comprising|containing|"
            r"spanning)\b)"
        ),
        example="We evaluate Stitch on PosEval, our benchmark for positional generation.",
        expect=("PosEval",),
        needs=(", our ",),
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
        # VAE (trVAE)", "We refer to the models trained with our losses as RSPose", "We call
        # the more general learning framework ReNeg, since ...".
        pattern=re.compile(
            r"(?i:\bwe\s+(?:refer\s+to\s+(?:(?:this|these|the|our|it|them)(?:\s+[\w\-]+){0,6}?"
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
            + either(GERUNDS)
            + r")\s+)"
            + r"(?P<name>"
            + PHRASE
            + r")(?:[\s~]*\((?P<acr>[A-Z][\w\-]*)\))?"
            + r"(?=\s*[,;.]|\s+(?:which|that|where|to|for)\b)"
        ),
        example="We address this by proposing LIMEADE, an evolutionary algorithm.",
        expect=("LIMEADE",),
        needs=GERUNDS,
        anchors=GERUNDS,
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
        name="the-proposed-name",
        # "the proposed RSONet achieves", "The proposed NPAD algorithm utilizes": a name of
        # three characters or more with a capital or a digit inside, right after "the/our
        # proposed". Not the first word of a longer name ("the proposed Length-Adaptive
        # Multi-Modal Fusion (LAMMA)", "the proposed RGB-Event PAR framework") and not a
        # two-letter short form ("the proposed RA assisted MEC network"), nor an earlier
        # thing the paper extends ("the proposed DocNADE extension").
        pattern=re.compile(
            r"(?i:\b(?:the|our)\s+proposed\s+)"
            # a capital or a digit after the first letter, three characters or more
            r"(?=[A-Z][\w+\-]*[A-Z0-9])(?=[\w+\-]{3})"
            r"(?P<name>[A-Z][\w+]*(?:-[\w+]+)*)(?P<acr>)"
            # the whole name ("MegaStyle-1.4M", not "MegaStyle-1")
            r"(?![\w\-+]|\.\w)(?!\s+[A-Z(\[])(?![\s~]*\()"
            # what the paper makes of an earlier one: "The proposed DocNADE extension"
            r"(?!\s+(?:extension|variant|version|adaptation|modification)s?\b)"
        ),
        example="Results show that the proposed RSONet achieves competitive performance.",
        expect=("RSONet",),
        needs=("proposed",),
        anchors=("proposed",),
    ),
    Cue(
        name="the-resulting-kind-name",
        pattern=_RESULTING,
        example="The resulting model, R1-Track, achieved notable performance on GOT-10k.",
        expect=("R1-Track",),
        needs=("the resulting",),
        anchors=("resulting",),
    ),
    Cue(
        name="short-form-is-proposed",
        pattern=_IS_PROPOSED,
        example="Then, an editing recovery augmentation (ERA) strategy is proposed to recover.",
        expect=("ERA",),
        needs=MAKE_DONE_ALL,
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
            r"(?i:\b(?:we|" + THIS_WORK + r")\s+(?:\w+\s+)?(?:" + either(PUT_FORWARD) + r")s?\s+"
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
            + either(CALLED_LOWER)
            + r")\s+(?:the\s+)?)"
            + r"(?!(?:the|an?)\s)(?P<name>[a-z][a-z\-]+(?:\s+[a-z][a-z\-]+){0,2}?)(?P<acr>)"
            + r"(?=\s*[,.;:]|\s+(?:to|which|that|for|with|and)\b)"
        ),
        example="We propose a novel learning model called pseudo teacher to label the data.",
        expect=("pseudo teacher",),
        lower_case=True,
        needs=NEW_OR_NOVEL,
        anchors=NEW_OR_NOVEL,
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
            + either(MAKE_CALLED)
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
        needs=NEW_OR_NOVEL,
        anchors=NEW_OR_NOVEL,
    ),
)
