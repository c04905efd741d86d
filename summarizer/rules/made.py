"""What a paper says it makes, by the sentence's grammar: "we propose a novel pruning
technique" makes a pruning technique.

Asked for an abstract with no name of its own, so that a result its own method performs
("we achieve 4.98% error") has that method as its subject (:mod:`.grammar`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .cue_words import LEAD_WORDS, MAKE_AFTER_WHO, MAKE_BARE, NEW_WORDS
from .syntax import MADE_NOUNS, METHOD_NOUNS, NOUNS, SYSTEM_NOUNS, head_in, parse

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["contribution_of"]

# Verbs with which a paper says what it makes ("we propose a shallow feature extraction
# network"): the name rules' own (data/cue_verbs.toml), less "release" and "curate", which
# make data rather than a method or a system.
_MAKING_VERBS = frozenset(MAKE_AFTER_WHO + MAKE_BARE) - {"release", "curate"}
# Words that say a thing is new or good, and not what it is (data/cue_adjectives.toml).
_PRAISE = frozenset(NEW_WORDS + LEAD_WORDS)
# Who says so: "we", or the paper itself ("this paper proposes ...").
_AUTHORS = frozenset({"we", "paper", "work", "article", "study"})
# A sentence worth parsing holds one of the verbs (any form: "built", "devised") and one of
# the authors' words.
_MAKING_TEXT = re.compile(r"\b(?:" + "|".join(sorted(v[:4] for v in _MAKING_VERBS)) + r")")
_AUTHORS_TEXT = re.compile(r"\b(?:[Ww]e|paper|work|article|study)\b")


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
    doc = parse(sentence)
    for verb in doc:
        if verb.pos_ != "VERB" or verb.lemma_.lower() not in _MAKING_VERBS:
            continue
        if not _said_by_authors(verb):
            continue
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


def _named_part(made: Token) -> str | None:
    """``made`` with the words before it that say what it is, without a determiner or
    praise ("a novel pruning technique": pruning technique); None for a bare kind of thing
    ("a framework", "a new approach"), which names nothing."""
    doc = made.doc
    words = [t for t in made.lefts if t.dep_ in {"amod", "compound", "nmod"}]
    first = min([t.i for t in words] + [made.i])
    while first > 0 and doc[first - 1].text == "-" and not doc[first - 1].whitespace_:
        first = max(0, first - 2)  # "long-term": the word before a glued hyphen
    while first < made.i and (
        doc[first].dep_ in {"det", "poss", "punct"} or doc[first].lower_ in _PRAISE
    ):
        first += 1
    if first == made.i and head_in(made, MADE_NOUNS):
        return None
    text = doc[first : made.i + 1].text
    if any(c.isdigit() or c in "()[]$" for c in text):
        return None  # "small (100k--1.2M parameter) ... networks": a setting, no name
    return text
