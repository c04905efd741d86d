"""What a paper says it makes, by the sentence's grammar: "we propose a novel pruning
technique" makes a pruning technique.

Asked for an abstract with no name of its own, so that a result its own method performs
("we achieve 4.98% error") has that method as its subject (:mod:`.grammar`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .cue_words import (
    LEAD_WORDS,
    MAKE_AFTER_WHO,
    MAKE_BARE,
    MAKE_FORMS_LEFT_OUT,
    NEW_WORDS,
    THIS_WORK_ANY_NOUNS,
    every_form,
)
from .spacy_docs import parse
from .syntax import MADE_NOUNS, METHOD_NOUNS, NOUNS, SYSTEM_NOUNS, head_in
from .wordlists import table

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["coined_names", "contribution_of"]

# Verbs with which a paper says what it makes ("we propose a shallow feature extraction
# network"): the name rules' own (data/cue_verbs.toml), less "release" and "curate", which
# make data rather than a method or a system.
_MAKING_VERBS = frozenset(MAKE_AFTER_WHO + MAKE_BARE) - {"release", "curate"}
# Every form of them a sentence may write: "propose", "proposes", "proposed", "proposing".
_MAKING_FORMS = every_form(_MAKING_VERBS)
# Words that say a thing is new or good, and not what it is (data/cue_adjectives.toml).
_PRAISE = frozenset(NEW_WORDS + LEAD_WORDS)
# Who says so: "we", or the paper itself ("this paper proposes ...").
_AUTHORS = frozenset({"we", *THIS_WORK_ANY_NOUNS})
# A sentence worth parsing holds one of the verbs (any form: "built", "devised") and one of
# the authors' words.
_MAKING_TEXT = re.compile(r"\b(?:" + "|".join(sorted(v[:4] for v in _MAKING_VERBS)) + r")")
_AUTHORS_TEXT = re.compile(r"\b(?:[Ww]e|" + "|".join(THIS_WORK_ANY_NOUNS) + r")\b")


# What a coined name may be called in the appositive that follows it: a method's, a
# system's, a dataset's or a benchmark's noun (data/contribution_nouns.toml).
_KINDS = MADE_NOUNS | frozenset(
    table("contribution_nouns")["dataset"] + table("contribution_nouns")["benchmark"]
)
# An appositive after the made thing: "X, a simple learning principle", "two methods, X and Y".
# (written within a clause of a making verb: "propose mixup, a ...", "develop X, an ...").
_APPOSITIVE_TEXT = re.compile(
    _MAKING_TEXT.pattern + r"\w*\s[^.;,]{0,200}?(?:,\s+(?:an?|the)\s|[,:]\s+\S+,?\s+and\s)"
)
# A short form right after a name: "ranking policy gradient (RPG)".
_SHORT_AFTER = re.compile(r"\s*\(([A-Za-z][\w\-+^]*)\)")


def _said_by_authors(verb: Token) -> bool:
    """True when "we" (or "this paper") is the subject of ``verb`` or of a verb it hangs on
    ("we accomplish this by developing X", "we propose to use X", "we ... and design X")."""
    while True:
        if any(c.dep_ == "nsubj" and c.lower_ in _AUTHORS for c in verb.children):
            return True
        if verb.dep_ in {"xcomp", "advcl", "conj"}:
            verb = verb.head
        elif verb.dep_ == "pcomp":
            verb = verb.head.head  # over the preposition: "by developing"
        else:
            return False


def _authors_making(doc: Doc) -> Iterator[Token]:
    """The verbs of making in ``doc`` whose subject is the authors (:func:`_said_by_authors`)."""
    for verb in doc:
        if verb.pos_ == "VERB" and verb.lower_ in _MAKING_FORMS and _said_by_authors(verb):
            yield verb


def _made_objects(verb: Token) -> list[Token]:
    """The nouns ``verb`` makes: its objects and their conjuncts, and those of a verb of use
    it governs ("we propose to use a simple post-averaging technique")."""
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    objects += [c for o in objects for c in o.conjuncts]
    objects += [c for c in verb.children if c.dep_ == "conj" and c.pos_ in NOUNS]
    for child in verb.children:
        if child.dep_ == "xcomp" and child.pos_ == "VERB":
            objects += [c for c in child.children if c.dep_ == "dobj"]
    return objects


def _is_made_kind(noun: Token, kinds: frozenset[str]) -> bool:
    """A noun of ``kinds``, or one named by an appositive of them ("sparse momentum, an
    algorithm which ...")."""
    return head_in(noun, kinds) or any(
        c.dep_ == "appos" and head_in(c, kinds) for c in noun.children
    )


def contribution_of(sentence: str) -> str | None:
    """What the paper says it makes in ``sentence``, as written and without its determiner,
    when its head is a noun of a method or a system (``data/contribution_nouns.toml``) or is
    called one in an appositive: "we propose a novel shallow feature extraction network for
    image matching" gives "shallow feature extraction network", "by developing sparse
    momentum, an algorithm which ..." gives "sparse momentum"; None where the sentence says
    no such thing."""
    if not (_MAKING_TEXT.search(sentence) and _AUTHORS_TEXT.search(sentence)):
        return None  # no parse for a sentence that cannot say so
    if sentence.rstrip().endswith("?"):
        return None  # "Can we develop LiDAR world models that ...?" asks; it makes nothing
    for verb in _authors_making(parse(sentence)):
        objects = _made_objects(verb)
        # a method first, then a system: "an integrated platform ..., and an iterative
        # decision-inference model" is the model; "extensive empirical evidence" is neither
        made = next(
            (
                o
                for kind in (METHOD_NOUNS, SYSTEM_NOUNS)
                for o in objects
                if o.pos_ in NOUNS and _is_made_kind(o, kind)
            ),
            None,
        )
        if made is None:
            continue
        phrase = _named_part(made)
        if phrase is not None:
            return phrase
    return None


def _apart_adverb(token: Token) -> bool:
    """An adverb in "-ly" written apart from the next word: "highly" of "highly efficient",
    not "temporally" of "temporally-aware"."""
    return token.dep_ == "advmod" and token.lower_.endswith("ly") and bool(token.whitespace_)


def _named_part(made: Token) -> str | None:
    """``made`` with the words before it that say what it is, without a determiner or
    praise ("a novel pruning technique": pruning technique; "a simple yet effective credit
    assignment framework": credit assignment framework), with the words that modify a word
    it keeps ("a deep learning model", where "deep" modifies "learning"); None for a bare
    kind of thing ("a framework", "a new approach"), which names nothing."""
    doc = made.doc
    words = [t for t in made.lefts if t.dep_ in {"amod", "compound", "nmod"}]
    first = min([t.left_edge.i for t in words] + [made.i])
    while first > 0 and doc[first - 1].text == "-" and not doc[first - 1].whitespace_:
        first = max(0, first - 2)  # "long-term": the word before a glued hyphen
    while first < made.i and (
        doc[first].dep_ in {"det", "poss", "punct", "cc"}
        or doc[first].lower_ in _PRAISE
        or _apart_adverb(doc[first])
        or doc[first].lower_ == "yet"  # "simple yet effective"
    ):
        first += 1
    if first == made.i and head_in(made, MADE_NOUNS):
        return None
    text = doc[first : made.i + 1].text
    if any(c.isdigit() or c in "()[]$" for c in text):
        return None  # "small (100k--1.2M parameter) ... networks": a setting, no name
    return text


def coined_names(sentence: str) -> list[str]:
    """Names the authors coin in ``sentence``, in lower case or not, by the grammar of
    "we propose X, a ...": the thing a making verb of theirs makes, written without a
    determiner and called a method, a system or a dataset in an appositive ("we propose
    mixup, a simple learning principle", "by developing sparse momentum, an algorithm
    which ..."); or the names an appositive gives to the kind of thing made ("we propose
    three methods: infer-noise and infer-dropout"). A name followed by its short form gives
    the short form, as the guide prefers."""
    # no parse for a sentence that cannot say so (the appositive's test opens on the verb)
    if not (_APPOSITIVE_TEXT.search(sentence) and _AUTHORS_TEXT.search(sentence)):
        return []
    out: list[str] = []
    for verb in _authors_making(parse(sentence)):
        if verb.lower_ in MAKE_FORMS_LEFT_OUT:
            continue  # the forms the naming cues leave out as well ("we built X")
        for made in _made_objects(verb):
            appositives = [c for c in made.children if c.dep_ == "appos"]
            if made.pos_ not in NOUNS or not appositives:
                continue
            if head_in(made, _KINDS):
                named = [
                    n
                    for a in appositives
                    if not head_in(a, _KINDS)
                    for n in (a, *a.conjuncts)
                    if n.pos_ in NOUNS and not _determined(n) and not _plain_plural(n)
                ]
            elif not _determined(made) and any(head_in(a, _KINDS) for a in appositives):
                named = [made]
            else:
                continue
            out += _as_written(named)
    return list(dict.fromkeys(out))


def _determined(noun: Token) -> bool:
    """True when a determiner, a possessive or a count comes with ``noun``: "the model",
    "our method", "two methods" are no names."""
    return any(c.dep_ in {"det", "poss", "nummod"} for c in noun.children)


def _plain_plural(noun: Token) -> bool:
    """A plural common noun in lower case ("strength-based and coverage-based re-rankers"):
    a kind of thing, not a name."""
    return noun.tag_ == "NNS" and (noun.text.islower() or not noun.text.isalnum())


def _as_written(nouns: list[Token]) -> list[str]:
    """The names of ``nouns`` as written, each with the words before it that belong to it;
    where a short form follows the last one, that short form alone ("Divide, Conquer, and
    Combine (DCC)" is DCC)."""
    if not nouns:
        return []
    doc = nouns[0].doc
    spans = [_name_span(n) for n in nouns]
    short = _SHORT_AFTER.match(doc.text, spans[-1][1])
    if short:
        return [short.group(1)]
    return [doc.text[a:b] for a, b in spans]


def _name_span(noun: Token) -> tuple[int, int]:
    """Where ``noun`` with the compounds and modifiers right before it is written in its
    sentence, as whole written words ("Droplet3D-4M", not its last piece "M")."""
    doc = noun.doc
    first = noun.i
    while first > 0 and (
        doc[first - 1].dep_ in {"compound", "amod", "nmod", "npadvmod"}
        and doc[first - 1].head.i >= first
        and doc[first - 1].pos_ != "VERB"
        or doc[first - 1].text == "-"
    ):
        first -= 1
    if any(c.isupper() or c.isdigit() for c in noun.text):
        while first < noun.i and doc[first].text.islower():
            first += 1  # "and train Droplet3D, a model": lower-case words open no such name
    text = doc.text
    start, end = doc[first].idx, noun.idx + len(noun.text)
    while start > 0 and not text[start - 1].isspace() and text[start - 1] not in '("\u201c':
        start -= 1
    while end < len(text) and not text[end].isspace() and text[end] not in ',;:)"\u201d':
        end += 1
    return start, end - (text[end - 1] == ".")
